"""Lengths with units, converted once at the edge into points (1/72 inch)."""

from __future__ import annotations

import re

PT_PER_UNIT = {
    "pt": 1.0,
    "in": 72.0,
    "mm": 72.0 / 25.4,
    "cm": 72.0 / 2.54,
}

MM = PT_PER_UNIT["mm"]
INCH = PT_PER_UNIT["in"]

_LENGTH_RE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*(pt|in|mm|cm)\s*$")

LENGTH_PATTERN = r"^\s*([0-9]+(\.[0-9]+)?|\.[0-9]+)\s*(pt|in|mm|cm)\s*$"

PAPER_SIZES = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * INCH, 11 * INCH),
}


def paper_title(name: str) -> str:
    """A paper size as a message names it: `A4`, `Letter`."""
    return name.upper() if name == "a4" else name.title()


class LengthError(ValueError):
    pass


def parse_length(value: object) -> float:
    """`"50mm"` → 141.73…; bare numbers and unknown units are errors."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise LengthError(f"expected a length such as `50mm`, got {type(value).__name__}")
    if isinstance(value, (int, float)):
        raise LengthError(f"a length needs a unit: write `{value}mm`, `{value}in` or `{value}pt`")
    m = _LENGTH_RE.match(value)
    if not m:
        raise LengthError(f"`{value}` is not a length; use a number and a unit: mm, cm, in or pt (e.g. `50mm`)")
    return float(m.group(1)) * PT_PER_UNIT[m.group(2)]


def mm(points: float) -> float:
    return points / MM


def format_mm(points: float) -> str:
    """Points as a short millimetre string: `50mm`, `63.5mm`."""
    return f"{round(points / MM, 1):g}mm"


CARD_SIZES = {
    "poker": (63.5 * MM, 88.9 * MM),
    "bridge": (57.15 * MM, 88.9 * MM),
    "mini": (44.45 * MM, 63.5 * MM),
    "tarot": (69.85 * MM, 120.65 * MM),
    "square": (63.5 * MM, 63.5 * MM),
}
