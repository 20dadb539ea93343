"""Content models for Tricube Tales: characters, foes, the campaign's rule values and
the tables the character generator draws from.

Field names of `tricube-character` and `tricube-foe` are a public contract (DESIGN.md).
Anything the rules stage can locate precisely (ranges, budgets) is checked there, not
here; the models only fix the shape and the closed vocabularies (traits, combat styles).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, WithJsonSchema

from sheetgen.content.checks import COMBAT_STYLES, TRAITS, OneOf
from sheetgen.content.models.base import ContentModel, DocumentModel, ShortText, Slug, Text

# Words from closed vocabularies, checked with a hint to the nearest word.
Trait = Annotated[
    str,
    AfterValidator(OneOf(TRAITS, "tricube.unknown-trait", "trait")),
    WithJsonSchema({"type": "string", "enum": list(TRAITS)}),
]
CombatStyle = Annotated[
    str,
    AfterValidator(OneOf(COMBAT_STYLES, "tricube.unknown-combat-style", "combat style")),
    WithJsonSchema({"type": "string", "enum": list(COMBAT_STYLES)}),
]
Name = Annotated[str, Field(min_length=1, max_length=120)]
Entry = Annotated[str, Field(min_length=1, max_length=200)]


class Affliction(ContentModel):
    """An affliction written out in full; a plain string is a temporary one."""

    name: Entry = Field(description="what it is (`Broken arm`)")
    permanent: bool = Field(False, description="permanent (as from a critical failure) rather than temporary")


class TricubeCharacter(DocumentModel):
    """A player character (or a detailed NPC): an archetype, perks, quirks and tokens.

    `karma` and `resolve` are the maximums (the tokens the character has between
    sessions); `current_karma` and `current_resolve` are what is left right now, and
    default to the maximums.
    """

    kind: Literal["tricube-character"] = Field(description="what the document is: always `tricube-character`")
    name: Name = Field(description="the character's name")
    trait: Trait = Field(description="agile, brawny or crafty: the challenges it rolls 3d6 for")
    concept: Entry = Field(description="what the character is, usually a profession (`Dwarven battle priest`)")
    combat_style: CombatStyle = Field(description="melee, ranged or mental: how it fights, chosen once")
    perks: Annotated[list[Entry], Field(max_length=12)] = Field(
        [], description="its special talents and abilities (`Berserker`)"
    )
    quirks: Annotated[list[Entry], Field(max_length=12)] = Field(
        [], description="its flaws, which raise a challenge's difficulty and win back karma (`Short-tempered`)"
    )
    karma: int = Field(description="karma tokens the character has between sessions (its maximum now)")
    resolve: int = Field(description="resolve tokens the character has between sessions (its maximum now)")
    current_karma: int | None = Field(None, description="karma left right now (default: `karma`)")
    current_resolve: int | None = Field(None, description="resolve left right now (default: `resolve`)")
    afflictions: Annotated[list[Entry | Affliction], Field(max_length=12)] = Field(
        [], description="harm it carries from defeats: a name (temporary) or `{name, permanent: true}`"
    )
    advances: Annotated[list[Entry], Field(max_length=40)] = Field(
        [], description="the advances it has gained, one a line (`Perk: Herb lore`, `+1 resolve`)"
    )
    player: ShortText | None = Field(None, description="who plays the character")
    notes: Text = Field("", description="anything else, printed on its sheet and cards")


class TricubeFoe(DocumentModel):
    """A foe or any challenge that needs effort: a difficulty and effort tokens."""

    kind: Literal["tricube-foe"] = Field(description="what the document is: always `tricube-foe`")
    name: Name = Field(description="the foe's or challenge's name (`Goblin archers`)")
    type: Literal["foe", "challenge"] = Field(
        "foe",
        description="foe: fights back and falls; challenge: an obstacle (a locked door, a storm) overcome with effort",
    )
    difficulty: int = Field(description="4 easy, 5 standard, 6 hard: the roll each die must meet")
    effort: int = Field(description="effort tokens: successes needed to overcome it")
    notes: Text = Field("", description="anything else, printed on its card")


class CharacterLimits(ContentModel):
    """The numbers that bound a character. The retirement threshold (`max_afflictions`)
    is in the Tricube Tales rules section; the rules section leaves the others out, and
    their defaults are the full game's values. A `tricube-rules` document may state them
    (and change them for a campaign)."""

    starting_karma: Annotated[int, Field(ge=0, le=10)] = Field(3, description="karma tokens a new character has")
    starting_resolve: Annotated[int, Field(ge=1, le=10)] = Field(3, description="resolve tokens a new character has")
    max_karma: Annotated[int, Field(ge=1, le=10)] = Field(6, description="the most karma advances can raise it to")
    max_resolve: Annotated[int, Field(ge=1, le=10)] = Field(6, description="the most resolve advances can raise it to")
    advances_per_raise: Annotated[int, Field(ge=1, le=10)] = Field(
        2, description="every how many advances one may raise karma or resolve by 1 (2: every second)"
    )
    starting_perks: Annotated[int, Field(ge=0, le=5)] = Field(1, description="perks a new character has")
    starting_quirks: Annotated[int, Field(ge=0, le=5)] = Field(1, description="quirks a new character has")
    # At most 5: a line each on a Letter sheet.
    max_afflictions: Annotated[int, Field(ge=1, le=5)] = Field(
        3, description="the most afflictions a character plays on with; one more retires it"
    )


class TricubeRules(DocumentModel, CharacterLimits):
    """The character limits a campaign plays with (one such document per project)."""

    kind: Literal["tricube-rules"] = Field(description="what the document is: always `tricube-rules`")
    title: ShortText = Field("Tricube Tales", description="a name for this set of values")
    reconstructed: Text = Field("", description="where the values come from, when the rulebook lacks them")


class TableEntry(ContentModel):
    """One row of a generator table: its text, the genres it fits (none: every genre),
    for concepts the traits and combat style it suits, and for foes and challenges a line
    that describes it (written in a generated foe's notes)."""

    text: Entry = Field(description="the entry as a character or foe gets it (`Dwarven battle priest`)")
    description: Annotated[str, Field(max_length=300)] = Field(
        "", description="foes and challenges: a line that describes it, written in a generated foe's notes"
    )
    genres: Annotated[list[Slug], Field(max_length=12)] = Field(
        [], description="the genres it fits, by id (`fantasy`); none: every genre"
    )
    traits: Annotated[list[Trait], Field(max_length=3)] = Field(
        [], description="concepts: the traits it suits; none: every trait"
    )
    combat_style: CombatStyle | None = Field(
        None, description="concepts: the combat style it suits; default: the trait's usual one"
    )


class TricubeTable(DocumentModel):
    """A table the generators draw from: `concepts`, `perks`, `quirks`, `names` (characters);
    `foes`, `challenges`, `tactics`, `twists` (foes and challenges)."""

    kind: Literal["tricube-table"] = Field(description="what the document is: always `tricube-table`")
    title: ShortText = Field(description="the table's name, as messages about it say it")
    reconstructed: Text = Field("", description="where the entries come from, when the rulebook lacks them")
    entries: Annotated[list[TableEntry], Field(min_length=1, max_length=1000)] = Field(
        description="the entries a generator draws from"
    )


#: Models built as plain records besides the kinds' (`sheetgen.content.shapes`).
PLAIN_MODELS = (CharacterLimits,)

KINDS = {
    "tricube-rules": TricubeRules,
    "tricube-character": TricubeCharacter,
    "tricube-foe": TricubeFoe,
    "tricube-table": TricubeTable,
}
