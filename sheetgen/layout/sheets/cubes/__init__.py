"""CUBES! products: the civilization record sheet (filled, and a blank with form
fields), the turn log, a game's kit (every player's sheet and log in one PDF) and the
computed odds cards. Reference cards are a `reference-deck` with `system: cubes`.

The rulebook carries no licence terms, so the game declares no NOTICE; every page
carries a credit line instead.
"""

from __future__ import annotations

from sheetgen.layout.products import Product
from sheetgen.layout.sheets.cubes.common import GAME_ID, NOTICE
from sheetgen.layout.sheets.cubes.kit import kit_members, layout_kit
from sheetgen.layout.sheets.cubes.odds_cards import layout_odds_cards
from sheetgen.layout.sheets.cubes.record_sheet import layout_blank_record_sheet, layout_record_sheet
from sheetgen.layout.sheets.cubes.turn_log import layout_blank_turn_log, layout_turn_log

__all__ = ["GAME_ID", "NOTICE", "PRODUCTS"]

PRODUCTS = [
    Product(
        id="cubes-record-sheet",
        name="record-sheet",
        game=GAME_ID,
        kinds=("cubes-civilization",),
        scope="document",
        layout=layout_record_sheet,
        one_sided=True,
        summary="a civilization's record sheet to keep in pencil: pools, Eras, Quantumizer, CUBES, contacts",
    ),
    Product(
        id="cubes-blank-record-sheet",
        name="blank",
        game=GAME_ID,
        kinds=(),
        scope="blank",
        target="record-sheet",
        layout=layout_blank_record_sheet,
        one_sided=True,
        summary="a blank record sheet: pencil boxes with form fields over them",
    ),
    Product(
        id="cubes-turn-log",
        name="turn-log",
        game=GAME_ID,
        kinds=("cubes-civilization",),
        scope="document",
        layout=layout_turn_log,
        one_sided=True,
        summary="a civilization's turn log: three actions, the consumption per CUBE and notes, turn by turn",
    ),
    Product(
        id="cubes-blank-turn-log",
        name="blank",
        game=GAME_ID,
        kinds=(),
        scope="blank",
        target="turn-log",
        layout=layout_blank_turn_log,
        one_sided=True,
        summary="a blank turn log with form fields",
    ),
    Product(
        id="cubes-kit",
        name="kit",
        game=GAME_ID,
        kinds=("cubes-game",),
        scope="document",
        layout=layout_kit,
        one_sided=True,
        includes=kit_members,
        summary="a table's kit: every civilization's record sheet and turn log in one PDF",
        formats=("pdf",),
    ),
    Product(
        id="cubes-odds-cards",
        name="odds",
        game=GAME_ID,
        kinds=(),
        scope="blank",
        target="quantumization",
        layout=layout_odds_cards,
        summary="odds cards computed from the rules: one QUANTUMIZATION by what Order removed, and consumption",
        formats=("pdf",),
        deck=True,
    ),
]
