"""What `sheetgen build` makes of the bundled Grimdark content, read back as a user
would: unit cards and rosters as PDF text and page geometry, the roster's boxes in
its SVG."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest
from helpers import MM, REPO, SVG, pdf_text, read_pdf, run_cli, svg_root, svg_text

GRIMDARK = REPO / "content" / "grimdark"


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def built(bundled_a4) -> Path:
    """The bundled Grimdark content's outputs (the shared A4 build)."""
    return bundled_a4 / "grimdark"


def test_unit_cards_show_each_unit_with_ranges_in_squares(built):
    pdf = built / "unit-cards" / "iron-wardens.pdf"
    text = flat(pdf_text(pdf))
    for label in (
        "Warden Line Squad [10]",
        "Warden Captain [1]",
        "Heavy Weapon Team [3]",
        "Warden Rangers [5]",
        "Sentinel Walker [1]",
    ):
        assert label in text
    # Rifle 24" is 8 squares; the mortar's 30" is 10; the rangers' long rifle is given as 8sq.
    assert '8 sq 24"' in text and '10 sq 30"' in text and '12 sq 36"' in text
    assert "Blast(3) — Ignores cover" in text and "Tough(6) — Takes 6 wounds" in text
    assert "Slow — Advance 1 square" in text
    # Movement per action and occupancy: the walker is Slow and fills its square.
    assert "Hold 0 Advance 1 Rush 3 Charge 3" in text
    assert "Each model fills a square alone: 1 square." in text
    assert "3 models a square (each counts as 2): 1 square." in text


def test_unit_cards_are_imposed_with_backs(built):
    reader = read_pdf(built / "unit-cards" / "kor-swarm.pdf")
    pages = reader.pages
    assert len(pages) == 2  # five cards and the army's rules fit one sheet; their backs on the next page
    for page in pages:
        assert round(float(page.mediabox.width) / MM) == 210 and round(float(page.mediabox.height) / MM) == 297
    assert "The Kor Swarm" in flat(pages[1].extract_text())  # the back names the army
    assert "Gaunt Brood [10]" not in flat(pages[1].extract_text())


def test_roster_totals_points_and_has_boxes_to_tick(built):
    text = flat(pdf_text(built / "roster" / "iron-wardens.pdf"))
    assert "495 of 500 points" in text and "5 points left" in text
    assert "4 activations" in text  # the captain joins the line squad and activates with it
    words = svg_text(built / "roster" / "iron-wardens.svg")
    assert "Warden Captain [1]" in words and "joins the unit above" in words
    root = svg_root(built / "roster" / "iron-wardens.svg")
    box = 3.4 * MM
    ticks = [
        r
        for r in root.iter(f"{SVG}rect")
        if abs(float(r.get("width")) - box) < 0.05 and abs(float(r.get("height")) - box) < 0.05
    ]
    # 4 units × 4 rounds of activations; wounds: captain 3, heavy team 3 × 3, walker 6;
    # models to strike off: line squad 10, rangers 5.
    assert len(ticks) == 4 * 4 + 3 + 9 + 6 + 10 + 5
    assert root.get("width") == "210mm"


def test_roster_round_numbers_sit_under_their_boxes_clear_of_them(built):
    """Each activation box has its round's number under it, and the number's top is below
    the box's bottom edge (a number printed over the edge is hard to read and to tick)."""
    from helpers.pdfops import read_geometry

    pdf = built / "roster" / "iron-wardens.pdf"
    page = read_pdf(pdf).pages[0]
    height = float(page.mediabox.height)
    box = 3.4 * MM
    _, _, rects = read_geometry(page)
    ticks = [(x, height - y, x + w) for x, y, w, h, _ in rects if abs(w - box) < 0.05 and abs(abs(h) - box) < 0.05]
    # read_geometry gives rectangles y-up from their corner; under each, its lowest edge.
    bottoms = [(x0, max(top, top - box), x1) for x0, top, x1 in ticks]
    digits = [w for w in words_on_page(pdf) if w[0] in {"1", "2", "3", "4"}]
    under = 0
    for text, left, top, right in digits:
        above = [b for b in bottoms if b[0] - 1 <= left and right <= b[2] + 1 and 0 < top - b[1] + 0.01 < 4 * MM]
        if above:
            under += 1
            assert all(top > b[1] + 0.5 for b in above), (text, top, above)
    assert under == 4 * 4  # four units, four rounds each


def test_reference_deck_diagrams_are_traced_by_the_sight_module(built):
    text = flat(pdf_text(built / "reference" / "grimdark-reference.pdf"))
    for title in (
        "Line of sight — the steps",
        "Walls — cover",
        "Walls — blocked",
        "Distance",
        "Mission and objectives",
    ):
        assert title in text
    # The verdicts under the diagrams, worked by hand: a straight line of five squares
    # crossing one wall away from the shooter is in cover; crossing two is blocked; the
    # 3 × 3 staircase is distance 5 with two paths.
    assert "In cover: 1 wall · distance 5" in text
    assert "Blocked: 2 walls · distance 5" in text
    assert "In sight · distance 5 · 2 paths" in text
    assert "In sight · distance 7" in text  # six across, two down: 8 steps, one diagonal


def test_reference_deck_figures_are_data_from_the_rules(bundled):
    import json

    run = run_cli("show", "content/grimdark/reference.yaml", "--json")
    assert run.code == 0, run.stderr
    deck = json.loads(run.stdout)
    cards = deck["document"]["cards"]
    figures = {cards[int(i)]["figure"]["computed"]: f for i, f in deck["derived"]["figures"].items()}
    cover = figures["grimdark-sight-cover"]
    assert cover["best"] == [[x, 1] for x in range(6)]
    assert cover["crossed"] == [[[2, 1], [3, 1]]] and cover["result"] == "cover"  # the wall by the shooter is ignored
    corner = figures["grimdark-sight-corner"]
    assert len(corner["paths"]) == 2 and corner["result"] == "clear" and [2, 1] in corner["best"]


def grid_gaps(page) -> set[float]:
    from helpers.pdfops import read_geometry

    segments, _, _ = read_geometry(page)
    grid = [s for s in segments if not s.group]
    verticals = sorted({round(s.x1, 2) for s in grid if abs(s.x1 - s.x2) < 0.01})
    return {round(b - a, 1) for a, b in zip(verticals, verticals[1:])}


def test_the_mission_mat_is_twelve_by_twelve_three_inch_squares_tiled_over_pages(built):
    import re

    reader = read_pdf(built / "mat" / "take-and-hold.pdf")
    # A4 holds 2 × 3 squares of 3" with room for marks: 12 × 12 squares take 6 × 4 pages.
    assert len(reader.pages) == 24
    labels: list[str] = []
    for page in reader.pages:
        assert grid_gaps(page) <= {round(3 * 72, 1)}
        labels += re.findall(r"\b([A-L](?:1[0-2]|[1-9]))\b", page.extract_text() or "")
    assert sorted(set(labels)) == sorted(f"{c}{r}" for c in "ABCDEFGHIJKL" for r in range(1, 13))
    text = flat(reader.pages[0].extract_text())
    assert "page 1 of 24" in text and "Deployment zones (shaded) are 8 squares apart" in text
    assert "4 objective markers" in text


def test_a_mission_chooses_its_grid_and_paper_and_may_leave_zones_and_markers_out(workdir):
    from helpers import write

    write(
        workdir,
        "content/missions.yaml",
        """
        kind: grimdark-mission
        id: skirmish
        name: Skirmish
        grid: {columns: 8, rows: 8}
        deployment_depth: 1
        objectives: [[2, 4], [6, 4]]
        ---
        kind: grimdark-mission
        id: plain
        name: Open ground
        grid: {columns: 10, rows: 10}
        deployment_depth: 0
    """,
    )
    run = run_cli("build", "--paper", "letter", "-o", "out")
    assert run.code == 0, run.stderr
    skirmish = read_pdf(workdir / "out" / "grimdark" / "mat" / "skirmish.pdf")
    # Letter holds 2 × 3 squares: 8 columns over 4 pages, 8 rows over 3 (3 + 3 + 2).
    assert len(skirmish.pages) == 12
    assert round(float(skirmish.pages[0].mediabox.width)) == 612
    text = flat(skirmish.pages[0].extract_text())
    assert "Deployment zones (shaded) are 6 squares apart" in text and "2 objective markers" in text
    plain = read_pdf(workdir / "out" / "grimdark" / "mat" / "plain.pdf")
    assert len(plain.pages) == 5 * 4  # 10 columns over 5 pages of 2, 10 rows over 4 (3 + 3 + 2 + 2)
    text = flat(plain.pages[0].extract_text())
    assert 'One square is 3"' in text and "Deployment" not in text and "objective" not in text


SERGEANT = """
    kind: grimdark-unit
    id: sergeant
    name: Sergeant
    size: 1
    quality: 4
    defense: 4
    cost: 45
    special_rules: [Hero, Tough(3)]
    weapons:
      - {name: Pistol, range: 12in, attacks: 1}
"""
ARMY = (
    """
    kind: grimdark-army
    id: first-army
    name: First Army
    points_limit: 500
    units:
      - {unit: sergeant}
    ---"""
    + SERGEANT
)


def words_on_page(pdf: Path, page: int = 1) -> list[tuple[str, float, float, float]]:
    """Each word of a PDF page with its box (left, top, right), in points from the top
    left, as poppler's `pdftotext -bbox` reads it."""
    out = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-bbox", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', out)
    return [(html.unescape(w), float(x0), float(y0), float(x1)) for x0, y0, x1, w in found]


def test_weapon_rules_too_long_for_their_column_wrap_and_the_row_grows(workdir):
    """Several rules on one weapon take two lines of the rules column on a poker card,
    under one another and clear of the AP column; the next weapon's row starts below
    them, and the card builds."""
    from helpers import write

    write(
        workdir,
        "content/army.yaml",
        ARMY + "      - {name: Chain Sword, attacks: 2, rules: [AP(2), Blast(3), Relentless]}\n"
        "      - {name: Knife, attacks: 1}\n",
    )
    run = run_cli("build", "-o", "out")
    assert run.code == 0 and "error[" not in run.stderr and "warning[" not in run.stderr, run.stderr
    pdf = workdir / "out" / "grimdark" / "unit-cards" / "first-army.pdf"
    assert "Chain Sword melee 2 2 Blast(3), Relentless" in flat(pdf_text(pdf))
    words = words_on_page(pdf)
    right = next(x1 for w, _, _, x1 in words if w.startswith("1/"))  # the first card's number ends at its safe area
    first = {w: (x0, y0, x1) for w, x0, y0, x1 in words if x0 < right}  # the first card's words
    (bx, by, _), (rx, ry, rright) = first["Blast(3),"], first["Relentless"]
    assert abs(bx - rx) < 0.5 and 5 < ry - by < 12  # the second line under the first
    assert bx > first["AP"][2] + 2  # in the rules column, clear of AP's
    assert rright <= right + 0.5  # within the card's safe area
    sword, knife = first["Chain"][1], first["Knife"][1]
    assert by - 8 < sword < ry and knife > ry + 4  # the row holds both lines; the next row is below


def test_a_weapon_not_every_model_carries_is_printed_with_how_many_do(workdir):
    """In a squad of 5 a weapon one model carries (no `count`: 1) reads `1× Grenade
    Launcher`, two models' `2× Plasma Gun`; a weapon all five carry, or a lone hero's,
    is its name alone."""
    from helpers import write

    write(
        workdir,
        "content/army.yaml",
        """
        kind: grimdark-army
        id: strike
        name: Strike Force
        points_limit: 500
        units:
          - {unit: squad, heroes: [sergeant]}
        ---
        kind: grimdark-unit
        id: squad
        name: Assault Squad
        size: 5
        quality: 4
        defense: 5
        cost: 120
        weapons:
          - {name: Rifle, range: 24in, attacks: 1, count: 5}
          - {name: Grenade Launcher, range: 24in, attacks: 1, rules: [Blast(3)]}
          - {name: Plasma Gun, range: 24in, attacks: 1, count: 2, rules: [AP(2)]}
          - {name: Knife, attacks: 1, count: 5}
        ---"""
        + textwrap.indent(SERGEANT, " " * 4),
    )
    run = run_cli("build", "-o", "out")
    assert run.code == 0 and "error[" not in run.stderr and "warning[" not in run.stderr, run.stderr
    text = flat(pdf_text(workdir / "out" / "grimdark" / "unit-cards" / "strike.pdf"))
    printed = {
        m.group(2): m.group(1) and int(m.group(1))
        for m in re.finditer(r"(?:(\d+)× )?(Rifle|Grenade Launcher|Plasma Gun|Knife|Pistol)", text)
    }
    assert printed == {"Rifle": None, "Grenade Launcher": 1, "Plasma Gun": 2, "Knife": None, "Pistol": None}


def test_a_weapons_table_longer_than_the_card_is_one_error_at_the_first_weapon_left_out(workdir):
    from helpers import write

    weapons = "".join(f"      - {{name: Rifle {i}, range: 24in, attacks: 1}}\n" for i in range(2, 16))
    path = write(workdir, "content/army.yaml", ARMY + weapons)
    run = run_cli("build", "-o", "out")
    assert run.code == 1 and "Traceback" not in run.stderr
    errors = [ln for ln in run.stderr.splitlines() if "error[" in ln]
    assert len(errors) == 1, run.stderr
    lines = path.read_text().splitlines()
    line, col = int(errors[0].split(":")[1]), int(errors[0].split(":")[2])
    first_out = lines[line - 1][col - 1 :]
    assert first_out.startswith("{name: Rifle "), errors
    name = first_out.split(",")[0].removeprefix("{name: ")
    assert "grimdark-unit `sergeant` in `grimdark-unit-cards`: the weapons table runs off the card" in errors[0]
    assert f"`{name}`" in errors[0] and "card_size" in run.stderr
    assert not (workdir / "out" / "grimdark" / "unit-cards" / "first-army.pdf").exists()


def test_a_unit_name_too_long_for_the_roster_is_reported_at_the_units_name(workdir):
    """Not at the army that lists the unit: the name is the unit's, and the hint says how
    long it may be there; a name that long builds."""
    from helpers import write

    long_name = "Sergeant of the Seventh Regiment of the Grand Imperial Battle Line Guard of Terra"
    army = ARMY.replace("name: Sergeant", f"name: {long_name}")
    path = write(workdir, "content/army.yaml", army)
    run = run_cli("validate", "--format", "json")
    found = [d for d in json.loads(run.stdout) if d["code"] == "layout.text-overflow"]
    roster = [d for d in found if "in `grimdark-roster`" in d["message"]]
    assert len(roster) == 1, found
    line = path.read_text().splitlines().index(f"name: {long_name}") + 1
    assert (roster[0]["file"], roster[0]["line"], roster[0]["column"]) == ("content/army.yaml", line, 7)
    assert roster[0]["message"].startswith("grimdark-unit `sergeant` in `grimdark-roster`: the unit name")
    fits = int(re.search(r"shorten it to (\d+) characters or fewer \(it has (\d+)\)", roster[0]["hint"]).group(1))
    assert 20 < fits < len(long_name)
    path.write_text(army.replace(long_name, long_name[:fits].rstrip()))
    again = run_cli("validate", "--format", "json")
    assert not [d for d in json.loads(again.stdout) if "in `grimdark-roster`" in d["message"]], again.stdout


def test_a_unit_name_too_long_for_a_mini_cards_title_says_how_long_it_may_be(tmp_path, monkeypatch):
    from helpers import initialised

    root = initialised(tmp_path, monkeypatch, "grimdark")
    theme = root / "content" / "theme.yaml"
    theme.write_text(theme.read_text().replace("card_size: poker", "card_size: mini"))
    units = root / "content" / "grimdark" / "grimdark-unit.yaml"
    units.write_text(units.read_text().replace("name: Sergeant\n", "name: Sergeant of the Crimson Tooth Clan\n"))
    found = [
        d
        for d in json.loads(run_cli("validate", "--format", "json").stdout)
        if "`grimdark-unit-cards`" in d["message"] and d["code"] == "layout.text-overflow"
    ]
    assert found and all(re.fullmatch(r"shorten it to \d+ characters or fewer \(it has 34\)", d["hint"]) for d in found)


GLOSSARY_DATA = REPO / "sheetgen" / "data" / "grimdark" / "rules.yaml"


def test_unit_cards_end_with_the_armys_rules_in_full_and_mark_sheetgens_readings(built):
    import yaml

    text = flat(pdf_text(built / "unit-cards" / "iron-wardens.pdf"))
    # A rule's text may go on to the next card: read past a card's foot and the next one's title.
    text = re.sub(r" Grimdark Future – Cubes \d+/\d+ Rules of Iron Wardens \(cont\.\)", "", text)
    rules = {r["name"]: r for r in yaml.safe_load(GLOSSARY_DATA.read_text(encoding="utf-8"))["rules"]}
    # What content/grimdark/units/iron-wardens.yaml carries (AP is a column of its own).
    carried = ("Blast", "Hero", "Relentless", "Scout", "Slow", "Tough")
    for name in carried:
        rule = rules[name]
        label = name + ("(X)" if rule.get("rating") else "")
        assert f"{label}{' †' if rule.get('reconstructed') and '†' not in rule['text'] else ''} — " in text
        assert flat(rule["text"]) in text
        if rule.get("reconstructed"):
            assert f"† {rule['reconstructed']}" in text
    assert "Fearless" not in text and "Aircraft" not in text  # rules no unit of the army has
    # The rulebook's own wording: Blast hits models in the square; heroes join as the data says.
    assert "hits up to X models in the target square" in text
    assert "Heroes joining † — A hero may join one unit of 2 or more models that has no hero" in text


def test_the_reference_deck_has_the_combat_rules_and_the_hills_of_the_rulebook(built):
    text = flat(pdf_text(built / "reference" / "grimdark-reference.pdf"))
    for words in (
        "Blast(X): ignores cover, and hits up to X models in the target square",
        "Psychic(X): enemy psychics within 6 squares",
        "Repair: once an activation",
        "cost 1 square of vertical movement up or down",
        "treat the side as dangerous terrain",
        "directly behind a hill has cover",
        "the rulebook's figure for them was lost",
        "† sheetgen's reading: the rulebook does not say how many rounds are played or who wins",
        "unit cards end with the full text of its rules",
    ):
        assert words in text, words


def test_an_aircraft_card_prints_its_straight_move_not_the_ground_actions(workdir):
    (workdir / "content" / "air.yaml").write_text(
        textwrap.dedent("""\
        kind: grimdark-army
        id: air
        name: Air Wing
        points_limit: 500
        units: [{unit: jet}]
        ---
        kind: grimdark-unit
        id: jet
        name: Strike Jet
        quality: 4
        defense: 3
        cost: 200
        special_rules: [Aircraft, Tough(6)]
        weapons: [{name: Cannon, range: 24in, attacks: 2, count: 2}]
        """),
        encoding="utf-8",
    )
    run = run_cli("build", "-o", "out")
    assert run.code == 0, run.stderr
    text = flat(pdf_text(workdir / "out" / "grimdark" / "unit-cards" / "air.pdf"))
    assert "6–12 sq straight ahead" in text and "every activation" in text
    assert "Advance" not in text and "Rush" not in text
    assert "2× Cannon" in text  # one model with two guns


def test_a_broken_glossary_holds_back_the_unit_cards_and_says_only_that(workdir):
    shutil.copytree(GRIMDARK, workdir / "content" / "grimdark")
    (workdir / "content" / "grimdark" / "glossary.yaml").write_text(
        textwrap.dedent("""\
        kind: grimdark-rules
        id: grimdark-special-rules
        rules:
          - {name: Tough, rating: maybe, short: Takes {X} wounds.}
        """),
        encoding="utf-8",
    )
    run = run_cli("build", "-o", "out")
    assert run.code == 1
    assert "content/grimdark/glossary.yaml:4:" in run.stderr and "unknown-rule" not in run.stderr
    out = workdir / "out" / "grimdark"
    assert not (out / "unit-cards").exists()
    assert (out / "roster" / "iron-wardens.pdf").is_file()  # a roster prints no rule text: it is built
