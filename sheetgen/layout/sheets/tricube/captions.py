"""The rules reminders printed on Tricube Tales sheets and cards, in sheetgen's own
words. Numbers that a campaign may change come from the character limits."""

from __future__ import annotations

from sheetgen.content.models.tricube import CharacterLimits
from sheetgen.rules.tricube_dice import DICE_IN_FIELD, DICE_OTHERWISE, DIFFICULTIES
from sheetgen.rules.tricube_words import every_nth, number_word


def difficulty_scale() -> str:
    """`4 easy · 5 standard · 6 hard`."""
    return " · ".join(f"{d} {name}" for d, name in DIFFICULTIES.items())


def dice_reminder() -> str:
    """The difficulty scale and the outcomes of a roll."""
    return (
        f"Roll against the difficulty ({difficulty_scale()}). A die that meets it succeeds; "
        "**two or more** make an exceptional success; **all ones** are a critical failure."
    )


def roll_reminder() -> str:
    """The outcomes of a roll, short enough for a card."""
    return "A die that meets the difficulty succeeds; two or more: exceptional; all ones: critical failure."


def outside_concept() -> str:
    """The concept rule, short enough for a card."""
    return "One die less outside your concept."


def dice_rule() -> str:
    """How many dice a character rolls."""
    return (
        f"**{DICE_IN_FIELD} dice** in your trait's field and your combat style, **{DICE_OTHERWISE}** otherwise; "
        "**one less** when the challenge lies outside your concept and perks."
    )


def karma_reminder() -> str:
    """What karma is spent on."""
    return ("Spend one to let a perk change the story, or after rolling to lower the difficulty by 1 "
            "(one per challenge).")


def resolve_reminder() -> str:
    """How resolve is lost, and defeat."""
    return ("Failures cost resolve, critical ones double. At zero you are defeated: "
            "gain an affliction and all your resolve back.")


def perk_reminder() -> str:
    """When a perk costs karma."""
    return "Colour is free; trying the impossible needs a roll; doing it outright or skipping a roll costs karma."


def quirk_reminder() -> str:
    """How playing a quirk works."""
    return "Declare before rolling: difficulty +1. Regain a karma, or a resolve if you succeed."


def retirement_rule(limits: CharacterLimits) -> str:
    """What afflictions do, and when they retire a character."""
    return (
        f"Afflictions work like quirks the GM triggers. With more than {number_word(limits.max_afflictions)} "
        "a character retires from play until one is cured."
    )


def advances_rule(limits: CharacterLimits) -> str:
    """What advances buy in karma and resolve."""
    if limits.max_karma == limits.max_resolve:
        most = f"{limits.max_karma} each"
    else:
        most = f"{limits.max_karma} karma and {limits.max_resolve} resolve"
    return f"{every_nth(limits.advances_per_raise).capitalize()} advance may raise karma or resolve by one, to at most {most}."


def effort_reminder() -> str:
    """How effort tokens are removed."""
    return "Each die that meets the difficulty ticks off one token; the foe falls when all are ticked."
