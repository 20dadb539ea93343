"""The parts every card shares: background to the bleed, a title band, a footer,
a generic back, and imposing a deck on pages.

Card art is drawn in card coordinates: the trim box is (0, 0)–(w, h); anything
that should reach the cut edge extends `bleed` beyond it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetgen.layout.colors import readable_on, shade, tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.imposition import ImpositionError, impose, impose_single, plan_imposition
from sheetgen.layout.primitives import Box, Item, Page, Path, Rect, polygon
from sheetgen.layout.text import TextStyle, one_line, text_box
from sheetgen.units import MM

SYSTEM_COLORS = {
    "cubit": "#1f6f8b",
    "tricube": "#5b3f8c",
    "cubes": "#a65a1c",
    "grimdark": "#44505c",
    "kubos": "#8c2424",
}
SYSTEM_NAMES = {
    "cubit": "Cubit",
    "tricube": "Tricube Tales",
    "cubes": "CUBES!",
    "grimdark": "Grimdark Future – Cubes",
    "kubos": "KUBOS",
}

SAFE = 4.0 * MM  # distance from the trim to text


@dataclass(frozen=True, slots=True)
class CardGeometry:
    w: float
    h: float
    bleed: float

    @property
    def safe(self) -> Box:
        return Box(0, 0, self.w, self.h).inset(SAFE)

    @property
    def bleed_box(self) -> Box:
        return Box(-self.bleed, -self.bleed, self.w + 2 * self.bleed, self.h + 2 * self.bleed)


def system_color(ctx: LayoutContext, system: str, override: str | None = None) -> str:
    """A game's accent colour: the document's own, the theme palette's entry named
    after the game, or sheetgen's default for it."""
    if override:
        return ctx.color(override)
    return ctx.theme.palette.get(system) or SYSTEM_COLORS.get(system) or ctx.color("accent")


def background(geo: CardGeometry, fill: str) -> list[Item]:
    b = geo.bleed_box
    return [Rect(b.x, b.y, b.w, b.h, role="bleed", stroke=None, fill=fill)]


def title_band(
    ctx: LayoutContext,
    geo: CardGeometry,
    title: str,
    color: str,
    source: Source | None,
    *,
    height: float = 11 * MM,
    size: float = 11.5,
    subtitle: str | None = None,
    subtitle_source: Source | None = None,
) -> tuple[list[Item], float]:
    """A full-bleed coloured band with the title; returns the items and the band's bottom."""
    ink = readable_on(color)
    items: list[Item] = [Rect(-geo.bleed, -geo.bleed, geo.w + 2 * geo.bleed, height + geo.bleed, role="bleed", stroke=None, fill=color)]
    items.append(Rect(-geo.bleed, height - 0.8, geo.w + 2 * geo.bleed, 0.8, stroke=None, fill=shade(color, 0.35)))
    text_area = Box(SAFE, 1.5 * MM, geo.w - 2 * SAFE, height - 2.5 * MM)
    if subtitle:
        top, bottom = text_area.split_top(text_area.h * 0.62)
        items += one_line(ctx, title, top, TextStyle(size=size, font="bold", color=ink, min_size=6.5), source, what="title")
        items += one_line(ctx, subtitle, bottom, TextStyle(size=7, font="italic", color=ink, min_size=6), subtitle_source,
                          what="subtitle")
    else:
        items += one_line(ctx, title, text_area, TextStyle(size=size, font="bold", color=ink, min_size=6.5), source, what="title")
    return items, height


def footer(
    ctx: LayoutContext,
    geo: CardGeometry,
    left: str,
    right: str = "",
    color: str | None = None,
    source: Source | None = None,
    *,
    size: float = 6.0,
) -> list[Item]:
    """A line at the foot of a card: a caption on the left, a number on the right."""
    color = color or ctx.color("muted")
    box = Box(SAFE, geo.h - SAFE - 2.4 * MM, geo.w - 2 * SAFE, 2.8 * MM)
    items: list[Item] = []
    if right:
        items += one_line(ctx, right, box, TextStyle(size=size, color=color, min_size=size, align="right"), None)
        box = Box(box.x, box.y, box.w - ctx.fonts.width(right, "regular", size) - 3 * MM, box.h)
    if left:
        items += one_line(ctx, left, box, TextStyle(size=size, color=color, min_size=min(size, 6.0)), source, what="footer",
                          abbreviate=True)
    return items


def cube_glyph(cx: float, cy: float, size: float, top: str, left: str, right: str, stroke: str | None = None) -> list[Item]:
    """An isometric cube, `size` wide, centred at (cx, cy): sheetgen's card-back motif."""
    r = size / 2
    dx = r * math.cos(math.radians(30))
    dy = r * 0.5
    c = (cx, cy)
    top_pts = [(cx, cy - r), (cx + dx, cy - dy), c, (cx - dx, cy - dy)]
    left_pts = [(cx - dx, cy - dy), c, (cx, cy + r), (cx - dx, cy + dy)]
    right_pts = [c, (cx + dx, cy - dy), (cx + dx, cy + dy), (cx, cy + r)]
    sw = 0.8 if stroke else 0
    return [
        Path(polygon(top_pts), stroke=stroke, width=sw, fill=top, join="round"),
        Path(polygon(left_pts), stroke=stroke, width=sw, fill=left, join="round"),
        Path(polygon(right_pts), stroke=stroke, width=sw, fill=right, join="round"),
    ]


def generic_back(
    ctx: LayoutContext,
    geo: CardGeometry,
    color: str,
    title: str,
    text: str | None,
    source: Source | None,
) -> list[Item]:
    """A card back: the game's colour to the bleed, a frame, the cube motif, a title."""
    ink = readable_on(color)
    items = background(geo, color)
    frame = Box(0, 0, geo.w, geo.h).inset(3 * MM)
    items.append(Rect(frame.x, frame.y, frame.w, frame.h, stroke=tint(color, 0.45), width=0.8, radius=2 * MM))
    size = min(geo.w, geo.h) * 0.38
    cy = geo.h * 0.38
    items += cube_glyph(geo.w / 2, cy, size, tint(color, 0.55), tint(color, 0.25), shade(color, 0.25), stroke=shade(color, 0.5))
    title_box = Box(frame.x + 2 * MM, cy + size / 2 + 4 * MM, frame.w - 4 * MM, 9 * MM)
    title_style = TextStyle(size=11, font="bold", color=ink, align="center", min_size=6)
    if ctx.fonts.width(title, "bold", 8.5) <= title_box.w:
        # One line, a little smaller if need be, rather than a word alone on a second line.
        items += one_line(ctx, title, Box(title_box.x, title_box.y, title_box.w, 5 * MM), title_style, source,
                          valign="top", what="back title")
    else:
        items += text_box(ctx, title, title_box, title_style, source, valign="top", what="back title")
    if text:
        body = Box(frame.x + 3 * MM, title_box.bottom + 1 * MM, frame.w - 6 * MM, frame.bottom - title_box.bottom - 4 * MM)
        items += text_box(ctx, text, body, TextStyle(size=7.5, color=ink, align="center", min_size=6), source, what="back text")
    return items


def impose_deck(
    ctx: LayoutContext,
    fronts: list[list[Item]],
    backs: list[list[Item]] | None,
    *,
    card: tuple[float, float],
    label: str,
    mode: str = "sheet",
    source: Source | None = None,
) -> list[Page]:
    """Pages of a deck: N-up sheets with crop marks (`sheet`), or one card a page (`single`)."""
    if mode == "single" or ctx.single_cards:
        return impose_single(card, ctx.theme.bleed, fronts, backs, label=label)
    try:
        plan = plan_imposition(ctx.theme.paper, card, ctx.theme.bleed)
    except ImpositionError as exc:
        ctx.error(source, "layout.card-too-big", str(exc), "choose a smaller card size or larger paper")
        return []
    return impose(plan, fronts, backs, label=label)
