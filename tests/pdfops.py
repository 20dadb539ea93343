"""Reading geometry back out of a PDF page's content stream (for tests)."""

from __future__ import annotations

from dataclasses import dataclass


def _mul(a, b):
    """Compose PDF matrices: a then b (row-vector convention: p' = p·a·b)."""
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return (a0 * b0 + a1 * b2, a0 * b1 + a1 * b3, a2 * b0 + a3 * b2, a2 * b1 + a3 * b3,
            a4 * b0 + a5 * b2 + b4, a4 * b1 + a5 * b3 + b5)


def apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


@dataclass
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float
    group: tuple[str, ...]


@dataclass
class Placement:
    name: str
    matrix: tuple  # the CTM when the group's first transform was applied


def read_geometry(page) -> tuple[list[Segment], list[Placement], list[tuple]]:
    """Line segments (in default user space, y up) with the marked-content groups they are
    in, the position of each named group, and rectangles drawn with `re` (x, y, w, h, groups)."""
    ops = page.get_contents().operations
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    groups: list[str] = []
    pending: list[str] = []
    segments: list[Segment] = []
    placements: list[Placement] = []
    rects: list[tuple] = []
    current = None
    for operands, op in ops:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
            if pending:
                placements.append(Placement(pending.pop(), ctm))
        elif op == b"BDC":
            name = str(operands[1].get("/Name", "")) if len(operands) > 1 else ""
            groups.append(name)
            pending = [name]
        elif op == b"EMC":
            if groups:
                groups.pop()
            pending = []
        elif op == b"m":
            current = apply(ctm, float(operands[0]), float(operands[1]))
        elif op == b"l":
            nxt = apply(ctm, float(operands[0]), float(operands[1]))
            segments.append(Segment(*current, *nxt, tuple(groups)))
            current = nxt
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            p1, p2 = apply(ctm, x, y), apply(ctm, x + w, y + h)
            rects.append((min(p1[0], p2[0]), min(p1[1], p2[1]), abs(p2[0] - p1[0]), abs(p2[1] - p1[1]), tuple(groups)))
    return segments, placements, rects
