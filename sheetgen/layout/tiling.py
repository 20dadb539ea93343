"""Tiling a mat larger than the paper: whole squares per page, ticks where pages meet
and words saying which margin to trim and which to cover, so the pages butt together
into one grid. Used by every game's grid mat."""

from __future__ import annotations

import string
from dataclasses import dataclass

from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Group, Item, Page, Path, Rect, line
from sheetgen.layout.text import Paragraph, TextStyle, fit_blocks, one_line
from sheetgen.layout.widgets import scale_bar_around
from sheetgen.units import MM

TICK_GAP = 1 * MM
TICK = 5 * MM
NOTE = 4.5 * MM  # the words beside a tile's join ticks, outside them
REACH = TICK_GAP + TICK + NOTE  # how far a tile's join marks and their words reach outside its grid
MAT_MARGIN = 10 * MM  # from the paper's edge to a mat page's footer, at the least


def mat_margin(ctx: LayoutContext) -> float:
    """From the paper's edge to a mat page's footer: 10 mm, or the printable margin if wider."""
    return max(MAT_MARGIN, ctx.theme.printable_margin)


def footer_box(ctx: LayoutContext, footer: float) -> Box:
    """The footer at the foot of a mat page (`footer` deep, its top 3 mm of it kept clear)."""
    W, H = ctx.theme.paper
    m = mat_margin(ctx)
    return Box(m, H - m - footer + 3 * MM, W - 2 * m, footer - 3 * MM)


def grid_room(ctx: LayoutContext, footer: float) -> Box:
    """Where a tile's grid may lie: with its join marks and their words inside the
    printable margin, and above the footer."""
    W, _ = ctx.theme.paper
    m = ctx.theme.printable_margin
    top, bottom = m + REACH, footer_box(ctx, footer).y - REACH
    return Box(m + REACH, top, W - 2 * (m + REACH), bottom - top)


def place_grid(room: Box, s: float, squares: tuple[int, int]) -> Box:
    """A tile's grid of `squares` of side `s`, centred in `room`."""
    w, h = squares[0] * s, squares[1] * s
    return Box(room.x + (room.w - w) / 2, room.y + (room.h - h) / 2, w, h)


def clearances(tile: tuple[int, int], tiles: tuple[int, int]) -> tuple[float, float, float, float]:
    """How far a tile's marks reach outside its grid (top, right, bottom, left): its join
    marks and their words where it meets another tile, else the room ticks would take."""
    tx, ty = tile
    joined = (ty > 0, tx < tiles[0] - 1, ty < tiles[1] - 1, tx > 0)
    return tuple(REACH if j else TICK_GAP + TICK for j in joined)  # type: ignore[return-value]


def split(total: int, parts: int) -> list[int]:
    """`total` squares over `parts` tiles as evenly as possible, larger tiles first."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def column_name(index: int) -> str:
    """A, B, … Z, AA, AB, … for column 0, 1, …"""
    letters = string.ascii_uppercase
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = letters[rem] + name
    return name


def join_marks(
    ctx: LayoutContext, grid: Box, s: float, w: int, h: int, tile: tuple[int, int], tiles: tuple[int, int]
) -> list[Item]:
    """Ticks on every grid line where this tile meets another, and what to do at each edge."""
    tx, ty = tile
    cmds: list = []
    notes: list[Item] = []
    muted = ctx.color("muted")
    style = TextStyle(size=6.5, color=muted, min_size=6, align="center")
    start, end = TICK_GAP, TICK_GAP + TICK
    xs = [grid.x + i * s for i in range(w + 1)]
    ys = [grid.y + j * s for j in range(h + 1)]
    if ty > 0:  # trimmed, laid over the tile above
        cmds += [c for x in xs for c in line(x, grid.y - start, x, grid.y - end)]
        notes += one_line(
            ctx,
            "trim this margin off along the border; lay it on the tile above",
            Box(grid.x, grid.y - end - 3.5 * MM, grid.w, 3 * MM),
            style,
            None,
        )
    if ty < tiles[1] - 1:  # the tile below is laid over this margin
        cmds += [c for x in xs for c in line(x, grid.bottom + start, x, grid.bottom + end)]
        notes += one_line(
            ctx,
            "the tile below covers this margin: match its ticks, tape behind",
            Box(grid.x, grid.bottom + end + 0.5 * MM, grid.w, 3 * MM),
            style,
            None,
        )
    if tx > 0:
        cmds += [c for y in ys for c in line(grid.x - start, y, grid.x - end, y)]
        notes.append(
            Group(
                tuple(
                    one_line(
                        ctx, "trim off; lay on the tile to the left", Box(-grid.h / 2, -4.5, grid.h, 9), style, None
                    )
                ),
                dx=grid.x - end - 2.5 * MM,
                dy=grid.y + grid.h / 2,
                rotate=90,
            )
        )
    if tx < tiles[0] - 1:
        cmds += [c for y in ys for c in line(grid.right + start, y, grid.right + end, y)]
        notes.append(
            Group(
                tuple(
                    one_line(
                        ctx, "the tile to the right covers this margin", Box(-grid.h / 2, -4.5, grid.h, 9), style, None
                    )
                ),
                dx=grid.right + end + 2.5 * MM,
                dy=grid.y + grid.h / 2,
                rotate=-90,
            )
        )
    marks: list[Item] = [Path(tuple(cmds), role="crop", stroke="#000000", width=0.3)] if cmds else []
    return [Group(tuple(marks), id="join-marks", cls="crop")] + notes if marks else notes


def plan_tiles(
    columns: int, rows: int, fit_x: int, fit_y: int
) -> list[tuple[tuple[int, int], tuple[int, int], tuple[int, int]]]:
    """Tiles of a `columns` × `rows` grid when a page holds `fit_x` × `fit_y` squares:
    (tile position, first square, squares) for each page, row by row."""
    widths = split(columns, -(-columns // fit_x))
    heights = split(rows, -(-rows // fit_y))
    out = []
    first_row = 0
    for ty, h in enumerate(heights):
        first_col = 0
        for tx, w in enumerate(widths):
            out.append(((tx, ty), (first_col, first_row), (w, h)))
            first_col += w
        first_row += h
    return out


def page_map(
    right: float,
    top: float,
    tile: tuple[int, int],
    tiles: tuple[int, int],
    color: str,
    cell: float = 2.6 * MM,
    height: float | None = None,
) -> tuple[list[Item], float]:
    """A small map of all pages with this one filled, its top-right corner at (right, top),
    its cells smaller where `height` would not hold a row of each; returns the items and
    the map's width."""
    if height is not None:
        cell = min(cell, height / tiles[1])
    items: list[Item] = []
    width = tiles[0] * cell
    for j in range(tiles[1]):
        for i in range(tiles[0]):
            items.append(
                Rect(
                    right - width + i * cell,
                    top + j * cell,
                    cell - 0.4 * MM,
                    cell - 0.4 * MM,
                    stroke=color,
                    width=0.4,
                    fill=color if (i, j) == tile else None,
                )
            )
    return items, width


@dataclass(frozen=True, slots=True)
class Mat:
    """A grid mat tiled over pages: its squares, and what its pages show besides them."""

    title: str  # named in every page's footer
    square: float  # a square's side
    footer: float  # how deep a page's footer is
    key: str  # the footer's line under the title (a credit, what the mat shows)
    page: str  # a page's label, before its tile's name (`mat page`: `mat page B1`)
    accent: str  # the grid's border and the page map
    ground: str | None  # under the squares (None: the paper)
    lines: str  # the grid lines
    line_width: float
    labels: str  # the squares' names
    art: tuple[Item, ...] = ()  # drawn under the grid lines, in the mat's own coordinates
    art_cls: str | None = None
    what: str = "text"  # the footer, as a diagnostic of text too long names it


def tile_page(
    ctx: LayoutContext,
    mat: Mat,
    tile: tuple[int, int],
    tiles: tuple[int, int],
    first: tuple[int, int],
    squares: tuple[int, int],
) -> Page:
    """The page of one tile of the mat: its squares from `first`, named, with the mat's art
    clipped to them, join marks, a scale bar and a footer saying which tile it is."""
    W, H = ctx.theme.paper
    s = mat.square
    w, h = squares
    grid = place_grid(grid_room(ctx, mat.footer), s, squares)
    items: list[Item] = (
        [] if mat.ground is None else [Rect(grid.x, grid.y, grid.w, grid.h, stroke=None, fill=mat.ground)]
    )
    if mat.art:  # in mat coordinates, clipped to this tile: art crosses page edges
        clip = Box(first[0] * s, first[1] * s, w * s, h * s)
        ox, oy = grid.x - first[0] * s, grid.y - first[1] * s
        items.append(Group(mat.art, dx=ox, dy=oy, clip=clip, cls=mat.art_cls))
    items += grid_lines(grid, s, w, h, mat.lines, mat.line_width)
    items.append(Rect(grid.x, grid.y, grid.w, grid.h, stroke=mat.accent, width=1.2, fill=None))
    items += square_names(ctx, grid, s, first, squares, mat.labels)
    items += join_marks(ctx, grid, s, w, h, tile, tiles)
    items += scale_bar_around(ctx, grid, clearances(tile, tiles), footer_box(ctx, mat.footer).y - 1 * MM)
    items += _tile_footer(ctx, mat, tile, tiles, first, squares)
    return Page(W, H, tuple(items), label=f"{mat.page} {column_name(tile[0])}{tile[1] + 1}")


def grid_lines(grid: Box, s: float, w: int, h: int, color: str, width: float) -> list[Item]:
    """The lines between a grid's `w` × `h` squares of side `s`."""
    cmds: list = []
    for i in range(1, w):
        cmds += line(grid.x + i * s, grid.y, grid.x + i * s, grid.bottom)
    for j in range(1, h):
        cmds += line(grid.x, grid.y + j * s, grid.right, grid.y + j * s)
    return [Path(tuple(cmds), stroke=color, width=width)] if cmds else []


def square_names(
    ctx: LayoutContext, grid: Box, s: float, first: tuple[int, int], squares: tuple[int, int], color: str
) -> list[Item]:
    """Each square's name (`A1`) in its top-left corner, counted from the mat's `first`."""
    style = TextStyle(size=min(9.0, max(6.0, s / MM * 0.16)), font="bold", color=color, min_size=6)
    items: list[Item] = []
    for i in range(squares[0]):
        for j in range(squares[1]):
            name = f"{column_name(first[0] + i)}{first[1] + j + 1}"
            items += one_line(
                ctx,
                name,
                Box(grid.x + i * s + 1.2 * MM, grid.y + j * s + 1 * MM, s * 0.5, 3.5 * MM),
                style,
                None,
                valign="top",
            )
    return items


def _tile_footer(
    ctx: LayoutContext,
    mat: Mat,
    tile: tuple[int, int],
    tiles: tuple[int, int],
    first: tuple[int, int],
    squares: tuple[int, int],
) -> list[Item]:
    """Which tile this is, in words and on a little map of all tiles, and the mat's key."""
    box = footer_box(ctx, mat.footer)
    items, map_w = page_map(box.right, box.y, tile, tiles, mat.accent, height=box.h)
    last = (first[0] + squares[0] - 1, first[1] + squares[1] - 1)
    words = (
        f"**{mat.title}** · page {tile[1] * tiles[0] + tile[0] + 1} of {tiles[0] * tiles[1]}: squares "
        f"{column_name(first[0])}{first[1] + 1} to {column_name(last[0])}{last[1] + 1}\n{mat.key}"
    )
    items += fit_blocks(
        ctx,
        [Paragraph(ctx, words, TextStyle(size=7.5, color=ctx.color("muted"), min_size=6), None)],
        Box(box.x, box.y, box.w - map_w - 4 * MM, box.h),
        what=mat.what,
    )
    return items
