"""Text: measured with the embedded font's metrics, broken into lines, shrunk to fit.

Text is laid out here, once, so PDF and SVG can never wrap it differently. Body
text understands a little markup: `**bold**`, `*italic*`, lines starting with
`- ` as bullets, and blank lines between paragraphs (parsed, measured and broken into
lines by `layout.lines`; text too long for its place is reported as `layout.overflow`
says).

Blocks (paragraphs, tables from `layout.tables`, spacers) stack in a box; `fit_blocks` finds the
largest common scale at which the stack fits, down to each block's minimum size.
Text that does not fit even then is an error naming its document and field,
never silently cut.

Size policy (what a 600 dpi black-and-white laser reproduces): no text is drawn
below `FINE_MIN`; text drawn below `BODY_MIN` (fine print: labels, footers,
captions) is solid black (`FINE_INK`), never a grey or a colour that the printer
would screen into dots; text reversed out of a colour (white on a band) is never
smaller than `BODY_MIN`. Body text keeps one size per deck or sheet family: a
layout gives its body style `min_size == size` (`TextStyle.fixed`), so text that
does not fit is an error at its field (or continues on another card, see
`split_blocks`) rather than shrinking alone.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Protocol

from sheetgen.diagnostics import field_path
from sheetgen.fonts import FontMetrics
from sheetgen.layout.colors import luminance
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.lines import BULLET, ROUNDING, BrokenLine, PlacedLine, break_lines, parse, place_runs
from sheetgen.layout.overflow import ELLIPSIS, OVERFLOW, label_shortened, plural, quoted, shorten_hint
from sheetgen.layout.primitives import Box, Item, Text

BODY_MIN = 7.5  # points: the smallest body text, and the smallest text in any colour but black
FINE_MIN = 6.5  # points: the smallest fine print (labels, footers, captions), always solid black
FINE_INK = "#000000"
#: The end of the hint for one block too long for a card of its own, where text flows on.
CONTINUES = (
    ", or end a sentence or paragraph sooner (or write a list's items `a · b`): text goes on to the next "
    "card only between them"
)
REVERSED = 0.5  # a text colour lighter than this (WCAG luminance) is reversed out of a dark ground

#: Characters that draw nothing and that fonts rarely have: emoji variation selectors,
#: zero-width joiners and spaces, byte-order marks, directional marks. Left in, each would
#: print as the font's empty box; they are dropped before text is measured.
_INVISIBLE = re.compile(
    "[\u034f\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff\U000e0000-\U000e0fff]"
)


def printable(text: str) -> str:
    """Text as it is laid out: composed (NFC, so `Z` and a combining dot print as the
    font's `Ż`) and without characters that draw nothing."""
    if text.isascii():
        return text
    import unicodedata

    return _INVISIBLE.sub("", unicodedata.normalize("NFC", text))


def is_reversed(color: str) -> bool:
    """Whether text in this colour is light type on a dark ground (paper showing through ink)."""
    return luminance(color) > REVERSED


@lru_cache(maxsize=256)
def near_black(color: str) -> bool:
    """Whether a colour is a neutral near-black (`#1b1b1b`), which a printer driver may
    mix from colour inks: text in it prints in black ink alone (`FINE_INK`)."""
    value = color.lstrip("#")
    if len(value) != 6:
        return False
    r, g, b = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    return max(r, g, b) <= NEAR_BLACK and max(r, g, b) - min(r, g, b) <= 8


NEAR_BLACK = 0x40  # the lightest channel of a near-black text colour


def ink_at(color: str, size: float) -> str:
    """The colour text is printed in at this size: fine print and near-black text are
    solid black."""
    if (size < BODY_MIN - 1e-6 and not is_reversed(color)) or near_black(color):
        return FINE_INK
    return color


@dataclass(frozen=True, slots=True)
class TextStyle:
    """How a run of text looks. `min_size` is how far fitting may shrink it; the size
    policy (see the module) raises both to `FINE_MIN`, or to `BODY_MIN` for reversed type."""

    size: float = 9.0
    font: str = "regular"
    color: str = "#1b1b1b"
    leading: float = 1.25
    align: str = "left"  # left | center | right
    min_size: float = FINE_MIN
    markup: bool = True
    paragraph_gap: float = 0.35  # extra space between paragraphs, in lines

    def __post_init__(self) -> None:
        floor = BODY_MIN if is_reversed(self.color) else FINE_MIN
        if self.min_size < floor:
            object.__setattr__(self, "min_size", floor)
        if self.size < self.min_size:
            object.__setattr__(self, "size", self.min_size)

    def at(self, size: float) -> TextStyle:
        return restyle(self, size=size)

    @property
    def fixed(self) -> TextStyle:
        """This style at its own size only: text that does not fit is an error, not shrunk."""
        return restyle(self, min_size=self.size)


@lru_cache(maxsize=4096)
def _restyled(style: TextStyle, changes: tuple) -> TextStyle:
    return replace(style, **dict(changes))


def restyle(style: TextStyle, **changes) -> TextStyle:
    """`dataclasses.replace` for text styles, remembered: a deck derives the same few
    styles (a cell's alignment, the fixed body size) for every card."""
    return _restyled(style, tuple(sorted(changes.items())))


# --- blocks ---------------------------------------------------------------------


class Block(Protocol):
    source: Source | None

    def min_scale(self) -> float: ...

    def height(self, ctx: LayoutContext, width: float, scale: float) -> float: ...

    def draw(self, ctx: LayoutContext, x: float, y: float, width: float, scale: float) -> list[Item]: ...


def _line_metrics(ctx: LayoutContext, style: TextStyle, size: float) -> tuple[float, float]:
    """(line pitch, offset of the first baseline below the line top)."""
    cap = ctx.fonts.metrics(style.font).cap_height
    pitch = size * style.leading
    return pitch, (pitch + cap * size) / 2


SHARED_TEXT = 80  # characters: paragraphs up to this long share their layout (see Paragraph)


class Paragraph:
    """Wrapped text in one style (with inline markup)."""

    def __init__(self, ctx: LayoutContext, text: str, style: TextStyle, source: Source | None = None):
        self.text = printable(str(text))
        self.style = style
        self.source = source
        ctx.check_glyphs(self.text.replace("*", "") if style.markup else self.text, style.font, source)
        # Parsing, line breaking and placing runs depend on the words, the font and the
        # width only, so short paragraphs of the same text (a table's cells, labels, a
        # deck's repeated rows) share them through the font book; a long one, most likely
        # met once (a card's body), keeps its own.
        self._key = (self.text, style.font, style.markup)
        self._memo: dict[Hashable, Any] = ctx.fonts.memo if len(self.text) <= SHARED_TEXT else {}
        parsed = self._memo.get(self._key)
        if parsed is None:
            parsed = self._memo[self._key] = parse(self.text, style.font, style.markup, ctx.fonts)
        self.parsed = parsed
        self._heights: dict[tuple[float, float], float] = {}

    def min_scale(self) -> float:
        return min(1.0, self.style.min_size / self.style.size)

    def _lines(self, ctx: LayoutContext, width: float, size: float) -> list[BrokenLine]:
        # Broken at the width and size of the key, so that what is remembered is what any
        # width and size of that key give (and `splits_words` judges the same line).
        width, size = round(width, 3), round(size, 3)
        key = (self._key, width, size)
        memo = self._memo
        hit = memo.get(key)
        if hit is None:
            m = ctx.fonts.metrics(self.style.font)
            space = m.width(" ")
            bullet = m.width(BULLET + " ") if any(p.bullet for p in self.parsed) else 0.0
            hit = memo[key] = break_lines(self.parsed, width / size, space, bullet, ctx.fonts)
        return hit

    def splits_words(self, ctx: LayoutContext, width: float, scale: float) -> bool:
        """Whether some word is wider than the line at this scale (as `_lines` breaks it)."""
        avail = round(width, 3) / round(self.style.size * scale, 3) + ROUNDING
        _, plain, bulleted = self.extent(ctx)
        if plain > avail:
            return True
        return bulleted > avail - ctx.fonts.metrics(self.style.font).width(BULLET + " ")

    def extent(self, ctx: LayoutContext) -> tuple[float, float, float]:
        """(widest unbroken line, widest word of a plain line, widest word of a bullet),
        in em at size 1; -inf where there is none."""
        key = ("extent", self._key)
        hit = self._memo.get(key)
        if hit is None:
            space = ctx.fonts.metrics(self.style.font).width(" ")
            natural = plain = bulleted = -math.inf
            for pl in self.parsed:
                words = pl.words
                natural = max(natural, sum(w[0] for w in words) + space * max(0, len(words) - 1))
                if words:
                    widest = max(w[0] for w in words)
                    if pl.bullet:
                        bulleted = max(bulleted, widest)
                    else:
                        plain = max(plain, widest)
            hit = self._memo[key] = (natural, plain, bulleted)
        return hit

    def height(self, ctx: LayoutContext, width: float, scale: float) -> float:
        key = (width, scale)
        hit = self._heights.get(key)
        if hit is None:
            hit = self._heights[key] = self._height(ctx, width, scale)
        return hit

    def _height(self, ctx: LayoutContext, width: float, scale: float) -> float:
        if not self.parsed:
            return 0.0
        size = self.style.size * scale
        lines = self._lines(ctx, width, size)
        pitch, _ = _line_metrics(ctx, self.style, size)
        gaps = sum(1 for ln in lines if ln.gap_before)
        return pitch * (len(lines) + gaps * self.style.paragraph_gap)

    def draw(self, ctx: LayoutContext, x: float, y: float, width: float, scale: float) -> list[Item]:
        style = self.style
        size = style.size * scale
        pitch, first = _line_metrics(ctx, style, size)
        color = ink_at(style.color, size)
        gap = pitch * style.paragraph_gap
        # Each line's runs of text as (offset from the left of the box, text, font, width),
        # and whether a paragraph gap precedes the line: where the paragraph's text goes in
        # any box of this width, worked out once.
        key = ("runs", self._key, style.align, round(width, 3), round(size, 3))
        placed: list[PlacedLine] | None = self._memo.get(key)
        if placed is None:
            lines = self._lines(ctx, width, size)
            placed = self._memo[key] = place_runs(lines, ctx.fonts, style.font, style.align, width, size)
        items: list[Item] = []
        append = items.append
        baseline = y + first
        for gap_before, runs in placed:
            if gap_before:
                baseline += gap
            for dx, text, face, w in runs:
                append(Text(x + dx, baseline, text, face, size, color, w))
            baseline += pitch
        return items

    def split_to_fit(
        self, ctx: LayoutContext, width: float, fits: Callable[[float], bool], first: bool
    ) -> tuple[Paragraph, Paragraph] | None:
        """For `split_blocks`: this paragraph as its longest start that `fits` (by its
        height at its own size), cut between its source lines or after a sentence
        (`_split_points`), and the rest; None where no start fits."""
        kind = type(self)
        for cut in reversed(_split_points(self.text)):
            head = kind(ctx, _LIST_END.sub("", self.text[:cut].rstrip()), self.style, self.source)
            if head.parsed and fits(head.height(ctx, width, 1.0)):
                return head, kind(ctx, self.text[cut:].strip("\n"), self.style, self.source)
        return None


class TableRows(Paragraph):
    """A table printed as a line a row (`tables.rows_as_text`): it keeps together on a
    card as a table does (see `split_blocks`)."""

    def split_to_fit(
        self, ctx: LayoutContext, width: float, fits: Callable[[float], bool], first: bool
    ) -> tuple[Paragraph, Paragraph] | None:
        """Whole to the next card, as a table goes; only one that is `first` (taller than
        a card, then) splits, as a paragraph does."""
        return super().split_to_fit(ctx, width, fits, first) if first else None


class Spacer:
    source: Source | None = None

    def __init__(self, height: float, scales: bool = True):
        self.h = height
        self.scales = scales

    def min_scale(self) -> float:
        # A gap that keeps its size takes no part in finding the scale: a stack of such
        # gaps and fixed-size text (a deck's card) has only scale 1 to try.
        return 0.0 if self.scales else 1.0

    def height(self, ctx: LayoutContext, width: float, scale: float) -> float:
        return self.h * scale if self.scales else self.h

    def draw(self, ctx: LayoutContext, x: float, y: float, width: float, scale: float) -> list[Item]:
        return []


# --- fitting --------------------------------------------------------------------


def _clamped(block: Block, scale: float) -> float:
    """Each block shrinks with the stack, but never below its own minimum."""
    return max(scale, block.min_scale())


def stack_height(ctx: LayoutContext, blocks: Sequence[Block], width: float, scale: float) -> float:
    return sum(b.height(ctx, width, _clamped(b, scale)) for b in blocks)


def _splits_words(ctx: LayoutContext, blocks: Sequence[Block], width: float, scale: float) -> bool:
    """Whether a block that may split its words (a paragraph, a table) does at this scale."""
    for b in blocks:
        splits = getattr(b, "splits_words", None)
        if splits is not None and splits(ctx, width, _clamped(b, scale)):
            return True
    return False


def fit_scale(ctx: LayoutContext, blocks: Sequence[Block], box: Box) -> tuple[float, bool]:
    """The largest scale ≤ 1 at which the blocks fit the box, and whether they fit at all.

    A scale at which some word has to be split across lines (in a narrow table column)
    counts as not fitting while a smaller scale avoids it."""
    floor = min((b.min_scale() for b in blocks), default=1.0)
    if floor >= 1.0:  # nothing may shrink (a deck's fixed sizes): the one scale either fits or not
        return 1.0, stack_height(ctx, blocks, box.w, 1.0) <= box.h + 1e-6

    def fits(scale: float, whole_words: bool) -> bool:
        if stack_height(ctx, blocks, box.w, scale) > box.h + 1e-6:
            return False
        return not (whole_words and _splits_words(ctx, blocks, box.w, scale))

    if fits(1.0, True):
        return 1.0, True
    whole = fits(floor, True)
    if not whole and not fits(floor, False):
        return floor, False
    lo, hi = floor, 1.0
    for _ in range(12):
        mid = (lo + hi) / 2
        if fits(mid, whole):
            lo = mid
        else:
            hi = mid
    return lo, True


def split_blocks(ctx: LayoutContext, blocks: Sequence[Block], box: Box) -> tuple[list[Block], list[Block]]:
    """The blocks that fit the box at their own size, and the rest, to continue elsewhere
    (on another card). A paragraph splits between its source lines (paragraphs, bullets),
    or after a sentence of a line too long for one card. A table (or `TableRows`) is never
    split: it goes whole to the rest, unless it is first and taller than the box alone (then
    it splits between rows, two at least on each side of a table of four or more). Spacers do not start the
    rest. When not even the first block fits, nothing fits: ([], blocks)."""
    taken: list[Block] = []
    used = 0.0
    blocks = [b for b in blocks if b is not None]
    for i, block in enumerate(blocks):
        h = block.height(ctx, box.w, 1.0)
        if used + h <= box.h + 1e-6:
            taken.append(block)
            used += h
            continue
        rest = list(blocks[i:])
        parts = _split_block(ctx, block, box, used, not taken)
        if parts is not None:
            taken.append(parts[0])
            rest = [parts[1], *blocks[i + 1 :]]
        while taken and isinstance(taken[-1], Spacer):
            taken.pop()
        while rest and isinstance(rest[0], Spacer):
            rest.pop(0)
        return taken, rest
    return taken, []


def _split_block(ctx: LayoutContext, block: Block, box: Box, used: float, first: bool) -> tuple[Block, Block] | None:
    """The block as its start that fits the box below `used` and the rest, where it splits
    (`split_to_fit`: a paragraph, a table); None where it does not."""
    split = getattr(block, "split_to_fit", None)
    if split is None:
        return None

    def fits(height: float) -> bool:
        return used + height <= box.h + 1e-6

    return split(ctx, box.w, fits, first)


_SENTENCE_END = re.compile(r"[.!?][)\"”’]?[ ]+(?=\S)")
#: Between the items of a list written on one line (perks, rules), `a · b`; the `·` may be
#: held to the item before it by a no-break space, as lists of items are written.
_LIST_BREAK = re.compile(r"[ \u00a0]· (?=\S)")
_LIST_END = re.compile(r"[ \u00a0]·$")


def _split_points(text: str) -> list[int]:
    """Where a paragraph may be cut to continue elsewhere, in order: between its source
    lines first of all, and where one line is longer than a card, after a sentence or
    between the items of a list (`a · b`) (never inside `*emphasis*`)."""
    points: list[int] = []
    start = 0
    for line in text.split("\n"):
        for m in (*_SENTENCE_END.finditer(line), *_LIST_BREAK.finditer(line)):
            if _outside_emphasis(line[: m.end()]):
                points.append(start + m.end())
        start += len(line) + 1
        if start < len(text):
            points.append(start)
    return sorted(set(points))


def _outside_emphasis(head: str) -> bool:
    """Whether the text after `head` is outside `**bold**` and `*italic*` alike."""
    return head.count("**") % 2 == 0 and head.replace("**", "").count("*") % 2 == 0


def fit_blocks(
    ctx: LayoutContext,
    blocks: Sequence[Block],
    box: Box,
    *,
    valign: str = "top",
    what: str = "text",
    continues: bool = False,
    hint: str | None = None,
) -> list[Item]:
    """Draw the blocks stacked in the box at the largest scale that fits.

    If they do not fit at their minimum size, report an error on the biggest block's
    source, with how much of it fits, and draw them at the minimum size anyway (the build
    will not write them). `continues`: the text could go on to another card, had it a
    place to break (what `split_blocks` looks for). `hint`: what to do instead of
    shortening the text, where it is not the author's to shorten (an upgrade's id).
    """
    blocks = [b for b in blocks if b is not None]
    scale, fits = fit_scale(ctx, blocks, box)
    if not fits and all(b.source is None for b in blocks):  # sheetgen's own words: never an error at content
        blocks = _own_words_shortened(ctx, blocks, box)
        scale, fits = fit_scale(ctx, blocks, box)
    if not fits:
        need = stack_height(ctx, blocks, box.w, scale)
        biggest = max(
            (b for b in blocks if b.source is not None),
            key=lambda b: b.height(ctx, box.w, _clamped(b, scale)),
            default=None,
        )
        source = biggest.source if biggest else None
        where = f" ({field_path(source.path)})" if source and source.path else ""
        if box.h < 3 * 2.8346:
            ctx.error(
                source,
                OVERFLOW,
                f"there is no room left for the {what}{where}: the rest of the layout fills its space",
                "choose a larger card or paper size in the theme",
            )
        else:
            message = (
                f"the {what}{where} {'do' if plural(what) else 'does'} not fit its box even at the smallest size: "
                f"it needs {need / 2.8346:.0f}mm of height and has {max(0.0, box.h) / 2.8346:.0f}mm"
            )
            if hint is not None:
                ctx.error(source, OVERFLOW, message, hint)
            elif isinstance(biggest, Paragraph):  # how much of it fits beside the rest
                room = box.h - need + biggest.height(ctx, box.w, _clamped(biggest, scale))
                fit = (biggest.text, chars_that_fit(ctx, biggest, box.w, room))
                hint = shorten_hint(fit[1], len(fit[0]))
                ctx.error(source, OVERFLOW, message, hint + (CONTINUES if continues else ""), fit=fit)
            else:
                ctx.error(
                    source,
                    OVERFLOW,
                    message,
                    "shorten the text" + (", or split it over two cards" if continues else ""),
                )
    y = box.y
    if valign == "middle":
        y += max(0.0, (box.h - stack_height(ctx, blocks, box.w, scale)) / 2)
    elif valign == "bottom":
        y += max(0.0, box.h - stack_height(ctx, blocks, box.w, scale))
    items: list[Item] = []
    for b in blocks:
        own = _clamped(b, scale)
        items.extend(b.draw(ctx, box.x, y, box.w, own))
        y += b.height(ctx, box.w, own)
    return items


def _own_words_shortened(ctx: LayoutContext, blocks: list[Block], box: Box) -> list[Block]:
    """Blocks of sheetgen's own words (a caption, a reminder) too long for their box in the
    theme's font, with the longest paragraph cut at a word and ended with an ellipsis so
    that they fit, and a warning at the theme's font (`label_shortened`)."""
    paragraphs = [b for b in blocks if isinstance(b, Paragraph)]
    if not paragraphs:
        return blocks
    floor = min(b.min_scale() for b in blocks)
    para = max(paragraphs, key=lambda b: b.height(ctx, box.w, _clamped(b, floor)))
    room = box.h - stack_height(ctx, blocks, box.w, floor) + para.height(ctx, box.w, _clamped(para, floor))
    words = para.text.split(" ")
    short = ""
    for n in range(len(words) - 1, 0, -1):  # the longest start of whole words that fits
        head = " ".join(words[:n]).rstrip(" ,;:·-–—") + ellipsis(ctx, para.style.font)
        if Paragraph(ctx, head, para.style).height(ctx, box.w, para.min_scale()) <= room + 1e-6:
            short = head
            break
    label_shortened(ctx, para.text, short, para.style.font, para.style.min_size)
    return [Paragraph(ctx, short, para.style) if b is para else b for b in blocks]


def chars_that_fit(ctx: LayoutContext, para: Paragraph, width: float, room: float) -> int:
    """How many of the paragraph's first characters fit `room` (a height) at its smallest size."""
    scale = para.min_scale()
    lo, hi = 0, len(para.text)
    while lo < hi:  # a longer start never takes fewer lines
        mid = (lo + hi + 1) // 2
        head = Paragraph(ctx, para.text[:mid].rstrip(), para.style, para.source)
        if head.height(ctx, width, scale) <= room + 1e-6:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _chars_on_line(m: FontMetrics, text: str, width_em: float) -> int:
    """How many of the text's first characters fit a line `width_em` wide."""
    used = 0.0
    for i, ch in enumerate(text):
        used += m.width(ch)
        if used > width_em + 1e-9:
            return i
    return len(text)


def text_box(
    ctx: LayoutContext,
    text: str,
    box: Box,
    style: TextStyle,
    source: Source | None = None,
    *,
    valign: str = "top",
    what: str = "text",
) -> list[Item]:
    """One paragraph of text wrapped and shrunk to fit a box."""
    return fit_blocks(ctx, [Paragraph(ctx, text, style, source)], box, valign=valign, what=what)


def ellipsis(ctx: LayoutContext, style: str) -> str:
    """`…`, or `...` in a font without it."""
    return ELLIPSIS if not ctx.fonts.metrics(style).missing(ELLIPSIS) else "..."


def shortened(ctx: LayoutContext, text: str, style: str, size: float, width: float) -> str:
    """The text cut at a word (or, failing that, a letter) and ended with an ellipsis so
    that it fits `width` at `size`; "" if not even the ellipsis fits."""
    m = ctx.fonts.metrics(style)
    mark = ellipsis(ctx, style)
    limit = width / size
    if m.width(mark) > limit:
        return ""
    words = text.split(" ")
    for n in range(len(words) - 1, 0, -1):
        head = " ".join(words[:n]).rstrip(" ,;:·-–—")
        if head and m.width(head + mark) <= limit:
            return head + mark
    for n in range(len(text) - 1, 0, -1):
        head = text[:n].rstrip()
        if m.width(head + mark) <= limit:
            return head + mark
    return mark


def own_label_lines(ctx: LayoutContext, text: str, box: Box, style: TextStyle, valign: str) -> list[Item] | None:
    """A label of sheetgen's own too wide for one line at the smallest size, on two lines
    of whole words where the box is high enough; None where it is not."""
    if " " not in text:
        return None
    two = restyle(style, leading=1.1, markup=False)
    para = Paragraph(ctx, text, two)
    scale, fits = fit_scale(ctx, [para], box)
    size = two.size * scale
    if not fits or para.splits_words(ctx, box.w, scale) or len(para._lines(ctx, box.w, size)) > 2:
        return None
    return fit_blocks(ctx, [para], box, valign=valign)


def _one_spaced(text: str) -> str:
    """The text with its runs of white space as single spaces: the same string where it
    has none to fold (a deck's footer, printed on every card, is then stored once)."""
    folded = " ".join(text.split())
    return text if folded == text else folded


def one_line(
    ctx: LayoutContext,
    text: str,
    box: Box,
    style: TextStyle,
    source: Source | None = None,
    *,
    valign: str = "middle",
    what: str = "text",
    abbreviate: bool = False,
) -> list[Item]:
    """A single line, shrunk (never wrapped) to fit the width, placed in the box.

    Text too wide even at the style's minimum size is an error at its source; with
    `abbreviate` (labels that are not the reader's rules: owner names, footers) it is
    shortened with an ellipsis and a warning instead. Text with no source (sheetgen's own
    labels and column headers) is never an error: it takes two lines where the box holds
    them, else it is shortened and the theme's font warned about (`label_shortened`)."""
    text = _one_spaced(printable(str(text)))
    ctx.check_glyphs(text, style.font, source)
    m = ctx.fonts.metrics(style.font)
    em = m.width(text)
    size = style.size
    if em * size > box.w:
        size = box.w / em if em else size
    if box.h > 0:
        # A low box lowers the size, but never below the minimum: the line's leading may
        # overhang a box that is only a little lower than it.
        size = min(size, max(box.h / style.leading, min(style.size, style.min_size)))
    if size < style.min_size - 1e-6:
        size = style.min_size
        if source is None:  # sheetgen's own words: never an error at content
            two = own_label_lines(ctx, text, box, style, valign)
            if two is not None:
                return two
            short = shortened(ctx, text, style.font, size, box.w)
            label_shortened(ctx, text, short, style.font, style.min_size)
            return _placed(ctx, short, m.width(short), box, style, size, valign)
        where = f" ({field_path(source.path)})" if source.path else ""
        fit = (text, _chars_on_line(m, text, box.w / size))
        if abbreviate:
            short = shortened(ctx, text, style.font, size, box.w)
            ctx.warning(
                source,
                "layout.text-abbreviated",
                f"the {what}{where} `{quoted(text)}` {'are' if plural(what) else 'is'} too long for its box "
                f"at {style.min_size:g}pt; "
                f"printed as `{short}`",
                shorten_hint(fit[1], len(text)) + " to print it whole",
                fit=fit,
            )
            text, em = short, m.width(short)
        else:
            ctx.error(
                source,
                OVERFLOW,
                f"the {what}{where} `{quoted(text)}` {'are' if plural(what) else 'is'} too long for its line "
                f"even at {style.min_size:g}pt",
                shorten_hint(fit[1], len(text)),
                fit=fit,
            )
    return _placed(ctx, text, em, box, style, size, valign)


def _placed(
    ctx: LayoutContext, text: str, em: float, box: Box, style: TextStyle, size: float, valign: str
) -> list[Item]:
    """A line `em` wide at `size`, aligned in the box."""
    m = ctx.fonts.metrics(style.font)
    width = em * size
    if style.align == "center":
        x = box.x + (box.w - width) / 2
    elif style.align == "right":
        x = box.right - width
    else:
        x = box.x
    cap = m.cap_height * size
    if valign == "top":
        y = box.y + cap
    elif valign == "bottom":
        y = box.bottom - m.descent * size
    else:
        y = box.y + (box.h + cap) / 2
    return [Text(x, y, text, ctx.fonts.face(style.font), size, ink_at(style.color, size), width)]
