"""The battlefield mat of a mission: squares of 3 inches by default, 12 × 12 by default
(a mission may ask for 8 × 8, 10 × 10, 18 × 12 …), tiled across pages with join marks
and a page map, the deployment zones shaded and the objective markers ringed on their
square corners (a mission may have neither: a plain mat)."""

from __future__ import annotations

from dataclasses import asdict

from sheetgen.layout.colors import legible, shade, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Circle, Item, LayoutDocument, Page, Rect
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.grimdark.common import GAME, GAME_ID, accent, words
from sheetgen.layout.tiling import Mat, grid_room, plan_tiles, tile_page
from sheetgen.rules.grimdark.values import MissionValues
from sheetgen.units import MM, format_mm

FOOTER = 14 * MM
ZONE = "#b3261e"


def _mat(ctx: LayoutContext, mat: dict) -> Mat:
    """The mission's mat in the game's colour, its deployment zones and objective markers
    drawn under the grid."""
    s = mat["square_pt"]
    color = accent(ctx)
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
    for x, y in mat["objectives"]:
        art.append(Circle(x * s, y * s, s * 0.3, stroke=shade(color, 0.2), width=2.0, fill=None, cls="objective"))
        art.append(Circle(x * s, y * s, s * 0.06, stroke=None, fill=shade(color, 0.2), cls="objective"))
    key = words(
        "mat_key",
        square=mat["square_label"],
        gap=mat["gap"],
        zones=bool(mat["zones"]),
        objectives=len(mat["objectives"]),
    )
    return Mat(
        title=mat["title"],
        square=s,
        footer=FOOTER,
        key=key,
        page="mat page",
        accent=color,
        ground=tint(color, 0.93),
        lines=tint(color, 0.45),
        line_width=0.9,
        labels=legible(tint(color, 0.35), tint(color, 0.93)),
        art=tuple(art),
        art_cls="mission",
        what="mat footer",
    )


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
    tiled = _mat(ctx, mat)
    return [tile_page(ctx, tiled, tile, tiles, first, squares) for tile, first, squares in plan]


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
        keywords=(GAME_ID, "mat"),
    )
