"""What every Grimdark Future – Cubes product shares: the game's colour, its name,
and the words of `templates/grimdark/captions.j2` with the rules' numbers."""

from __future__ import annotations

from sheetgen.layout.cards import GAME_TITLES, game_color
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.templates import caption
from sheetgen.rules.grimdark.profile import Occupancy
from sheetgen.rules.grimdark.values import WeaponRow

GAME_ID = "grimdark"
GAME = GAME_TITLES[GAME_ID]
TEMPLATE = "grimdark/captions.j2"


def accent(ctx: LayoutContext) -> str:
    """The game's colour: the theme palette's `grimdark` entry, or sheetgen's default."""
    return game_color(ctx, GAME_ID)


def occupancy_text(occ: Occupancy) -> str:
    return caption(
        TEMPLATE,
        "occupancy",
        counts_as=occ.model_counts_as,
        per_square=occ.models_per_square,
        squares=occ.squares,
        square_filling=occ.square_filling,
        footprint=occ.footprint,
    )


def words(name: str, **values) -> str:
    return caption(TEMPLATE, name, **values)


def range_text(weapon: WeaponRow) -> tuple[str, str]:
    """A weapon's range as printed: squares, and the inches it came from (small type)."""
    rng = weapon.range
    if rng is None:
        return "melee", ""
    inches = rng.inches
    return f"{rng.squares} sq", (f'{inches:g}"' if inches is not None else "")
