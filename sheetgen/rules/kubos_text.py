"""KUBOS rules as sheets and stat blocks spell them out, in sheetgen's own words.

Text only: the numbers come from `kubos_core`, so wording and rules cannot drift
apart. Body text may use `**bold**`.
"""

from __future__ import annotations

from sheetgen.rules.kubos_core import (
    CARRY_BASE,
    COINS_PER_ITEM,
    EFFECT_OFFSET,
    ITEMS_PER_DV,
    SUCCESS_TOTAL,
    TABLE_NAMES,
    UNIQUE,
)

ATTRIBUTE_LABELS = {
    "skill": "SKILL",
    "shoot": "SHOOT",
    "strength": "STRENGTH",
    "sneak": "SNEAK",
    "slight": "SLIGHT",
    "senses": "SENSES",
    "defence": "DEFENCE",
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

ACTION_ROLL = (
    f"**ACTION roll:** 1d6 + the attribute that fits. A total of {SUCCESS_TOTAL}+ (or a natural 6) succeeds; "
    f"a natural 1 always fails. **EFFECT** = total − {EFFECT_OFFSET}: the damage you deal or stop. "
    "A number in brackets, as in STRENGTH (2), is the EFFECT a hard task needs."
)

FATE_POINTS = (
    "Unless the die shows a natural 1, add FP to a roll, one for one. Spent FP are gone; "
    "every natural 6 earns 1 FP."
)

HEROIC_ACTION = (
    "**Heroic action:** with the referee's nod, declare it, spend 1d6 FP at once, "
    "then roll without adding any more FP."
)

HIT_POINTS = "Tick a box for each HP lost. At 0 HP or less you die."

AFTER_ADVENTURE = (
    "**After an adventure:** spend 1d6 FP for +1 HP. Ordinary items cost 5 coins; "
    "potions (healing or antidote) cost 50 coins."
)

CARRYING = (
    f"Carry {CARRY_BASE} + STRENGTH² items; backpack and clothes are free. Armour weighs {ITEMS_PER_DV} items "
    f"per DV, {COINS_PER_ITEM} coins weigh 1 item. More than you can carry: ENCUMBERED."
)

MAGIC_ITEMS = "A magic item tied to an attribute lets you spend FP one for two on rolls of that attribute made with it."

COMBAT_ORDER = (
    "**Each round** everyone rolls SNEAK. Those who succeed act first, then the monsters, then those who failed."
)

DAMAGE = (
    "A hit takes its EFFECT from the target's HP, less the EFFECT of the target's DEFENCE roll. "
    "If HP are lost and the target's STRENGTH is lower than the attacker's, it loses the difference as well."
)

#: Special rules a stat block spells out: id → (title, text).
SPECIAL_RULES: dict[str, tuple[str, str]] = {
    "poison": (
        "Poison",
        "Whenever it deals damage, the victim rolls STRENGTH. On a failure they are paralysed for 1d6 rounds, "
        "losing 1 HP each round they fail a STRENGTH roll, and cannot spend FP for 1d6 hours.",
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
    """What a magic item does, in one sentence."""
    if attribute == UNIQUE or attribute is None:
        return "Unique: a code word wakes its power, which the referee decides."
    label = ATTRIBUTE_LABELS[attribute]
    return f"Spend FP one for two on {label} rolls made with it ({TABLE_NAMES[table].lower()} table)."
