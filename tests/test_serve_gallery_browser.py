"""The gallery and document pages in a real headless Chromium (the fixtures of
conftest.py): the filter as you type and after a reload, a document's own
page, no sideways scrolling and large touch targets at a phone's width, a live edit
that swaps the edited document's images only, keeping focus and scroll, and a preview
the busy server refused, asked for again. Screenshots go
to the test's tmp folder (`shots/`)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from helpers import write
from helpers.browser import wait_until
from helpers.serve import DECK
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from sheetgen.serve.guard import Gate
from sheetgen.serve.server import Background
from sheetgen.serve.workspace import Workspace

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
VISIBLE_CARDS = "return Array.from(document.querySelectorAll('li.output')).filter(c => c.offsetParent).map(c => c.id)"
# Links, buttons and fields on screen smaller than 44 × 44 px (images' duplicate links left out).
SMALL_TARGETS = """
return Array.from(document.querySelectorAll('a[href], button, input, select, summary')).filter(e => {
  const r = e.getBoundingClientRect();
  return r.width && r.height && !e.closest('[aria-hidden=true]') && (r.width < 44 || r.height < 44);
}).map(e => e.tagName + ' ' + (e.textContent || e.name).trim().slice(0, 40) + ' ' + Math.round(e.getBoundingClientRect().width)
       + '×' + Math.round(e.getBoundingClientRect().height));
"""


def test_the_filter_hides_what_does_not_match_as_you_type_and_after_a_reload(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/")
    every = browser.execute_script(VISIBLE_CARDS)
    browser.find_element(By.ID, "q").send_keys("far")
    wanted = ["cubit--net--far-roller", "cubit--sheet--far-roller"]
    wait_until(browser, lambda d: d.execute_script(VISIBLE_CARDS) == wanted, "the filter did not hide the others")
    assert browser.find_element(By.ID, "shown-count").text == f"2 of {len(every)} outputs match"
    assert parse_qs(urlsplit(browser.current_url).query) == {"q": ["far"]}
    browser.save_screenshot(str(shots / "filter-typed.png"))
    browser.refresh()  # the server hides the same
    assert browser.execute_script(VISIBLE_CARDS) == wanted
    assert browser.find_element(By.ID, "q").get_attribute("value") == "far"
    browser.find_element(By.ID, "q").clear()
    Select(browser.find_element(By.ID, "kind")).select_by_value("faction")
    wait_until(
        browser, lambda d: d.execute_script(VISIBLE_CARDS) == ["cubit--cards--factions"], "the kind filter failed"
    )
    # Only the sections that hold a match are shown.
    assert browser.execute_script(
        "return Array.from(document.querySelectorAll('section.product')).filter(s => s.offsetParent).map(s => s.id)"
    ) == ["cubit--cards"]
    browser.save_screenshot(str(shots / "filter-kind.png"))


def test_a_document_page_shows_every_page_its_files_its_source_and_problems(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/")
    browser.find_element(By.CSS_SELECTOR, "#cubit--nets--all-cubits a.title").click()
    wait_until(browser, lambda d: d.current_url == url + "/doc/cubit/nets/all-cubits", "the card did not open its page")
    pages = browser.find_elements(By.CSS_SELECTOR, "img.preview.page")
    assert len(pages) == 6
    for img in pages:  # each loads once on screen
        browser.execute_script("arguments[0].scrollIntoView()", img)
        wait_until(
            browser,
            lambda d, img=img: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", img),
            "a page's preview did not load",
        )
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, ".downloads a")]
    assert links == [url + "/output/cubit/nets/all-cubits.pdf"] + [
        url + f"/output/cubit/nets/all-cubits-p{n}.svg" for n in range(1, 7)
    ]
    browser.get(url + "/doc/cubit/net/bloost")
    lines = browser.execute_script(
        "return Array.from(document.querySelectorAll('pre.source > span')).map(s => "
        "[s.querySelector('.ln').textContent, s.textContent.slice(s.querySelector('.ln').textContent.length)])"
    )
    source = (root / "content/cubit/cubits/bloost.yaml").read_text().splitlines()
    assert lines == [[str(n), text + "\n"] for n, text in enumerate(source, 1)]
    assert browser.find_element(By.ID, "problems").text == "Problems\nNone."
    browser.save_screenshot(str(shots / "document.png"))


PAGES = [
    "/",
    "/?q=bloost",
    "/doc/cubit/net/bloost",
    "/doc/cubit/cards/upgrades",
    "/source/content/cubit/cubits/bloost.yaml",
    "/no/such/page",
    "/new",
    "/new/cubit",
    "/cubit",
]
OURS = PAGES[:6]  # the gallery's pages: every target measured (the forms are another's work)


@pytest.fixture
def phone(browser):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        yield browser
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_no_page_scrolls_sideways_on_a_phone_and_targets_are_large(served_cubit, phone, shots):
    root, ws, url = served_cubit
    for path in PAGES:
        phone.get(url + path)
        name = path.strip("/").replace("/", "-").replace("?", "-") or "gallery"
        phone.save_screenshot(str(shots / f"phone-{name}.png"))
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 390, path
        header = phone.execute_script("return document.querySelector('header').getBoundingClientRect().height")
        assert header <= 72, (path, header)
        if path in OURS:
            assert phone.execute_script(SMALL_TARGETS) == [], path


def test_an_edit_swaps_only_its_own_images_and_keeps_focus_and_scroll(served_cubit, browser, shots):
    root, ws, url = served_cubit
    browser.get(url + "/")
    card = browser.find_element(By.ID, "cubit--net--tumbler")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
    wait_until(
        browser,
        lambda d: d.execute_script(
            "return Array.from(document.querySelectorAll('img.preview')).filter(i => i.getBoundingClientRect().top < innerHeight"
            " && i.getBoundingClientRect().bottom > 0).every(i => i.complete && i.naturalWidth > 0)"
        ),
        "previews did not load",
    )
    before = browser.execute_script(
        "const srcs = {}; document.querySelectorAll('img.preview').forEach(i => { i.dataset.mark = 'old'; "
        "srcs[i.dataset.preview] = i.getAttribute('src'); }); return srcs;"
    )
    # Images off screen load lazily, whenever the browser gets to them: only those loaded
    # already must not be fetched again.
    pending = set(
        browser.execute_script(
            "return Array.from(document.querySelectorAll('img.preview')).filter(i => !(i.complete && i.naturalWidth > 0))"
            ".map(i => i.getAttribute('src'))"
        )
    )
    other = browser.find_element(By.CSS_SELECTOR, "#cubit--sheet--far-roller .files a")
    href = browser.execute_script(
        "arguments[0].focus({preventScroll: true}); return arguments[0].getAttribute('href')", other
    )
    top = card.rect["y"] - browser.execute_script("return scrollY")
    mark = browser.execute_script("return performance.now()")
    path = root / "content/cubit/cubits/tumbler.yaml"
    path.write_text(path.read_text().replace("name: ", "name: Edited ", 1))
    net = "#cubit--net--tumbler img.preview"
    wait_until(
        browser,
        lambda d: d.execute_script(
            f"const i = document.querySelector('{net}'); return i.getAttribute('src') !== arguments[0] && i.complete"
            " && i.naturalWidth > 0",
            before["cubit--net--tumbler"],
        ),
        "the edited net's preview was not swapped",
    )
    wait_until(
        browser,
        lambda d: (
            not ws.state.building
            and d.find_element(By.TAG_NAME, "body").get_attribute("data-version") == str(ws.state.version)
        ),
        "the page did not follow the whole rebuild",
    )
    after = browser.execute_script(
        "const out = {}; document.querySelectorAll('img.preview').forEach(i => { "
        "out[i.dataset.preview] = [i.getAttribute('src'), i.dataset.mark || 'new']; }); return out;"
    )
    changed = {k for k, (src, _) in after.items() if before.get(k) != src}
    assert "cubit--net--tumbler" in changed and "cubit--net--bloost" not in changed
    # The others are the very elements that were loaded already; only the changed were fetched.
    assert all(m == "old" for k, (_, m) in after.items() if k not in changed)
    fetched = browser.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.startTime > arguments[0]"
        " && e.initiatorType === 'img').map(e => e.name)",
        mark,
    )
    assert {f.replace(url, "") for f in fetched} - pending <= {after[k][0] for k in changed}, fetched
    assert browser.execute_script("return document.activeElement.getAttribute('href')") == href
    new_top = browser.find_element(By.ID, "cubit--net--tumbler").rect["y"] - browser.execute_script("return scrollY")
    assert abs(new_top - top) <= 2
    browser.save_screenshot(str(shots / "live-edit.png"))


def test_a_preview_turned_away_while_the_server_is_busy_is_asked_for_again(tmp_path, monkeypatch, browser):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "content/decks/table.yaml", DECK)
    ws = Workspace()
    ws.rebuild()
    server = Background(ws, initial_build=False)
    with server as url:
        app = server.server.config.app
        app.state.gate = Gate(workers=0, waiting=0)  # every costly request is answered 503
        browser.get(url + "/doc/tricube/reference/table-talk")
        img = browser.find_element(By.CSS_SELECTOR, "img.preview.page")
        wait_until(browser, lambda d: img.get_attribute("data-retried") == "1", "the refused preview was not retried")
        assert browser.execute_script("return arguments[0].naturalWidth", img) == 0
        app.state.gate = Gate()
        wait_until(
            browser,
            lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", img),
            "the preview did not load when asked again",
        )
