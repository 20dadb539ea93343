"""The rules reminders printed on Tricube Tales sheets and cards. Their words are in
`templates/tricube/captions.j2`; numbers that a campaign may change come from the
character limits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.layout.templates import caption
from sheetgen.rules.tricube.dice import DICE_IN_FIELD, DICE_OTHERWISE, DIFFICULTIES
from sheetgen.rules.tricube.words import every_nth, number_word

if TYPE_CHECKING:
    from sheetgen.content.models.tricube import CharacterLimits

TEMPLATE = "tricube/captions.j2"


def credit() -> str:
    """The credit line at the foot of every sheet: the game, its author, sheetgen."""
    return caption(TEMPLATE, "credit")


def card_credit() -> str:
    """The credit on a card's footer, short enough to share it with `sheetgen`."""
    return caption(TEMPLATE, "card_credit")


def difficulty_scale() -> str:
    """`4 easy · 5 standard · 6 hard`."""
    return " · ".join(f"{d} {name}" for d, name in DIFFICULTIES.items())


def dice_reminder() -> str:
    """The difficulty scale and the outcomes of a roll."""
    return caption(TEMPLATE, "dice_reminder", scale=difficulty_scale())


def notes_on_sheet() -> str:
    """On a character card with no room for the character's notes: where they are."""
    return caption(TEMPLATE, "notes_on_sheet")


def roll_reminder() -> str:
    """The outcomes of a roll, short enough for a card."""
    return caption(TEMPLATE, "roll_reminder")


def outside_concept() -> str:
    """The concept rule, short enough for a card."""
    return caption(TEMPLATE, "outside_concept")


def dice_rule() -> str:
    """How many dice a character rolls."""
    return caption(TEMPLATE, "dice_rule", in_field=DICE_IN_FIELD, otherwise=DICE_OTHERWISE)


def karma_reminder() -> str:
    """What karma is spent on."""
    return caption(TEMPLATE, "karma_reminder")


def resolve_reminder() -> str:
    """How resolve is lost, and defeat."""
    return caption(TEMPLATE, "resolve_reminder")


def perk_reminder() -> str:
    """When a perk costs karma."""
    return caption(TEMPLATE, "perk_reminder")


def quirk_reminder() -> str:
    """How playing a quirk works."""
    return caption(TEMPLATE, "quirk_reminder")


def retirement_rule(limits: CharacterLimits) -> str:
    """What afflictions do, and when they retire a character."""
    return caption(TEMPLATE, "retirement_rule", most_afflictions=number_word(limits.max_afflictions))


def advances_rule(limits: CharacterLimits) -> str:
    """What advances buy in karma and resolve."""
    if limits.max_karma == limits.max_resolve:
        most = f"{limits.max_karma} each"
    else:
        most = f"{limits.max_karma} karma and {limits.max_resolve} resolve"
    return caption(TEMPLATE, "advances_rule", every=every_nth(limits.advances_per_raise), most=most)


def effort_reminder(type_: str = "foe") -> str:
    """How effort tokens are removed (and what that does to a foe or a challenge)."""
    return caption(TEMPLATE, "effort_reminder", type=type_)
