"""The Tricube Tales character sheet (A4 or Letter): filled in from a character, or
blank with fillable form fields for typing into in any PDF reader.

Both come from one drawing: `SheetValues` says what to write, and whether each
writing place becomes a form field (named `name`, `trait`, `karma_1` …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Item, LayoutDocument, Page
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.tricube import captions
from sheetgen.layout.sheets.tricube.common import GAME_ID, GAME_NAME, NOTICE, accent, footer_text
from sheetgen.layout.sheets.tricube.sheet_panels import (
    GAP,
    advances_panel,
    afflictions_panel,
    dice_panel,
    dice_panel_height,
    identity,
    list_panel,
    notes_panel,
    token_panel,
)
from sheetgen.layout.sheets.tricube.sheet_values import SheetValues
from sheetgen.layout.widgets import page_frame, sheet_page
from sheetgen.rules.tricube.limits import default_limits
from sheetgen.rules.tricube.values import CampaignLimits, CharacterValues
from sheetgen.units import MM

if TYPE_CHECKING:
    from sheetgen.content.models.tricube import TricubeCharacter

IDENTITY_HEIGHT = 29 * MM
TOKENS_HEIGHT = 27 * MM


def sheet_items(ctx: LayoutContext, v: SheetValues) -> list[Item]:
    """Everything on the one page of a character sheet."""
    color = accent(ctx)
    title, subtitle = (v.name, f"{GAME_NAME} · character sheet") if v.name else (GAME_NAME, "character sheet")
    items, content = page_frame(
        ctx,
        title,
        game=GAME_NAME,
        accent=color,
        subtitle=subtitle,
        notice=footer_text(NOTICE),
        source=v.source("name"),
    )
    who, rest = content.split_top(IDENTITY_HEIGHT, GAP)
    dice, rest = rest.split_top(dice_panel_height(), GAP)
    tokens, rest = rest.split_top(TOKENS_HEIGHT, GAP)
    # The lists, the record and the notes share what the paper leaves: Letter is shorter than A4.
    free = rest.h - 2 * GAP
    lists, rest = rest.split_top(free * 0.33, GAP)
    record, notes = rest.split_top(free * 0.37, GAP)
    items += identity(ctx, who, v, color)
    items += dice_panel(ctx, dice, v, color)

    karma_box, resolve_box = tokens.columns(2, GAP)
    items += token_panel(ctx, karma_box, "Karma", v.karma, "karma", v, color, captions.karma_reminder())
    items += token_panel(ctx, resolve_box, "Resolve", v.resolve, "resolve", v, color, captions.resolve_reminder())

    perks_box, quirks_box = lists.columns(2, GAP)
    items += list_panel(ctx, perks_box, "Perks", v.perks, "perks", v, color, captions.perk_reminder())
    items += list_panel(ctx, quirks_box, "Quirks", v.quirks, "quirks", v, color, captions.quirk_reminder())

    afflictions_box, advances_box = record.columns(2, GAP)
    items += afflictions_panel(ctx, afflictions_box, v, color)
    items += advances_panel(ctx, advances_box, v, color)
    items += notes_panel(ctx, notes, v, color)
    return items


def _document(title: str, subject: str, page: Page, ctx: LayoutContext, *keywords: str) -> LayoutDocument:
    return LayoutDocument(
        title=title,
        pages=(page,),
        author=ctx.theme.author,
        subject=subject + (f". {NOTICE}" if NOTICE else ""),
        keywords=(GAME_ID, *keywords),
    )


def layout_character_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A character's sheet, filled in."""
    doc = job.doc
    c: TricubeCharacter = doc.model
    v = SheetValues.of_character(c, doc.values(CharacterValues), doc.key)
    page = sheet_page(sheet_items(ctx, v), ctx, label=c.name)
    return _document(f"{c.name} — {GAME_NAME} character", f"{GAME_NAME} character sheet", page, ctx, "character sheet")


def layout_blank_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A blank sheet whose writing places are PDF form fields, following the campaign's
    `tricube-rules` when the project has one."""
    limits = job.docs[0].values(CampaignLimits).record() if job.docs else default_limits()
    v = SheetValues.blank(limits)
    page = sheet_page(sheet_items(ctx, v), ctx, label="blank character sheet")
    return _document(
        f"{GAME_NAME} character sheet (fillable)",
        f"{GAME_NAME} blank character sheet with form fields",
        page,
        ctx,
        "character sheet",
        "fillable",
    )
