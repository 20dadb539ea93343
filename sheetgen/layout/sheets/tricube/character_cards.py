"""Character cards: a party on one page, 9-up with crop marks. Each card shows the
dice per trait and combat style, perks, quirks, karma, resolve and afflictions."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from sheetgen.content.checks import TRAITS, natural_key
from sheetgen.layout.cards import CardGeometry, band_lines
from sheetgen.layout.colors import readable_on, tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.continued import continued
from sheetgen.layout.labels import fits, label_forms
from sheetgen.layout.primitives import Box, Group, Item, LayoutDocument, Path, Rect, line
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.tricube import captions
from sheetgen.layout.sheets.tricube.card_parts import (
    LABEL,
    LABEL_H,
    SHORT_LABELS,
    CardText,
    card_face,
    gap,
    geometry,
    impose,
    label,
    lay_out_texts,
)
from sheetgen.layout.sheets.tricube.common import GAME_NAME, accent, affliction_labels, element_id, token_track
from sheetgen.layout.text import Paragraph, TextStyle, one_line, text_box
from sheetgen.rules.tricube.values import CharacterValues, DiceRow, Tokens
from sheetgen.units import MM

if TYPE_CHECKING:
    from sheetgen.content.models.tricube import TricubeCharacter

LIST_SEPARATOR = "\u00a0· "  # between a card's perks (a no-break space before the dot)
CARD_AFFLICTION_SLOTS = 4  # more than this many lines would crowd out the perks and quirks
AFFLICTION_H = 4.6 * MM
AFFLICTION_STYLE = TextStyle(size=7.5, min_size=7.5)
HINT_H = 5 * MM  # the line under the dice (7.5pt), with its gap
TEXT_MIN_H = 10 * MM  # the least room kept for perks and quirks before the card gives up lines


def dice_chips(
    ctx: LayoutContext, box: Box, dice: tuple[DiceRow, ...], trait: str, style: str, color: str
) -> list[Item]:
    """A chip per trait and one for the combat style, each with the dice it rolls."""
    shown = [r for r in dice if r.challenge in TRAITS or r.challenge == style]
    items: list[Item] = []
    chips = box.columns(len(shown), 1.5 * MM)
    # The chips' labels in full, or all abbreviated (AGL, BRW …) on narrow cards.
    words = label_forms(ctx, [r.challenge.upper() for r in shown], [c.w for c in chips], LABEL, SHORT_LABELS)
    for chip, row, word in zip(chips, shown, words):
        strong = row.challenge in (trait, style)
        # The trait and style chips stand out by a strong edge on a light ground, so their
        # labels stay dark fine print rather than small type reversed out of a colour.
        fill = tint(color, 0.6) if strong else tint(color, 0.88)
        ink = readable_on(fill)
        items.append(
            Rect(
                chip.x, chip.y, chip.w, chip.h, stroke=color if strong else None, width=1.2, fill=fill, radius=1.2 * MM
            )
        )
        items += label(ctx, word, Box(chip.x, chip.y + 1 * MM, chip.w, LABEL_H), ink, align="center")
        items += one_line(
            ctx,
            str(row.dice),
            Box(chip.x, chip.y + 3.6 * MM, chip.w, chip.h - 4.4 * MM),
            TextStyle(size=13, font="bold", color=ink, align="center", min_size=8),
            None,
        )
    return items


def token_row(
    ctx: LayoutContext, box: Box, name: str, tokens: Tokens, color: str, group_id: str, source: Source | None
) -> list[Item]:
    """A labelled token track with its count; the circles shrink to leave the count room."""
    label_w, count_w = 13 * MM, 9 * MM  # room for "10/10" beside the circles
    items = label(ctx, name, Box(box.x, box.y, label_w, box.h), valign="middle")
    room = box.w - label_w - count_w
    r = min(box.h / 2 - 0.3 * MM, 1.9 * MM, room / (tokens.limit * 2 + (tokens.limit - 1) * 0.7))
    track, width = token_track(ctx, box.x + label_w, box.y + box.h / 2, tokens, r=r, gap=r * 0.7, color=color)
    items.append(Group(tuple(track), id=group_id))
    count = Box(box.x + label_w + width, box.y, box.right - box.x - label_w - width, box.h)
    items += one_line(
        ctx,
        f"{tokens.current}/{tokens.maximum}",
        count,
        TextStyle(size=7.5, font="bold", color=ctx.color("ink"), align="right", min_size=6),
        source,
        what=f"{name} count",
    )
    return items


def affliction_slots(ctx: LayoutContext, box: Box, doc: DocInput, slots: int) -> list[Item]:
    """A line per affliction slot; more afflictions than slots run on as text."""
    d = doc.values(CharacterValues)
    names = affliction_labels(d.afflictions, set(d.permanent_afflictions))
    retired = d.retired
    items = label(
        ctx,
        "Afflictions" + ("  · retired" if retired else ""),
        Box(box.x, box.y, box.w, LABEL_H),
        ctx.color("red") if retired else None,
    )
    area = Box(box.x, box.y + 2.8 * MM, box.w, box.h - 2.8 * MM)
    style = replace(AFFLICTION_STYLE, color=ctx.color("ink"))
    if len(names) > slots or not all(fits(ctx, n, style, area.w - 1.2 * MM) for n in names):
        # More afflictions than lines, or one too long for a line (on narrow cards): as text.
        return items + text_box(
            ctx, " · ".join(names), area.inset(0.6 * MM, 0.6 * MM), style, doc.source("afflictions"), what="afflictions"
        )
    for i, row in enumerate(area.rows(slots)):
        items.append(Path(line(row.x, row.bottom, row.right, row.bottom), stroke=ctx.color("rule"), width=0.4))
        if i < len(names):
            items += one_line(
                ctx,
                names[i],
                row.inset(0.6 * MM, 0.3 * MM),
                style,
                doc.source("afflictions", i),
                valign="bottom",
                what="affliction",
            )
    return items


def subtitle_of(c: TricubeCharacter) -> str:
    return f"{c.trait.capitalize()} · {c.concept}"


def character_card(
    ctx: LayoutContext, geo: CardGeometry, doc: DocInput, color: str, lines: tuple[int, int] = (1, 1)
) -> CardText:
    """One character's card, in card coordinates, but for its perks, quirks and notes,
    which take the party's body size (on a short card they continue on a second)."""
    c: TricubeCharacter = doc.model
    d = doc.values(CharacterValues)
    subtitle = subtitle_of(c)
    items, free = card_face(ctx, geo, c.name, subtitle, doc, color, doc.source("concept"), lines)
    chips, rest = free.split_top(10.5 * MM, 1 * MM)
    items += dice_chips(ctx, chips, d.dice, c.trait, c.combat_style, color)
    # A ruled line per affliction a character may carry, up to what the card holds.
    slots = min(d.limits.max_afflictions, CARD_AFFLICTION_SLOTS)
    names = affliction_labels(d.afflictions, set(d.permanent_afflictions))
    long_names = not all(fits(ctx, n, AFFLICTION_STYLE, free.w - 1.2 * MM) for n in names)
    fixed_h = 2 * 5.2 * MM + 2.8 * MM + 2 * MM
    if rest.h < fixed_h + slots * AFFLICTION_H + HINT_H + TEXT_MIN_H:  # a short card: fewer lines, no hint
        # … but two where the afflictions the character has run on as text (more of them
        # than lines, or one too long for a line): the perks and quirks go on to a second
        # card sooner than an affliction is left off.
        least = 2 if long_names or len(names) > 1 else 1
        slots = max(least, min(slots, int((rest.h - fixed_h - TEXT_MIN_H) // AFFLICTION_H)))
    else:
        hint, rest = rest.split_top(HINT_H - 1.5 * MM, 1.5 * MM)
        items += one_line(
            ctx,
            captions.outside_concept(),
            hint,
            TextStyle(size=7.5, color=ctx.color("ink"), min_size=6.5, align="center"),
            None,
        )
    bottom_h = fixed_h + slots * AFFLICTION_H
    room = rest.h - bottom_h - 2.5 * MM
    if room < TEXT_MIN_H / 2:  # not a line of perks fits: they go on to a second card, the afflictions take it all
        text, bottom = Box(rest.x, rest.y, rest.w, 0.0), rest
    else:
        text, bottom = rest.split_top(room, 2.5 * MM)
    karma_row, rest = bottom.split_top(5.2 * MM)
    resolve_row, rest = rest.split_top(5.2 * MM)
    for row, token, tokens in ((karma_row, "karma", d.karma), (resolve_row, "resolve", d.resolve)):
        source = doc.source(f"current_{token}" if tokens.current != tokens.maximum else token)
        items += token_row(ctx, row, token, tokens, color, element_id(doc.id, token), source)
    items += affliction_slots(ctx, Box(rest.x, rest.y + 1 * MM, rest.w, rest.h - 1 * MM), doc, slots)
    notes = (c.notes or "").strip()

    def blocks(style: TextStyle) -> list:
        # A line never starts with the `·` between two items: it holds to the item before it.
        return [
            Paragraph(ctx, "**Perks:** " + LIST_SEPARATOR.join(c.perks), style, doc.source("perks")),
            gap(style),
            Paragraph(ctx, "**Quirks:** " + LIST_SEPARATOR.join(c.quirks), style, doc.source("quirks")),
        ]

    def with_notes(style: TextStyle) -> list:
        return [gap(style), Paragraph(ctx, "**Notes:** " + notes, style, doc.source("notes"))]

    return CardText(
        items,
        text,
        blocks,
        captions.roll_reminder(),
        "perks and quirks",
        lambda k: card_face(ctx, geo, continued(c.name, k), subtitle, doc, color, doc.source("concept"), lines),
        notes=with_notes if notes else None,
        pointer=captions.notes_on_sheet(),
    )


def layout_character_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A card per character, 9-up with crop marks."""
    geo, color = geometry(ctx), accent(ctx)
    docs = sorted(job.docs, key=lambda d: natural_key(d.id))
    # One band height for the party: where one subtitle takes two lines on a narrow card, all do.
    lines = band_lines(ctx, geo, [d.model.name for d in docs], [subtitle_of(d.model) for d in docs])
    fronts = lay_out_texts(ctx, [character_card(ctx, geo, doc, color, lines) for doc in docs])
    return impose(ctx, fronts, geo, f"{GAME_NAME} — character cards", f"{GAME_NAME} character cards", job)
