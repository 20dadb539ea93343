"""Foe cards: difficulty, effort tokens to tick and notes, 9-up with crop marks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.content.checks import natural_key
from sheetgen.layout.cards import CardGeometry
from sheetgen.layout.colors import readable_on
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.continued import continued
from sheetgen.layout.labels import fits
from sheetgen.layout.primitives import Box, Circle, Group, Item, LayoutDocument
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.tricube import captions
from sheetgen.layout.sheets.tricube.card_parts import (
    LABEL_H,
    CardText,
    card_face,
    geometry,
    impose,
    label,
    lay_out_texts,
)
from sheetgen.layout.sheets.tricube.common import GAME_NAME, accent, element_id
from sheetgen.layout.text import Paragraph, TextStyle, one_line, text_box
from sheetgen.layout.widgets import check_boxes
from sheetgen.rules.tricube.values import FoeValues
from sheetgen.units import MM

if TYPE_CHECKING:
    from sheetgen.content.models.tricube import TricubeFoe


def difficulty_badge(
    ctx: LayoutContext, box: Box, difficulty: int, name: str, color: str, source: Source | None
) -> list[Item]:
    """A disc with the difficulty, and what a die needs to hit it."""
    r = min(box.h / 2, 8 * MM)
    cx, cy = box.x + r, box.y + box.h / 2
    items: list[Item] = [Circle(cx, cy, r, stroke=None, fill=color)]
    items += one_line(
        ctx,
        str(difficulty),
        Box(cx - r, cy - r * 0.62, 2 * r, r * 1.24),
        TextStyle(size=24, font="bold", color=readable_on(color), align="center", min_size=10),
        source,
        what="difficulty",
    )
    text = Box(box.x + 2 * r + 3 * MM, box.y, box.w - 2 * r - 3 * MM, box.h)
    top, bottom = text.split_top(text.h / 2)
    items += label(ctx, "Difficulty", Box(top.x, top.bottom - 3.4 * MM, top.w, LABEL_H))
    words = f"{name.capitalize()}: hit on {difficulty}+"
    style = TextStyle(size=9, font="bold", color=ctx.color("ink"), min_size=6, leading=1.1)
    if fits(ctx, words, style, bottom.w):
        items += one_line(
            ctx, words, Box(bottom.x, bottom.y, bottom.w, 4.5 * MM), style, source, valign="top", what="difficulty"
        )
    else:  # a narrow card: over two lines
        items += text_box(ctx, words, bottom, style, source, what="difficulty")
    return items


def effort_boxes(ctx: LayoutContext, box: Box, doc: DocInput, effort: int) -> tuple[list[Item], float]:
    """Boxes to tick, one per effort token, as many to a row as fit; returns the
    items and the height they take."""
    size, gap, head = 4.6 * MM, 1.4 * MM, 3.2 * MM
    per_row = max(1, int((box.w + gap) // (size + gap)))
    rows = -(-effort // per_row)
    height = head + rows * size + (rows - 1) * gap
    if height > box.h:
        room = per_row * max(0, int((box.h - head + gap) // (size + gap)))
        ctx.error(
            doc.source("effort"),
            "tricube.effort-too-many",
            f"{effort} effort tokens do not fit on a card; it has room for {room}",
            "split the foe into several challenges of fewer tokens",
        )
    items = label(ctx, f"Effort tokens ({effort})", Box(box.x, box.y, box.w, LABEL_H))
    ticks, _ = check_boxes(ctx, box.x, box.y + head, effort, size=size, gap=gap, per_row=per_row)
    return items + [Group(tuple(ticks), id=element_id(doc.id, "effort"))], height


def foe_card(ctx: LayoutContext, geo: CardGeometry, doc: DocInput, color: str) -> CardText:
    """One foe's card, in card coordinates, but for its notes, which take the deck's body
    size (and continue on a second card where they do not fit)."""
    foe: TricubeFoe = doc.model
    values = doc.values(FoeValues)
    name = values.difficulty_name
    kind = "Challenge" if foe.type == "challenge" else None
    items, free = card_face(ctx, geo, foe.name, kind, doc, color, doc.source("type"))
    badge, rest = free.split_top(16 * MM, 2.5 * MM)
    items += difficulty_badge(ctx, badge, foe.difficulty, name, color, doc.source("difficulty"))
    effort, height = effort_boxes(ctx, rest, doc, values.effort)
    items += effort
    rest = Box(rest.x, rest.y + height + 3 * MM, rest.w, max(0.0, rest.h - height - 3 * MM))

    def blocks(style: TextStyle) -> list:
        return [Paragraph(ctx, foe.notes, style, doc.source("notes"))] if foe.notes else []

    return CardText(
        items,
        rest,
        blocks,
        captions.effort_reminder(foe.type),
        "foe notes",
        lambda k: card_face(ctx, geo, continued(foe.name, k), kind, doc, color, doc.source("type")),
    )


def layout_foe_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A card per foe, 9-up with crop marks."""
    geo, color = geometry(ctx), accent(ctx)
    fronts = lay_out_texts(
        ctx, [foe_card(ctx, geo, doc, color) for doc in sorted(job.docs, key=lambda d: natural_key(d.id))]
    )
    return impose(ctx, fronts, geo, f"{GAME_NAME} — foe cards", f"{GAME_NAME} foe cards", job)
