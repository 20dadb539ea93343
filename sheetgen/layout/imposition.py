"""Card imposition: where cards sit on a sheet, where the crop marks go, and how
backs line up for long-edge duplex printing.

A plan is data (`Imposition`); `impose` turns card art into pages with it.
Two arrangements are considered and the one holding more cards wins (ties go to
the first):

* *separate*: every card keeps its own bleed on all four sides, so neighbours are
  2 × bleed apart and any cut error shows only the card's own background;
* *butted*: cards share cut lines and the bleed runs around the block's outside,
  which fits 9 poker cards on A4 or Letter.

Crop marks sit in the margin outside the block's bleed, on the extension of every
trim line, so none of them ever enters a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from sheetgen.layout.primitives import Box, Group, Item, Page, Path, line
from sheetgen.units import MM

MIN_MARK = 2.0 * MM
WANT_MARK = 5.0 * MM
MARK_GAP = 1.0 * MM

CardArt = Sequence[Item]


@dataclass(frozen=True, slots=True)
class Imposition:
    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    gutter: float  # between neighbouring trims: 2 × bleed (separate) or 0 (butted)
    origin: tuple[float, float]  # top-left of the first card's trim
    mark_gap: float  # from the block's outer bleed edge to the start of a mark
    mark_length: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def butted(self) -> bool:
        return self.gutter == 0 and self.bleed > 0

    def trim(self, slot: int) -> Box:
        """Trim box of a slot on a front page (slots run left to right, top to bottom)."""
        c, r = slot % self.cols, slot // self.cols
        w, h = self.card
        return Box(self.origin[0] + c * (w + self.gutter), self.origin[1] + r * (h + self.gutter), w, h)

    def back_trim(self, slot: int) -> Box:
        """Where the back of a slot's card prints: mirrored left-right for long-edge duplex."""
        t = self.trim(slot)
        return Box(self.paper[0] - t.right, t.y, t.w, t.h)

    def block(self) -> Box:
        """The union of all trim boxes on a full page."""
        first, last = self.trim(0), self.trim(self.per_page - 1)
        return Box(first.x, first.y, last.right - first.x, last.bottom - first.y)

    def clip(self, slot: int, count: int | None = None) -> Box:
        """The part of a card's art (in card coordinates) that prints: its bleed, except
        where a butted neighbour (one of the first `count` slots) takes over at the
        shared cut line."""
        w, h = self.card
        b = self.bleed
        if not self.butted:
            return Box(-b, -b, w + 2 * b, h + 2 * b)
        count = self.per_page if count is None else count
        c, r = slot % self.cols, slot // self.cols

        def filled(cc: int, rr: int) -> bool:
            return 0 <= cc < self.cols and 0 <= rr < self.rows and rr * self.cols + cc < count

        left = 0.0 if filled(c - 1, r) else b
        right = 0.0 if filled(c + 1, r) else b
        top = 0.0 if filled(c, r - 1) else b
        bottom = 0.0 if filled(c, r + 1) else b
        return Box(-left, -top, w + left + right, h + top + bottom)


class ImpositionError(ValueError):
    pass


def plan_imposition(paper: tuple[float, float], card: tuple[float, float], bleed: float) -> Imposition:
    """The arrangement that fits the most cards on the paper with room for crop marks."""
    W, H = paper
    w, h = card
    margin = bleed + MIN_MARK  # per side, outside the outer trims
    best: Imposition | None = None
    for gutter in (2 * bleed, 0.0):
        cols = int((W - 2 * margin + gutter) // (w + gutter)) if W > 2 * margin else 0
        rows = int((H - 2 * margin + gutter) // (h + gutter)) if H > 2 * margin else 0
        if cols < 1 or rows < 1:
            continue
        block_w = cols * w + (cols - 1) * gutter
        block_h = rows * h + (rows - 1) * gutter
        x0, y0 = (W - block_w) / 2, (H - block_h) / 2
        spare = min(x0, y0) - bleed
        gap = min(MARK_GAP, max(0.0, spare - MIN_MARK))
        length = min(WANT_MARK, spare - gap)
        plan = Imposition(paper, card, bleed, cols, rows, gutter, (x0, y0), gap, length)
        if best is None or plan.per_page > best.per_page:
            best = plan
    if best is None:
        raise ImpositionError(
            f"a {w / MM:.1f}×{h / MM:.1f}mm card with {bleed / MM:g}mm bleed does not fit on "
            f"{W / MM:.0f}×{H / MM:.0f}mm paper with room for crop marks"
        )
    return best


def crop_marks(plan: Imposition, count: int, *, mirrored: bool = False) -> list[Item]:
    """Crop marks for the first `count` slots, on the extension of each trim line."""
    boxes = [plan.back_trim(i) if mirrored else plan.trim(i) for i in range(count)]
    if not boxes:
        return []
    left = min(b.x for b in boxes)
    right = max(b.right for b in boxes)
    top = min(b.y for b in boxes)
    bottom = max(b.bottom for b in boxes)
    start = plan.bleed + plan.mark_gap
    xs = sorted({round(v, 4) for b in boxes for v in (b.x, b.right)})
    ys = sorted({round(v, 4) for b in boxes for v in (b.y, b.bottom)})
    cmds: list = []
    for x in xs:
        cmds += line(x, top - start, x, top - start - plan.mark_length)
        cmds += line(x, bottom + start, x, bottom + start + plan.mark_length)
    for y in ys:
        cmds += line(left - start, y, left - start - plan.mark_length, y)
        cmds += line(right + start, y, right + start + plan.mark_length, y)
    return [Group((Path(tuple(cmds), role="crop", stroke="#000000", width=0.3),), id="crop-marks", cls="crop")]


def impose(
    plan: Imposition,
    fronts: Sequence[CardArt],
    backs: Sequence[CardArt] | None = None,
    *,
    label: str = "cards",
) -> list[Page]:
    """Pages of cards: each sheet of fronts is followed by its backs (if any), mirrored
    so that printing double-sided and flipping on the long edge lines them up."""
    pages: list[Page] = []
    W, H = plan.paper
    n = plan.per_page
    for start in range(0, len(fronts), n):
        chunk = list(fronts[start : start + n])
        items: list[Item] = []
        for slot, art in enumerate(chunk):
            t = plan.trim(slot)
            items.append(Group(tuple(art), cls="card", dx=t.x, dy=t.y, clip=plan.clip(slot, len(chunk)),
                               label=f"card {start + slot + 1}"))
        items.extend(crop_marks(plan, len(chunk)))
        block = _block_of([plan.trim(i) for i in range(len(chunk))])
        sheet = start // n + 1
        pages.append(Page(W, H, tuple(items), trim=block, bleed=block.outset(plan.bleed),
                          label=f"{label} {sheet}: fronts"))
        if backs is not None:
            back_chunk = list(backs[start : start + n])
            items = []
            for slot, art in enumerate(back_chunk):
                t = plan.back_trim(slot)
                items.append(Group(tuple(art), cls="card back", dx=t.x, dy=t.y, clip=_mirror_clip(plan, slot, len(back_chunk)),
                                   label=f"back of card {start + slot + 1}"))
            items.extend(crop_marks(plan, len(back_chunk), mirrored=True))
            block = _block_of([plan.back_trim(i) for i in range(len(back_chunk))])
            pages.append(Page(W, H, tuple(items), trim=block, bleed=block.outset(plan.bleed),
                              label=f"{label} {sheet}: backs (flip on long edge)", is_back=True))
    return pages


def impose_single(card: tuple[float, float], bleed: float, fronts: Sequence[CardArt],
                  backs: Sequence[CardArt] | None = None, *, label: str = "card") -> list[Page]:
    """One card per page at trim size plus bleed, as print shops ask for; backs follow fronts."""
    w, h = card
    W, H = w + 2 * bleed, h + 2 * bleed
    trim = Box(bleed, bleed, w, h)
    pages: list[Page] = []
    for i, art in enumerate(fronts):
        pages.append(Page(W, H, (Group(tuple(art), cls="card", dx=bleed, dy=bleed),), trim=trim,
                          bleed=Box(0, 0, W, H), label=f"{label} {i + 1}"))
        if backs is not None and i < len(backs):
            pages.append(Page(W, H, (Group(tuple(backs[i]), cls="card back", dx=bleed, dy=bleed),), trim=trim,
                              bleed=Box(0, 0, W, H), label=f"{label} {i + 1} back", is_back=True))
    return pages


def _block_of(boxes: list[Box]) -> Box:
    left = min(b.x for b in boxes)
    top = min(b.y for b in boxes)
    right = max(b.right for b in boxes)
    bottom = max(b.bottom for b in boxes)
    return Box(left, top, right - left, bottom - top)


def _mirror_clip(plan: Imposition, slot: int, count: int) -> Box:
    c = plan.clip(slot, count)
    w = plan.card[0]
    return Box(w - c.right, c.y, c.w, c.h)
