"""What every KUBOS product shares: the licence notice, the game's colour, the
notice as fine print, and monster words for headings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sheetgen.layout.cards import game_color
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item
from sheetgen.layout.products import DocInput
from sheetgen.layout.text import FINE_MIN, Paragraph, TextStyle, text_box
from sheetgen.rules.kubos.values import MonsterValues

GAME_ID = "kubos"

#: The KUBOS licence: free to use, a link to the unaltered rules, never sold.
NOTICE = (
    "KUBOS © 2008 Liam Brennan is free to use; this material may not be sold. "
    "Unaltered rules: http://www.1km1kt.net/rpg/kubos"
)


def in_table_order(docs: Sequence[DocInput]) -> list[DocInput]:
    """Monsters as a referee filed them: by their `order` (lower first), then as their files
    hold them (the order a collection's documents come in)."""
    return sorted(docs, key=lambda d: d.model.order)


def accent(ctx: LayoutContext) -> str:
    """KUBOS's colour: the theme palette's `kubos` entry, or sheetgen's default."""
    return game_color(ctx, GAME_ID)


FINE_PRINT = TextStyle(size=FINE_MIN, leading=1.15)


#: The notice on the front of a small card, whose back carries `NOTICE` whole: the link to
#: the unaltered rules and that the card is not sold, in two short lines of a mini card.
SHORT_NOTICE = "Not for sale · 1km1kt.net/rpg/kubos"
SMALL_SHARE = 0.15  # a card is small where the whole notice would take more of its height


def card_notice(ctx: LayoutContext, width: float, card_h: float) -> str:
    """The notice a card front carries in a box `width` wide: the whole, or on a small card
    (mini, square) the short one, with the whole on the card's back."""
    return SHORT_NOTICE if fine_print_height(ctx, width) > SMALL_SHARE * card_h else NOTICE


def fine_print(ctx: LayoutContext, box: Box, *, align: str = "left", text: str = NOTICE) -> list[Item]:
    """The licence notice as fine print at the bottom of `box`."""
    return text_box(ctx, text, box, replace(FINE_PRINT, align=align), None, valign="bottom", what="licence notice")


def fine_print_height(ctx: LayoutContext, width: float, text: str = NOTICE) -> float:
    """How tall the licence notice is as fine print `width` wide."""
    return Paragraph(ctx, text, FINE_PRINT).height(ctx, width, 1.0)


def fine_print_unbroken(ctx: LayoutContext, width: float, text: str = NOTICE) -> bool:
    """Whether the licence notice wraps in `width` without breaking a word (its link)."""
    return all(ctx.fonts.width(word, FINE_PRINT.font, FINE_PRINT.size) <= width for word in text.split())


def monster_kind_line(derived: MonsterValues) -> str:
    """A monster's kind in a few words: `Large humanoid captain`, `Vermin, poisonous`."""
    type_ = derived.type
    if type_ == "humanoid":
        size = derived.size or "normal"
        words = f"{size} humanoid {derived.rank}" if size != "normal" else f"humanoid {derived.rank}"
    elif type_ == "undead":
        words = f"undead {derived.undead_type}"
    else:
        words = type_
    if derived.poisonous:
        words += ", poisonous"
    return words[0].upper() + words[1:]
