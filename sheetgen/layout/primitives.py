"""The small set of drawing primitives every page is made of.

They are values: compared and hashed by their fields, never changed once made (a change
is a new one, `dataclasses.replace`). They are not declared `frozen`, because a frozen
dataclass sets each field through `object.__setattr__`, which makes building one three
times as dear, and a deck builds tens of thousands.

Units are points; the origin is the top-left corner of the page and y grows
downwards. Every stroked element carries a *line role* so that print and cutting
tools can tell cut lines from fold lines from crop marks; backends serialize
these values and decide nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from sheetgen.fonts import FontFace

Role = Literal["cut", "fold", "tab", "bleed", "crop", "guide", "ink"]
ROLES: tuple[str, ...] = ("cut", "fold", "tab", "bleed", "crop", "guide", "ink")

#: How each role is stroked unless an element says otherwise: (colour, width, dash).
ROLE_STROKES: dict[str, tuple[str, float, tuple[float, ...] | None]] = {
    "cut": ("#000000", 0.6, None),
    "fold": ("#555555", 0.6, (4.0, 2.5)),
    "tab": ("#000000", 0.6, None),
    "bleed": ("#000000", 0.0, None),
    "crop": ("#000000", 0.3, None),
    "guide": ("#9a9a9a", 0.4, (1.0, 2.0)),
    "ink": ("#1b1b1b", 0.6, None),
}

# Path commands: ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)
Command = tuple


@dataclass(slots=True, unsafe_hash=True)
class Box:
    """A rectangle by its top-left corner and size."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def inset(self, dx: float, dy: float | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, self.w - 2 * dx, self.h - 2 * dy)

    def outset(self, d: float) -> Box:
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def split_top(self, h: float, gap: float = 0.0) -> tuple[Box, Box]:
        """(top part of height h, the rest below it after a gap)."""
        return Box(self.x, self.y, self.w, h), Box(self.x, self.y + h + gap, self.w, max(0.0, self.h - h - gap))

    def split_left(self, w: float, gap: float = 0.0) -> tuple[Box, Box]:
        return Box(self.x, self.y, w, self.h), Box(self.x + w + gap, self.y, max(0.0, self.w - w - gap), self.h)

    def columns(self, n: int, gap: float = 0.0) -> list[Box]:
        w = (self.w - gap * (n - 1)) / n
        return [Box(self.x + i * (w + gap), self.y, w, self.h) for i in range(n)]

    def rows(self, n: int, gap: float = 0.0) -> list[Box]:
        h = (self.h - gap * (n - 1)) / n
        return [Box(self.x, self.y + i * (h + gap), self.w, h) for i in range(n)]

    def contains(self, other: Box, tol: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tol
            and other.y >= self.y - tol
            and other.right <= self.right + tol
            and other.bottom <= self.bottom + tol
        )


@dataclass(slots=True, unsafe_hash=True)
class Path:
    commands: tuple[Command, ...]
    role: Role = "ink"
    stroke: str | None = "#1b1b1b"
    width: float = 0.6
    dash: tuple[float, ...] | None = None
    fill: str | None = None
    id: str | None = None
    cls: str | None = None
    cap: Literal["butt", "round", "square"] = "butt"
    join: Literal["miter", "round", "bevel"] = "miter"
    fill_rule: Literal["nonzero", "evenodd"] = "nonzero"


@dataclass(slots=True, unsafe_hash=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    role: Role = "ink"
    stroke: str | None = "#1b1b1b"
    width: float = 0.6
    dash: tuple[float, ...] | None = None
    fill: str | None = None
    radius: float = 0.0
    id: str | None = None
    cls: str | None = None


@dataclass(slots=True, unsafe_hash=True)
class Circle:
    cx: float
    cy: float
    r: float
    role: Role = "ink"
    stroke: str | None = "#1b1b1b"
    width: float = 0.6
    fill: str | None = None
    id: str | None = None
    cls: str | None = None
    dash: tuple[float, ...] | None = None


@dataclass(slots=True, unsafe_hash=True)
class Text:
    """One run of text on one line, already measured and placed.

    (x, y) is the left end of the baseline; `width` is its measured advance.
    `angle` rotates the run counter-clockwise about (x, y), in degrees.
    """

    x: float
    y: float
    text: str
    font: FontFace
    size: float
    fill: str = "#1b1b1b"
    width: float = 0.0
    angle: float = 0.0
    role: Role = "ink"


@dataclass(slots=True, unsafe_hash=True)
class Image:
    x: float
    y: float
    w: float
    h: float
    data: bytes
    mime: Literal["image/png", "image/jpeg"] = "image/png"


@dataclass(slots=True, unsafe_hash=True)
class Field:
    """A fillable form field (PDF AcroForm); other formats draw only its box."""

    name: str
    kind: Literal["text", "checkbox"]
    x: float
    y: float
    w: float
    h: float
    value: str | bool = ""
    tooltip: str = ""
    font: FontFace | None = None
    size: float = 10.0
    multiline: bool = False


@dataclass(slots=True, unsafe_hash=True)
class Group:
    """A labelled group, optionally moved by (dx, dy), rotated about its origin and
    clipped to a box in its own coordinates.

    Backends that know groups (SVG) write `<g id class>`; others just draw the items.
    """

    items: tuple[Item, ...]
    id: str | None = None
    cls: str | None = None
    label: str | None = None
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    clip: Box | None = None


Item = Path | Rect | Circle | Text | Image | Field | Group


@dataclass(slots=True, unsafe_hash=True)
class Page:
    width: float
    height: float
    items: tuple[Item, ...]
    trim: Box | None = None
    bleed: Box | None = None
    label: str = ""
    is_back: bool = False  # prints on the back of the page before it (duplex)


@dataclass(slots=True, unsafe_hash=True)
class OutlineEntry:
    """A bookmark: `title` shown in a reader's outline, opening page `page` (0-based)
    through the named destination `key`; `level` 0 is a top-level entry."""

    title: str
    page: int
    key: str
    level: int = 0


@dataclass(slots=True, unsafe_hash=True)
class PageLabel:
    """Page numbering from page `start` (0-based) on: `roman` (i, ii …) or `arabic`, after
    `prefix`; `none`: the prefix alone (`card 3`)."""

    start: int
    style: Literal["roman", "arabic", "none"] = "arabic"
    first: int = 1
    prefix: str = ""


@dataclass(slots=True, unsafe_hash=True)
class Link:
    """A clickable area on page `page` that goes to the named destination `key`."""

    page: int
    box: Box
    key: str


@dataclass(slots=True, unsafe_hash=True)
class LayoutDocument:
    title: str
    pages: tuple[Page, ...]
    author: str = ""
    subject: str = ""
    keywords: tuple[str, ...] = field(default_factory=tuple)
    language: str = ""  # BCP 47 (`en`, `de-AT`); empty: the build's default
    date: str | None = None  # ISO date or date-time the document is dated (publication date)
    outline: tuple[OutlineEntry, ...] = ()
    page_labels: tuple[PageLabel, ...] = ()
    links: tuple[Link, ...] = ()
    # Further files made with this one, as (suffix, document): `<id>-<suffix>.pdf` beside it.
    companions: tuple[tuple[str, LayoutDocument], ...] = ()
    # `print-shop`: CMYK colours, greys and text in black ink only; else screen RGB.
    profile: str = "print-and-play"
    # Whether printers are asked for long-edge duplex; None: when it has backs to print
    # behind their fronts. Sheets, nets and mat tiles print one-sided.
    duplex: bool | None = None

    @property
    def double_sided(self) -> bool:
        return self.duplex if self.duplex is not None else any(p.is_back for p in self.pages)


def walk(items: tuple[Item, ...] | list[Item], dx: float = 0.0, dy: float = 0.0):
    """Every non-group item with the accumulated offset of its groups (rotation ignored)."""
    for item in items:
        if isinstance(item, Group):
            yield from walk(item.items, dx + item.dx, dy + item.dy)
        else:
            yield item, dx, dy


def polygon(
    points: list[tuple[float, float]] | tuple[tuple[float, float], ...], close: bool = True
) -> tuple[Command, ...]:
    """Path commands through the points, closed by default."""
    cmds: list[Command] = [("M", *points[0])]
    cmds.extend(("L", *p) for p in points[1:])
    if close:
        cmds.append(("Z",))
    return tuple(cmds)


def line(x1: float, y1: float, x2: float, y2: float) -> tuple[Command, ...]:
    return (("M", x1, y1), ("L", x2, y2))
