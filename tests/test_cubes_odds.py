"""CUBES! odds: the QUANTUMIZATION distribution equals an exhaustive enumeration of the
two rolls, written here from the rulebook independently of sheetgen's code, and the
cards print the same numbers.

The rulebook: roll a d6; 1 → d4, 2 → d6, 3 → d8, 4 → d10, 5 → d12, 6 → d20, and the
second die is the result. The d10 reads 0–9. A die removed by Order cannot be the first
roll's result, so the first roll is uniform over the dice that remain.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations, product

import pytest

# first-roll face → the faces of the second die
SECOND = {1: range(1, 5), 2: range(1, 7), 3: range(1, 9), 4: range(0, 10), 5: range(1, 13), 6: range(1, 21)}
NAME = {1: "d4", 2: "d6", 3: "d8", 4: "d10", 5: "d12", 6: "d20"}


def outcomes(removed: tuple[str, ...] = ()):
    """Every (first, second) pair with its chance: the d6 is rerolled until it names a
    die still in the Quantumizer, which makes it uniform over those dice."""
    faces = [f for f in range(1, 7) if NAME[f] not in removed]
    for first in faces:
        for second in SECOND[first]:
            yield first, second, Fraction(1, len(faces)) * Fraction(1, len(SECOND[first]))


def enumerated(removed: tuple[str, ...] = ()) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for _, second, p in outcomes(removed):
        out[second] = out.get(second, Fraction(0)) + p
    return out


def by_rerolling(removed: tuple[str, ...]) -> dict[int, Fraction]:
    """The same chance found another way: two d6 throws at most, where a throw that
    names a removed die is thrown again, then the tail after two misses spread
    evenly (a geometric series, summed in closed form)."""
    faces = [f for f in range(1, 7) if NAME[f] not in removed]
    miss = Fraction(6 - len(faces), 6)
    out: dict[int, Fraction] = {}
    for first in faces:
        reach = Fraction(1, 6) / (1 - miss)  # Σ miss^k / 6
        for second in SECOND[first]:
            out[second] = out.get(second, Fraction(0)) + reach / len(SECOND[first])
    return out


REMOVALS = (
    [()]
    + [(NAME[f],) for f in range(1, 7)]
    + [tuple(NAME[f] for f in c) for c in combinations(range(1, 7), 2)]
    + [("d12", "d20", "d10"), ("d4", "d6", "d8")]
)


@pytest.mark.parametrize("removed", REMOVALS, ids=["+".join(r) or "none" for r in REMOVALS])
def test_distribution_equals_exhaustive_enumeration(removed):
    from sheetgen.rules.cubes.quantumizer import distribution

    expected = enumerated(removed)
    assert sum(expected.values()) == 1
    assert by_rerolling(removed) == expected
    assert distribution(removed) == {k: v for k, v in sorted(expected.items())}


def test_the_full_quantumizer_by_hand():
    from sheetgen.rules.cubes.quantumizer import at_least, distribution, exactly, mean

    d = distribution()
    assert exactly(d, 0) == Fraction(1, 60)  # only the d10 reads 0
    assert mean(d) == Fraction(2 + 3 + 4 + 4 + 6 + 10, 6) + Fraction(3, 6)  # (1+n)/2 each, the d10 4.5
    assert at_least(d, 20) == Fraction(1, 120)
    assert max(d) == 20 and min(d) == 0


def test_order_removing_the_d20_makes_20_impossible_and_the_d10_makes_0_impossible():
    from sheetgen.rules.cubes.quantumizer import distribution

    assert max(distribution(["d20"])) == 12
    assert 0 not in distribution(["d10"])


def test_order_cannot_remove_every_die_or_an_unknown_one():
    from sheetgen.rules.cubes.quantumizer import QuantumizerError, distribution

    with pytest.raises(QuantumizerError):
        distribution(["d4", "d6", "d8", "d10", "d12", "d20"])
    with pytest.raises(QuantumizerError):
        distribution(["d100"])


def test_doubles_by_enumeration():
    from sheetgen.rules.cubes.quantumizer import double_chance

    for removed in REMOVALS:
        expected = sum((p for first, second, p in outcomes(removed) if first == second), Fraction(0))
        assert double_chance(removed) == expected


@pytest.mark.parametrize("removed", [(), ("d20",), ("d4",)])
def test_consumption_exceeding_a_pool_by_enumeration(removed):
    """One CUBE: one QUANTUMIZATION; two CUBES: one each, summed. Extinction when the sum
    is more than the cubes in the Civilization Pool."""
    from sheetgen.rules.cubes.quantumizer import exceeds_pool

    one = list(outcomes(removed))
    for pool in (0, 1, 5, 12, 19, 20, 21, 33, 40):
        single = sum((p for _, s, p in one if s > pool), Fraction(0))
        double = sum((p1 * p2 for (_, s1, p1), (_, s2, p2) in product(one, one) if s1 + s2 > pool), Fraction(0))
        assert exceeds_pool(pool, 1, removed) == single
        assert exceeds_pool(pool, 2, removed) == double


def assert_shows(cell: str, exact: Fraction) -> None:
    """A printed percentage agrees with the exact chance to its printed precision; a
    dash is printed only for what cannot happen, 0 % and 100 % never for what can."""
    if exact == 0:
        assert cell == "—", cell
        return
    m = re.fullmatch(r"(\d+(?:\.(\d))?)%", cell)
    assert m, cell
    shown = float(m.group(1))
    assert shown > 0 and (shown < 100 or exact == 1)
    half = 0.05 if m.group(2) else 0.5
    assert abs(shown - float(exact) * 100) <= half + 1e-9 or shown in (0.1, 99), (cell, float(exact) * 100)


def test_quantumization_table_agrees_with_enumeration():
    from sheetgen.rules.common import computed_tables

    columns, rows = computed_tables()["cubes-quantumization"]()
    assert columns == ["Dice", "Mean", "0", "10+", "20"]
    assert [r[0] for r in rows] == ["All dice"] + [f"No {NAME[f]}" for f in range(1, 7)]
    for row, removed in zip(rows, [()] + [(NAME[f],) for f in range(1, 7)]):
        d = enumerated(removed)
        mean = sum(k * p for k, p in d.items())
        assert abs(float(row[1]) - float(mean)) <= 0.05 + 1e-9
        assert_shows(row[2], d.get(0, Fraction(0)))
        assert_shows(row[3], sum((p for k, p in d.items() if k >= 10), Fraction(0)))
        assert_shows(row[4], d.get(20, Fraction(0)))


def test_consumption_table_agrees_with_enumeration():
    from sheetgen.rules.common import computed_tables

    columns, rows = computed_tables()["cubes-consumption"]()
    assert columns == ["Pool", "1 CUBE", "1, no d20", "2 CUBES", "2, no d20"]
    for row in rows:
        pool = row[0]
        for cell, cubes, removed in zip(row[1:], (1, 1, 2, 2), ((), ("d20",), (), ("d20",))):
            one = list(outcomes(removed))
            if cubes == 1:
                exact = sum((p for _, s, p in one if s > pool), Fraction(0))
            else:
                exact = sum((p1 * p2 for (_, s1, p1), (_, s2, p2) in product(one, one) if s1 + s2 > pool), Fraction(0))
            assert_shows(cell, exact)
