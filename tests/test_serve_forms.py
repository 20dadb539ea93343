"""`sheetgen serve`'s forms, through Starlette's test client: saves that answer 303 with
what was saved, refused fields shown beside them (never a bare 400), the cubit builder
editing existing cubits and the files it saved, and the ids made from names."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import yaml
from helpers import copy_cubit_content, run_cli, write
from helpers.serve import DECK, builder, client_for, field_error

from sheetgen.content.checks import MAX_ID_LENGTH, slugify
from sheetgen.serve.workspace import Workspace


def cubit_workspace(workdir):
    write(workdir, "content/decks/table.yaml", DECK)
    copy_cubit_content(workdir)
    ws = Workspace()
    ws.rebuild()
    return ws, client_for(ws)


def net_src(page: str) -> str | None:
    found = re.search(r'<img class="preview big" id="net-preview" src="([^"]+)"', page)
    return html.unescape(found.group(1)) if found else None


def test_a_refused_skill_is_shown_beside_its_field_as_typed(workdir):
    ws, client = cubit_workspace(workdir)
    for typed, why in (("-2", "a whole number from 0 to 999"), ("2.5", "a whole number, please")):
        page = client.get("/cubit", params=builder(skill3=typed))
        assert page.status_code == 200, page.text
        assert field_error(page.text, "skill3") == why
        assert f'name="skill3" type="number" min="0" max="999" value="{typed}" aria-invalid="true"' in page.text
        assert net_src(page.text) is None and "No net while the cubit has problems" in page.text
        assert field_error(page.text, "skill2") is None  # the other fields keep what was typed, unmarked
        assert 'name="skill2" type="number" min="0" max="999" value="6" aria-describedby' in page.text
    # The rules set no highest skill: 31 is over the budget of 21, said as such, not refused as a number.
    over = client.get("/cubit", params=builder(skill3="31")).text
    assert field_error(over, "skill3") is None
    assert "error[cubit.skill-total]" in over
    assert re.search(r"Skills: <strong>47</strong> of 21", over)
    # Fixed again: the net is back.
    assert net_src(client.get("/cubit", params=builder()).text)


def test_a_net_download_of_a_cubit_with_problems_shows_them(workdir):
    ws, client = cubit_workspace(workdir)
    answer = client.get("/cubit/net.pdf", params=builder(cube_size="120mm"))
    assert answer.status_code == 409 and answer.headers["content-type"].startswith("text/html")
    assert "largest cube size that fits" in answer.text and field_error(answer.text, "cube_size") is None
    bad_size = client.get("/cubit", params=builder(cube_size="big")).text
    assert field_error(bad_size, "cube_size") and 'value="big"' in bad_size


def test_a_builder_save_answers_303_and_the_builder_then_edits_the_saved_file(workdir):
    ws, client = cubit_workspace(workdir)
    posted = client.post("/cubit/save", data=builder(id="from-builder"), follow_redirects=False)
    assert posted.status_code == 303, posted.text
    where = posted.headers["location"]
    query = parse_qs(urlsplit(where).query)
    assert query["file"] == ["content/cubit/new/from-builder.yaml"] and query["saved"] == query["file"]
    page = client.get(where).text
    assert "Saved <code>from-builder</code> as <code>content/cubit/new/from-builder.yaml</code>" in page
    assert 'href="/source/content/cubit/new/from-builder.yaml"' in page and 'href="/cubit">Make another' in page
    assert "error[" not in page and net_src(page)
    # Any change now edits that file: no clash with itself, and the net downloads.
    edited = {**builder(id="from-builder", name="Edited"), "file": "content/cubit/new/from-builder.yaml"}
    changed = client.get("/cubit", params=edited).text
    assert "error[" not in changed and "duplicate-id" not in changed
    for fmt, media in (("pdf", "application/pdf"), ("svg", "image/svg+xml")):
        got = client.get(f"/cubit/net.{fmt}", params=edited)
        assert got.status_code == 200 and got.headers["content-type"].startswith(media)
    # Saving again writes the changes over the file (the builder made it), nothing beside it.
    again = client.post("/cubit/save", data=edited, follow_redirects=False)
    assert again.status_code == 303, again.text
    folder = workdir / "content/cubit/new"
    assert [p.name for p in folder.iterdir() if not p.name.startswith(".")] == ["from-builder.yaml"]
    assert yaml.safe_load((folder / "from-builder.yaml").read_text())["name"] == "Edited"
    assert run_cli("validate", "content/cubit/new/from-builder.yaml").code == 0


def test_an_existing_cubit_opens_in_the_builder(workdir):
    ws, client = cubit_workspace(workdir)
    opened = client.get("/cubit/bloost/edit", follow_redirects=False)
    assert opened.status_code == 303
    fields = {k: v[0] for k, v in parse_qs(urlsplit(opened.headers["location"]).query).items()}
    assert fields["file"] == "content/cubit/cubits/bloost.yaml" and fields["name"] == "Blue Stripes"
    assert [fields[f"skill{n}"] for n in range(1, 7)] == ["2", "6", "5", "4", "3", "1"]
    assert fields["upgrades2"] == "martial-arts" and fields["upgrades5"] == "specialization:persuade"
    page = client.get(opened.headers["location"]).text
    assert "error[" not in page and net_src(page) and "editing <code>content/cubit/cubits/bloost.yaml</code>" in page
    # Its file holds storage the builder does not edit: a save writes a new file, under a new id.
    assert ">Save to content<" in page and "is not written over" in page
    clash = client.post("/cubit/save", data=fields)
    assert (
        clash.status_code == 400
        and "Not saved: content/cubit/cubits/bloost.yaml holds more than the builder "
        "writes, so it is not written over; give the cubit another id"
        in clash.text
    )
    copy = client.post("/cubit/save", data={**fields, "id": "bloost-copy"}, follow_redirects=False)
    assert copy.status_code == 303 and (workdir / "content/cubit/new/bloost-copy.yaml").is_file()
    assert "storage" in (workdir / "content/cubit/cubits/bloost.yaml").read_text()  # the original untouched
    assert client.get("/cubit/no-such-cubit/edit").status_code == 404
    # The gallery's card of a cubit links to it.
    assert 'href="/cubit/bloost/edit"' in client.get("/").text


def test_the_builder_makes_custom_npcs_and_suggests_catalog_upgrades(workdir):
    ws, client = cubit_workspace(workdir)
    standard = client.get("/cubit", params=builder()).text
    assert '<datalist id="catalog-manipulate">' in standard and 'list="catalog-manipulate"' in standard
    catalog = re.search(r'<datalist id="catalog-manipulate">(.*?)</datalist>', standard, re.S).group(1)
    assert '<option value="martial-arts">' in catalog
    faces = {f"interface{n}": "attack" for n in range(1, 7)}
    npc = client.get("/cubit", params={**builder(id="brute", configuration="custom"), **faces}).text
    assert "error[" not in npc and net_src(npc)
    doc = yaml.safe_load(html.unescape(re.search(r'<pre class="yaml">(.*?)</pre>', npc, re.S).group(1)))
    assert doc["configuration"] == "custom" and doc["faces"].split()[0].startswith("At")
    assert 'id="roll"' not in npc  # rolling is a standard cubit's method
    rolled = client.get("/cubit", params={**builder(configuration="custom"), **faces, "roll": "1"}).text
    assert field_error(rolled, "configuration").startswith("Roll makes a standard cubit's skills")
    wrong = client.get("/cubit", params={**builder(configuration="custom"), "interface2": "nope"}).text
    assert field_error(wrong, "interface2").startswith("choose one of: ")


def test_generator_forms_speak_of_fields_not_options(workdir):
    ws, client = cubit_workspace(workdir)
    both = client.get("/new/cubit", params={"seed": "3", "method": "roll", "configuration": "custom"})
    assert both.status_code == 200 and field_error(both.text, "method") and "--" not in field_error(both.text, "method")
    assert '<pre class="yaml">' not in both.text
    taken = client.get("/new/cubit", params={"seed": "3", "id": "bloost"}).text
    assert (
        field_error(taken, "id") == "a cubit with the id `bloost` is already in the content folder; choose another id"
    )
    refused = client.post("/new/cubit/save", data={"seed": "3", "id": "bloost"})
    assert refused.status_code == 400 and "--id" not in refused.text


def test_ids_made_from_names(workdir):
    ws, client = cubit_workspace(workdir)
    assert slugify("Zoë") == "zoe" and slugify("Ærøskøbing Straße") == "aeroskobing-strasse"
    assert slugify("שלום") == "shlvm" and slugify("日本", default="cubit") == "cubit"
    long_name = "The Quietly Persistent Guardian Of The Northern Grid Line Relay Station"
    slug = slugify(long_name, limit=40)
    assert len(slug) <= 40 and long_name.lower().replace(" ", "-").startswith(slug) and not slug.endswith("-")
    # A long name's id stays a valid id (the name itself is then too long for the sheet's title line).
    page = client.get("/new/cubit", params={"seed": "11", "name": long_name}).text
    made = yaml.safe_load(html.unescape(re.search(r'<pre class="yaml">(.*?)</pre>', page, re.S).group(1)))["id"]
    assert (
        made.startswith("the-quietly-persistent") and len(made) <= MAX_ID_LENGTH and "error[content.bad-id]" not in page
    )
    for name, start in (("Zoë", "zoe-"), ("日本", "cubit-"), ("שלום", "shlvm-")):
        posted = client.post("/new/cubit/save", data={"seed": "11", "name": name}, follow_redirects=False)
        assert posted.status_code == 303, posted.text
        saved = parse_qs(urlsplit(posted.headers["location"]).query)["saved"][0]
        made = yaml.safe_load((workdir / saved).read_text())["id"]
        assert made.startswith(start) and len(made) <= MAX_ID_LENGTH, made
        assert run_cli("validate", saved).code == 0


def test_the_favicon_is_served(workdir):
    ws, client = cubit_workspace(workdir)
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg")


def test_the_generator_pages_name_no_command_line_option(workdir):
    from sheetgen.generate import generators

    ws, client = cubit_workspace(workdir)
    pages = [client.get("/new").text] + [client.get(f"/new/{kind}", params={"seed": "2"}).text for kind in generators()]
    for page in pages:
        main = re.search(r"<main>(.*)</main>", page, re.S).group(1)
        shown = re.sub(r"<pre class=\"yaml\">.*?</pre>", "", main, flags=re.S)  # the YAML's header is the command
        assert not re.search(r"--[a-z]", html.unescape(re.sub(r"<[^>]+>", " ", shown))), shown[:2000]
