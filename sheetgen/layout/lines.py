"""Text into words and lines: inline markup parsed into words measured once per font
style, words broken into lines of a width, and lines placed as runs of text.

What is here depends on the words, the fonts and the width only, so paragraphs of the
same text may share it (see `text.Paragraph`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sheetgen.fonts import FontFace, FontMetrics
from sheetgen.layout.context import FontBook

BOLD = {"regular": "bold", "italic": "bold_italic", "bold": "bold", "bold_italic": "bold_italic"}
ITALIC = {"regular": "italic", "bold": "bold_italic", "italic": "italic", "bold_italic": "bold_italic"}


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


def parse(text: str, base: str, markup: bool, fonts: FontBook) -> list[ParsedLine]:
    """A paragraph's lines of words in the font style `base`, with its inline markup
    (`**bold**`, `*italic*`, `- ` bullets) read where `markup` is on."""
    lines: list[ParsedLine] = []
    gap = False
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


class _Words(dict[str, Word]):
    """The words met in one font style, as `Word`s: measured once, and one tuple for every
    time a deck's cards use a word. Bounded: it forgets everything past `limit` words."""

    limit = 5_000

    def __init__(self, width: Callable[[str], float], style: str):
        super().__init__()
        self.width = width
        self.style = style

    def __missing__(self, text: str) -> Word:
        if len(self) >= self.limit:
            self.clear()
        word = self[text] = (self.width(text), ((text, self.style),))
        return word


def words_in(fonts: FontBook, style: str) -> _Words:
    """The word table of a font style (see `_Words`), kept with the font book's layouts."""
    key = ("words", style)
    table = fonts.memo.get(key)
    if table is None:
        table = fonts.memo[key] = _Words(fonts.metrics(style).width, style)
    return table


def _styled_words(fragments: list[Fragment], fonts: FontBook) -> list[Word]:
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
class BrokenLine:
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


def _split_long(word: Word, max_em: float, fonts: FontBook) -> list[Word]:
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
#: it: lines are broken at widths rounded to a thousandth of a point (see `text.Paragraph._lines`),
#: and a column as wide as its widest word, or its widest line (a heading, `Result 1`), must
#: keep it whole.
ROUNDING = 1e-4


def break_lines(
    parsed: list[ParsedLine], width_em: float, space_em: float, bullet_em: float, fonts: FontBook
) -> list[BrokenLine]:
    """The paragraph's lines broken to lines `width_em` wide (a bullet's indented
    `bullet_em`), each as full as it may be, a word wider than a line split (see
    `_split_long`)."""
    out: list[BrokenLine] = []
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
                    out.append(BrokenLine(cur, indent, bullet and first, pl.gap_before and first, pl.plain))
                    first = False
                    cur, cur_em = [piece], em
                else:
                    cur.append(piece)
                    cur_em = need
        if cur or not pl.words:
            out.append(BrokenLine(cur, indent, bullet and first, pl.gap_before and first, pl.plain))
            if not first:
                _no_widow(out[-2], out[-1], space_em, limit)
    return out


def _no_widow(before: BrokenLine, last: BrokenLine, space_em: float, limit: float) -> None:
    """A paragraph's last line of one word takes the word before it along, where that
    leaves the line above with two words or more and the two fit the line: the paragraph
    keeps its lines, and no word stands alone under it."""
    if len(last.words) != 1 or len(before.words) < 3:
        return
    moved = before.words[-1]
    if moved[0] + space_em + last.words[0][0] <= limit:
        last.words.insert(0, before.words.pop())


# --- measuring ------------------------------------------------------------------


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


# --- runs -----------------------------------------------------------------------

#: A run of text in one font on a line: (offset from the line's left, text, font, width).
Run = tuple[float, str, FontFace, float]
#: A line's runs, and whether a paragraph gap comes before it.
PlacedLine = tuple[bool, list[Run]]


def place_runs(
    lines: list[BrokenLine], fonts: FontBook, base: str, align: str, width: float, size: float
) -> list[PlacedLine]:
    """Each line's runs of text in a box `width` wide at `size`, aligned: the words of the
    paragraph's own style `base` joined into runs with their spaces, each other word or
    part of one a run of its own."""
    m = fonts.metrics(base)
    base_face = fonts.face(base)
    space_em = m.width(" ")
    space = m.width(" ", size)
    exact = exact_sums(m)
    placed: list[PlacedLine] = []
    for ln in lines:
        runs: list[Run] = []
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
