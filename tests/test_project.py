"""A project of one's own: game data shipped in the package, `sheetgen init`, every command
from an empty folder, themes chosen without naming them, one document count."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from helpers import DATA, MM, REPO, pdf_text, read_pdf, run_cli, write

from sheetgen.games import games


@pytest.fixture
def empty(tmp_path, monkeypatch) -> Path:
    """An empty folder, far from the repository's content, as the working directory."""
    folder = tmp_path / "somewhere" / "else"
    folder.mkdir(parents=True)
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def project(empty) -> Path:
    run = run_cli("init")
    assert run.code == 0, run.stderr
    return empty


def page_size_mm(pdf: Path) -> tuple[int, int]:
    box = read_pdf(pdf).pages[0].mediabox
    return round(float(box.width) / MM), round(float(box.height) / MM)


def test_every_command_works_in_an_empty_folder(empty):
    assert run_cli("init").code == 0
    assert sorted(p.relative_to(empty).as_posix() for p in empty.rglob("*") if p.is_file()) == [
        ".vscode/settings.json",
        "README.md",
        "content/cubes/cubes-civilization.yaml",
        "content/cubes/cubes-game.yaml",
        "content/cubes/reference.yaml",
        "content/cubit/cubit.yaml",
        "content/cubit/reference.yaml",
        "content/grimdark/grimdark-army.yaml",
        "content/grimdark/grimdark-mission.yaml",
        "content/grimdark/grimdark-unit.yaml",
        "content/grimdark/reference.yaml",
        "content/handout.yaml",
        "content/kubos/kubos-character.yaml",
        "content/kubos/kubos-monster.yaml",
        "content/kubos/reference.yaml",
        "content/reference-deck.yaml",
        "content/theme.yaml",
        "content/tricube/reference.yaml",
        "content/tricube/tricube-character.yaml",
        "content/tricube/tricube-foe.yaml",
        "schemas/sheetgen.schema.json",
    ]
    assert len((empty / "README.md").read_text().splitlines()) == 5
    for kind, name in (
        ("cubit", "npc"),
        ("tricube-character", "hero"),
        ("tricube-foe", "foe"),
        ("kubos-monster", "monster"),
        ("kubos-character", "pc"),
    ):
        run = run_cli("new", kind, "--seed", "7", "-o", f"content/{name}.yaml")
        assert run.code == 0, run.stderr
    validate = run_cli("validate", "--strict")
    assert validate.code == 0, validate.stderr
    # 15 examples (3 of them CUBES!, 4 Grimdark, a reference deck and a handout), 5 generated
    assert "25 documents checked, 0 errors, 0 warnings" in validate.stderr
    shown = json.loads(run_cli("show", "--json", "content/cubit/cubit.yaml").stdout)
    assert shown["valid"] is True and shown["derived"]["faces"][1]["effective"] == 3  # Ma6 − Martial Arts 3
    build = run_cli("build")
    assert build.code == 0, build.stderr
    assert "25 documents," in build.stderr and "0 errors" in build.stderr
    out = empty / "output"
    assert "Sparky" in pdf_text(out / "cubit/sheet/sparky.pdf")
    # The shipped catalog is built for the game the project plays, named as the package's.
    assert "Martial Arts" in pdf_text(out / "cubit/cards/upgrades.pdf")
    assert "The Governors" in pdf_text(out / "cubit/cards/factions.pdf")
    assert (out / "tricube/foe-cards/foes.pdf").exists() and (out / "kubos/stat-blocks/monsters.pdf").exists()
    assert (out / "cubes/kit/first-game.pdf").exists() and (out / "cubes/record-sheet/red.pdf").exists()
    manifest = json.loads((out / "manifest.json").read_text())
    sources = {e["source"] for e in manifest["outputs"] if e["path"].startswith("cubit/cards/upgrades")}
    assert sources == {"<sheetgen>/data/cubit/upgrades.yaml"}


def test_a_single_file_is_checked_with_the_shipped_data_anywhere(empty):
    write(
        empty,
        "mine.yaml",
        """
        kind: cubit
        id: mine
        faction: rangers
        faces: "Ai2 Ma6[specialization:repair] At5 De4 Ta3 Mo1"
    """,
    )
    assert run_cli("validate", "mine.yaml").code == 0
    assert json.loads(run_cli("show", "--json", "mine.yaml").stdout)["valid"] is True


def test_init_with_one_game_and_never_over_existing_files(empty):
    assert run_cli("init", "table", "--game", "tricube").code == 0
    assert sorted(p.name for p in (empty / "table" / "content").iterdir()) == [
        "handout.yaml",
        "reference-deck.yaml",
        "theme.yaml",
        "tricube",
    ]
    again = run_cli("init", "table")
    assert again.code == 2 and "never overwrites" in again.stderr and "README.md" in again.stderr
    bad = run_cli("init", "x", "--game", "chess")
    assert bad.code == 2 and "cubit" in bad.stderr and "tricube" in bad.stderr


def test_init_refuses_a_folder_inside_a_projects_content(empty):
    """A project inside another's `content/` would be read as its documents (every id
    twice): refused, with nothing written, pointing at `sheetgen new`; a folder beside the
    project is fine."""
    assert run_cli("init", "proj", "--game", "kubos").code == 0
    before = sorted(p for p in (empty / "proj").rglob("*"))
    for inside in ("proj/content", "proj/content/kubos/more"):
        run = run_cli("init", inside, "--game", "kubos")
        assert run.code == 2 and "inside the content folder of the project" in run.stderr, run.stderr
        assert "sheetgen new" in run.stderr
    assert sorted(p for p in (empty / "proj").rglob("*")) == before
    assert run_cli("init", "other", "--game", "kubos").code == 0
    # Documents two folders down, in `.yml` files: still a project's content.
    write(empty, "deep/content/cubit/cubits/bloop.yml", "kind: cubit\nid: bloop\nfaces: Ai2 Ma6 At5 De4 Ta3 Mo1\n")
    run = run_cli("init", "deep/content/cubit/new", "--game", "cubit")
    assert run.code == 2 and "inside the content folder of the project" in run.stderr, run.stderr
    # A document saved with a byte-order mark is a document all the same.
    (empty / "bom/content").mkdir(parents=True)
    (empty / "bom/content/x.yaml").write_bytes(b"\xef\xbb\xbfkind: theme\nid: x\n")
    assert run_cli("init", "bom/content/new", "--game", "cubit").code == 2
    # A folder named `content` of other YAML (a site's, a CI's) is no project of sheetgen's.
    write(empty, "site/content/ci/build.yml", "on: push\njobs: {test: {runs-on: ubuntu-latest}}\n")
    assert run_cli("init", "site/content/game", "--game", "cubit").code == 0


@pytest.mark.parametrize("game", ["cubit", "tricube", "kubos", "cubes", "grimdark"])
def test_init_accepts_every_game_and_its_project_builds_at_once(empty, game):
    assert game in games()
    run = run_cli("init", "table", "--game", game)
    assert run.code == 0, run.stderr
    written = {p.parent.name for p in (empty / "table" / "content").rglob("*.yaml")}
    assert written == {"content", game}  # the theme, deck and handout, and the game's examples only
    build = run_cli("build", "table/content", "-o", "table/output")
    assert build.code == 0 and "0 errors, 0 warnings" in build.stderr, build.stderr
    pdfs = sorted((empty / "table" / "output" / game).rglob("*.pdf"))
    assert pdfs and all(read_pdf(p).pages for p in pdfs)
    # The publisher's examples: a deck of the game's, and a handout with it and the game's section.
    deck = read_pdf(empty / f"table/output/{game}/reference/house-rules.pdf")
    assert "Before we start" in pdf_text(empty / f"table/output/{game}/reference/house-rules.pdf")
    # Every card back names the deck once: its title, then the words the example gives it.
    back = "Our table's deck · back in the box after the game"
    backs = [" ".join(p.extract_text().split()) for p in deck.pages if back in " ".join(p.extract_text().split())]
    assert backs and all(t.count("House rules") == t.count(back) for t in backs), backs
    handout = pdf_text(empty / "table/output/handouts/bundle/table-kit.pdf")
    assert "House rules" in handout and "Before we start" in handout
    example = {
        "cubit": "Sparky",
        "tricube": "Hedda Stonebrook",
        "kubos": "Orc sergeant",
        "cubes": "The Red Concord",
        "grimdark": "First Army",
    }[game]
    section = games()[game].init_section
    assert section is not None and section.title in handout and example in handout
    # The game's rules on reference cards, as the bundled content has them, built too.
    rules = yaml.safe_load((empty / "table" / "content" / game / "reference.yaml").read_text())
    assert rules == yaml.safe_load((REPO / "content" / game / "reference.yaml").read_text())
    printed = " ".join(pdf_text(empty / f"table/output/{game}/reference/{rules['id']}.pdf").split())
    assert rules["cards"][0]["title"] in printed


def test_init_offers_every_game_sheetgen_serves():
    from sheetgen.project import init_games

    assert init_games() == sorted(games())
    assert all(r.init_section is not None for r in games().values())  # each has its section in init's handout


def test_the_schema_mapping_covers_the_content(project):
    settings = json.loads((project / ".vscode/settings.json").read_text())
    ((schema_path, globs),) = settings["yaml.schemas"].items()
    schema = json.loads((project / schema_path).read_text())
    assert "cubit" in schema["properties"]["kind"]["enum"] and "content/**/*.yaml" in globs


# --- themes ---------------------------------------------------------------------------------


def test_the_only_theme_takes_effect_whatever_its_id(project):
    theme = project / "content/theme.yaml"
    theme.write_text(theme.read_text().replace("paper: a4", "paper: letter"))
    assert "id: house" in theme.read_text()
    assert run_cli("build", "--format", "pdf").code == 0
    assert page_size_mm(project / "output/tricube/character-sheet/hedda.pdf") == (216, 279)


def test_several_themes_need_a_choice_and_the_message_lists_them(project):
    write(
        project,
        "content/other.yaml",
        """
        kind: theme
        id: print-shop
        paper: letter
    """,
    )
    run = run_cli("validate")
    assert run.code == 2 and "`house`" in run.stderr and "`print-shop`" in run.stderr and "--theme" in run.stderr
    chosen = run_cli("build", "--format", "pdf", "--theme", "print-shop")
    assert chosen.code == 0, chosen.stderr
    assert page_size_mm(project / "output/tricube/character-sheet/hedda.pdf") == (216, 279)
    nope = run_cli("build", "--theme", "nope")
    assert nope.code == 2 and "`house`" in nope.stderr and "`print-shop`" in nope.stderr
    # A theme named `default` is the one used when there are several.
    write(project, "content/default.yaml", "kind: theme\nid: default\npaper: a4\n")
    assert run_cli("validate").code == 0


# --- overriding and extending the shipped data ----------------------------------------------


def test_a_project_document_overrides_or_extends_the_shipped_ones(project):
    write(
        project,
        "content/cubit/house-rules.yaml",
        """
        kind: faction
        id: governors
        name: The Wardens of Light
        colors: [blue, yellow]
        likes: [builders, rangers]
        dislikes: [reachers, delvers]
        text: Our table's own governors.
        ---
        kind: upgrade
        id: polish
        name: Mirror Polish
        interfaces: [defense]
        cost: 1
        forms: [permanent]
        text: Lasers glance off.
    """,
    )
    run = run_cli("build", "--format", "pdf")
    assert run.code == 0, run.stderr
    factions = pdf_text(project / "output/cubit/cards/factions.pdf")
    assert "The Wardens of Light" in factions and "The Governors" not in factions and "The Builders" in factions
    upgrades = pdf_text(project / "output/cubit/cards/upgrades.pdf")
    assert "Mirror Polish" in upgrades and "Martial Arts" in upgrades


def test_a_one_per_project_kind_is_replaced_whatever_its_id(project):
    tables = (DATA / "kubos/tables.yaml").read_text().replace("id: kubos", "id: our-tables", 1)
    assert "id: our-tables" in tables
    (project / "content/kubos/tables.yaml").write_text(tables)
    run = run_cli("validate", "--strict")
    assert run.code == 0, run.stderr


def test_no_game_data_leaves_the_shipped_documents_out(project):
    run = run_cli("--no-game-data", "validate")
    assert run.code == 1 and "there is no faction with the id `governors`" in run.stderr


# --- one document count ---------------------------------------------------------------------


def test_validate_and_build_count_the_same_documents_broken_ones_included(empty):
    write(
        empty,
        "content/three.yaml",
        """
        kind: tricube-foe
        id: a
        difficulty: 9
        effort: 1
        ---
        kind: tricube-foe
        id: b
        difficulty: 5
        effort: -1
        ---
        kind: nothing
        id: c
    """,
    )
    write(
        empty,
        "content/broken.yaml",
        "kind: tricube-foe\nid: [unclosed\n---\nkind: tricube-foe\nid: fine\nname: Fine\ndifficulty: 5\neffort: 1\n",
    )  # a document lost to a syntax error still counts
    validate = run_cli("validate")
    build = run_cli("build")
    assert "5 documents checked" in validate.stderr
    assert "sheetgen: 5 documents," in build.stderr


def test_the_bundled_content_counts_the_same_in_validate_and_build(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    validate = run_cli("validate")
    build = run_cli("build", "-o", str(tmp_path / "out"), "--format", "pdf")
    n = int(validate.stderr.split("sheetgen: ")[1].split(" documents")[0])
    assert f"sheetgen: {n} documents," in build.stderr


# --- the wheel ------------------------------------------------------------------------------


def test_the_wheel_carries_the_game_data_and_the_project_template(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(REPO)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    (wheel,) = tmp_path.glob("sheetgen-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"sheetgen/data/{p.relative_to(DATA).as_posix()}" for p in DATA.rglob("*.yaml")}
    init = {
        f"sheetgen/templates/{p.relative_to(REPO / 'templates').as_posix()}"
        for p in (REPO / "templates/init").rglob("*")
        if p.is_file()
    }
    assert len(shipped) >= 9 and shipped <= names
    assert init and init <= names


# --- every problem at once, in order --------------------------------------------------------


def test_consequences_come_after_their_causes(empty):
    write(
        empty,
        "content/h.yaml",
        """
        kind: handout
        id: all-decks
        title: All decks
        sections: [{title: Decks, include: {kind: reference-deck, product: reference}}]
    """,
    )
    write(
        empty, "content/d.yaml", "kind: reference-deck\nid: d\nsystem: kubos\ntitle: D\ncards: [{title: A, body: B}]\n"
    )
    assert run_cli("build", "--format", "pdf").code == 0
    (empty / "content/d.yaml").write_text(
        "kind: reference-deck\nid: d\nsystem: kubos\ntitle: D\ncards: [{title: A, body: B, colour: red}]\n"
    )
    result = run_cli("build", "--format", "pdf")
    assert result.code == 1
    heads = [ln for ln in result.stderr.splitlines() if ": error[" in ln or ": warning[" in ln]
    assert [h.split(": ")[1].split("[")[1].rstrip("]") for h in heads] == ["content.unknown-field", "build.not-rebuilt"]
    assert heads[0].startswith("content/d.yaml:5:")


# --- product names in the schema ------------------------------------------------------------


def test_the_schema_names_the_products_a_handout_section_may_include(empty):
    import jsonschema

    schema = json.loads(run_cli("schema").stdout)
    include = schema["$defs"]["Include"]
    assert "stat-blocks" in include["properties"]["product"]["anyOf"][0]["enum"]

    def errors(product: str | None) -> list:
        section = {"title": "Foes", "include": {"kind": "kubos-monster", **({"product": product} if product else {})}}
        doc = {"kind": "handout", "id": "h", "title": "H", "sections": [section]}
        return list(jsonschema.Draft202012Validator(schema).iter_errors(doc))

    assert errors("stat-blocks") == [] and errors("kubos-stat-cards") == []
    assert errors("stat-card") and errors("net")  # a typo, and another kind's product

    def blank_errors(include: dict) -> list:
        doc = {"kind": "handout", "id": "h", "title": "H", "sections": [{"title": "Blanks", "include": include}]}
        return list(jsonschema.Draft202012Validator(schema).iter_errors(doc))

    # Instead of documents, a blank product by its id; with nothing else, and not a print-shop twin.
    assert blank_errors({"blank": "cubes-blank-record-sheet"}) == []
    assert blank_errors({"blank": "cubes-blank-recordsheet"}) and blank_errors({"blank": "cubes-odds-cards-print-shop"})
    assert blank_errors({"blank": "cubit-grid-mat", "kind": "cubit"}) and blank_errors({"product": "nets"})
    # `sheetgen init` writes the same schema for the editor.
    assert run_cli("init").code == 0
    written = json.loads((empty / "schemas/sheetgen.schema.json").read_text())
    assert written["$defs"]["Include"] == include


def test_in_a_subfolder_commands_work_on_the_project_and_build_into_its_output(empty, monkeypatch):
    """Run in `content/mine/` (or given a file from anywhere), commands find the project
    above, as git does, and `build` writes the project's `output/`, not one in the
    working directory."""
    assert run_cli("init", "--game", "tricube").code == 0
    mine = empty / "content/mine"
    mine.mkdir()
    foe = (empty / "content/tricube/tricube-foe.yaml").read_text()
    (mine / "zib.yaml").write_text(foe.replace("id: ", "id: zib-", 1))
    monkeypatch.chdir(mine)
    one = run_cli("build", "zib.yaml")
    assert one.code == 0, one.stderr
    assert one.stderr.rstrip().endswith("→ ../../output/")
    assert not (mine / "output").exists()
    manifest = json.loads((empty / "output/manifest.json").read_text())
    assert any(e["source"] == "content/mine/zib.yaml" for e in manifest["outputs"])
    whole = run_cli("build")
    assert whole.code == 0 and "→ ../../output/" in whole.stderr
    assert (empty / "output/tricube/character-sheet").is_dir()
    assert "7 documents checked" in run_cli("validate").stderr  # theme, decks, handout, character, foe, zib
    (mine / "zib.yaml").write_text((mine / "zib.yaml").read_text().replace("difficulty: ", "difficulty: 9  # "))
    shown = run_cli("validate")  # paths as from here: this folder's file by its name, others by the way up
    assert "\nzib.yaml:" in "\n" + shown.stderr and "error[tricube.difficulty-out-of-range]" in shown.stderr
    (mine / "zib.yaml").write_text(foe.replace("id: ", "id: zib-", 1))
    assert run_cli("build", "-o", "../../here").code == 0 and (empty / "here/manifest.json").is_file()
    assert run_cli("build", "-o", "here").code == 2  # inside the content folder: outputs would be read as content
    monkeypatch.chdir(empty.parent)
    again = run_cli("build", "else/content/mine/zib.yaml")
    assert again.code == 0 and again.stderr.rstrip().endswith("→ else/output/")
    assert not (empty.parent / "output").exists()
    # A file kept beside the content folder, built from its own folder, is the project's too.
    (empty / "extras").mkdir()
    (empty / "extras/kit.yaml").write_text(
        "kind: handout\nid: kit\ntitle: Kit\nsections:\n"
        "  - title: Foes\n    include: {kind: tricube-foe, product: foe-cards}\n"
    )
    monkeypatch.chdir(empty / "extras")
    kit = run_cli("build", "kit.yaml")
    assert kit.code == 0 and kit.stderr.rstrip().endswith("→ ../output/"), kit.stderr
    assert (empty / "output/handouts/bundle/kit.pdf").is_file() and not (empty / "extras/output").exists()
