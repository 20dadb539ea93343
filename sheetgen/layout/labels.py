"""Fixed labels (a stat's name over its box, a column head) on cards of every size.

A label is the game's wording, not the reader's content: where the full word does not
fit even at the style's minimum size it gives way to its abbreviation ("STR" for
STRENGTH), never to an overflow error. A row of labels switches together, so one
grid never mixes "STRENGTH" with "SKL".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item
from sheetgen.layout.text import TextStyle, one_line


def short_form(label: str, shorts: Mapping[str, str] | None = None) -> str:
    """The abbreviation of a label: its entry in `shorts` (matched in any case, the
    label's case kept); a label without one stays whole (no made-up abbreviations)."""
    found = next((v for k, v in (shorts or {}).items() if k.lower() == label.lower()), None)
    if found is None:
        return label
    return found.upper() if label.isupper() else found


def fits(ctx: LayoutContext, text: str, style: TextStyle, width: float) -> bool:
    """True when `text` fits `width` at the style's minimum size."""
    return ctx.fonts.width(text, style.font, style.min_size) <= width + 1e-6


def label_forms(
    ctx: LayoutContext,
    labels: Sequence[str],
    widths: Sequence[float],
    style: TextStyle,
    shorts: Mapping[str, str] | None = None,
) -> list[str]:
    """The labels of a row as printed: all in full when each fits its width at the
    style's minimum size, else all abbreviated."""
    if all(fits(ctx, t, style, w) for t, w in zip(labels, widths)):
        return list(labels)
    return [short_form(t, shorts) for t in labels]


def fixed_label(
    ctx: LayoutContext,
    text: str,
    box: Box,
    style: TextStyle,
    shorts: Mapping[str, str] | None = None,
    *,
    valign: str = "middle",
) -> list[Item]:
    """One label, shrunk to its box, or abbreviated when even its minimum size is too wide."""
    if not fits(ctx, text, style, box.w):
        text = short_form(text, shorts)
    return one_line(ctx, text, box, style, None, valign=valign, what="label")
