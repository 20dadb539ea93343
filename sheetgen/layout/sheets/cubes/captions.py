"""The rules reminders printed on CUBES! sheets and cards. Their words are in
`templates/cubes/captions.j2`; every number comes from `sheetgen.rules.cubes`."""

from __future__ import annotations

from sheetgen.layout.templates import caption
from sheetgen.rules.cubes.rulebook import ACTIONS_PER_TURN, CUBE_SIZE, CUBES_TO_WIN, ERAS, LAST_ERA, ordinal

TEMPLATE = "cubes/captions.j2"
NUMBER_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
ORDINAL_WORDS = {2: "second", 3: "third", 4: "fourth"}


def credit() -> str:
    """The credit line at the foot of every sheet."""
    return caption(TEMPLATE, "credit")


def card_credit() -> str:
    """The credit on a card's footer."""
    return caption(TEMPLATE, "card_credit")


def pool_rule(pool: str, limit: int | None) -> str:
    """What bounds a pool, under its count."""
    if pool == "civilization":
        return caption(TEMPLATE, "civilization_limit", start=limit)
    if pool in ("census", "commerce"):
        return caption(TEMPLATE, "half_limit", start=limit)
    if pool == "construction":
        return caption(TEMPLATE, "construction_pool", size=CUBE_SIZE)
    if pool == "technology":
        return caption(TEMPLATE, "technology_pool", thresholds=" / ".join(str(e.at) for e in ERAS))
    return caption(TEMPLATE, "diplomacy_pool")


def over_limit(cubes: int, limit: int) -> str:
    return caption(TEMPLATE, "over_limit", cubes=cubes, limit=limit)


def pools_rule() -> str:
    return caption(TEMPLATE, "pools_rule")


def era_rule(at: int, reached_from: tuple[int, ...], removes: int | None, forced: bool) -> str:
    """How an Era is reached: the Technology total, the Eras before it, what is removed."""
    start = " or ".join(ordinal(n) for n in reached_from)
    return caption(TEMPLATE, "era", at=at, start=start, removes=removes, forced=forced)


def fourth_era_ability() -> str:
    return caption(TEMPLATE, "fourth_era_ability", at=next(e.at for e in ERAS if e.number == LAST_ERA))


def eras_rule() -> str:
    return caption(TEMPLATE, "eras_rule")


def quantumizer_rule() -> str:
    return caption(TEMPLATE, "quantumizer_rule")


def construction_rule() -> str:
    return caption(TEMPLATE, "construction_rule", size=CUBE_SIZE)


def cubes_owned_rule() -> str:
    return caption(TEMPLATE, "cubes_owned_rule", to_win=CUBES_TO_WIN, ordinal=ORDINAL_WORDS[CUBES_TO_WIN])


def contacts_rule() -> str:
    return caption(TEMPLATE, "contacts_rule")


def blocked_rule() -> str:
    return caption(TEMPLATE, "blocked_rule")


def turn_log_rule() -> str:
    return caption(TEMPLATE, "turn_log_rule", actions=NUMBER_WORDS.get(ACTIONS_PER_TURN, str(ACTIONS_PER_TURN)))


def odds_rule() -> str:
    return caption(TEMPLATE, "odds_rule")


def chart_rule() -> str:
    return caption(TEMPLATE, "chart_rule")


def consumption_rule() -> str:
    return caption(TEMPLATE, "consumption_rule")
