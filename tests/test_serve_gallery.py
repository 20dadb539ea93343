"""The workbench's gallery and document pages, through Starlette's test client: how
outputs are grouped, ordered, filtered and cached, each document's own page, the 404
page and the live events that name the previews a build changed. (In Chromium:
test_serve_gallery_browser.py.)"""

from __future__ import annotations

import http.client
import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from helpers import copy_cubit_content, record_publishes, run_cli, write
from helpers.serve import DECK, client_for

from sheetgen.serve.gallery import natural_key
from sheetgen.serve.server import Background
from sheetgen.serve.workspace import Workspace

FOREVER = "max-age=31536000, immutable"


class Cards(HTMLParser):
    """The gallery's cards in page order: their ids, whether hidden, and their links."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict] = []
        self.sections: dict[str, bool] = {}  # section id: hidden
        self.headings: list[str] = []
        self._heading: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and "output" in (a.get("class") or "").split():
            self.cards.append({"id": a["id"], "hidden": "hidden" in a, "links": [], "classes": a["class"].split()})
        elif tag == "section" and a.get("id"):
            self.sections[a["id"]] = "hidden" in a
        elif tag == "a" and self.cards and a.get("href"):
            self.cards[-1]["links"].append(a["href"])
        elif tag in ("h2", "h3"):
            self._heading = []

    def handle_data(self, data):
        if self._heading is not None:
            self._heading.append(data)

    def handle_endtag(self, tag):
        if tag in ("h2", "h3", "small") and self._heading is not None:
            self.headings.append(" ".join("".join(self._heading).split()))
            self._heading = None


def cards_of(html: str) -> Cards:
    parser = Cards()
    parser.feed(html)
    return parser


@pytest.fixture(scope="module")
def cubit_project(tmp_path_factory):
    root = copy_cubit_content(tmp_path_factory.mktemp("gallery-cubit"))
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        ws = Workspace()
        assert ws.rebuild().problems == []
        yield root, ws, client_for(ws)


def test_natural_order_puts_numbers_by_value():
    ids = ["monster-10", "monster-2", "Monster-1", "monster-1b", "monster"]
    assert sorted(ids, key=natural_key) == ["monster", "Monster-1", "monster-1b", "monster-2", "monster-10"]


def test_outputs_are_listed_in_natural_order(workdir):
    for n in (10, 2, 1):
        write(workdir, f"content/decks/deck-{n}.yaml", DECK.replace("id: table-talk", f"id: deck-{n}"))
    ws = Workspace()
    ws.rebuild()
    page = client_for(ws).get("/").text
    ids = [c["id"] for c in cards_of(page).cards if c["id"].startswith("tricube--reference--")]
    assert ids == ["tricube--reference--deck-1", "tricube--reference--deck-2", "tricube--reference--deck-10"]


def test_print_shop_copies_are_folded_under_their_deck(cubit_project):
    root, ws, client = cubit_project
    parsed = cards_of(client.get("/").text)
    twins = [e for e in ws.state.entries if "-print-shop/" in e.path]
    assert {e.path for e in twins} == {
        "cubit/cards-print-shop/upgrades.pdf",
        "cubit/cards-print-shop/factions.pdf",
        "cubit/reference-print-shop/cubit-basics.pdf",
    }
    ids = [c["id"] for c in parsed.cards]
    assert not [i for i in ids if "print-shop" in i] and not [s for s in parsed.sections if "print-shop" in s]
    for twin in twins:  # each is a link on its deck's card
        deck = next(c for c in parsed.cards if c["id"] == "--".join(twin.target.split("/")).replace("-print-shop", ""))
        assert f"/output/{twin.path}" in deck["links"]
    assert len(ids) == len(set(ids)) == len({e.target for e in ws.state.entries}) - len(twins)


def test_headings_are_titles_and_the_projects_documents_come_first(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run_cli("init", "kit").code == 0
    monkeypatch.chdir(tmp_path / "kit")
    ws = Workspace()
    ws.rebuild()
    parsed = cards_of(client_for(ws).get("/").text)
    games = [
        h for h in parsed.headings if h in ("CUBES!", "Cubit", "KUBOS", "Tricube Tales", "Grimdark Future – Cubes")
    ]
    assert games == sorted(games, key=str.casefold) and len(games) == 5
    assert "Net a cubit's foldable cube net at true size (a right-handed die)" in parsed.headings
    cubit = [c["id"].split("--")[1] for c in parsed.cards if c["id"].startswith("cubit--")]
    # The kit's own cubit first (its net and sheet), the collections next, the blanks last.
    assert cubit[0] == "net" and cubit.index("sheet") < cubit.index("nets") < cubit.index("blank")
    assert cubit[-3:] == ["blank"] * 3
    page = client_for(ws).get("/").text
    assert re.search(r'<a class="title" href="/doc/cubit/net/sparky">[^<]+</a>', page)


def test_the_filter_works_without_javascript(cubit_project):
    root, ws, client = cubit_project
    every = cards_of(client.get("/").text).cards
    assert every and not any(c["hidden"] for c in every)
    by_name = cards_of(client.get("/", params={"q": "BLOOST"}).text)
    shown = {c["id"] for c in by_name.cards if not c["hidden"]}
    assert shown == {"cubit--net--bloost", "cubit--sheet--bloost"}
    assert by_name.sections["cubit--blank"] is True and by_name.sections["cubit--net"] is False
    by_kind = cards_of(client.get("/", params={"kind": "faction"}).text).cards
    assert {c["id"] for c in by_kind if not c["hidden"]} == {"cubit--cards--factions"}
    blanks = cards_of(client.get("/", params={"kind": "blank"}).text).cards
    assert {c["id"] for c in blanks if not c["hidden"]} == {
        "cubit--blank--cube-net",
        "cubit--blank--cubit-sheet",
        "cubit--blank--grid-mat",
    }
    page = client.get("/", params={"q": "no such thing"}).text
    assert "0 of" in page and 'href="/">Show all</a>' in page


def test_versioned_urls_are_kept_for_good_and_the_rest_asked_again(cubit_project):
    root, ws, client = cubit_project
    page = client.get("/").text
    images = re.findall(r'<img class="preview" src="([^"]+)"', page)
    assets = re.findall(r'(?:src|href)="(/static/[^"]+\?v=\w+)"', page)
    assert any(u.startswith("/output/") for u in images) and any(u.startswith("/preview/") for u in images)
    assert len(assets) == 2
    for url in images + assets:
        response = client.get(url.replace("&amp;", "&"))
        assert response.status_code == 200 and response.headers["cache-control"] == FOREVER, url
    for url in [
        "/output/cubit/net/bloost.svg",
        "/output/cubit/net/bloost.svg?v=000000000000",
        "/preview/cubit/cards/upgrades.svg",
        "/preview/cubit/cards/upgrades.svg?v=000000000000",
        "/static/serve.css",
        "/static/live.js?v=0",
    ]:
        response = client.get(url)
        assert response.status_code == 200 and response.headers["cache-control"] == "no-cache", url


def test_a_document_has_a_page_of_its_own(cubit_project):
    root, ws, client = cubit_project
    page = client.get("/doc/cubit/cards/upgrades")
    assert page.status_code == 200
    text = page.text
    assert "<h1>Upgrades" in text and "the upgrade catalog as cards" in text
    pages = re.findall(r'<img class="preview page" src="([^"]+)"', text)
    assert len(pages) == 4 == next(e.pages for e in ws.state.entries if e.path == "cubit/cards/upgrades.pdf")
    words = []
    for url in pages:  # each preview is its own page
        svg = client.get(url.replace("&amp;", "&"))
        assert svg.status_code == 200 and svg.headers["cache-control"] == FOREVER
        words.append(" ".join(el.get("aria-label", "") for el in ET.fromstring(svg.content).iter()))
    assert len(set(words)) == 4 and "Martial Arts" in words[0] and "Martial Arts" not in words[2]
    assert 'href="/output/cubit/cards/upgrades.pdf" download' in text
    assert 'href="/output/cubit/cards-print-shop/upgrades.pdf" download' in text

    net = client.get("/doc/cubit/net/bloost").text
    assert re.findall(r'<img class="preview page" src="([^"]+)"', net) == [
        f"/output/cubit/net/bloost.svg?v={e.sha256[:12]}" for e in ws.state.entries if e.path == "cubit/net/bloost.svg"
    ]
    source = (root / "content/cubit/cubits/bloost.yaml").read_text().splitlines()
    numbered = re.findall(r'<span id="L(\d+)"[^>]*><span class="ln">\d+</span>([^\n]*)\n', net)
    assert [int(n) for n, _ in numbered] == list(range(1, len(source) + 1))
    assert numbered[2][1].replace("&#39;", "'") == source[2]
    assert 'id="problems"' in net and "None." in net


def test_a_documents_problems_show_on_its_card_its_page_and_the_status_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck = write(tmp_path, "content/decks/table.yaml", DECK)
    write(tmp_path, "content/decks/other.yaml", DECK.replace("id: table-talk", "id: other"))
    ws = Workspace()
    ws.rebuild()
    client = client_for(ws)
    assert 'id="status" class="meta"' in client.get("/").text
    deck.write_text(DECK.replace("system: tricube", "system: tricube\nsystem: kubos"))
    ws.rebuild(changed=[deck])
    page = client.get("/").text
    parsed = cards_of(page)
    broken = next(c for c in parsed.cards if c["id"] == "tricube--reference--table-talk")
    other = next(c for c in parsed.cards if c["id"] == "tricube--reference--other")
    assert "has-error" in broken["classes"] and "has-error" not in other["classes"]
    assert "/doc/tricube/reference/table-talk#problems" in broken["links"]
    assert 'id="status" class="meta error"' in page
    assert re.search(
        r'<a href="#game-tricube">Tricube Tales <span class="count">\d+</span>\s*'
        r'<span class="badge error">1 error</span></a>',
        page,
    )
    doc = client.get("/doc/tricube/reference/table-talk").text
    location = ws.state.problems[0].location
    assert f'data-location="{location}"' in doc
    line = int(location.split(":")[1])
    assert f'<span id="L{line}" class="marked">' in doc


def test_a_missing_page_is_the_workbenchs_own_404_page(cubit_project):
    root, ws, client = cubit_project
    for path in [
        "/no/such/page",
        "/doc/cubit/net/nobody",
        "/output/cubit/net/nobody.svg",
        "/source/nothing.yaml",
        "/preview/cubit/net/nobody.svg",
        "/static/nothing.js",
    ]:
        response = client.get(path)
        assert response.status_code == 404 and response.headers["content-type"].startswith("text/html"), path
        assert "<h1>Not found</h1>" in response.text and 'href="/"' in response.text, path
        assert 'href="/static/serve.css?v=' in response.text  # in the workbench's look


def test_live_events_name_the_previews_a_build_changed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deck = write(tmp_path, "content/decks/table.yaml", DECK)
    write(tmp_path, "content/decks/other.yaml", DECK.replace("id: table-talk", "id: other"))
    ws = Workspace()
    ws.rebuild()
    with Background(ws, initial_build=False) as url:
        port = int(url.rsplit(":", 1)[1])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{port}"})
        stream = conn.getresponse()

        def next_event() -> dict:
            while not (line := stream.fp.readline().decode()).startswith("data:"):
                pass
            return json.loads(line[5:])

        first = next_event()
        assert first["version"] == ws.state.version and first["changed"] == {}
        deck.write_text(DECK.replace("Most challenges are standard.", "Most challenges are hard."))
        event = next_event()
        changed = dict(event["changed"])
        while event["building"]:  # the edited deck's own outputs come first; the rest follow
            event = next_event()
            changed.update(event["changed"])
        conn.close()
    assert event["version"] == ws.state.version and event["errors"] == 0
    assert list(changed) == ["tricube--reference--table-talk"]
    record = ws.state.records["tricube/reference/table-talk"]
    assert changed["tricube--reference--table-talk"] == (
        f"/preview/tricube/reference/table-talk.svg?v={record.input[:12]}"
    )


def test_an_edit_publishes_the_documents_own_outputs_before_bundles_and_print_shop_copies(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run_cli("init", "kit").code == 0
    monkeypatch.chdir(tmp_path / "kit")
    ws = Workspace()
    ws.rebuild()
    seen = record_publishes(ws)
    army = tmp_path / "kit/content/grimdark/grimdark-army.yaml"
    text = army.read_text()
    name = re.search(r"^name: (.*)$", text, re.M).group(1)
    army.write_text(text.replace(f"name: {name}", f"name: {name} Renamed", 1))
    before = {e.path: e.sha256 for e in ws.state.entries}
    ws.rebuild(changed=[army])
    assert len(seen) == 2
    first, last = ({p for p, sha in state.items() if before.get(p) != sha} for state in seen)
    assert first == {
        "grimdark/roster/first-army.pdf",
        "grimdark/roster/first-army.svg",
        "grimdark/unit-cards/first-army.pdf",
    }
    # The print-shop copy of its unit cards and the bundle that holds its roster follow.
    assert {"grimdark/unit-cards-print-shop/first-army.pdf", "handouts/bundle/table-kit.pdf"} <= last - first


@pytest.mark.parametrize(
    "path", ["/?q=net&kind=cubit", "/doc/cubit/net/bloost", "/doc/cubit/cards/upgrades", "/no/such/page"]
)
def test_the_new_pages_hold_no_inline_script_or_style(cubit_project, path):
    root, ws, client = cubit_project
    response = client.get(path)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", response.text)
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", response.text)
