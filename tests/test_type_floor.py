"""The type floor, read back from the PDFs of the bundled content and the five-game kit:
rules text at 7.5pt or more, fine print (footers, credits, the licence, a note on what is
sheetgen's reading) at 6.5pt or more, text in black ink alone rather than a near-black
mixed from colours, and the labels of one row at one size."""

from __future__ import annotations

from collections import defaultdict

import pytest
from helpers import MM, read_pdf
from helpers.builds import decks
from helpers.pdfops import read_marks

BODY_MIN, FINE_MIN = 7.5, 6.5
FOOT = 13 * MM  # a card's footer line and licence notice: within this of its trimmed foot
POKER = [("bundled", "a4", "poker"), ("kit", "letter", "poker")]


def _faces(page) -> dict[str, str]:
    fonts = page["/Resources"]["/Font"]
    return {name: str(fonts[name].get_object()["/BaseFont"]) for name in fonts}


def _italic(face: str) -> bool:
    return "Oblique" in face or "Italic" in face


@pytest.mark.parametrize("config", POKER, ids="-".join)
def test_rules_on_cards_are_at_body_size_and_fine_print_at_its_own(card_build, config):
    """On every card (a page of a print-shop twin): nothing under 6.5pt; a run of words
    (four or more) under 7.5pt is fine print: the footer and licence at the card's foot,
    or a note in italics on what is sheetgen's reading."""
    checked = 0
    for path in decks(card_build(*config), print_shop=True):
        for n, page in enumerate(read_pdf(path).pages, 1):
            faces, foot = _faces(page), float(page.trimbox.bottom) + FOOT
            for run in read_marks(page)[0]:
                if not run.text.strip():
                    continue
                checked += 1
                where = f"{path.parent.name}/{path.name} p{n}: `{run.text[:40]}` at {run.size:.2f}pt"
                assert run.size >= FINE_MIN - 0.01, where
                if len(run.text.split()) >= 4 and run.size < BODY_MIN - 0.01:
                    assert run.y <= foot or _italic(faces[run.font]), where
    assert checked > 2000


#: The sheets a player writes on, filled and blank: record sheets and turn logs, character
#: sheets, the Cubit sheet, army rosters.
SHEETS = {"record-sheet", "turn-log", "character-sheet", "sheet", "roster"}
BLANK_SHEETS = {"record-sheet", "turn-log", "character-sheet", "cubit-sheet"}
SHEET_FOOT = (
    15 * MM
)  # a sheet's footer band (credit, licence, a note on sheetgen's reading): within this of the paper's foot
SHEET_CONFIGS = [(project, paper, "poker") for project in ("bundled", "kit") for paper in ("a4", "letter")]


def _sheets(output) -> list:
    return sorted(
        p
        for p in output.rglob("*.pdf")
        if p.parent.name in SHEETS or (p.parent.name == "blank" and p.stem in BLANK_SHEETS)
    )


def _lines(runs) -> list:
    """Runs set one after another on one baseline at one size, joined into the line they make
    (a bold word in a sentence is a run of its own)."""
    lines: list = []
    for run in runs:
        if not run.text.strip():
            continue
        last = lines[-1] if lines else None
        if last and abs(last.y - run.y) < 0.1 and abs(last.size - run.size) < 0.01:
            last.text += run.text
        else:
            lines.append(type(run)(run.text, run.size, run.fill, run.font, run.group, run.x, run.y))
    return lines


def _label(text: str) -> bool:
    """A field label or heading in capitals (PLAYER, NAMES (GIVEN BY OTHERS)), not a sentence."""
    return text.upper() == text


@pytest.mark.parametrize("config", SHEET_CONFIGS, ids="-".join)
def test_rules_on_sheets_are_at_body_size_and_fine_print_at_its_own(card_build, config):
    """On every sheet a player writes on: nothing under 6.5pt; a line of four words or more
    under 7.5pt is a label in capitals or fine print in the footer band at the paper's foot
    (the CUBES! reminders, the KUBOS and Cubit notes, the roster's help are rules text)."""
    kinds, checked = set(), 0
    for path in _sheets(card_build(*config)):
        kinds.add(path.parent.parent.name)
        for n, page in enumerate(read_pdf(path).pages, 1):
            foot = float(page.mediabox.bottom) + SHEET_FOOT
            for line in _lines(read_marks(page)[0]):
                checked += 1
                where = f"{path.parent.name}/{path.name} p{n}: `{line.text[:40]}` at {line.size:.2f}pt"
                assert line.size >= FINE_MIN - 0.01, where
                if len(line.text.split()) >= 4 and line.size < BODY_MIN - 0.01 and not _label(line.text):
                    assert line.y <= foot, where
    assert kinds == {"cubes", "cubit", "grimdark", "kubos", "tricube"}
    assert checked > 500


def _near_black(fill: tuple) -> bool:
    """A neutral dark grey short of black (`#1b1b1b`), which printer drivers mix from colour inks."""
    if len(fill) == 1:
        return 0 < fill[0] <= 0.25
    if len(fill) == 3:
        return max(fill) - min(fill) < 0.03 and 0 < max(fill) <= 0.25
    return False


@pytest.mark.parametrize("config", POKER, ids="-".join)
def test_dark_text_is_solid_black(card_build, config):
    """Text set in a near-black (the theme's ink, `#1b1b1b`) prints in solid black, and
    solid black in black ink alone (100 % K), on cards and sheets alike."""
    output = card_build(*config)
    black = 0
    for path in sorted(p for p in output.rglob("*.pdf") if not p.parent.name.endswith("-print-shop")):
        for n, page in enumerate(read_pdf(path).pages, 1):
            for run in read_marks(page)[0]:
                if run.text.strip():
                    where = f"{path.relative_to(output)} p{n}: `{run.text[:30]}` in {run.fill}"
                    assert not _near_black(run.fill), where
                    assert run.fill != (0, 0, 0), where + ": RGB black, which drivers print with colour inks too"
                    black += run.fill in ((0, 0, 0, 1), (0,))  # black ink alone
    assert black > 4000  # sheet reminders at 7.5pt print in the muted ink, no longer forced to black


#: Rows of labels over values: the stat and movement cells of a unit card, a monster's numbers.
LABEL_ROWS = [
    "grimdark/unit-cards-print-shop/iron-wardens.pdf",
    "grimdark/unit-cards-print-shop/kor-swarm.pdf",
    "kubos/stat-cards-print-shop/monsters.pdf",
    "tricube/character-cards-print-shop/party.pdf",
]


def test_labels_in_one_row_share_one_size(card_build):
    """Small bold labels side by side (QUALITY DEFENSE POINTS, Hold Advance Rush Charge)
    print at one size per row on a mini card (a card a page): none shrunk alone to fit its box."""
    output = card_build("bundled", "a4", "mini")
    rows = 0
    for rel in LABEL_ROWS:
        for page in read_pdf(output / rel).pages:
            faces = _faces(page)
            by_line: dict[float, list] = defaultdict(list)
            for run in read_marks(page)[0]:
                if (
                    run.text.strip()
                    and "Bold" in faces[run.font]
                    and run.size < BODY_MIN
                    and run.text.strip().isalpha()
                ):
                    by_line[round(run.y, 1)].append(run)
            for line in by_line.values():
                if len(line) >= 3:
                    rows += 1
                    sizes = {round(r.size, 2) for r in line}
                    assert len(sizes) == 1, f"{rel}: {[(r.text, round(r.size, 2)) for r in line]}"
    assert rows >= 10


@pytest.mark.parametrize("color", ["#1f5fbf", "#f4c20d", "#2e8b3d", "#ffffff", "#8c2424", "#44505c"])
def test_labels_on_a_tint_of_their_colour_contrast_at_least_four_and_a_half_to_one(color):
    """A mat's square names are set in a light tint of the faction colour over a paler one:
    `legible` darkens them as far as 4.5:1 needs, for bright, pale and dark colours alike."""
    from sheetgen.layout.colors import contrast, legible, tint

    ground = tint(color, 0.93)
    assert contrast(legible(tint(color, 0.35), ground), ground) >= 4.5
