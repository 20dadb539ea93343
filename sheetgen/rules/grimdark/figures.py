"""Worked line-of-sight examples for the reference deck: each traced by the `sight`
module, so the diagrams on the cards are the algorithm's own output."""

from __future__ import annotations

from sheetgen.rules.grimdark.sight import Square, line_of_sight, wall

DRAW = "grimdark-sight"


def sight_figure(columns: int, rows: int, shooter: Square, target: Square, walls=(), *, show_all: bool = True) -> dict:
    """A small grid with a shooter, a target, walls and the traced paths: plain data."""
    s = line_of_sight(shooter, target, walls)
    return {
        "draw": DRAW,
        "aspect": rows / columns + 0.1,  # the grid and its verdict line
        "columns": columns,
        "rows": rows,
        "shooter": list(shooter),
        "target": list(target),
        "walls": [[list(a), list(b)] for a, b in (wall(*w) for w in walls)],
        "paths": [[list(q) for q in p] for p in (s.paths if show_all else (s.best,))],
        "best": [list(q) for q in s.best],
        "crossed": [[list(a), list(b)] for a, b in s.walls],
        "result": s.result,
        "distance": s.distance,
    }


def straight() -> dict:
    return sight_figure(6, 3, (0, 1), (5, 1))


def two_to_one() -> dict:
    return sight_figure(5, 3, (0, 0), (4, 2))


def three_to_one() -> dict:
    return sight_figure(7, 3, (0, 0), (6, 2))


def equal() -> dict:
    return sight_figure(4, 4, (0, 0), (3, 3))


def corner() -> dict:
    """Paths that meet corner to corner: two ways through, one of them walled."""
    return sight_figure(6, 2, (0, 0), (5, 1), [((2, 0), (3, 0)), ((3, 0), (3, 1))])


def cover() -> dict:
    return sight_figure(6, 3, (0, 1), (5, 1), [((2, 1), (3, 1)), ((0, 1), (1, 1))])


def blocked() -> dict:
    return sight_figure(6, 3, (0, 1), (5, 1), [((1, 1), (2, 1)), ((3, 1), (4, 1))])


FIGURES = {
    "grimdark-sight-straight": straight,
    "grimdark-sight-two-to-one": two_to_one,
    "grimdark-sight-three-to-one": three_to_one,
    "grimdark-sight-equal": equal,
    "grimdark-sight-corner": corner,
    "grimdark-sight-cover": cover,
    "grimdark-sight-blocked": blocked,
}
