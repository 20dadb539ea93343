"""Looks shared by every Cubit product: a cubit's colours, interface icons, the credit line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sheetgen.content.checks import ICON_BOX
from sheetgen.layout.cards import game_color
from sheetgen.layout.colors import contrast, readable_on, shade, tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Item, Path
from sheetgen.layout.products import DocInput
from sheetgen.layout.templates import caption
from sheetgen.layout.text import FINE_MIN
from sheetgen.pathdata import PathDataError, parse_path, transform
from sheetgen.rules.cubit.values import ReconstructedNote
from sheetgen.units import MM

GAME_ID = "cubit"
CAPTIONS = "cubit/captions.j2"
MIN_TEXT = FINE_MIN  # points: the smallest text on cube faces, stickers and cards
FULL_DETAIL = 40 * MM  # faces and stickers smaller than this drop the words around their numbers
ICON_STROKE = 7.0  # line width of icons, in icon units


SAVER_GROUND = 0.86  # under `ink: saver`, a face's or sticker's ground: the main colour this far towards white
SAVER_BAND = 0.8  # its header band
SAVER_CORNER = 0.55  # and its accent corners


@dataclass(frozen=True)
class Livery:
    """A cubit's colours as hex values, with the text colours that read on them.

    `light` (the ink saver's) prints the ground around the white panel, the header band
    and the accent corners as light tints, the header band edged by a rule in the main
    colour (as cards' bands are under the ink saver), its text dark."""

    main: str
    accent: str
    light: bool = False

    @property
    def ground(self) -> str:
        """What fills a face or sticker around its white panel."""
        return tint(self.main, SAVER_GROUND) if self.light else self.main

    @property
    def corner(self) -> str:
        """The accent corners' colour."""
        return tint(self.accent, SAVER_CORNER) if self.light else self.accent

    @property
    def on_main(self) -> str:
        return readable_on(self.main)

    @property
    def heading(self) -> str:
        """The main colour (a light tint of it under the ink saver), darkened or lightened
        just enough that text on it reads (WCAG AA, 4.5:1)."""
        return text_ground(tint(self.main, SAVER_BAND) if self.light else self.main)

    @property
    def rule(self) -> str:
        """The rule under the header band: the accent, or the main colour under the ink saver."""
        return self.edge if self.light else self.accent

    @property
    def on_heading(self) -> str:
        return readable_on(self.heading)

    @property
    def strong(self) -> str:
        """The livery colour that reads best as headings and rules on white paper, with
        text on it readable too."""
        for colour in (self.main, self.accent):
            if contrast(colour, "#ffffff") >= 3:
                return text_ground(colour)
        return text_ground(shade(self.main, 0.55))

    @property
    def pale(self) -> bool:
        """Whether the main colour is too close to the paper to show its own edge."""
        return contrast(self.main, "#ffffff") < 1.6

    @property
    def edge(self) -> str:
        """A line that shows the main colour's edge even where it is as pale as the paper."""
        return shade(self.main, 0.35) if self.pale else self.main


READABLE = 4.5  # contrast for small text (WCAG AA)


def text_ground(colour: str) -> str:
    """`colour`, nudged towards black or white in small steps until text on it reads."""
    for step in range(0, 11):
        for candidate in (shade(colour, step * 0.05), tint(colour, step * 0.05)):
            text = readable_on(candidate)
            if contrast(candidate, text) >= READABLE:
                return candidate
    return colour


def livery(ctx: LayoutContext, colors: list[str] | tuple[str, ...]) -> Livery:
    """The livery for colour names (or hex values): the first two colours, else the game's own."""
    hexes = [ctx.color(c) for c in colors]
    if not hexes:
        base = game_color(ctx, GAME_ID)
        return Livery(base, tint(base, 0.55))
    if len(hexes) == 1:
        return Livery(hexes[0], shade(hexes[0], 0.35) if contrast(hexes[0], "#ffffff") > 2 else tint(hexes[0], 0.5))
    return Livery(hexes[0], hexes[1])


def for_print(ctx: LayoutContext, colours: Livery) -> Livery:
    """`colours` as nets and stickers print them: light under the theme's `ink: saver`."""
    return replace(colours, light=True) if ctx.theme.ink_saver else colours


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
    return [
        Path(
            transform(commands, scale, dx, dy),
            stroke=color,
            width=ICON_STROKE * scale * weight,
            fill=None,
            cap="round",
            join="round",
        )
    ]


def credit(reconstructed: list[str] | tuple[str, ...] = ()) -> str:
    """The credit line, with a word on what sheetgen had to reconstruct for this output."""
    return caption(CAPTIONS, "credit", reconstructed=list(reconstructed))


def standard_interfaces(ctx: LayoutContext, docs) -> dict[int, DocInput]:
    """The interface documents of the standard configuration by die number. A number no
    valid interface claims stays out (its face is drawn unnamed); the rules warn about
    that (`cubit.incomplete-interfaces`) where the catalog itself lacks the number."""
    by_order: dict[int, DocInput] = {}
    for doc in sorted(docs, key=lambda d: (d.model.order, d.id)):
        if 1 <= doc.model.order <= 6:
            by_order.setdefault(doc.model.order, doc)
    return by_order


def reconstructed_source(notes: Sequence[ReconstructedNote]) -> Source | None:
    """Where the longest of the reconstruction notes in a credit line was written."""
    if not notes:
        return None
    widest = max(notes, key=lambda n: len(n.note))
    return Source(("cubit-interface", widest.interface), ("reconstructed",))


def longest(parts) -> Source | None:
    """Of (text, source) pairs drawn together, the source of the longest text (the first
    among equals): where to point when they do not fit together. None if all are empty."""
    present = [(len(text), -i, source) for i, (text, source) in enumerate(parts) if text]
    return max(present, key=lambda p: p[:2])[2] if present else None
