"""Reading geometry back out of a PDF page's content stream (for tests)."""

from __future__ import annotations

from dataclasses import dataclass


def _mul(a, b):
    """Compose PDF matrices: a then b (row-vector convention: p' = p·a·b)."""
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return (
        a0 * b0 + a1 * b2,
        a0 * b1 + a1 * b3,
        a2 * b0 + a3 * b2,
        a2 * b1 + a3 * b3,
        a4 * b0 + a5 * b2 + b4,
        a4 * b1 + a5 * b3 + b5,
    )


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


@dataclass
class TextRun:
    text: str
    size: float  # the rendered size in points (font size × text and page scale)
    fill: tuple  # the fill colour's operands: (g,), (r, g, b) or (c, m, y, k)
    font: str
    group: tuple[str, ...]
    x: float = 0.0  # where the run starts, on its baseline, in default user space (y up)
    y: float = 0.0


@dataclass
class Stroke:
    segments: list[tuple[float, float, float, float]]  # in default user space
    width: float  # the rendered line width in points
    color: tuple  # stroke colour operands, as for TextRun.fill
    group: tuple[str, ...]


def _scale(m) -> float:
    return abs(m[0] * m[3] - m[1] * m[2]) ** 0.5


def _string(operand) -> str:
    if isinstance(operand, bytes):
        return operand.decode("latin-1")
    return str(operand)


def read_marks(page) -> tuple[list[TextRun], list[Stroke]]:
    """Every text run and every stroked path of a page's content stream, with its rendered
    size or width, its colour and the marked-content groups it is in."""
    ops = page.get_contents().operations
    state = {"ctm": (1, 0, 0, 1, 0, 0), "fill": (0.0,), "stroke": (0.0,), "width": 1.0}
    stack = []
    groups: list[str] = []
    runs: list[TextRun] = []
    strokes: list[Stroke] = []
    tm = (1, 0, 0, 1, 0, 0)
    font, size = "", 0.0
    path: list[tuple[float, float, float, float]] = []
    current = start = None
    for operands, op in ops:
        if op == b"q":
            stack.append(dict(state))
        elif op == b"Q":
            state = stack.pop()
        elif op == b"cm":
            state["ctm"] = _mul(tuple(float(v) for v in operands), state["ctm"])
        elif op in (b"rg", b"g", b"k"):
            state["fill"] = tuple(float(v) for v in operands)
        elif op in (b"RG", b"G", b"K"):
            state["stroke"] = tuple(float(v) for v in operands)
        elif op == b"w":
            state["width"] = float(operands[0])
        elif op == b"BDC":
            groups.append(str(operands[1].get("/Name", "")) if len(operands) > 1 else "")
        elif op == b"EMC":
            if groups:
                groups.pop()
        elif op == b"BT":
            tm = (1, 0, 0, 1, 0, 0)
        elif op == b"Tm":
            tm = tuple(float(v) for v in operands)
        elif op == b"Td":
            tm = _mul((1, 0, 0, 1, float(operands[0]), float(operands[1])), tm)
        elif op == b"Tf":
            font, size = str(operands[0]), float(operands[1])
        elif op in (b"Tj", b"'", b'"', b"TJ"):
            if op == b"TJ":
                text = "".join(_string(p) for p in operands[0] if not isinstance(p, (int, float)))
            else:
                text = _string(operands[-1])
            m = _mul(tm, state["ctm"])
            rendered = size * _scale(m)
            runs.append(TextRun(text, rendered, state["fill"], font, tuple(groups), m[4], m[5]))
        elif op == b"m":
            current = start = apply(state["ctm"], float(operands[0]), float(operands[1]))
        elif op == b"l":
            nxt = apply(state["ctm"], float(operands[0]), float(operands[1]))
            path.append((*current, *nxt))
            current = nxt
        elif op == b"c":
            nxt = apply(state["ctm"], float(operands[4]), float(operands[5]))
            path.append((*current, *nxt))
            current = nxt
        elif op == b"h" and current is not None and start is not None:
            path.append((*current, *start))
            current = start
        elif op == b"re":
            x, y, w, h = (float(v) for v in operands)
            pts = [apply(state["ctm"], px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
            path.extend((*pts[i], *pts[(i + 1) % 4]) for i in range(4))
        elif op in (b"S", b"s", b"B", b"B*", b"b", b"b*"):
            strokes.append(Stroke(path, state["width"] * _scale(state["ctm"]), state["stroke"], tuple(groups)))
            path = []
        elif op in (b"f", b"F", b"f*", b"n", b"W n"):
            path = []
    return runs, strokes


def darkness(color: tuple) -> float:
    """How much ink a colour puts down, 0 (white) to 1 (black)."""
    if len(color) == 1:
        return 1 - color[0]
    if len(color) == 3:
        r, g, b = color
        return 1 - (0.299 * r + 0.587 * g + 0.114 * b)
    c, m, y, k = color
    return min(1.0, k + (c + m + y) / 3 * (1 - k))
