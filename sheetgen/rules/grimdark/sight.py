"""Line of sight and distance on the square grid, as the rulebook draws them.

Squares are `(x, y)`: columns to the right, rows down. A wall stands on the edge
between two orthogonally adjacent squares and is written as that pair of squares.

Tracing (the rulebook's algorithm, in the reading sheetgen prints on its cards):

1. Paths start from the shooter and from the target at once, each heading for the
   other's head. Each round both move one square along the longer remaining
   direction, then one along the shorter one (steps 1a and 1b); when the longer
   remaining direction is at least three times the shorter, they move two squares
   along it first; while the shorter remaining direction is 1 or 0 they move along
   the longer one only, so the line never zig-zags.
2. The paths stop as soon as their heads touch (share a side or a corner). Heads that
   meet corner to corner join through either corner square: two paths.
3. When the shooter's two distances are equal, only the shooter's path is drawn: a
   staircase that starts along the direction the shooter picks, so there are two
   paths, one for each choice.

A line of sight is valid if at least one path is: each path crosses walls; walls on
an edge of the shooter's own square do not count; one other wall gives the target
cover, two block the path. Every function here is pure: no I/O, no randomness.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Square = tuple[int, int]
Wall = tuple[Square, Square]
PathT = tuple[Square, ...]

CLEAR, COVER, BLOCKED = "clear", "cover", "blocked"


def wall(a: Square, b: Square) -> Wall:
    """A wall on the edge between two orthogonally adjacent squares, in a fixed order."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"{a} and {b} do not share an edge")
    return (a, b) if a <= b else (b, a)


def distance(a: Square, b: Square) -> int:
    """Squares counted from `a` (excluded) to `b` (included) along a path, one diagonal
    counted as 1: |dx| + |dy|, less 1 when the path must turn."""
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    return dx + dy - (1 if dx and dy else 0)


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _touching(a: Square, b: Square) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1


def _join(from_shooter: list[Square], from_target: list[Square]) -> list[PathT]:
    """The whole paths once the heads touch: one if they meet or share a side, two
    (through either corner square) if they meet corner to corner."""
    a, b = from_shooter[-1], from_target[-1]
    back = from_target[::-1]
    if a == b:
        return [tuple(from_shooter + back[1:])]
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
        return [tuple(from_shooter + back)]
    corners = [(b[0], a[1]), (a[0], b[1])]
    return [tuple(from_shooter + [c] + back) for c in corners]


def _step(path: list[Square], toward: Square, axis: int) -> None:
    head = path[-1]
    d = _sign(toward[axis] - head[axis])
    if d:
        path.append((head[0] + d, head[1]) if axis == 0 else (head[0], head[1] + d))


def _staircase(shooter: Square, target: Square, first: int) -> PathT:
    path = [shooter]
    axis = first
    while path[-1] != target:
        before = len(path)
        _step(path, target, axis)
        if len(path) == before:  # this direction is done: finish along the other
            _step(path, target, 1 - axis)
        axis = 1 - axis
    return tuple(path)


def _walk(a: list[Square], b: list[Square], out: list[PathT]) -> None:
    while not _touching(a[-1], b[-1]):
        dx, dy = abs(b[-1][0] - a[-1][0]), abs(b[-1][1] - a[-1][1])
        if dx == dy:  # equal mid-way: either direction may go first; follow both
            for axis in (0, 1):
                aa, bb = list(a), list(b)
                _round(aa, bb, axis, 1 - axis, dx, dy)
                _walk(aa, bb, out) if not _touching(aa[-1], bb[-1]) else out.extend(_join(aa, bb))
            return
        long_axis = 0 if dx > dy else 1
        if _round(a, b, long_axis, 1 - long_axis, dx, dy):
            break
    out.extend(_join(a, b))


def _round(a: list[Square], b: list[Square], long_axis: int, short_axis: int, dx: int, dy: int) -> bool:
    """One round of steps for both paths; True once the heads touch."""
    n_long, n_short = (dx, dy) if long_axis == 0 else (dy, dx)
    if n_short <= 1:
        plan = [long_axis]
    elif n_long >= 3 * n_short:
        plan = [long_axis, long_axis, short_axis]
    else:
        plan = [long_axis, short_axis]
    for axis in plan:
        for mover, other in ((a, b), (b, a)):
            _step(mover, other[-1], axis)
            if _touching(a[-1], b[-1]):
                return True
    return False


def trace(shooter: Square, target: Square) -> list[PathT]:
    """Every path the algorithm may draw from shooter to target, both ends included,
    in a fixed order without repeats."""
    if shooter == target:
        return [(shooter,)]
    dx, dy = abs(target[0] - shooter[0]), abs(target[1] - shooter[1])
    if dx == dy:
        paths = [_staircase(shooter, target, 0), _staircase(shooter, target, 1)]
    else:
        paths = []
        _walk([shooter], [target], paths)
    return list(dict.fromkeys(paths))


def walls_crossed(path: PathT, walls: Iterable[Wall]) -> list[Wall]:
    """The walls a path passes through, except those on an edge of the shooter's square."""
    standing = set(walls)
    shooter = path[0]
    out = []
    for p, q in zip(path, path[1:]):
        w = wall(p, q)
        if w in standing and shooter not in w:
            out.append(w)
    return out


def verdict(crossed: int) -> str:
    return CLEAR if crossed == 0 else COVER if crossed == 1 else BLOCKED


@dataclass(frozen=True, slots=True)
class Sight:
    shooter: Square
    target: Square
    paths: tuple[PathT, ...]
    best: PathT  # the path the shooter uses: the fewest walls
    walls: tuple[Wall, ...]  # the walls the best path crosses
    result: str  # clear | cover | blocked
    distance: int

    @property
    def visible(self) -> bool:
        return self.result != BLOCKED


def line_of_sight(shooter: Square, target: Square, walls: Iterable[Wall] = ()) -> Sight:
    """Trace every path and keep the best: valid if at least one path is."""
    walls = [wall(*w) for w in walls]
    paths = trace(shooter, target)
    scored = [(len(walls_crossed(p, walls)), i) for i, p in enumerate(paths)]
    n, i = min(scored)
    best = paths[i]
    return Sight(
        shooter, target, tuple(paths), best, tuple(walls_crossed(best, walls)), verdict(n), distance(shooter, target)
    )


def in_range(shooter: Square, target: Square, squares: int) -> bool:
    return distance(shooter, target) <= squares
