"""The GM sheet: every monster's stat block, packed two columns to a page."""

from __future__ import annotations

from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item, LayoutDocument, Page
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.kubos.common import NOTICE, SYSTEM, accent
from sheetgen.layout.sheets.kubos.stat_block import StatBlock
from sheetgen.layout.text import TextStyle
from sheetgen.layout.widgets import page_frame, sheet_page
from sheetgen.units import MM

COLUMNS = 2
COLUMN_GAP = 6 * MM
BLOCK_GAP = 4 * MM


def _frame(ctx: LayoutContext, color: str, page_no: int) -> tuple[list[Item], Box]:
    return page_frame(ctx, "Monsters", system=SYSTEM, accent=color, subtitle=f"KUBOS stat blocks · page {page_no}",
                      notice=NOTICE)


def layout_gm_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """Stat blocks in reading order, down the first column, then the second, then a new page."""
    color = accent(ctx)
    style = TextStyle(size=7.5, min_size=7.0, leading=1.2, color=ctx.color("ink"))
    docs = sorted(job.docs, key=lambda d: (d.model.name, d.id))
    pages: list[Page] = []
    items, content = _frame(ctx, color, 1)
    columns = content.columns(COLUMNS, COLUMN_GAP)
    col, y = 0, columns[0].y
    for doc in docs:
        block = StatBlock(ctx, doc, color, style, columns[col].w)
        h = min(block.height(ctx, columns[col].w), content.h)
        if y + h > columns[col].bottom + 1e-6 and y > columns[col].y:
            col += 1
            if col == COLUMNS:
                pages.append(sheet_page(items, ctx, f"page {len(pages) + 1}"))
                items, content = _frame(ctx, color, len(pages) + 1)
                columns = content.columns(COLUMNS, COLUMN_GAP)
                col = 0
            y = columns[col].y
        items += block.draw(ctx, Box(columns[col].x, y, columns[col].w, h))
        y += h + BLOCK_GAP
    pages.append(sheet_page(items, ctx, f"page {len(pages) + 1}"))
    return LayoutDocument(title="KUBOS monsters — GM sheet", pages=tuple(pages), author=ctx.theme.author,
                          subject=f"KUBOS monster stat blocks. {NOTICE}", keywords=(SYSTEM, "monsters", "stat blocks"))
