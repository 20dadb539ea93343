"""The KUBOS blank character sheet is fillable wherever it asks for writing: a check box on
every HP box and every fate-point circle, a text field on every ruled line (items and what
they weigh, magic items, background and notes, the identity lines), besides the value
boxes. The writing areas are read from the SVG, the fields from the PDF's AcroForm."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import SVG, SVG_NS, read_pdf, svg_root

WRITING_INK = "#6e6e6e"


@pytest.fixture(params=["a4", "letter"])
def blank(request, bundled_on) -> Path:
    """The blank KUBOS character sheet of the shared builds of the bundled content (A4, Letter)."""
    return bundled_on(request.param) / "kubos" / "blank" / "character-sheet"


def _offsets(root):
    """Each element's translation from its ancestors' `transform`s."""
    parents = {child: parent for parent in root.iter() for child in parent}

    def offset(el) -> tuple[float, float]:
        dx = dy = 0.0
        node = parents.get(el)
        while node is not None:
            m = re.match(r"translate\(([-\d.]+)[ ,]([-\d.]+)\)", node.get("transform", ""))
            if m:
                dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
            node = parents.get(node)
        return dx, dy

    return offset


def writing_areas(svg: Path):
    """(HP boxes, fate-point circles, ruled lines, field boxes by name), in SVG units, y down."""
    root = svg_root(svg)
    offset = _offsets(root)

    def rect(el) -> tuple[float, float, float, float]:
        dx, dy = offset(el)
        return float(el.get("x")) + dx, float(el.get("y")) + dy, float(el.get("width")), float(el.get("height"))

    fields = {el.get("data-field"): rect(el) for el in root.iter(f"{SVG}rect") if el.get("data-field")}
    hp = [rect(el) for el in root.find(".//svg:g[@id='hp']", SVG_NS).iter(f"{SVG}rect") if el.get("class") != "field"]
    circles = []
    for el in root.find(".//svg:g[@id='fp-track']", SVG_NS).iter(f"{SVG}circle"):
        dx, dy = offset(el)
        circles.append((float(el.get("cx")) + dx, float(el.get("cy")) + dy, float(el.get("r"))))
    lines = []
    for el in root.iter(f"{SVG}path"):
        nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", el.get("d"))]
        if el.get("stroke") == WRITING_INK and len(nums) == 4 and abs(nums[1] - nums[3]) < 1e-6:
            dx, dy = offset(el)
            lines.append((min(nums[0], nums[2]) + dx, max(nums[0], nums[2]) + dx, nums[1] + dy))
    return hp, circles, lines, fields


def pdf_fields(pdf: Path) -> dict[str, str]:
    """Field name → type (`/Tx` text, `/Btn` check box), from the AcroForm."""
    return {name: str(f.get("/FT")) for name, f in (read_pdf(pdf).get_fields() or {}).items()}


def test_every_writing_area_of_the_blank_sheet_has_a_field(blank):
    hp, circles, lines, fields = writing_areas(blank.with_suffix(".svg"))
    form = pdf_fields(blank.with_suffix(".pdf"))
    assert set(fields) == set(form), "the PDF's form holds the fields the layout places"
    assert len(hp) == 24 and len(circles) == 24
    for x, y, w, h in hp:
        on = [
            n
            for n, (fx, fy, fw, fh) in fields.items()
            if abs(fx - x) < 0.1 and abs(fy - y) < 0.1 and abs(fw - w) < 0.1 and abs(fh - h) < 0.1
        ]
        assert len(on) == 1 and form[on[0]] == "/Btn", f"the HP box at {x:.0f}, {y:.0f} has no check box"
    for cx, cy, r in circles:
        on = [
            n
            for n, (fx, fy, fw, fh) in fields.items()
            if abs(fx + fw / 2 - cx) < 0.1 and abs(fy + fh / 2 - cy) < 0.1 and fw <= 2 * r
        ]
        assert len(on) == 1 and form[on[0]] == "/Btn", f"the fate-point circle at {cx:.0f}, {cy:.0f} has no check box"
    assert len(lines) >= 9 + 2 + 18 + 6  # identity, armour and coins, items, magic items and notes
    for x0, x1, y in lines:
        on = [
            (fx, fx + fw)
            for n, (fx, fy, fw, fh) in fields.items()
            if abs(fy + fh - y) <= 2.5 and fx >= x0 - 0.5 and fx + fw <= x1 + 0.5 and form[n] == "/Tx"
        ]
        width = sum(b - a for a, b in on)
        assert width >= 0.8 * (x1 - x0), f"the ruled line at y={y:.0f} from x={x0:.0f} to {x1:.0f} has no text field"


def test_the_blank_sheet_counts_its_fields(blank):
    """23 value fields, then a field for each of the 24 HP boxes and 24 fate points, each of
    the 18 item lines twice (the item and what it weighs), and the magic-item and note lines."""
    form = pdf_fields(blank.with_suffix(".pdf"))
    kinds: dict[str, int] = {}
    for name in form:
        kind = re.sub(r"_\d+(_weighs)?$", "", name) + ("_weighs" if name.endswith("_weighs") else "")
        kinds[kind] = kinds.get(kind, 0) + 1
    assert kinds["hp_box"] == 24 and kinds["fate_point"] == 24
    assert kinds["item"] == kinds["item_weighs"] >= 18
    assert kinds["magic_item"] >= 3 and kinds["notes"] >= 3
    values = {
        k: n
        for k, n in kinds.items()
        if k not in {"hp_box", "fate_point", "item", "item_weighs", "magic_item", "notes"}
    }
    assert sum(values.values()) == 23, values
