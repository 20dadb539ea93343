"""What a Tricube Tales character sheet shows: a character's values, or a blank."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheetgen.content import plain
from sheetgen.layout.context import Source
from sheetgen.layout.sheets.tricube.common import Tokens, element_id

if TYPE_CHECKING:
    from sheetgen.content.models.tricube import CharacterLimits, TricubeCharacter


@dataclass(frozen=True)
class SheetValues:
    """What one sheet shows; a blank sheet has empty values and no dice."""

    limits: CharacterLimits
    karma: Tokens
    resolve: Tokens
    name: str = ""
    player: str = ""
    trait: str = ""
    concept: str = ""
    combat_style: str = ""
    perks: tuple[str, ...] = ()
    quirks: tuple[str, ...] = ()
    afflictions: tuple[str, ...] = ()
    permanent: frozenset[int] = frozenset()
    advances: tuple[str, ...] = ()
    notes: str = ""
    dice: tuple[dict, ...] = ()
    raises: dict | None = None
    retired: bool = False
    doc: tuple[str, str] | None = None
    fillable: bool = False

    def source(self, *path) -> Source | None:
        """Where a value came from, so text that does not fit is reported at its line."""
        return Source(self.doc, tuple(path)) if self.doc else None

    def element_id(self, part: str) -> str:
        """A group id for a part of this sheet (`brann-karma`; `karma` on a blank)."""
        return element_id(self.doc[1] if self.doc else None, part)

    @classmethod
    def of_character(cls, c: TricubeCharacter, derived: dict, doc: tuple[str, str]) -> SheetValues:
        """A character's values, with what the rules derived (dice, tokens, limits)."""
        return cls(
            limits=plain.make("CharacterLimits", **derived["limits"]),
            karma=Tokens.from_derived(derived["karma"]),
            resolve=Tokens.from_derived(derived["resolve"]),
            name=c.name,
            player=c.player or "",
            trait=c.trait,
            concept=c.concept,
            combat_style=c.combat_style,
            perks=tuple(c.perks),
            quirks=tuple(c.quirks),
            afflictions=tuple(derived["afflictions"]),
            permanent=frozenset(derived["permanent_afflictions"]),
            advances=tuple(c.advances),
            notes=c.notes,
            dice=tuple(derived["dice"]),
            raises=derived["raises"],
            retired=derived["retired"],
            doc=doc,
        )

    @classmethod
    def blank(cls, limits: CharacterLimits) -> SheetValues:
        """Nothing filled in; every writing place a form field."""
        return cls(
            limits=limits,
            karma=Tokens(0, limits.starting_karma, limits.max_karma),
            resolve=Tokens(0, limits.starting_resolve, limits.max_resolve),
            fillable=True,
        )
