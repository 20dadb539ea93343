"""The rules reminders printed on KUBOS character sheets. Their words are in
`templates/kubos/captions.j2`; the numbers come from the rules."""

from __future__ import annotations

from sheetgen.layout.templates import caption
from sheetgen.rules.kubos.core import CARRY_BASE, COINS_PER_ITEM, EFFECT_OFFSET, ITEMS_PER_DV, SUCCESS_TOTAL

TEMPLATE = "kubos/captions.j2"


def action_roll() -> str:
    return caption(TEMPLATE, "action_roll", success=SUCCESS_TOTAL, offset=EFFECT_OFFSET)


def fate_points() -> str:
    return caption(TEMPLATE, "fate_points")


def heroic_action() -> str:
    return caption(TEMPLATE, "heroic_action")


def hit_points() -> str:
    return caption(TEMPLATE, "hit_points")


def after_adventure() -> str:
    return caption(TEMPLATE, "after_adventure")


def carrying() -> str:
    return caption(TEMPLATE, "carrying", base=CARRY_BASE, per_dv=ITEMS_PER_DV, coins_per_item=COINS_PER_ITEM)


def magic_items() -> str:
    return caption(TEMPLATE, "magic_items")
