"""Tricube Tales odds, exact: rolling 1–3 dice against a difficulty.

A die succeeds when it shows the difficulty or more. One success is a success, two
or more an exceptional success, and all ones a critical failure. Karma, spent after
the roll, lowers the difficulty by one. The tables here are what reference cards
print (`table: {computed: tricube-odds}`), so no percentage is ever typed by hand.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from sheetgen.rules.tricube.dice import DIFFICULTIES, MAX_DICE, MIN_DICE

SIDES = 6


def die_success(difficulty: int) -> Fraction:
    """The chance that one die shows `difficulty` or more."""
    hits = min(SIDES, max(0, SIDES + 1 - difficulty))
    return Fraction(hits, SIDES)


def chance_of_successes(dice: int, difficulty: int, at_least: int) -> Fraction:
    """The chance that at least `at_least` of `dice` dice meet the difficulty."""
    p = die_success(difficulty)
    return sum(
        (comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(at_least, dice + 1)),
        Fraction(0),
    )


def success(dice: int, difficulty: int) -> Fraction:
    return chance_of_successes(dice, difficulty, 1)


def exceptional(dice: int, difficulty: int) -> Fraction:
    return chance_of_successes(dice, difficulty, 2)


def critical_failure(dice: int, difficulty: int) -> Fraction:
    """All dice show 1 (and a 1 does not meet the difficulty)."""
    return Fraction(1, SIDES) ** dice if difficulty > 1 else Fraction(0)


def percent(chance: Fraction) -> str:
    """A chance as a percentage for a card: whole percent, one decimal below 1 %,
    and a dash for what cannot happen."""
    if chance == 0:
        return "—"
    tenths = round_half_up(chance * 1000)
    if tenths < 10:
        return f"{tenths / 10:.1f}%"
    return f"{round_half_up(chance * 100)}%"


def round_half_up(value: Fraction) -> int:
    return int(value + Fraction(1, 2)) if value >= 0 else -int(-value + Fraction(1, 2))


def _dice_columns(first: str) -> list[str]:
    return [first] + [f"{n} {'die' if n == 1 else 'dice'}" for n in range(MIN_DICE, MAX_DICE + 1)]


def _by_dice(chance) -> list[str]:
    return [percent(chance(n)) for n in range(MIN_DICE, MAX_DICE + 1)]


def odds_table() -> tuple[list[str], list[list[object]]]:
    """Success or better (exceptional results included, so the rows are not to be
    added) and exceptional success for 1–3 dice against difficulty 4–6, one row each,
    then critical failure, which does not depend on the difficulty."""
    rows: list[list[object]] = []
    for difficulty in DIFFICULTIES:
        rows.append([f"{difficulty}: success or better", *_by_dice(lambda n, d=difficulty: success(n, d))])
        rows.append([f"{difficulty}: exceptional", *_by_dice(lambda n, d=difficulty: exceptional(n, d))])
    rows.append(["Critical failure", *_by_dice(lambda n: critical_failure(n, min(DIFFICULTIES)))])
    return _dice_columns("Against"), rows


def karma_table() -> tuple[list[str], list[list[object]]]:
    """The chance of success against difficulty 4–6 without karma and with one karma
    spent to lower the difficulty by 1."""
    rows: list[list[object]] = []
    for difficulty in DIFFICULTIES:
        rows.append([f"{difficulty}, no karma", *_by_dice(lambda n, d=difficulty: success(n, d))])
        rows.append([f"{difficulty}, with karma", *_by_dice(lambda n, d=difficulty: success(n, d - 1))])
    return _dice_columns("Difficulty"), rows
