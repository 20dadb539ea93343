"""Checks on a CUBES! civilization and what its record sheet starts from: the six
pools with their starting counts and limits, the Eras, the CUBES and the rivals it
meets at its table."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.cubes.quantumizer import QUANTUMIZER
from sheetgen.rules.cubes.rulebook import (
    CENSUS_START_MAX,
    CIVILIZATION_LIMIT_START,
    CUBE_SIZE,
    CUBES_AT_START,
    CUBES_TO_WIN,
    ERAS,
    POOL_NAMES,
    POOLS,
    SHEETGEN_PLAYERS,
    STARTING_CUBES,
    census_limit,
    commerce_limit,
)
from sheetgen.rules.cubes.values import CivilizationValues, CubesGoal, EraStep, Pool, Rival
from sheetgen.rules.theme import check_colour_name

if TYPE_CHECKING:
    from sheetgen.content.models.cubes import CubesCivilization, CubesGame

GAME_KIND = "cubes-game"


def starting_limits(civilization_limit: int = CIVILIZATION_LIMIT_START) -> dict[str, int | None]:
    """Each pool's size limit for a Civilization limit (None: the pool has no limit)."""
    return {
        "civilization": civilization_limit,
        "census": census_limit(civilization_limit),
        "construction": None,
        "technology": None,
        "diplomacy": None,
        "commerce": commerce_limit(civilization_limit),
    }


def starting_pools(census_start: int) -> tuple[Pool, ...]:
    """The six pools as the game begins: the 30 starting cubes split between
    Civilization and Census, the others empty, with their limits."""
    census = min(max(census_start, 0), CENSUS_START_MAX)
    start = {p: 0 for p in POOLS}
    start["civilization"], start["census"] = STARTING_CUBES - census, census
    limits = starting_limits()
    return tuple(Pool(p, POOL_NAMES[p], start[p], limits[p]) for p in POOLS)


def games_listing(library, civ_id: str) -> list[Document]:
    """The `cubes-game` documents that list a civilization, in file order."""
    return [g for g in library.of_kind(GAME_KIND, targets_only=False) if civ_id in g.model.civilizations]


def rivals(library, doc: Document, knows_color=lambda name: True) -> tuple[Document | None, tuple[Rival, ...]]:
    """The game a civilization plays in (the first that lists it) and the other
    civilizations at that table that exist, in the game's order. A rival's colour the
    theme does not know is left out (that rival reports it)."""
    games = games_listing(library, doc.id)
    if not games:
        return None, ()
    game = games[0]
    out: list[Rival] = []
    for ref in dict.fromkeys(cast("CubesGame", game.model).civilizations):
        other = library.get("cubes-civilization", ref)
        if ref == doc.id or other is None:
            continue
        m = other.model
        color = m.color if m.color is not None and knows_color(m.color) else None
        out.append(Rival(ref, m.player, m.name, color))
    return game, tuple(out[: SHEETGEN_PLAYERS[1] - 1])


def check_civilization(doc: Document, ctx: RuleContext) -> CivilizationValues:
    """The Census may take 0 to 10 of the starting cubes; the colour must be one the
    theme knows. Derived: the starting pools and limits, the Era thresholds, the CUBES
    and the rivals at the civilization's table."""
    c: CubesCivilization = doc.model  # type: ignore[assignment]
    if not 0 <= c.census_start <= CENSUS_START_MAX:
        ctx.error(
            doc,
            ("census_start",),
            "cubes.census-start-out-of-range",
            f"census_start is {c.census_start}; before the game a civilization moves from 0 to "
            f"{CENSUS_START_MAX} of its {STARTING_CUBES} starting cubes to the Census Pool",
            f"write a census_start from 0 to {CENSUS_START_MAX}",
        )
    if c.color is not None:
        check_colour_name(ctx, ctx.theme, doc, ("color",), c.color)
    game, others = rivals(ctx.library, doc, ctx.theme.knows_color)
    pools = starting_pools(c.census_start)
    return CivilizationValues(
        player=c.player,
        name=c.name,
        color=c.color,
        pools=pools,
        over_limit_at_start=pools[0].over_limit,
        eras=tuple(EraStep(e.number, e.at, e.reached_from, e.removes, e.forced) for e in ERAS),
        cubes=CubesGoal(CUBES_AT_START, CUBES_TO_WIN, CUBES_TO_WIN - CUBES_AT_START, CUBE_SIZE),
        quantumizer=tuple(d.name for d in QUANTUMIZER),
        game=game.id if game else None,
        game_title=(cast("CubesGame", game.model).title or game.id) if game else None,
        rivals=others,
        rival_rows=SHEETGEN_PLAYERS[1] - 1,
    )
