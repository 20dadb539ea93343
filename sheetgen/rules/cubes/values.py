"""What the CUBES! rules hand layout: one frozen record per checked document.

Field names are the keys `sheetgen show` prints (the records serialize to the same JSON
the rules' dictionaries did).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pool:
    """One of the six pools as the game begins; `start` None on a blank sheet (worked
    out at the table), `limit` None for a pool without one."""

    pool: str
    name: str
    start: int | None
    limit: int | None

    @property
    def over_limit(self) -> int:
        """The cubes it starts with beyond its limit (0 where it has none, or no start)."""
        if self.start is None or self.limit is None:
            return 0
        return max(0, self.start - self.limit)


@dataclass(frozen=True, slots=True)
class EraStep:
    """Reaching an Era (`rulebook.Era`)."""

    era: int
    at: int
    reached_from: tuple[int, ...]
    removes: int | None
    forced: bool


@dataclass(frozen=True, slots=True)
class CubesGoal:
    """The CUBES a civilization starts with, builds and needs to win, and their size."""

    at_start: int
    to_win: int
    to_build: int
    size: int  # cubes in the Construction Pool that complete one


@dataclass(frozen=True, slots=True)
class Rival:
    """Another civilization at the table."""

    id: str
    player: str
    name: str | None
    color: str | None  # None where the theme does not know it


@dataclass(frozen=True, slots=True)
class CivilizationValues:
    player: str
    name: str | None
    color: str | None
    pools: tuple[Pool, ...]
    over_limit_at_start: int
    eras: tuple[EraStep, ...]
    cubes: CubesGoal
    quantumizer: tuple[str, ...]
    game: str | None  # the `cubes-game` it plays in, if any
    game_title: str | None
    rivals: tuple[Rival, ...]
    rival_rows: int  # the contact lines a record sheet has


@dataclass(frozen=True, slots=True)
class GameValues:
    title: str | None
    civilizations: tuple[str, ...]  # ids, in play order
