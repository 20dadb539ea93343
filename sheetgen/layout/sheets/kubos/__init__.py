"""KUBOS products: character sheets (filled and blank), monster stat cards and the
GM sheet of stat blocks. Every page carries the KUBOS licence notice (`NOTICE`);
reference decks with `system: kubos` get it from the foundation."""

from __future__ import annotations

from sheetgen.layout.products import Product
from sheetgen.layout.sheets.kubos.character_sheet import layout_blank_sheet, layout_character_sheet
from sheetgen.layout.sheets.kubos.common import GAME_ID, NOTICE
from sheetgen.layout.sheets.kubos.gm_sheet import layout_gm_sheet
from sheetgen.layout.sheets.kubos.stat_cards import layout_stat_cards

PRODUCTS = [
    Product(
        id="kubos-character-sheet",
        name="character-sheet",
        game=GAME_ID,
        kinds=("kubos-character",),
        scope="document",
        layout=layout_character_sheet,
        one_sided=True,
        summary="a KUBOS character on one page: attributes, HP, fate points, items, capacity",
    ),
    Product(
        id="kubos-blank-character-sheet",
        name="blank",
        game=GAME_ID,
        kinds=(),
        scope="blank",
        layout=layout_blank_sheet,
        one_sided=True,
        summary="an empty, fillable KUBOS character sheet",
        target="character-sheet",
    ),
    Product(
        id="kubos-stat-blocks",
        name="stat-blocks",
        game=GAME_ID,
        kinds=("kubos-monster",),
        scope="collection",
        layout=layout_gm_sheet,
        one_sided=True,  # the GM ticks hit points on it in pencil
        summary="the GM sheet: every monster's stat block, many to a page",
        target="monsters",
    ),
    Product(
        id="kubos-stat-cards",
        name="stat-cards",
        game=GAME_ID,
        kinds=("kubos-monster",),
        scope="collection",
        layout=layout_stat_cards,
        summary="one card per monster, N-up with crop marks",
        target="monsters",
        formats=("pdf",),
        deck=True,
    ),
]

__all__ = ["NOTICE", "PRODUCTS", "GAME_ID"]
