"""What the Tricube Tales rules hand layout: one frozen record per checked document.

Field names are the keys `sheetgen show` prints (the records serialize to the same JSON
the rules' dictionaries did).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, cast

from sheetgen.content import plain

if TYPE_CHECKING:
    from sheetgen.content.models.tricube import CharacterLimits


@dataclass(frozen=True, slots=True)
class CampaignLimits:
    """The numbers that bound a character (`CharacterLimits`), as the campaign sets them."""

    starting_karma: int
    starting_resolve: int
    max_karma: int
    max_resolve: int
    advances_per_raise: int
    starting_perks: int
    starting_quirks: int
    max_afflictions: int

    @classmethod
    def of(cls, limits: object) -> CampaignLimits:
        """From anything with the limits' fields: the model, its record, a `tricube-rules`."""
        return cls(**{name: getattr(limits, name) for name in plain.record_class("CharacterLimits")._fields})

    def record(self) -> CharacterLimits:
        """The limits as the content model's record."""
        return cast("CharacterLimits", plain.make("CharacterLimits", **asdict(self)))


@dataclass(frozen=True, slots=True)
class DiceRow:
    """A kind of challenge: what it covers and the dice rolled within and outside the concept."""

    challenge: str
    covers: str
    dice: int
    outside_concept: int


@dataclass(frozen=True, slots=True)
class Tokens:
    """A token pool: its maximum, how many the character has now, and the most any
    character may reach."""

    maximum: int
    current: int
    limit: int


@dataclass(frozen=True, slots=True)
class Raises:
    """Karma and resolve raised above the start, and the raises the advances pay for."""

    used: int
    allowed: int


@dataclass(frozen=True, slots=True)
class CharacterValues:
    dice: tuple[DiceRow, ...]
    karma: Tokens
    resolve: Tokens
    raises: Raises | None  # None where karma or resolve is out of range
    afflictions: tuple[str, ...]
    permanent_afflictions: tuple[int, ...]  # indices into `afflictions`
    retired: bool
    limits: CampaignLimits


@dataclass(frozen=True, slots=True)
class FoeValues:
    difficulty_name: str
    effort: int  # the effort tokens a card draws


@dataclass(frozen=True, slots=True)
class TableValues:
    entries: int
    genres: tuple[str, ...]
