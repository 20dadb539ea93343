"""The numbers of CUBES! as the rulebook states them, in one place.

Everything a sheet, a card or a check prints or compares comes from here, so the
words on paper and the rules sheetgen checks cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass

STARTING_CUBES = 30  # every civilization starts with 30 cubes in the Civilization Pool
CENSUS_START_MAX = 10  # before the game, up to ten of them may go to the Census Pool
CIVILIZATION_LIMIT_START = 20  # the initial size limit of the Civilization Pool
CUBE_SIZE = 27  # cubes in the Construction Pool that complete a CUBE (3 × 3 × 3)
CUBES_AT_START = 1  # the 1st Era CUBE every player begins with
CUBES_TO_WIN = 3  # a third CUBE instantly ends the game: its holder wins
CONSUMING_CUBES_MAX = CUBES_TO_WIN - 1  # consumption is rolled per CUBE, at most two
ACTIONS_PER_TURN = 3
EXPEDITION_MAX = 7  # the largest expeditionary force
COMBAT_RESERVE = 4  # cubes a Combat must leave in the Civilization Pool

# sheetgen's own choice, not the rulebook's (002 names no number of players): a table of
# 2 to 6 civilizations, which sizes the record sheet's rival rows.
SHEETGEN_PLAYERS = (2, 6)

# The pools of a civilization, in the order the rulebook names them.
POOLS = ("civilization", "census", "construction", "technology", "diplomacy", "commerce")
POOL_NAMES = {p: p.capitalize() for p in POOLS}


@dataclass(frozen=True, slots=True)
class Era:
    """Reaching an Era: the Technology Pool total that allows it, the eras it may be
    reached from, the cubes removed from the pool (None: all of them), and whether
    reaching the total forces the advance."""

    number: int
    at: int
    reached_from: tuple[int, ...]
    removes: int | None
    forced: bool


ERAS = (
    Era(2, 16, (1,), 9, True),
    Era(3, 25, (2,), 16, False),
    Era(4, 36, (2, 3), None, False),
)
LAST_ERA = 4

# The twelve actions, numbered as the Kairotic Moment's d12 reads them.
ACTIONS = (
    "Census",
    "Taxation",
    "Culture",
    "Order",
    "Construction",
    "Technology",
    "Movement",
    "Expansion",
    "Combat",
    "Diplomacy",
    "Commerce",
    "Special Operations",
)
ONCE_PER_TURN = ("Census", "Taxation")  # unless the 4th Era ability repeats one


def census_limit(civilization_limit: int) -> int:
    """The Census Pool holds half the Civilization limit, fractions truncated."""
    return civilization_limit // 2


def commerce_limit(civilization_limit: int) -> int:
    """The Commerce Pool holds half the Civilization limit, fractions truncated."""
    return civilization_limit // 2


def ordinal(n: int) -> str:
    """`1st`, `2nd`, `3rd`, `4th` … as the rulebook writes Eras."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"
