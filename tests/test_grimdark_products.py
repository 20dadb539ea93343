"""What `sheetgen build` makes of the bundled Grimdark content, read back as a user
would: unit cards and rosters as PDF text and page geometry, the roster's boxes in
its SVG."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import MM, REPO, pdf_text, read_pdf, run_cli, svg_root, svg_text

GRIMDARK = REPO / "content" / "grimdark"
SVG = "{http://www.w3.org/2000/svg}"


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The bundled Grimdark content, built once for the whole module."""
    root = tmp_path_factory.mktemp("grimdark")
    shutil.copytree(GRIMDARK, root / "content" / "grimdark")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        run = run_cli("build", "-o", "out")
    assert run.code == 0, run.stderr
    return root / "out" / "grimdark"


def test_unit_cards_show_each_unit_with_ranges_in_squares(built):
    pdf = built / "unit-cards" / "iron-wardens.pdf"
    text = flat(pdf_text(pdf))
    for label in ("Warden Line Squad [10]", "Warden Captain [1]", "Heavy Weapon Team [3]", "Warden Rangers [5]",
                  "Sentinel Walker [1]"):
        assert label in text
    # Rifle 24" is 8 squares; the mortar's 30" is 10; the rangers' long rifle is given as 8sq.
    assert '8 sq 24"' in text and '10 sq 30"' in text and "12 sq 36\"" in text
    assert "Blast(3) — Ignores cover" in text and "Tough(6) — Takes 6 wounds" in text
    assert "Slow — Advance 1 square" in text
    # Movement per action and occupancy: the walker is Slow and fills its square.
    assert "Hold 0 Advance 1 Rush 3 Charge 3" in text
    assert "Each model fills a square alone: 1 square." in text
    assert "3 models a square (each counts as 2): 1 square." in text


def test_unit_cards_are_imposed_with_backs(built):
    reader = read_pdf(built / "unit-cards" / "kor-swarm.pdf")
    pages = reader.pages
    assert len(pages) == 2  # five cards fit one sheet; their backs on the next page
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
    ticks = [r for r in root.iter(f"{SVG}rect") if abs(float(r.get("width")) - box) < 0.05
             and abs(float(r.get("height")) - box) < 0.05]
    # 4 units × 4 rounds of activations; wounds: captain 3, heavy team 3 × 3, walker 6;
    # models to strike off: line squad 10, rangers 5.
    assert len(ticks) == 4 * 4 + 3 + 9 + 6 + 10 + 5
    assert root.get("width") == "210mm"
