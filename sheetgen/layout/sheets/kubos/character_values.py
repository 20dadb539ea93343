"""What a KUBOS character sheet shows, for a character or for a blank sheet.

The sheet's layout draws a `SheetValues`; this module makes one from a checked
character (values and where they came from) or an empty one with fillable fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sheetgen.layout.context import Source
from sheetgen.layout.products import DocInput
from sheetgen.rules.kubos.core import ATTRIBUTES
from sheetgen.rules.kubos.values import CharacterValues, Load

IDENTITY_FIELDS = (
    # (field, label, share of its row's width, row)
    ("name", "Name", 0.40, 0),
    ("player", "Player", 0.20, 0),
    ("race", "Race", 0.20, 0),
    ("profession", "Profession", 0.20, 0),
    ("gender", "Gender", 0.25, 1),
    ("age", "Age", 0.15, 1),
    ("height", "Height", 0.20, 1),
    ("weight", "Weight", 0.20, 1),
    ("adventures", "Adventures", 0.20, 1),
)


@dataclass(frozen=True)
class Entry:
    """A line on the sheet: a text, an optional count, and where it came from."""

    text: str
    detail: str = ""
    source: Source | None = None


@dataclass(frozen=True)
class SheetValues:
    title: str
    fillable: bool
    identity: dict[str, str] = field(default_factory=dict)
    attributes: dict[str, str] = field(default_factory=dict)
    defence: str = ""
    hp: str = ""
    hp_boxes: int = 0
    hp_lost: int = 0
    fate_points: str = ""
    fate_owned: int = 0
    armour: str = ""
    armour_dv: str = ""
    items: tuple[Entry, ...] = ()
    coins: str = ""
    capacity: int | None = None
    carried: int | None = None
    load: Load | None = None
    encumbered: bool = False
    magic_items: tuple[Entry, ...] = ()
    notes: tuple[Entry, ...] = ()
    source: DocInput | None = None

    def src(self, *path) -> Source | None:
        return self.source.source(*path) if self.source else None

    def field(self, name: str) -> str | None:
        """The form field's name on a fillable sheet, else None (the value is printed)."""
        return name if self.fillable else None


BLANK_HP_BOXES = 24


def blank_values() -> SheetValues:
    """An empty sheet, filled in by hand or in a PDF viewer."""
    return SheetValues(title="KUBOS character", fillable=True, hp_boxes=BLANK_HP_BOXES)


def character_values(doc: DocInput) -> SheetValues:
    """A checked character's sheet values."""
    ch, d = doc.model, doc.values(CharacterValues)
    identity = {name: str(getattr(ch, name)) for name, *_ in IDENTITY_FIELDS if getattr(ch, name) is not None}
    items = tuple(Entry(it.name, str(it.weight), doc.source("items", i)) for i, it in enumerate(d.items))
    magic = tuple(Entry(m.title, m.described, doc.source("magic_items", i)) for i, m in enumerate(d.magic_items))
    notes = tuple(
        Entry(text, "", doc.source(key)) for key, text in (("background", ch.background), ("notes", ch.notes)) if text
    )
    return SheetValues(
        title=ch.name,
        fillable=False,
        identity=identity,
        attributes={a: str(d.attributes[a]) for a in ATTRIBUTES},
        defence=str(d.defence),
        hp=str(d.hp),
        hp_boxes=max(0, d.hp),
        hp_lost=max(0, d.hp - d.hp_current),
        fate_points=str(d.fate_points),
        fate_owned=max(0, d.fate_points),
        armour=ch.armour.name if ch.armour else "",
        armour_dv=str(ch.armour.dv) if ch.armour else "0",
        items=items,
        coins=str(ch.coins),
        capacity=d.capacity,
        carried=d.carried,
        load=d.load,
        encumbered=d.encumbered,
        magic_items=magic,
        notes=notes,
        source=doc,
    )
