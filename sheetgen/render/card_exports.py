"""A deck's cards as files for other makers than a printer of PDFs, rasterised from the
deck's own PDF laid out one card a page (`impose_single`), so that no image can differ
from the printed card:

- `png`: every card with its bleed at 300 dpi (`001.png` …), for print-on-demand card
  printers, with its back as `001-back.png` … or one `back.png` when every back is the same;
- `tts`: the deck for a digital tabletop: sheets of up to 10 × 7 cards (trimmed, at most
  4096 px a side), the back, and `<id>.json`, a saved object naming those files.

Each function yields (name in the export's folder, bytes) one file at a time, so a deck's
images are never all in memory at once.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass

from sheetgen.layout.primitives import Box, LayoutDocument, Page
from sheetgen.render.images import DPI, POINTS_PER_INCH, Picture, opened, pixels_for, png, rasterise

EXPORTS = ("png", "tts")

TTS_COLUMNS, TTS_ROWS = 10, 7  # the most cards a digital tabletop takes on one sheet
TTS_MAX_PIXELS = 4096  # nor more pixels on a side
_AHEAD = 4  # pictures being compressed while the next are rasterised


@dataclass(frozen=True)
class Card:
    """A card of the deck: its number (1-based), its front page and its back page, if any."""

    number: int
    front: int
    back: int | None


def cards_of(document: LayoutDocument) -> list[Card]:
    """The deck's cards, from pages laid out one card a page (each back after its front)."""
    cards: list[Card] = []
    for index, page in enumerate(document.pages):
        if page.is_back and cards:
            cards[-1] = Card(cards[-1].number, cards[-1].front, index)
        else:
            cards.append(Card(len(cards) + 1, index, None))
    return cards


def _art(page: Page) -> tuple:
    """What a card page draws, without its label: equal for backs that print alike."""
    return tuple(getattr(item, "items", item) for item in page.items)


def _backs_alike(document: LayoutDocument, cards: list[Card]) -> bool:
    backs = [c.back for c in cards if c.back is not None]
    first = _art(document.pages[backs[0]]) if backs else ()
    return len(backs) == len(cards) and all(_art(document.pages[b]) == first for b in backs)


def _pdf(document: LayoutDocument) -> bytes:
    """The document as PDF, its pages let go of as they are drawn (reportlab is imported
    only by builds that make PDFs or card images)."""
    from sheetgen.render.pdf import render_pdf

    return render_pdf(document, release=True)


def png_files(document: LayoutDocument) -> Iterator[tuple[str, bytes]]:
    """Each card as `NNN.png` (and its back), from the document rendered as PDF (which
    lets go of its pages as it draws them). Numbers have three digits, more when the deck
    has a thousand cards or more, so that the files sort in the deck's order."""
    from concurrent.futures import ThreadPoolExecutor

    cards = cards_of(document)
    digits = max(3, len(str(len(cards))))
    jobs: list[tuple[str, int]] = [(f"{c.number:0{digits}d}.png", c.front) for c in cards]
    if _backs_alike(document, cards):
        jobs.append(("back.png", cards[0].back))  # type: ignore[arg-type]
    else:
        jobs += [(f"{c.number:0{digits}d}-back.png", c.back) for c in cards if c.back is not None]
    pdf = _pdf(document)
    with opened(pdf) as doc, ThreadPoolExecutor(2) as pool:  # zlib lets go of the interpreter
        pending = []
        for name, page in jobs:
            pending.append((name, pool.submit(png, rasterise(doc, page))))
            if len(pending) > _AHEAD:
                done_name, future = pending.pop(0)
                yield done_name, future.result()
        for name, future in pending:
            yield name, future.result()


@dataclass(frozen=True)
class SheetPlan:
    """How a digital-tabletop deck's cards sit on its sheets."""

    count: int  # cards
    columns: int
    rows: int
    cell: tuple[int, int]  # one card, in pixels

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def sheets(self) -> int:
        return math.ceil(self.count / self.per_sheet)

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.cell[0], self.rows * self.cell[1]


def sheet_plan(count: int, trim: tuple[float, float]) -> SheetPlan:
    """Sheets for `count` cards of `trim` points: up to 10 × 7 (fewer for a small deck),
    each card at 300 dpi or less, so that no sheet is wider or taller than 4096 px."""
    columns = max(1, min(TTS_COLUMNS, count))
    rows = max(1, min(TTS_ROWS, math.ceil(count / columns)))
    width = min(
        pixels_for(trim[0], DPI), TTS_MAX_PIXELS // columns, math.floor(TTS_MAX_PIXELS // rows * trim[0] / trim[1])
    )
    height = min(round(width * trim[1] / trim[0]), TTS_MAX_PIXELS // rows)
    return SheetPlan(count, columns, rows, (width, height))


def tts_files(document: LayoutDocument, deck_id: str) -> Iterator[tuple[str, bytes]]:
    """The deck's sheets (`faces-N.png`), its back (`back.png`, or `backs-N.png` sheets when
    the backs differ) and `<deck_id>.json`, the saved object that deals them."""
    cards = cards_of(document)
    first = document.pages[cards[0].front]
    trim = first.trim or Box(0, 0, first.width, first.height)
    plan = sheet_plan(len(cards), (trim.w, trim.h))
    alike = _backs_alike(document, cards)
    bleed = trim.x
    pdf = _pdf(document)
    with opened(pdf) as doc:
        for sheet in range(plan.sheets):
            on_sheet = cards[sheet * plan.per_sheet : (sheet + 1) * plan.per_sheet]
            yield f"faces-{sheet + 1}.png", png(_sheet(doc, plan, [c.front for c in on_sheet], bleed, trim.w))
            if not alike:
                yield f"backs-{sheet + 1}.png", png(_sheet(doc, plan, [c.back for c in on_sheet], bleed, trim.w))
        if alike:
            yield "back.png", png(_sheet(doc, SheetPlan(1, 1, 1, plan.cell), [cards[0].back], bleed, trim.w))
    yield f"{deck_id}.json", saved_object(document.title, plan, alike)


def _sheet(doc, plan: SheetPlan, pages: list[int | None], bleed: float, trim_width: float) -> Picture:
    """One sheet of cards, trimmed, in reading order; a card with no back stays white."""
    width, height = plan.size
    cw, ch = plan.cell
    row_bytes = width * 3
    pixels = bytearray(b"\xff") * (row_bytes * height)
    dpi = cw * POINTS_PER_INCH / trim_width
    x0 = y0 = round(bleed * dpi / POINTS_PER_INCH)  # the bleed, cut off
    for slot, page in enumerate(pages):
        if page is None:
            continue
        card = rasterise(doc, page, dpi)
        w, h = min(cw, card.width - x0), min(ch, card.height - y0)
        left = (slot % plan.columns) * cw * 3
        top = (slot // plan.columns) * ch
        for y in range(h):
            start = (y0 + y) * card.stride + x0 * 3
            at = (top + y) * row_bytes + left
            pixels[at : at + w * 3] = card.pixels[start : start + w * 3]
    return Picture(width, height, row_bytes, pixels)


def saved_object(title: str, plan: SheetPlan, alike: bool) -> bytes:
    """A digital tabletop's saved object: one deck, face down, whose `CustomDeck` names
    each sheet by its file name and whose `DeckIDs` list every card in order (sheet
    number × 100 + place on the sheet)."""
    decks = {}
    ids: list[int] = []
    for sheet in range(plan.sheets):
        on_sheet = min(plan.per_sheet, plan.count - sheet * plan.per_sheet)
        number = sheet + 1
        decks[str(number)] = {
            "FaceURL": f"faces-{number}.png",
            "BackURL": "back.png" if alike else f"backs-{number}.png",
            "NumWidth": plan.columns,
            "NumHeight": plan.rows,
            "BackIsHidden": True,
            "UniqueBack": not alike,
            "Type": 0,
        }
        ids += [number * 100 + i for i in range(on_sheet)]
    cards = [
        {
            "Name": "Card",
            "Nickname": f"{title} {n}/{plan.count}",
            "CardID": card_id,
            "Transform": _transform(),
            "CustomDeck": {str(card_id // 100): decks[str(card_id // 100)]},
        }
        for n, card_id in enumerate(ids, 1)
    ]
    if len(cards) == 1:
        state = {**cards[0], "Nickname": title}
    else:
        state = {
            "Name": "DeckCustom",
            "Nickname": title,
            "Transform": _transform(),
            "DeckIDs": ids,
            "CustomDeck": decks,
            "ContainedObjects": cards,
        }
    return (json.dumps({"SaveName": title, "ObjectStates": [state]}, indent=2, ensure_ascii=False) + "\n").encode()


def _transform() -> dict[str, float]:
    """Face down, in the middle of the table."""
    return {
        "posX": 0.0,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }
