"""What every Tricube Tales card shares: the card size, the face (background, title
band, footer), small labels, text over a rules reminder, and imposing 9-up."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from sheetgen.layout.cards import (
    GAME_SHORT_TITLES,
    SAFE,
    CardGeometry,
    background,
    footer,
    impose_deck,
    title_band,
)
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.continued import continued, flow_over_cards
from sheetgen.layout.labels import fixed_label
from sheetgen.layout.primitives import Box, Item, LayoutDocument
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.tricube.common import GAME_ID, NOTICE, footer_text
from sheetgen.layout.text import BODY_MIN, FINE_MIN, Paragraph, Spacer, TextStyle, fit_blocks, fit_scale
from sheetgen.units import MM

LABEL = TextStyle(size=FINE_MIN, font="bold")
BAND_HEIGHT = 13 * MM
LABEL_H = 3 * MM  # tall enough for 6pt labels
READABLE_SCALE = 0.85  # the least a card's own text is shrunk to keep it on the card
BODY_SIZE = 9.0  # a card's own text (perks and quirks, notes) where it has the room
LONG_TEXT_MIN = 6.5  # what text too long for a card of its own shrinks to, at the least


def geometry(ctx: LayoutContext) -> CardGeometry:
    """The theme's card size and bleed."""
    return CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)


def card_face(
    ctx: LayoutContext,
    geo: CardGeometry,
    title: str,
    subtitle: str | None,
    doc: DocInput,
    color: str,
    subtitle_source: Source | None = None,
    lines: tuple[int, int] = (1, 1),
) -> tuple[list[Item], Box]:
    """Background, title band and footer; returns the items and the free box between.
    The title comes from the document's `name`; `subtitle_source` is where the subtitle
    comes from, so text that does not fit is reported there."""
    items = background(geo, ctx.color("card"))
    height = BAND_HEIGHT if subtitle else 11 * MM
    band, bottom = title_band(
        ctx,
        geo,
        title,
        color,
        doc.source("name"),
        height=height,
        subtitle=subtitle,
        subtitle_source=subtitle_source,
        lines=lines,
        longest=continued(doc.model.name, 1),
    )
    items += band
    items += footer(ctx, geo, footer_text(NOTICE, card=True), short=GAME_SHORT_TITLES[GAME_ID])
    free = Box(SAFE, bottom + 2.5 * MM, geo.w - 2 * SAFE, geo.h - SAFE - 4.5 * MM - bottom - 2.5 * MM)
    return items, free


#: Labels on narrow cards, where the words do not fit.
SHORT_LABELS = {
    "agile": "AGL",
    "brawny": "BRW",
    "crafty": "CRF",
    "melee": "MEL",
    "ranged": "RNG",
    "mental": "MNT",
    "karma": "KRM",
    "resolve": "RES",
}


def label(
    ctx: LayoutContext, text: str, box: Box, color: str | None = None, align: str = "left", valign: str = "top"
) -> list[Item]:
    """A small capitalised label (abbreviated where its box is too narrow for it)."""
    style = replace(LABEL, color=color or ctx.color("muted"), align=align)
    return fixed_label(ctx, text.upper(), box, style, SHORT_LABELS, valign=valign)


def text_over_reminder(ctx: LayoutContext, box: Box, blocks: list, reminder: str, what: str) -> list[Item]:
    """The card's own text from the top of the box, a rules reminder at its bottom."""
    note = _reminder(ctx, reminder)
    note_h = note.height(ctx, box.w, 1.0)
    text, bottom = box.split_top(max(0.0, box.h - note_h - 1.5 * MM), 1.5 * MM)
    return fit_blocks(ctx, blocks, text, what=what) + note.draw(ctx, bottom.x, bottom.bottom - note_h, bottom.w, 1.0)


def fits_at_least_size(ctx: LayoutContext, blocks: list, box: Box) -> bool:
    """True when the blocks fit the box shrunk together as `fit_blocks` shrinks them (a gap
    shrinks with the text, never below the text's own smallest size)."""
    return fit_scale(ctx, blocks, box)[1]


def readable(ctx: LayoutContext, blocks: list, box: Box) -> bool:
    """True when the blocks fit the box at a size still easy to read."""
    scale, fits = fit_scale(ctx, blocks, box)
    return fits and scale >= READABLE_SCALE


def text_cards(
    ctx: LayoutContext,
    first: tuple[list[Item], Box],
    blocks: list,
    reminder: str,
    what: str,
    more: Callable[[int], tuple[list[Item], Box]],
    notes: list | None = None,
    pointer: str = "",
) -> list[list[Item]]:
    """A card's own text over its rules reminder, on the card when they fit it (`first`:
    its items and the box for them); the text alone, at a size still easy to read, when
    the reminder is what does not fit (a rules reminder is the card's least part: its own
    text does not leave it for one); otherwise (on small cards) the text and the
    reminder, kept together, go on to cards `more(k)` makes, marked "(cont.)".

    `notes` (a character's notes) follow the text on whichever card holds it, where they
    fit there at a size easy to read. Where they do not, the text's card says where they
    are (`pointer`, in place of the reminder); and where not even that line fits under
    the text, the notes go on to a card of their own: never left off with nothing said."""
    items, box = first
    if notes and readable(ctx, blocks + notes, box):  # on the card, with the text
        blocks, notes = blocks + notes, None
    if not notes:
        return _text_cards(ctx, items, box, blocks, reminder, what, more)
    if fits_at_least_size(ctx, _stacked(ctx, blocks, pointer), box):
        return [items + text_over_reminder(ctx, box, blocks, pointer, what)]
    if readable(ctx, blocks, box):  # the text fills its card: the notes go on to the next
        return [items + fit_blocks(ctx, blocks, box, what=what)] + _continued(ctx, notes[1:], reminder, "notes", more)
    # The text goes on to the next card: the notes with it where they fit there, else the
    # line pointing to them where that does, else the notes on a card of their own after it.
    room = more(1)[1]
    if readable(ctx, blocks + notes, room):
        return [items] + _continued(ctx, blocks + notes, reminder, what, more)
    if fits_at_least_size(ctx, _stacked(ctx, blocks, pointer), room):
        return [items] + _continued(ctx, blocks, pointer, what, more)
    cards = [items] + _continued(ctx, blocks, reminder, what, more)
    return cards + _continued(ctx, notes[1:], reminder, "notes", more, start=len(cards))


def _stacked(ctx: LayoutContext, blocks: list, reminder: str) -> list:
    """The blocks over a reminder, as `text_over_reminder` stacks them (to see if they fit)."""
    return blocks + [Spacer(1.5 * MM, scales=False), _reminder(ctx, reminder)]


def _reminder(ctx: LayoutContext, text: str, color: str | None = None) -> Paragraph:
    style = TextStyle(size=BODY_MIN, leading=1.2).fixed  # rules, at body size
    return Paragraph(ctx, text, replace(style, color=color) if color else style)


def _text_cards(
    ctx: LayoutContext,
    items: list[Item],
    box: Box,
    blocks: list,
    reminder: str,
    what: str,
    more: Callable[[int], tuple[list[Item], Box]],
) -> list[list[Item]]:
    if fits_at_least_size(ctx, _stacked(ctx, blocks, reminder), box):
        return [items + text_over_reminder(ctx, box, blocks, reminder, what)]
    if readable(ctx, blocks, box):
        return [items + fit_blocks(ctx, blocks, box, what=what)]
    return [items] + _continued(ctx, blocks, reminder, what, more)


def _continued(
    ctx: LayoutContext,
    blocks: list,
    reminder: str,
    what: str,
    more: Callable[[int], tuple[list[Item], Box]],
    start: int = 1,
) -> list[list[Item]]:
    """The blocks and the reminder on the cards from `more(start)` on: on that one, where
    they fit it (the blocks alone, where the reminder is what does not); else flowing over
    as many as they need, the reminder under the text of the last where it fits there."""
    second, room = more(start)
    if fits_at_least_size(ctx, _stacked(ctx, blocks, reminder), room):
        return [second + text_over_reminder(ctx, room, blocks, reminder, what)]
    if readable(ctx, blocks, room):
        return [second + fit_blocks(ctx, blocks, room, what=what)]
    # The reminder under the text on its last card; left out (the card's least part) where it
    # would take a card of its own.
    alone = flow_over_cards(ctx, blocks, lambda k: more(k + start), what=what)
    flowing = blocks + [Spacer(1.5 * MM), _reminder(ctx, reminder, ctx.color("ink"))]
    together = flow_over_cards(ctx, flowing, lambda k: more(k + start), what=what)
    return together if len(together) == len(alone) else alone


def body_style(ctx: LayoutContext, size: float = BODY_SIZE, fixed: bool = True) -> TextStyle:
    """A card's own text at `size`; not `fixed`: shrinking to fit, down to the least
    size still easy to read."""
    return TextStyle(size=size, color=ctx.color("ink"), min_size=size if fixed else size * READABLE_SCALE, leading=1.2)


def gap(style: TextStyle) -> Spacer:
    """The gap between a card's paragraphs: shrinking with them where they shrink."""
    return Spacer(1 * MM, scales=style.min_size < style.size)


@dataclass
class CardText:
    """A card drawn but for its own text, which waits for the deck's body size: `items`
    and the `box` the text goes in, the text in a given style (`blocks`, `notes`), and
    what `text_cards` takes besides."""

    items: list[Item]
    box: Box
    blocks: Callable[[TextStyle], list]
    reminder: str
    what: str
    more: Callable[[int], tuple[list[Item], Box]]
    notes: Callable[[TextStyle], list] | None = None
    pointer: str = ""


def _placed_scale(ctx: LayoutContext, card: CardText, blocks: list, notes: list | None, box: Box) -> float | None:
    """The scale the text takes in `box` as `text_cards` places it (with the notes, with
    the reminder or the line pointing to the notes, alone), or None if it does not fit."""
    if notes and readable(ctx, blocks + notes, box):
        blocks, notes = blocks + notes, None
    for stack in (_stacked(ctx, blocks, card.pointer if notes else card.reminder), blocks):
        scale, fits = fit_scale(ctx, stack, box)
        if fits:
            return scale
    return None


def _own_scale(ctx: LayoutContext, card: CardText, style: TextStyle) -> float | None:
    """The scale a card's text takes on the card, or on the next where it continues there;
    None where it is too long even for a card of its own."""
    blocks = card.blocks(style)
    notes = card.notes(style) if card.notes else None
    return _placed_scale(ctx, card, blocks, notes, card.box) or _placed_scale(ctx, card, blocks, notes, card.more(1)[1])


def lay_out_texts(ctx: LayoutContext, cards: list[CardText]) -> list[list[Item]]:
    """The deck's cards with their texts at one body size (`text_cards` for each): the
    largest at which each card's text fits its card, or the next where it continues there,
    in quarter points, never under `READABLE_SCALE` of `BODY_SIZE`. A text too long even
    for a card of its own starts at that size and shrinks where it has to (not under 6.5pt),
    going on over as many cards as it needs."""
    shrinking = body_style(ctx, fixed=False)
    scales = [_own_scale(ctx, card, shrinking) for card in cards]
    least = BODY_SIZE * READABLE_SCALE
    size = max(least, math.floor(BODY_SIZE * min((s for s in scales if s), default=1.0) * 4 + 1e-6) / 4)
    style = body_style(ctx, size)
    overflowing = replace(style, min_size=LONG_TEXT_MIN)
    fronts: list[list[Item]] = []
    for card, scale in zip(cards, scales):
        own = style if scale else overflowing
        fronts += text_cards(
            ctx,
            (card.items, card.box),
            card.blocks(own),
            card.reminder,
            card.what,
            card.more,
            notes=card.notes(own) if card.notes else None,
            pointer=card.pointer,
        )
    return fronts


def impose(
    ctx: LayoutContext, fronts: list[list[Item]], geo: CardGeometry, title: str, subject: str, job: Job
) -> LayoutDocument:
    """The cards on pages with crop marks (N-up, as many as the paper holds)."""
    pages = impose_deck(
        ctx,
        fronts,
        None,
        card=(geo.w, geo.h),
        label=title,
        source=job.docs[0].source(),
        job=job,
        game=GAME_ID,
        back_title=subject,
        back_text=footer_text(NOTICE, card=True),
    )
    return LayoutDocument(
        title=title,
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=subject + (f". {NOTICE}" if NOTICE else ""),
        keywords=(GAME_ID, "cards"),
    )
