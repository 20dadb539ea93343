"""Card imposition: where cards sit on a sheet, where the crop marks go, and how
backs line up for long-edge duplex printing.

A plan is data (`Imposition`); `impose` turns card art into pages with it.
Nothing that prints comes closer to the paper's edge than the printable margin
(theme `printable_margin`, 5 mm by default): home printers lose 3–6 mm there.
Two arrangements are considered and the one holding more cards wins (ties go to
the first, which keeps each card's own bleed):

* *separate*: every card keeps its own bleed on all four sides, in a gutter of
  2 × bleed between neighbours, so a cut up to a bleed off shows only the card's
  own colours;
* *butted*: where a gutter would cost a row or a column (9 poker cards on A4 or
  Letter), cards share their cut lines and each card's art stops `NEUTRAL_EDGE`
  inside its trim, so the paper's own colour borders every card: a cut up to that
  far off shows only paper, never a neighbour's colour.

Crop marks sit in the margins outside the block, on the extension of every trim
line, every one `MARK_LENGTH` (3 mm) long on every paper, `MARK_GAP` clear of the
outermost ink. Where the margin between the outer ink and the printable margin is
shorter than that (only 9 poker cards on Letter, whose top and bottom leave 1.35 mm),
the gap shrinks to `MIN_GAP` and a mark runs on into the printable margin: its first
millimetre or more always prints, and a printer that can print closer to the edge
prints the rest. (A plan needs `MIN_GAP + MIN_MARK` of room to be chosen at all.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from sheetgen.layout.primitives import Box, Group, Item, Page, Path, line
from sheetgen.rules.theme import DEFAULT_PRINTABLE_MARGIN
from sheetgen.units import MM

MARK_LENGTH = 3.0 * MM  # every crop mark
MARK_GAP = 1.0 * MM  # from the outermost ink to a mark, so a cut 1 mm off shows no mark
MIN_MARK = 1.0 * MM  # the least of a mark that lies inside the printable area
MIN_GAP = 0.3 * MM
NEUTRAL_EDGE = 2.5 * MM  # paper-coloured border of butted cards

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
    mark_gap: float  # from the block's outer ink to the start of a mark
    mark_length: float
    edge: float = 0.0  # butted: the paper-coloured border inside each trim
    margin: float = DEFAULT_PRINTABLE_MARGIN

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def butted(self) -> bool:
        return self.edge > 0

    @property
    def outset(self) -> float:
        """How far ink reaches outside the outer trims: the bleed, or nothing when butted."""
        return 0.0 if self.butted else self.bleed

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
        """The union of all trim boxes on a full page; centred, so a back's is the same."""
        first, last = self.trim(0), self.trim(self.per_page - 1)
        return Box(first.x, first.y, last.right - first.x, last.bottom - first.y)

    def clip(self, slot: int = 0, count: int | None = None) -> Box:
        """The part of a card's art (in card coordinates) that prints: its own bleed, or,
        butted, the card inside its neutral edge."""
        w, h = self.card
        if self.butted:
            return Box(0, 0, w, h).inset(self.edge)
        return Box(0, 0, w, h).outset(self.bleed)

    def ink_box(self, slot: int) -> Box:
        """Where a slot's card puts ink on a front page."""
        t = self.trim(slot)
        return self.clip(slot).moved(t.x, t.y)


class ImpositionError(ValueError):
    pass


def plan_imposition(
    paper: tuple[float, float], card: tuple[float, float], bleed: float, margin: float = DEFAULT_PRINTABLE_MARGIN
) -> Imposition:
    """The arrangement that fits the most cards inside the printable margin, with room
    for crop marks outside the cards' ink."""
    W, H = paper
    w, h = card
    best: Imposition | None = None
    for gutter, out, edge in ((2 * bleed, bleed, 0.0), (0.0, 0.0, NEUTRAL_EDGE)):
        if edge and min(w, h) <= 2 * edge + 4 * MM:
            continue  # too small to give up a border
        side = margin + out + MIN_GAP + MIN_MARK  # from the paper edge to the outer trims, at least
        cols = int((W - 2 * side + gutter) // (w + gutter)) if 2 * side < W else 0
        rows = int((H - 2 * side + gutter) // (h + gutter)) if 2 * side < H else 0
        if cols < 1 or rows < 1:
            continue
        block_w = cols * w + (cols - 1) * gutter
        block_h = rows * h + (rows - 1) * gutter
        x0, y0 = (W - block_w) / 2, (H - block_h) / 2
        room = min(x0, y0) - out - margin  # between the outer ink and the printable margin
        gap = MARK_GAP if room >= MARK_GAP + MARK_LENGTH else min(MARK_GAP, max(MIN_GAP, room - MARK_LENGTH))
        plan = Imposition(paper, card, bleed, cols, rows, gutter, (x0, y0), gap, MARK_LENGTH, edge, margin)
        if best is None or plan.per_page > best.per_page:
            best = plan
    if best is None:
        raise ImpositionError(
            f"a {w / MM:.1f}×{h / MM:.1f}mm card with {bleed / MM:g}mm bleed does not fit on "
            f"{W / MM:.0f}×{H / MM:.0f}mm paper inside its {margin / MM:g}mm printable margin with room for crop marks"
        )
    return best


@lru_cache(maxsize=64)
def _crop_marks(plan: Imposition, count: int, mirrored: bool) -> tuple[Item, ...]:
    """The marks of a plan's full sheets are one group, shared by every sheet."""
    boxes = [plan.back_trim(i) if mirrored else plan.trim(i) for i in range(count)]
    if not boxes:
        return ()
    return (trim_marks(boxes, plan.outset + plan.mark_gap, plan.mark_length),)


def with_crop_marks(page: Page, bleed: float) -> Page:
    """A page as a print shop wants it: the page itself is the trim, and the media grows by
    its bleed and room for crop marks, placed as a sheet of one card places them."""
    margin = bleed + MARK_GAP + MARK_LENGTH
    W, H = page.width + 2 * margin, page.height + 2 * margin
    plan = Imposition((W, H), (page.width, page.height), bleed, 1, 1, 0.0, (margin, margin), MARK_GAP, MARK_LENGTH)
    trim = plan.trim(0)
    return Page(
        W,
        H,
        (Group(page.items, dx=margin, dy=margin), *_crop_marks(plan, 1, False)),
        trim=trim,
        bleed=trim.outset(bleed),
        label=page.label,
        is_back=page.is_back,
    )


def trim_marks(boxes: Sequence[Box], start: float, length: float = MARK_LENGTH) -> Group:
    """Crop marks for trim boxes laid out in a grid: on the extension of every trim line,
    outside the boxes' union, from `start` beyond it (the bleed and a gap) for `length`."""
    left = min(b.x for b in boxes)
    right = max(b.right for b in boxes)
    top = min(b.y for b in boxes)
    bottom = max(b.bottom for b in boxes)
    xs = sorted({round(v, 4) for b in boxes for v in (b.x, b.right)})
    ys = sorted({round(v, 4) for b in boxes for v in (b.y, b.bottom)})
    cmds: list = []
    for x in xs:
        cmds += line(x, top - start, x, top - start - length)
        cmds += line(x, bottom + start, x, bottom + start + length)
    for y in ys:
        cmds += line(left - start, y, left - start - length, y)
        cmds += line(right + start, y, right + start + length, y)
    return Group((Path(tuple(cmds), role="crop", stroke="#000000", width=0.3),), id="crop-marks", cls="crop")


def impose(
    plan: Imposition,
    fronts: Sequence[CardArt],
    backs: Sequence[CardArt] | None = None,
    *,
    label: str = "cards",
    extras: Sequence[Item] = (),
) -> list[Page]:
    """Pages of cards: each sheet of fronts is followed by its backs (if any), mirrored
    so that printing double-sided and flipping on the long edge lines them up. A front
    and its back carry the same TrimBox and BleedBox: the whole (centred) card block.
    `extras` (a scale bar) go on every front.

    A deck of more than one sheet fills its last sheet's empty slots with blank cards:
    crop marks around bare paper, and the deck's back when all its cards share one, so
    the sheet printed for a few leftover cards also cuts out spares that pass for the
    deck's own (for house rules, or a card lost). A deck that fits on one sheet prints
    just its cards, with no ink spent on backs nobody asked for."""
    pages: list[Page] = []
    W, H = plan.paper
    n = plan.per_page
    block = plan.block()
    bleed_box = block.outset(plan.outset)
    front_slots, back_slots = _slots(plan)
    frozen: dict[int, tuple[Item, ...]] = {}
    blank_back = _shared_back(backs)
    for start in range(0, len(fronts), n):
        chunk = fronts[start : start + n]
        blanks = range(len(chunk), n if len(fronts) > n else len(chunk))
        items: list[Item] = []
        for slot, art in enumerate(chunk):
            t, clip = front_slots[slot]
            items.append(Group(tuple(art), cls="card", dx=t.x, dy=t.y, clip=clip, label=f"card {start + slot + 1}"))
        for slot in blanks:
            t, clip = front_slots[slot]
            items.append(Group((), cls="blank-card", dx=t.x, dy=t.y, clip=clip, label=f"blank card {start + slot + 1}"))
        items.extend(_crop_marks(plan, blanks.stop, False))
        items.extend(extras)
        sheet = start // n + 1
        pages.append(Page(W, H, tuple(items), trim=block, bleed=bleed_box, label=f"{label} {sheet}: fronts"))
        if backs is not None:
            back_chunk = backs[start : start + n]
            items = []
            for slot, art in enumerate(back_chunk):
                t, clip = back_slots[slot]
                items.append(
                    Group(
                        _frozen(art, frozen),
                        cls="card back",
                        dx=t.x,
                        dy=t.y,
                        clip=clip,
                        label=f"back of card {start + slot + 1}",
                    )
                )
            for slot in blanks:
                t, clip = back_slots[slot]
                items.append(
                    Group(
                        _frozen(blank_back, frozen),
                        cls="blank-card back",
                        dx=t.x,
                        dy=t.y,
                        clip=clip,
                        label=f"back of blank card {start + slot + 1}",
                    )
                )
            items.extend(_crop_marks(plan, blanks.stop, True))
            pages.append(
                Page(
                    W,
                    H,
                    tuple(items),
                    trim=block,
                    bleed=bleed_box,
                    label=f"{label} {sheet}: backs (flip on long edge)",
                    is_back=True,
                )
            )
    return pages


def impose_single(
    card: tuple[float, float],
    bleed: float,
    fronts: Sequence[CardArt],
    backs: Sequence[CardArt] | None = None,
    *,
    label: str = "card",
) -> list[Page]:
    """One card per page at trim size plus bleed, as print shops ask for; backs follow
    fronts, on pages with the same TrimBox and BleedBox."""
    w, h = card
    W, H = w + 2 * bleed, h + 2 * bleed
    trim = Box(bleed, bleed, w, h)
    pages: list[Page] = []
    for i, art in enumerate(fronts):
        pages.append(
            Page(
                W,
                H,
                (Group(tuple(art), cls="card", dx=bleed, dy=bleed, label=f"card {i + 1}"),),
                trim=trim,
                bleed=Box(0, 0, W, H),
                label=f"{label} {i + 1}",
            )
        )
        if backs is not None and i < len(backs):
            pages.append(
                Page(
                    W,
                    H,
                    (Group(tuple(backs[i]), cls="card back", dx=bleed, dy=bleed, label=f"back of card {i + 1}"),),
                    trim=trim,
                    bleed=Box(0, 0, W, H),
                    label=f"{label} {i + 1} back",
                    is_back=True,
                )
            )
    return pages


@lru_cache(maxsize=64)
def _slots(plan: Imposition) -> tuple[list[tuple[Box, Box]], list[tuple[Box, Box]]]:
    """Where each slot's card goes on a sheet, (trim, clip), fronts and backs: worked out
    once for every sheet of every deck on the plan."""
    fronts = [(plan.trim(slot), plan.clip(slot)) for slot in range(plan.per_page)]
    backs = [(plan.back_trim(slot), _mirror(plan.clip(slot), plan.card[0])) for slot in range(plan.per_page)]
    return fronts, backs


def _shared_back(backs: Sequence[CardArt] | None) -> CardArt:
    """The back every card of a deck shares (a blank card gets it too), else nothing."""
    if not backs or any(b is not backs[0] for b in backs):
        return ()
    return backs[0]


def _frozen(art: CardArt, seen: dict[int, tuple[Item, ...]]) -> tuple[Item, ...]:
    """The card's items as a tuple, made once for art that many cards share (a deck's
    back); `seen` lives no longer than the cards it lists, so an id stays its art's."""
    hit = seen.get(id(art))
    if hit is None:
        hit = seen[id(art)] = tuple(art)
    return hit


def _mirror(clip: Box, card_w: float) -> Box:
    return Box(card_w - clip.right, clip.y, clip.w, clip.h)
