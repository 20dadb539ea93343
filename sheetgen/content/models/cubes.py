"""Content models for CUBES!: a player's civilization and the table of one game.

Field names of `cubes-civilization` are a public contract (DESIGN.md). The models fix
the shape; the numbers the rules bound (the starting Census, the size of a game) are
checked in `sheetgen.rules.cubes`, where each finding is located at its value.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from sheetgen.content.models.base import Color, DocumentModel, ShortText, Slug, Text

Name = Annotated[str, Field(min_length=1, max_length=120)]


class CubesCivilization(DocumentModel):
    """One player's civilization. `census_start` is how many of the 30 starting cubes
    go to the Census Pool before the game begins; the rest start in Civilization.
    `color` is the colour the player plays (their embassy cubes)."""

    kind: Literal["cubes-civilization"] = Field(description="what the document is: always `cubes-civilization`")
    player: Name = Field(description="the player's name")
    name: Name | None = Field(None, description="the civilization's name")
    color: Color | None = Field(
        None, description="the colour the player plays (their embassy cubes); a `cubes-game` needs it"
    )
    census_start: int = Field(
        0, description="starting cubes put in the Census Pool before the game, 0 to 10; the rest start in Civilization"
    )
    notes: Text = Field("", description="notes of your own (not printed)")


class CubesGame(DocumentModel):
    """The civilizations at one table, by id: one build prints every player's kit."""

    kind: Literal["cubes-game"] = Field(description="what the document is: always `cubes-game`")
    title: ShortText | None = Field(None, description="the game's name, printed on each player's sheets")
    civilizations: Annotated[list[Slug], Field(min_length=1, max_length=24)] = Field(
        description="the ids of the civilizations at the table, each in its own colour"
    )
    notes: Text = Field("", description="notes of your own (not printed)")


KINDS = {
    "cubes-civilization": CubesCivilization,
    "cubes-game": CubesGame,
}
