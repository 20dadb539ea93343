"""Small drawings the CUBES! sheets and cards share: pencil boxes to keep counts in,
the dice of the Quantumizer as outlines, and a 3 × 3 × 3 block of cubes whose 27
visible faces are ticked as a CUBE is built."""

from __future__ import annotations

import math

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Field, Item, Path, Rect, polygon
from sheetgen.layout.text import TextStyle, one_line
from sheetgen.units import MM


def label_style(ctx: LayoutContext, align: str = "left") -> TextStyle:
    return TextStyle(size=6, font="bold", color=ctx.color("muted"), min_size=6, align=align)


def pencil_box(
    ctx: LayoutContext, box: Box, *, field: str | None = None, tooltip: str = "", value: str = "", size: float = 14
) -> list[Item]:
    """A box to keep a number in with a pencil (a text field too on a fillable sheet)."""
    items: list[Item] = [
        Rect(box.x, box.y, box.w, box.h, stroke=ctx.color("ink"), width=0.8, fill=ctx.color("paper"), radius=1.2 * MM)
    ]
    if field:
        items.append(
            Field(
                field,
                "text",
                box.x + 0.6,
                box.y + 0.6,
                box.w - 1.2,
                box.h - 1.2,
                value=value,
                tooltip=tooltip,
                font=ctx.fonts.face("regular"),
                size=min(size, box.h * 0.6),
            )
        )
    return items


def check_square(
    ctx: LayoutContext,
    x: float,
    y: float,
    size: float,
    *,
    checked: bool = False,
    field: str | None = None,
    tooltip: str = "",
) -> list[Item]:
    """One box to tick, with a tick drawn when `checked`, and a check box field."""
    ink = ctx.color("ink")
    items: list[Item] = [Rect(x, y, size, size, stroke=ink, width=0.7, fill=ctx.color("paper"), radius=0.4 * MM)]
    if checked:
        items.append(
            Path(
                (
                    ("M", x + size * 0.2, y + size * 0.55),
                    ("L", x + size * 0.42, y + size * 0.78),
                    ("L", x + size * 0.82, y + size * 0.22),
                ),
                stroke=ink,
                width=1.0,
                cap="round",
                join="round",
            )
        )
    if field:
        items.append(Field(field, "checkbox", x, y, size, size, value=checked, tooltip=tooltip))
    return items


# --- the dice -------------------------------------------------------------------------------


def _regular(cx: float, cy: float, r: float, n: int, turn: float = -90) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(turn + i * 360 / n)), cy + r * math.sin(math.radians(turn + i * 360 / n)))
        for i in range(n)
    ]


def die_outline(sides: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A die's silhouette as it is usually drawn: a triangle for the d4, a square for
    the d6, a diamond for the d8, a kite for the d10, a pentagon for the d12 and a
    hexagon for the d20."""
    if sides == 4:
        return _regular(cx, cy + r * 0.15, r * 1.1, 3)
    if sides == 6:
        s = r * 0.8
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if sides == 8:
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if sides == 10:
        return [(cx, cy - r), (cx + r * 0.9, cy - r * 0.1), (cx, cy + r), (cx - r * 0.9, cy - r * 0.1)]
    if sides == 12:
        return _regular(cx, cy, r, 5)
    return _regular(cx, cy, r, 6, turn=-90)


def die_glyph(ctx: LayoutContext, sides: int, cx: float, cy: float, r: float, color: str) -> list[Item]:
    """A die outline with its name inside (`d20`)."""
    items: list[Item] = [
        Path(polygon(die_outline(sides, cx, cy, r)), stroke=color, width=1.0, fill=tint(color, 0.88), join="round")
    ]
    label = Box(cx - r * 0.75, cy - r * 0.35 + (r * 0.18 if sides == 4 else 0), r * 1.5, r * 0.7)
    items += one_line(
        ctx,
        f"d{sides}",
        label,
        TextStyle(size=9, font="bold", color=ctx.color("ink"), align="center", min_size=6),
        None,
    )
    return items


# --- the CUBE under construction -----------------------------------------------------------


def iso_block_faces(cx: float, top: float, s: float) -> list[tuple[str, int, list[tuple[float, float]]]]:
    """The 27 visible faces of a 3 × 3 × 3 block seen from above a corner, an edge `s`
    long: nine on top, nine on the left, nine on the right, each as (face, n, corner
    points). The block's top corner is at (cx, top); it is 6·s·cos 30° wide, 6·s tall."""
    dx, dy = s * math.cos(math.radians(30)), s * 0.5

    def p(i: float, j: float, k: float) -> tuple[float, float]:
        # i runs to the right-front, j to the left-front, k up; the block's far top corner is (0, 0, 3)
        return (cx + (i - j) * dx, top + (i + j) * dy + (3 - k) * s)

    faces: list[tuple[str, int, list[tuple[float, float]]]] = []
    n = 0
    for j in range(3):
        for i in range(3):
            n += 1
            faces.append(("top", n, [p(i, j, 3), p(i + 1, j, 3), p(i + 1, j + 1, 3), p(i, j + 1, 3)]))
    for k in range(2, -1, -1):
        for i in range(3):
            n += 1
            faces.append(("left", n, [p(i, 3, k + 1), p(i + 1, 3, k + 1), p(i + 1, 3, k), p(i, 3, k)]))
    for k in range(2, -1, -1):
        for j in range(2, -1, -1):
            n += 1
            faces.append(("right", n, [p(3, j + 1, k + 1), p(3, j, k + 1), p(3, j, k), p(3, j + 1, k)]))
    return faces


def iso_block_size(s: float) -> tuple[float, float]:
    """The width and height of the block drawn with edge `s`."""
    return 6 * s * math.cos(math.radians(30)), 6 * s


def cube_block(ctx: LayoutContext, cx: float, top: float, s: float, color: str, *, numbered: bool = True) -> list[Item]:
    """A 3 × 3 × 3 block whose 27 visible faces are boxes to tick, one per cube moved
    to Construction, numbered in the order to fill them. Side faces are tinted so the
    block reads as a solid; every face stays light enough to pencil over."""
    fills = {"top": ctx.color("paper"), "left": tint(color, 0.86), "right": tint(color, 0.74)}
    items: list[Item] = []
    style = TextStyle(size=6, color=tint(ctx.color("muted"), 0.2), align="center", min_size=6, leading=1.0)
    numbered = numbered and s >= 4.2 * MM  # numbers need room; smaller blocks are ticked in order anyway
    for face, n, pts in iso_block_faces(cx, top, s):
        items.append(Path(polygon(pts), stroke=ctx.color("ink"), width=0.6, fill=fills[face], join="round"))
        if numbered:
            mx = sum(x for x, _ in pts) / 4
            my = sum(y for _, y in pts) / 4
            items += one_line(ctx, str(n), Box(mx - s * 0.4, my - s * 0.3, s * 0.8, s * 0.6), style, None)
    return items
