"""Rules for KUBOS: checks and derived values, and the tables its reference cards
compute from the rules (so no number on a card is typed by hand)."""

from __future__ import annotations

from sheetgen.rules.kubos.character import check_character
from sheetgen.rules.kubos.core import (
    ATTRIBUTE_MAX,
    DIE,
    MAGIC_TABLES,
    RANK_PATTERNS,
    UNDEAD_TYPES,
    UNIQUE,
    action_succeeds,
    carry_capacity,
    effect,
    monster_profile,
)
from sheetgen.rules.kubos.monster import check_monster
from sheetgen.rules.kubos.tables import check_single_tables, check_tables
from sheetgen.rules.kubos.text import ATTRIBUTE_LABELS

Table = tuple[list[str], list[list[object]]]


def _percent(hits: int, total: int) -> str:
    return f"{round(100 * hits / total)}%"


def action_odds_table() -> Table:
    """Chance of success and of EFFECT 2+ for each attribute value, without FP."""
    rows: list[list[object]] = []
    for value in range(ATTRIBUTE_MAX + 1):
        wins = sum(action_succeeds(n, value) for n in DIE)
        strong = sum(action_succeeds(n, value) and effect(n, value) >= 2 for n in DIE)
        rows.append([value, _percent(wins, len(DIE)), _percent(strong, len(DIE))])
    return ["Attribute", "Succeeds", "EFFECT 2+"], rows


def carrying_table() -> Table:
    """Items carried before ENCUMBERED, by STRENGTH."""
    return ["STRENGTH", "Items"], [[s, carry_capacity(s)] for s in range(ATTRIBUTE_MAX + 1)]


def _attribute_words(values: dict[str, int]) -> str:
    distinct = set(values.values())
    if len(distinct) == 1:
        return f"all {distinct.pop()}"
    return ", ".join(f"{ATTRIBUTE_LABELS[n]} {v}" for n, v in values.items() if v)


def humanoids_table() -> Table:
    """DEFENCE, HP roll and attribute pattern of each humanoid rank."""
    rows: list[list[object]] = []
    for rank, pattern in RANK_PATTERNS.items():
        p = monster_profile("humanoid", rank)
        raised = ", ".join(str(v) for v in pattern.raised) if len(pattern.raised) > 1 else f"one {pattern.raised[0]}"
        rows.append([rank.capitalize(), p.defence, p.hp.text(), f"{raised}, rest {pattern.others}"])
    return ["Rank", "DEF", "HP", "Attributes"], rows


def other_monsters_table() -> Table:
    """DEFENCE, HP roll and attributes of vermin, each kind of undead, and dragons."""
    kinds = [("Vermin", monster_profile("vermin"))]
    kinds += [(kind.capitalize(), monster_profile("undead", undead_type=kind)) for kind in UNDEAD_TYPES]
    kinds.append(("Dragon", monster_profile("dragon")))
    rows: list[list[object]] = [
        [name, p.defence, p.hp.text(), _attribute_words(p.attributes or {})] for name, p in kinds
    ]
    return ["Monster", "DEF", "HP", "Attributes"], rows


#: How the equipment table's 6 is printed: the rulebook's entry, then sheetgen's
#: reading of its footnote (`reconstructed.equipment_six` in kubos-tables). The
#: asterisk is escaped because card text reads `*…*` as italics; no arrow, because
#: the deck's font has none.
UNIQUE_CELL = "roll again\\*: unique item"


def magic_items_table() -> Table:
    """The two magic item tables side by side, by 1d6."""

    def word(attribute: str) -> str:
        return UNIQUE_CELL if attribute == UNIQUE else ATTRIBUTE_LABELS[attribute]

    equipment, arms = MAGIC_TABLES["equipment"], MAGIC_TABLES["arms-armour"]
    rows: list[list[object]] = [[n, word(e), word(a)] for n, e, a in zip(DIE, equipment, arms)]
    return ["1d6", "Equipment (even)", "Arms / armour (odd)"], rows


RULES = {
    "kubos-tables": check_tables,
    "kubos-character": check_character,
    "kubos-monster": check_monster,
}
LIBRARY_RULES: list = [check_single_tables]
TABLES: dict = {
    "kubos-action-odds": action_odds_table,
    "kubos-carrying": carrying_table,
    "kubos-humanoids": humanoids_table,
    "kubos-other-monsters": other_monsters_table,
    "kubos-magic-items": magic_items_table,
}
