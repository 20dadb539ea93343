"""KUBOS characters: the creation rules, and what follows from them (DEFENCE, how
much they carry, whether they are ENCUMBERED)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.kubos.common import check_at_most, check_magic_items, check_not_negative
from sheetgen.rules.kubos.core import (
    ADVENTURES_MAX,
    ARMOUR_DV_MAX,
    ATTRIBUTE_MAX,
    ATTRIBUTE_POINTS,
    ATTRIBUTES,
    COINS_MAX,
    COINS_PER_ITEM,
    FATE_POINTS_MAX,
    HP_MAX,
    ITEM_COUNT_MAX,
    ITEMS_PER_DV,
    STARTING_FP,
    STARTING_HP,
    carry_capacity,
    coins_for,
    monster_profile,
)
from sheetgen.rules.kubos.tables import find_tables, item_name, item_types, item_weight
from sheetgen.rules.kubos.values import CarriedItem, CharacterValues, Load

if TYPE_CHECKING:
    from sheetgen.content.models.kubos import KubosCharacter

STARTING_ORDINARY_ITEMS = 2


def coin_weight(coins: int, rounding: str) -> int:
    """Items the coins weigh: 100 coins are one item; part-hundreds as the tables say."""
    if rounding == "up":
        return math.ceil(coins / COINS_PER_ITEM)
    return coins // COINS_PER_ITEM


def check_character(doc: Document, ctx: RuleContext) -> CharacterValues | None:
    """Attributes 0–3 summing to 6, HP from 6 up (6 HP and 6 FP for a new character,
    at most +1 HP per adventure), counts not negative nor absurd, armour DV 0–4, the
    starting kit for new characters; derived: DEFENCE, load and capacity."""
    ch: KubosCharacter = doc.model  # type: ignore[assignment]
    _check_attributes(doc, ctx, ch)
    _check_hp_and_fate(doc, ctx, ch)
    if check_not_negative(doc, ctx, ("coins",), ch.coins, "kubos.coins-negative", "coins"):
        check_at_most(
            doc,
            ctx,
            ("coins",),
            ch.coins,
            COINS_MAX,
            "kubos.number-too-high",
            "coins",
            f"a dragon's hoard is at most {_largest_hoard()}",
        )
    if check_not_negative(doc, ctx, ("adventures",), ch.adventures, "kubos.adventures-negative", "adventures"):
        check_at_most(
            doc,
            ctx,
            ("adventures",),
            ch.adventures,
            ADVENTURES_MAX,
            "kubos.number-too-high",
            "adventures",
            "a campaign of a lifetime",
        )
    hp_current = ch.hp if ch.hp_current is None else ch.hp_current
    if ch.hp_current is not None and ch.hp >= 0 and not 0 <= ch.hp_current <= ch.hp:
        ctx.error(
            doc,
            ("hp_current",),
            "kubos.hp-current-range",
            f"hp_current is {ch.hp_current}; it must lie between 0 and the normal hp ({ch.hp})",
            "HP never rise above their normal value (a healing potion restores them to it); "
            "a character at 0 or less is dead",
        )
    dv = ch.armour.dv if ch.armour else 0
    if ch.armour is not None and not 0 <= dv <= ARMOUR_DV_MAX:
        ctx.error(
            doc,
            ("armour", "dv"),
            "kubos.armour-dv-range",
            f"armour DV is {dv}; it must be 0 to {ARMOUR_DV_MAX}",
            f"the heaviest armour (full plate and a heavy shield) is DV {ARMOUR_DV_MAX}",
        )
    magic = check_magic_items(doc, ctx, ("magic_items",), ch.magic_items)
    tables = find_tables(doc, ctx)
    if tables is None:
        return None
    items = []
    for i, entry in enumerate(ch.items):
        types = item_types(entry, tables.item_words)
        weight = item_weight(entry, types)
        if check_not_negative(doc, ctx, ("items", i, "count"), weight, "kubos.item-count-negative", "the item's count"):
            check_at_most(
                doc,
                ctx,
                ("items", i, "count"),
                weight,
                ITEM_COUNT_MAX,
                "kubos.number-too-high",
                "the item's count",
                f"the strongest hero carries {carry_capacity(ATTRIBUTE_MAX)} items",
            )
        items.append(CarriedItem(item_name(entry), tuple(sorted(types)), weight))
    if ch.adventures == 0:
        _check_starting_kit(doc, ctx, ch, items)
    load = Load(
        items=sum(max(0, it.weight) for it in items),
        armour=max(0, dv) * ITEMS_PER_DV,
        coins=coin_weight(max(0, ch.coins), tables.carrying.coin_rounding),
        magic_items=len(ch.magic_items) * tables.carrying.magic_item_weight,
    )
    carried = load.total
    capacity = carry_capacity(ch.attributes.strength)
    return CharacterValues(
        attributes=ch.attributes.model_dump(),
        defence=dv,
        hp=ch.hp,
        hp_current=hp_current,
        fate_points=ch.fate_points,
        items=tuple(items),
        load=load,
        carried=carried,
        capacity=capacity,
        encumbered=carried > capacity,
        magic_items=magic,
    )


def _largest_hoard() -> int:
    """The most coins any monster the rules roll can hold: the toughest dragon's."""
    return coins_for(monster_profile("dragon").hp.highest)


def _check_hp_and_fate(doc: Document, ctx: RuleContext, ch: KubosCharacter) -> None:
    """Normal HP start at 6 and rise by at most 1 per adventure; a new character has 6 HP and 6 FP."""
    hp_ok = fp_ok = True
    if ch.hp < STARTING_HP:
        hp_ok = False
        ctx.error(
            doc,
            ("hp",),
            "kubos.hp-below-start",
            f"hp is {ch.hp}; every character starts with {STARTING_HP} HP, and normal HP only ever rise",
            f"write the normal HP ({STARTING_HP}, +1 for each time FP were spent on HP after an adventure); "
            "HP lost to wounds go in `hp_current`",
        )
    else:
        hp_ok = check_at_most(
            doc, ctx, ("hp",), ch.hp, HP_MAX, "kubos.hp-too-high", "hp", "a character gains at most 1 HP per adventure"
        )
    if check_not_negative(doc, ctx, ("fate_points",), ch.fate_points, "kubos.fate-points-negative", "fate_points"):
        fp_ok = check_at_most(
            doc,
            ctx,
            ("fate_points",),
            ch.fate_points,
            FATE_POINTS_MAX,
            "kubos.number-too-high",
            "fate_points",
            "more than any campaign earns",
        )
    else:
        fp_ok = False
    adventures = ch.adventures
    if not 0 <= adventures <= ADVENTURES_MAX:
        return
    if adventures == 0:
        hint = "set `adventures:` to the adventures the character has completed, or keep it on purpose"
        if hp_ok and ch.hp != STARTING_HP:
            ctx.warning(
                doc,
                ("hp",),
                "kubos.new-character-start",
                f"{ch.name} is new (adventures: 0) with hp {ch.hp}; a new character has {STARTING_HP} HP",
                f"write `hp: {STARTING_HP}`, or {hint}",
            )
        if fp_ok and ch.fate_points != STARTING_FP:
            ctx.warning(
                doc,
                ("fate_points",),
                "kubos.new-character-start",
                f"{ch.name} is new (adventures: 0) with fate_points {ch.fate_points}; "
                f"a new character has {STARTING_FP} FP",
                f"write `fate_points: {STARTING_FP}`, or {hint}",
            )
    elif hp_ok and ch.hp > STARTING_HP + adventures:
        ctx.warning(
            doc,
            ("hp",),
            "kubos.hp-above-adventures",
            f"hp is {ch.hp}, but {adventures} adventure{'s' if adventures != 1 else ''} raise a character's "
            f"{STARTING_HP} HP to {STARTING_HP + adventures} at most",
            "each adventure ends with at most one +1 HP (bought with 1d6 FP): lower `hp`, raise "
            "`adventures`, or keep it on purpose",
        )


def _check_attributes(doc: Document, ctx: RuleContext, ch: KubosCharacter) -> None:
    values = ch.attributes.model_dump()
    in_range = True
    for name in ATTRIBUTES:
        value = values[name]
        if not 0 <= value <= ATTRIBUTE_MAX:
            in_range = False
            ctx.error(
                doc,
                ("attributes", name),
                "kubos.attribute-range",
                f"{name.upper()} is {value}; an attribute is 0, 1, 2 or {ATTRIBUTE_MAX}",
                f"set {name} between 0 and {ATTRIBUTE_MAX}",
            )
    total = sum(values.values())
    if in_range and total != ATTRIBUTE_POINTS:
        spread = ", ".join(f"{n} {values[n]}" for n in ATTRIBUTES)
        change = "take away" if total > ATTRIBUTE_POINTS else "add"
        ctx.error(
            doc,
            ("attributes",),
            "kubos.attribute-total",
            f"the attributes add up to {total} ({spread}); a character shares exactly {ATTRIBUTE_POINTS} points",
            f"{change} {abs(total - ATTRIBUTE_POINTS)} point{'s' if abs(total - ATTRIBUTE_POINTS) != 1 else ''}",
        )


def _check_starting_kit(doc: Document, ctx: RuleContext, ch: KubosCharacter, items: list[CarriedItem]) -> None:
    def has(kind: str) -> bool:
        return any(kind in it.types for it in items)

    ordinary = sum(max(0, it.weight) for it in items if it.types == ("ordinary",))
    missing = []
    if not has("hand-weapon"):
        missing.append("a hand weapon")
    if not has("missile-weapon"):
        missing.append("a missile weapon")
    if not has("ammunition"):
        missing.append("ammunition")
    short = STARTING_ORDINARY_ITEMS - ordinary
    if short > 0:
        missing.append(f"{short} more ordinary item{'s' if short > 1 else ''}")
    if not missing:
        return
    listed = ", ".join(it.name for it in items) or "nothing"
    ctx.warning(
        doc,
        ("items",),
        "kubos.starting-kit",
        f"{ch.name} is new (adventures: 0) but lacks {_and(missing)} from the starting kit (items: {listed})",
        "a new character starts with a hand weapon, a missile weapon with ammunition and two ordinary items; "
        "add them to `items` (write `{name: …, types: [hand-weapon]}` if the name does not say it), "
        "or set `adventures:` if the character has adventured already",
    )


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
