"""The GM sheet: every monster's stat block, packed two columns to a page."""

from __future__ import annotations

from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item, LayoutDocument, Page
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.kubos.common import GAME_ID, NOTICE, accent, in_table_order
from sheetgen.layout.sheets.kubos.stat_block import StatBlock
from sheetgen.layout.text import TextStyle
from sheetgen.layout.widgets import page_frame, sheet_page
from sheetgen.units import MM

COLUMNS = 2
COLUMN_GAP = 6 * MM
BLOCK_GAP = 4 * MM


def _frame(ctx: LayoutContext, color: str, page_no: int) -> tuple[list[Item], Box]:
    return page_frame(
        ctx, "Monsters", game=GAME_ID, accent=color, subtitle=f"KUBOS stat blocks · page {page_no}", notice=NOTICE
    )


def layout_gm_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """Stat blocks in reading order, down the first column, then the second, then a
    new page; the last page shares its blocks evenly between its two columns."""
    color = accent(ctx)
    style = TextStyle(size=7.5, min_size=7.0, leading=1.2, color=ctx.color("ink"))
    docs = in_table_order(job.docs)
    _, content = _frame(ctx, color, 1)
    width = content.columns(COLUMNS, COLUMN_GAP)[0].w  # every page has the same frame
    blocks = [StatBlock(ctx, doc, color, style, width) for doc in docs]
    heights = [min(block.height(ctx, width), content.h) for block in blocks]
    plan = _paginate(heights, content.h)
    plan[-1] = _balanced(plan[-1], heights)
    pages: list[Page] = []
    cells: dict = {}  # stat cells drawn once, placed again
    for page_no, page_columns in enumerate(plan, 1):
        items, content = _frame(ctx, color, page_no)
        for column, indices in zip(content.columns(COLUMNS, COLUMN_GAP), page_columns):
            y = column.y
            for i in indices:
                items += blocks[i].draw(ctx, Box(column.x, y, column.w, heights[i]), cells)
                y += heights[i] + BLOCK_GAP
        pages.append(sheet_page(items, ctx, f"page {page_no}"))
    return LayoutDocument(
        title="KUBOS monsters — GM sheet",
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"KUBOS monster stat blocks. {NOTICE}",
        keywords=(GAME_ID, "monsters", "stat blocks"),
    )


def _column_height(indices: list[int], heights: list[float]) -> float:
    return sum(heights[i] for i in indices) + BLOCK_GAP * max(0, len(indices) - 1)


def _paginate(heights: list[float], room: float) -> list[list[list[int]]]:
    """Block indices by page and column: each column filled in order until the next block would overflow it."""
    pages: list[list[list[int]]] = []
    columns: list[list[int]] = [[]]
    for i in range(len(heights)):
        if columns[-1] and _column_height(columns[-1] + [i], heights) > room + 1e-6:
            if len(columns) == COLUMNS:
                pages.append(columns)
                columns = [[]]
            else:
                columns.append([])
        columns[-1].append(i)
    pages.append(columns)
    return pages


def _balanced(columns: list[list[int]], heights: list[float]) -> list[list[int]]:
    """The same blocks in the same order, split between the two columns so the taller
    one is as short as it can be (the left one taller on a tie). No column grows
    beyond the greedy fill's taller column, so everything still fits."""
    order = [i for column in columns for i in column]
    best = min(
        range(len(order) + 1),
        key=lambda k: (max(_column_height(order[:k], heights), _column_height(order[k:], heights)), -k),
    )
    return [order[:best], order[best:]]
