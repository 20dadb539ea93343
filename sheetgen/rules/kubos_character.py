"""KUBOS characters: the creation rules, and what follows from them (DEFENCE, how
much they carry, whether they are ENCUMBERED)."""

from __future__ import annotations

import math

from sheetgen.content.loader import Document
from sheetgen.content.models.kubos import KubosCharacter
from sheetgen.rules.base import RuleContext
from sheetgen.rules.kubos_common import check_magic_items, check_not_negative
from sheetgen.rules.kubos_core import (
    ARMOUR_DV_MAX,
    ATTRIBUTE_MAX,
    ATTRIBUTE_POINTS,
    ATTRIBUTES,
    COINS_PER_ITEM,
    ITEMS_PER_DV,
    carry_capacity,
)
from sheetgen.rules.kubos_tables import find_tables, item_name, item_types, item_weight

STARTING_ORDINARY_ITEMS = 2


def coin_weight(coins: int, rounding: str) -> int:
    """Items the coins weigh: 100 coins are one item; part-hundreds as the tables say."""
    if rounding == "up":
        return math.ceil(coins / COINS_PER_ITEM)
    return coins // COINS_PER_ITEM


def check_character(doc: Document, ctx: RuleContext) -> dict | None:
    """Attributes 0–3 summing to 6, HP and FP not negative, armour DV 0–4, the
    starting kit for new characters; derived: DEFENCE, load and capacity."""
    ch: KubosCharacter = doc.model  # type: ignore[assignment]
    _check_attributes(doc, ctx, ch)
    check_not_negative(doc, ctx, ("hp",), ch.hp, "kubos.hp-negative", "hp")
    check_not_negative(doc, ctx, ("fate_points",), ch.fate_points, "kubos.fate-points-negative", "fate_points")
    check_not_negative(doc, ctx, ("coins",), ch.coins, "kubos.coins-negative", "coins")
    check_not_negative(doc, ctx, ("adventures",), ch.adventures, "kubos.adventures-negative", "adventures")
    hp_current = ch.hp if ch.hp_current is None else ch.hp_current
    if ch.hp_current is not None and ch.hp >= 0 and not 0 <= ch.hp_current <= ch.hp:
        ctx.error(doc, ("hp_current",), "kubos.hp-current-range",
                  f"hp_current is {ch.hp_current}; it must lie between 0 and the normal hp ({ch.hp})",
                  "HP never rise above their normal value (a healing potion restores them to it); "
                  "a character at 0 or less is dead")
    dv = ch.armour.dv if ch.armour else 0
    if ch.armour is not None and not 0 <= dv <= ARMOUR_DV_MAX:
        ctx.error(doc, ("armour", "dv"), "kubos.armour-dv-range",
                  f"armour DV is {dv}; it must be 0 to {ARMOUR_DV_MAX}",
                  f"the heaviest armour (full plate and a heavy shield) is DV {ARMOUR_DV_MAX}")
    magic = check_magic_items(doc, ctx, ("magic_items",), ch.magic_items)
    tables = find_tables(doc, ctx)
    if tables is None:
        return None
    items = []
    for i, entry in enumerate(ch.items):
        types = item_types(entry, tables.item_words)
        weight = item_weight(entry, types)
        check_not_negative(doc, ctx, ("items", i, "count"), weight, "kubos.item-count-negative", "the item's count")
        items.append({"name": item_name(entry), "types": sorted(types), "weight": weight})
    if ch.adventures == 0:
        _check_starting_kit(doc, ctx, ch, items)
    load = {
        "items": sum(max(0, it["weight"]) for it in items),
        "armour": max(0, dv) * ITEMS_PER_DV,
        "coins": coin_weight(max(0, ch.coins), tables.carrying.coin_rounding),
        "magic_items": len(ch.magic_items) * tables.carrying.magic_item_weight,
    }
    carried = sum(load.values())
    capacity = carry_capacity(ch.attributes.strength)
    return {
        "attributes": ch.attributes.model_dump(),
        "defence": dv,
        "hp": ch.hp,
        "hp_current": hp_current,
        "fate_points": ch.fate_points,
        "items": items,
        "load": load,
        "carried": carried,
        "capacity": capacity,
        "encumbered": carried > capacity,
        "magic_items": magic,
    }


def _check_attributes(doc: Document, ctx: RuleContext, ch: KubosCharacter) -> None:
    values = ch.attributes.model_dump()
    in_range = True
    for name in ATTRIBUTES:
        value = values[name]
        if not 0 <= value <= ATTRIBUTE_MAX:
            in_range = False
            ctx.error(doc, ("attributes", name), "kubos.attribute-range",
                      f"{name.upper()} is {value}; an attribute is 0, 1, 2 or {ATTRIBUTE_MAX}",
                      f"set {name} between 0 and {ATTRIBUTE_MAX}")
    total = sum(values.values())
    if in_range and total != ATTRIBUTE_POINTS:
        spread = ", ".join(f"{n} {values[n]}" for n in ATTRIBUTES)
        change = "take away" if total > ATTRIBUTE_POINTS else "add"
        ctx.error(doc, ("attributes",), "kubos.attribute-total",
                  f"the attributes add up to {total} ({spread}); a character shares exactly {ATTRIBUTE_POINTS} points",
                  f"{change} {abs(total - ATTRIBUTE_POINTS)} point{'s' if abs(total - ATTRIBUTE_POINTS) != 1 else ''}")


def _check_starting_kit(doc: Document, ctx: RuleContext, ch: KubosCharacter, items: list[dict]) -> None:
    has = lambda kind: any(kind in it["types"] for it in items)  # noqa: E731
    ordinary = sum(max(0, it["weight"]) for it in items if it["types"] == ["ordinary"])
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
    listed = ", ".join(it["name"] for it in items) or "nothing"
    ctx.warning(doc, ("items",), "kubos.starting-kit",
                f"{ch.name} is new (adventures: 0) but lacks {_and(missing)} from the starting kit (items: {listed})",
                "a new character starts with a hand weapon, a missile weapon with ammunition and two ordinary items; "
                "add them to `items` (write `{name: …, types: [hand-weapon]}` if the name does not say it), "
                "or set `adventures:` if the character has adventured already")


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

