"""What the KUBOS rules hand layout: one frozen record per checked document.

Field names are the keys `sheetgen show` prints (the records serialize to the JSON the
rules' dictionaries did; a magic item without sheetgen's reading shows `reading: null`).
Attributes stay a mapping by attribute name, in the rules' order (`ATTRIBUTES`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MagicItem:
    table: str
    attribute: str
    title: str
    text: str
    note: str | None
    reading: str | None  # sheetgen's reading where the rulebook leaves the item open

    @property
    def described(self) -> str:
        """What it does, and the owner's note after it."""
        return self.text + (f" {self.note}" if self.note else "")


@dataclass(frozen=True, slots=True)
class Treasure:
    coins: int
    magic_items: tuple[MagicItem, ...]


@dataclass(frozen=True, slots=True)
class SpecialRule:
    """A rule of the book's (its `title` and `text`) or one written in the content (no title)."""

    title: str
    text: str


@dataclass(frozen=True, slots=True)
class MonsterValues:
    """The stat block."""

    type: str
    rank: str | None
    size: str | None  # humanoids only
    undead_type: str | None
    attributes: dict[str, int]
    defence: int
    hp: int
    hp_roll: str
    hp_range: tuple[int, int]
    poisonous: bool
    special_rules: tuple[SpecialRule, ...]
    treasure: Treasure


@dataclass(frozen=True, slots=True)
class CarriedItem:
    name: str
    types: tuple[str, ...]
    weight: int


@dataclass(frozen=True, slots=True)
class Load:
    """What a character carries, in items, by where it comes from."""

    items: int
    armour: int
    coins: int
    magic_items: int

    @property
    def total(self) -> int:
        return self.items + self.armour + self.coins + self.magic_items


@dataclass(frozen=True, slots=True)
class CharacterValues:
    attributes: dict[str, int]
    defence: int
    hp: int
    hp_current: int
    fate_points: int
    items: tuple[CarriedItem, ...]
    load: Load
    carried: int
    capacity: int
    encumbered: bool
    magic_items: tuple[MagicItem, ...]


@dataclass(frozen=True, slots=True)
class TablesValues:
    reconstructed: tuple[str, ...]  # the decisions sheetgen reconstructed
