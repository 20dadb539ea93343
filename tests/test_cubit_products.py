"""Cubit's other products, read back from the files a build writes: the flat sheet (and
its fillable blank), stickers, upgrade and faction cards, the grid mat, the reference
deck; colour contrast on faction colours; reproducible bytes."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
import yaml
from helpers import DATA, MM, REPO, pdf_text, rasterize_pdf, read_pdf, run_cli, svg_root, write
from helpers.pdfops import read_geometry, read_marks

OUT = Path("output/cubit")
BLEED = 3 * MM


@pytest.fixture
def built(bundled_a4):
    """The bundled Cubit content's outputs (the shared build: 50mm cubes, A4)."""
    return bundled_a4 / "cubit"


def words(text: str) -> str:
    return " ".join(text.split())


# --- the flat sheet ----------------------------------------------------------------------------


def test_the_sheet_shows_faces_in_die_order_with_effective_skills(built):
    text = words(pdf_text(built / "sheet" / "bloost.pdf"))
    order = [
        text.index(f"{n} · {name}".upper())
        for n, name in enumerate(["Aid", "Manipulate", "Attack", "Defense", "Talk", "Move"], 1)
    ]
    assert order == sorted(order)
    for expected in [
        "Blue Stripes",
        "Bloost",
        "Keep the grid lines bright",
        "The Governors",
        "Likes: The Builders, The Rangers",
        "Dislikes: The Reachers, The Delvers",
        "Martial Arts −3",
        "Specialization: persuade −1",
        "skill 6",
        "upgrades −3",
        "Spare grid-line bulb",
        "Behind face 2 (Manipulate)",
        "Undamaged",
        "Damaged",
        "Beyond repair",
        "Blown up",
        "Skill levels: 21 of 21",
    ]:
        assert expected in text, expected


def test_the_sheet_has_a_box_per_charge_and_ticks_the_charges_left(built):
    text = words(pdf_text(built / "sheet" / "far-roller.pdf"))
    assert "Battery face 6" in text and "Swerve face 6" in text and "found in the ruins" in text
    # Far Roller's battery: capacity 3, 2 charges left. Find the boxes on the Battery line.
    root = svg_root(built / "sheet" / "far-roller.svg")
    ns = "{http://www.w3.org/2000/svg}"
    label = next(g for g in root.iter(f"{ns}g") if g.get("aria-label") == "Battery")
    baseline = float(re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", label.get("transform")).group(2))
    boxes = [
        r
        for r in root.iter(f"{ns}rect")
        if float(r.get("width")) == float(r.get("height"))
        and 2 * MM < float(r.get("width")) < 4 * MM
        and abs(float(r.get("y")) + float(r.get("height")) / 2 - (baseline - 3)) < 4
    ]
    assert len(boxes) == 3
    ticks = 0
    for path in root.iter(f"{ns}path"):
        pts = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path.get("d", ""))]
        if len(pts) != 6:
            continue
        x, y = pts[2], pts[3]  # the tick's lowest point
        ticks += any(
            float(b.get("x")) < x < float(b.get("x")) + float(b.get("width"))
            and float(b.get("y")) < y < float(b.get("y")) + float(b.get("height"))
            for b in boxes
        )
    assert ticks == 2


def test_the_sheet_pages_are_true_paper_size(built):
    box = read_pdf(built / "sheet" / "figsogren.pdf").pages[0].mediabox
    assert (float(box.width), float(box.height)) == (
        pytest.approx(210 * MM, abs=0.01),
        pytest.approx(297 * MM, abs=0.01),
    )
    root = svg_root(built / "sheet" / "figsogren.svg")
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")


def test_an_npc_with_two_manipulate_faces_gets_two_compartments(cubit_workdir):
    write(
        cubit_workdir,
        "content/cubit/cubits/hauler.yaml",
        """
        kind: cubit
        id: hauler
        configuration: custom
        faces: "Ma3 Ma2 At1 De4 Mo2 Mo1"
    """,
    )
    assert run_cli("build", "--format", "pdf").code == 0
    text = words(pdf_text(cubit_workdir / OUT / "sheet" / "hauler.pdf"))
    assert "Behind face 1 (Manipulate)" in text and "Behind face 2 (Manipulate)" in text
    assert "Unnamed cubit" in text and "no budget" in text


def test_the_blank_sheet_is_fillable(built):
    reader = read_pdf(built / "blank" / "cubit-sheet.pdf")
    fields = reader.get_fields()
    for name in (
        ["names", "function", "player", "faction", "likes", "dislikes", "notation"]
        + [f"face{n}_skill" for n in range(1, 7)]
        + [f"face{n}_upgrades" for n in range(1, 7)]
    ):
        assert name in fields, name
    assert any(name.startswith("damage_") for name in fields)
    assert "storage2" in fields  # the standard Manipulate face is face 2


# --- nets' colours -------------------------------------------------------------------------------


def luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    channels = [int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("faction", ["governors", "builders", "reachers", "delvers", "rangers"])
def test_face_headings_stay_readable_on_every_faction_colour(cubit_workdir, faction):
    write(
        cubit_workdir,
        "content/cubit/cubits/probe.yaml",
        f"""
        kind: cubit
        id: probe
        faction: {faction}
        faces: "Ai2 Ma6 At5 De4 Ta3 Mo1"
    """,
    )
    assert run_cli("build", "--format", "svg").code == 0
    root = svg_root(cubit_workdir / OUT / "net" / "probe.svg")
    checked = 0
    for group in root.iter("{http://www.w3.org/2000/svg}g"):
        m = re.fullmatch(r"probe-face-(\d)", group.get("aria-label") or "")
        if not m:
            continue
        ground = next(el for el in group.iter() if "heading" in (el.get("class") or "").split())
        heading = next(
            g
            for g in group.iter("{http://www.w3.org/2000/svg}g")
            if g.get("class") == "text" and g.get("aria-label", "").isupper() and len(g.get("aria-label")) > 2
        )
        assert contrast(ground.get("fill"), heading.get("fill")) >= 4.5, (faction, heading.get("aria-label"))
        checked += 1
    assert checked == 6


# --- stickers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [40, 50])
def test_stickers_are_cut_to_the_face_size_with_crop_marks(cubit_workdir, size):
    assert run_cli("build", "--cube-size", f"{size}mm", "--format", "pdf").code == 0
    pdf = cubit_workdir / OUT / "stickers" / "temporary-upgrades.pdf"
    reader = read_pdf(pdf)
    edge = size * MM
    stickers = 0
    for page in reader.pages:
        segments, placements, _ = read_geometry(page)
        cards = [p for p in placements if p.name.startswith("card ")]
        stickers += len(cards)
        xs = sorted({round(p.matrix[4], 2) for p in cards})
        steps = [b - a for a, b in zip(xs, xs[1:])]
        assert steps and all(min(abs(st - edge), abs(st - edge - 2 * BLEED)) < 0.02 for st in steps)
        assert any("crop" in s.group or "crop-marks" in s.group for s in segments)
        trim = page.trimbox
        assert float(trim.width) + 0.01 >= edge
    # Far Roller carries a Battery and a Swerve; then one spare per temporary-capable upgrade (8).
    assert stickers == 2 + 8
    text = words(pdf_text(pdf))
    assert "Far Roller · face 6" in text or size < 40


# --- cards ----------------------------------------------------------------------------------------


def test_upgrade_cards_cover_the_catalog_with_costs_and_specialization_actions(built):
    pdf = built / "cards" / "upgrades.pdf"
    text = words(pdf_text(pdf))
    for name in [
        "Battery",
        "Corner Attack",
        "Fast Spin",
        "Martial Arts",
        "Spin Other",
        "Spring",
        "Squeeze Spin",
        "Swerve",
        "Specialization",
    ]:
        assert name in text
    assert "Cost: 5 skill levels" in text  # Corner Attack, as the rulebook prices it
    assert "1 skill level per charge of capacity" in text  # Battery
    assert "persuade, deceive, gather information" in text
    assert "Reconstructed" in text
    # Specialization's text keeps the deck's size and continues on a second card.
    assert "Specialization (cont.)" in text and "10/10" in text
    reader = read_pdf(pdf)
    assert len(reader.pages) == 4  # nine cards on a sheet, their backs, then the tenth and its back
    _, placements, _ = read_geometry(reader.pages[0])
    assert len([p for p in placements if p.name.startswith("card ")]) == 9


def test_faction_cards_say_who_likes_whom(built):
    text = words(pdf_text(built / "cards" / "factions.pdf"))
    for faction in ["The Governors", "The Builders", "The Reachers", "The Delvers", "The Rangers"]:
        assert faction in text
    assert "Likes: The Delvers, The Governors Dislikes: The Builders, The Reachers" in text  # the Rangers


# --- the grid mat ----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [30, 50])
def test_the_grid_mat_tiles_twelve_by_twelve_squares_of_the_cube_size(cubit_workdir, size):
    assert run_cli("build", "--cube-size", f"{size}mm", "--format", "pdf").code == 0
    pdf = cubit_workdir / OUT / "blank" / "grid-mat.pdf"
    reader = read_pdf(pdf)
    labels: list[str] = []
    for page in reader.pages:
        labels += re.findall(r"\b([A-L](?:1[0-2]|[1-9]))\b", page.extract_text() or "")
        segments, _, _ = read_geometry(page)
        grid = [s for s in segments if not s.group]
        verticals = sorted({round(s.x1, 2) for s in grid if abs(s.x1 - s.x2) < 0.01})
        gaps = {round(b - a, 1) for a, b in zip(verticals, verticals[1:])}
        assert gaps <= {round(size * MM, 1)}
        marks = [s for s in segments if "join-marks" in s.group]
        assert marks, "pages carry ticks to line them up"
    squares = [f"{c}{r}" for c in "ABCDEFGHIJKL" for r in range(1, 13)]
    assert sorted(set(labels)) == sorted(squares)
    assert len(labels) >= len(squares)


# --- reference deck, reproducibility -------------------------------------------------------------------


# The rulebook's suggested values, in its order (seeds/000, Talk bonuses and break targets).
SPEAKER_BONUSES = [2, 2, 3, 5, 1, 1]
LISTENER_BONUSES = [2, 5, 1, 1, 3, 5, 5, 10, 15]
BREAK_TARGETS = [1, 5, 10, 20, 50]


def test_the_reference_deck_carries_the_rulebook_tables(built):
    text = words(pdf_text(built / "reference" / "cubit-basics.pdf"))
    for expected in ["Top face counts double", "Roll up to 3 squares", "Defer", "Spinning", "Beyond repair"]:
        assert expected in text, expected
    deck = yaml.safe_load((REPO / "content/cubit/reference.yaml").read_text())
    cards = {card["title"]: card for card in deck["cards"]}
    tables = {}
    for title, values in (
        ("Talk — speaker bonuses", SPEAKER_BONUSES),
        ("Talk — listener bonuses", LISTENER_BONUSES),
        ("Breaking things", BREAK_TARGETS),
    ):
        rows = cards[title]["table"]["rows"]
        assert [row[1] for row in rows] == values, title
        tables[title] = rows
        for words_, value in rows:  # each row is printed with its value
            assert f"{words_} {value}" in text, (title, words_)
    # The rulebook's own rows open with "Speaker …"; sheetgen words each row its own way.
    for rows in tables.values():
        assert not any(str(row[0]).lower().startswith(("speaker", "listener")) for row in rows)


def test_the_reference_deck_states_the_talk_exception_and_who_wins_aid_ties(built):
    deck = yaml.safe_load((REPO / "content/cubit/reference.yaml").read_text())
    opposed = next(c for c in deck["cards"] if c["title"] == "Targeted or opposed")["body"]
    line = next(line for line in opposed.splitlines() if "Talk" in line and "exposed" in line)
    assert "cannot be persuaded" in line  # no Talk side exposed: not a loss, no check at all
    interfaces = yaml.safe_load_all((DATA / "cubit/interfaces.yaml").read_text())
    aid = next(d for d in interfaces if d["id"] == "aid")
    assert "match or beat" in aid["text"]


def test_the_same_content_builds_the_same_bytes(cubit_workdir):
    hashes = []
    for out in ("a", "b"):
        assert run_cli("build", "-o", out).code == 0
        manifest = json.loads((cubit_workdir / out / "manifest.json").read_text())
        hashes.append({e["path"]: e["sha256"] for e in manifest["outputs"] if e["path"].startswith("cubit/")})
    assert hashes[0] == hashes[1] and len(hashes[0]) > 20


def test_outputs_land_in_the_documented_folders(built):
    for rel in [
        "net/bloost.pdf",
        "net/bloost.svg",
        "sheet/bloost.pdf",
        "sheet/bloost.svg",
        "nets/all-cubits.pdf",
        "cards/upgrades.pdf",
        "cards/factions.pdf",
        "stickers/temporary-upgrades.pdf",
        "blank/grid-mat.pdf",
        "blank/cubit-sheet.pdf",
        "blank/cube-net.pdf",
        "blank/cube-net.svg",
        "reference/cubit-basics.pdf",
    ]:
        assert (built / rel).exists(), rel


@pytest.mark.parametrize("paper,size", [("a4", "25mm"), ("a4", "40mm"), ("a4", "largest"), ("letter", "largest")])
def test_bundled_content_lays_out_cleanly_at_every_supported_size(cubit_workdir, paper, size):
    if size == "largest":
        refused = run_cli("validate", "--paper", paper, "--cube-size", "200mm")
        size = re.search(r"largest cube size that fits is ([\d.]+mm)", refused.stderr).group(1)
    result = run_cli("validate", "--strict", "--paper", paper, "--cube-size", size)
    assert result.code == 0, result.stderr


def test_a_cube_too_small_for_readable_faces_is_refused(cubit_workdir):
    result = run_cli("build", "--cube-size", "15mm")
    assert result.code == 2 and "smallest cube size" in result.stderr


# --- pages to cut out --------------------------------------------------------------------------------


def test_pages_to_cut_out_get_a_blank_back_in_a_handout(cubit_workdir):
    from sheetgen.layout.registry import products

    one_sided = {p.id for p in products().values() if p.game == "cubit" and p.one_sided}
    assert one_sided == {
        "cubit-net",
        "cubit-nets",
        "cubit-blank-net",
        "cubit-stickers",  # cut out
        "cubit-sheet",
        "cubit-blank-sheet",
        "cubit-grid-mat",
    }  # kept in pencil, laid side by side
    write(
        cubit_workdir,
        "content/kit.yaml",
        """
        kind: handout
        id: kit
        title: Cubit kit
        sections:
          - title: Nets
            include: {kind: cubit, product: net, ids: [bloost, tumbler]}
          - title: Stickers
            include: {kind: cubit, product: stickers}
    """,
    )
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0, result.stderr
    texts = [words(p.extract_text() or "") for p in read_pdf(cubit_workdir / "output/handouts/bundle/kit.pdf").pages]
    printed = [i for i, text in enumerate(texts) if "Cut along the solid line" in text or "TEMPORARY UPGRADE" in text]
    assert len(printed) == 3  # two nets, one page of stickers
    for i in printed:
        assert texts[i + 1] == "", f"page {i + 2} backs a page to cut out, but is not blank"


# --- the sheet's details ------------------------------------------------------------------------------


def text_runs(root) -> dict[str, list[tuple[float, float]]]:
    """Each text run's words → where it is printed, (x, y) of each run with those words."""
    out: dict[str, list[tuple[float, float]]] = {}
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if g.get("class") == "text":
            m = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform") or "")
            if m:
                out.setdefault(g.get("aria-label"), []).append((float(m.group(1)), float(m.group(2))))
    return out


def test_an_unnamed_cubit_gets_an_empty_line_for_its_names(built):
    runs = text_runs(svg_root(built / "sheet" / "unnamed-builder.svg"))
    ((nx, ny),) = runs["NAMES (GIVEN BY OTHERS)"]
    ((px, _),) = runs["PLAYER"]
    under = [words for words, spots in runs.items() for x, y in spots if nx - 1 <= x < px and 0 < y - ny < 10 * MM]
    assert under == []  # nothing printed on the names line: the other players write them in
    named = text_runs(svg_root(built / "sheet" / "bloost.svg"))
    ((nx, ny),) = named["NAMES (GIVEN BY OTHERS)"]
    assert any(0 < y - ny < 10 * MM for x, y in named["Blue Stripes, Bloost"])


def test_temporary_upgrades_sit_under_column_headings(built):
    runs = text_runs(svg_root(built / "sheet" / "far-roller.svg"))
    ((ux, uy),) = runs["UPGRADE"]
    ((fx, fy),) = runs["FACE"]
    ((cx, cy),) = runs["CHARGES"]
    assert uy == fy == cy and ux < fx < cx
    ((bx, by),) = runs["Battery"]
    assert by > uy and abs(bx - ux) < 0.5
    assert all(abs(x - fx) < 0.5 and y > uy for x, y in runs["face 6"])  # Battery's and Swerve's
    assert any(abs(x - cx) < 0.5 and y > by for x, y in runs["none"])  # Swerve has no charges


def test_a_cubits_own_stickers_look_like_the_spares_and_carry_its_colours(cubit_workdir):
    """Far Roller's Battery and Swerve print in the game's livery, as every spare does (not
    white on white in the cubit's pale colours); a chip of its colours sits by its name."""
    from PIL import Image

    assert run_cli("build", "--format", "pdf").code == 0
    pdf = cubit_workdir / OUT / "stickers" / "temporary-upgrades.pdf"
    page = read_pdf(pdf).pages[0]
    cards = [p for p in read_geometry(page)[1] if p.name.startswith("card ")]
    dpi = 60
    image = Image.open(rasterize_pdf(pdf, cubit_workdir / "stickers.png", dpi=dpi)).convert("RGB")
    height, edge = float(page.mediabox.height), 50 * MM

    def pixel(card, fx: float, fy: float) -> tuple[int, int, int]:  # a point of a card, as fractions of its edge
        x, top = card.matrix[4] + fx * edge, height - card.matrix[5] + fy * edge
        return image.getpixel((round(x * dpi / 72), round(top * dpi / 72)))

    heads = [pixel(c, 0.5, 0.02) for c in cards]  # the title band
    grounds = [pixel(c, 0.02, 0.5) for c in cards]  # the frame around the white panel
    assert len(set(heads)) == 1 and len(set(grounds)) == 1, (heads, grounds)
    assert heads[0] != (255, 255, 255)
    chip = [pixel(cards[0], 0.82, 0.87), pixel(cards[0], 0.873, 0.87)]  # Far Roller: white and blue
    assert chip[0] == (255, 255, 255) and chip[1][2] > chip[1][0] + 60, chip
    assert pixel(cards[2], 0.873, 0.87) == (255, 255, 255)  # a spare has no owner, no chip


@pytest.mark.parametrize("size", [25, 50])
@pytest.mark.parametrize("capacity", [6, 12])
def test_charge_boxes_on_stickers_keep_apart_inside_the_panel(size, capacity):
    from sheetgen.content.loader import Library
    from sheetgen.layout.cards import CardGeometry
    from sheetgen.layout.context import LayoutContext
    from sheetgen.layout.primitives import Rect
    from sheetgen.layout.sheets.cubit.stickers import Sticker, sticker_art
    from sheetgen.layout.sheets.cubit.style import livery
    from sheetgen.rules import check

    theme = dataclasses.replace(check(Library()).theme, cube_size=size * MM)
    ctx = LayoutContext(theme)
    geo = CardGeometry(size * MM, size * MM, theme.bleed)
    art = sticker_art(
        ctx, geo, Sticker("Battery", "Holds charges.", "Tester · face 1", "face 1", capacity, 2, livery(ctx, ()))
    )
    assert not [i for i in ctx.issues if i.severity.name == "ERROR"]
    rects = [i for i in art if isinstance(i, Rect)]
    panel = next(r for r in rects if r.fill == "#ffffff")
    boxes = [r for r in rects if r.fill is None and r is not panel and abs(r.w - r.h) < 1e-6]
    assert len(boxes) == capacity
    side = boxes[0].w
    assert side >= 1.5 * MM
    for r in boxes:
        assert panel.x < r.x and r.x + r.w < panel.x + panel.w and panel.y < r.y and r.y + r.h < panel.y + panel.h
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            gap = max(b.x - (a.x + a.w), a.x - (b.x + b.w), b.y - (a.y + a.h), a.y - (b.y + b.h))
            assert gap >= side / 3, (a, b)


# --- text too long for its place points at the field it came from --------------------------------


def overflows(workdir: Path) -> list[dict]:
    result = run_cli("validate", "--format", "json")
    assert "Traceback" not in result.stderr
    return [d for d in json.loads(result.stdout) if d["code"] == "layout.text-overflow"]


def line_of(path: Path, starts: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if line.startswith(starts))


def test_a_long_function_is_reported_at_the_function(cubit_workdir):
    path = cubit_workdir / "content/cubit/cubits/bloost.yaml"
    path.write_text(
        path.read_text().replace(
            "function: Keep the grid lines bright", "function: " + "Keep every grid line bright and humming " * 12
        )
    )
    found = overflows(cubit_workdir)
    assert found and all(d["file"].endswith("bloost.yaml") and d["line"] == line_of(path, "function:") for d in found)
    assert any("subtitle" in d["message"] for d in found)  # the net's header


def test_a_long_name_is_reported_at_the_name_on_stickers_too(cubit_workdir):
    """Too long for the net and the sheet (an error there), the name is only cut short on a
    temporary-upgrade sticker, where it names the owner: a warning, at the name."""
    path = cubit_workdir / "content/cubit/cubits/far-roller.yaml"
    path.write_text(path.read_text().replace("name: Far Roller", "name: " + "Far Roller Of The Long Dark " * 4))
    found = overflows(cubit_workdir)
    assert found and all(d["file"].endswith("far-roller.yaml") and d["line"] == line_of(path, "name:") for d in found)
    assert not any("owner" in d["message"] for d in found)
    result = run_cli("validate", "--format", "json")
    (cut,) = [d for d in json.loads(result.stdout) if d["code"] == "layout.text-abbreviated"]
    assert cut["severity"] == "warning" and "owner" in cut["message"] and cut["line"] == line_of(path, "name:")


def test_a_long_owner_name_is_cut_short_on_its_sticker_and_the_sheet_still_builds(cubit_workdir):
    """An ordinary long name that fits the net and the sheet but not a sticker's owner line
    prints with an ellipsis on the sticker, with a warning; the stickers are written."""
    path = cubit_workdir / "content/cubit/cubits/far-roller.yaml"
    path.write_text(path.read_text().replace("name: Far Roller", "name: Bartholomew Quickspindle the Third"))
    result = run_cli("build")
    assert result.code == 0 and "error[" not in result.stderr, result.stderr
    assert f"far-roller.yaml:{line_of(path, 'name:')}:7: warning[layout.text-abbreviated]" in result.stderr
    assert "the owner (`name`)" in result.stderr
    text = pdf_text(cubit_workdir / "output/cubit/stickers/temporary-upgrades.pdf")
    assert "Bartholomew Qui" in text and "…" in text and "Quickspindle the Third" not in text


def test_a_long_interface_name_is_reported_at_the_interface(cubit_workdir):
    path = cubit_workdir / "content/cubit/interfaces.yaml"
    path.write_text(
        path.read_text().replace("name: Manipulate", "name: Manipulate Anything Within Reach Of The Grid", 1)
    )
    found = overflows(cubit_workdir)
    where = {(d["file"].split("/")[-1], d["line"], d["column"]) for d in found}
    assert where == {("interfaces.yaml", line_of(path, "name: Manipulate"), 7)}
    # The nets' face headers and, on the sheets, the face's section title or the storage
    # compartment's heading, whichever has less room (an upgrade card that names it takes its
    # subtitle over two lines).
    said = {d["message"].split(": the ", 1)[1].split(" (")[0] for d in found}
    assert "interface name" in said and said & {"section title", "compartment heading"}, said


def test_a_long_reconstruction_note_is_reported_at_the_note(cubit_workdir):
    path = cubit_workdir / "content/cubit/interfaces.yaml"
    text = path.read_text()
    note = next(line for line in text.splitlines() if line.startswith("reconstructed:"))
    path.write_text(
        text.replace(note, "reconstructed: " + "the order, the codes and the icons are sheetgen's own " * 8, 1)
    )
    found = overflows(cubit_workdir)
    assert found and all(
        d["file"].endswith("interfaces.yaml") and d["line"] == line_of(path, "reconstructed: the order") for d in found
    )
    assert any("notice" in d["message"] for d in found) and any("credit line" in d["message"] for d in found)


def test_a_cubit_of_many_names_prints_them_all_over_two_lines(workdir):
    """ "His friends might call him Stalwart Defender while his enemies call him Destroyer
    Of Hope": a name and three others are too long for one line of the net's title and of
    the sheet's names; each takes two lines there, whole, in the title's box and the field's."""
    write(
        workdir,
        "content/c.yaml",
        """
        kind: cubit
        id: stalwart
        name: Stalwart Defender
        aliases: [Destroyer Of Hope, Stalwart, Big Shield]
        function: Guard the eastern powerhouse from rebels, vandals and wandering Delvers
        faction: governors
        faces: "Ai2 Ma6 At5 De4 Ta3 Mo1"
    """,
    )
    run = run_cli("build", "--format", "pdf")
    assert run.code == 0 and "error[" not in run.stderr, run.stderr
    net = " ".join(pdf_text(workdir / "output/cubit/net/stalwart.pdf").split())
    assert "Stalwart Defender (Destroyer Of Hope, Stalwart, Big Shield)" in net
    sheet = " ".join(pdf_text(workdir / "output/cubit/sheet/stalwart.pdf").split())
    assert "Stalwart Defender, Destroyer Of Hope, Stalwart, Big Shield" in sheet
    runs, _ = read_marks(read_pdf(workdir / "output/cubit/net/stalwart.pdf").pages[0])
    whole = "Stalwart Defender (Destroyer Of Hope, Stalwart, Big Shield)"
    title = [r for r in runs if len(r.text.strip()) > 3 and r.text.strip() in whole]
    assert " ".join(r.text.strip() for r in title) == whole, title  # all of it, over …
    assert len({round(r.y, 1) for r in title}) == 2 and all(r.size >= 8 for r in title), title  # … two lines
