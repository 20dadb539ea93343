"""The battlefield mat of a mission: squares of 3 inches by default, 12 × 12 by default
(a mission may ask for 8 × 8, 10 × 10, 18 × 12 …), tiled across pages with join marks
and a page map, the deployment zones shaded and the objective markers ringed on their
square corners (a mission may have neither: a plain mat)."""

from __future__ import annotations

from dataclasses import asdict

from sheetgen.layout.colors import legible, shade, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Circle, Group, Item, LayoutDocument, Page, Path, Rect, line
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.grimdark.common import GAME, SYSTEM, accent, words
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
from sheetgen.rules.grimdark.values import MissionValues
from sheetgen.units import MM, format_mm

FOOTER = 14 * MM
ZONE = "#b3261e"


def _grid_lines(grid: Box, s: float, w: int, h: int, color: str) -> list[Item]:
    cmds: list = []
    for i in range(1, w):
        cmds += line(grid.x + i * s, grid.y, grid.x + i * s, grid.bottom)
    for j in range(1, h):
        cmds += line(grid.x, grid.y + j * s, grid.right, grid.y + j * s)
    return [Path(tuple(cmds), stroke=color, width=0.9)] if cmds else []


def _tile_page(ctx: LayoutContext, mat: dict, tile, tiles, first, squares) -> Page:
    W, H = ctx.theme.paper
    s = mat["square_pt"]
    w, h = squares
    grid = place_grid(grid_room(ctx, FOOTER), s, squares)
    color = accent(ctx)
    items: list[Item] = [Rect(grid.x, grid.y, grid.w, grid.h, stroke=None, fill=tint(color, 0.93))]
    # Everything in mat coordinates, clipped to this tile: zones and markers cross page edges.
    ox, oy = grid.x - first[0] * s, grid.y - first[1] * s
    art: list[Item] = []
    for zone in mat["zones"]:
        art.append(
            Rect(
                zone["x"] * s,
                zone["y"] * s,
                zone["w"] * s,
                zone["h"] * s,
                stroke=None,
                fill=tint(ZONE, 0.85),
                cls="deployment-zone",
            )
        )
    for n, (x, y) in enumerate(mat["objectives"], 1):
        art.append(Circle(x * s, y * s, s * 0.3, stroke=shade(color, 0.2), width=2.0, fill=None, cls="objective"))
        art.append(Circle(x * s, y * s, s * 0.06, stroke=None, fill=shade(color, 0.2), cls="objective"))
    if art:
        items.append(Group(tuple(art), dx=ox, dy=oy, clip=Box(first[0] * s, first[1] * s, w * s, h * s), cls="mission"))
    items += _grid_lines(grid, s, w, h, tint(color, 0.45))
    items.append(Rect(grid.x, grid.y, grid.w, grid.h, stroke=color, width=1.2, fill=None))
    label = TextStyle(
        size=min(9.0, max(6.0, s / MM * 0.16)),
        font="bold",
        color=legible(tint(color, 0.35), tint(color, 0.93)),
        min_size=6,
    )
    for i in range(w):
        for j in range(h):
            name = f"{column_name(first[0] + i)}{first[1] + j + 1}"
            items += one_line(
                ctx,
                name,
                Box(grid.x + i * s + 1.2 * MM, grid.y + j * s + 1 * MM, s * 0.5, 3.5 * MM),
                label,
                None,
                valign="top",
            )
    items += join_marks(ctx, grid, s, w, h, tile, tiles)
    items += scale_bar_around(ctx, grid, clearances(tile, tiles), footer_box(ctx, FOOTER).y - 1 * MM)
    box = footer_box(ctx, FOOTER)
    pmap, map_w = page_map(box.right, box.y, tile, tiles, color, height=box.h)
    items += pmap
    last = (first[0] + w - 1, first[1] + h - 1)
    text = (
        f"**{mat['title']}** · page {tile[1] * tiles[0] + tile[0] + 1} of {tiles[0] * tiles[1]}: squares "
        f"{column_name(first[0])}{first[1] + 1} to {column_name(last[0])}{last[1] + 1}\n"
        + words(
            "mat_key",
            square=mat["square_label"],
            gap=mat["gap"],
            zones=bool(mat["zones"]),
            objectives=len(mat["objectives"]),
        )
    )
    items += fit_blocks(
        ctx,
        [Paragraph(ctx, text, TextStyle(size=7.5, color=ctx.color("muted"), min_size=6), None)],
        Box(box.x, box.y, box.w - map_w - 4 * MM, box.h),
        what="mat footer",
    )
    return Page(W, H, tuple(items), label=f"mat page {column_name(tile[0])}{tile[1] + 1}")


def _square_label(s: float) -> str:
    inches = s / 72
    return f'{inches:g}"' if abs(inches - round(inches, 2)) < 1e-6 else format_mm(s)


def mat_pages(ctx: LayoutContext, mat: dict) -> list[Page]:
    s = mat["square_pt"]
    room = grid_room(ctx, FOOTER)
    fit_x, fit_y = int(room.w // s), int(room.h // s)
    if fit_x < 1 or fit_y < 1:
        ctx.error(
            None,
            "grimdark.mat-square-too-big",
            f"a {format_mm(s)} square does not fit on the paper inside its {format_mm(ctx.theme.printable_margin)} "
            "printable margin with room for marks",
            "choose a smaller square for the mission",
        )
        return []
    plan = plan_tiles(mat["columns"], mat["rows"], fit_x, fit_y)
    tiles = (max(t[0][0] for t in plan) + 1, max(t[0][1] for t in plan) + 1)
    return [_tile_page(ctx, mat, tile, tiles, first, squares) for tile, first, squares in plan]


def layout_mission_mat(ctx: LayoutContext, job: Job) -> LayoutDocument:
    d = job.doc.values(MissionValues)
    s = d.square_pt
    title = f"{d.name} — {d.grid.columns} × {d.grid.rows} squares"
    mat = {
        "title": title,
        "square_pt": s,
        "square_label": _square_label(s),
        "columns": d.grid.columns,
        "rows": d.grid.rows,
        "zones": [asdict(z) for z in d.zones],  # as the tiles read them
        "objectives": d.objectives,
        "gap": d.gap,
    }
    pages = mat_pages(ctx, mat)
    return LayoutDocument(
        title=title,
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"{GAME} battlefield mat, on {len(pages)} pages to join",
        keywords=(SYSTEM, "mat"),
    )
