"""Content models for Cubit: the six interfaces, the upgrade catalog, the factions and
the cubits themselves.

Field names of `cubit`, `upgrade` and `faction` are a public contract (DESIGN.md).
The models fix the shape only; everything that needs the rest of the library (ids,
interface codes, budgets, costs) or a precise location is checked by the rules stage
(`sheetgen.rules.cubit`). Class names carry a `Cubit` prefix because the combined JSON
Schema files every game's models under their class names.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from sheetgen.content.checks import DAMAGE_STATES
from sheetgen.content.models.base import Color, ContentModel, DocumentModel, ShortText, Slug, Text

Name = Annotated[str, Field(min_length=1, max_length=120)]
Entry = Annotated[str, Field(min_length=1, max_length=200)]
UpgradeForm = Literal["permanent", "temporary"]
DamageState = Literal["undamaged", "damaged", "beyond-repair", "blown-up"]

assert DamageState.__args__ == DAMAGE_STATES  # type: ignore[attr-defined]
"""The damage track in order: each hit moves a cubit one step along it."""


class CubitInterface(DocumentModel):
    """One of the six kinds of interface a cubit face can carry.

    `order` is the interface's place on a standard cubit (its die number) and
    `code` its two-letter symbol in the compact notation. `icon` is SVG path data in
    a 0..100 box, drawn as strokes (so PDF and SVG fill rules never disagree).
    """

    kind: Literal["cubit-interface"]
    name: Name
    code: ShortText
    order: int
    icon: Annotated[str, Field(min_length=1, max_length=4000)]
    storage: bool = False  # each face with this interface has its own storage compartment
    text: Text = ""
    reconstructed: ShortText | None = None  # why this value is sheetgen's own choice


class CubitPerCharge(ContentModel):
    """A cost that depends on the upgrade's size: `{per: charge}` costs 1 per charge of capacity."""

    per: Literal["charge"]


class CubitUpgrade(DocumentModel):
    """An entry of the upgrade catalog.

    `interfaces` lists the interface ids the upgrade may sit on, or `[any]`.
    `actions` (Specialization) names the actions it may improve, per interface id.
    `stackable` upgrades may be taken more than once on one face.
    """

    kind: Literal["upgrade"]
    name: Name
    short: Annotated[str, Field(min_length=1, max_length=12)] | None = None  # where space is tight (small faces)
    interfaces: Annotated[list[Slug], Field(min_length=1, max_length=12)]
    cost: int | CubitPerCharge
    forms: Annotated[list[UpgradeForm], Field(min_length=1, max_length=2)]
    text: Text
    stackable: bool = False
    actions: dict[Slug, Annotated[list[Slug], Field(min_length=1, max_length=20)]] = {}
    reconstructed: ShortText | None = None


class CubitFaction(DocumentModel):
    """A faction: its colours, whom it likes and dislikes, and what it stands for."""

    kind: Literal["faction"]
    name: Name
    colors: Annotated[list[Color], Field(min_length=1, max_length=4)]
    likes: Annotated[list[Slug], Field(max_length=12)] = []
    dislikes: Annotated[list[Slug], Field(max_length=12)] = []
    look: ShortText | None = None  # what the colours call to mind
    text: Text


class CubitFaceUpgrade(ContentModel):
    """A permanent upgrade written out: `{upgrade: battery, capacity: 2}`,
    `{upgrade: specialization, action: persuade}` or its shorthand `{specialization: persuade}`."""

    upgrade: Slug | None = None
    specialization: Slug | None = None
    action: Slug | None = None
    capacity: int | None = None


FaceUpgrade = Slug | CubitFaceUpgrade


class CubitFace(ContentModel):
    """One side of a cubit: its interface, the skill level bought and its permanent upgrades."""

    interface: Slug
    skill: int
    upgrades: Annotated[list[FaceUpgrade], Field(max_length=12)] = []
    note: ShortText | None = None


class CubitTemporaryUpgrade(ContentModel):
    """A temporary upgrade item stuck on face `face` (its die number, 1..6)."""

    upgrade: Slug
    face: int
    capacity: int | None = None
    charges: int | None = None  # charges left now; a battery starts full
    note: ShortText | None = None


class CubitStorage(ContentModel):
    """What the storage compartment behind a Manipulate face (`face`, 1..6) holds."""

    face: int
    items: Annotated[list[Entry], Field(max_length=20)] = []


class Cubit(DocumentModel):
    """A cubit: a character who is a cube. `faces` run in die order 1..6, as a list or
    in the compact notation (`"Ai2 Ma6[martial-arts] At5 De4 Ta3 Mo1"`)."""

    kind: Literal["cubit"]
    name: Name | None = None
    aliases: Annotated[list[Name], Field(max_length=12)] = []
    function: ShortText | None = None
    faction: Slug | None = None
    colors: Annotated[list[Color], Field(min_length=1, max_length=4)] | None = None
    configuration: Literal["standard", "custom"] = Field(
        "standard",
        description="standard: the six interfaces, one a face, and a 21-point skill budget (player "
        "characters); custom: any interfaces and skills (NPCs)",
    )
    advancement: int = Field(0, description="skill points gained in play, added to the standard 21-point budget")
    faces: Annotated[list[CubitFace], Field(max_length=12)] | Annotated[str, Field(max_length=500)]
    temporary_upgrades: Annotated[list[CubitTemporaryUpgrade], Field(max_length=24)] = []
    storage: Annotated[list[CubitStorage], Field(max_length=6)] = []
    damage: DamageState = "undamaged"
    player: ShortText | None = None
    notes: Text = ""


KINDS = {
    "cubit-interface": CubitInterface,
    "upgrade": CubitUpgrade,
    "faction": CubitFaction,
    "cubit": Cubit,
}
