"""Tricube Tales products: character sheets (filled, and a fillable blank), character
cards and foe cards, 9-up with crop marks. Reference cards are a `reference-deck`
document with `system: tricube`; its odds tables are computed by the rules.

The rules text sheetgen works from carries no licence terms, so the game declares no
NOTICE; every page carries a credit line (the game, its author, sheetgen) instead.
"""

from __future__ import annotations

from sheetgen.layout.products import Product
from sheetgen.layout.sheets.tricube.character_cards import layout_character_cards
from sheetgen.layout.sheets.tricube.character_sheet import layout_blank_sheet, layout_character_sheet
from sheetgen.layout.sheets.tricube.common import GAME_ID, NOTICE
from sheetgen.layout.sheets.tricube.foe_cards import layout_foe_cards

__all__ = ["GAME_ID", "NOTICE", "PRODUCTS"]

PRODUCTS = [
    Product(
        id="tricube-character-sheet",
        name="character-sheet",
        game=GAME_ID,
        kinds=("tricube-character",),
        scope="document",
        layout=layout_character_sheet,
        one_sided=True,
        summary="a character's sheet: archetype, dice, perks, quirks, karma, resolve, afflictions, advances",
    ),
    Product(
        id="tricube-blank-sheet",
        name="blank",
        game=GAME_ID,
        kinds=("tricube-rules",),  # the campaign's limits, when the project has them
        scope="blank",
        target="character-sheet",
        layout=layout_blank_sheet,
        one_sided=True,
        summary="a blank character sheet with form fields to type into",
        formats=("pdf",),
    ),
    Product(
        id="tricube-character-cards",
        name="character-cards",
        game=GAME_ID,
        kinds=("tricube-character",),
        scope="collection",
        target="party",
        layout=layout_character_cards,
        summary="every character on a card, 9-up with crop marks",
        deck=True,
    ),
    Product(
        id="tricube-foe-cards",
        name="foe-cards",
        game=GAME_ID,
        kinds=("tricube-foe",),
        scope="collection",
        target="foes",
        layout=layout_foe_cards,
        summary="every foe on a card with its difficulty and effort tokens to tick, 9-up with crop marks",
        deck=True,
    ),
]
