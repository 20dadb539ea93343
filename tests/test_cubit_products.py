"""Cubit's other products, read back from the files a build writes: the flat sheet (and
its fillable blank), stickers, upgrade and faction cards, the grid mat, the reference
deck; colour contrast on faction colours; reproducible bytes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import MM, pdf_text, read_pdf, run_cli, svg_root, write
from pdfops import read_geometry
from test_cubit_support import build_once, cubit_workdir  # noqa: F401  (a fixture)

OUT = Path("output/cubit")
BLEED = 3 * MM


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The bundled Cubit content, built once at the default size (50mm, A4)."""
    return build_once(tmp_path_factory, "cubit")


def words(text: str) -> str:
    return " ".join(text.split())


# --- the flat sheet ----------------------------------------------------------------------------


def test_the_sheet_shows_faces_in_die_order_with_effective_skills(built):
    text = words(pdf_text(built / "sheet" / "bloost.pdf"))
    order = [text.index(f"{n} · {name}".upper()) for n, name in
             enumerate(["Aid", "Manipulate", "Attack", "Defense", "Talk", "Move"], 1)]
    assert order == sorted(order)
    for expected in ["Blue Stripes", "Bloost", "Keep the grid lines bright", "The Governors",
                     "Likes: The Builders, The Rangers", "Dislikes: The Reachers, The Delvers",
                     "Martial Arts −3", "Specialization: persuade −1", "skill 6", "upgrades −3",
                     "Spare grid-line bulb", "Behind face 2 (Manipulate)",
                     "Undamaged", "Damaged", "Beyond repair", "Blown up", "Skill levels: 21 of 21"]:
        assert expected in text, expected


def test_the_sheet_has_a_box_per_charge_and_ticks_the_charges_left(built):
    text = words(pdf_text(built / "sheet" / "far-roller.pdf"))
    assert "Battery face 6" in text and "Swerve face 6" in text and "found in the ruins" in text
    # Far Roller's battery: capacity 3, 2 charges left. Find the boxes on the Battery line.
    root = svg_root(built / "sheet" / "far-roller.svg")
    ns = "{http://www.w3.org/2000/svg}"
    label = next(g for g in root.iter(f"{ns}g") if g.get("aria-label") == "Battery")
    baseline = float(re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", label.get("transform")).group(2))
    boxes = [r for r in root.iter(f"{ns}rect")
             if float(r.get("width")) == float(r.get("height")) and 2 * MM < float(r.get("width")) < 4 * MM
             and abs(float(r.get("y")) + float(r.get("height")) / 2 - (baseline - 3)) < 4]
    assert len(boxes) == 3
    ticks = 0
    for path in root.iter(f"{ns}path"):
        pts = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path.get("d", ""))]
        if len(pts) != 6:
            continue
        x, y = pts[2], pts[3]  # the tick's lowest point
        ticks += any(float(b.get("x")) < x < float(b.get("x")) + float(b.get("width")) and
                     float(b.get("y")) < y < float(b.get("y")) + float(b.get("height")) for b in boxes)
    assert ticks == 2


def test_the_sheet_pages_are_true_paper_size(built):
    box = read_pdf(built / "sheet" / "figsogren.pdf").pages[0].mediabox
    assert (float(box.width), float(box.height)) == (pytest.approx(210 * MM, abs=0.01), pytest.approx(297 * MM, abs=0.01))
    root = svg_root(built / "sheet" / "figsogren.svg")
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")


def test_an_npc_with_two_manipulate_faces_gets_two_compartments(cubit_workdir):
    write(cubit_workdir, "content/cubit/cubits/hauler.yaml", """
        kind: cubit
        id: hauler
        configuration: custom
        faces: "Ma3 Ma2 At1 De4 Mo2 Mo1"
    """)
    assert run_cli("build", "--format", "pdf").code == 0
    text = words(pdf_text(cubit_workdir / OUT / "sheet" / "hauler.pdf"))
    assert "Behind face 1 (Manipulate)" in text and "Behind face 2 (Manipulate)" in text
    assert "Unnamed cubit" in text and "no budget" in text


def test_the_blank_sheet_is_fillable(built):
    reader = read_pdf(built / "blank" / "cubit-sheet.pdf")
    fields = reader.get_fields()
    for name in ["names", "function", "player", "faction", "likes", "dislikes", "notation"] + \
                [f"face{n}_skill" for n in range(1, 7)] + [f"face{n}_upgrades" for n in range(1, 7)]:
        assert name in fields, name
    assert any(name.startswith("damage_") for name in fields)
    assert "storage2" in fields  # the standard Manipulate face is face 2


# --- nets' colours -------------------------------------------------------------------------------


def luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("faction", ["governors", "builders", "reachers", "delvers", "rangers"])
def test_face_headings_stay_readable_on_every_faction_colour(cubit_workdir, faction):
    write(cubit_workdir, "content/cubit/cubits/probe.yaml", f"""
        kind: cubit
        id: probe
        faction: {faction}
        faces: "Ai2 Ma6 At5 De4 Ta3 Mo1"
    """)
    assert run_cli("build", "--format", "svg").code == 0
    root = svg_root(cubit_workdir / OUT / "net" / "probe.svg")
    checked = 0
    for group in root.iter("{http://www.w3.org/2000/svg}g"):
        m = re.fullmatch(r"probe-face-(\d)", group.get("aria-label") or "")
        if not m:
            continue
        ground = next(el for el in group.iter() if "heading" in (el.get("class") or "").split())
        heading = next(g for g in group.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "text"
                       and g.get("aria-label", "").isupper() and len(g.get("aria-label")) > 2)
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
    for name in ["Battery", "Corner Attack", "Fast Spin", "Martial Arts", "Spin Other", "Spring", "Squeeze Spin",
                 "Swerve", "Specialization"]:
        assert name in text
    assert "Cost: 5 skill levels" in text  # Corner Attack, as the rulebook prices it
    assert "1 skill level per charge of capacity" in text  # Battery
    assert "persuade, deceive, gather information" in text
    assert "Reconstructed" in text
    reader = read_pdf(pdf)
    assert len(reader.pages) == 2  # nine cards on a sheet, then their backs
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


def test_the_reference_deck_carries_the_rulebook_tables(built):
    text = words(pdf_text(built / "reference" / "cubit-basics.pdf"))
    for expected in ["Top face counts double", "Roll up to 3 squares", "Defer", "Spinning", "Beyond repair",
                     "is the listener's boss or superior 5", "the listener must betray its function 15",
                     "Blast a cubit-sized hole in a wall 50", "Stop heavy machinery 20"]:
        assert expected in text, expected


def test_the_same_content_builds_the_same_bytes(cubit_workdir):
    hashes = []
    for out in ("a", "b"):
        assert run_cli("build", "-o", out).code == 0
        manifest = json.loads((cubit_workdir / out / "manifest.json").read_text())
        hashes.append({e["path"]: e["sha256"] for e in manifest["outputs"] if e["path"].startswith("cubit/")})
    assert hashes[0] == hashes[1] and len(hashes[0]) > 20


def test_outputs_land_in_the_documented_folders(built):
    for rel in ["net/bloost.pdf", "net/bloost.svg", "sheet/bloost.pdf", "sheet/bloost.svg", "nets/all-cubits.pdf",
                "cards/upgrades.pdf", "cards/factions.pdf", "stickers/temporary-upgrades.pdf", "blank/grid-mat.pdf",
                "blank/cubit-sheet.pdf", "blank/cube-net.pdf", "blank/cube-net.svg", "reference/cubit-basics.pdf"]:
        assert (built / rel).exists(), rel


@pytest.mark.parametrize("paper,size", [("a4", "25mm"), ("a4", "40mm"), ("a4", "60.5mm"), ("letter", "56mm")])
def test_bundled_content_lays_out_cleanly_at_every_supported_size(cubit_workdir, paper, size):
    result = run_cli("validate", "--strict", "--paper", paper, "--cube-size", size)
    assert result.code == 0, result.stderr


def test_a_cube_too_small_for_readable_faces_is_refused(cubit_workdir):
    result = run_cli("build", "--cube-size", "15mm")
    assert result.code == 2 and "smallest cube size" in result.stderr
