"""Text: measured with the embedded font's metrics, broken into lines, shrunk to fit.

Text is laid out here, once, so PDF and SVG can never wrap it differently. Body
text understands a little markup: `**bold**`, `*italic*`, lines starting with
`- ` as bullets, and blank lines between paragraphs.

Blocks (paragraphs, tables, spacers) stack in a box; `fit_blocks` finds the
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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Protocol

from sheetgen.content.yamlsrc import printed_number
from sheetgen.diagnostics import Severity, field_path
from sheetgen.fonts import FontFace, FontMetrics
from sheetgen.layout.colors import luminance
from sheetgen.layout.context import Issue, LayoutContext, Source, font_label, grouped
from sheetgen.layout.primitives import Box, Item, Path, Rect, Text, line

BOLD = {"regular": "bold", "italic": "bold_italic", "bold": "bold", "bold_italic": "bold_italic"}
ITALIC = {"regular": "italic", "bold": "bold_italic", "italic": "italic", "bold_italic": "bold_italic"}


BODY_MIN = 7.5  # points: the smallest body text, and the smallest text in any colour but black
FINE_MIN = 6.5  # points: the smallest fine print (labels, footers, captions), always solid black
FINE_INK = "#000000"
OVERFLOW = "layout.text-overflow"  # the code of text too long for its place
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


# --- parsing --------------------------------------------------------------------

Fragment = tuple[str, str]  # (text, font style)


#: A word: its width in em at size 1 and its (text, font style) fragments, one for a
#: word in one style, more for one that changes style inside (`**bold**ly`). A plain
#: tuple: a card's body has dozens of words, and the deck a thousand bodies.
Word = tuple[float, Sequence[Fragment]]


@dataclass(slots=True)
class ParsedLine:
    words: list[Word]
    bullet: bool = False
    gap_before: bool = False  # a blank line preceded it
    plain: bool = False  # every word is in the paragraph's own style


_MARKER = re.compile(r"\\\*|\*\*?")  # an escaped star, `**` or `*`


def parse_inline(text: str, base: str, markup: bool) -> list[Fragment]:
    """Split a line into (text, style) fragments by `**bold**` and `*italic*` markers.

    A `*` opens italics before a non-space and closes them after one; any other `*`, and
    an escaped `\\*`, is a star in the text."""
    if not markup or "*" not in text:
        return [(text, base)]
    out: list[Fragment] = []
    bold = italic = False
    style = base
    buf: list[str] = []
    pos, n = 0, len(text)
    for m in _MARKER.finditer(text):
        i, mark = m.start(), m.group()
        if mark == "\\*":
            buf.append(text[pos:i])
            buf.append("*")
            pos = m.end()
            continue
        if mark == "*":
            prev = text[i - 1] if i else " "
            nxt = text[i + 1] if i + 1 < n else " "
            if not ((not italic and not nxt.isspace()) or (italic and not prev.isspace())):
                continue  # a star in the text: it stays in the next chunk
        buf.append(text[pos:i])
        chunk = "".join(buf)
        buf.clear()
        if chunk:
            out.append((chunk, style))
        if mark == "**":
            bold = not bold
        else:
            italic = not italic
        style = base
        if bold:
            style = BOLD[style]
        if italic:
            style = ITALIC[style]
        pos = m.end()
    buf.append(text[pos:])
    chunk = "".join(buf)
    if chunk:
        out.append((chunk, style))
    return out


def parse(text: str, style: TextStyle, fonts) -> list[ParsedLine]:
    lines: list[ParsedLine] = []
    gap = False
    markup = style.markup
    base = style.font
    for raw in str(text).replace("\r\n", "\n").split("\n"):
        stripped = raw.strip()
        if not stripped:
            gap = bool(lines)
            continue
        bullet = markup and stripped.startswith(("- ", "• "))
        if bullet:
            stripped = stripped[2:].lstrip()
        fragments = parse_inline(stripped, base, markup) if markup and "*" in stripped else [(stripped, base)]
        if len(fragments) == 1:  # one style on the whole line: words are its parts
            t, s = fragments[0]
            table = words_in(fonts, s)
            lines.append(ParsedLine([table[p] for p in t.split(" ") if p], bullet, gap, s == base))
            gap = False
            continue
        lines.append(ParsedLine(_styled_words(fragments, fonts), bullet, gap))
        gap = False
    return lines


class _Words(dict):
    """The words met in one font style, as `Word`s: measured once, and one tuple for every
    time a deck's cards use a word. Bounded: it forgets everything past `limit` words."""

    limit = 5_000

    def __init__(self, width, style: str):
        super().__init__()
        self.width = width
        self.style = style

    def __missing__(self, text: str) -> Word:
        if len(self) >= self.limit:
            self.clear()
        word = self[text] = (self.width(text), ((text, self.style),))
        return word


def words_in(fonts, style: str) -> _Words:
    """The word table of a font style (see `_Words`), kept with the font book's layouts."""
    key = ("words", style)
    table = fonts.memo.get(key)
    if table is None:
        table = fonts.memo[key] = _Words(fonts.metrics(style).width, style)
    return table


def _styled_words(fragments: list[Fragment], fonts) -> list[Word]:
    """The words of a line in more than one style. Words are split at spaces; a word may
    run across fragments (`**bold**ly`): the first part of a fragment continues the word
    before it, the last starts one."""
    words: list[Word] = []
    current: list[Fragment] | None = None
    em = 0.0
    for frag_text, s in fragments:
        table = words_in(fonts, s)
        width = table.width
        parts = frag_text.split(" ")
        head = parts[0]
        if head:
            if current is None:
                current, em = [(head, s)], width(head)
            else:
                current.append((head, s))
                em += width(head)
        if len(parts) > 1:
            if current is not None:
                words.append((em, current))
                current = None
            if len(parts) > 2:
                words += [table[part] for part in parts[1:-1] if part]
            tail = parts[-1]
            if tail:
                current, em = [(tail, s)], width(tail)
    if current is not None:
        words.append((em, current))
    return words


# --- breaking -------------------------------------------------------------------

BULLET = "•"


@dataclass(slots=True)
class _Broken:
    words: list[Word]
    indent: float  # em
    bullet: bool
    gap_before: bool
    plain: bool = False  # see ParsedLine


#: Where a word too wide for its line breaks, coarsest first: after its no-break spaces
#: (`Sanity\u00a050`: words kept together while they fit a line); in a part still too
#: wide, after its slashes (a link's parts, each with the slashes after it); in a part
#: still too wide, after each run of `-`, `.`, `?`, `&`, `=` or `_`. A part too wide even
#: then breaks between letters.
_BREAKS = (
    re.compile("[^\u00a0]*\u00a0+|[^\u00a0]+$"),
    re.compile(r"[^/]*/+|[^/]+$"),
    re.compile(r"[^-.?&=_]*[-.?&=_]+|[^-.?&=_]+$"),
)


def _split_long(word: Word, max_em: float, fonts) -> list[Word]:
    """Break a word that is wider than a line into line-sized pieces, each as full as it
    may be: at the coarsest marks (`_BREAKS`) that give parts no wider than the line, part
    by part (a link breaks after a `/`, and only inside a part between slashes too wide for
    the line after a `-` or `.` too), down to single letters. A piece ending at a no-break
    space leaves the space behind, as a line ending at a space does."""
    text = "".join([t for t, _ in word[1]])
    styles = [s for t, s in word[1] for _ in t]
    ems = [fonts.metrics(s).width(ch) for ch, s in zip(text, styles)]

    def parts(a: int, b: int, level: int) -> list[tuple[int, int, float]]:
        """(start, end, width) of each part of text[a:b] no wider than the line, if it can be."""
        if level == len(_BREAKS):
            return [(k, k + 1, ems[k]) for k in range(a, b)]
        out: list[tuple[int, int, float]] = []
        for m in _BREAKS[level].finditer(text[a:b]):
            i, j = a + m.start(), a + m.end()
            em = sum(ems[i:j])
            if i < j:
                out += [(i, j, em)] if em <= max_em else parts(i, j, level + 1)
        return out

    spans: list[list] = []  # [start, end, width] of each piece
    for i, j, em in parts(0, len(text), 0):
        if spans and spans[-1][2] + em <= max_em:
            spans[-1][1:] = j, spans[-1][2] + em
        else:
            spans.append([i, j, em])
    pieces: list[Word] = []
    for i, j, em in spans:
        while j > i + 1 and text[j - 1] == "\u00a0":
            j -= 1
            em -= ems[j]
        fragments: list[Fragment] = []
        for k in range(i, j):  # the piece's runs of one style
            if fragments and fragments[-1][1] == styles[k]:
                fragments[-1] = (fragments[-1][0] + text[k], styles[k])
            else:
                fragments.append((text[k], styles[k]))
        pieces.append((em, fragments))
    return pieces


#: em: how much wider than its line a word or a line of words may be and still be whole on
#: it: lines are broken at widths rounded to a thousandth of a point (see `Paragraph._lines`),
#: and a column as wide as its widest word, or its widest line (a heading, `Result 1`), must
#: keep it whole.
ROUNDING = 1e-4


def break_lines(parsed: list[ParsedLine], width_em: float, space_em: float, bullet_em: float, fonts) -> list[_Broken]:
    out: list[_Broken] = []
    for pl in parsed:
        bullet = pl.bullet
        indent = bullet_em if bullet else 0.0
        avail = max(width_em - indent, 1e-6)
        limit = avail + ROUNDING
        cur: list[Word] = []
        cur_em = 0.0
        first = True
        for word in pl.words:
            for piece in (word,) if word[0] <= avail + ROUNDING else _split_long(word, avail, fonts):
                em = piece[0]
                if not cur:
                    cur.append(piece)
                    cur_em = em
                    continue
                need = cur_em + space_em + em
                if need > limit:
                    out.append(_Broken(cur, indent, bullet and first, pl.gap_before and first, pl.plain))
                    first = False
                    cur, cur_em = [piece], em
                else:
                    cur.append(piece)
                    cur_em = need
        if cur or not pl.words:
            out.append(_Broken(cur, indent, bullet and first, pl.gap_before and first, pl.plain))
            if not first:
                _no_widow(out[-2], out[-1], space_em, limit)
    return out


def _no_widow(before: _Broken, last: _Broken, space_em: float, limit: float) -> None:
    """A paragraph's last line of one word takes the word before it along, where that
    leaves the line above with two words or more and the two fit the line: the paragraph
    keeps its lines, and no word stands alone under it."""
    if len(last.words) != 1 or len(before.words) < 3:
        return
    moved = before.words[-1]
    if moved[0] + space_em + last.words[0][0] <= limit:
        last.words.insert(0, before.words.pop())


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
        self._memo = ctx.fonts.memo if len(self.text) <= SHARED_TEXT else {}
        parsed = self._memo.get(self._key)
        if parsed is None:
            parsed = self._memo[self._key] = parse(self.text, style, ctx.fonts)
        self.parsed = parsed
        self._heights: dict[tuple[float, float], float] = {}

    def min_scale(self) -> float:
        return min(1.0, self.style.min_size / self.style.size)

    def _lines(self, ctx: LayoutContext, width: float, size: float) -> list[_Broken]:
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
        placed = self._memo.get(key)
        if placed is None:
            placed = self._memo[key] = self._place_runs(ctx, width, size)
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

    def _place_runs(
        self, ctx: LayoutContext, width: float, size: float
    ) -> list[tuple[bool, list[tuple[float, str, FontFace, float]]]]:
        lines = self._lines(ctx, width, size)
        fonts = ctx.fonts
        base = self.style.font
        m = fonts.metrics(base)
        base_face = fonts.face(base)
        space_em = m.width(" ")
        space = m.width(" ", size)
        exact = exact_sums(m)
        align = self.style.align
        placed: list[tuple[bool, list[tuple[float, str, FontFace, float]]]] = []
        for ln in lines:
            runs: list[tuple[float, str, FontFace, float]] = []
            words = ln.words
            indent = ln.indent * size
            if align == "center" or align == "right":
                line_w = sum(w[0] for w in words) * size + space * max(0, len(words) - 1)
                cx = indent + (width - indent - line_w) / 2 if align == "center" else width - line_w
            else:
                cx = indent
            if ln.bullet:
                runs.append((0.0, BULLET, base_face, m.width(BULLET, size)))
            # Runs of base-style words become one Text (spaces included, at the base style's
            # space width, exactly as measured) so PDF text extracts as whole lines.
            if ln.plain:  # the whole line is one such run
                if words:
                    joined = " ".join([w[1][0][0] for w in words])
                    em = sum([w[0] for w in words]) + space_em * (len(words) - 1) if exact else measure(m, joined)
                    runs.append((cx, joined, base_face, em * size))
                placed.append((ln.gap_before, runs))
                continue
            run: list[str] = []
            run_em = 0.0  # the run's width in em, where sums are exact (else measured whole)
            run_x = cx
            for j, (em, fragments) in enumerate(words):
                if j:
                    if run:
                        run.append(" ")
                        run_em += space_em
                    cx += space
                if len(fragments) == 1:  # a word in one style (nearly every word)
                    text, fstyle = fragments[0]
                    w = em * size
                    if fstyle == base:
                        if run:
                            run.append(text)
                            run_em += em
                        else:
                            run_x, run, run_em = cx, [text], em
                    else:
                        if run:
                            joined = "".join(run)
                            runs.append((run_x, joined, base_face, (run_em if exact else measure(m, joined)) * size))
                            run = []
                        runs.append((cx, text, fonts.face(fstyle), w))
                    cx += w
                    continue
                for text, fstyle in fragments:
                    w = fonts.width(text, fstyle, size)
                    if fstyle == base:
                        if not run:
                            run_x = cx
                            run_em = 0.0
                        run.append(text)
                        run_em += m.width(text)
                    else:
                        if run:
                            joined = "".join(run)
                            runs.append((run_x, joined, base_face, (run_em if exact else measure(m, joined)) * size))
                            run.clear()
                        runs.append((cx, text, fonts.face(fstyle), w))
                    cx += w
            if run:
                joined = "".join(run)
                runs.append((run_x, joined, base_face, (run_em if exact else measure(m, joined)) * size))
            placed.append((ln.gap_before, runs))
        return placed


def exact_sums(m: FontMetrics) -> bool:
    """Whether the font's widths add up exactly in any order: with units per em a power
    of two (2048, 1024: nearly every TrueType font), every advance is a short binary
    fraction and so is every sum of them, so a run's width is the sum of its words'
    and spaces' widths, to the last bit, without measuring it letter by letter."""
    return m.upem & (m.upem - 1) == 0


def measure(m: FontMetrics, text: str) -> float:
    """The width in em of text met about once (a line of a card's body, a title): as
    `FontMetrics.width` measures it, without keeping it in the font's word cache, which
    would otherwise grow with every card of a deck."""
    widths, missing = m.widths, m.notdef_width
    return sum([widths.get(c, missing) for c in text])


class TableRows(Paragraph):
    """A table printed as a line a row (`tables.rows_as_text`): it keeps together on a
    card as a table does (see `split_blocks`)."""


class Spacer:
    source = None

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


class Table:
    """A table of text cells with a header row; columns share the width by content."""

    def __init__(
        self,
        ctx: LayoutContext,
        columns: Sequence[str],
        rows: Sequence[Sequence[object]],
        style: TextStyle,
        source: Source | None = None,
        *,
        header_fill: str | None = None,
        rule_color: str = "#b9b09c",
        align: Sequence[str] | None = None,
        col_weights: Sequence[float] | None = None,
        first_row: int = 0,
    ):
        self.source = source
        self._args = (columns, rows, style, source)
        self._options = dict(header_fill=header_fill, rule_color=rule_color, align=align, col_weights=col_weights)
        self.first_row = first_row
        self.style = style
        first = rows[0] if rows else []
        self.align = list(align) if align else [("center" if _numeric(v) else "left") for v in first]
        width = max([len(columns)] + [len(row) for row in rows])
        aligns = tuple(self.align[c] if c < len(self.align) else "left" for c in range(width))
        self.header_style, header_styles, cell_styles = _cell_styles(style, aligns)
        self.header = [
            Paragraph(ctx, str(c), header_styles[i], source.child("columns", i) if source else None)
            for i, c in enumerate(columns)
        ]
        self.cells = [
            [
                Paragraph(
                    ctx,
                    kept_whole(cell_text(v)),
                    cell_styles[c],
                    source.child("rows", first_row + r, c) if source else None,
                )
                for c, v in enumerate(row)
            ]
            for r, row in enumerate(rows)
        ]
        self.header_fill = header_fill
        self.rule_color = rule_color
        self.col_weights = col_weights
        self.pad = 0.3  # em, cell padding on each side
        self._natural_cache: dict[int, tuple[float, float]] = {}
        # Column widths, row heights and split words depend on the cells' texts and the
        # style only: tables of the same content (a deck repeats its tables) share them
        # through the font book, by this key. Not the parts of a split table, whose
        # columns keep the whole table's widths.
        self._memo: dict = ctx.fonts.memo
        content = (
            "table",
            tuple(p._key for p in self.header),
            tuple(tuple(p._key for p in row) for row in self.cells),
            style,
            tuple(col_weights) if col_weights else None,
        )
        # The content stands for itself in the keys by a token: hashed once, not per lookup.
        token = self._memo.get(content)
        if token is None:
            token = self._memo[content] = object()
        self._content = token

    def min_scale(self) -> float:
        return min(1.0, self.style.min_size / self.style.size)

    def rows_split(self, ctx: LayoutContext, k: int) -> tuple[Table, Table]:
        """This table as its first k rows and the rest, each under the header row."""
        columns, rows, style, source = self._args
        options = dict(self._options, align=self.align)
        parts = (
            Table(ctx, columns, rows[:k], style, source, first_row=self.first_row, **options),
            Table(ctx, columns, rows[k:], style, source, first_row=self.first_row + k, **options),
        )
        for part in parts:  # both parts keep the whole table's columns
            part._natural_cache = {c: self._natural(ctx, c) for c in range(len(self.header))}
            part._memo, part._content = {}, None
        return parts

    def _natural(self, ctx: LayoutContext, col: int) -> tuple[float, float]:
        """(widest unbroken line, widest single word) of a column, in em."""
        hit = self._natural_cache.get(col)
        if hit is None:
            hit = self._natural_cache[col] = self._measure_column(ctx, col)
        return hit

    def _measure_column(self, ctx: LayoutContext, col: int) -> tuple[float, float]:
        natural = word = 0.0
        for p in [self.header[col]] + [row[col] for row in self.cells if col < len(row)]:
            line, plain, bulleted = p.extent(ctx)
            natural = max(natural, line)
            word = max(word, plain, bulleted)
        return natural, word

    def widths(self, ctx: LayoutContext, width: float, scale: float) -> list[float]:
        key = ("widths", self._content, round(width, 3), round(scale, 5))
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = self._share_width(ctx, width, scale)
        return hit

    def _share_width(self, ctx: LayoutContext, width: float, scale: float) -> list[float]:
        n = len(self.header)
        size = self.style.size * scale
        pad = 2 * self.pad * size
        if self.col_weights:
            total = sum(self.col_weights)
            return [width * w / total for w in self.col_weights]
        nat = [self._natural(ctx, c) for c in range(n)]
        natural = [a * size + pad for a, _ in nat]
        if sum(natural) <= width:
            extra = (width - sum(natural)) / n
            return [w + extra for w in natural]
        minimum = [b * size + pad for _, b in nat]
        if sum(minimum) >= width:
            return [width * m / sum(minimum) for m in minimum]
        # Every column gets its longest word; then short columns get their whole text, as
        # many as the rest allows, those wanting the least first, so `1d6 × 1d6` never wraps
        # beside a column of prose; then, where every heading left can keep its line
        # (`Result 1`), each does (one wrapped heading makes the header row two lines high
        # whatever the others do); the prose shares what is left.
        widths = list(minimum)
        rest = width - sum(minimum)
        for c in sorted(range(n), key=lambda c: natural[c] - minimum[c]):
            need = natural[c] - minimum[c]
            if need <= rest:
                widths[c] = natural[c]
                rest -= need
        heading = [max(widths[c], self.header[c].extent(ctx)[0] * size + pad) for c in range(n)]
        if sum(heading) - sum(widths) <= rest:
            rest -= sum(heading) - sum(widths)
            widths = heading
        wrapped = [c for c in range(n) if widths[c] < natural[c]]
        total_want = sum(natural[c] - widths[c] for c in wrapped) or 1.0
        return [w + rest * (natural[c] - w) / total_want if c in wrapped else w for c, w in enumerate(widths)]

    def splits_words(self, ctx: LayoutContext, width: float, scale: float) -> bool:
        """Whether some cell has a word wider than its column at this scale."""
        key = ("splits", self._content, width, scale)
        hit = self._memo.get(key)
        if hit is None:
            widths = self.widths(ctx, width, scale)
            pad = 2 * self.pad * self.style.size * scale
            hit = self._memo[key] = any(
                p.splits_words(ctx, w - pad, scale) for row in [self.header] + self.cells for p, w in zip(row, widths)
            )
        return hit

    def _row_height(self, ctx: LayoutContext, row: list[Paragraph], widths: list[float], scale: float) -> float:
        size = self.style.size * scale
        pad = self.pad * size
        return max((p.height(ctx, w - 2 * pad, scale) for p, w in zip(row, widths)), default=0.0) + pad

    def row_heights(self, ctx: LayoutContext, width: float, scale: float) -> list[float]:
        """The height of each row, the header first."""
        key = ("rows", self._content, width, scale)
        hit = self._memo.get(key)
        if hit is None:
            widths = self.widths(ctx, width, scale)
            hit = self._memo[key] = [self._row_height(ctx, r, widths, scale) for r in [self.header] + self.cells]
        return hit

    def height(self, ctx: LayoutContext, width: float, scale: float) -> float:
        return sum(self.row_heights(ctx, width, scale))

    def draw(self, ctx: LayoutContext, x: float, y: float, width: float, scale: float) -> list[Item]:
        widths = self.widths(ctx, width, scale)
        heights = self.row_heights(ctx, width, scale)
        size = self.style.size * scale
        pad = self.pad * size
        items: list[Item] = []
        cy = y
        for r, row in enumerate([self.header] + self.cells):
            h = heights[r]
            if r == 0 and self.header_fill:
                items.append(Rect(x, cy, width, h, stroke=None, fill=self.header_fill))
            cx = x
            for p, w in zip(row, widths):
                items.extend(p.draw(ctx, cx + pad, cy + pad / 2, w - 2 * pad, scale))
                cx += w
            cy += h
            items.append(Path(line(x, cy, x + width, cy), stroke=self.rule_color, width=0.4 if r else 0.7))
        return items


@lru_cache(maxsize=256)
def _cell_styles(style: TextStyle, aligns: tuple[str, ...]) -> tuple[TextStyle, list[TextStyle], list[TextStyle]]:
    """A table's header style and each column's header and cell styles: derived once for
    every table of a style and alignment (a deck's tables), not once per cell."""
    header = restyle(style, font=BOLD[style.font])
    return header, [restyle(header, align=a) for a in aligns], [restyle(style, align=a) for a in aligns]


def _numeric(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    s = str(value).strip().rstrip("%+")
    try:
        float(s)
        return True
    except ValueError:
        return False


def cell_text(value: object) -> str:
    """A table cell's value as it prints (a number as a cell prints it)."""
    return printed_number(value) if isinstance(value, (int, float)) else str(value)


SHORT_CELL = 24  # characters: a cell this short keeps its sums and products on one line
_OPERATOR = re.compile(r" ([×x*+=–−-]) (?=\S)")
_LONE_NUMBER = re.compile(r"(?:(?<=^)|(?<= ))([+−–-]?\d{1,3}%?) (?=\S)|(?<=\S) ([+−–-]?\d{1,3}%?)$")


def kept_whole(text: str) -> str:
    """A cell's text with its short tokens held together by no-break spaces, so a narrow
    column never breaks inside them: `1d6 × 1d6 × 1d6` in a short cell, and a number of
    up to three digits with the word beside it (`40 coins`, `1 or 0`)."""
    if len(text) <= SHORT_CELL:
        text = _OPERATOR.sub("\u00a0\\1\u00a0", text)
    return _LONE_NUMBER.sub(lambda m: f"{m[1]}\u00a0" if m[1] else f"\u00a0{m[2]}", text)


# --- fitting --------------------------------------------------------------------


def _clamped(block: Block, scale: float) -> float:
    """Each block shrinks with the stack, but never below its own minimum."""
    return max(scale, block.min_scale())


def stack_height(ctx: LayoutContext, blocks: Sequence[Block], width: float, scale: float) -> float:
    return sum(b.height(ctx, width, _clamped(b, scale)) for b in blocks)


def _splits_words(ctx: LayoutContext, blocks: Sequence[Block], width: float, scale: float) -> bool:
    return any(getattr(b, "splits_words", None) and b.splits_words(ctx, width, _clamped(b, scale)) for b in blocks)


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
        if isinstance(block, TableRows) and (taken or h <= box.h + 1e-6):
            pass  # a table as a line a row goes whole to the next card, as a table does
        elif isinstance(block, Paragraph):
            kind = type(block)
            for cut in reversed(_split_points(block.text)):
                head = kind(ctx, _LIST_END.sub("", block.text[:cut].rstrip()), block.style, block.source)
                if head.parsed and used + head.height(ctx, box.w, 1.0) <= box.h + 1e-6:
                    tail = block.text[cut:].strip("\n")
                    taken.append(head)
                    rest = [kind(ctx, tail, block.style, block.source)] + list(blocks[i + 1 :])
                    break
        elif isinstance(block, Table) and not taken and h > box.h + 1e-6:
            # A table goes whole to the next card; only one taller than a card splits,
            # never leaving a row alone on either side.
            last = len(block.cells) - 1 if len(block.cells) < 4 else len(block.cells) - 2
            for k in range(last, 0 if len(block.cells) < 4 else 1, -1):
                head_t, tail_t = block.rows_split(ctx, k)
                if head_t.height(ctx, box.w, 1.0) <= box.h + 1e-6:
                    taken.append(head_t)
                    rest = [tail_t] + list(blocks[i + 1 :])
                    break
        while taken and isinstance(taken[-1], Spacer):
            taken.pop()
        while rest and isinstance(rest[0], Spacer):
            rest.pop(0)
        return taken, rest
    return taken, []


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


def table_size(
    ctx: LayoutContext,
    tables: Sequence[tuple[Sequence[str], Sequence[Sequence[object]]]],
    style: TextStyle,
    width: float,
) -> float:
    """One size for every table of a deck or sheet: the style's size, or as much smaller
    (never below body size) as lets the widest table keep its words whole."""
    size = style.size
    unique = list(
        {
            (tuple(map(str, c)), tuple(tuple(cell_text(v) for v in r) for r in rows)): (c, rows) for c, rows in tables
        }.values()
    )  # a deck repeats its tables: measure each once
    while size > BODY_MIN + 1e-6:
        fixed = restyle(style, size=size, min_size=size)
        if not any(Table(ctx, c, r, fixed).splits_words(ctx, width, 1.0) for c, r in unique):
            break
        size = max(BODY_MIN, round(size - 0.1, 2))
    return size


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
    label_shortened(ctx, para.text, short, para.style)
    return [Paragraph(ctx, short, para.style) if b is para else b for b in blocks]


def quoted(text: str, limit: int = 40) -> str:
    """Text as a diagnostic quotes it: whole, or cut at a word within `limit` characters
    and ended with an ellipsis (a word longer than that is cut where the limit falls)."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ", 0, limit)
    if text[limit - 1] != " " and space > 0:
        head = head[:space]
    return head.rstrip(" ,;:·-–—") + ELLIPSIS


def plural(what: str) -> bool:
    """Whether a diagnostic's name for a text is plural (`perks and quirks`, `weapon rules`)."""
    last = what.split()[-1] if what.strip() else ""
    return " and " in what or (last.endswith("s") and not last.endswith("ss"))


def shorten_hint(fits: int, length: int) -> str:
    """The hint for text too long for its place: how long it may be."""
    if fits <= 0:
        return "shorten it: not one character fits; or choose a larger card or paper size in the theme"
    return f"shorten it to {fits} characters or fewer (it has {length})"


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


ELLIPSIS = "…"


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


LABEL_SHORTENED = "layout.label-shortened"  # sheetgen's own words shortened: the theme's font is too wide


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


def label_shortened(ctx: LayoutContext, text: str, short: str, style: TextStyle) -> None:
    """Warn that words of sheetgen's own print shortened, at the theme's line naming the
    font that is too wide for them: the font is what the user can change."""
    face = ctx.fonts.face(style.font)
    given = re.match(r"F[0-9a-f]{10}-(\w+)$", face.name)  # a theme's file (see `fonts.face_for_file`)
    path = ("fonts", given.group(1)) if given else ("fonts",)
    source = Source(("theme", ctx.theme.id), path) if ctx.theme.id != "built-in" else Source(None)
    label = (font_label(face), text, short, style.min_size)
    hint = (
        f"choose a narrower font for the theme's `{given.group(1)}` style to print them whole"
        if given
        else "give the theme narrower fonts (`fonts:`) to print them whole"
    )
    ctx.issues.append(Issue(source, Severity.WARNING, LABEL_SHORTENED, _shortened_message([label]), hint, label=label))


def _shortened_message(labels: list[tuple[str, str, str, float]]) -> str:
    shown = labels[:4]
    more = [f"{len(labels) - len(shown)} more"] if len(labels) > len(shown) else []
    sizes = sorted({f"{size:g}pt" for *_, size in labels})
    return (
        f"the font {labels[0][0]} is too wide for sheetgen's words "
        f"{_listed([f'`{quoted(t)}`' for _, t, _, _ in shown] + more)} even at {_listed(sizes, 'or')}; they print "
        f"as {_listed([f'`{quoted(s)}`' for _, _, s, _ in shown] + (['so on'] if more else []))}"
    )


def _listed(items: list[str], word: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


#: Findings of text too long for its place (see `once_per_place`).
TOO_LONG = frozenset({OVERFLOW, "layout.text-abbreviated"})


def _place(issue: Issue) -> tuple | None:
    """Where text too long for its place is: its field, or a template's line; findings at no
    place of their own (labels) are one only if they say the same."""
    if issue.code not in TOO_LONG:
        return None
    return (issue.source, issue.code) if issue.source.doc or issue.at else (issue.source, issue.code, issue.message)


def once_per_place(issues: list[Issue], cards: bool) -> list[Issue]:
    """Text too long for its place, said once for each place in the content or a template
    however often an output prints it (a footer on every card of a deck, a name in a
    sheet's title and in its field), with how often; of several findings there, the one
    that leaves the least room, so its hint is the one to follow."""
    merged: list[Issue] = []
    for found in grouped(issues, _place):
        if isinstance(found, Issue):
            merged.append(found)
            continue
        tightest = min(found, key=lambda i: i.fit[1] if i.fit else math.inf)
        if len(found) > 1:
            times = f"on {len(found)} cards" if cards else f"in {len(found)} places"
            tightest = replace(tightest, message=f"{tightest.message} ({times})")
        merged.append(tightest)
    return merged


def labels_once(issues: list[Issue]) -> list[Issue]:
    """The warnings of sheetgen's own words shortened in one output, as one warning for
    each font (its words listed, each once), where the first of them was."""
    merged = []
    for entry in grouped(issues, lambda i: None if i.label is None else (i.source, i.hint)):
        if isinstance(entry, Issue):
            merged.append(entry)
            continue
        labels = list({i.label[1]: i.label for i in entry}.values())
        merged.append(replace(entry[0], message=_shortened_message(labels)) if len(labels) > 1 else entry[0])
    return merged


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
            label_shortened(ctx, text, short, style)
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
