"""The workbench's forms in a real headless Chromium (the fixtures of conftest.py):
a save lands on a page of what it saved and a reload writes nothing; the builder marks a
refused field beside it, keeps the last net dimmed and focus where it was, and recovers;
a re-roll right after typing takes; an existing cubit opens in the builder from the gallery,
and the builder then edits the file it saved. Screenshots go to the test's `shots/` folder."""

from __future__ import annotations

from helpers.browser import By, wait_until


def files(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) if folder.is_dir() else []


def focused_id(driver) -> str:
    return driver.execute_script("return document.activeElement && document.activeElement.id")


def net_state(driver) -> str:
    """`fresh`, `stale` (the last good net, dimmed) or `none`."""
    return driver.execute_script(
        "const img = document.querySelector('#net-slot img');"
        "return !img ? 'none' : img.classList.contains('stale') ? 'stale' : (img.complete && img.naturalWidth ? 'fresh' : 'loading')"
    )


def test_a_save_lands_on_what_it_saved_and_a_reload_writes_nothing(served_cubit, browser, shots):
    root, ws, url = served_cubit
    new = root / "content/cubit/new"
    before = files(new)
    browser.get(url + "/new/cubit?seed=41&method=assign&name=Zo%C3%AB")
    browser.get_log("browser")  # what the console said so far
    browser.find_element(By.ID, "save").click()
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".saved"), "the document was not saved")
    assert "/save" not in browser.current_url and "saved=content%2Fcubit%2Fnew%2Fzoe-" in browser.current_url
    saved = browser.find_element(By.CSS_SELECTOR, ".saved p:first-child code:last-of-type").text
    assert files(new) == sorted([*before, saved.rsplit("/", 1)[1]])
    links = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".saved .next a")]
    assert links[0] == "Open the file" and "Make another" in links and any(t.startswith("Edit zoe-") for t in links)
    # The rebuild the save set off ends, and the status line says so (no page GETs /…/save).
    wait_until(browser, lambda d: "written" in d.find_element(By.ID, "status").text, "the status stayed 'building…'")
    browser.save_screenshot(str(shots / "saved.png"))
    browser.refresh()
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".saved"), "the reload lost the page")
    assert files(new) == sorted([*before, saved.rsplit("/", 1)[1]])
    said = [e["message"] for e in browser.get_log("browser")]
    assert not any("405" in m or "/save" in m for m in said), said


def test_a_reroll_right_after_typing_takes_and_keeps_focus(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/new/cubit?seed=41&method=assign")
    name = browser.find_element(By.ID, "f-name")
    name.send_keys("Quick")
    browser.find_element(By.ID, "reroll").click()  # at once: the typing's own update has not gone yet
    wait_until(
        browser,
        lambda d: d.find_element(By.ID, "f-seed").get_attribute("value") != "41",
        "the first click on Re-roll was lost",
    )
    assert browser.find_element(By.ID, "f-name").get_attribute("value") == "Quick"
    wait_until(browser, lambda d: focused_id(d) == "reroll", "focus left the Re-roll button")


def test_the_builder_marks_a_refused_skill_keeps_the_net_dimmed_and_recovers(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/cubit")
    wait_until(browser, lambda d: net_state(d) == "fresh", "no net at first")
    top = browser.find_element(By.ID, "net-slot").location["y"]
    skill = browser.find_element(By.ID, "f-skill3")
    skill.clear()
    skill.send_keys("-2")

    def error(d) -> str:
        return d.find_element(By.ID, "e-skill3").text

    wait_until(browser, lambda d: error(d) == "a whole number from 0 to 999", "no error beside the skill")
    assert skill.get_attribute("aria-invalid") == "true" and focused_id(browser) == "f-skill3"
    assert (
        net_state(browser) == "stale"
        and "the last net without problems, dimmed" in browser.find_element(By.ID, "net-slot").text
    )
    assert browser.find_element(By.ID, "net-slot").location["y"] == top  # nothing moved the net
    browser.save_screenshot(str(shots / "builder-refused-skill.png"))
    skill.clear()
    skill.send_keys("3")
    wait_until(browser, lambda d: error(d) == "" and net_state(d) == "fresh", "the builder did not recover")
    assert skill.get_attribute("aria-invalid") is None and focused_id(browser) == "f-skill3"
    browser.find_element(By.ID, "roll").click()
    wait_until(browser, lambda d: "drawn with seed" in d.find_element(By.ID, "budget").text, "Roll did nothing")
    assert focused_id(browser) == "roll"
    browser.save_screenshot(str(shots / "builder-recovered.png"))


def test_an_existing_cubit_opens_in_the_builder_which_then_edits_its_save(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/")
    browser.find_element(By.CSS_SELECTOR, 'a[href="/cubit/bloost/edit"]').click()
    wait_until(browser, lambda d: d.find_elements(By.ID, "f-name"), "the builder did not open")
    assert browser.find_element(By.ID, "f-name").get_attribute("value") == "Blue Stripes"
    assert browser.find_element(By.ID, "f-upgrades2").get_attribute("value") == "martial-arts"
    wait_until(browser, lambda d: net_state(d) == "fresh", "the cubit's net did not show")
    assert not browser.find_elements(By.CSS_SELECTOR, ".diagnostic")
    browser.save_screenshot(str(shots / "builder-opened.png"))
    # Its file holds more than the builder writes: saved under another id, as a new file.
    field = browser.find_element(By.ID, "f-id")
    field.clear()
    field.send_keys("bloost-again")
    browser.find_element(By.ID, "save").click()
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".saved"), "not saved")
    assert "file=content%2Fcubit%2Fnew%2Fbloost-again.yaml" in browser.current_url
    # Now it edits that file: a change is no clash with itself, and the net downloads.
    name = browser.find_element(By.ID, "f-name")
    name.send_keys(" Two")
    wait_until(
        browser,
        lambda d: "name: Blue Stripes Two" in d.find_element(By.ID, "result").get_attribute("textContent"),
        "the change did not show",
    )
    assert not browser.find_elements(By.CSS_SELECTOR, ".diagnostic") and net_state(browser) in ("fresh", "loading")
    status = browser.execute_script(
        "return fetch(document.getElementById('net-pdf').href).then(r => r.status + ' ' + r.headers.get('content-type'))"
    )
    assert status == "200 application/pdf"
    browser.find_element(By.ID, "save").click()
    wait_until(
        browser,
        lambda d: "Blue Stripes Two" in (root / "content/cubit/new/bloost-again.yaml").read_text(),
        "the edit was not saved over the builder's own file",
    )
    assert files(root / "content/cubit/new").count("bloost-again.yaml") == 1
    browser.save_screenshot(str(shots / "builder-edits-saved.png"))


def test_a_lost_event_stream_is_said_on_the_status_line(tmp_path, browser, shots, monkeypatch):
    from helpers import copy_cubit_content

    from sheetgen.serve.server import Background
    from sheetgen.serve.workspace import Workspace

    root = copy_cubit_content(tmp_path)
    monkeypatch.chdir(root)
    ws = Workspace()
    ws.rebuild()
    with Background(ws, initial_build=False) as url:
        browser.get(url + "/new")
        wait_until(browser, lambda d: "written" in d.find_element(By.ID, "status").text, "no status")
    # The server has stopped: the page says so and that it keeps trying.
    wait_until(browser, lambda d: "disconnected" in d.find_element(By.ID, "status").text, "no word of the lost server")
    assert "retrying" in browser.find_element(By.ID, "status").text
    browser.save_screenshot(str(shots / "disconnected.png"))


def test_an_error_is_badged_on_its_card_which_stays_where_it_was(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/")
    card = "cubit--sheet--tumbler"
    wait_until(browser, lambda d: d.find_elements(By.ID, card), "no card of the sheet")  # a busy machine builds late
    browser.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center'})", card)

    def top(d) -> int:
        return d.execute_script(
            "return Math.round(document.getElementById(arguments[0]).getBoundingClientRect().top)", card
        )

    before = top(browser)
    cubit = root / "content/cubit/cubits/tumbler.yaml"
    good = cubit.read_text()
    cubit.write_text(good.replace("\nfaction: ", "\nfaction: x", 1))
    badge = f"#{card} .badge"
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, badge), "no badge on the card")
    assert "content/cubit/cubits/tumbler.yaml:" in browser.find_element(By.CSS_SELECTOR, badge).text
    assert abs(top(browser) - before) <= 2, (before, top(browser))  # the problems listed above did not push it down
    browser.save_screenshot(str(shots / "gallery-badge.png"))
    cubit.write_text(good)
    wait_until(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, badge), "the badge stayed")
    assert abs(top(browser) - before) <= 2
