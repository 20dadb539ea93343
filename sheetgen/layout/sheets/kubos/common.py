"""What every KUBOS product shares: the licence notice, the game's colour, the
notice as fine print, and monster words for headings."""

from __future__ import annotations

from sheetgen.layout.cards import system_color
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item
from sheetgen.layout.text import TextStyle, text_box

SYSTEM = "kubos"

#: The KUBOS licence: free to use, a link to the unaltered rules, never sold.
NOTICE = (
    "KUBOS © 2008 Liam Brennan is free to use; this material may not be sold. "
    "Unaltered rules: http://www.1km1kt.net/rpg/kubos"
)


def accent(ctx: LayoutContext) -> str:
    """KUBOS's colour: the theme palette's `kubos` entry, or sheetgen's default."""
    return system_color(ctx, SYSTEM)


def fine_print(ctx: LayoutContext, box: Box, *, size: float = 6.0, align: str = "left") -> list[Item]:
    """The licence notice as small print filling `box`, never below 6pt."""
    style = TextStyle(size=size, min_size=6.0, leading=1.15, color=ctx.color("muted"), align=align)
    return text_box(ctx, NOTICE, box, style, None, valign="bottom", what="licence notice")


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
