"""Content models for KUBOS: characters, monsters, and the tables sheetgen reads
the rules' gaps from.

Numbers are plain integers here; their ranges are KUBOS rules, checked in
`sheetgen.rules.kubos` so that each finding has a `kubos.*` code and points at
the offending value.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from sheetgen.content.models.base import ContentModel, DocumentModel, ShortText, Text

Attribute = Literal["skill", "shoot", "strength", "sneak", "slight", "senses"]
MagicAttribute = Literal["skill", "shoot", "strength", "sneak", "slight", "senses", "defence", "unique"]
ItemType = Literal["hand-weapon", "missile-weapon", "ammunition", "ordinary"]
Name = Annotated[ShortText, Field(min_length=1)]
Names = Annotated[list[Name], Field(min_length=1, max_length=200)]


class KubosAttributes(ContentModel):
    """The six attributes; an attribute left out is 0."""

    skill: int = 0
    shoot: int = 0
    strength: int = 0
    sneak: int = 0
    slight: int = 0
    senses: int = 0


class KubosArmour(ContentModel):
    name: Name
    dv: int


class KubosItem(ContentModel):
    """An item written out in full, when its name alone does not say what it is."""

    name: Name
    types: list[ItemType] = Field([], description="what it serves as; default: guessed from the name")
    count: int | None = Field(
        None, description="how many items it weighs; default 1 (2 for a missile weapon with its ammunition)"
    )


class KubosMagicItem(ContentModel):
    """A magic item: the table it came from and the attribute it is tied to
    (`unique` for the equipment table's 6, which sheetgen reads as a unique item)."""

    table: Literal["equipment", "arms-armour"]
    attribute: MagicAttribute
    name: ShortText | None = None
    note: ShortText | None = None


class KubosCharacter(DocumentModel):
    """A KUBOS player character."""

    kind: Literal["kubos-character"]
    name: Name
    player: ShortText | None = None
    race: ShortText | None = None
    profession: ShortText | None = None
    gender: ShortText | None = None
    age: ShortText | None = None
    height: ShortText | None = None
    weight: ShortText | None = None
    attributes: KubosAttributes
    hp: int = Field(description="normal (maximum) hit points")
    hp_current: int | None = Field(None, description="default: hp")
    fate_points: int
    armour: KubosArmour | None = None
    items: Annotated[list[Name | KubosItem], Field(max_length=200)] = []
    coins: int = 0
    magic_items: Annotated[list[KubosMagicItem], Field(max_length=50)] = []
    adventures: int = Field(
        0, description="adventures completed; 0 = a new character, who should carry the starting kit"
    )
    background: Text | None = None
    notes: Text | None = None


class KubosTreasure(ContentModel):
    coins: int | None = Field(default=None, description="default: HP × 10")
    magic_items: Annotated[list[KubosMagicItem], Field(max_length=20)] = []


class KubosMonster(DocumentModel):
    """A KUBOS monster; what is left out follows from its type by the rules."""

    kind: Literal["kubos-monster"]
    name: Name
    type: Literal["humanoid", "vermin", "undead", "dragon"]
    rank: Literal["grunt", "captain", "commander"] | None = Field(None, description="humanoids only")
    size: Literal["small", "normal", "large"] | None = Field(None, description="humanoids only; default normal")
    undead_type: Literal["skeleton", "ghoul", "zombie"] | None = Field(None, description="undead only")
    attributes: KubosAttributes | None = Field(None, description="default: fixed by the type (not for humanoids)")
    defence: int | None = Field(None, description="default: by type and rank")
    hp: int | None = Field(None, description="rolled; the undead always have 1")
    poisonous: bool | None = Field(None, description="vermin: rolled (half are); ghouls always are")
    treasure: KubosTreasure = KubosTreasure()
    special_rules: Annotated[list[Text], Field(max_length=20)] = Field([], description="extra rules, as written")
    notes: Text | None = None
    order: Annotated[int, Field(ge=-1000, le=1000)] = Field(
        0, description="where its stat block and card come: lower first; the same order keeps the files' order"
    )


# --- the tables sheetgen reads the rules' gaps from ---------------------------------

Decision = Literal[
    "coin_rounding",
    "magic_item_weight",
    "group_treasure",
    "unique_items",
    "item_words",
    "monster_names",
    # readings built into the rules module (`sheetgen.rules.kubos.core`), listed so that they are known
    "equipment_six",
    "magic_arms_armour",
    "ten_hp_monsters",
]


class KubosCarrying(ContentModel):
    coin_rounding: Literal["down", "up"] = Field(description="part-hundreds of coins: free (down) or a whole item (up)")
    magic_item_weight: int = Field(description="items each magic item a character owns weighs")


class KubosItemWords(ContentModel):
    """Words that tell what an item is from its name (`Short sword` is a hand weapon)."""

    hand_weapon: Names
    missile_weapon: Names
    ammunition: Names
    weapon_prefixes: Annotated[list[Name], Field(max_length=200)] = Field(
        [],
        description="words a weapon word is closed up with in a weapon's name: `great` makes "
        "`Greatsword` a hand weapon as `Great sword` is; default none",
    )


class KubosHumanoidNames(ContentModel):
    small: Names
    normal: Names
    large: Names


class KubosMonsterNames(ContentModel):
    humanoid: KubosHumanoidNames
    vermin: Names
    dragon: Names


class KubosCharacterTables(ContentModel):
    """What `sheetgen new kubos-character` draws from (the rules leave all of it open)."""

    names: Names
    races: Names
    professions: Names
    hand_weapons: Names
    missile_weapons: Names = Field(description="each with its ammunition, e.g. `Bow and arrows`")
    ordinary_items: Names


class KubosTables(DocumentModel):
    """Data the KUBOS rules leave open, with a note on each reconstructed choice."""

    kind: Literal["kubos-tables"]
    title: ShortText
    reconstructed: dict[Decision, Text] = Field({}, description="decision → why sheetgen reads the rules this way")
    carrying: KubosCarrying
    group_treasure: Literal["toughest", "first"] = Field(description="who holds a group's magic item")
    unique_items: Names
    item_words: KubosItemWords
    monster_names: KubosMonsterNames
    characters: KubosCharacterTables | None = Field(None, description="for the character generator")


KINDS = {
    "kubos-tables": KubosTables,
    "kubos-character": KubosCharacter,
    "kubos-monster": KubosMonster,
}
