"""QUANTUMIZATION, exactly: the distribution of one roll and of the end-of-turn
consumption, with any dice removed from the Quantumizer by Order.

A QUANTUMIZATION rolls a d6 first; its face names the die rolled second (1 → d4,
2 → d6, 3 → d8, 4 → d10, 5 → d12, 6 → d20), and the second die gives the result.
The d10 reads 0–9 (a 0 counts as zero); the others read 1 to their size. A die that
Order removed cannot be the first roll's result, so the first roll picks uniformly
among the dice that remain. A double (the second die showing the first roll's face)
is a double quantum event.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

Distribution = dict[int, Fraction]


@dataclass(frozen=True, slots=True)
class Die:
    """A die of the Quantumizer: its size, the first-roll face that calls it, and the
    lowest number it reads."""

    sides: int
    face: int
    low: int = 1

    @property
    def name(self) -> str:
        return f"d{self.sides}"

    @property
    def values(self) -> range:
        return range(self.low, self.low + self.sides)

    @property
    def high(self) -> int:
        return self.low + self.sides - 1


QUANTUMIZER = (Die(4, 1), Die(6, 2), Die(8, 3), Die(10, 4, low=0), Die(12, 5), Die(20, 6))
DICE = {d.name: d for d in QUANTUMIZER}


class QuantumizerError(ValueError):
    """Dice that are not in the Quantumizer, or none left to roll."""


def remaining(removed: Iterable[str] = ()) -> tuple[Die, ...]:
    """The dice left in the Quantumizer once Order removed `removed` (names like `d20`)."""
    removed = set(removed)
    unknown = removed - set(DICE)
    if unknown:
        raise QuantumizerError(f"not in the Quantumizer: {', '.join(sorted(unknown))}")
    left = tuple(d for d in QUANTUMIZER if d.name not in removed)
    if not left:
        raise QuantumizerError("Order cannot remove every die")
    return left


def distribution(removed: Iterable[str] = ()) -> Distribution:
    """The chance of each result of one QUANTUMIZATION, keys in increasing order."""
    dice = remaining(removed)
    out: Distribution = {}
    pick = Fraction(1, len(dice))
    for die in dice:
        each = pick / die.sides
        for value in die.values:
            out[value] = out.get(value, Fraction(0)) + each
    return dict(sorted(out.items()))


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of two independent results."""
    out: Distribution = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return dict(sorted(out.items()))


def consumption(cubes: int, removed: Iterable[str] = ()) -> Distribution:
    """What `cubes` CUBES consume at the end of a turn: one QUANTUMIZATION each, summed."""
    if cubes < 0:
        raise ValueError("a civilization owns no fewer than zero CUBES")
    return dict(_consumption(cubes, tuple(removed)))


#: Sums already worked out, by the dice removed: `[k]` is what k CUBES consume.
_SUMS: dict[tuple[str, ...], list[Distribution]] = {}


def _consumption(cubes: int, removed: tuple[str, ...]) -> Distribution:
    """`consumption`, remembered: an odds table asks for the same sums for every pool size,
    and each sum is the one before it with one more QUANTUMIZATION."""
    sums = _SUMS.setdefault(removed, [{0: Fraction(1)}])
    if len(sums) <= cubes:
        one = distribution(removed)
        while len(sums) <= cubes:
            sums.append(convolve(sums[-1], one))
    return sums[cubes]


def mean(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((x * p for x, p in dist.items()), Fraction(0))


def at_least(dist: Mapping[int, Fraction], n: int) -> Fraction:
    """The chance of `n` or more."""
    return sum((p for x, p in dist.items() if x >= n), Fraction(0))


def exactly(dist: Mapping[int, Fraction], n: int) -> Fraction:
    return dist.get(n, Fraction(0))


def exceeds_pool(pool: int, cubes: int, removed: Iterable[str] = ()) -> Fraction:
    """The chance that `cubes` CUBES consume more than a Civilization Pool of `pool`
    cubes holds: the civilization becomes extinct."""
    if cubes < 0:
        raise ValueError("a civilization owns no fewer than zero CUBES")
    tails = _tails(cubes, tuple(removed))
    above = [x for x in tails if x >= pool + 1]
    return tails[min(above)] if above else Fraction(0)


_TAILS: dict[tuple[int, tuple[str, ...]], dict[int, Fraction]] = {}


def _tails(cubes: int, removed: tuple[str, ...]) -> dict[int, Fraction]:
    """For each result x of `cubes` CUBES' consumption, the chance of x or more (one pass
    from the top, instead of one sum per pool size)."""
    key = (cubes, removed)
    hit = _TAILS.get(key)
    if hit is None:
        hit, total = {}, Fraction(0)
        for x, p in sorted(_consumption(cubes, removed).items(), reverse=True):
            total += p
            hit[x] = total
        _TAILS[key] = hit
    return hit


def double_chance(removed: Iterable[str] = ()) -> Fraction:
    """The chance that the second die shows the first roll's face (a double quantum event)."""
    dice = remaining(removed)
    return sum((Fraction(1, len(dice)) * Fraction(1 if d.face in d.values else 0, d.sides) for d in dice), Fraction(0))
