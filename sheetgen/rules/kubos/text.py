"""The words the KUBOS rules attach to derived values: attribute names and uses, the
special rules a stat block spells out, and magic items, in sheetgen's own words.
(Sheet captions are templates: `templates/kubos/captions.j2`.) Body text may use `**bold**`.
"""

from __future__ import annotations

from sheetgen.rules.kubos.core import ARMS_ARMOUR, TABLE_NAMES, UNIQUE

ATTRIBUTE_LABELS = {
    "skill": "SKILL",
    "shoot": "SHOOT",
    "strength": "STRENGTH",
    "sneak": "SNEAK",
    "slight": "SLIGHT",
    "senses": "SENSES",
    "defence": "DEFENCE",
}
#: The labels on narrow cards, where the words do not fit.
ATTRIBUTE_SHORT = {
    "SKILL": "SKL",
    "SHOOT": "SHT",
    "STRENGTH": "STR",
    "SNEAK": "SNK",
    "SLIGHT": "SLT",
    "SENSES": "SEN",
    "DEFENCE": "DEF",
    "HP": "HP",
}

#: What each attribute is rolled for (examples).
ATTRIBUTE_USES = {
    "skill": "melee attacks",
    "shoot": "bows, slings, thrown weapons",
    "strength": "force doors, lift, jump, swim; resist poison",
    "sneak": "move quietly or fast, hide, balance; act first in combat",
    "slight": "open locks, pick pockets, disarm traps",
    "senses": "search, spot, listen, react, dodge",
}

#: Special rules a stat block spells out: id → (title, text).
SPECIAL_RULES: dict[str, tuple[str, str]] = {
    "poison": (
        "Poison",
        "Whenever it deals damage, the victim rolls STRENGTH. On a failure they are paralysed for 1d6 rounds, "
        "losing 1 HP each round they fail a STRENGTH roll, and then cannot spend FP for a further 1d6 hours.",
    ),
    "undead": (
        "Undead",
        "Hard to kill: when it makes a successful DEFENCE roll, the hit does no damage at all.",
    ),
    "thrashing": (
        "Thrashing",
        "Each round, heroes who failed their SNEAK roll can take no action.",
    ),
    "flaming-acid": (
        "Flaming acid",
        "If that SNEAK roll was a natural 1, the hero also takes 1d6 damage (a DEFENCE roll may reduce it).",
    ),
}

_ARMS = {"skill": "a magic hand weapon", "shoot": "a magic missile weapon", "defence": "magic armour"}


def magic_item_title(table: str, attribute: str | None, name: str | None = None) -> str:
    """A magic item's heading: its name, or what it is and its attribute."""
    if name:
        return name
    if attribute == UNIQUE or attribute is None:
        return "Unique magic item"
    if table == "arms-armour":
        return f"{_ARMS[attribute].capitalize()} ({ATTRIBUTE_LABELS[attribute]})"
    return f"Magic equipment ({ATTRIBUTE_LABELS[attribute]})"


def magic_item_text(table: str, attribute: str | None) -> str:
    """What a magic item does, in one sentence, as printed for the table (where that is
    sheetgen's reading, `magic_item_reading` says so, for `show` and the docs)."""
    if attribute == UNIQUE or attribute is None:
        return "Unique: a code word wakes its power, which the referee decides."
    label = ATTRIBUTE_LABELS[attribute]
    if table == ARMS_ARMOUR:
        return f"Spend FP one for two on {label} rolls made with it."
    return f"Spend FP one for two on {label} rolls made with it ({TABLE_NAMES[table].lower()} table)."


def magic_item_reading(table: str, attribute: str | None) -> str | None:
    """Where a magic item's power is sheetgen's reading rather than the rules' words, what
    that reading is (`reconstructed.magic_arms_armour` in kubos-tables); else None. Shown
    by `sheetgen show`, never printed on a table product."""
    if table == ARMS_ARMOUR and attribute not in (UNIQUE, None):
        return "sheetgen's reading: the rules state the one-for-two FP power for magic equipment"
    return None
