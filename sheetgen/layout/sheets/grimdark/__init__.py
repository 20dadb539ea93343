"""Grimdark Future – Cubes products: unit cards and a roster for each army, a
battlefield mat for each mission (a mission without zones or markers is a plain mat).
An army's unit cards end with the full text of the special rules its units carry.
Reference decks with `system: grimdark` are built by the shared deck product; their
line-of-sight cards ask for `FIGURES` drawn here from the rules' traced paths."""

from __future__ import annotations

from sheetgen.layout.products import Product
from sheetgen.layout.sheets.grimdark.common import GAME_ID
from sheetgen.layout.sheets.grimdark.diagrams import FIGURES
from sheetgen.layout.sheets.grimdark.mat import layout_mission_mat
from sheetgen.layout.sheets.grimdark.roster import layout_roster
from sheetgen.layout.sheets.grimdark.unit_cards import army_includes, cards_includes, layout_unit_cards

PRODUCTS = [
    Product(
        id="grimdark-unit-cards",
        name="unit-cards",
        game=GAME_ID,
        kinds=("grimdark-army",),
        scope="document",
        layout=layout_unit_cards,
        summary="one card per unit of an army: profile, weapons with ranges in squares, rules, movement, occupancy; "
        "then its rules in full",
        formats=("pdf",),
        includes=cards_includes,
        deck=True,
    ),
    Product(
        id="grimdark-roster",
        name="roster",
        game=GAME_ID,
        kinds=("grimdark-army",),
        scope="document",
        layout=layout_roster,
        one_sided=True,
        summary="an army's roster: units, counts and points, total against the limit, activations and wounds to tick",
        includes=army_includes,
    ),
    Product(
        id="grimdark-mat",
        name="mat",
        game=GAME_ID,
        kinds=("grimdark-mission",),
        scope="document",
        layout=layout_mission_mat,
        one_sided=True,
        summary="a mission's battlefield at true size, tiled over pages: deployment zones and objective markers",
        formats=("pdf",),
    ),
]

__all__ = ["FIGURES", "PRODUCTS", "GAME_ID"]
