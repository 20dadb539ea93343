"""Every game's rules, in the order they run (referenced kinds first): the shared rules,
then each game's rules module (its record's `rules`), imported when it is needed."""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType

from sheetgen.games import stage_modules
from sheetgen.rules import common


def modules(games: Iterable[str] | None = None) -> list[ModuleType]:
    """The shared rules and those of `games` (default: every game), in running order."""
    return [common] + stage_modules("rules", None if games is None else set(games))
