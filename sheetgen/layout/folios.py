"""Printed page numbers (folios) for a bundle's pages, where each page has room for one.

A bundle's pages come from many products, most of which fill their page to the printable
margin with a layout of their own. A folio is set at the first of a few places (the foot's
middle, the foot's outer corner, the head's outer corner, the head's middle, the outer
edge) whose box, with a clearance around it, touches no ink of the page (and keeps well
away from any other number on it, such as a product's own "page 1 of 4"): found from the
bounding box of every item drawn, through groups' offsets and rotations. A page with no
such place keeps its number in the PDF's page labels only; nothing on it moves.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterator

from sheetgen.layout.context import LayoutContext
from sheetgen.layout.lines import measure
from sheetgen.layout.primitives import Box, Circle, Field, Group, Image, Item, Page, Path, Rect, Text
from sheetgen.layout.text import TextStyle, one_line
from sheetgen.units import MM

FOLIO_H = 4.5 * MM
CLEARANCE = 3 * MM  # between the folio's box and any ink
NUMBER_CLEARANCE = 8 * MM  # and any other number on the page (a product's own "page 1")
CORNER_INSET = 12 * MM  # as the bundle's own pages keep from the paper's edge
FOLIO_SIZE = 8.0

_PAGE_NUMBER_RE = re.compile(r"(?i)\b(page|sheet|card)\s+\d|\d\s*(/|of)\s*\d")

# An affine map (a, b, c, d, e, f): (x, y) → (a x + c y + e, b x + d y + f).
_IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _then(outer: tuple, inner: tuple) -> tuple:
    """`inner` applied first, then `outer`."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def _moved_and_turned(dx: float, dy: float, degrees: float) -> tuple:
    """Move by (dx, dy) after turning `degrees` counter-clockwise as the page shows it
    (y grows downwards), as the backends place a group or a run of text."""
    if not degrees:
        return (1.0, 0.0, 0.0, 1.0, dx, dy)
    t = math.radians(-degrees)
    cos, sin = math.cos(t), math.sin(t)
    return (cos, sin, -sin, cos, dx, dy)


def _box_through(m: tuple, x0: float, y0: float, x1: float, y1: float) -> Box:
    a, b, c, d, e, f = m
    if a == d == 1.0 and b == c == 0.0:  # moved only, as most items are
        return Box(x0 + e, y0 + f, x1 - x0, y1 - y0)
    xs, ys = [], []
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def ink_boxes(items: tuple[Item, ...] | list[Item], m: tuple = _IDENTITY) -> Iterator[Box]:
    """The bounding box on the page of everything the items draw (nothing for an item
    that draws nothing: no stroke and no fill)."""
    for item in items:
        if isinstance(item, Group):
            yield from ink_boxes(item.items, _then(m, _moved_and_turned(item.dx, item.dy, item.rotate)))
        elif isinstance(item, Text):
            width = item.width or 0.6 * item.size * len(item.text)
            local = _then(m, _moved_and_turned(item.x, item.y, item.angle))
            yield _box_through(local, 0.0, -1.0 * item.size, width, 0.3 * item.size)  # accented capitals too
        elif isinstance(item, Rect):
            if item.stroke is None and item.fill is None:
                continue
            pad = item.width / 2 if item.stroke is not None else 0.0
            yield _box_through(m, item.x - pad, item.y - pad, item.x + item.w + pad, item.y + item.h + pad)
        elif isinstance(item, Path):
            if (item.stroke is None and item.fill is None) or not item.commands:
                continue
            xs = [v for cmd in item.commands for v in cmd[1::2]]
            ys = [v for cmd in item.commands for v in cmd[2::2]]
            if not xs:
                continue
            a, b, c, d, e, f = here = m
            if b or c:  # turned: each point, or the box of the turned box would grow
                xs, ys = [a * x + c * y + e for x, y in zip(xs, ys)], [b * x + d * y + f for x, y in zip(xs, ys)]
                here = _IDENTITY
            pad = item.width / 2 if item.stroke is not None else 0.0
            yield _box_through(here, min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
        elif isinstance(item, Circle):
            if item.stroke is None and item.fill is None:
                continue
            r = item.r + (item.width / 2 if item.stroke is not None else 0.0)
            yield _box_through(m, item.cx - r, item.cy - r, item.cx + r, item.cy + r)
        elif isinstance(item, (Image, Field)):
            yield _box_through(m, item.x, item.y, item.x + item.w, item.y + item.h)


def _overlaps(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def folio_places(page: Page, margin: float, right_hand: bool, width: float) -> list[Box]:
    """Where a folio `width` wide may go, best first: the foot's middle; the foot's outer
    corner, in line with the bundle's own pages (12 mm in) and else at the margin; the
    foot's middle a line or a few higher (over a credit line); the head's outer corner
    as the foot's; the head's middle; the outer edge three quarters and halfway down."""
    W, H = page.width, page.height
    corners = []
    for inset in dict.fromkeys((max(margin, CORNER_INSET), margin)):
        corners.append(W - inset - width if right_hand else inset)
    side_x = corners[-1]
    middle = (W - width) / 2
    foot, head = H - margin - FOLIO_H, margin
    raised = [Box(middle, foot - k * FOLIO_H, width, FOLIO_H) for k in (1, 2, 3)]  # over a credit line
    return [
        Box(middle, foot, width, FOLIO_H),
        *(Box(x, foot, width, FOLIO_H) for x in corners),
        *raised,
        *(Box(x, head, width, FOLIO_H) for x in corners),
        Box(middle, head, width, FOLIO_H),
        Box(side_x, H * 0.75 - FOLIO_H / 2, width, FOLIO_H),
        Box(side_x, H * 0.5 - FOLIO_H / 2, width, FOLIO_H),
    ]


def _numbers(items: tuple[Item, ...] | list[Item]) -> list[Item]:
    """The runs of text that number something as a folio does (a product's own "page 1",
    "sheet 2 of 3", a card's "4/9"), found through groups (kept with their
    group, so their boxes are turned as drawn)."""
    found: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            inner = _numbers(item.items)
            if inner:
                found.append(dataclasses.replace(item, items=tuple(inner)))
        elif isinstance(item, Text) and _PAGE_NUMBER_RE.search(item.text):
            found.append(item)
    return found


def free_place(page: Page, margin: float, right_hand: bool, width: float) -> Box | None:
    """The first place for a folio clear of all the page's ink (and further still from
    any other number printed on it), or None."""
    inked = list(ink_boxes(page.items))
    numbers = list(ink_boxes(_numbers(page.items)))
    for box in folio_places(page, margin, right_hand, width):
        if not any(_overlaps(box.outset(CLEARANCE), b) for b in inked) and not any(
            _overlaps(box.outset(NUMBER_CLEARANCE), b) for b in numbers
        ):
            return box
    return None


def with_folio(ctx: LayoutContext, page: Page, folio: str, right_hand: bool) -> Page:
    """The page with `folio` printed where it has room (unchanged where it has none)."""
    if not folio:
        return page
    style = TextStyle(size=FOLIO_SIZE, color=ctx.color("muted"), align="center", min_size=FOLIO_SIZE)
    width = measure(ctx.fonts.metrics(style.font), folio) * FOLIO_SIZE + 0.5 * MM
    place = free_place(page, ctx.theme.printable_margin, right_hand, width)
    if place is None:
        return page
    number = one_line(ctx, folio, place, style, None, what="page number")
    return dataclasses.replace(page, items=page.items + (Group(tuple(number), cls="folio"),))
