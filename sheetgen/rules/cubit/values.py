"""What the Cubit rules hand layout: one frozen record per checked document.

Field names are the keys `sheetgen show` prints (the records serialize to the same JSON
the rules' dictionaries did).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class InterfaceValues:
    name: str
    code: str
    order: int


@dataclass(frozen=True, slots=True)
class InterfaceActions:
    """The actions an upgrade can name on one interface (by the interface's name)."""

    interface: str
    actions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UpgradeValues:
    cost: str  # as a reader sees it: `3 skill levels`
    forms: tuple[str, ...]
    interfaces: tuple[str, ...]  # names (or `any`)
    actions: tuple[InterfaceActions, ...]


@dataclass(frozen=True, slots=True)
class FactionValues:
    name: str
    colors: tuple[str, ...]
    likes: tuple[str, ...]  # names of the factions
    dislikes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CubitFaction:
    """A cubit's faction, by id and with what its sheet prints of it."""

    id: str
    name: str
    colors: tuple[str, ...]
    likes: tuple[str, ...]
    dislikes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FaceUpgrade:
    """A permanent upgrade on a face."""

    id: str
    name: str
    label: str
    short: str  # the label abbreviated for small faces
    cost: int
    action: str | None
    capacity: int | None

    def labelled(self, short: bool = False) -> str:
        """The label (or its short form) with the cost it takes from the face, if any."""
        text = self.short if short else self.label
        return f"{text} −{self.cost}" if self.cost else text


@dataclass(frozen=True, slots=True)
class FaceValues:
    number: int
    interface: str
    name: str
    code: str
    icon: str
    skill: int
    cost: int
    effective: int
    upgrades: tuple[FaceUpgrade, ...]
    note: str | None
    path: tuple[str | int, ...]  # where the face is written: its entry in `faces`, or the notation


@dataclass(frozen=True, slots=True)
class TemporaryUpgrade:
    id: str
    name: str
    face: int
    capacity: int | None
    charges: int | None
    text: str
    note: str | None
    path: tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Compartment:
    """A face whose interface has storage, with what it holds."""

    face: int
    interface: str  # its name
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReconstructedNote:
    """A note on a rule sheetgen reconstructed, with the interface it is first met on."""

    note: str
    interface: str


@dataclass(frozen=True, slots=True)
class CubitValues:
    """Everything the net, the sheet and the stickers draw of a cubit."""

    display_name: str
    name: str | None
    aliases: tuple[str, ...]
    function: str | None
    player: str | None
    configuration: str
    advancement: int
    skill_total: int
    skill_budget: int | None
    notation: str
    faces: tuple[FaceValues, ...]
    faction: CubitFaction | None
    colors: tuple[str, ...]
    temporary_upgrades: tuple[TemporaryUpgrade, ...]
    storage: tuple[Compartment, ...]
    reconstructed: tuple[str, ...]
    reconstructed_notes: tuple[ReconstructedNote, ...]
    damage: str | None
    damage_states: tuple[str, ...]
    notes: str | None
