"""Odds of Cubit's random skill checks, for cards (`table: {computed: …}`).

A random check throws as many minis (or coins) as the skill level in use and counts
those that land pointing the thrower's way: each one is an even chance. An opposed
check is won by the attacker on a tie.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

OPPOSED_LEVELS = range(1, 7)
TARGET_LEVELS = range(1, 11)
TARGETS = range(1, 7)


def throw_distribution(minis: int) -> list[Fraction]:
    """Chance of each count 0..minis of minis landing your way."""
    total = 2**minis
    return [Fraction(comb(minis, k), total) for k in range(minis + 1)]


def at_least(minis: int, target: int) -> Fraction:
    """Chance that a throw of `minis` reaches `target` or more."""
    return sum(throw_distribution(minis)[max(0, target) :], Fraction(0))


def attacker_wins(attacker: int, defender: int) -> Fraction:
    """Chance that the attacker's throw equals or beats the defender's."""
    dist_a, dist_d = throw_distribution(attacker), throw_distribution(defender)
    return sum((pa * pd for a, pa in enumerate(dist_a) for d, pd in enumerate(dist_d) if a >= d), Fraction(0))


def percent(p: Fraction) -> str:
    """A chance as a whole percentage that never reads as certain (or hopeless) unless it is."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    shown = round(p * 100)
    if shown < 1:
        return "<1%"
    if shown > 99:
        return ">99%"
    return f"{shown}%"


def opposed_table() -> tuple[list[str], list[list[object]]]:
    """Rows: the attacker's skill in use; columns: the defender's; cells: the attacker's chance."""
    columns = ["Att."] + [f"D{d}" for d in OPPOSED_LEVELS]
    rows: list[list[object]] = [[a, *(percent(attacker_wins(a, d)) for d in OPPOSED_LEVELS)] for a in OPPOSED_LEVELS]
    return columns, rows


def target_table() -> tuple[list[str], list[list[object]]]:
    """Rows: the skill in use (minis thrown); columns: the target value; cells: the chance to reach it."""
    columns = ["Skill"] + [f"{t}+" for t in TARGETS]
    rows: list[list[object]] = [[n, *(percent(at_least(n, t)) for t in TARGETS)] for n in TARGET_LEVELS]
    return columns, rows
