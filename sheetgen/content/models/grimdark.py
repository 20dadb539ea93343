"""Content models for Grimdark Future – Cubes: units, armies, the special-rule
glossary and missions on the square grid.

Field names of `grimdark-unit` are a public contract (DESIGN.md). The models fix the
shape; the numbers the rules bound (quality 2–6, ranges, ratings, points) are checked
in `sheetgen.rules.grimdark`, where each finding is located at its value.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, WithJsonSchema

from sheetgen.content.checks import RANGE_PATTERN
from sheetgen.content.models.base import ContentModel, DocumentModel, Length, ShortText, Slug, Text

Name = Annotated[str, Field(min_length=1, max_length=120)]
RuleName = Annotated[str, Field(min_length=1, max_length=80)]
RangeValue = Annotated[
    Annotated[str, Field(min_length=1, max_length=20)] | int | float,
    WithJsonSchema(
        {"anyOf": [{"type": "string", "pattern": RANGE_PATTERN, "examples": ["24in", "8sq"]}, {"const": 0}]}
    ),
]


class Weapon(ContentModel):
    """A weapon: a range in inches (`24in`) or squares (`8sq`), none (or 0) for melee;
    attacks; and its rules (`AP(1)`)."""

    name: Name = Field(description="the weapon's name (`Rifle`)")
    range: RangeValue | None = Field(
        None, description="its range in inches (`24in`) or squares (`8sq`), printed in squares; none (or 0): melee"
    )
    attacks: int = Field(1, description="attacks each model makes with it")
    count: int = Field(
        1,
        description="how many of the unit's models carry it; a unit of one model may carry it more than once",
    )
    rules: Annotated[list[RuleName], Field(max_length=20)] = Field(
        [], description="its special rules, with a rating in brackets (`AP(1)`, `Blast(3)`)"
    )


class GrimdarkUnit(DocumentModel):
    """One unit profile: `Name [size]`, Quality and Defense (4 means 4+), points,
    special rules and weapons. `footprint: 4` marks units so large they occupy and
    block four squares at once."""

    kind: Literal["grimdark-unit"] = Field(description="what the document is: always `grimdark-unit`")
    name: Name = Field(description="the unit's name (`Assault Squad`)")
    size: int = Field(1, description="models in the unit, printed as `Name [size]`")
    quality: int = Field(description="the roll to hit and to pass tests: 4 means 4+ (2 to 6)")
    defense: int = Field(description="the roll to block a hit: 4 means 4+ (2 to 6)")
    cost: int = Field(description="points for the whole unit")
    special_rules: Annotated[list[RuleName], Field(max_length=40)] = Field(
        [], description="the unit's special rules, with a rating in brackets (`Fast`, `Tough(3)`)"
    )
    weapons: Annotated[list[Weapon], Field(max_length=30)] = Field(
        [], description="its weapons, as its card lists them"
    )
    footprint: Literal[1, 4] = Field(1, description="squares one model fills: 4 for the largest models (2 × 2)")
    notes: Text = Field("", description="notes of your own (not printed)")


class ArmyEntry(ContentModel):
    """A unit in an army: the unit's id, how many times it is taken, and the heroes
    (unit ids) joined to it."""

    unit: Slug = Field(description="the unit's id")
    count: int = Field(1, description="how many times the army takes the unit")
    heroes: Annotated[list[Slug], Field(max_length=4)] = Field(
        [], description="the ids of the heroes joined to it (only with `count: 1`)"
    )


class GrimdarkArmy(DocumentModel):
    """An army list: a name, a points limit and its units by id."""

    kind: Literal["grimdark-army"] = Field(description="what the document is: always `grimdark-army`")
    name: Name = Field(description="the army's name, on its roster and cards")
    points_limit: int = Field(description="the most points its units may cost together")
    faction: ShortText | None = Field(None, description="the army's faction, printed under its name on the roster")
    units: Annotated[list[ArmyEntry], Field(min_length=1, max_length=100)] = Field(
        description="its units, in the order the roster lists them"
    )
    notes: Text = Field("", description="notes of your own (not printed)")


class RuleEntry(ContentModel):
    """One special rule in the glossary: `rating: true` for rules written `Name(X)`;
    `short` is the one line a unit card prints (`{X}` stands for the rating), `text`
    the full wording for the glossary cards. `reconstructed` says what of the rule is
    sheetgen's own where the rulebook is silent; cards mark such rules."""

    name: RuleName = Field(description="the rule's name, without its rating (`Tough`)")
    rating: bool = Field(False, description="the rule takes a rating: written `Name(X)`")
    short: ShortText = Field(description="the one line a unit card prints; `{X}` stands for the rating")
    text: Text = Field("", description="the full wording, for the glossary cards; default: `short`")
    weapon: bool = Field(False, description="a rule that weapons carry (AP, Blast), not units")
    reconstructed: ShortText | None = Field(
        None, description="what of the rule is sheetgen's own where the rulebook is silent; cards mark it"
    )


class HeroJoining(ContentModel):
    """How a hero joins a unit: how many heroes one unit takes and the fewest models of a
    unit a hero may join (heroes never join heroes). `reconstructed` says why, where the
    rulebook is silent."""

    heroes_per_unit: int = Field(default=1, ge=1, description="how many heroes one unit may take")
    min_unit_size: int = Field(default=2, ge=1, description="the fewest models a unit has for a hero to join it")
    reconstructed: ShortText | None = Field(
        default=None, description="why, where the rulebook is silent; said in the messages that apply these numbers"
    )


class GrimdarkRules(DocumentModel):
    """The special-rule glossary, in sheetgen's own words for the square grid."""

    kind: Literal["grimdark-rules"] = Field(description="what the document is: always `grimdark-rules`")
    title: ShortText | None = Field(None, description="a name for the glossary")
    rules: Annotated[list[RuleEntry], Field(min_length=1, max_length=200)] = Field(
        description="the special rules, each once"
    )
    joining: HeroJoining | None = Field(
        None, description="how heroes join units; default: one hero, units of 2 or more"
    )


class Grid(ContentModel):
    columns: int = Field(default=12, description="squares across, 4 to 36")
    rows: int = Field(default=12, description="squares from top to bottom, 4 to 36")


class GrimdarkMission(DocumentModel):
    """A mission: the battlefield grid, the depth of the two deployment zones (rows
    along the top and bottom edges; 0 for none), and objective markers on square
    corners (`[x, y]`: grid lines counted from the top-left corner). Its mat prints
    at true size; one without zones or markers is a plain battlefield."""

    kind: Literal["grimdark-mission"] = Field(description="what the document is: always `grimdark-mission`")
    name: Name = Field(description="the mission's name, on its mat")
    grid: Grid = Field(Grid(), description="the battlefield's size in squares")
    square: Length | None = Field(None, description="the side of a square on the mat; default 3in")
    deployment_depth: int = Field(
        2, description="rows deep each deployment zone is, along the top and bottom edges; 0: none"
    )
    objectives: Annotated[list[Annotated[list[int], Field(min_length=2, max_length=2)]], Field(max_length=12)] = Field(
        [], description="objective markers as `[x, y]`: grid lines counted from the top-left corner"
    )
    rounds: int = Field(4, description="how many rounds the mission lasts")
    text: Text = Field("", description="the mission's briefing or special rules, in your words (not printed)")


KINDS = {
    "grimdark-rules": GrimdarkRules,
    "grimdark-unit": GrimdarkUnit,
    "grimdark-army": GrimdarkArmy,
    "grimdark-mission": GrimdarkMission,
}
