"""A table's kit (`cubes-game`): every civilization's record sheet and turn log in one
PDF, in the game's order, so one print gives the whole table what it needs."""

from __future__ import annotations

from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import LayoutDocument, Page
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.cubes.common import GAME_NAME, Record, document
from sheetgen.layout.sheets.cubes.record_sheet import record_items
from sheetgen.layout.sheets.cubes.turn_log import turn_log_page
from sheetgen.layout.widgets import sheet_page
from sheetgen.rules.cubes.values import GameValues

CIV_KIND = "cubes-civilization"


def kit_members(doc: DocInput) -> list[tuple[str, str]]:
    """The civilizations a game's kit needs, as (kind, id) keys."""
    return [(CIV_KIND, ref) for ref in doc.values(GameValues).civilizations]


def layout_kit(ctx: LayoutContext, job: Job) -> LayoutDocument:
    game = job.docs[0]
    title = game.model.title or game.id
    by_key = {d.key: d for d in job.docs[1:]}
    pages: list[Page] = []
    missing = [key[1] for key in kit_members(game) if key not in by_key]
    if missing:
        # The build hands a kit its civilizations (a handout's too, as the product's `includes`):
        # a job without them cannot print the kit whole.
        ctx.error(
            game.source("civilizations"),
            "cubes.kit-incomplete",
            f"the kit of `{game.id}` was laid out without its civilizations ({', '.join(f'`{m}`' for m in missing)})",
            "build the kit with its civilizations' documents (kind `cubes-civilization`)",
        )
        return document(f"{title} — {GAME_NAME} kit", "", [], ctx)
    for key in kit_members(game):
        civ = by_key[key]
        v = Record.of_civilization(civ, game_title=title)
        pages.append(sheet_page(record_items(ctx, v), ctx, label=f"{v.title} record sheet"))
        pages.append(turn_log_page(ctx, v))
    return document(
        f"{title} — {GAME_NAME} kit",
        f"{GAME_NAME}: every player's record sheet and turn log",
        pages,
        ctx,
        "record sheet",
        "turn log",
    )
