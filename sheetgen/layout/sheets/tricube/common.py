"""Pieces every Tricube Tales product shares: the game's colour, name and credit, and
a track of token circles (karma, resolve) that shows the locked ones apart."""

from __future__ import annotations

from sheetgen.layout.cards import GAME_TITLES, game_color
from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Circle, Field, Item
from sheetgen.layout.sheets.tricube import captions
from sheetgen.layout.widgets import token_circles
from sheetgen.rules.tricube.values import Tokens
from sheetgen.units import MM

GAME_ID = "tricube"
GAME_NAME = GAME_TITLES[GAME_ID]
NOTICE: str | None = None  # Tricube Tales outputs carry no licence notice (see the package docstring)


def accent(ctx: LayoutContext) -> str:
    """The game's colour: the theme palette's `tricube` entry or sheetgen's default."""
    return game_color(ctx, GAME_ID)


def element_id(doc_id: str | None, part: str) -> str:
    """A stable id for a labelled group (`brann-karma`), so SVG readers can find it."""
    return f"{doc_id}-{part}" if doc_id else part


def footer_text(notice: str | None, *, card: bool = False) -> str:
    """What every page's footer says: the game's notice, or the credit line (a shorter
    one on cards, whose footer names sheetgen on the right)."""
    if notice:
        return notice
    return captions.card_credit() if card else captions.credit()


def token_track(
    ctx: LayoutContext,
    x: float,
    cy: float,
    tokens: Tokens,
    *,
    r: float = 2.4 * MM,
    gap: float = 1.6 * MM,
    color: str | None = None,
    field_prefix: str | None = None,
) -> tuple[list[Item], float]:
    """`limit` circles in a row: the character's tokens solid (the current ones filled),
    the ones still to be earned with advances pale, with a dot. With `field_prefix`,
    every circle is a check box `<prefix>_1` … `<prefix>_<limit>`. Returns the items
    and the row's width."""
    color = color or ctx.color("ink")
    items, _ = token_circles(
        ctx,
        x,
        cy,
        tokens.maximum,
        min(tokens.current, tokens.maximum),
        r=r,
        gap=gap,
        color=color,
        field_prefix=field_prefix,
    )
    pale = tint(ctx.color("muted"), 0.35)
    for i in range(tokens.maximum, tokens.limit):
        cx = x + r + i * (2 * r + gap)
        items.append(Circle(cx, cy, r, stroke=pale, width=0.7, fill=None))
        items.append(Circle(cx, cy, r * 0.28, stroke=None, width=0, fill=pale))
        if field_prefix:
            s = r * 1.3
            items.append(Field(f"{field_prefix}_{i + 1}", "checkbox", cx - s / 2, cy - s / 2, s, s, value=False))
    width = tokens.limit * 2 * r + max(0, tokens.limit - 1) * gap
    return items, width


def affliction_labels(names: list[str] | tuple[str, ...], permanent) -> list[str]:
    """Affliction names, the permanent ones marked so."""
    return [name + (" (permanent)" if i in permanent else "") for i, name in enumerate(names)]
