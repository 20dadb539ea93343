"""What a Tricube Tales character sheet shows: a character's values, or a blank."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheetgen.layout.context import Source
from sheetgen.layout.sheets.tricube.common import element_id
from sheetgen.rules.tricube.values import CharacterValues, DiceRow, Raises, Tokens

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
    dice: tuple[DiceRow, ...] = ()
    raises: Raises | None = None
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
    def of_character(cls, c: TricubeCharacter, derived: CharacterValues, doc: tuple[str, str]) -> SheetValues:
        """A character's values, with what the rules derived (dice, tokens, limits)."""
        return cls(
            limits=derived.limits.record(),
            karma=derived.karma,
            resolve=derived.resolve,
            name=c.name,
            player=c.player or "",
            trait=c.trait,
            concept=c.concept,
            combat_style=c.combat_style,
            perks=tuple(c.perks),
            quirks=tuple(c.quirks),
            afflictions=derived.afflictions,
            permanent=frozenset(derived.permanent_afflictions),
            advances=tuple(c.advances),
            notes=c.notes,
            dice=derived.dice,
            raises=derived.raises,
            retired=derived.retired,
            doc=doc,
        )

    @classmethod
    def blank(cls, limits: CharacterLimits) -> SheetValues:
        """Nothing filled in; every writing place a form field."""
        return cls(
            limits=limits,
            karma=Tokens(maximum=limits.starting_karma, current=0, limit=limits.max_karma),
            resolve=Tokens(maximum=limits.starting_resolve, current=0, limit=limits.max_resolve),
            fillable=True,
        )
