"""The battle-grid mat: squares the size of the cube, tiled across as many pages as the
grid needs, with marks to line the pages up and tape them together.

Each page holds a tile of whole squares. Where a tile meets the next one to its left or
above, its margin is trimmed off along the grid's border; the trimmed edge then lies on
the neighbour's border, its ticks on the neighbour's ticks, and is taped from behind.
Squares carry their coordinates (A1 …) so a table can call out positions.
"""

from __future__ import annotations

from sheetgen.layout.cards import system_color
from sheetgen.layout.colors import legible, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item, LayoutDocument, Page, Path, Rect, line
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.cubit.style import SYSTEM, credit
from sheetgen.layout.text import Paragraph, TextStyle, fit_blocks, one_line
from sheetgen.layout.tiling import (
    clearances,
    column_name,
    footer_box,
    grid_room,
    join_marks,
    page_map,
    place_grid,
    plan_tiles,
)
from sheetgen.layout.widgets import scale_bar_around
from sheetgen.units import MM, format_mm

FOOTER = 14 * MM


def layout_grid_mat(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """The mat, `columns` × `rows` squares of the cube's size, tiled over pages."""
    s = ctx.theme.cube_size
    columns, rows = job.option("columns", 12), job.option("rows", 12)
    room = grid_room(ctx, FOOTER)
    fit_x, fit_y = int(room.w // s), int(room.h // s)
    title = f"Cubit battle grid, {columns} × {rows} squares of {format_mm(s)}"
    if fit_x < 1 or fit_y < 1:
        ctx.error(
            None,
            "cubit.grid-square-too-big",
            f"a {format_mm(s)} square does not fit on the paper inside its {format_mm(ctx.theme.printable_margin)} "
            "printable margin with room for marks",
            "choose a smaller --cube-size, or a narrower `printable_margin`",
        )
        return LayoutDocument(title=title, pages=())
    tiles = plan_tiles(columns, rows, fit_x, fit_y)
    across = 1 + max(t[0][0] for t in tiles)
    down = 1 + max(t[0][1] for t in tiles)
    pages = [_tile_page(ctx, title, s, tile, (across, down), first, squares) for tile, first, squares in tiles]
    return LayoutDocument(
        title=title,
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"{title}, on {len(pages)} pages to tape together",
        keywords=(SYSTEM, "grid mat"),
    )


def _tile_page(
    ctx: LayoutContext,
    title: str,
    s: float,
    tile: tuple[int, int],
    tiles: tuple[int, int],
    first: tuple[int, int],
    squares: tuple[int, int],
) -> Page:
    W, H = ctx.theme.paper
    tx, ty = tile
    w, h = squares
    grid = place_grid(grid_room(ctx, FOOTER), s, squares)
    accent = system_color(ctx, SYSTEM)
    saver = ctx.theme.ink_saver  # no tint over the squares, lighter lines
    ground = "#ffffff" if saver else tint(accent, 0.94)
    line_colour = tint(accent, 0.6 if saver else 0.45)
    label_colour = legible(tint(accent, 0.35), ground)
    items: list[Item] = [] if saver else [Rect(grid.x, grid.y, grid.w, grid.h, stroke=None, fill=ground)]
    cmds: list = []
    for i in range(1, w):
        cmds += line(grid.x + i * s, grid.y, grid.x + i * s, grid.bottom)
    for j in range(1, h):
        cmds += line(grid.x, grid.y + j * s, grid.right, grid.y + j * s)
    if cmds:
        items.append(Path(tuple(cmds), stroke=line_colour, width=0.8))
    items.append(Rect(grid.x, grid.y, grid.w, grid.h, stroke=accent, width=1.2, fill=None))
    label_style = TextStyle(size=min(9.0, max(6.0, s / MM * 0.16)), font="bold", color=label_colour, min_size=6)
    for i in range(w):
        for j in range(h):
            name = f"{column_name(first[0] + i)}{first[1] + j + 1}"
            items += one_line(
                ctx,
                name,
                Box(grid.x + i * s + 1.2 * MM, grid.y + j * s + 1 * MM, s * 0.5, 3.5 * MM),
                label_style,
                None,
                valign="top",
            )
    items += join_marks(ctx, grid, s, w, h, tile, tiles)
    items += scale_bar_around(ctx, grid, clearances(tile, tiles), footer_box(ctx, FOOTER).y - 1 * MM)
    items += _footer(ctx, title, tile, tiles, first, squares)
    return Page(W, H, tuple(items), label=f"grid tile {column_name(tx)}{ty + 1}")


def _footer(
    ctx: LayoutContext,
    title: str,
    tile: tuple[int, int],
    tiles: tuple[int, int],
    first: tuple[int, int],
    squares: tuple[int, int],
) -> list[Item]:
    """Which tile this is (words and a little map of all tiles) and the credit."""
    tx, ty = tile
    box = footer_box(ctx, FOOTER)
    items, map_w = page_map(box.right, box.y, tile, tiles, system_color(ctx, SYSTEM), height=box.h)
    last = (first[0] + squares[0] - 1, first[1] + squares[1] - 1)
    words = (
        f"**{title}** · page {ty * tiles[0] + tx + 1} of {tiles[0] * tiles[1]}: squares "
        f"{column_name(first[0])}{first[1] + 1} to {column_name(last[0])}{last[1] + 1}\n{credit()}"
    )
    items += fit_blocks(
        ctx,
        [Paragraph(ctx, words, TextStyle(size=7.5, color=ctx.color("muted"), min_size=6), None)],
        Box(box.x, box.y, box.w - map_w - 4 * MM, box.h),
    )
    return items
