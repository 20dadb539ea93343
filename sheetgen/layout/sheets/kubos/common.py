"""What every KUBOS product shares: the licence notice, the game's colour, the
notice as fine print, and monster words for headings."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.layout.cards import system_color
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item
from sheetgen.layout.text import FINE_MIN, Paragraph, TextStyle, text_box

SYSTEM = "kubos"

#: The KUBOS licence: free to use, a link to the unaltered rules, never sold.
NOTICE = (
    "KUBOS © 2008 Liam Brennan is free to use; this material may not be sold. "
    "Unaltered rules: http://www.1km1kt.net/rpg/kubos"
)


def accent(ctx: LayoutContext) -> str:
    """KUBOS's colour: the theme palette's `kubos` entry, or sheetgen's default."""
    return system_color(ctx, SYSTEM)


FINE_PRINT = TextStyle(size=FINE_MIN, leading=1.15)


def fine_print(ctx: LayoutContext, box: Box, *, align: str = "left") -> list[Item]:
    """The licence notice as fine print at the bottom of `box`."""
    return text_box(ctx, NOTICE, box, replace(FINE_PRINT, align=align), None, valign="bottom", what="licence notice")


def fine_print_height(ctx: LayoutContext, width: float) -> float:
    """How tall the licence notice is as fine print `width` wide."""
    return Paragraph(ctx, NOTICE, FINE_PRINT).height(ctx, width, 1.0)


def fine_print_unbroken(ctx: LayoutContext, width: float) -> bool:
    """Whether the licence notice wraps in `width` without breaking a word (its link)."""
    return all(ctx.fonts.width(word, FINE_PRINT.font, FINE_PRINT.size) <= width for word in NOTICE.split())


def monster_kind_line(derived: dict) -> str:
    """A monster's kind in a few words: `Large humanoid captain`, `Vermin, poisonous`."""
    type_ = derived["type"]
    if type_ == "humanoid":
        size = derived.get("size") or "normal"
        words = f"{size} humanoid {derived['rank']}" if size != "normal" else f"humanoid {derived['rank']}"
    elif type_ == "undead":
        words = f"undead {derived['undead_type']}"
    else:
        words = type_
    if derived.get("poisonous"):
        words += ", poisonous"
    return words[0].upper() + words[1:]
