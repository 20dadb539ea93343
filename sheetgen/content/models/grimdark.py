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

    name: Name
    range: RangeValue | None = None
    attacks: int = 1
    count: int = 1  # how many of the unit's models carry it; a unit of one model may carry it more than once
    rules: Annotated[list[RuleName], Field(max_length=20)] = []


class GrimdarkUnit(DocumentModel):
    """One unit profile: `Name [size]`, Quality and Defense (4 means 4+), points,
    special rules and weapons. `footprint: 4` marks units so large they occupy and
    block four squares at once."""

    kind: Literal["grimdark-unit"]
    name: Name
    size: int = Field(1, description="models in the unit, printed as `Name [size]`")
    quality: int = Field(description="the roll to hit and to pass tests: 4 means 4+ (2 to 6)")
    defense: int = Field(description="the roll to block a hit: 4 means 4+ (2 to 6)")
    cost: int = Field(description="points for the whole unit")
    special_rules: Annotated[list[RuleName], Field(max_length=40)] = []
    weapons: Annotated[list[Weapon], Field(max_length=30)] = []
    footprint: Literal[1, 4] = Field(1, description="squares one model fills: 4 for the largest models (2 × 2)")
    notes: Text = ""


class ArmyEntry(ContentModel):
    """A unit in an army: the unit's id, how many times it is taken, and the heroes
    (unit ids) joined to it."""

    unit: Slug
    count: int = 1
    heroes: Annotated[list[Slug], Field(max_length=4)] = []


class GrimdarkArmy(DocumentModel):
    """An army list: a name, a points limit and its units by id."""

    kind: Literal["grimdark-army"]
    name: Name
    points_limit: int
    faction: ShortText | None = None
    units: Annotated[list[ArmyEntry], Field(min_length=1, max_length=100)]
    notes: Text = ""


class RuleEntry(ContentModel):
    """One special rule in the glossary: `rating: true` for rules written `Name(X)`;
    `short` is the one line a unit card prints (`{X}` stands for the rating), `text`
    the full wording for the glossary cards. `reconstructed` says what of the rule is
    sheetgen's own where the rulebook is silent; cards mark such rules."""

    name: RuleName
    rating: bool = False
    short: ShortText
    text: Text = ""
    weapon: bool = False  # a rule that weapons carry (AP, Blast)
    reconstructed: ShortText | None = None


class HeroJoining(ContentModel):
    """How a hero joins a unit: how many heroes one unit takes and the fewest models of a
    unit a hero may join (heroes never join heroes). `reconstructed` says why, where the
    rulebook is silent."""

    heroes_per_unit: int = Field(1, ge=1)
    min_unit_size: int = Field(2, ge=1)
    reconstructed: ShortText | None = None


class GrimdarkRules(DocumentModel):
    """The special-rule glossary, in sheetgen's own words for the square grid."""

    kind: Literal["grimdark-rules"]
    title: ShortText | None = None
    rules: Annotated[list[RuleEntry], Field(min_length=1, max_length=200)]
    joining: HeroJoining | None = None


class Grid(ContentModel):
    columns: int = 12
    rows: int = 12


class GrimdarkMission(DocumentModel):
    """A mission: the battlefield grid, the depth of the two deployment zones (rows
    along the top and bottom edges; 0 for none), and objective markers on square
    corners (`[x, y]`: grid lines counted from the top-left corner). Its mat prints
    at true size; one without zones or markers is a plain battlefield."""

    kind: Literal["grimdark-mission"]
    name: Name
    grid: Grid = Grid()
    square: Length | None = None  # the side of a square on the mat; default 3in
    deployment_depth: int = 2
    objectives: Annotated[list[Annotated[list[int], Field(min_length=2, max_length=2)]], Field(max_length=12)] = []
    rounds: int = 4
    text: Text = ""


KINDS = {
    "grimdark-rules": GrimdarkRules,
    "grimdark-unit": GrimdarkUnit,
    "grimdark-army": GrimdarkArmy,
    "grimdark-mission": GrimdarkMission,
}
