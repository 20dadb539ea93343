"""Every game's rules, in the order they run (referenced kinds first): the shared rules,
then each game's package `sheetgen.rules.<game>`, imported when it is needed."""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from sheetgen.games import GAMES, stage_module
from sheetgen.rules import common


def modules(games: Iterable[str] | None = None) -> list[ModuleType]:
    """The shared rules and those of `games` (default: every game), in running order."""
    wanted = set(GAMES if games is None else games)
    return [common] + [m for g in GAMES if g in wanted and (m := stage_module("rules", g)) is not None]
