"""Rules for CUBES!: checks on civilizations and tables, the derived starting pools
and limits record sheets print, and the exact QUANTUMIZATION odds cards ask for.

The rulebook's numbers live in `rulebook`, the dice in `quantumizer`, the tables in
`odds`.
"""

from __future__ import annotations

from sheetgen.rules.cubes.civilization import check_civilization
from sheetgen.rules.cubes.game import check_game
from sheetgen.rules.cubes.odds import (
    consumption_table,
    doubles_table,
    kairotic_table,
    quantumization_table,
    quantumizer_table,
)

RULES = {
    "cubes-civilization": check_civilization,
    "cubes-game": check_game,
}
LIBRARY_RULES: list = []
TABLES = {
    "cubes-quantumization": quantumization_table,
    "cubes-doubles": doubles_table,
    "cubes-consumption": consumption_table,
    "cubes-quantumizer": quantumizer_table,
    "cubes-kairotic": kairotic_table,
}
