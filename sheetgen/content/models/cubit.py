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

    kind: Literal["cubit-interface"] = Field(description="what the document is: always `cubit-interface`")
    name: Name = Field(description="the interface's name (`Attack`)")
    code: ShortText = Field(description="its symbol in the compact notation: a capital and a small letter (`At`)")
    order: int = Field(description="its die number on a standard cubit, 1 to 6")
    icon: Annotated[str, Field(min_length=1, max_length=4000)] = Field(
        description="SVG path data in a 0..100 box, drawn as strokes"
    )
    storage: bool = Field(False, description="each face with this interface has its own storage compartment")
    text: Text = Field("", description="what the interface is for")
    reconstructed: ShortText | None = Field(
        None, description="why this value is sheetgen's own choice (the rulebook lost it); printed as a credit"
    )


class CubitPerCharge(ContentModel):
    """A cost that depends on the upgrade's size: `{per: charge}` costs 1 per charge of capacity."""

    per: Literal["charge"] = Field(description="`charge`: the cost is 1 per charge of the upgrade's capacity")


class CubitUpgrade(DocumentModel):
    """An entry of the upgrade catalog.

    `interfaces` lists the interface ids the upgrade may sit on, or `[any]`.
    `actions` (Specialization) names the actions it may improve, per interface id.
    `stackable` upgrades may be taken more than once on one face.
    """

    kind: Literal["upgrade"] = Field(description="what the document is: always `upgrade`")
    name: Name = Field(description="the upgrade's name (`Corner Attack`)")
    short: Annotated[str, Field(min_length=1, max_length=12)] | None = Field(
        None, description="a shorter name where space is tight (small faces); default: the name"
    )
    interfaces: Annotated[list[Slug], Field(min_length=1, max_length=12)] = Field(
        description="the ids of the interfaces it may sit on, or `[any]`"
    )
    cost: int | CubitPerCharge = Field(
        description="skill levels it takes from its face's skill when permanent, or `{per: charge}`"
    )
    forms: Annotated[list[UpgradeForm], Field(min_length=1, max_length=2)] = Field(
        description="permanent (built into a face), temporary (an item stuck on a face), or both"
    )
    text: Text = Field(description="what it does, as its catalog card prints it")
    stackable: bool = Field(False, description="may be taken more than once on one face, paying its cost each time")
    actions: dict[Slug, Annotated[list[Slug], Field(min_length=1, max_length=20)]] = Field(
        {}, description="interface id → the actions it may improve there (Specialization)"
    )
    reconstructed: ShortText | None = Field(
        None, description="what of it is sheetgen's own where the rulebook is silent; its card says so"
    )


class CubitFaction(DocumentModel):
    """A faction: its colours, whom it likes and dislikes, and what it stands for."""

    kind: Literal["faction"] = Field(description="what the document is: always `faction`")
    name: Name = Field(description="the faction's name (`The Governors`)")
    colors: Annotated[list[Color], Field(min_length=1, max_length=4)] = Field(
        description="its colours, which its cubits wear unless they give their own"
    )
    likes: Annotated[list[Slug], Field(max_length=12)] = Field([], description="the ids of factions it likes")
    dislikes: Annotated[list[Slug], Field(max_length=12)] = Field([], description="the ids of factions it dislikes")
    look: ShortText | None = Field(
        None, description="what its colours call to mind: its card reads `Their colours: blue and yellow, like …`"
    )
    text: Text = Field(description="what the faction stands for")


class CubitFaceUpgrade(ContentModel):
    """A permanent upgrade written out: `{upgrade: battery, capacity: 2}`,
    `{upgrade: specialization, action: persuade}` or its shorthand `{specialization: persuade}`."""

    upgrade: Slug | None = Field(None, description="the upgrade's id")
    specialization: Slug | None = Field(
        None, description="shorthand for `{upgrade: specialization, action: …}`: the action it improves"
    )
    action: Slug | None = Field(None, description="the action a Specialization improves")
    capacity: int | None = Field(
        None, description="for an upgrade that costs per charge (Battery): the charges it holds when full"
    )


FaceUpgrade = Slug | CubitFaceUpgrade


class CubitFace(ContentModel):
    """One side of a cubit: its interface, the skill level bought and its permanent upgrades."""

    interface: Slug = Field(description="the interface's id (`attack`)")
    skill: int = Field(description="the skill level bought, before upgrade costs")
    upgrades: Annotated[list[FaceUpgrade], Field(max_length=12)] = Field(
        [], description="its permanent upgrades: ids, or written out (`{upgrade: battery, capacity: 2}`)"
    )
    note: ShortText | None = Field(None, description="a line printed with the face on the flat sheet")


class CubitTemporaryUpgrade(ContentModel):
    """A temporary upgrade item stuck on face `face` (its die number, 1..6)."""

    upgrade: Slug = Field(description="the upgrade's id")
    face: int = Field(description="the die number of the face it sits on, 1 to 6")
    capacity: int | None = Field(
        None, description="for an upgrade that costs per charge (Battery): the charges it holds when full"
    )
    charges: int | None = Field(None, description="charges left now; default: full (its capacity)")
    note: ShortText | None = Field(None, description="a line printed with it on the flat sheet")


class CubitStorage(ContentModel):
    """What the storage compartment behind a Manipulate face (`face`, 1..6) holds."""

    face: int = Field(description="the die number of the face whose compartment it is, 1 to 6")
    items: Annotated[list[Entry], Field(max_length=20)] = Field([], description="what the compartment holds")


class Cubit(DocumentModel):
    """A cubit: a character who is a cube. `faces` run in die order 1..6, as a list or
    in the compact notation (`"Ai2 Ma6[martial-arts] At5 De4 Ta3 Mo1"`)."""

    kind: Literal["cubit"] = Field(description="what the document is: always `cubit`")
    name: Name | None = Field(None, description="its name, if it has one: cubits are often unnamed")
    aliases: Annotated[list[Name], Field(max_length=12)] = Field(
        [], description="other names it goes by, such as a short form (`Bloost`)"
    )
    function: ShortText | None = Field(None, description="what it was made to do (`Keep the grid lines bright`)")
    faction: Slug | None = Field(None, description="the id of its faction")
    colors: Annotated[list[Color], Field(min_length=1, max_length=4)] | None = Field(
        None, description="the colours it wears; default: its faction's"
    )
    configuration: Literal["standard", "custom"] = Field(
        "standard",
        description="standard: the six interfaces, one a face, and a 21-point skill budget (player "
        "characters); custom: any interfaces and skills (NPCs)",
    )
    advancement: int = Field(0, description="skill points gained in play, added to the standard 21-point budget")
    faces: Annotated[list[CubitFace], Field(max_length=12)] | Annotated[str, Field(max_length=500)] = Field(
        description="its faces in die order 1..6: a list, or the compact notation (`Ai2 Ma6 At5 De4 Ta3 Mo1`)"
    )
    temporary_upgrades: Annotated[list[CubitTemporaryUpgrade], Field(max_length=24)] = Field(
        [], description="temporary upgrade items stuck on its faces"
    )
    storage: Annotated[list[CubitStorage], Field(max_length=6)] = Field(
        [], description="what its storage compartments hold, one entry a compartment"
    )
    damage: DamageState = Field(
        "undamaged", description="how hurt it is now: each hit moves it one step along the track"
    )
    player: ShortText | None = Field(None, description="who plays it")
    notes: Text = Field("", description="anything else, printed in the sheet's notes")


KINDS = {
    "cubit-interface": CubitInterface,
    "upgrade": CubitUpgrade,
    "faction": CubitFaction,
    "cubit": Cubit,
}
