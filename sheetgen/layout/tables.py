"""Tables on cards of every size: a table whose words would split across lines even at
body size (five columns on a mini card) is printed as one line per row instead, each
value after its column's name, so nothing is cut and nothing is lost."""

from __future__ import annotations

from collections.abc import Sequence

from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.text import Paragraph, Table, TableRows, TextStyle, cell_text

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
    is wider than the line (at its no-break spaces, see `text._split_long`)."""
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
