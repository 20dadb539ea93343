"""The computed odds tables CUBES! cards print (`table: {computed: cubes-…}`): one
QUANTUMIZATION with the full Quantumizer and with each die removed by Order, and the
chance that the end-of-turn consumption exceeds the Civilization Pool."""

from __future__ import annotations

from fractions import Fraction

from sheetgen.rules.cubes.quantumizer import (
    QUANTUMIZER,
    at_least,
    distribution,
    double_chance,
    exactly,
    exceeds_pool,
    mean,
)
from sheetgen.rules.cubes.rulebook import ACTIONS, CONSUMING_CUBES_MAX

# The Quantumizer states the tables compare: everything, then each die removed by Order.
STATES: tuple[tuple[str, tuple[str, ...]], ...] = (("All dice", ()),) + tuple(
    (f"No {d.name}", (d.name,)) for d in QUANTUMIZER
)
# Civilization Pool sizes the consumption table asks about.
POOL_SIZES = (0, 2, 4, 6, 8, 10, 12, 15, 20, 25, 30, 40)
# The one removal the consumption table sets beside the full Quantumizer.
ORDER_BEFORE_CONSUMPTION = "d20"


def round_half_up(value: Fraction) -> int:
    return int(value + Fraction(1, 2)) if value >= 0 else -int(-value + Fraction(1, 2))


def percent(chance: Fraction) -> str:
    """A chance for a card: whole percent, one decimal below 10 %, a dash for what
    cannot happen, and never 0 % or 100 % for what merely rounds there."""
    if chance == 0:
        return "—"
    if chance == 1:
        return "100%"
    tenths = round_half_up(chance * 1000)
    if tenths < 100:
        return f"{max(tenths, 1) / 10:.1f}%"
    return f"{min(round_half_up(chance * 100), 99)}%"


def decimal(value: Fraction, places: int = 1) -> str:
    scale = 10**places
    return f"{round_half_up(value * scale) / scale:.{places}f}"


def quantumization_rows() -> list[dict]:
    """Per Quantumizer state: the mean and the chances of 0, ≥ 10, ≥ 20 and a double."""
    rows = []
    for label, removed in STATES:
        dist = distribution(removed)
        rows.append(
            {
                "label": label,
                "removed": list(removed),
                "mean": mean(dist),
                "zero": exactly(dist, 0),
                "ten": at_least(dist, 10),
                "twenty": at_least(dist, 20),
                "double": double_chance(removed),
            }
        )
    return rows


def quantumization_table() -> tuple[list[str], list[list[object]]]:
    """One QUANTUMIZATION by Quantumizer state (what Order buys)."""
    columns = ["Dice", "Mean", "0", "10+", "20"]
    rows = [
        [r["label"], decimal(r["mean"]), percent(r["zero"]), percent(r["ten"]), percent(r["twenty"])]
        for r in quantumization_rows()
    ]
    return columns, rows


def doubles_table() -> tuple[list[str], list[list[object]]]:
    """The chance of a double quantum event per QUANTUMIZATION, by Quantumizer state."""
    return ["Dice", "Double"], [[r["label"], percent(r["double"])] for r in quantumization_rows()]


def consumption_columns() -> list[tuple[str, int, tuple[str, ...]]]:
    """(heading, CUBES, dice removed) for each column of the consumption table."""
    out: list[tuple[str, int, tuple[str, ...]]] = []
    for cubes in range(1, CONSUMING_CUBES_MAX + 1):
        out.append((f"{cubes} CUBE{'S' if cubes > 1 else ''}", cubes, ()))
        out.append((f"{cubes}, no {ORDER_BEFORE_CONSUMPTION}", cubes, (ORDER_BEFORE_CONSUMPTION,)))
    return out


def consumption_table() -> tuple[list[str], list[list[object]]]:
    """Rows: cubes in the Civilization Pool; cells: the chance that consumption by one
    or two CUBES takes more than that (extinction), with all dice and with the d20
    removed by Order."""
    cols = consumption_columns()
    columns = ["Pool"] + [c[0] for c in cols]
    rows: list[list[object]] = [
        [n, *(percent(exceeds_pool(n, cubes, removed)) for _, cubes, removed in cols)] for n in POOL_SIZES
    ]
    return columns, rows


def quantumizer_table() -> tuple[list[str], list[list[object]]]:
    """Which die each face of the first d6 calls, and what that die reads."""
    return ["First d6", "Second die", "Reads"], [[d.face, d.name, f"{d.low}–{d.high}"] for d in QUANTUMIZER]


def kairotic_table() -> tuple[list[str], list[list[object]]]:
    """The d12 a Kairotic Moment rolls for each blocked action."""
    return ["d12", "Action blocked"], [[n, action] for n, action in enumerate(ACTIONS, start=1)]
