"""Pure functions over unit profiles: ranges in squares, special rules with their
ratings, movement per action and how many squares a unit fills."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from sheetgen.rules.grimdark.rulebook import (
    HERO_TOUGH_DISCOUNT,
    INCHES_PER_SQUARE,
    LARGE_FOOTPRINT,
    MODELS_PER_SQUARE,
    MOVES,
    TOUGH_COUNTS_TWO,
)

_RANGE_RE = re.compile(r'^\s*(\d+(?:\.\d+)?)\s*(in|"|sq|squares?)?\s*$')
RANGE_WITHOUT_UNIT = "grimdark.range-without-unit"  # a bare number where a range is written
_RULE_RE = re.compile(r"^\s*([A-Za-z][A-Za-z' -]*?)\s*(?:\(\s*([+-]?\d+)\s*\))?\s*$")


class ProfileError(ValueError):
    """A value in a profile that cannot be read; carries a hint, and the code of the
    diagnostic where it is more precise than the caller's."""

    def __init__(self, message: str, hint: str, code: str | None = None):
        super().__init__(message)
        self.hint = hint
        self.code = code


def inches_to_squares(inches: float) -> int:
    """Inches ÷ 3, rounded half up: 4" → 1, 8" → 3, 12" → 4, 24" → 8."""
    return math.floor(Fraction(str(inches)) / INCHES_PER_SQUARE + Fraction(1, 2))


@dataclass(frozen=True, slots=True)
class Range:
    squares: int
    inches: float | None  # None when the range was given in squares


def parse_range(value: str | int | float | None) -> Range | None:
    """A weapon's range: `24in`, `24"` or `8sq`; None (or 0) is melee. A number without
    its unit (`24`, `"24"`) is an error, never read as inches: it could be either."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ProfileError(f"`{value}` is not a range", "write `24in` or `8sq`, or leave range out for melee")
    if isinstance(value, (int, float)):
        number, unit = float(value), None
    else:
        m = _RANGE_RE.match(value)
        if not m:
            raise ProfileError(
                f"`{value}` is not a range",
                'write inches (`24in` or `24"`) or squares (`8sq`); leave range out for melee',
            )
        number, unit = float(m.group(1)), m.group(2)
    if number < 0:
        raise ProfileError(f"`{value}` is a negative range", "write a range of 0 or more")
    if number == 0:
        return None
    if unit is None:
        raise ProfileError(
            f"`{value}` has no unit: a range is in inches or in squares, and sheetgen does not guess which",
            bare_range_hint(number),
            code=RANGE_WITHOUT_UNIT,
        )
    if unit.startswith("sq"):
        if number != int(number):
            raise ProfileError(f"`{value}` is not a whole number of squares", "write whole squares, such as `8sq`")
        return Range(int(number), None)
    inches = int(number) if number == int(number) else number
    squares = inches_to_squares(number)
    if squares == 0:
        raise ProfileError(
            f"`{value}` is less than half a square ({INCHES_PER_SQUARE}in): it would be 0 squares, "
            "a weapon that cannot shoot",
            f"write {INCHES_PER_SQUARE / 2:g}in or more (1 square), or leave range out for a melee weapon",
        )
    return Range(squares, inches)


def bare_range_hint(number: float) -> str:
    """The two ways to write a bare range's number, read as inches as list builders
    write them: `24` → write `24in` (8 squares) or `8sq`."""
    squares = inches_to_squares(number)
    if squares == 0:  # too short to be inches on the grid: squares are what is left
        return f"write squares, such as `1sq` ({INCHES_PER_SQUARE} inches), or leave range out for a melee weapon"
    plural = "" if squares == 1 else "s"
    return f"write `{number:g}in` ({squares} square{plural}) or `{squares}sq`"


@dataclass(frozen=True, slots=True)
class RuleRef:
    name: str
    rating: int | None

    @property
    def label(self) -> str:
        return self.name if self.rating is None else f"{self.name}({self.rating})"


def parse_rule(text: str) -> RuleRef:
    """`Tough(3)` → Tough rated 3; `Hero` → Hero without a rating."""
    m = _RULE_RE.match(text)
    if not m:
        raise ProfileError(
            f"`{text}` is not a special rule", "write a rule name, with its rating in brackets: `Tough(3)`"
        )
    return RuleRef(m.group(1), int(m.group(2)) if m.group(2) is not None else None)


def rating_of(rules: list[RuleRef], name: str) -> int | None:
    for r in rules:
        if r.name == name:
            return r.rating
    return None


def weapon_count_fits(count: int, size: int) -> bool:
    """Each model carries a weapon at most once, except the one model of a unit of one
    (a vehicle with two of the same gun)."""
    return count <= size or size == 1


def has(rules: list[RuleRef], name: str) -> bool:
    return any(r.name == name for r in rules)


def movement(rules: list[RuleRef]) -> dict[str, int]:
    """Squares moved per action: Hold 0, Advance 2, Rush 4, Charge 4 (Fast 3/5, Slow 1/3)."""
    fast, slow = has(rules, "Fast"), has(rules, "Slow")
    if fast and slow:
        return dict(MOVES[None])  # the two cancel out
    return dict(MOVES["Fast" if fast else "Slow" if slow else None])


@dataclass(frozen=True, slots=True)
class Occupancy:
    model_counts_as: int  # models a square counts this model as (0 when it fills the square)
    models_per_square: int
    squares: int
    square_filling: bool
    footprint: int  # squares each model (or the whole unit, for 4) occupies


def effective_tough(rules: list[RuleRef]) -> int:
    """The Tough value that counts for squares: heroes count 3 less."""
    tough = rating_of(rules, "Tough") or 0
    if has(rules, "Hero"):
        tough = max(0, tough - HERO_TOUGH_DISCOUNT)
    return tough


def occupancy(size: int, rules: list[RuleRef], footprint: int = 1) -> Occupancy:
    """At most 6 models a square; Tough(3) counts two; higher Tough fills a square on
    its own; heroes count Tough − 3; the largest units occupy 4 squares each."""
    if footprint == LARGE_FOOTPRINT:
        return Occupancy(0, 0, LARGE_FOOTPRINT * size, True, LARGE_FOOTPRINT)
    tough = effective_tough(rules)
    if tough > TOUGH_COUNTS_TWO:
        return Occupancy(0, 1, size, True, 1)
    weight = 2 if tough == TOUGH_COUNTS_TWO else 1
    per_square = MODELS_PER_SQUARE // weight
    return Occupancy(weight, per_square, math.ceil(size / per_square), False, 1)
