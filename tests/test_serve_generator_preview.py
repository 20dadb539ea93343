"""A generator's preview in `sheetgen serve` shows what the form made, alone: every page of
it, in the order of its numbers, none of the project's other documents of that kind. And a
long cubit name: two title lines on the sheet, saved from the builder; one longer than the
sheet holds is said beside the name field."""

from __future__ import annotations

import html
import re
import shutil
import xml.etree.ElementTree as ET

import pytest
import yaml
from helpers import REPO, SVG_NS
from helpers.serve import client_for

from sheetgen.serve.workspace import Workspace


@pytest.fixture
def client(workdir):
    for game in ("kubos", "tricube"):
        shutil.copytree(REPO / "content" / game, workdir / "content" / game)
    ws = Workspace()
    ws.rebuild()
    return client_for(ws)


def preview_words(client, page: str) -> list[str]:
    """The words of every page the generator's preview shows, page after page."""
    urls = [html.unescape(u) for u in re.findall(r'<img class="preview big" src="([^"]+)"', page)]
    assert urls, "the page shows no preview"
    words = []
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
        root = ET.fromstring(answer.content)
        words += [g.get("aria-label") for g in root.iter(f"{{{SVG_NS['svg']}}}g") if g.get("class") == "text"]
    return words


def made_in(page: str) -> list[tuple[str, str]]:
    """The (id, name) of the documents the generator made, from the YAML the page shows."""
    text = html.unescape(re.search(r'<pre class="yaml">(.*?)</pre>', page, re.S).group(1))
    return [(d["id"], d["name"]) for d in yaml.safe_load_all(text) if d]


def by_number(text: str) -> list:
    """ "x-2" before "x-10": the digits compared as numbers."""
    return [(0, int(p)) if p.isdigit() else (1, p) for p in re.split(r"(\d+)", text) if p]


def test_monsters_numbered_1_to_10_are_previewed_in_that_order(client):
    page = client.get("/new/kubos-monster", params={"count": "10", "seed": "7"}).text
    names = [name for _, name in made_in(page)]
    assert [int(n.rsplit(" ", 1)[1]) for n in names] == list(range(1, 11))
    words = preview_words(client, page)
    assert [w for w in words if w in names] == names


def project_names(root, game: str, kind: str) -> set[str]:
    docs = [d for f in (root / "content" / game).rglob("*.yaml") for d in yaml.safe_load_all(f.read_text()) if d]
    return {d["name"] for d in docs if isinstance(d, dict) and d.get("kind") == kind and d.get("name")}


@pytest.mark.parametrize(
    "kind, game, doc_kind", [("kubos-monster", "kubos", "kubos-monster"), ("tricube-foe", "tricube", "tricube-foe")]
)
def test_ten_generated_documents_are_previewed_all_in_order_and_alone(client, workdir, kind, game, doc_kind):
    page = client.get(f"/new/{kind}", params={"count": "10", "seed": "7"}).text
    made = made_in(page)
    assert len(made) == 10
    words = preview_words(client, page)
    shown = [w for w in words if w in {name for _, name in made}]
    expected = [name for _, name in sorted(made, key=lambda m: by_number(m[0]))]
    assert sorted(set(shown), key=shown.index) == expected  # all ten, "x-2" before "x-10"

    others = project_names(workdir, game, doc_kind)
    assert others and not others & set(words)  # the project's own monsters and foes stay out
    assert "other documents are left out" in page


def test_three_generated_cubits_are_previewed_all_three(workdir):
    from helpers import copy_cubit_content

    copy_cubit_content(workdir)
    ws = Workspace()
    ws.rebuild()
    client = client_for(ws)
    page = client.get("/new/cubit", params={"seed": "3", "name": "Pip", "count": "3"}).text
    names = [name for _, name in made_in(page)]
    assert names == ["Pip 1", "Pip 2", "Pip 3"]
    words = preview_words(client, page)
    assert [w for w in words if w in names] == names  # a net each, in order, not the first one alone
    assert not project_names(workdir, "cubit", "cubit") & set(words)


LONG = "Sir Reginald Bartholomew Fitzgerald-Wolverhampton, Keeper of the Cube"


def test_a_long_cubit_name_takes_two_title_lines_and_saves(workdir):
    from helpers import copy_cubit_content
    from helpers.serve import builder
    from pypdf import PdfReader

    copy_cubit_content(workdir)
    ws = Workspace()
    ws.rebuild()
    client = client_for(ws)
    assert len(LONG) > 64  # longer than an id may be
    posted = client.post("/cubit/save", data=builder(name=LONG, id="long-name"), follow_redirects=False)
    assert posted.status_code == 303, posted.text
    ws.rebuild()
    for product in ("sheet", "net"):
        pdf = workdir / "output" / "cubit" / product / "long-name.pdf"
        text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
        assert LONG in text, product
    # Longer than the sheet holds even on two lines: said beside the name field, not only "Not saved".
    page = client.get("/cubit", params=builder(name=LONG + " and Warden of the Ninth Gate", id="longer")).text
    assert re.search(r'id="f-name"[^>]*aria-invalid="true"', page)
    assert "too long for the sheet: shorten it to" in page
