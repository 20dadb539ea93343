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

    name: Entry
    permanent: bool = False


class TricubeCharacter(DocumentModel):
    """A player character (or a detailed NPC): an archetype, perks, quirks and tokens.

    `karma` and `resolve` are the maximums (the tokens the character has between
    sessions); `current_karma` and `current_resolve` are what is left right now, and
    default to the maximums.
    """

    kind: Literal["tricube-character"]
    name: Name
    trait: Trait
    concept: Entry
    combat_style: CombatStyle
    perks: Annotated[list[Entry], Field(max_length=12)] = []
    quirks: Annotated[list[Entry], Field(max_length=12)] = []
    karma: int = Field(description="karma tokens the character has between sessions (its maximum now)")
    resolve: int = Field(description="resolve tokens the character has between sessions (its maximum now)")
    current_karma: int | None = Field(None, description="karma left right now (default: `karma`)")
    current_resolve: int | None = Field(None, description="resolve left right now (default: `resolve`)")
    afflictions: Annotated[list[Entry | Affliction], Field(max_length=12)] = []
    advances: Annotated[list[Entry], Field(max_length=40)] = []
    player: ShortText | None = None
    notes: Text = ""


class TricubeFoe(DocumentModel):
    """A foe or any challenge that needs effort: a difficulty and effort tokens."""

    kind: Literal["tricube-foe"]
    name: Name
    type: Literal["foe", "challenge"] = Field(
        "foe",
        description="foe: fights back and falls; challenge: an obstacle (a locked door, a storm) overcome with effort",
    )
    difficulty: int = Field(description="4 easy, 5 standard, 6 hard: the roll each die must meet")
    effort: int = Field(description="effort tokens: successes needed to overcome it")
    notes: Text = ""


class CharacterLimits(ContentModel):
    """The numbers that bound a character. The retirement threshold (`max_afflictions`)
    is in the Tricube Tales rules section; the rules section leaves the others out, and
    their defaults are the full game's values. A `tricube-rules` document may state them
    (and change them for a campaign)."""

    starting_karma: Annotated[int, Field(ge=0, le=10)] = 3
    starting_resolve: Annotated[int, Field(ge=1, le=10)] = 3
    max_karma: Annotated[int, Field(ge=1, le=10)] = 6
    max_resolve: Annotated[int, Field(ge=1, le=10)] = 6
    advances_per_raise: Annotated[int, Field(ge=1, le=10)] = 2
    starting_perks: Annotated[int, Field(ge=0, le=5)] = 1
    starting_quirks: Annotated[int, Field(ge=0, le=5)] = 1
    max_afflictions: Annotated[int, Field(ge=1, le=5)] = 3  # a line each on a Letter sheet


class TricubeRules(DocumentModel, CharacterLimits):
    """The character limits a campaign plays with (one such document per project)."""

    kind: Literal["tricube-rules"]
    title: ShortText = "Tricube Tales"
    reconstructed: Text = ""  # where the values come from, when the rulebook lacks them


class TableEntry(ContentModel):
    """One row of a generator table: its text, the genres it fits (none: every genre),
    for concepts the traits and combat style it suits, and for foes and challenges a line
    that describes it (written in a generated foe's notes)."""

    text: Entry
    description: Annotated[str, Field(max_length=300)] = ""
    genres: Annotated[list[Slug], Field(max_length=12)] = []
    traits: Annotated[list[Trait], Field(max_length=3)] = []
    combat_style: CombatStyle | None = None


class TricubeTable(DocumentModel):
    """A table the generators draw from: `concepts`, `perks`, `quirks`, `names` (characters);
    `foes`, `challenges`, `tactics`, `twists` (foes and challenges)."""

    kind: Literal["tricube-table"]
    title: ShortText
    reconstructed: Text = ""
    entries: Annotated[list[TableEntry], Field(min_length=1, max_length=1000)]


#: Models built as plain records besides the kinds' (`sheetgen.content.shapes`).
PLAIN_MODELS = (CharacterLimits,)

KINDS = {
    "tricube-rules": TricubeRules,
    "tricube-character": TricubeCharacter,
    "tricube-foe": TricubeFoe,
    "tricube-table": TricubeTable,
}
