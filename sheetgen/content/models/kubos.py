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

    skill: int = Field(0, description="SKILL: hand-to-hand fighting prowess")
    shoot: int = Field(0, description="SHOOT: accuracy with missile weapons")
    strength: int = Field(0, description="STRENGTH: muscular power and physical toughness")
    sneak: int = Field(0, description="SNEAK: agility, balance and grace")
    slight: int = Field(0, description="SLIGHT: dexterity and hand/eye coordination")
    senses: int = Field(0, description="SENSES: awareness, instinct and reactive speed")


class KubosArmour(ContentModel):
    name: Name = Field(description="what the armour is (`Padded jacket`)")
    dv: int = Field(description="its DEFENCE value (DV), 0 to 4; each point weighs 3 items")


class KubosItem(ContentModel):
    """An item written out in full, when its name alone does not say what it is."""

    name: Name = Field(description="the item's name, as the sheet prints it")
    types: list[ItemType] = Field([], description="what it serves as; default: guessed from the name")
    count: int | None = Field(
        None, description="how many items it weighs; default 1 (2 for a missile weapon with its ammunition)"
    )


class KubosMagicItem(ContentModel):
    """A magic item: the table it came from and the attribute it is tied to
    (`unique` for the equipment table's 6, which sheetgen reads as a unique item)."""

    table: Literal["equipment", "arms-armour"] = Field(description="the table it was rolled on")
    attribute: MagicAttribute = Field(
        description="the attribute it is tied to (the table's roll); `unique` for the equipment table's 6"
    )
    name: ShortText | None = Field(None, description="its name; default: what it is (`Magic equipment (SNEAK)`)")
    note: ShortText | None = Field(None, description="words printed after what it does")


class KubosCharacter(DocumentModel):
    """A KUBOS player character."""

    kind: Literal["kubos-character"] = Field(description="what the document is: always `kubos-character`")
    name: Name = Field(description="the character's name")
    player: ShortText | None = Field(None, description="who plays the character")
    race: ShortText | None = Field(None, description="the character's race (`Halfling`)")
    profession: ShortText | None = Field(None, description="the character's class or trade (`Thief`)")
    gender: ShortText | None = Field(None, description="printed as written")
    age: ShortText | None = Field(None, description="printed as written (`31`, `young`)")
    height: ShortText | None = Field(None, description="printed as written, with its unit (`5 ft 2 in`)")
    weight: ShortText | None = Field(None, description="printed as written, with its unit (`9 st`)")
    attributes: KubosAttributes = Field(description="the six attributes; a new character shares 6 points, 0 to 3 each")
    hp: int = Field(description="normal (maximum) hit points")
    hp_current: int | None = Field(None, description="hit points it has now; default: hp")
    fate_points: int = Field(description="fate points (FP) it has now; a new character has 6")
    armour: KubosArmour | None = Field(None, description="the armour it wears; none: DEFENCE 0")
    items: Annotated[list[Name | KubosItem], Field(max_length=200)] = Field(
        [], description="what it carries: names (`Short sword`), or items written out where a name does not say"
    )
    coins: int = Field(0, description="coins it carries; 100 weigh as much as one item")
    magic_items: Annotated[list[KubosMagicItem], Field(max_length=50)] = Field(
        [], description="magic items it owns; each weighs as many items as the tables' `carrying` says"
    )
    adventures: int = Field(
        0, description="adventures completed; 0 = a new character, who should carry the starting kit"
    )
    background: Text | None = Field(None, description="who the character is: printed under Background and notes")
    notes: Text | None = Field(None, description="anything else: printed under Background and notes")


class KubosTreasure(ContentModel):
    coins: int | None = Field(default=None, description="coins it holds; default: HP × 10")
    magic_items: Annotated[list[KubosMagicItem], Field(max_length=20)] = Field(
        default=[], description="magic items it holds (the rules give one on a roll of 6)"
    )


class KubosMonster(DocumentModel):
    """A KUBOS monster; what is left out follows from its type by the rules."""

    kind: Literal["kubos-monster"] = Field(description="what the document is: always `kubos-monster`")
    name: Name = Field(description="the monster's name (`Orc captain`)")
    type: Literal["humanoid", "vermin", "undead", "dragon"] = Field(
        description="what it is: the rules fix much of the rest from it"
    )
    rank: Literal["grunt", "captain", "commander"] | None = Field(None, description="humanoids only")
    size: Literal["small", "normal", "large"] | None = Field(None, description="humanoids only; default normal")
    undead_type: Literal["skeleton", "ghoul", "zombie"] | None = Field(None, description="undead only")
    attributes: KubosAttributes | None = Field(None, description="default: fixed by the type (not for humanoids)")
    defence: int | None = Field(None, description="default: by type and rank")
    hp: int | None = Field(None, description="rolled; the undead always have 1")
    poisonous: bool | None = Field(None, description="vermin: rolled (half are); ghouls always are")
    treasure: KubosTreasure = Field(KubosTreasure(), description="the coins and magic items it has")
    special_rules: Annotated[list[Text], Field(max_length=20)] = Field([], description="extra rules, as written")
    notes: Text | None = Field(None, description="anything else, printed at the foot of its stat block")
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

    hand_weapon: Names = Field(description="words that make an item a hand weapon (`sword`, `axe`)")
    missile_weapon: Names = Field(description="words that make an item a missile weapon (`bow`, `sling`)")
    ammunition: Names = Field(description="words that make an item ammunition (`arrow`, `bolt`)")
    weapon_prefixes: Annotated[list[Name], Field(max_length=200)] = Field(
        [],
        description="words a weapon word is closed up with in a weapon's name: `great` makes "
        "`Greatsword` a hand weapon as `Great sword` is; default none",
    )


class KubosHumanoidNames(ContentModel):
    small: Names = Field(description="races of small humanoids; the rank follows (`Goblin grunt`)")
    normal: Names = Field(description="races of normal-sized humanoids (`Orc`)")
    large: Names = Field(description="races of large humanoids (`Ogre`)")


class KubosMonsterNames(ContentModel):
    humanoid: KubosHumanoidNames = Field(description="humanoid races, by size")
    vermin: Names = Field(description="names of vermin (`Giant spider`)")
    dragon: Names = Field(description="names of dragons (`Red dragon`)")


class KubosCharacterTables(ContentModel):
    """What `sheetgen new kubos-character` draws from (the rules leave all of it open)."""

    names: Names = Field(description="characters' names")
    races: Names = Field(description="races (`Dwarf`)")
    professions: Names = Field(description="classes and trades (`Hunter`)")
    hand_weapons: Names = Field(description="starting hand weapons")
    missile_weapons: Names = Field(description="starting missile weapons, each with its ammunition (`Bow and arrows`)")
    ordinary_items: Names = Field(
        description="ordinary but useful items, two of which a character starts with (`Rope`)"
    )


class KubosTables(DocumentModel):
    """Data the KUBOS rules leave open, with a note on each reconstructed choice."""

    kind: Literal["kubos-tables"] = Field(description="what the document is: always `kubos-tables`")
    title: ShortText = Field(description="a name for the tables")
    reconstructed: dict[Decision, Text] = Field({}, description="decision → why sheetgen reads the rules this way")
    carrying: KubosCarrying = Field(description="what coins and magic items weigh")
    group_treasure: Literal["toughest", "first"] = Field(description="who holds a group's magic item")
    unique_items: Names = Field(
        description="unique magic items the monster generator gives for the equipment table's 6"
    )
    item_words: KubosItemWords = Field(description="words that tell what an item is from its name")
    monster_names: KubosMonsterNames = Field(description="names the monster generator draws from")
    characters: KubosCharacterTables | None = Field(None, description="for the character generator")


KINDS = {
    "kubos-tables": KubosTables,
    "kubos-character": KubosCharacter,
    "kubos-monster": KubosMonster,
}
