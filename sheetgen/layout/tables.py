"""Tables: text cells under a header row, columns sharing the width by their content
(`Table`), and one size for every table of a deck or sheet (`table_size`).

On cards of every size, a table whose words would split across lines even at body size
(five columns on a mini card) is printed as one line per row instead, each value after its
column's name, so nothing is cut and nothing is lost (`table_or_rows`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from sheetgen.content.yamlsrc import printed_number
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.lines import BOLD
from sheetgen.layout.primitives import Item, Path, Rect, line
from sheetgen.layout.text import BODY_MIN, Paragraph, TableRows, TextStyle, restyle


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
        self._content: object | None = token

    def min_scale(self) -> float:
        return min(1.0, self.style.min_size / self.style.size)

    def split_to_fit(
        self, ctx: LayoutContext, width: float, fits: Callable[[float], bool], first: bool
    ) -> tuple[Table, Table] | None:
        """For `text.split_blocks`: a table goes whole to the next card; only one that is
        `first` (taller than a card, then) splits between rows, as its first rows that
        `fit` and the rest, never leaving a row alone on either side."""
        if not first:
            return None
        last = len(self.cells) - 1 if len(self.cells) < 4 else len(self.cells) - 2
        for k in range(last, 0 if len(self.cells) < 4 else 1, -1):
            head, tail = self.rows_split(ctx, k)
            if fits(head.height(ctx, width, 1.0)):
                return head, tail
        return None

    def rows_split(self, ctx: LayoutContext, k: int) -> tuple[Table, Table]:
        """This table as its first k rows and the rest, each under the header row."""
        rows = self._args[1]
        parts = (self._part(ctx, rows[:k], self.first_row), self._part(ctx, rows[k:], self.first_row + k))
        for part in parts:  # both parts keep the whole table's columns
            part._natural_cache = {c: self._natural(ctx, c) for c in range(len(self.header))}
            part._memo, part._content = {}, None
        return parts

    def _part(self, ctx: LayoutContext, rows: Sequence[Sequence[object]], first_row: int) -> Table:
        """A table of some of this one's rows, looking as this one does."""
        columns, _, style, source = self._args
        return Table(
            ctx,
            columns,
            rows,
            style,
            source,
            header_fill=self.header_fill,
            rule_color=self.rule_color,
            align=self.align,
            col_weights=self.col_weights,
            first_row=first_row,
        )

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


#: Joins what a line does not break between: a column's name and its value, a value and
#: the `·` after it. Measured and drawn as a space (see `fonts.FontMetrics`).
KEEP = "\u00a0"


def _cell(value: object) -> str:
    return " ".join(cell_text(value).split())


def _names(cells: Sequence[str]) -> bool:
    """Whether a column's cells are names (`Sword`, `Advance`, `3d6`), which say what their
    row is without the column's name; numbers and ranges (`10`, `1-2`) do not."""
    return bool(cells) and all(any(ch.isalpha() for ch in cell) for cell in cells)


def _pair(column: str, value: str) -> str:
    """`column value` as one word (`Sanity 50`), which a line breaks inside only where it
    is wider than the line (at its no-break spaces, see `lines._split_long`)."""
    return KEEP.join(column.split() + value.split())


def rows_as_text(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A table as bullets, one a row, every value after its column's name (`Dex 12`): a
    first column of names leads its row in bold, `- **Sword**: Damage 3 · Weight heavy`;
    any other keeps its name too, `- **Str 10** · Dex 12 · Con 14`. Lines break between
    values, after the `·`."""
    cells = [[_cell(v) for v in row] for row in rows]
    names = [str(c) for c in columns]
    named = not (names and names[0].strip()) or _names([row[0] for row in cells if row and row[0]])
    lines = []
    for row in cells:
        lead = row[0] if row else ""
        pairs = [_pair(c, v) for c, v in zip(names, row) if v]
        if named and lead:
            rest = f"{KEEP}· ".join(pairs[1:])
            text = f"**{lead}**" + (f": {rest}" if rest else "")
        else:
            if lead:
                pairs[0] = f"**{pairs[0]}**"
            text = f"{KEEP}· ".join(pairs)
        lines.append(f"- {text}" if text else "-")
    return "\n".join(lines)


def table_or_rows(
    ctx: LayoutContext,
    columns: Sequence[str],
    rows: Sequence[Sequence[object]],
    style: TextStyle,
    body: TextStyle,
    source: Source | None,
    width: float,
    **options,
) -> Table | Paragraph:
    """The table at `style`, or where its words would split in `width` even at its
    smallest size, its rows as bullets at the body style."""
    table = Table(ctx, columns, rows, style, source, **options)
    if not table.splits_words(ctx, width, table.min_scale()):
        return table
    return TableRows(ctx, rows_as_text(columns, rows), body, source)


#: The fewest rows a table folds in two with (`folded`).
FOLD_ROWS = 6


def folded(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> tuple[list[str], list[list[object]]]:
    """A long narrow table as its two halves side by side, the header printed over each:
    row i of the first half beside row i of the second (a short list in two columns)."""
    half = (len(rows) + 1) // 2
    blank = [""] * len(columns)
    return list(columns) * 2, [
        list(rows[i]) + (list(rows[i + half]) if i + half < len(rows) else blank) for i in range(half)
    ]


def foldable(
    ctx: LayoutContext, columns: Sequence[str], rows: Sequence[Sequence[object]], style: TextStyle, width: float
) -> bool:
    """Whether a table is long and narrow enough to print folded in `width` with its words whole."""
    if len(rows) < FOLD_ROWS:
        return False
    cols, halves = folded(columns, rows)
    return not Table(ctx, cols, halves, style).splits_words(ctx, width, 1.0)
