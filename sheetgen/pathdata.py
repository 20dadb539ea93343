"""SVG path data (`M 10 10 L 90 10 …`) → absolute move/line/cubic commands.

Content may carry vector icons as path data; rules check it parses, layout scales
it into place. Supported: M L H V C S Q T A Z, absolute and relative.
"""

from __future__ import annotations

import math
import re

_TOKEN_RE = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class PathDataError(ValueError):
    pass


def _arc_to_cubics(x1, y1, rx, ry, phi, large, sweep, x2, y2):
    """Endpoint arc parameters → cubic Bézier segments (SVG spec, appendix B.2.4)."""
    if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
        return [("L", x2, y2)] if (x1, y1) != (x2, y2) else []
    rx, ry = abs(rx), abs(ry)
    cos_p, sin_p = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p = cos_p * dx + sin_p * dy
    y1p = -sin_p * dx + cos_p * dy
    lam = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
    if lam > 1:
        s = math.sqrt(lam)
        rx, ry = rx * s, ry * s
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp = coef * rx * y1p / ry
    cyp = -coef * ry * x1p / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2)))
    step = dt / n
    k = 4 / 3 * math.tan(step / 4)
    out = []
    t = t1
    for _ in range(n):
        c1, s1 = math.cos(t), math.sin(t)
        c2, s2 = math.cos(t + step), math.sin(t + step)
        p1 = (c1 - k * s1, s1 + k * c1)
        p2 = (c2 + k * s2, s2 - k * c2)
        p3 = (c2, s2)

        def tr(p):
            return (cx + rx * p[0] * cos_p - ry * p[1] * sin_p, cy + rx * p[0] * sin_p + ry * p[1] * cos_p)

        a, b, c = tr(p1), tr(p2), tr(p3)
        out.append(("C", a[0], a[1], b[0], b[1], c[0], c[1]))
        t += step
    return out


def parse_path(d: str) -> tuple[tuple, ...]:
    """Path data → absolute ("M", x, y), ("L", x, y), ("C", …6), ("Z",) commands."""
    tokens = _TOKEN_RE.findall(d)
    leftover = _TOKEN_RE.sub("", d).replace(",", "").strip()
    if leftover:
        raise PathDataError(f"unexpected characters in path data: {leftover[:20]!r}")
    out: list[tuple] = []
    i = 0
    cmd = None
    x = y = sx = sy = 0.0
    last_ctrl = None  # for S/T reflection
    last_cmd = ""
    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            cmd = tok
            i += 1
            if cmd in "Zz":
                out.append(("Z",))
                x, y = sx, sy
                last_ctrl, last_cmd = None, "Z"
                continue
        elif cmd is None:
            raise PathDataError("path data must start with a command such as M")
        n = _ARGS[cmd.upper()]
        args = tokens[i : i + n]
        if len(args) < n or any(a.isalpha() for a in args):
            raise PathDataError(f"the `{cmd}` command needs {n} numbers")
        vals = [float(a) for a in args]
        if not all(math.isfinite(v) and abs(v) < 1e6 for v in vals):
            raise PathDataError(f"the `{cmd}` command has a number out of range")
        i += n
        rel = cmd.islower()
        up = cmd.upper()
        if up == "M":
            x, y = (x + vals[0], y + vals[1]) if rel else (vals[0], vals[1])
            sx, sy = x, y
            out.append(("M", x, y))
            cmd = "l" if rel else "L"  # further pairs are line-tos
            last_ctrl = None
        elif up == "L":
            x, y = (x + vals[0], y + vals[1]) if rel else (vals[0], vals[1])
            out.append(("L", x, y))
            last_ctrl = None
        elif up == "H":
            x = x + vals[0] if rel else vals[0]
            out.append(("L", x, y))
            last_ctrl = None
        elif up == "V":
            y = y + vals[0] if rel else vals[0]
            out.append(("L", x, y))
            last_ctrl = None
        elif up in "CS":
            if up == "C":
                c1 = (x + vals[0], y + vals[1]) if rel else (vals[0], vals[1])
                rest = vals[2:]
            else:
                c1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl and last_cmd in "CS" else (x, y)
                rest = vals
            c2 = (x + rest[0], y + rest[1]) if rel else (rest[0], rest[1])
            end = (x + rest[2], y + rest[3]) if rel else (rest[2], rest[3])
            out.append(("C", *c1, *c2, *end))
            last_ctrl = c2
            x, y = end
        elif up in "QT":
            if up == "Q":
                q = (x + vals[0], y + vals[1]) if rel else (vals[0], vals[1])
                end = (x + vals[2], y + vals[3]) if rel else (vals[2], vals[3])
            else:
                q = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl and last_cmd in "QT" else (x, y)
                end = (x + vals[0], y + vals[1]) if rel else (vals[0], vals[1])
            c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
            c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
            out.append(("C", *c1, *c2, *end))
            last_ctrl = q
            x, y = end
        elif up == "A":
            end = (x + vals[5], y + vals[6]) if rel else (vals[5], vals[6])
            try:
                out.extend(_arc_to_cubics(x, y, vals[0], vals[1], vals[2], bool(vals[3]), bool(vals[4]), *end))
            except (ValueError, ZeroDivisionError, OverflowError):
                raise PathDataError("an arc (`A`) command cannot be drawn with these numbers") from None
            x, y = end
            last_ctrl = None
        last_cmd = up
    if out and out[0][0] != "M":
        raise PathDataError("path data must start with a move (M)")
    return tuple(out)


def transform(commands: tuple[tuple, ...], scale: float, dx: float, dy: float) -> tuple[tuple, ...]:
    """Scale the commands about the origin, then move them by (dx, dy)."""
    out = []
    for cmd in commands:
        if cmd[0] == "Z":
            out.append(cmd)
            continue
        vals = cmd[1:]
        out.append((cmd[0], *[v * scale + (dx if k % 2 == 0 else dy) for k, v in enumerate(vals)]))
    return tuple(out)
