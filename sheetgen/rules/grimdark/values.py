"""What the Grimdark Future – Cubes rules hand layout: one frozen record per checked document.

Field names are the keys `sheetgen show` prints (the records serialize to the same JSON
the rules' dictionaries did).
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.rules.grimdark.profile import Occupancy, Range


@dataclass(frozen=True, slots=True)
class RuleRow:
    """A special rule a unit or weapon carries, with its one line for a card."""

    name: str
    rating: int | None
    label: str  # `Tough(3)`
    text: str
    reconstructed: bool  # sheetgen's reading where the rulebook is silent


@dataclass(frozen=True, slots=True)
class WeaponRow:
    name: str
    count: int
    melee: bool
    range: Range | None
    attacks: int
    ap: int
    rules: tuple[RuleRow, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """How far an action moves the unit; an aircraft's one move has a `most` too."""

    action: str
    squares: int
    most: int | None = None


@dataclass(frozen=True, slots=True)
class UnitValues:
    """The unit card's values."""

    label: str  # `Name [size]`
    name: str
    size: int
    quality: str  # `4+`
    defense: str
    cost: int
    hero: bool
    tough: int
    wounds: int
    special_rules: tuple[RuleRow, ...]
    weapons: tuple[WeaponRow, ...]
    movement: tuple[Move, ...]
    occupancy: Occupancy


@dataclass(frozen=True, slots=True)
class UnitRow:
    """A unit as an army list shows it."""

    unit: str  # its id
    name: str
    label: str
    size: int
    quality: str | None  # None where the unit's own values are missing
    defense: str | None
    cost: int
    tough: int
    hero: bool


@dataclass(frozen=True, slots=True)
class ArmyEntryRow(UnitRow):
    """An entry of the army list: the unit, taken `count` times, with the heroes that join it."""

    count: int
    points: int
    heroes: tuple[UnitRow, ...]


@dataclass(frozen=True, slots=True)
class FullRule:
    """A rule's full text as the end of an army's unit cards prints it, and where it is written."""

    name: str
    label: str
    text: str
    field: str  # `text`, or `short` where the glossary has no longer text
    reconstructed: str | None
    glossary: str
    index: int


@dataclass(frozen=True, slots=True)
class JoiningValues:
    """How heroes join units, as the army's glossary (`glossary`, if any) says."""

    heroes_per_unit: int
    min_unit_size: int
    reconstructed: str | None
    glossary: str | None


@dataclass(frozen=True, slots=True)
class ArmyValues:
    name: str
    faction: str | None
    points_limit: int
    total: int
    left: int
    units: tuple[ArmyEntryRow, ...]
    models: int
    glossaries: tuple[str, ...]
    rules: tuple[FullRule, ...]
    joining: JoiningValues | None  # None when no hero joins a unit


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    name: str
    rating: bool
    short: str
    text: str
    weapon: bool
    reconstructed: str | None


@dataclass(frozen=True, slots=True)
class GlossaryValues:
    title: str | None
    rules: tuple[GlossaryEntry, ...]  # sorted by name


@dataclass(frozen=True, slots=True)
class Zone:
    """A deployment zone, in squares."""

    side: str
    x: int
    y: int
    w: int
    h: int


@dataclass(frozen=True, slots=True)
class Grid:
    columns: int
    rows: int


@dataclass(frozen=True, slots=True)
class MissionValues:
    name: str
    grid: Grid
    square_pt: float
    square: str
    deployment_depth: int
    gap: int  # rows between the zones
    zones: tuple[Zone, ...]
    objectives: tuple[tuple[int, int], ...]
    rounds: int
