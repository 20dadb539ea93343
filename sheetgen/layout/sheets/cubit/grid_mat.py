"""The battle-grid mat: squares the size of the cube, tiled across as many pages as the
grid needs, with marks to line the pages up and tape them together.

Each page holds a tile of whole squares. Where a tile meets the next one to its left or
above, its margin is trimmed off along the grid's border; the trimmed edge then lies on
the neighbour's border, its ticks on the neighbour's ticks, and is taped from behind.
Squares carry their coordinates (A1 …) so a table can call out positions.
"""

from __future__ import annotations

from sheetgen.layout.cards import game_color
from sheetgen.layout.colors import legible, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import LayoutDocument
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.cubit.style import GAME_ID, credit
from sheetgen.layout.tiling import Mat, grid_room, plan_tiles, tile_page
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
    mat = _mat(ctx, title, s)
    pages = [tile_page(ctx, mat, tile, (across, down), first, squares) for tile, first, squares in tiles]
    return LayoutDocument(
        title=title,
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"{title}, on {len(pages)} pages to tape together",
        keywords=(GAME_ID, "grid mat"),
    )


def _mat(ctx: LayoutContext, title: str, s: float) -> Mat:
    """The mat's squares in the game's colour: tinted, or on the paper to save ink."""
    accent = game_color(ctx, GAME_ID)
    saver = ctx.theme.ink_saver  # no tint over the squares, lighter lines
    ground = "#ffffff" if saver else tint(accent, 0.94)
    return Mat(
        title=title,
        square=s,
        footer=FOOTER,
        key=credit(),
        page="grid tile",
        accent=accent,
        ground=None if saver else ground,
        lines=tint(accent, 0.6 if saver else 0.45),
        line_width=0.8,
        labels=legible(tint(accent, 0.35), ground),
    )
