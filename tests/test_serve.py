"""`sheetgen serve`: the pages, through Starlette's test client (the browser tests are in
test_serve_browser.py). The workspace is rebuilt by hand here; the watcher is tested
there, in a real server."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from io import BytesIO

import pytest
import yaml
from helpers import MM, copy_cubit_content, record_publishes, run_cli, write
from helpers.nets import check_die, svg_net
from helpers.serve import DECK, LOCAL, SAME_ORIGIN, builder, client_for, field_error
from pypdf import PdfReader
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app
from sheetgen.serve.confine import confined
from sheetgen.serve.server import Background
from sheetgen.serve.workspace import Workspace


@pytest.fixture(scope="module")
def cubit_project(tmp_path_factory):
    """The bundled Cubit content, built once, as the working directory of this module's tests."""
    root = copy_cubit_content(tmp_path_factory.mktemp("serve-cubit"))
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        ws = Workspace()
        state = ws.rebuild()
        assert state.problems == [] and state.entries
        yield root, ws, client_for(ws)


@pytest.fixture
def kubos_project(tmp_path, monkeypatch):
    """A project made by `sheetgen init --game kubos`, built, as the working directory."""
    monkeypatch.chdir(tmp_path)
    assert run_cli("init", "table", "--game", "kubos").code == 0
    monkeypatch.chdir(tmp_path / "table")
    ws = Workspace()
    assert ws.rebuild().problems == []
    return tmp_path / "table", ws, client_for(ws)


@pytest.fixture(scope="module")
def every_game_project(tmp_path_factory):
    """A project made by `sheetgen init` (every game), unbuilt: for the forms' fields."""
    root = tmp_path_factory.mktemp("serve-init")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        assert run_cli("init", ".").code == 0
        ws = Workspace()
        yield root, ws, client_for(ws)


@pytest.fixture
def deck_project(workdir):
    write(workdir, "content/decks/table.yaml", DECK)
    ws = Workspace()
    ws.rebuild()
    return workdir, ws, client_for(ws)


# --- the gallery -------------------------------------------------------------------------------


def test_gallery_shows_every_output_by_game_and_product_with_a_preview(cubit_project):
    root, ws, client = cubit_project
    page = client.get("/")
    assert page.status_code == 200
    manifest = ws.state.entries
    # Every file the build wrote is linked, under its game's and product's headings.
    for entry in manifest:
        assert f'href="/output/{entry.path}"' in page.text, entry.path
    assert re.search(r'<section class="game" id="game-cubit">\s*<h2>Cubit</h2>', page.text)
    for product in {e.product for e in manifest} - {"cards-print-shop", "reference-print-shop"}:
        assert f'<section class="product" id="cubit--{product}">' in page.text, product
    assert "<h3>Net <small>a cubit&#39;s foldable cube net at true size" in page.text
    previews = re.findall(r'<img class="preview" src="([^"]+)"', page.text)
    # One per output, SVG or not; a deck's print-shop copy is a link on the deck's card.
    assert len(previews) == len({e.target for e in manifest if "-print-shop/" not in e.path})
    for url in previews:
        svg = client.get(url.replace("&amp;", "&"))
        assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
        tree = ET.parse(BytesIO(svg.content)).getroot()
        assert tree.get("width").endswith("mm")


def test_pdf_only_products_are_previewed_by_their_first_page_as_svg(cubit_project):
    root, ws, client = cubit_project
    pdf_only = [e for e in ws.state.entries if e.target == "cubit/cards/upgrades"]
    assert [e.format for e in pdf_only] == ["pdf"]
    page = client.get("/").text
    m = re.search(r'src="(/preview/cubit/cards/upgrades\.svg\?v=\w+)"', page)
    assert m, "the upgrade cards have no preview"
    svg = client.get(m.group(1))
    words = " ".join(el.get("aria-label", "") for el in ET.fromstring(svg.content).iter() if el.get("class") == "text")
    assert "Martial Arts" in words and "Corner Attack" in words
    from pypdf import PdfReader

    first = PdfReader(str(root / "output" / pdf_only[0].path)).pages[0]
    tree = ET.fromstring(svg.content)
    assert float(tree.get("width")[:-2]) == pytest.approx(float(first.mediabox.width) / MM, abs=0.1)


def test_output_files_are_served_with_their_bytes(cubit_project):
    root, ws, client = cubit_project
    response = client.get("/output/cubit/net/bloost.pdf")
    assert response.status_code == 200
    assert response.content == (root / "output/cubit/net/bloost.pdf").read_bytes()


def test_pages_read_without_javascript_and_use_no_outside_assets(cubit_project):
    root, ws, client = cubit_project
    for url in ["/", "/new", "/new/cubit?seed=3", "/cubit"]:
        text = client.get(url).text
        assert not re.search(r'(src|href)="(https?:)?//', text), url  # nothing from another host
        for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', text):
            assert client.get(asset).status_code == 200
    # The gallery's content is in the HTML itself, not loaded by a script.
    assert "bloost" in client.get("/").text


# --- diagnostics -----------------------------------------------------------------------------------


def test_a_card_size_too_small_is_one_problem_at_the_theme(deck_project):
    root, ws, client = deck_project
    write(root, "content/theme.yaml", "kind: theme\nid: house\ncard_size: {width: 40mm, height: 60mm}\n")
    state = ws.rebuild()
    assert [(p.location, p.code) for p in state.problems] == [("content/theme.yaml:3:12", "theme.card-too-small")]
    assert "reference-deck" in state.problems[0].message
    (root / "content/theme.yaml").write_text("kind: theme\nid: house\ncard_size: mini\n")
    assert ws.rebuild().problems == []


def test_diagnostics_show_as_in_the_terminal_and_go_when_fixed(deck_project):
    root, ws, client = deck_project
    path = root / "content/decks/table.yaml"
    path.write_text(path.read_text().replace("system: tricube", "system: tricub"))
    ws.rebuild()
    page = client.get("/").text
    terminal = run_cli("validate", "content/decks/table.yaml")
    headline = terminal.stderr.splitlines()[0]
    location = headline.split(": ")[0]
    assert re.fullmatch(r"content/decks/table\.yaml:3:9", location)
    assert f'data-location="{location}"' in page
    block = re.search(r'data-location="[^"]+">.*?<pre>(.*?)</pre>', page, re.S).group(1)
    import html

    # The same lines as the terminal: headline, source line, caret, hint.
    assert html.unescape(block).splitlines() == terminal.stderr.splitlines()[: len(html.unescape(block).splitlines())]
    assert "^" in html.unescape(block) and "system: tricub" in html.unescape(block)
    path.write_text(path.read_text().replace("system: tricub", "system: tricube"))
    ws.rebuild()
    assert "data-location" not in client.get("/").text


def test_an_edited_documents_own_outputs_are_published_before_the_rest(deck_project):
    from sheetgen.files.outputs import sha256_file

    root, ws, client = deck_project
    copy_cubit_content(root)
    ws.rebuild()
    seen = record_publishes(ws)
    path = root / "content/cubit/cubits/bloost.yaml"
    path.write_text(path.read_text().replace("name: Blue Stripes", "name: Bright Stripes"))
    before = {e.path: e.sha256 for e in ws.state.entries}
    ws.rebuild(changed=[path])
    assert len(seen) == 2  # the edited cubit's own outputs first, then what collects it
    changed = [{p for p, sha in state.items() if before.get(p) != sha} for state in seen]
    assert "cubit/net/bloost.svg" in changed[0] and "cubit/sheet/bloost.pdf" in changed[0]
    assert all(p.split("/")[-1].startswith("bloost.") for p in changed[0])
    assert "cubit/nets/all-cubits.pdf" in changed[1]
    for entry in ws.state.entries:  # and the manifest stays true to the files
        assert sha256_file(root / "output" / entry.path) == entry.sha256


def test_source_view_links_diagnostics_to_their_line(deck_project):
    root, ws, client = deck_project
    page = client.get("/source/content/decks/table.yaml")
    assert page.status_code == 200 and 'id="L3"' in page.text and "tricube" in page.text


# --- paths from requests -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rel",
    [
        "../secret.txt",
        "a/../../secret.txt",
        "/etc/passwd",
        "",
        ".",
        "cubit/./net",
        "cubit\\..\\..\\secret.txt",
        "c:/x",
        "link/secret.txt",
        "leak.txt",
    ],
)
def test_confined_refuses_every_way_out(tmp_path, rel):
    out = tmp_path / "output"
    (out / "cubit").mkdir(parents=True)
    (tmp_path / "secret.txt").write_text("secret")
    (out / "link").symlink_to(tmp_path)
    (out / "leak.txt").symlink_to(tmp_path / "secret.txt")
    assert confined(out, rel) is None


def test_confined_accepts_a_plain_file(tmp_path):
    (tmp_path / "cubit").mkdir()
    (tmp_path / "cubit" / "a.pdf").write_bytes(b"%PDF")
    assert confined(tmp_path, "cubit/a.pdf") == (tmp_path / "cubit" / "a.pdf").resolve()


def raw_get(url: str, path: str, host: str = "127.0.0.1") -> int:
    """The status of a GET with the path sent exactly as given (no client clean-up)."""
    port = int(url.rsplit(":", 1)[1])
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
    conn.putheader("Host", f"{host}:{port}")
    conn.endheaders()
    status = conn.getresponse().status
    conn.close()
    return status


ESCAPES = [
    "/../../etc/passwd",
    "/output/../../etc/passwd",
    "/output/%2e%2e/%2e%2e/etc/passwd",
    "/output/..%2f..%2fetc%2fpasswd",
    "/output//etc/passwd",
    "/output/%2fetc%2fpasswd",
    "/source/../../etc/passwd",
    "/source/content/%2e%2e/%2e%2e/etc/passwd",
    "/source//etc/passwd",
    "/output/cubit/net/..%2f..%2f..%2fsecret.txt",
    "/source/secret.txt",
    "/output/outside/secret.txt",
    "/static/..%2f__init__.py",
    "/preview/..%2f..%2fetc%2fpasswd.svg",
]


def test_request_paths_never_leave_the_project_or_output_folders(deck_project):
    root, ws, client = deck_project
    (root / "secret.txt").write_text("secret")
    (root / "output" / "outside").symlink_to(root)
    with Background(ws, initial_build=False) as url:
        assert raw_get(url, "/output/tricube/reference/table-talk.pdf") == 200
        for path in ESCAPES:
            assert raw_get(url, path) == 404, path
        # Only loopback host names are answered (a rebinding page's name is refused).
        assert raw_get(url, "/", host="attacker.example") == 400


# --- generators ----------------------------------------------------------------------------------------


def test_generator_forms_have_the_fields_of_the_command_line(cubit_project):
    from sheetgen.generate import generators

    root, ws, client = cubit_project
    listing = client.get("/new").text
    for kind, gen in generators().items():
        assert f'href="/new/{kind}"' in listing
        page = client.get(f"/new/{kind}", params={"seed": "7"}).text
        for opt in gen.options:
            assert f'name="{opt.name}"' in page, (kind, opt.name)
            if opt.choices:
                select = re.search(
                    rf'<select id="f-{opt.name}" name="{opt.name}"[^>]*>(.*?)</select>', page, re.S
                ).group(1)
                values = [v for v in re.findall(r'value="([^"]*)"', select) if v]
                assert values == list(opt.choices)
        assert 'name="seed"' in page and 'name="reroll"' in page


def test_generator_form_gives_the_yaml_of_sheetgen_new_and_a_preview(cubit_project):
    import html
    import shlex

    root, ws, client = cubit_project
    page = client.get("/new/cubit", params={"seed": "42", "method": "roll", "faction": "governors"}).text
    yaml_text = html.unescape(re.search(r'<pre class="yaml">(.*?)</pre>', page, re.S).group(1))
    header = yaml_text.splitlines()[0]
    assert header.startswith("# sheetgen new cubit --seed 42 ") and "--method roll" in header
    # The command in the header gives the very same document.
    cli = run_cli(*shlex.split(header[len("# sheetgen ") :]))
    assert cli.code == 0 and cli.stdout == yaml_text
    assert "faction: governors" in yaml_text
    preview = re.search(r'<img class="preview big" src="([^"]+)"', page).group(1)
    svg = client.get(html.unescape(preview))
    assert svg.status_code == 200 and b"face-1" in svg.content


def test_reroll_draws_a_new_seed(cubit_project):
    root, ws, client = cubit_project
    seeds = {
        re.search(
            r'name="seed" type="number"[^>]*value="(\d+)"',
            client.get("/new/cubit", params={"seed": "1", "reroll": "1"}).text,
        ).group(1)
        for _ in range(3)
    }
    assert "1" not in seeds and len(seeds) == 3


def test_a_bad_choice_is_refused_not_used(cubit_project):
    root, ws, client = cubit_project
    page = client.get("/new/cubit", params={"seed": "1", "method": "__import__('os')"}).text
    assert field_error(page, "method") == "choose one of: assign, roll"
    assert '<pre class="yaml">' not in page


def test_saving_writes_a_new_file_and_never_overwrites(deck_project):
    root, ws, client = deck_project
    copy_cubit_content(root)
    form = {"seed": "5", "method": "assign", "id": "saved-one"}
    taken = root / "content/cubit/new/saved-one.yaml"
    taken.parent.mkdir(parents=True)
    taken.write_text("# someone's notes\n")
    first = client.post("/new/cubit/save", data=form)
    assert first.status_code == 200, first.text
    written = root / "content/cubit/new/saved-one-2.yaml"
    assert taken.read_text() == "# someone's notes\n"  # the existing name was left alone
    assert "id: saved-one\n" in written.read_text() and written.read_text().startswith("# sheetgen new cubit --seed 5 ")
    assert "content/cubit/new/saved-one-2.yaml" in first.text
    # The same document again: its id is taken now, so nothing is written.
    again = client.post("/new/cubit/save", data=form)
    assert again.status_code == 400 and "a cubit with the id `saved-one` is already in the content folder" in again.text
    assert sorted(p.name for p in taken.parent.iterdir()) == ["saved-one-2.yaml", "saved-one.yaml"]
    ws.rebuild()
    assert 'href="/output/cubit/net/saved-one.pdf"' in client.get("/").text


def test_a_saved_document_is_not_a_problem_for_itself(kubos_project):
    import html

    root, ws, client = kubos_project
    form = {"type": "dragon", "count": "1", "seed": "78"}
    assert "error[" not in client.get("/new/kubos-monster", params=form).text  # the form as the user saw it
    posted = client.post("/new/kubos-monster/save", data=form, follow_redirects=False)
    # Post/redirect/get: the save answers with where to see what it saved; that page saves nothing.
    assert posted.status_code == 303, posted.text
    where = posted.headers["location"]
    assert where.startswith("/new/kubos-monster?") and "saved=content%2Fkubos%2Fnew%2Fblack-dragon-jqi2f.yaml" in where
    written = root / "content/kubos/new/black-dragon-jqi2f.yaml"
    saved = client.get(where)
    assert client.get(where).text == saved.text  # a reload: nothing more is written
    assert sorted(p.name for p in written.parent.iterdir()) == ["black-dragon-jqi2f.yaml"]
    assert "as <code>content/kubos/new/black-dragon-jqi2f.yaml</code>" in saved.text
    assert 'href="/source/content/kubos/new/black-dragon-jqi2f.yaml"' in saved.text  # what to do next
    assert 'class="problems"' not in saved.text and "error[" not in saved.text and "Not saved" not in saved.text
    # The page shows the document as saved, and its preview.
    shown = html.unescape(re.search(r'<pre class="yaml">(.*?)</pre>', saved.text, re.S).group(1))
    assert shown == written.read_text(encoding="utf-8")
    name = re.search(r"^name: (.+)$", shown, re.M).group(1)
    preview = client.get(html.unescape(re.search(r'<img class="preview big" src="([^"]+)"', saved.text).group(1)))
    assert preview.status_code == 200 and f'aria-label="{name}"' in preview.text
    # At once, before the rebuild the save sets off: the form's next document has an id of its own.
    again = client.get("/new/kubos-monster", params=form).text
    assert "error[" not in again and "id: black-dragon-jqi2f-2\n" in html.unescape(again)
    second = client.post("/new/kubos-monster/save", data=form)
    assert second.status_code == 200 and "error[" not in second.text
    assert sorted(p.name for p in written.parent.iterdir()) == ["black-dragon-jqi2f-2.yaml", "black-dragon-jqi2f.yaml"]
    assert ws.rebuild().problems == []


def test_a_clash_with_another_file_is_still_reported(kubos_project):
    root, ws, client = kubos_project
    form = {"type": "dragon", "count": "1", "seed": "78"}
    page = client.get("/new/kubos-monster", params=form).text
    # Another file takes the id after the last build (the forms have not seen it yet).
    import html

    text = html.unescape(re.search(r'<pre class="yaml">(.*?)</pre>', page, re.S).group(1))
    write(root, "content/kubos/mine.yaml", text)
    refused = client.post("/new/kubos-monster/save", data=form)
    assert refused.status_code == 400 and "Not saved" in refused.text
    assert (
        "error[content.duplicate-id]: another kubos-monster has the id `black-dragon-jqi2f` too, "
        "at content/kubos/mine.yaml:3:5" in html.unescape(refused.text)
    )
    assert not (root / "content/kubos/new").exists()


def test_forms_are_size_limited_and_same_site_only(deck_project):
    root, ws, client = deck_project
    big = client.post(
        "/new/cubit/save",
        content=b"seed=1&name=" + b"x" * 70000,
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert big.status_code == 413
    long_field = client.get("/new/cubit", params={"seed": "1", "name": "x" * 500}).text
    assert field_error(long_field, "name") == "at most 200 characters"
    assert client.get("/new/cubit?" + "a=" + "b" * 9000).status_code == 414
    cross = client.post("/new/cubit/save", data={"seed": "1"}, headers={"origin": "http://evil.example"})
    assert cross.status_code == 403
    assert not (root / "content/cubit").exists()


# --- the forms' numbers ------------------------------------------------------------------------------------


NUMBER = re.compile(r'<input id="f-\w+" name="(\w+)" type="number" min="(-?\d+)" max="(-?\d+)"')


@pytest.mark.parametrize(
    "kind", ["cubit", "tricube-character", "tricube-foe", "kubos-character", "kubos-monster", "builder"]
)
def test_every_number_field_offers_what_the_server_accepts(every_game_project, kind):
    """A number field's `min` and `max` are the lowest and highest values the server takes:
    both ends give a document (or a cubit), one beyond either is refused at the field."""
    from sheetgen.generate import generators

    root, ws, client = every_game_project
    if kind == "builder":
        url, base = "/cubit", builder()
    else:
        assert kind in generators()
        url, base = f"/new/{kind}", {"seed": "1"}
    fields = NUMBER.findall(client.get(url, params=base).text)
    assert {name for name, _, _ in fields} >= ({"advancement", "skill1"} if kind == "builder" else {"seed", "count"})

    def refusal(name, value) -> str | None:
        page = client.get(url, params={**base, name: str(value)})
        assert page.status_code == 200  # a refused field is shown in the form, not answered with an error
        why = field_error(page.text, name)
        if kind != "builder" and why is None and '<pre class="yaml">' not in page.text:
            return "no document"
        return why

    for name, low, high in fields:
        low, high = int(low), int(high)
        assert low < high, name
        for value in (low, high):
            assert refusal(name, value) is None, (name, value)
        for value in (low - 1, high + 1):
            assert refusal(name, value) == f"a whole number from {low} to {high}", (name, value)


# --- the cubit builder -------------------------------------------------------------------------------------


def test_builder_shows_the_budget_and_every_rule_problem(cubit_project):
    root, ws, client = cubit_project
    page = client.get("/cubit", params=builder(skill1=1)).text
    assert re.search(r"Skills: <strong>20</strong> of 21", page)
    assert "error[cubit.skill-total]" in page
    page = client.get("/cubit", params=builder(upgrades6="corner-attack", upgrades2="martial-arts,spin-other")).text
    assert "cubit.skill-below-one" in page and "cubit.upgrade-interface" in page or "corner-attack" in page
    assert 'id="net-pdf"' not in page  # nothing to download while the cube breaks a rule
    good = client.get("/cubit", params=builder(upgrades2="martial-arts")).text
    assert "error[" not in good and 'id="net-pdf"' in good
    assert re.search(r"<td>2 Manipulate</td><td>6</td>\s*<td>Martial Arts −3</td>\s*<td>3</td>", good)


def test_builder_rolls_and_assigns_skills_by_the_generators_methods(cubit_project):
    root, ws, client = cubit_project
    for button, check in (
        ("roll", lambda s: sum(s) == 21 and min(s) >= 1),
        ("assign", lambda s: sorted(s) == [1, 2, 3, 4, 5, 6]),
    ):
        page = client.get("/cubit", params={**builder(), button: "1"}).text
        skills = [
            int(re.search(rf'name="skill{n}" type="number"[^>]*value="(\d+)"', page).group(1)) for n in range(1, 7)
        ]
        assert check(skills), (button, skills)


@pytest.mark.parametrize("paper,size", [("a4", 40), ("letter", 45)])
def test_builder_net_downloads_fold_into_a_die_at_the_chosen_size(cubit_project, tmp_path, paper, size):
    from pypdf import PdfReader

    from sheetgen.units import PAPER_SIZES

    root, ws, client = cubit_project
    params = builder(cube_size=f"{size}mm", paper=paper)
    svg = client.get("/cubit/net.svg", params=params)
    assert svg.status_code == 200 and 'filename="built-net.svg"' in svg.headers["content-disposition"]
    (tmp_path / "net.svg").write_bytes(svg.content)
    faces, tabs, folds, cuts, mm_per_unit = svg_net(tmp_path / "net.svg", "built")
    check_die(faces, tabs, size / mm_per_unit)
    pdf = client.get("/cubit/net.pdf", params=params)
    page = PdfReader(BytesIO(pdf.content)).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(PAPER_SIZES[paper], abs=0.5)


def test_builder_refuses_a_cube_too_big_for_the_paper(cubit_project):
    root, ws, client = cubit_project
    page = client.get("/cubit", params=builder(cube_size="120mm")).text
    assert "largest cube size that fits" in page and "choose a cube size of" in page and "--cube-size" not in page
    assert 'id="net-pdf"' not in page
    assert client.get("/cubit/net.pdf", params=builder(cube_size="120mm")).status_code == 409


def test_builder_saves_a_valid_cubit_into_the_content_folder(deck_project):
    root, ws, client = deck_project
    copy_cubit_content(root)
    saved = client.post("/cubit/save", data=builder(id="from-builder"))
    assert saved.status_code == 200, saved.text
    assert run_cli("validate", "content/cubit/new/from-builder.yaml").code == 0
    # The saved cubit is that file now, not a second cubit with its id: its net is there to download.
    for fmt in ("svg", "pdf"):
        assert client.get(f"/cubit/net.{fmt}", params={**builder(id="from-builder"), "inline": "1"}).status_code == 200
    page = client.get("/cubit", params=builder(id="from-builder")).text
    assert "error[" not in page and 'id="net-pdf"' in page
    again = client.post("/cubit/save", data=builder(id="from-builder"))
    assert again.status_code == 400 and "saved already, as content/cubit/new/from-builder.yaml" in again.text
    assert [p.name for p in (root / "content/cubit/new").iterdir()] == ["from-builder.yaml"]
    # Another cubit with the same id is a clash with the saved file.
    other = client.get("/cubit", params=builder(id="from-builder", name="Other")).text
    assert "error[content.duplicate-id]: another cubit has the id `from-builder` too" in other


def test_builder_saves_a_cubits_other_names_and_function(deck_project):
    """Character creation in Cubit decides a function, and others name the cubit: the
    builder takes both, and they are in the saved document and on its sheet."""
    root, ws, client = deck_project
    copy_cubit_content(root)
    fields = builder(
        id="stalwart",
        name="Stalwart Defender",
        aliases="Destroyer Of Hope, Big Shield",
        function="Guard the eastern powerhouse",
    )
    page = client.get("/cubit", params=fields).text
    assert 'value="Destroyer Of Hope, Big Shield"' in page and 'value="Guard the eastern powerhouse"' in page
    link = re.search(r'id="net-pdf" href="([^"]+)"', page).group(1).replace("&amp;", "&")  # the download
    net = " ".join(PdfReader(BytesIO(client.get(link).content)).pages[0].extract_text().split())
    assert "Stalwart Defender (Destroyer Of Hope, Big Shield)" in net and "Guard the eastern powerhouse" in net
    assert client.post("/cubit/save", data=fields).status_code == 200
    saved = yaml.safe_load((root / "content/cubit/new/stalwart.yaml").read_text())
    assert (
        saved["aliases"] == ["Destroyer Of Hope", "Big Shield"] and saved["function"] == "Guard the eastern powerhouse"
    )
    assert run_cli("validate", "content/cubit/new/stalwart.yaml").code == 0


# --- live updates and the command ---------------------------------------------------------------------------


def test_events_announce_the_build_version(deck_project):
    root, ws, client = deck_project
    ws.stopping = True  # the stream ends after its first event, as it does on ctrl-C
    events = client.get("/events")
    assert events.headers["content-type"].startswith("text/event-stream")
    data = json.loads(re.search(r"event: build\ndata: (.*)\n\n", events.text).group(1))
    assert data["version"] == ws.state.version and data["summary"] == ws.state.summary


def test_serve_command_line(workdir):
    result = run_cli("serve", "--help")
    assert result.code == 0 and "--port" in result.stdout and "--open" in result.stdout
    assert run_cli("serve", "missing-folder").code == 2


def test_ctrl_c_stops_the_server_cleanly(deck_project):
    root, ws, client = deck_project
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheetgen.cli", "serve", "--port", "0"],
        cwd=root,
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = proc.stderr.readline()
        m = re.search(r"at (http://127\.0\.0\.1:(\d+)/)", line)
        assert m, line
        conn = http.client.HTTPConnection("127.0.0.1", int(m.group(2)), timeout=10)
        conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{m.group(2)}"})
        stream = conn.getresponse()
        assert stream.status == 200
        stream.fp.readline()  # the stream is open
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "stopped" in err


def test_the_workbench_lists_problems_in_the_terminals_order_causes_first():
    """An output waiting on a document (at its line 1) comes after the error that makes it
    wait (further down the same file), as `sheetgen build` prints them."""
    from sheetgen.diagnostics import error, warning
    from sheetgen.serve.workspace import show_diagnostics

    waits = warning(
        "content/c.yaml", 1, 1, "build.not-rebuilt", "cubit/nets/all is not rebuilt while cubit `c` has errors"
    )
    cause = error("content/c.yaml", 5, 8, "cubit.skill-total", "the skills add up to 22")
    shown = show_diagnostics([waits, cause], {})
    assert [s.code for s in shown] == ["cubit.skill-total", "build.not-rebuilt"]


def test_a_save_sets_off_its_own_rebuild_even_when_the_watcher_misses_the_file(tmp_path, monkeypatch):
    """The first save into `content/cubit/new/` writes a file into a folder made a moment
    before, which a file watcher may not watch yet: the workbench rebuilds after a save
    without waiting to be told, and the saved cubit's net is built."""
    from sheetgen.serve import server

    root = copy_cubit_content(tmp_path)
    monkeypatch.chdir(root)

    async def blind(ws, stop, log):  # a watcher that sees nothing
        await stop.wait()

    monkeypatch.setattr(server, "watch", blind)
    ws = Workspace()
    said: list[str] = []
    with TestClient(
        create_app(ws, lifespan=server.make_lifespan(ws, said.append)), base_url=LOCAL, headers=SAME_ORIGIN
    ) as client:
        version = ws.wait_for_change(0, 60)  # the first build
        assert not (root / "content/cubit/new").exists()
        saved = client.post("/new/cubit/save", data={"seed": "5", "method": "assign", "id": "fresh-one"})
        assert saved.status_code == 200 and "content/cubit/new/fresh-one.yaml" in saved.text
        deadline = time.monotonic() + 20
        while not any(line.startswith("saved fresh-one.yaml: ") for line in said) and time.monotonic() < deadline:
            version = ws.wait_for_change(version, 1)
    assert any(line.startswith("saved fresh-one.yaml: ") for line in said), said
    assert (root / "output/cubit/net/fresh-one.pdf").is_file()


def test_the_watcher_leaves_a_saved_file_to_the_save_and_rebuilds_a_later_edit(tmp_path, monkeypatch):
    """A form's save rebuilds its file itself: when the watcher then reports the file, it
    does not build it a second time; an edit of that file afterwards is the watcher's."""
    import asyncio

    import watchfiles

    from sheetgen.serve import server

    root = copy_cubit_content(tmp_path)
    monkeypatch.chdir(root)
    ws = Workspace()
    saved = root / "content/cubit/new/fresh.yaml"
    saved.parent.mkdir()
    saved.write_text("kind: cubit\n", encoding="utf-8")
    ws.saved(saved, "kind: cubit\n")
    rebuilt: list[list[str]] = []
    monkeypatch.setattr(ws, "rebuild", lambda force, changed: rebuilt.append(sorted(map(str, changed))) or ws.state)

    async def report(*batches):
        async def awatch(*_folders, **_options):
            for batch in batches:
                yield {(watchfiles.Change.added, str(p)) for p in batch}

        monkeypatch.setattr(watchfiles, "awatch", awatch)
        await server.watch(ws, asyncio.Event(), lambda _m: None)

    other = root / "content/cubit/cubits/sparky.yaml"
    asyncio.run(report([saved], [saved, other]))  # the save's own report, then a later batch
    assert rebuilt == [sorted([str(saved), str(other)])], rebuilt
    rebuilt.clear()
    ws.saved(saved, "kind: cubit\n")  # saved again, then edited before the watcher reports it
    saved.write_text("kind: cubit\nid: edited\n", encoding="utf-8")
    asyncio.run(report([saved]))
    assert rebuilt == [[str(saved)]]
