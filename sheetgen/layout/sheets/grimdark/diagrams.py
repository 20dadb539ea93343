"""Line-of-sight diagrams for the reference deck, drawn from the data the `sight`
module traced (`sheetgen.rules.grimdark.figures`): the grid, the shooter (S) and the
target (T), the walls, every path the algorithm draws (dashed) and the one that
counts (solid), with the verdict underneath."""

from __future__ import annotations

from sheetgen.layout.colors import readable_on, shade, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.labels import fits
from sheetgen.layout.primitives import Box, Circle, Group, Item, Path, Rect, line
from sheetgen.layout.sheets.grimdark.common import words
from sheetgen.layout.text import TextStyle, one_line, text_box
from sheetgen.units import MM

CAPTION_H = 4.2 * MM
VERDICT_COLORS = {"clear": "#2e7d32", "cover": "#c77700", "blocked": "#b3261e"}
TARGET = "#b3261e"


def _polyline(points: list[tuple[float, float]]) -> tuple:
    return (("M", *points[0]),) + tuple(("L", x, y) for x, y in points[1:])


def draw_sight(ctx: LayoutContext, box: Box, data: dict, accent: str) -> list[Item]:
    cols, rows = data["columns"], data["rows"]
    crossed = {(tuple(a), tuple(b)) for a, b in data["crossed"]}
    verdict = VERDICT_COLORS[data["result"]]
    caption = words(
        "sight_verdict", result=data["result"], walls=len(crossed), distance=data["distance"], paths=len(data["paths"])
    )
    caption_style = TextStyle(size=7.5, font="bold", color=verdict, min_size=6, align="center", leading=1.1)
    # On a narrow card the verdict takes two lines under a smaller grid.
    caption_h = CAPTION_H if fits(ctx, caption, caption_style, box.w) else 2 * CAPTION_H - 1.2 * MM
    grid_h = box.h - caption_h
    cell = min(box.w / cols, grid_h / rows)
    gx = box.x + (box.w - cell * cols) / 2
    gy = box.y + (grid_h - cell * rows) / 2

    def center(sq) -> tuple[float, float]:
        return gx + (sq[0] + 0.5) * cell, gy + (sq[1] + 0.5) * cell

    items: list[Item] = [Rect(gx, gy, cols * cell, rows * cell, stroke=None, fill=ctx.color("panel"))]
    for (x, y), fill, label in ((data["shooter"], tint(accent, 0.55), "S"), (data["target"], tint(TARGET, 0.6), "T")):
        items.append(Rect(gx + x * cell, gy + y * cell, cell, cell, stroke=None, fill=fill))
        items += one_line(
            ctx,
            label,
            Box(gx + x * cell + 0.6 * MM, gy + y * cell + 0.2 * MM, cell / 2, cell * 0.45),
            TextStyle(size=7, font="bold", color=readable_on(fill), min_size=6),
            None,
            valign="top",
        )
    rule = ctx.color("rule")
    grid: list[Item] = []
    for c in range(cols + 1):
        grid.append(Path(line(gx + c * cell, gy, gx + c * cell, gy + rows * cell), stroke=rule, width=0.4))
    for r in range(rows + 1):
        grid.append(Path(line(gx, gy + r * cell, gx + cols * cell, gy + r * cell), stroke=rule, width=0.4))
    items.append(Group(tuple(grid), cls="grid"))
    best = [tuple(p) for p in data["best"]]
    for path in data["paths"]:
        if [tuple(p) for p in path] != best:
            items.append(
                Path(
                    _polyline([center(p) for p in path]),
                    stroke=ctx.color("muted"),
                    width=0.8,
                    dash=(2.0, 1.6),
                    cap="round",
                    join="round",
                    cls="path",
                )
            )
    items.append(
        Path(
            _polyline([center(p) for p in best]), stroke=verdict, width=1.6, cap="round", join="round", cls="best-path"
        )
    )
    for p in best[1:-1]:
        cx, cy = center(p)
        items.append(Circle(cx, cy, 0.7, stroke=None, fill=verdict))
    for a, b in data["walls"]:
        a, b = tuple(a), tuple(b)
        if a[0] != b[0]:  # side by side: the wall is the vertical edge between them
            x = gx + max(a[0], b[0]) * cell
            seg = line(x, gy + a[1] * cell, x, gy + (a[1] + 1) * cell)
        else:
            y = gy + max(a[1], b[1]) * cell
            seg = line(gx + a[0] * cell, y, gx + (a[0] + 1) * cell, y)
        color = shade(verdict, 0.2) if (a, b) in crossed else ctx.color("ink")
        items.append(Path(seg, stroke=color, width=2.6, cap="round", cls="wall"))
    place = one_line if caption_h == CAPTION_H else text_box
    items += place(
        ctx,
        caption,
        Box(box.x, box.bottom - caption_h + 0.6 * MM, box.w, caption_h - 0.6 * MM),
        caption_style,
        None,
        what="verdict",
    )
    return [Group(tuple(items), cls="sight-diagram", label=caption)]


FIGURES = {"grimdark-sight": draw_sight}
