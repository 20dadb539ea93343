"""CUBES! outputs read back as a player would: the record sheet (PDF and SVG, A4 and
Letter, filled and blank) names every pool and threshold, draws a 27-face block per
CUBE that can be built and pencil boxes big enough to write in; the blank has form
fields; the same content gives the same bytes."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from helpers import MM, REPO, SVG, pdf_text, read_pdf, run_cli, svg_group, svg_root, svg_words, write

PAPER = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}
POOLS = ("Civilization", "Census", "Construction", "Technology", "Diplomacy", "Commerce")


def build(*args: str) -> None:
    run = run_cli("build", "content", "-o", "out", *args)
    assert run.code == 0, run.stderr


@pytest.fixture
def built(bundled_a4) -> Path:
    """The bundled CUBES! content's outputs (the shared A4 build)."""
    return bundled_a4 / "cubes"


def test_every_civilization_gets_a_record_sheet_and_there_is_a_blank(built):
    for civ in ("ashara", "veld", "orrin", "kesh"):
        assert (built / "record-sheet" / f"{civ}.pdf").is_file()
        assert (built / "record-sheet" / f"{civ}.svg").is_file()
    assert (built / "blank" / "record-sheet.pdf").is_file()
    assert (built / "blank" / "record-sheet.svg").is_file()


def test_the_record_sheet_names_every_pool_limit_and_threshold(built):
    text = pdf_text(built / "record-sheet" / "veld.pdf")
    flat = " ".join(text.split())
    for pool in POOLS:
        assert pool in flat
    assert "Limit 20 at start" in flat and "+1 per embassy cube" in flat and "doubled by the second CUBE" in flat
    assert flat.count("half the Civilization limit, rounded down (10 at start)") == 2  # Census and Commerce
    assert flat.count("no limit") == 2  # Construction and Technology
    for era, at, removes in (
        ("2nd Era", "16", "remove 9"),
        ("3rd Era", "25", "remove 16"),
        ("4th Era", "36", "remove all"),
    ):
        assert era in flat and f"At {at} in Technology" in flat and removes in flat
    assert "4th Era ability" in flat and "Recharge" in flat
    for die in ("d4", "d6", "d8", "d10", "d12", "d20"):
        assert die in flat
    assert "2nd CUBE" in flat and "3rd CUBE" in flat
    # Veld starts 24 in Civilization (6 in Census): 4 over its limit of 20.
    assert "start 24 (4 over)" in flat and "start 6" in flat
    # Its rivals at the table, by player and civilization name.
    assert "Ana · The Ashara Concord" in flat and "Chloé · Orrin Deep" in flat and "Dev" in flat


def assert_paper(out: Path, paper: str) -> None:
    for rel in ("record-sheet/ashara.pdf", "blank/record-sheet.pdf", "turn-log/ashara.pdf", "kit/friday-table.pdf"):
        for page in read_pdf(out / rel).pages:
            box = page.mediabox
            assert (float(box.width), float(box.height)) == pytest.approx(PAPER[paper], abs=0.5), rel
    for rel in ("record-sheet/ashara.svg", "turn-log/ashara.svg"):
        root = svg_root(out / rel)
        assert float(root.get("width").removesuffix("mm")) == pytest.approx(PAPER[paper][0] / MM, abs=0.1)
        assert float(root.get("height").removesuffix("mm")) == pytest.approx(PAPER[paper][1] / MM, abs=0.1)


def test_sheets_are_a4_by_default(tmp_path, monkeypatch):
    shutil.copytree(REPO / "content" / "cubes", tmp_path / "content" / "cubes")
    monkeypatch.chdir(tmp_path)
    build()
    assert_paper(tmp_path / "out" / "cubes", "a4")


def test_sheets_are_letter_when_asked(tmp_path, monkeypatch):
    shutil.copytree(REPO / "content" / "cubes", tmp_path / "content" / "cubes")
    monkeypatch.chdir(tmp_path)
    build("--paper", "letter")
    assert_paper(tmp_path / "out" / "cubes", "letter")


def test_a_block_of_27_faces_per_cube_that_can_be_built(built):
    root = svg_root(built / "record-sheet" / "orrin.svg")
    for n in (2, 3):
        block = svg_group(root, f"orrin-construction-{n}")
        faces = [p for p in block.iter(f"{SVG}path") if p.get("fill") not in (None, "none")]
        assert len(faces) == 27
        numbers = sorted(int(w) for w in " ".join(svg_words(block)).split())
        assert numbers == list(range(1, 28))
    assert not [g for g in root.iter(f"{SVG}g") if g.get("id") == "orrin-construction-4"]


def rects_in(element) -> list[tuple[float, float]]:
    return [(float(r.get("width")), float(r.get("height"))) for r in element.iter(f"{SVG}rect")]


def test_pencil_boxes_are_big_enough_to_write_and_erase_in(built):
    """Pool counts get boxes at least 25 × 10 mm; each pool with a limit a box for it."""
    root = svg_root(built / "record-sheet" / "kesh.svg")
    pools = svg_group(root, "kesh-pools")
    big = [(w, h) for w, h in rects_in(pools) if w >= 25 * MM - 0.01 and h >= 10 * MM - 0.01 and w < 40 * MM]
    assert len(big) == 6
    limit_boxes = [(w, h) for w, h in rects_in(pools) if 12 * MM <= w < 25 * MM and h >= 10 * MM - 0.01]
    assert len(limit_boxes) == 3  # Civilization, Census, Commerce


def test_the_quantumizer_has_a_box_per_die_for_order(built):
    root = svg_root(built / "record-sheet" / "veld.svg")
    dice = svg_group(root, "veld-quantumizer")
    text = " ".join(svg_words(dice))
    for face, die in enumerate(("d4", "d6", "d8", "d10", "d12", "d20"), start=1):
        assert f"d6 = {face}" in text and die in text
    assert "0–9" in text  # the d10 reads 0 to 9
    ticks = [(w, h) for w, h in rects_in(dice) if abs(w - h) < 0.01 and w >= 4 * MM]
    assert len(ticks) == 6


def test_the_blank_has_form_fields_over_its_pencil_boxes(built):
    fields = read_pdf(built / "blank" / "record-sheet.pdf").get_fields()
    for pool in POOLS:
        assert f"{pool.lower()}_cubes" in fields
    for pool in ("civilization", "census", "commerce"):
        assert f"{pool}_limit" in fields
    for die in ("d4", "d6", "d8", "d10", "d12", "d20"):
        assert f"order_{die}" in fields
    for name in (
        "player",
        "name",
        "color",
        "game",
        "era_2",
        "era_4",
        "cube_2",
        "cube_3",
        "ability_used",
        "ability_recharged",
        "rival_1",
        "rival_5_contact",
        "rival_5_theirs",
        "blocked_special_operations",
        "extra_actions",
        "construction_additions",
    ):
        assert name in fields, name
    filled = read_pdf(built / "record-sheet" / "veld.pdf")
    assert not filled.get_fields()


def test_same_content_same_bytes(tmp_path, monkeypatch, built):
    shutil.copytree(REPO / "content" / "cubes", tmp_path / "content" / "cubes")
    monkeypatch.chdir(tmp_path)
    build()
    for rel in ("record-sheet/veld.pdf", "record-sheet/veld.svg", "blank/record-sheet.pdf"):
        assert (tmp_path / "out" / "cubes" / rel).read_bytes() == (built / rel).read_bytes()


def test_the_turn_log_has_turns_with_three_actions_consumption_and_notes(built):
    for rel in ("turn-log/veld.pdf", "turn-log/veld.svg", "blank/turn-log.pdf"):
        assert (built / rel).is_file()
    flat = " ".join(pdf_text(built / "turn-log" / "veld.pdf").split())
    for words_ in (
        "Veld Hegemony",
        "TURN",
        "ACTION 1",
        "ACTION 2",
        "ACTION 3",
        "CONSUMPTION",
        "CUBE 1",
        "CUBE 2",
        "CUBES LEFT",
        "notes",
    ):
        assert words_ in flat
    root = svg_root(built / "turn-log" / "veld.svg")
    turns = svg_group(root, "veld-turns")
    boxes = [(w, h) for w, h in rects_in(turns) if h >= 8 * MM - 0.01]
    assert len(boxes) % 7 == 0 and len(boxes) // 7 >= 12  # turn, 3 actions, 2 consumptions, cubes left
    assert min(w for w, _ in boxes) >= 11 * MM  # room for a two-digit number in pencil
    fields = read_pdf(built / "blank" / "turn-log.pdf").get_fields()
    assert {"turn_1_turn", "turn_1_action_1", "turn_1_action_3", "turn_1_cube_2", "turn_1_left", "turn_1_notes"} <= set(
        fields
    )


def test_a_game_s_kit_holds_every_player_s_sheet_and_log_in_its_order(built):
    reader = read_pdf(built / "kit" / "friday-table.pdf")
    assert len(reader.pages) == 8
    firsts = [" ".join((page.extract_text() or "").split()) for page in reader.pages]
    for i, (title, player) in enumerate(
        (("The Ashara Concord", "Ana"), ("Veld Hegemony", "Ben"), ("Orrin Deep", "Chloé"), ("Dev", "Dev"))
    ):
        assert title in firsts[2 * i] and "record sheet" in firsts[2 * i] and player in firsts[2 * i]
        assert "Friday night CUBES!" in firsts[2 * i]  # the game's title in the Game box
        assert title in firsts[2 * i + 1] and "turn log" in firsts[2 * i + 1]


def odds_layout():
    """The odds cards laid out with the default theme, and the game's colour."""
    from sheetgen.content.loader import load
    from sheetgen.layout.cards import game_color
    from sheetgen.layout.context import LayoutContext
    from sheetgen.layout.products import Job
    from sheetgen.layout.registry import products
    from sheetgen.rules import check

    checked = check(load([]))
    ctx = LayoutContext(checked.theme)
    laid = products()["cubes-odds-cards"].layout(ctx, Job("cubes-odds-cards", "quantumization"))
    assert not ctx.issues
    return laid, game_color(ctx, "cubes"), ctx.color("ink")


def test_the_odds_chart_draws_the_computed_distribution():
    """One bar per result 0–20 in order, each as tall as its chance; the d20-removed
    series is a tick over results 0–12 only."""
    from sheetgen.layout.primitives import Path, Rect, walk
    from sheetgen.rules.cubes.quantumizer import distribution

    laid, color, ink = odds_layout()
    front = laid.pages[0]
    # Narrow rects in the game's colour, in drawing order: the bars, then the legend's swatch.
    narrow = [
        (it.x + dx, it.h)
        for it, dx, _ in walk(front.items)
        if isinstance(it, Rect) and it.fill == color and it.w < 3 * MM
    ]
    dist = distribution()
    assert len(narrow) == len(dist) + 1
    bars = narrow[:-1]
    assert [x for x, _ in bars] == sorted(x for x, _ in bars)
    for (value, p), (_, h) in zip(dist.items(), bars):
        assert h / bars[1][1] == pytest.approx(float(p / dist[1]), rel=1e-6), value
    assert max(h for _, h in bars) == bars[1][1] == bars[4][1]  # 1 to 4 are the likeliest results
    ticks = [it for it, _, _ in walk(front.items) if isinstance(it, Path) and it.stroke == ink and it.width == 1.1]
    assert len(ticks) == len(distribution(["d20"])) + 1  # one per result 0–12, and the legend's


def test_the_odds_cards_print_the_tables_with_backs(built):
    reader = read_pdf(built / "odds" / "quantumization.pdf")
    assert len(reader.pages) == 2  # the fronts, then their backs
    flat = " ".join((reader.pages[0].extract_text() or "").split())
    from sheetgen.rules.common import computed_tables

    for name in ("cubes-quantumization", "cubes-consumption"):
        columns, rows = computed_tables()[name]()
        for row in rows:
            assert str(row[0]) in flat
        assert all(str(c) in flat for c in rows[0])
    assert "One QUANTUMIZATION" in flat and "Extinction odds" in flat
    assert "all six dice" in flat and "d20 removed" in flat


def test_the_reference_deck_carries_the_computed_tables(built):
    flat = " ".join(pdf_text(built / "reference" / "cubes-reference.pdf").split())
    for title in (
        "QUANTUMIZATION",
        "What Order buys",
        "Combat: futility or loss",
        "Special Operations",
        "Diplomacy",
        "Commerce",
        "Guardian of the CUBE",
        "Countdown to extinction",
        "Double quantum events",
        "Kairotic Moment",
    ):
        assert title in flat, title
    from sheetgen.rules.cubes.rulebook import ACTIONS

    for n, action in enumerate(ACTIONS, start=1):
        assert f"{n} {action}" in flat
    assert "d10 0–9" in flat


def test_a_name_too_long_to_print_is_reported_at_its_own_document(workdir):
    """A civilization's name too long for its own sheet is an error at its document; on
    another player's sheet, where it is a label among the rivals, it is cut with a warning
    that is the rival's to act on, and that sheet is built."""
    from helpers import write

    write(
        workdir,
        "content/g.yaml",
        """
        kind: cubes-game
        id: g
        civilizations: [a, b]
        ---
        kind: cubes-civilization
        id: a
        player: Al
        name: The Most Serene and Everlasting Concordance of the Seven Shining Cubes of the Far Rim
        color: red
        ---
        {kind: cubes-civilization, id: b, player: Bo, color: blue}
    """,
    )
    run = run_cli("build", "-o", "out")
    assert run.code == 1 and "Traceback" not in run.stderr
    lines = [ln for ln in run.stderr.splitlines() if "error[layout.text-overflow]" in ln]
    assert lines and all(ln.startswith("content/g.yaml:8:7:") for ln in lines), lines
    cut = [ln for ln in run.stderr.splitlines() if "warning[layout.text-abbreviated]" in ln]
    # Once for b's record sheet, which prints a's name among b's rivals; the game's kit, which
    # holds a's own sheet too, waits for a and is not built while a has errors.
    assert sorted(ln.split("`")[3] for ln in cut) == ["cubes-record-sheet"], cut
    assert "warning[build.not-rebuilt]: cubes/kit/g is not built while cubes-civilization `a`" in run.stderr
    assert not (workdir / "out/cubes/kit/g.pdf").exists()
    assert all(ln.startswith("content/g.yaml:8:7:") and "rival's name" in ln for ln in cut), cut
    assert not (workdir / "out/cubes/record-sheet/a.pdf").exists()
    rival = pdf_text(workdir / "out/cubes/record-sheet/b.pdf")  # a, as b's rival: the player, the name cut under it
    assert "Al The Most Serene and…" in " ".join(rival.split()), rival
    assert (workdir / "out/cubes/blank/record-sheet.pdf").exists()


@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "square", "tarot"])
def test_the_odds_cards_fit_every_card_size_using_more_cards_when_small(size):
    """Small cards take the chart and the tables apart, rows shared over more cards;
    every row of both tables is still printed, and nothing overflows."""
    import dataclasses

    from sheetgen.content.loader import load
    from sheetgen.layout.context import LayoutContext
    from sheetgen.layout.primitives import Text, walk
    from sheetgen.layout.products import Job
    from sheetgen.layout.registry import products
    from sheetgen.rules import check
    from sheetgen.rules.common import computed_tables
    from sheetgen.units import CARD_SIZES

    theme = dataclasses.replace(check(load([])).theme, card=CARD_SIZES[size])
    ctx = LayoutContext(theme)
    laid = products()["cubes-odds-cards"].layout(ctx, Job("cubes-odds-cards", "quantumization"))
    assert not ctx.issues, ctx.issues
    runs = [
        it.text.replace("\u00a0", " ")  # (a row printed a line keeps its values by no-break spaces)
        for page in laid.pages
        if not page.is_back
        for it, _, _ in walk(page.items)
        if isinstance(it, Text)
    ]
    for name in ("cubes-quantumization", "cubes-consumption"):
        _, rows = computed_tables()[name]()
        for row in rows:
            assert f" {row[0]} " in f" {' '.join(runs)} ", (size, row[0])
    fronts = sum(1 for r in runs if "/" in r and r.split("/")[0].isdigit())
    assert fronts >= 2 if size != "mini" else fronts > 2


def test_a_kit_in_a_handout_prints_every_civilizations_sheets_even_built_alone(workdir):
    """A handout section hands a kit its civilizations, as the build does: the bundle prints
    the kit whole, also when the handout's file is built on its own."""
    from helpers import write

    write(workdir, "content/cubes/game.yaml", (REPO / "content/cubes/game.yaml").read_text(encoding="utf-8"))
    shutil.copytree(REPO / "content/cubes/civilizations", workdir / "content/cubes/civilizations")
    write(
        workdir,
        "content/night.yaml",
        """
        kind: handout
        id: night
        title: CUBES! night
        sections:
          - title: The kit
            include: {kind: cubes-game, product: kit}
    """,
    )
    for args in (
        ("validate", "content/night.yaml"),
        ("build", "content/night.yaml", "-o", "alone"),
        ("build", "-o", "out"),
    ):
        run = run_cli(*args)
        assert run.code == 0 and "warning[" not in run.stderr and "not built" not in run.stderr, (args, run.stderr)
    kit = read_pdf(workdir / "out/cubes/kit/friday-table.pdf").pages
    for folder in ("alone", "out"):
        pages = read_pdf(workdir / folder / "handouts/bundle/night.pdf").pages
        texts = [p.extract_text() for p in pages]
        for name in ("The Ashara Concord", "Veld Hegemony", "Orrin Deep", "Friday night CUBES!"):
            assert any(name in t for t in texts[2:]), name
        # Every sheet of the kit, each on a page of its own with a blank back.
        printed = [n for n, t in enumerate(texts) if n >= 2 and t.strip()]
        assert len(printed) == len(kit) == 8
        assert all(n % 2 == 0 and not texts[n + 1].strip() for n in printed)


def test_a_rivals_long_player_name_is_reported_at_the_player_with_a_length_that_fits(workdir):
    """A rival is printed `player · civilization`; where that is too long for the contacts
    table, the player and the civilization take a line each, and what is still too long is
    cut with a warning at its own field, saying how many characters fit (not "not one")."""
    write(
        workdir,
        "content/a.yaml",
        """
        kind: cubes-civilization
        id: green
        player: Gwendolyn Featherstonehaugh
        name: Verdant
        color: green
        census_start: 0
        ---
        kind: cubes-civilization
        id: red
        player: Ana
        color: red
        census_start: 5
        ---
        kind: cubes-game
        id: g
        title: G
        civilizations: [green, red]
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = [d for d in json.loads(result.stdout) if d["code"] == "layout.text-abbreviated"]
    assert [(d["line"], d["column"]) for d in found] == [(3, 9)], found  # at `player:`
    fits = re.match(r"shorten it to (\d+) characters or fewer \(it has 27\)", found[0]["hint"])
    assert fits and 0 < int(fits.group(1)) < 27, found[0]["hint"]
    assert run_cli("build", "--format", "pdf").code == 0
    text = " ".join(pdf_text(workdir / "output/cubes/record-sheet/red.pdf").split())
    assert "Verdant" in text and "Gwendolyn" in text


def reference_cards(built: Path) -> dict[str, str]:
    """The reference deck as a player reads it: each card's words (continuations joined),
    keyed by the card's first line, whitespace flattened."""
    cards: dict[str, str] = {}
    chunks = [
        chunk
        for page in read_pdf(built / "reference" / "cubes-reference.pdf").pages
        for chunk in re.split(r"CUBES! by Charles W\. Phillips \d+/\d+", page.extract_text())[:-1]
    ]
    for chunk in chunks:  # the text after a page's last card footer is its ruler, or a page of backs
        lines = [line for line in chunk.strip().splitlines() if not line.startswith("50 mm:")]
        title = lines[0].strip()
        key = next((k for k in cards if title.startswith(k) and "(cont.)" in " ".join(lines[:2])), title)
        cards[key] = (cards.get(key, "") + " " + " ".join(lines)).strip()
    return {k: " ".join(v.split()) for k, v in cards.items()}


def test_the_reference_deck_says_what_the_rulebook_says_about_timing_and_totals(built):
    cards = reference_cards(built)
    assert "Census keeps its excess to the end of your next turn" in cards["A turn"]
    assert "All your Cultures of a turn together add at most half" in cards["Actions: growing"]
    reformation = cards["Reformation"]
    for words_ in (
        "Half (fractions truncated)",
        "including yours in other civilizations' pools",
        "at the end of the turn or at the start of your next, whichever comes first",
    ):
        assert words_ in reformation, words_
    assert "never fewer than your +1s unless that half is fewer" in cards["Construction"]
    assert "No Construction while half of Civilization is under your +1s plus 1" in cards["Construction"]
    assert "unless you are in the 3rd or 4th Era" in cards["Construction: the CUBE"]
    assert "a rival you have not contacted" in cards["Actions: reaching out"]
    assert "no Combat, not even by the 4th Era ability" in cards["Combat: the expedition"]


def test_the_reference_deck_states_the_setup_and_how_the_game_is_won(built):
    from sheetgen.rules.cubes.rulebook import CENSUS_START_MAX, CIVILIZATION_LIMIT_START, STARTING_CUBES

    cards = reference_cards(built)
    setup = cards["Setting up"]
    assert f"{STARTING_CUBES} cubes in the Civilization Pool, whose limit is {CIVILIZATION_LIMIT_START}" in setup
    assert (
        "starts with 1 CUBE" in setup and f"up to {CENSUS_START_MAX} of the {STARTING_CUBES} may go to Census" in setup
    )
    assert "A third CUBE, built or won from the centre, instantly ends the game" in cards["Winning and extinction"]


def test_the_sheets_say_a_third_cube_ends_the_game_at_once_and_census_excess_waits(built):
    sheet = " ".join(pdf_text(built / "record-sheet" / "veld.pdf").split())
    assert "third CUBE ends the game at once: you win" in sheet
    assert "at the end of a turn win" not in sheet
    log = " ".join(pdf_text(built / "turn-log" / "veld.pdf").split())
    assert "Census keeps its excess to the end of your next turn" in log
