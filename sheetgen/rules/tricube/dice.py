"""How many dice a Tricube Tales character rolls, and what the difficulties are called.

From the rulebook: a character rolls 3 dice for challenges in their trait's field
(and for their combat style), 2 dice otherwise, and one die less when the challenge
needs knowledge outside their concept and perks.
"""

from __future__ import annotations

from sheetgen.content.checks import COMBAT_STYLES, TRAITS
from sheetgen.rules.tricube.values import DiceRow

DICE_IN_FIELD = 3
DICE_OTHERWISE = 2
OUTSIDE_CONCEPT = 1  # dice lost when a challenge falls outside the concept
MIN_DICE = DICE_OTHERWISE - OUTSIDE_CONCEPT
MAX_DICE = DICE_IN_FIELD

DIFFICULTIES = {4: "easy", 5: "standard", 6: "hard"}

# The most effort tokens sheetgen prints on a foe card (seven rows of nine on a poker
# card); the rulebook sets no limit. The layout checks the actual card's room too.
MAX_EFFORT = 63

TRAIT_FIELDS = {
    "agile": "quickness, dexterity, reflexes, stealth",
    "brawny": "strength, toughness, stamina, athletics",
    "crafty": "charisma, intellect, willpower, perception",
}
USUAL_COMBAT_STYLE = {"agile": "ranged", "brawny": "melee", "crafty": "mental"}
COMBAT_STYLE_NAMES = {
    "melee": "melee combat",
    "ranged": "ranged combat",
    "mental": "mental combat (magic, persuasion, intimidation)",
}

assert set(TRAIT_FIELDS) == set(TRAITS) == set(USUAL_COMBAT_STYLE)
assert set(COMBAT_STYLE_NAMES) == set(COMBAT_STYLES)


def dice(in_field: bool, in_concept: bool = True) -> int:
    """Dice rolled for a challenge, by whether it is the character's field and concept."""
    return (DICE_IN_FIELD if in_field else DICE_OTHERWISE) - (0 if in_concept else OUTSIDE_CONCEPT)


def dice_by_challenge(trait: str, combat_style: str) -> tuple[DiceRow, ...]:
    """One row per kind of challenge: what it covers and the dice rolled within and
    outside the character's concept."""
    rows = []
    for other in TRAITS:
        rows.append(DiceRow(other, TRAIT_FIELDS[other], dice(other == trait), dice(other == trait, in_concept=False)))
    for style in COMBAT_STYLES:
        rows.append(
            DiceRow(
                style,
                COMBAT_STYLE_NAMES[style],
                dice(style == combat_style),
                dice(style == combat_style, in_concept=False),
            )
        )
    return tuple(rows)
