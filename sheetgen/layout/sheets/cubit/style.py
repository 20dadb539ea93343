"""Looks shared by every Cubit product: a cubit's colours, interface icons, the credit line."""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.layout.cards import system_color
from sheetgen.layout.colors import contrast, readable_on, shade, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item, Path
from sheetgen.pathdata import PathDataError, parse_path, transform

SYSTEM = "cubit"
CREDIT = "Cubit, a role-playing game by Carl Muckenhoupt (v0.3) · made with sheetgen"
ICON_BOX = 100.0  # icons are path data in a 0..100 box
ICON_STROKE = 7.0  # line width of icons, in icon units


@dataclass(frozen=True)
class Livery:
    """A cubit's colours as hex values, with the text colours that read on them."""

    main: str
    accent: str

    @property
    def on_main(self) -> str:
        return readable_on(self.main)

    @property
    def on_accent(self) -> str:
        return readable_on(self.accent)

    @property
    def strong(self) -> str:
        """The livery colour that reads best as headings and rules on white paper."""
        for colour in (self.main, self.accent):
            if contrast(colour, "#ffffff") >= 3:
                return colour
        return shade(self.main, 0.55)

    @property
    def edge(self) -> str:
        """A line that shows the main colour's edge even where it is as pale as the paper."""
        return shade(self.main, 0.35) if contrast(self.main, "#ffffff") < 1.6 else self.main


def livery(ctx: LayoutContext, colors: list[str] | tuple[str, ...]) -> Livery:
    """The livery for colour names (or hex values): the first two colours, else the game's own."""
    hexes = [ctx.color(c) for c in colors]
    if not hexes:
        base = system_color(ctx, SYSTEM)
        return Livery(base, tint(base, 0.55))
    if len(hexes) == 1:
        return Livery(hexes[0], shade(hexes[0], 0.35) if contrast(hexes[0], "#ffffff") > 2 else tint(hexes[0], 0.5))
    return Livery(hexes[0], hexes[1])


def icon(path_data: str, box: Box, color: str, *, weight: float = 1.0) -> list[Item]:
    """An interface icon (path data in a 0..100 box) drawn as lines, centred in `box`.

    Icons are checked by the rules; data that still does not parse draws nothing."""
    try:
        commands = parse_path(path_data)
    except PathDataError:
        return []
    side = min(box.w, box.h)
    scale = side / ICON_BOX
    dx = box.x + (box.w - side) / 2
    dy = box.y + (box.h - side) / 2
    return [Path(transform(commands, scale, dx, dy), stroke=color, width=ICON_STROKE * scale * weight, fill=None,
                 cap="round", join="round")]
