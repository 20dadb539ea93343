"""The KUBOS rulebook as data: attributes, the ACTION roll, carrying, monster
profiles and the magic item tables.

The numbers and tables here are the rules' own, with three readings of
unclear passages, each marked where it is made and listed under `reconstructed`
in the `kubos-tables` document (and on the reference deck's readings card):
the equipment table's 6 (`ROLL AGAIN*`) is a unique item, the one-for-two FP rule
covers magic arms and armour as well as equipment, and a monster of exactly 10 HP
rolls for magic with its group. The other places where the rules are silent
live in content (`kind: kubos-tables`).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

ATTRIBUTES: tuple[str, ...] = ("skill", "shoot", "strength", "sneak", "slight", "senses")
ATTRIBUTE_MAX = 3  # a character's attribute is 0, 1, 2 or 3
ATTRIBUTE_POINTS = 6  # points a new character shares between the six attributes
ARMOUR_DV_MAX = 4
ITEMS_PER_DV = 3  # each point of armour DV weighs as much as 3 items
CARRY_BASE = 9  # a character carries 9 + STRENGTH × STRENGTH items
COINS_PER_ITEM = 100
STARTING_FP = 6
STARTING_HP = 6
SUCCESS_TOTAL = 6  # an ACTION roll succeeds on a total of 6 or more (or a natural 6)
EFFECT_OFFSET = 5  # EFFECT = total − 5
MAGIC_ITEM_ROLL = 6  # a magic item is present on a 6
# Monsters with more HP than this roll for magic on their own; the rules give the
# group roll to monsters with less. sheetgen's reading: exactly 10 HP rolls with the
# group (`reconstructed.ten_hp_monsters` in kubos-tables).
HP_FOR_OWN_MAGIC_ROLL = 10

# Bounds on numbers the rules leave open-ended, so that absurd values are content
# errors at their line rather than text that cannot fit a sheet.
HP_MAX = 500  # the rules' toughest roll, a dragon's 1d6 × 1d6 × 1d6, is at most 216
MONSTER_STAT_MAX = 9  # a monster's attribute or DEFENCE; the rules' highest is a dragon's 5
FATE_POINTS_MAX = 999
ADVENTURES_MAX = 999
ITEM_COUNT_MAX = 99  # what one entry of a character's items may weigh
COINS_MAX = 99_999  # a dragon's hoard is at most 2160
MAGIC_ITEM_WEIGHT_MAX = CARRY_BASE + ATTRIBUTE_MAX * ATTRIBUTE_MAX  # all the strongest hero carries

DIE = range(1, 7)


def carry_capacity(strength: int) -> int:
    """How many items a character carries before becoming ENCUMBERED (backpack and clothes are free)."""
    return CARRY_BASE + strength * strength


def action_succeeds(natural: int, attribute: int, fate_points: int = 0) -> bool:
    """Whether an ACTION roll with this die, attribute and FP spent succeeds."""
    if natural == 1:
        return False
    return natural == 6 or natural + attribute + fate_points >= SUCCESS_TOTAL


def effect(natural: int, attribute: int, fate_points: int = 0) -> int:
    """The EFFECT of a successful ACTION roll: its total minus 5."""
    return natural + attribute + fate_points - EFFECT_OFFSET


# --- hit point dice -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HpRoll:
    """How a monster's HP is rolled: `dice` d6 multiplied together, plus `plus`, times `times`.

    A grunt is HpRoll(1), a captain HpRoll(1, 3), a large captain HpRoll(1, 3, 2),
    a dragon HpRoll(3) (1d6 × 1d6 × 1d6) and the undead HpRoll(0, 1) (always 1)."""

    dice: int = 1
    plus: int = 0
    times: int = 1

    def roll(self, rng: random.Random) -> int:
        faces = [rng.randint(1, 6) for _ in range(self.dice)]
        return self._total(faces)

    def _total(self, faces) -> int:
        product = 0
        for i, face in enumerate(faces):
            product = face if i == 0 else product * face
        return (product + self.plus) * self.times

    def outcomes(self) -> Counter:
        """Every HP this roll can give, with how many of the 6^dice rolls give it."""
        return Counter(dict(_outcomes(self)))

    def _extremes(self) -> tuple[int, int]:
        # The product of the faces grows with every face (all are positive), and the
        # total is linear in it: the extremes are all ones and all sixes.
        ends = (self._total([1] * self.dice), self._total([6] * self.dice))
        return min(ends), max(ends)

    @property
    def lowest(self) -> int:
        return self._extremes()[0]

    @property
    def highest(self) -> int:
        return self._extremes()[1]

    def text(self) -> str:
        """The roll as players write it: `1d6+3`, `(1d6+3) × 2`, `1d6 × 1d6 × 1d6`, `1`."""
        if self.dice == 0:
            return str(self.plus * self.times)
        core = " × ".join(["1d6"] * self.dice)
        if self.plus:
            core = f"{core}+{self.plus}"
        if self.times != 1:
            core = f"({core}) × {self.times}" if self.plus or self.dice > 1 else f"{core} × {self.times}"
        return core


# --- monsters -----------------------------------------------------------------------

MONSTER_TYPES = ("humanoid", "vermin", "undead", "dragon")
RANKS = ("grunt", "captain", "commander")
SIZES = ("small", "normal", "large")
UNDEAD_TYPES = ("skeleton", "ghoul", "zombie")


@dataclass(frozen=True, slots=True)
class RankPattern:
    """A humanoid rank: its DEFENCE, the raised attributes, the value of all others, its HP bonus."""

    defence: int
    raised: tuple[int, ...]  # values of the attributes that stand out, e.g. (3, 2, 2)
    others: int  # value of every other attribute
    hp_plus: int

    def values(self) -> list[int]:
        """The six attribute values of the pattern, highest first."""
        return list(self.raised) + [self.others] * (len(ATTRIBUTES) - len(self.raised))


RANK_PATTERNS: dict[str, RankPattern] = {
    "grunt": RankPattern(defence=1, raised=(1,), others=0, hp_plus=0),
    "captain": RankPattern(defence=2, raised=(2,), others=1, hp_plus=3),
    "commander": RankPattern(defence=3, raised=(3, 2, 2), others=1, hp_plus=6),
}

#: Size changes for humanoids: attribute bonuses and the HP multiplier.
SIZE_BONUS: dict[str, dict[str, int]] = {"small": {"sneak": 1}, "normal": {}, "large": {"strength": 1}}
SIZE_HP_TIMES: dict[str, int] = {"small": 1, "normal": 1, "large": 2}

UNDEAD_STRENGTH = 2
UNDEAD_DEFENCE: dict[str, int] = {"skeleton": 1, "ghoul": 2, "zombie": 3}
POISONOUS_UNDEAD = ("ghoul",)
VERMIN_ATTRIBUTE = 1
VERMIN_DEFENCE = 2
DRAGON_ATTRIBUTE = 3
DRAGON_DEFENCE = 5

# How often a monster is poisonous: always, never, or half the time (rolled).
POISON_ALWAYS, POISON_NEVER, POISON_HALF = "always", "never", "half"


@dataclass(frozen=True, slots=True)
class MonsterProfile:
    """What the rules fix for a kind of monster.

    `attributes` is the full set when the rules fix it (vermin, undead, dragons);
    humanoids have a `pattern` instead, because the rules leave the choice of
    attributes to the referee (or the dice)."""

    defence: int
    hp: HpRoll
    poison: str
    attributes: dict[str, int] | None = None
    pattern: RankPattern | None = None
    size_bonus: dict[str, int] | None = None
    special_rules: tuple[str, ...] = ()


def monster_profile(
    type_: str, rank: str | None = None, size: str = "normal", undead_type: str | None = None
) -> MonsterProfile:
    """The rules' profile for a monster of this type (and rank, size or undead type)."""
    if type_ == "humanoid":
        pattern = RANK_PATTERNS[rank or "grunt"]
        return MonsterProfile(
            defence=pattern.defence,
            hp=HpRoll(1, pattern.hp_plus, SIZE_HP_TIMES[size]),
            poison=POISON_NEVER,
            pattern=pattern,
            size_bonus=SIZE_BONUS[size],
        )
    if type_ == "vermin":
        return MonsterProfile(
            VERMIN_DEFENCE, HpRoll(1), POISON_HALF, attributes=dict.fromkeys(ATTRIBUTES, VERMIN_ATTRIBUTE)
        )
    if type_ == "undead":
        undead_type = undead_type or "skeleton"
        attributes = dict.fromkeys(ATTRIBUTES, 0)
        attributes["strength"] = UNDEAD_STRENGTH
        poison = POISON_ALWAYS if undead_type in POISONOUS_UNDEAD else POISON_NEVER
        return MonsterProfile(
            UNDEAD_DEFENCE[undead_type], HpRoll(0, 1), poison, attributes=attributes, special_rules=("undead",)
        )
    if type_ == "dragon":
        return MonsterProfile(
            DRAGON_DEFENCE,
            HpRoll(3),
            POISON_NEVER,
            attributes=dict.fromkeys(ATTRIBUTES, DRAGON_ATTRIBUTE),
            special_rules=("thrashing", "flaming-acid"),
        )
    raise ValueError(f"unknown monster type {type_!r}")


def humanoid_attributes(pattern: RankPattern, raised: list[str], size_bonus: dict[str, int]) -> dict[str, int]:
    """A humanoid's attributes: the pattern's raised values given to `raised` (in
    order), every other attribute at the pattern's base, then the size bonus."""
    values = dict.fromkeys(ATTRIBUTES, pattern.others)
    for name, value in zip(raised, pattern.raised):
        values[name] = value
    for name, bonus in size_bonus.items():
        values[name] += bonus
    return values


def highest_monster_attribute() -> int:
    """The highest attribute the rules give any monster (a large commander's STRENGTH)."""
    humanoid = max(max(p.raised) for p in RANK_PATTERNS.values()) + max(
        (b for bonus in SIZE_BONUS.values() for b in bonus.values()), default=0
    )
    return max(humanoid, VERMIN_ATTRIBUTE, UNDEAD_STRENGTH, DRAGON_ATTRIBUTE)


def coins_for(hp: int) -> int:
    """A monster's treasure in coins: its HP times 10."""
    return hp * 10


# --- magic items --------------------------------------------------------------------

EQUIPMENT = "equipment"
ARMS_ARMOUR = "arms-armour"
UNIQUE = "unique"

#: The two magic item tables, by 1d6 result. The equipment table's 6 reads
#: `ROLL AGAIN*`, and its footnote describes a unique item that a code word awakens
#: (its power is the referee's choice). sheetgen's reading: the 6 is that unique
#: item, with no further roll (`reconstructed.equipment_six` in kubos-tables).
MAGIC_TABLES: dict[str, tuple[str, ...]] = {
    EQUIPMENT: ("strength", "strength", "sneak", "slight", "senses", UNIQUE),
    ARMS_ARMOUR: ("skill", "skill", "shoot", "shoot", "defence", "defence"),
}
TABLE_NAMES = {EQUIPMENT: "Equipment", ARMS_ARMOUR: "Arms / armour"}


def magic_table_for(roll: int) -> str:
    """Which table a 1d6 picks: even rolls give equipment, odd rolls arms or armour."""
    return EQUIPMENT if roll % 2 == 0 else ARMS_ARMOUR


@lru_cache(maxsize=256)
def _outcomes(roll: HpRoll) -> tuple[tuple[int, int], ...]:
    """`HpRoll.outcomes`, worked out once per roll (every monster of a kind asks for it)."""
    counts: Counter = Counter()
    for faces in itertools.product(DIE, repeat=roll.dice):
        counts[roll._total(faces)] += 1
    return tuple(counts.items())
