"""Tables on cards of every size: a table whose words would split across lines even at
body size (five columns on a mini card) is printed as one line per row instead, each
value after its column's name, so nothing is cut and nothing is lost."""

from __future__ import annotations

from collections.abc import Sequence

from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.text import Paragraph, Table, TextStyle


def _cell(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def rows_as_text(columns: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A table as bullets: `- **first cell**: column value · column value …`."""
    lines = []
    for row in rows:
        cells = [_cell(v) for v in row]
        rest = " · ".join(f"{c} {v}" if c else v for c, v in zip(columns[1:], cells[1:]) if v != "")
        lines.append(f"- **{cells[0]}**" + (f": {rest}" if rest else "") if cells else "-")
    return "\n".join(lines)


def table_or_rows(ctx: LayoutContext, columns: Sequence[str], rows: Sequence[Sequence[object]], style: TextStyle,
                  body: TextStyle, source: Source | None, width: float, **options) -> Table | Paragraph:
    """The table at `style`, or where its words would split in `width` even at its
    smallest size, its rows as bullets at the body style."""
    table = Table(ctx, columns, rows, style, source, **options)
    if not table.splits_words(ctx, width, table.min_scale()):
        return table
    return Paragraph(ctx, rows_as_text(columns, rows), body, source)
