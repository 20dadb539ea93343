"""Rules for Grimdark Future – Cubes: unit profiles, army lists, the special-rule
glossary and missions, with the derived values cards and rosters print (ranges in
squares, movement per action, square occupancy, points).

The rulebook's numbers live in `rulebook`, profile arithmetic in `profile`, line of
sight and distance in `sight` (pure, used by the reference deck's diagrams).
"""

from __future__ import annotations

from sheetgen.rules.grimdark.army import check_army
from sheetgen.rules.grimdark.figures import FIGURES as FIGURES  # the figures its decks draw
from sheetgen.rules.grimdark.glossary import check_glossary
from sheetgen.rules.grimdark.mission import check_mission
from sheetgen.rules.grimdark.profile import inches_to_squares
from sheetgen.rules.grimdark.rulebook import ACTION_NAMES, ACTION_NOTES, ACTIONS, MOVES
from sheetgen.rules.grimdark.unit import check_unit

Table = tuple[list[str], list[list[object]]]


def range_table() -> Table:
    """Common ranges in inches and the squares they become."""
    inches = [4, 6, 8, 12, 18, 24, 30, 36, 48]
    return ["Inches", "Squares"], [[f'{i}"', inches_to_squares(i)] for i in inches]


def movement_table() -> Table:
    """Squares per action for ordinary, Fast and Slow units."""
    rows: list[list[object]] = []
    for a in ACTIONS:
        rows.append([ACTION_NAMES[a], MOVES[None][a], MOVES["Fast"][a], MOVES["Slow"][a], ACTION_NOTES[a]])
    return ["Action", "Move", "Fast", "Slow", "Notes"], rows


RULES = {
    "grimdark-rules": check_glossary,
    "grimdark-unit": check_unit,  # after the glossary, before the armies that total them
    "grimdark-army": check_army,
    "grimdark-mission": check_mission,
}
LIBRARY_RULES: list = []
TABLES = {
    "grimdark-ranges": range_table,
    "grimdark-movement": movement_table,
}
