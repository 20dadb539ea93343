"""The geometry of a foldable cube net: faces, fold lines, glue tabs and the cut outline.

The net is the cross from seeds/README.md, printed side up:

          [2]
      [3] [1] [4]
          [5]
          [6]

Folded away from the viewer (print outward) it is a right-handed die: opposite faces
add up to 7 and 1 → 2 → 3 run counter-clockwise around their corner. Its mirror image
would be left-handed, so nets are never mirrored. Of the cube's 12 edges, 5 are folds
inside the net and 7 are seams closed with glue; each seam has exactly one tab, on one
of the two net edges that meet there.

Everything here is points, y down, in page coordinates; nothing is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.layout.primitives import Box
from sheetgen.units import MM

# Die number → (column, row) of its square in the cross.
CROSS: dict[int, tuple[int, int]] = {2: (1, 0), 3: (0, 1), 1: (1, 1), 4: (2, 1), 5: (1, 2), 6: (1, 3)}
COLUMNS, ROWS = 3, 4

# The 7 seams: (face, side) pairs that meet when folded. The first of each pair carries
# the glue tab; they are chosen so that no tab adds to the net's width and tabs that
# share a corner taper away from each other.
SEAMS: tuple[tuple[tuple[int, str], tuple[int, str]], ...] = (
    ((6, "bottom"), (2, "top")),
    ((2, "left"), (3, "top")),
    ((2, "right"), (4, "top")),
    ((6, "left"), (3, "left")),
    ((6, "right"), (4, "right")),
    ((5, "left"), (3, "bottom")),
    ((5, "right"), (4, "bottom")),
)

# How each face's print is turned on the net, counter-clockwise in degrees, so that with
# 1 on top every side face reads upright: 5 faces you, 3 on your left, 4 on your right,
# 2 at the back (each with its top edge against 1). 6 is underneath; it reads upright
# when the die is tipped back onto 2, with 5 on top.
FACE_TURN: dict[int, int] = {1: 0, 2: 180, 3: -90, 4: 90, 5: 0, 6: 0}
# The net side each side of a face's print lands on, for each turn.
_TURNED_SIDES = {
    0: {"top": "top", "right": "right", "bottom": "bottom", "left": "left"},
    -90: {"top": "right", "right": "bottom", "bottom": "left", "left": "top"},
    90: {"top": "left", "left": "bottom", "bottom": "right", "right": "top"},
    180: {"top": "bottom", "bottom": "top", "left": "right", "right": "left"},
}

MIN_TAB = 5 * MM
MAX_TAB = 12 * MM

Point = tuple[float, float]


@dataclass(frozen=True)
class Segment:
    a: Point
    b: Point

    @property
    def length(self) -> float:
        return ((self.b[0] - self.a[0]) ** 2 + (self.b[1] - self.a[1]) ** 2) ** 0.5


@dataclass(frozen=True)
class Tab:
    """A glue tab on `face`'s `side`, glued under `partner` (face, side) when folding."""

    face: int
    side: str
    partner: tuple[int, str]
    polygon: tuple[Point, ...]  # base corners first, then the tapered outer corners
    base: Segment  # the fold line between the tab and its face


@dataclass(frozen=True)
class Net:
    size: float  # the cube's edge
    tab: float  # depth of the glue tabs
    faces: dict[int, Box]
    folds: tuple[Segment, ...]  # between faces
    tabs: tuple[Tab, ...]
    outline: tuple[Point, ...]  # the closed cut line around faces and tabs

    @property
    def box(self) -> Box:
        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    @property
    def fold_lines(self) -> tuple[Segment, ...]:
        """Every line to score: the folds between faces and the base of every tab."""
        return self.folds + tuple(t.base for t in self.tabs)


def net_side(turn: int, print_side: str) -> str:
    """The side of the face on the net that its print's `print_side` lies along."""
    return _TURNED_SIDES[turn][print_side]


def print_to_net(turn: int, box: Box, u: float, v: float) -> Point:
    """A point of a face's print (u, v from its top-left) on the net, the print turned by `turn`."""
    s = box.w
    if turn == -90:
        return box.x + s - v, box.y + u
    if turn == 90:
        return box.x + v, box.y + s - u
    if turn == 180:
        return box.x + s - u, box.y + s - v
    return box.x + u, box.y + v


def print_origin(turn: int, box: Box) -> Point:
    """Where the print's top-left corner lands on the net."""
    return print_to_net(turn, box, 0.0, 0.0)


def grid_ticks(net: Net, clear: float, length: float) -> list[Segment]:
    """Short marks outside the net, `clear` beyond its outline, on the lines of its face
    edges: every fold and every straight cut of the net lies on one of these lines, so a
    ruler laid between two ticks scores or cuts it without a line printed over the art."""
    box = net.box
    xs = sorted({round(v, 4) for f in net.faces.values() for v in (f.x, f.right)})
    ys = sorted({round(v, 4) for f in net.faces.values() for v in (f.y, f.bottom)})
    out: list[Segment] = []
    for y in ys:
        out.append(Segment((box.x - clear - length, y), (box.x - clear, y)))
        out.append(Segment((box.right + clear, y), (box.right + clear + length, y)))
    for x in xs:
        out.append(Segment((x, box.y - clear - length), (x, box.y - clear)))
        out.append(Segment((x, box.bottom + clear), (x, box.bottom + clear + length)))
    return out


def _inside(poly: tuple[Point, ...], p: Point, eps: float = 1e-6) -> bool:
    """Whether `p` lies in the convex polygon `poly` or on its edge."""
    sign = 0.0
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        if abs(cross) <= eps * max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5):
            continue
        if sign and (cross > 0) != (sign > 0):
            return False
        sign = cross
    return True


def _in_box(box: Box, p: Point, eps: float = 1e-6) -> bool:
    return box.x - eps <= p[0] <= box.right + eps and box.y - eps <= p[1] <= box.bottom + eps


def tab_ticks(net: Net, bleed: list[Box], gap: float, length: float, existing: Sequence[Segment] = ()) -> list[Segment]:
    """Short marks at the ends of each glue tab's fold line, on its own line, where the line
    runs on past its end onto waste paper: just clear of the colour there (`bleed`, the
    bleed strips' rectangles) by `gap`, outside the net's cut. Where a tab's fold line runs
    on into a fold or another tab's fold, the marks at the far ends of that straight run
    (the grid's, or another tab's) mark it. Marks already among `existing` are not repeated."""
    step = 0.05 * MM
    polygons = [tuple(((f.x, f.y), (f.right, f.y), (f.right, f.bottom), (f.x, f.bottom))) for f in net.faces.values()]
    polygons += [t.polygon for t in net.tabs]
    # Each shape with its bounds, a little wider than `_inside`'s tolerance on edges of a
    # point's length or more: a point outside them is outside the shape, unasked.
    shapes = [
        (min(xs) - 0.01, min(ys) - 0.01, max(xs) + 0.01, max(ys) + 0.01, poly)
        for poly in polygons
        for xs, ys in [tuple(zip(*poly))]
    ]

    def art(p: Point) -> bool:
        x, y = p
        return any(x0 <= x <= x1 and y0 <= y <= y1 and _inside(poly, p) for x0, y0, x1, y1, poly in shapes)

    def coloured(p: Point) -> bool:
        return art(p) or any(_in_box(b, p) for b in bleed)

    seen = {_tick_key(seg) for seg in existing}
    out: list[Segment] = []
    for tab in net.tabs:
        a, b = tab.base.a, tab.base.b
        ux, uy = (b[0] - a[0]) / tab.base.length, (b[1] - a[1]) / tab.base.length
        for (ex, ey), (dx, dy) in (((a[0], a[1]), (-ux, -uy)), ((b[0], b[1]), (ux, uy))):
            if art((ex + dx * step, ey + dy * step)):
                continue  # the line runs on into the net: a fold, or another tab's fold
            reach = 0.0  # how far colour runs on along the line past the fold's end
            while coloured((ex + dx * (reach + step), ey + dy * (reach + step))):
                reach += step
            start, end = reach + gap, reach + gap + length
            tick = Segment((ex + dx * start, ey + dy * start), (ex + dx * end, ey + dy * end))
            samples = [
                (ex + dx * (start + t * length), ey + dy * (start + t * length)) for t in (0, 0.25, 0.5, 0.75, 1)
            ]
            if any(coloured(p) for p in samples) or _tick_key(tick) in seen:
                continue
            seen.add(_tick_key(tick))
            out.append(tick)
    return out


def _tick_key(seg: Segment) -> frozenset:
    return frozenset((round(p[0], 2), round(p[1], 2)) for p in (seg.a, seg.b))


def tab_depth(size: float) -> float:
    """How deep the glue tabs are for a cube of this edge."""
    return min(max(0.2 * size, MIN_TAB), MAX_TAB, 0.35 * size)


def net_extent(size: float) -> tuple[float, float]:
    """(width, height) a net of this cube size takes, tabs included."""
    return COLUMNS * size, ROWS * size + tab_depth(size)


def side_of(box: Box, side: str) -> Segment:
    """A face's side, running clockwise around the face (as seen printed side up)."""
    tl, tr = (box.x, box.y), (box.right, box.y)
    br, bl = (box.right, box.bottom), (box.x, box.bottom)
    return {"top": Segment(tl, tr), "right": Segment(tr, br), "bottom": Segment(br, bl), "left": Segment(bl, tl)}[side]


def _tab_polygon(edge: Segment, depth: float) -> tuple[Point, ...]:
    (ax, ay), (bx, by) = edge.a, edge.b
    length = edge.length
    dx, dy = (bx - ax) / length, (by - ay) / length
    nx, ny = dy, -dx  # outward, for a side that runs clockwise around its face
    taper = depth  # 45° ends, so tabs meeting at a corner never overlap
    return (
        (ax, ay),
        (ax + nx * depth + dx * taper, ay + ny * depth + dy * taper),
        (bx + nx * depth - dx * taper, by + ny * depth - dy * taper),
        (bx, by),
    )


def cross_net(size: float, x: float = 0.0, y: float = 0.0) -> Net:
    """The cross net for a cube of edge `size`, its bounding box's top-left at (x, y)."""
    depth = tab_depth(size)
    faces = {n: Box(x + c * size, y + r * size, size, size) for n, (c, r) in CROSS.items()}
    cells = set(CROSS.values())
    folds: list[Segment] = []  # where a face has a neighbour to its right or below
    for n, (c, r) in sorted(CROSS.items()):
        if (c + 1, r) in cells:
            folds.append(side_of(faces[n], "right"))
        if (c, r + 1) in cells:
            folds.append(side_of(faces[n], "bottom"))
    tabs = tuple(
        Tab(face, side, partner, _tab_polygon(side_of(faces[face], side), depth), side_of(faces[face], side))
        for (face, side), partner in SEAMS
    )
    # The cut runs along every seam edge without a tab, and round the outside of every tab.
    cut = [side_of(faces[face], side) for _, (face, side) in SEAMS]
    for t in tabs:
        p = t.polygon
        cut += [Segment(p[0], p[1]), Segment(p[1], p[2]), Segment(p[2], p[3])]
    return Net(size, depth, faces, tuple(folds), tabs, chain(cut))


def chain(segments: list[Segment]) -> tuple[Point, ...]:
    """Join segments end to end into one closed polyline (the segments must form one loop)."""

    def key(p: Point) -> tuple[float, float]:
        return (round(p[0], 4), round(p[1], 4))

    remaining = list(segments)
    first = remaining.pop(0)
    points = [first.a, first.b]
    while remaining:
        end = key(points[-1])
        i = next((j for j, seg in enumerate(remaining) if end in (key(seg.a), key(seg.b))), None)
        if i is None:
            raise ValueError("the cut segments do not form one closed loop")
        seg = remaining.pop(i)
        points.append(seg.b if key(seg.a) == end else seg.a)
    if key(points[-1]) == key(points[0]):
        points.pop()
    return tuple(points)


def largest_size(area: tuple[float, float], step: float = 0.5 * MM) -> float:
    """The largest cube edge, in whole `step`s, whose net fits in `area` (width, height)."""
    size = 0.0
    while True:
        w, h = net_extent(size + step)
        if w > area[0] + 1e-6 or h > area[1] + 1e-6:
            return size
        size += step
