"""The build: output tree, manifest, determinism, incremental and parallel builds,
and what happens to outputs when content breaks."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from helpers import deck, files, run_cli, write
from pypdf import PdfReader


def test_build_writes_the_output_tree_and_a_manifest(workdir):
    deck(workdir, "basics")
    deck(workdir, "cubes-quick", system="cubes", title="CUBES quick")
    result = run_cli("build")
    assert result.code == 0, result.stderr
    out = workdir / "output"
    assert (out / "grimdark/reference/basics.pdf").is_file()
    assert (out / "cubes/reference/cubes-quick.pdf").is_file()
    manifest = json.loads((out / "manifest.json").read_text())
    entries = {e["path"]: e for e in manifest["outputs"]}
    entry = entries["grimdark/reference/basics.pdf"]
    assert entry["source"] == "content/basics.yaml"
    assert (entry["kind"], entry["id"], entry["product"], entry["format"]) == (
        "reference-deck",
        "basics",
        "reference",
        "pdf",
    )
    assert entry["sha256"] == hashlib.sha256((out / entry["path"]).read_bytes()).hexdigest()
    assert (out / "index.html").read_text().count('href="grimdark/reference/basics.pdf"') == 1
    # Each deck also gets its one-card-a-page print-shop export.
    assert (out / "grimdark/reference-print-shop/basics.pdf").is_file()
    # Both decks, and whatever blanks their games print, all written afresh.
    assert "unchanged" not in result.stderr.replace("0 outputs unchanged", "")
    assert f"{len(manifest['outputs'])} files written" in result.stderr


def test_two_builds_give_identical_bytes(workdir):
    deck(workdir, "basics")
    assert run_cli("build", "-o", "one").code == 0
    assert run_cli("build", "-o", "two", "--force").code == 0
    one, two = files(workdir / "one"), files(workdir / "two")
    assert one.keys() == two.keys() and len(one) >= 3
    assert one == two


def test_parallel_build_gives_the_same_bytes_as_a_serial_one(workdir):
    for i in range(4):
        deck(workdir, f"deck-{i}", title=f"Deck number {i}")
    assert run_cli("build", "-o", "serial").code == 0
    assert run_cli("build", "-o", "parallel", "--jobs", "2").code == 0
    assert files(workdir / "serial") == files(workdir / "parallel")


def test_an_unchanged_document_is_not_rebuilt(workdir):
    deck(workdir, "basics")
    deck(workdir, "other", title="Other deck")
    assert run_cli("build").code == 0
    target = workdir / "output/grimdark/reference/basics.pdf"
    before = target.stat().st_mtime_ns
    again = run_cli("build")
    assert again.code == 0
    assert (
        "0 files written" in again.stderr and "4 outputs unchanged" in again.stderr
    )  # two decks, each with its print-shop twin
    assert target.stat().st_mtime_ns == before
    deck(workdir, "other", title="Other deck, renamed")
    third = run_cli("build")
    assert "2 files written" in third.stderr and "2 outputs unchanged" in third.stderr
    assert target.stat().st_mtime_ns == before


def test_a_damaged_output_is_rebuilt(workdir):
    deck(workdir, "basics")
    run_cli("build")
    target = workdir / "output/grimdark/reference/basics.pdf"
    good = target.read_bytes()
    target.write_bytes(b"scribbled over")
    assert "1 file written" in run_cli("build").stderr
    assert target.read_bytes() == good


def test_a_broken_document_keeps_its_earlier_output_and_the_others_still_build(workdir):
    deck(workdir, "basics")
    deck(workdir, "other", title="Other deck")
    assert run_cli("build").code == 0
    earlier = (workdir / "output/grimdark/reference/basics.pdf").read_bytes()
    source = workdir / "content/basics.yaml"
    source.write_text(source.read_text().replace("system: grimdark", "system: grimdak"))
    deck(workdir, "other", title="Other deck, changed")
    result = run_cli("build")
    assert result.code == 1
    assert "content/basics.yaml:3:9: error[content.not-allowed]" in result.stderr
    assert "Traceback" not in result.stderr
    assert (workdir / "output/grimdark/reference/basics.pdf").read_bytes() == earlier
    manifest = json.loads((workdir / "output/manifest.json").read_text())
    assert "grimdark/reference/basics.pdf" in {e["path"] for e in manifest["outputs"]}
    other = (workdir / "output/grimdark/reference/other.pdf").read_bytes()
    assert b"Other deck, changed" in other or "1 file written" in result.stderr
    assert not list((workdir / "output").rglob("*.tmp"))


def test_text_that_cannot_fit_is_an_error_naming_the_document_and_field_and_writes_nothing(workdir):
    path = deck(workdir, "wordy")
    path.write_text(
        path.read_text().replace(
            "body: Most challenges are **standard**; some are *easy* or *hard*.",
            "body: " + "so many words on one small card, " * 120,  # one sentence: nowhere to continue
        )
    )
    result = run_cli("build")
    assert result.code == 1
    assert "content/wordy.yaml:8:11: error[layout.text-overflow]" in result.stderr
    assert "reference-deck `wordy`" in result.stderr and "cards[0]" in result.stderr
    assert not (workdir / "output/grimdark/reference/wordy.pdf").exists()


def test_a_removed_document_takes_its_outputs_with_it(workdir):
    deck(workdir, "basics")
    deck(workdir, "gone", title="Going away")
    run_cli("build")
    assert (workdir / "output/grimdark/reference/gone.pdf").exists()
    (workdir / "content/gone.yaml").unlink()
    assert run_cli("build").code == 0
    assert not (workdir / "output/grimdark/reference/gone.pdf").exists()
    manifest = json.loads((workdir / "output/manifest.json").read_text())
    assert {e["id"] for e in manifest["outputs"]} == {"basics"}
    assert not (workdir / "output/grimdark/reference-print-shop/gone.pdf").exists()


def test_outputs_removed_take_the_folders_they_leave_empty(workdir):
    deck(workdir, "basics")
    deck(workdir, "odds", system="cubes", title="CUBES odds")
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    assert (out / "cubes/reference/odds.pdf").is_file()
    (workdir / "content/odds.yaml").unlink()
    assert run_cli("build", "--format", "pdf").code == 0
    assert not (out / "cubes").exists()  # the game's blank sheets went too: no content of it is left
    assert (out / "grimdark/reference/basics.pdf").is_file()
    assert not [str(d) for d in out.rglob("*") if d.is_dir() and not any(d.iterdir())]


def test_building_one_file_leaves_other_outputs_listed(workdir):
    deck(workdir, "basics")
    deck(workdir, "other", title="Other deck")
    run_cli("build")
    assert run_cli("build", "content/other.yaml", "--force").code == 0
    manifest = json.loads((workdir / "output/manifest.json").read_text())
    assert sorted(e["id"] for e in manifest["outputs"]) == [
        "basics",
        "basics",
        "other",
        "other",
    ]  # and print-shop twins


def test_output_folder_option_and_summary_line(workdir):
    deck(workdir, "basics")
    result = run_cli("build", "-o", "elsewhere", "--format", "pdf")
    assert result.code == 0
    assert (workdir / "elsewhere/grimdark/reference/basics.pdf").exists()
    summary = result.stderr.strip().splitlines()[-1]
    # Two cards and their backs on one sheet each, and one a page for the print-shop twin.
    assert summary.startswith(
        "sheetgen: 1 document, 6 pages, 2 files written, 0 outputs unchanged, 0 errors, 0 warnings in "
    )
    assert summary.endswith("s → elsewhere/")


def test_an_unwritable_output_folder_is_reported_not_crashed(workdir):
    deck(workdir, "cubes-quick", system="cubes", title="CUBES quick")
    assert run_cli("build").code == 0  # an output folder of sheetgen's
    deck(workdir, "basics")
    # A file where the product folder should be: no permission trick, so root sees it too.
    (workdir / "output/grimdark").mkdir(parents=True)
    (workdir / "output/grimdark/reference").write_text("in the way")
    result = run_cli("build")
    assert result.code == 1
    assert "error[build.write-failed]: cannot write" in result.stderr
    assert "Traceback" not in result.stderr


def test_outputs_are_ordinary_readable_files(workdir):
    import os
    import stat

    old = os.umask(0o022)
    try:
        deck(workdir, "basics")
        assert run_cli("build").code == 0
    finally:
        os.umask(old)
    for path in [workdir / "output/grimdark/reference/basics.pdf", workdir / "output/manifest.json"]:
        assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_a_pdf_only_build_keeps_the_svgs_of_an_earlier_build(workdir):
    write(workdir, "content/h.yaml", "kind: handout\nid: h\ntitle: H\nsections: [{title: Only words, text: Hello}]\n")
    deck(workdir, "basics")
    write(workdir, "content/foe.yaml", "kind: tricube-foe\nid: rat\nname: Rat\ndifficulty: 4\neffort: 1\n")
    assert run_cli("build").code == 0
    manifest = json.loads((workdir / "output/manifest.json").read_text())
    before = {e["path"] for e in manifest["outputs"]}
    assert run_cli("build", "--format", "pdf").code == 0
    after = {e["path"] for e in json.loads((workdir / "output/manifest.json").read_text())["outputs"]}
    assert before == after and any(p.endswith(".svg") for p in before)
    for rel in before:
        assert (workdir / "output" / rel).exists()


def test_a_collection_is_not_rebuilt_while_a_member_has_errors(workdir):
    write(
        workdir,
        "content/h.yaml",
        """
        kind: handout
        id: all-decks
        title: All decks
        sections: [{title: Decks, include: {kind: reference-deck, product: reference}}]
    """,
    )
    deck(workdir, "basics")
    deck(workdir, "second", title="Second deck")
    assert run_cli("build").code == 0
    bundle = workdir / "output/handouts/bundle/all-decks.pdf"
    earlier = bundle.read_bytes()
    source = workdir / "content/second.yaml"
    source.write_text(source.read_text().replace("system: grimdark", "system: grimdak"))
    result = run_cli("build")
    assert result.code == 1
    assert (
        "warning[build.not-rebuilt]: handouts/bundle/all-decks is not rebuilt while reference-deck `second`"
        in result.stderr
    )
    assert bundle.read_bytes() == earlier


def party(workdir: Path) -> None:
    """Two Tricube characters, hedda and orm: a sheet each, and the party's cards of both."""
    for id_, name in (("hedda", "Hedda Stonebrook"), ("orm", "Orm")):
        write(
            workdir,
            f"content/{id_}.yaml",
            f"""
            kind: tricube-character
            id: {id_}
            name: {name}
            trait: brawny
            concept: Caravan guard
            combat_style: melee
            perks: [Berserker]
            quirks: [Short-tempered]
            karma: 3
            resolve: 3
        """,
        )


def test_a_layout_error_in_a_members_own_sheet_keeps_its_collection_as_it_was(workdir):
    """A document whose text does not fit its own sheet has errors: the collection it
    belongs to (the party's character cards) is not rebuilt either, in serial and parallel
    builds, and its other members' sheets still are."""
    party(workdir)
    assert run_cli("build").code == 0
    cards = workdir / "output/tricube/character-cards/party.pdf"
    sheet = workdir / "output/tricube/character-sheet/hedda.pdf"
    earlier = cards.read_bytes(), sheet.read_bytes()
    long_name = "Hedda Stonebrook the Unbelievably Long-Named Caravan Guard of the Northern Wastes"
    source = workdir / "content/hedda.yaml"
    source.write_text(source.read_text().replace("Hedda Stonebrook", long_name))
    other = workdir / "content/orm.yaml"
    for jobs in ("1", "2"):
        other.write_text(re.sub(r"concept: .*", f"concept: Guard {jobs}", other.read_text()))
        result = run_cli("build", "--jobs", jobs)
        assert result.code == 1 and "error[layout.text-overflow]" in result.stderr
        assert "tricube/character-cards/party is not rebuilt while tricube-character `hedda`" in result.stderr
        assert (cards.read_bytes(), sheet.read_bytes()) == earlier
        assert not list((workdir / "output").rglob("*.tmp"))  # what a parallel build staged is gone
        assert f"Guard {jobs}" in PdfReader(workdir / "output/tricube/character-sheet/orm.pdf").pages[0].extract_text()
    # Built alone, another member's file says the same of the party: hedda's sheet still fails.
    other.write_text(re.sub(r"concept: .*", "concept: Guard alone", other.read_text()))
    alone = run_cli("build", "content/orm.yaml")
    assert "tricube/character-cards/party is not rebuilt while tricube-character `hedda`" in alone.stderr
    assert (cards.read_bytes(), sheet.read_bytes()) == earlier
    assert "Guard alone" in PdfReader(workdir / "output/tricube/character-sheet/orm.pdf").pages[0].extract_text()
    checked = run_cli("validate")
    assert (
        checked.code == 1
        and "tricube/character-cards/party is not rebuilt while tricube-character `hedda`" in checked.stderr
    )
    source.write_text(source.read_text().replace(long_name, "Hedda"))
    assert run_cli("build").code == 0 and cards.read_bytes() != earlier[0]


def test_a_build_killed_after_skipping_a_collection_keeps_it_listed(workdir, monkeypatch):
    """The manifest on disk is written once, when a build ends; a collection it skips (a
    member failed) keeps its earlier files: a build killed before that write loses none of
    them."""
    import sheetgen.files.pipeline as pipeline

    party(workdir)
    assert run_cli("build", "--format", "pdf").code == 0

    def listed() -> set[str]:
        return {e["path"] for e in json.loads((workdir / "output/manifest.json").read_text())["outputs"]}

    assert "tricube/character-cards/party.pdf" in listed()
    source = workdir / "content/hedda.yaml"
    long_name = "Hedda Stonebrook the Unbelievably Long-Named Caravan Guard of the Northern Wastes"
    source.write_text(source.read_text().replace("Hedda Stonebrook", long_name))  # too long for her sheet
    real, calls = pipeline.write_manifest, []

    def killed(*args, **kwargs):
        calls.append(1)
        raise KeyboardInterrupt  # the build is killed before it writes the manifest

    monkeypatch.setattr(pipeline, "write_manifest", killed)
    interrupted = run_cli("build", "--format", "pdf", "--force")
    assert interrupted.code != 0 and len(calls) == 1
    assert "tricube/character-cards/party.pdf" in listed()
    monkeypatch.setattr(pipeline, "write_manifest", real)
    again = run_cli("build", "--format", "pdf")
    assert "tricube/character-cards/party is not rebuilt" in again.stderr
    assert "tricube/character-cards/party.pdf" in listed()
    assert (workdir / "output/tricube/character-cards/party.pdf").exists()


def test_nothing_is_built_while_the_chosen_theme_has_errors(workdir):
    write(workdir, "content/theme.yaml", "kind: theme\nid: default\ncolors: {ink: nosuch}\n")
    deck(workdir, "basics")
    result = run_cli("build")
    assert result.code == 1
    assert "theme.unknown-color" in result.stderr and "nothing is built while the theme" in result.stderr
    assert not (workdir / "output/grimdark/reference/basics.pdf").exists()


def test_the_default_number_of_jobs_is_the_cores_available_or_sheetgen_jobs(monkeypatch):
    from sheetgen.commands.build import default_jobs

    monkeypatch.setenv("SHEETGEN_JOBS", "3")
    assert default_jobs() == 3
    for unusable in ("0", "65", "two", ""):
        monkeypatch.setenv("SHEETGEN_JOBS", unusable)
        assert default_jobs() == len(os.sched_getaffinity(0))
    monkeypatch.delenv("SHEETGEN_JOBS")
    assert default_jobs() == len(os.sched_getaffinity(0))


def test_a_theme_may_leave_out_the_print_shop_exports_of_decks(workdir):
    deck(workdir, "basics", system="kubos")
    assert run_cli("build", "--format", "pdf").code == 0
    assert (workdir / "output/kubos/reference-print-shop/basics.pdf").is_file()
    write(workdir, "content/theme.yaml", "kind: theme\nid: home\nprint_shop: false\n")
    assert run_cli("build", "--format", "pdf", "-o", "home").code == 0
    assert (workdir / "home/kubos/reference/basics.pdf").is_file()
    assert not list((workdir / "home").rglob("*print-shop*"))


def test_print_shop_exports_the_theme_turns_off_leave_the_output_folder(workdir):
    """A print shop handed the output folder gets what the theme asks for: the exports of
    an earlier build go, from the disk and the manifest, with the build that reads what
    they were made from (a partial build leaves other files' exports as they were)."""
    deck(workdir, "basics", system="kubos")
    deck(workdir, "more", system="kubos", title="More basics")

    def print_shop() -> tuple[set[str], set[str]]:
        manifest = json.loads((workdir / "output/manifest.json").read_text())
        return (
            {p.name for p in (workdir / "output").rglob("*.pdf") if "print-shop" in str(p)},
            {Path(e["path"]).name for e in manifest["outputs"] if "print-shop" in e["path"]},
        )

    assert run_cli("build", "--format", "pdf").code == 0
    assert print_shop() == ({"basics.pdf", "more.pdf"},) * 2
    write(workdir, "content/theme.yaml", "kind: theme\nid: home\nprint_shop: false\n")
    assert run_cli("build", "content/basics.yaml", "--format", "pdf").code == 0
    assert print_shop() == ({"more.pdf"},) * 2
    assert run_cli("build", "--format", "pdf").code == 0
    assert print_shop() == (set(), set())
    assert (workdir / "output/kubos/reference/basics.pdf").is_file()
    assert (workdir / "output/kubos/reference/more.pdf").is_file()


def test_a_partial_build_of_a_deck_prints_no_blank_sheets_of_its_game(workdir):
    """Naming one deck builds that deck; the game's blank sheets wait for a build of the
    game's own documents (or of the whole content folder)."""
    deck(workdir, "basics", system="kubos")
    assert run_cli("build", "content/basics.yaml", "--format", "pdf").code == 0
    assert (workdir / "output/kubos/reference/basics.pdf").is_file()
    assert not (workdir / "output/kubos/blank").exists()
    assert run_cli("build", "--format", "pdf").code == 0
    assert list((workdir / "output/kubos/blank").glob("*.pdf"))


def test_parallel_work_goes_out_in_small_runs_covering_every_target_once():
    from sheetgen.files.run import chunks

    for total, jobs in [(0, 2), (1, 2), (7, 2), (1000, 2), (1000, 8), (50, 64)]:
        todo = [f"t{i}" for i in range(total)]
        runs = chunks(todo, jobs)  # type: ignore[arg-type]
        assert [t for run in runs for t in run] == todo
        assert all(1 <= len(run) <= 16 for run in runs)
        if total >= 16 * jobs:
            assert len(runs) >= 4 * jobs  # enough runs for the workers to finish together
            assert len(runs[-1]) == 1 and len(runs[-jobs:][0]) <= 2  # the last runs out are short


def test_the_index_is_made_again_only_when_what_it_lists_changed(workdir, monkeypatch):
    from sheetgen.layout import templates

    rendered: list[str] = []
    render = templates.render_template
    monkeypatch.setattr(templates, "render_template", lambda name, **v: rendered.append(name) or render(name, **v))
    deck(workdir, "basics")
    deck(workdir, "other", title="Other deck")
    assert run_cli("build").code == 0
    assert rendered == ["index.html.j2"]
    index = workdir / "output/index.html"
    # A comment changes the file but no output: the index on disk is current.
    source = workdir / "content/basics.yaml"
    source.write_text(source.read_text() + "\n# a note\n")
    assert "0 files written" in run_cli("build").stderr
    assert rendered == ["index.html.j2"]
    # A new title changes an output: the index is made again; a deleted index comes back.
    deck(workdir, "other", title="Other deck, renamed")
    assert run_cli("build").code == 0
    assert rendered == ["index.html.j2"] * 2
    index.unlink()
    assert run_cli("build").code == 0
    assert index.read_text().count('href="grimdark/reference/other.pdf"') == 1


CARD_X = """
  - title: Ambush
    body: "Roll **two** dice; the *higher* one counts. Ties go to the defender."
    table: {columns: [Roll, Result], rows: [[1, fail], [4, pass], [6, great]]}
"""
CARD_OTHER = """
  - title: Other {n}
    body: "Some other card {n}, with the same table."
    table: {{columns: [Roll, Result], rows: [[1, fail], [4, pass], [6, great]]}}
"""


def _card_marks(page) -> list[tuple]:
    """What a card page shows: each run of text at its place and size (the card's
    number n/N aside), and each line drawn."""
    from helpers.pdfops import read_geometry

    texts: list[tuple] = []

    def seen(text, cm, tm, font, size):
        text = re.sub(r"\s*\d+/\d+$", "", text.strip())
        if text:
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            texts.append((text, round(x, 2), round(y, 2), round(size * abs(tm[3] * cm[3]) ** 0.5, 2)))

    page.extract_text(visitor_text=seen)
    segments, _, rects = read_geometry(page)
    lines = sorted((round(s.x1, 2), round(s.y1, 2), round(s.x2, 2), round(s.y2, 2)) for s in segments)
    boxes = sorted(tuple(round(v, 2) for v in r[:4]) for r in rects)
    return [sorted(texts), lines, boxes]


def test_a_card_prints_the_same_alone_or_in_a_deck(workdir):
    from helpers import read_pdf

    head = "kind: reference-deck\nid: {id}\nsystem: cubes\ntitle: Table talk\ncards:"
    write(workdir, "content/alone.yaml", head.format(id="alone") + CARD_X)
    write(
        workdir, "content/many.yaml", head.format(id="many") + CARD_OTHER.format(n=1) + CARD_X + CARD_OTHER.format(n=2)
    )
    assert run_cli("build", "--format", "pdf").code == 0
    # The print shop's export: one card a page (each front followed by its back), at the
    # same place on every page.
    alone = read_pdf(workdir / "output/cubes/reference-print-shop/alone.pdf").pages
    many = read_pdf(workdir / "output/cubes/reference-print-shop/many.pdf").pages
    marks = _card_marks(alone[0])
    shown = {t[0] for t in marks[0]}
    assert {"Ambush", "two", "higher", "4 pass"} <= shown and marks[1] and marks[2]  # the card's own parts
    assert _card_marks(many[2]) == marks
    assert _card_marks(many[0]) != marks


def test_a_reference_deck_may_be_for_a_game_of_ones_own(workdir):
    """A publisher's own game: any id as the deck's `system` names its output folder and
    takes the palette colour of that name; a near miss of one of the five games, or a
    name an output folder already has, is an error at the value."""
    write(workdir, "content/theme.yaml", 'kind: theme\nid: house\npalette:\n  star-haulers: "#0a7f5a"\n')
    write(
        workdir,
        "content/deck.yaml",
        """
        kind: reference-deck
        id: quick
        system: star-haulers
        title: Star Haulers quick rules
        cards:
          - title: Jumping
            body: Roll two dice; a double is a misjump.
    """,
    )
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0, result.stderr
    page = PdfReader(workdir / "output/star-haulers/reference/quick.pdf").pages[0]
    assert "Jumping" in page.extract_text() and "misjump" in page.extract_text()
    fills = re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) rg", page.get_contents().get_data())
    green = (0x0A / 255, 0x7F / 255, 0x5A / 255)
    assert any(all(abs(float(v) - c) < 0.01 for v, c in zip(f, green)) for f in fills)
    for system, words in (
        ("tricub", "did you mean `tricube`"),
        ("handouts", "another output folder"),
        ("Star Haulers", "lowercase letters"),
    ):
        source = workdir / "content/deck.yaml"
        source.write_text(re.sub(r"system: .*", f"system: {system}", source.read_text()))
        bad = run_cli("validate", "--format", "json")
        (d,) = json.loads(bad.stdout)
        assert bad.code == 1 and (d["line"], d["column"]) == (3, 9) and words in d["message"] + (d["hint"] or "")


def test_a_document_with_a_misspelt_key_is_checked_in_full_and_writes_nothing(workdir):
    """Read without its unknown key, the document goes through the rules too (every
    problem in one run, but nothing that only follows from the key's being left out); it
    has errors: its outputs and its collection stay as they were."""
    party(workdir)
    assert run_cli("build", "--format", "pdf").code == 0
    sheet = workdir / "output/tricube/character-sheet/hedda.pdf"
    cards = workdir / "output/tricube/character-cards/party.pdf"
    earlier = sheet.read_bytes(), cards.read_bytes()
    source = workdir / "content/hedda.yaml"
    source.write_text(source.read_text().replace("karma: 3", "karma: 9").replace("quirks:", "quirk:"))
    result = run_cli("build", "--format", "pdf")
    assert result.code == 1
    for code in ("content.unknown-field", "tricube.karma-out-of-range"):
        assert f"error[{code}]" in result.stderr, code
    assert "too-few-quirks" not in result.stderr  # what reading it without `quirk` made the rules say
    assert (sheet.read_bytes(), cards.read_bytes()) == earlier


def test_a_partial_build_keeps_a_collection_whose_member_has_errors_in_another_file(workdir):
    """Building one member's file, the party's cards wait for the other member too: read
    for reference, with errors (a misspelt key, a broken rule), it keeps them as they were."""
    party(workdir)
    assert run_cli("build", "--format", "pdf").code == 0
    cards = workdir / "output/tricube/character-cards/party.pdf"
    earlier = cards.read_bytes()
    other = workdir / "content/orm.yaml"
    for broken in ("quirk: [Short-tempered]", "quirks: []"):
        other.write_text(re.sub(r"quirks?: .*", broken, other.read_text()))
        result = run_cli("build", "--format", "pdf", "content/hedda.yaml")
        assert "tricube/character-cards/party is not rebuilt while tricube-character `orm`" in result.stderr, broken
        assert "`sheetgen validate content/orm.yaml` shows its errors" in result.stderr
        assert cards.read_bytes() == earlier


def test_an_output_that_cannot_be_put_in_place_fails_alone_in_a_parallel_build(workdir):
    """A collection's staged file that cannot replace its output (a folder is in the way) is
    that output's failure, said with the output's name, as with one job; the rest is built."""
    party(workdir)
    assert run_cli("build", "--format", "pdf").code == 0
    cards = workdir / "output/tricube/character-cards/party.pdf"
    cards.unlink()
    cards.mkdir()
    result = run_cli("build", "--format", "pdf", "--jobs", "2", "--force")
    assert result.code == 1 and "error[build.write-failed]" in result.stderr
    assert "party.pdf" in result.stderr and ".tmp" not in result.stderr
    assert "1 not built" in result.stderr and (workdir / "output/tricube/character-sheet/orm.pdf").is_file()
    assert not list((workdir / "output").rglob("*.tmp"))


def test_validate_given_one_file_says_what_a_build_of_it_would(workdir):
    """Another member's sheet failing (read for reference) keeps the party's cards from a
    build of one file; validating that file says so too."""
    party(workdir)
    other = workdir / "content/orm.yaml"
    other.write_text(
        other.read_text().replace("name: Orm", "name: Orm " + "Stonebrook-Ironfoot " * 3 + "of the Wastes")
    )
    said = "tricube/character-cards/party is not {} while tricube-character `orm`"
    assert said.format("built") in run_cli("build", "--format", "pdf", "content/hedda.yaml").stderr  # none was before
    assert said.format("built") in run_cli("validate", "content/hedda.yaml").stderr  # as the build would say


def test_validate_given_one_file_notes_what_waits_on_errors_elsewhere(workdir):
    """Another member with errors of its own (`trait: wise`), in a file not given: a
    build of the given file does not make the party's cards (none were made before), and
    validating that file says so in a note; the file itself is clean, so `--strict` passes."""
    party(workdir)
    other = workdir / "content/orm.yaml"
    other.write_text(other.read_text().replace("trait: brawny", "trait: wise"))
    build = run_cli("build", "--format", "pdf", "content/hedda.yaml")
    assert build.code == 0 and "warning[build.not-rebuilt]: tricube/character-cards/party" in build.stderr
    result = run_cli("validate", "--strict", "content/hedda.yaml")
    assert result.code == 0, result.stderr
    assert "warning" not in result.stderr.replace("0 warnings", "")
    assert (
        "note: content/orm.yaml: a build does not make tricube/character-cards/party: tricube-character "
        "`orm` has errors (`sheetgen validate content/orm.yaml` shows its errors; to print it now without "
        "tricube-character `orm`, move content/orm.yaml out of the content folder)"
    ) in result.stderr
    assert "1 document checked, 0 errors, 0 warnings" in result.stderr


def test_what_waits_for_an_unreadable_member_points_at_it(workdir):
    """A member whose schema errors keep it from being read (`trait: strong`): the party's
    cards wait for it, and the warning is at that member's document, not at `<output>`."""
    party(workdir)
    source = workdir / "content/orm.yaml"
    source.write_text(source.read_text().replace("trait: brawny", "trait: strong"))
    result = run_cli("build", "--format", "pdf")
    assert result.code == 1
    assert "content/orm.yaml:1:1: warning[build.not-rebuilt]: tricube/character-cards/party" in result.stderr
    assert "<tricube/" not in result.stderr


def test_an_output_never_built_is_not_said_to_stay_as_it_was(workdir):
    """A party's cards waiting for a member with errors: into a new output folder the
    build says they are not built (there is nothing earlier to keep); where an earlier
    build made them, it says they are not rebuilt and the earlier output stays. Either
    way the hint says how to print the others now."""
    party(workdir)
    assert run_cli("build", "--format", "pdf").code == 0
    other = workdir / "content/orm.yaml"
    other.write_text(other.read_text().replace("trait: brawny", "trait: wise"))
    fresh = run_cli("build", "--format", "pdf", "-o", "new")
    assert "tricube/character-cards/party is not built while tricube-character `orm` has errors" in fresh.stderr
    assert "earlier output" not in fresh.stderr
    again = run_cli("build", "--format", "pdf")
    assert (
        "tricube/character-cards/party is not rebuilt while tricube-character `orm` has errors, nor 1 other "
        "output (tricube/character-cards-print-shop/party); their earlier outputs stay as they were"
    ) in again.stderr
    assert again.stderr.count("warning[build.not-rebuilt]") == 1  # the cards and their print-shop twin: said once
    assert (
        "to print it now without tricube-character `orm`, move content/orm.yaml out of the content folder"
        in again.stderr
    )


def test_the_hint_to_set_a_member_aside_names_only_files_that_hold_nothing_else(workdir):
    """Moving a file out of the content folder prints the others only where that file
    holds nothing the output needs: a member with errors beside a good one in one file
    gets the plain hint; in files of their own, every one of them is named."""
    party(workdir)
    bad = (
        "kind: tricube-character\nid: {id}\nname: B\ntrait: wise\nconcept: C\ncombat_style: melee\n"
        "perks: [P]\nquirks: [Q]\nkarma: 3\nresolve: 3\n"
    )
    (workdir / "content/orm.yaml").write_text(
        (workdir / "content/orm.yaml").read_text() + "---\n" + bad.format(id="b1")
    )
    shared = run_cli("build", "--format", "pdf").stderr
    assert (
        "is not built while tricube-character `b1` has errors" in shared and "out of the content folder" not in shared
    )
    (workdir / "content/orm.yaml").write_text((workdir / "content/orm.yaml").read_text().split("---\n")[0])
    write(workdir, "content/b1.yaml", bad.format(id="b1"))
    write(workdir, "content/b2.yaml", bad.format(id="b2"))
    apart = run_cli("build", "--format", "pdf").stderr
    assert "move content/b1.yaml and content/b2.yaml out of the content folder" in apart, apart


def test_a_theme_with_errors_is_said_when_one_file_is_built_or_checked(workdir):
    """Checking or building one file while the theme (not given) has errors: nothing would
    be built. The build says so at the theme's document, with how to see its errors;
    `validate` says it in a note (the file checked is not at fault)."""
    party(workdir)
    write(workdir, "content/theme.yaml", "kind: theme\nid: house\nprintable_margin: 30mm\n")
    said = "content/theme.yaml:1:1: warning[build.not-rebuilt]: nothing is built while the theme `house` has errors"
    built = run_cli("build", "--format", "pdf", "content/hedda.yaml")
    assert said in built.stderr and "`sheetgen validate content/theme.yaml` shows them" in built.stderr, built.stderr
    checked = run_cli("validate", "--strict", "content/hedda.yaml")
    assert (
        checked.code == 0
        and ("note: content/theme.yaml: the theme `house` has errors: a build makes nothing until they are fixed")
        in checked.stderr
    ), checked.stderr
    whole = run_cli("validate")
    assert "error[theme.size-out-of-range]" in whole.stderr and "from 0mm to 25mm, such as `25mm`" in whole.stderr
