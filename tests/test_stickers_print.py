"""Temporary-upgrade stickers and cube nets as printed: every glyph of a sticker stays 1 mm
inside the part of the sticker that prints (on A4, where stickers keep their bleed, and on
Letter, where they are butted with a paper-coloured edge), and the type keeps its floor."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import MM, read_pdf
from helpers.pdfops import read_geometry, read_marks

PAPERS = ["a4", "letter"]
# Fine print (labels, the owner line, the scale bar, the credit) may go down to 6.5 pt;
# everything else on nets and stickers (rules text, skill details) stays at 7.5 pt or more.
FINE_PRINT = re.compile(
    r"glue under \d|measure this bar|Cubit, a role-playing game|· face|Rules on its card|"
    r"TEMPORARY UPGRADE"
)


@pytest.fixture
def built(bundled_on) -> dict[str, Path]:
    """The bundled Cubit content's outputs, from the shared builds on A4 and on Letter."""
    return {paper: bundled_on(paper) / "cubit" for paper in PAPERS}


def word_boxes(pdf: Path, page: int) -> list[tuple[str, float, float, float, float]]:
    """Each word's glyph box as poppler measures it (the font's ascent to its descent),
    (word, left, top, right, bottom) in points, y down."""
    xml = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-bbox", str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    root = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", xml))
    return [
        (w.text or "", float(w.get("xMin")), float(w.get("yMin")), float(w.get("xMax")), float(w.get("yMax")))
        for w in root.iter("{http://www.w3.org/1999/xhtml}word")
    ]


def sticker_clips(page) -> list[tuple[float, float, float, float]]:
    """Each sticker's printing area (its clip), as (left, top, right, bottom), y down."""
    _, placements, rects = read_geometry(page)
    height = float(page.mediabox.height)
    out = []
    for p in placements:
        if p.name.startswith("card "):
            x, y, w, h, _ = next(r for r in rects if p.name in r[4])
            out.append((x, height - (y + h), x + w, height - y))
    return out


@pytest.mark.parametrize("paper", PAPERS)
def test_every_glyph_on_a_sticker_keeps_1mm_from_its_printed_edge(built, paper):
    pdf = built[paper] / "stickers" / "temporary-upgrades.pdf"
    reader = read_pdf(pdf)
    checked = 0
    for n, page in enumerate(reader.pages, 1):
        clips = sticker_clips(page)
        assert clips, f"page {n}: no stickers found"
        for word, left, top, right, bottom in word_boxes(pdf, n):
            cx, cy = (left + right) / 2, (top + bottom) / 2
            inside = [c for c in clips if c[0] <= cx <= c[2] and c[1] <= cy <= c[3]]
            if not inside:
                continue  # the scale bar's words, in the margin
            ((x0, y0, x1, y1),) = inside
            gap = min(left - x0, top - y0, x1 - right, y1 - bottom)
            assert gap >= 1 * MM, f"{paper} page {n}: {word!r} is {gap / MM:.2f} mm from its sticker's edge"
            checked += 1
    assert checked > 100  # every sticker's name, kind, rules and owner line


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(
    "product", ["net/bloost.pdf", "nets/all-cubits.pdf", "blank/cube-net.pdf", "stickers/temporary-upgrades.pdf"]
)
def test_nets_and_stickers_keep_the_type_floor(built, paper, product):
    for page in read_pdf(built[paper] / product).pages:
        runs, _ = read_marks(page)
        assert runs
        for run in runs:
            assert run.size >= 6.5 - 0.01, f"{product}: {run.text!r} at {run.size:.2f} pt"
            if run.size < 7.5 - 0.01:
                assert FINE_PRINT.search(run.text.replace("\x01", "·")), (
                    f"{product}: {run.text!r} at {run.size:.2f} pt is not fine print"
                )
