"""Tricube Tales odds: the computed tables equal an exhaustive enumeration of the dice,
and the reference deck prints them."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest
from helpers import pdf_text, run_cli

DICE = (1, 2, 3)
DIFFICULTIES = (4, 5, 6)


def enumerate_outcomes(dice: int, difficulty: int) -> dict[str, Fraction]:
    """Roll every combination of `dice` six-sided dice and count outcomes, by the
    rulebook: a die at or above the difficulty succeeds; two or more make an exceptional
    success; all ones are a critical failure. `success_or_better` counts exceptional
    successes too."""
    rolls = list(product(range(1, 7), repeat=dice))
    hits = [sum(1 for d in roll if d >= difficulty) for roll in rolls]
    total = len(rolls)
    return {
        "success_or_better": Fraction(sum(1 for h in hits if h >= 1), total),
        "exceptional": Fraction(sum(1 for h in hits if h >= 2), total),
        "critical": Fraction(sum(1 for roll in rolls if all(d == 1 for d in roll)), total),
    }


def assert_shows(cell: str, exact: Fraction) -> None:
    """A printed percentage agrees with the exact chance to the precision it is printed
    with; a dash means it cannot happen."""
    if exact == 0:
        assert cell == "—", cell
        return
    match = re.fullmatch(r"(\d+(?:\.(\d))?)%", cell)
    assert match, cell
    shown = float(match.group(1))
    half_unit = 0.05 if match.group(2) else 0.5
    assert abs(shown - float(exact) * 100) <= half_unit + 1e-9, (cell, float(exact) * 100)


def computed(name: str):
    from sheetgen.rules.common import computed_tables

    return computed_tables()[name]()


def cells_by_row(name: str) -> dict[str, dict[int, str]]:
    columns, rows = computed(name)
    dice_of = {i: int(c.split()[0]) for i, c in enumerate(columns) if re.fullmatch(r"\d dic?e", c)}
    assert sorted(dice_of.values()) == list(DICE)
    return {str(row[0]): {dice_of[i]: str(v) for i, v in enumerate(row) if i in dice_of} for row in rows}


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("dice", DICE)
def test_odds_table_matches_enumeration(dice, difficulty):
    table = cells_by_row("tricube-odds")
    exact = enumerate_outcomes(dice, difficulty)
    assert_shows(table[f"{difficulty}: success or better"][dice], exact["success_or_better"])
    assert_shows(table[f"{difficulty}: exceptional"][dice], exact["exceptional"])
    assert_shows(table["Critical failure"][dice], exact["critical"])


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("dice", DICE)
def test_karma_table_matches_enumeration(dice, difficulty):
    """Karma spent after the roll lowers the difficulty by one."""
    table = cells_by_row("tricube-karma")
    assert_shows(table[f"{difficulty}, no karma"][dice], enumerate_outcomes(dice, difficulty)["success_or_better"])
    assert_shows(
        table[f"{difficulty}, with karma"][dice], enumerate_outcomes(dice, difficulty - 1)["success_or_better"]
    )


def test_critical_failure_never_depends_on_difficulty():
    for dice in DICE:
        assert len({enumerate_outcomes(dice, d)["critical"] for d in DIFFICULTIES}) == 1


def test_reference_deck_prints_the_computed_tables(bundled):
    run = run_cli("build", "content/tricube", "-o", "out")
    assert run.code == 0, run.stderr
    text = " ".join(pdf_text(bundled / "out/tricube/reference/tricube-basics.pdf").split())
    for name in ("tricube-odds", "tricube-karma"):
        columns, rows = computed(name)
        for row in rows:
            line = " ".join(str(v) for v in row)
            assert line in text, line
    for title in (
        "Difficulty",
        "The four outcomes",
        "Effort tokens",
        "Karma",
        "Quirks",
        "Opposed rolls",
        "Combat, turn by turn",
        "Afflictions",
        "The odds",
        "Spending karma",
    ):
        assert title in text
