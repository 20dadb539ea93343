"""`sheetgen serve` in a real headless Chromium (Debian's `chromium` and `chromium-driver`,
driven by Selenium): the page follows edits on disk, shows and clears diagnostics, the cubit
builder's net downloads and folds, a generator's document saves without a problem with
itself, paths out of the project get 404, and a page of another origin can neither frame
the workbench nor post to it. Screenshots go to the test's tmp folder (`shots/`).

Without Chromium these tests are skipped, except under CI, where `.ci/run` installs it
(helpers/browser.py; the fixtures are in conftest.py).
"""

from __future__ import annotations

import contextlib
import http.server
import threading
import time

from helpers.browser import WAIT, By, wait_until, webdriver
from helpers.nets import check_die, svg_net
from selenium.webdriver.support.ui import Select


def net_image_src(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "#cubit--net--bloost img.preview").get_attribute("src")


def test_saving_a_content_file_updates_the_open_gallery(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/")
    before = net_image_src(browser)
    version = int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-version"))
    browser.save_screenshot(str(shots / "gallery.png"))
    cubit = root / "content/cubit/cubits/bloost.yaml"
    cubit.write_text(cubit.read_text().replace("name: Blue Stripes", "name: Bright Stripes"))
    wait_until(browser, lambda d: net_image_src(d) != before, "the net's preview did not change")
    # The page was updated in place (no reload): the image first, then the rest (the version moves on).
    wait_until(
        browser,
        lambda d: int(d.find_element(By.TAG_NAME, "body").get_attribute("data-version")) > version,
        "the rest of the page did not follow",
    )
    wait_until(
        browser,
        lambda d: d.execute_script(
            "const img = document.querySelector('#cubit--net--bloost img.preview');"
            "return img && img.complete && img.naturalWidth > 0 && img.src === arguments[0]",
            net_image_src(d),
        ),
        "the new preview did not load",
    )
    assert "Bright Stripes" in (root / "output/cubit/net/bloost.svg").read_text()
    browser.save_screenshot(str(shots / "gallery-after-edit.png"))


def test_an_error_appears_with_its_location_and_goes_when_fixed(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/")
    cubit = root / "content/cubit/cubits/tumbler.yaml"
    good = cubit.read_text()
    lines = good.splitlines()
    n = next(i for i, line in enumerate(lines) if line.startswith("faction:"))
    lines[n] = "faction: governers"
    cubit.write_text("\n".join(lines) + "\n")
    location = f"content/cubit/cubits/tumbler.yaml:{n + 1}:10"
    selector = f'.diagnostic[data-location="{location}"]'
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, selector), f"{location} did not appear")
    text = browser.find_element(By.CSS_SELECTOR, selector).text
    assert "governers" in text and "^" in text and "did you mean `governors`?" in text
    browser.save_screenshot(str(shots / "gallery-error.png"))
    cubit.write_text(good)
    wait_until(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, ".diagnostic"), "the error did not go")
    browser.save_screenshot(str(shots / "gallery-fixed.png"))


def test_cubit_builder_checks_live_and_downloads_a_net_that_folds(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/cubit")
    browser.find_element(By.ID, "f-id").clear()
    browser.find_element(By.ID, "f-id").send_keys("browser-built")
    Select(browser.find_element(By.ID, "f-faction")).select_by_value("rangers")
    for n, skill in enumerate([3, 6, 1, 4, 2, 5], 1):
        field = browser.find_element(By.ID, f"f-skill{n}")
        field.clear()
        field.send_keys(str(skill))

    def budget(d) -> str:
        return d.find_element(By.ID, "budget").text

    wait_until(browser, lambda d: "21 of 21" in budget(d), "the budget did not follow the skills")
    # Martial Arts costs 3 on a Manipulate face bought at 6: fine; on 1 it breaks a rule.
    browser.find_element(By.ID, "f-upgrades2").send_keys("martial-arts")
    field = browser.find_element(By.ID, "f-skill2")
    field.clear()
    field.send_keys("3")
    wait_until(
        browser,
        lambda d: "cubit.skill-below-one" in d.find_element(By.ID, "result").text,
        "the rule problem did not show",
    )
    wait_until(browser, lambda d: "18 of 21" in budget(d), "the budget did not follow")
    browser.save_screenshot(str(shots / "builder-problem.png"))
    field.clear()
    field.send_keys("6")
    browser.find_element(By.ID, "f-cube").clear()
    browser.find_element(By.ID, "f-cube").send_keys("40mm")
    Select(browser.find_element(By.ID, "f-paper")).select_by_value("letter")
    wait_until(
        browser,
        lambda d: (
            d.find_elements(By.ID, "net-svg")
            and {"cube_size=40mm", "paper=letter"}
            <= set(d.find_element(By.ID, "net-pdf").get_attribute("href").split("?")[1].split("&"))
        ),
        "no net to download",
    )
    wait_until(browser, lambda d: "error[" not in d.find_element(By.ID, "result").text, "a problem stayed")
    browser.save_screenshot(str(shots / "builder.png"))
    for link in ("net-svg", "net-pdf"):  # scrolled to where a reader sees them, below the sticky header
        found = browser.find_element(By.ID, link)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", found)
        found.click()
    svg = browser.downloads / "browser-built-net.svg"
    pdf = browser.downloads / "browser-built-net.pdf"
    deadline = time.monotonic() + WAIT
    while not (svg.exists() and pdf.exists()) and time.monotonic() < deadline:
        time.sleep(0.05)
    faces, tabs, folds, cuts, mm_per_unit = svg_net(svg, "browser-built")
    check_die(faces, tabs, 40 / mm_per_unit)
    from pypdf import PdfReader

    page = PdfReader(str(pdf)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)  # Letter


def test_a_generated_cubit_saved_from_its_form_has_no_problem_with_itself(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/new/cubit?seed=78&method=roll")
    version = ws.state.version
    browser.find_element(By.ID, "save").click()
    wait_until(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".saved"), "the document was not saved")
    saved = browser.find_element(By.CSS_SELECTOR, ".saved p:first-child code:last-of-type").text
    assert saved.startswith("content/cubit/new/") and (root / saved).is_file()
    # Its preview loads while the rebuild the save sets off is under way, and nothing is said against it.
    wait_until(
        browser,
        lambda d: d.execute_script(
            "const img = document.querySelector('img.preview.big');return img && img.complete && img.naturalWidth > 0"
        ),
        "the saved document's preview did not load",
    )
    assert not browser.find_elements(By.CSS_SELECTOR, ".diagnostic")
    browser.save_screenshot(str(shots / "generator-saved.png"))
    wait_until(browser, lambda d: ws.state.version > version and not ws.state.building, "no rebuild after the save")
    assert ws.state.problems == []
    browser.get(url + "/")
    assert saved in browser.find_element(By.ID, "live").text and not browser.find_elements(
        By.CSS_SELECTOR, ".diagnostic"
    )


def test_paths_out_of_the_project_get_404(served_cubit, browser, shots):
    root, ws, url = served_cubit
    (root / "secret.txt").write_text("words nobody may read")
    for path in [
        "/../../etc/passwd",
        "/output/..%2f..%2fetc%2fpasswd",
        "/output/%2e%2e/%2e%2e/etc/passwd",
        "/source/%2e%2e/secret.txt",
        "/output/cubit/..%2f..%2fsecret.txt",
    ]:
        browser.get(url + path)
        assert browser.find_element(By.TAG_NAME, "h1").text == "Not found", path
        assert "words nobody may read" not in browser.page_source and "root:" not in browser.page_source
    browser.save_screenshot(str(shots / "not-found.png"))


@contextlib.contextmanager
def another_origin(pages: dict[str, str]):
    """A tiny web server on another port of 127.0.0.1 (another origin) serving `pages` by path."""

    class Pages(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Pages)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


HOSTILE_PAGE = """<!doctype html><title>hostile</title>
<p>Click the button to win!</p>
<iframe id="own" src="/inner.html" width="300" height="80"></iframe>
<iframe id="victim" src="{workbench}/new/cubit?seed=5" width="900" height="500"></iframe>
<iframe id="gallery" src="{workbench}/" width="300" height="80"></iframe>
<form id="post" method="post" action="{workbench}/new/cubit/save"><input name="seed" value="5"></form>
"""


def test_a_page_of_another_origin_can_neither_frame_the_workbench_nor_post_to_it(served_cubit, browser, shots):
    root, ws, url = served_cubit
    new = root / "content/cubit/new"
    before = sorted(new.iterdir()) if new.is_dir() else []
    pages = {"/hostile.html": HOSTILE_PAGE.format(workbench=url), "/inner.html": '<button id="save">Save</button>'}
    for own in (
        "/",
        "/cubit",
        "/new/cubit?seed=5",
        "/output/cubit/net/bloost.svg",
    ):  # the policy blocks none of its own
        browser.get(url + own)
    blocked = [e["message"] for e in browser.get_log("browser") if "Content Security Policy" in e["message"]]
    assert blocked == []
    with another_origin(pages) as hostile:
        browser.get(hostile + "/hostile.html")
        wait_until(browser, lambda d: d.execute_script("return document.readyState") == "complete", "no page")
        # The frame of the hostile site's own page loads (framing works in this browser) ...
        browser.switch_to.frame(browser.find_element(By.ID, "own"))
        assert browser.find_elements(By.ID, "save")
        browser.switch_to.default_content()
        # ... the workbench's do not (a form, and the gallery, which any site may link to):
        # nothing of theirs shows, and the browser says why.
        for frame in ("victim", "gallery"):
            browser.switch_to.frame(browser.find_element(By.ID, frame))
            assert not browser.find_elements(By.TAG_NAME, "header") and not browser.find_elements(By.ID, "save")
            assert "sheetgen" not in browser.page_source
            browser.switch_to.default_content()
        said = [entry["message"] for entry in browser.get_log("browser")]
        assert any(f"'{url}/' violates" in m and "frame-ancestors 'none'" in m for m in said), said
        victim = browser.find_element(By.ID, "victim")
        webdriver.ActionChains(browser).move_to_element(victim).click().perform()  # the one click of the attack
        browser.save_screenshot(str(shots / "hostile-frame.png"))
        # A form of that site posted to the workbench is refused, with a page that says why.
        browser.find_element(By.ID, "post").submit()
        wait_until(browser, lambda d: d.find_elements(By.ID, "refused"), "the post was not refused")
        assert browser.current_url == url + "/new/cubit/save"
        assert "another site sent it (Sec-Fetch-Site: same-site)" in browser.find_element(By.ID, "refused").text
        browser.save_screenshot(str(shots / "hostile-post.png"))
    assert (sorted(new.iterdir()) if new.is_dir() else []) == before
