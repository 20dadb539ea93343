"""The diagnostic codes KUBOS's rules report: what each means and how to fix it
(collected into `docs/reference/diagnostics.md` through the game's record)."""

from __future__ import annotations

#: code → (what it means, how to fix it)
CODES: dict[str, tuple[str, str]] = {
    "kubos.adventures-negative": ("`adventures` is negative.", "Write the adventures played, 0 or more."),
    "kubos.armour-dv-range": (
        "Armour DV lies outside what the rules' armour gives.",
        "Write the DV of the armour worn (the hint gives the highest).",
    ),
    "kubos.attribute-range": (
        "An attribute lies outside 0 to its maximum.",
        "Set it within the range the message gives.",
    ),
    "kubos.attribute-total": (
        "A character's attributes do not add up to the points every character shares.",
        "Move points between attributes until they add up.",
    ),
    "kubos.coins-negative": ("`coins` is negative.", "Write 0 or more."),
    "kubos.fate-points-negative": ("`fate_points` is negative.", "Write 0 or more."),
    "kubos.hp-above-adventures": (
        "HP are higher than the adventures played can have raised them (a warning).",
        "Lower `hp`, or raise `adventures`.",
    ),
    "kubos.hp-below-start": (
        "HP are below what every character starts with.",
        "Write the normal HP (the start, +1 for each raise).",
    ),
    "kubos.hp-current-range": ("`hp_current` lies outside 0 to the normal HP.", "Write a value from 0 to `hp`."),
    "kubos.hp-too-high": (
        "HP are higher than any character can reach.",
        "A character gains at most 1 HP per adventure: lower `hp`.",
    ),
    "kubos.item-count-negative": ("An item's count is negative.", "Write 0 or more."),
    "kubos.magic-item-attribute": ("A magic item names no item of its table.", "Use one of the items the hint lists."),
    "kubos.magic-item-weight-range": (
        "`magic_item_weight` lies outside 0 to what the strongest hero can carry.",
        "Write a weight in that range.",
    ),
    "kubos.monster-attribute-range": (
        "A monster's attribute lies outside the range sheetgen takes.",
        "Set it within the range the message gives.",
    ),
    "kubos.monster-attributes-missing": (
        "A humanoid monster has no attributes.",
        "Write `attributes:`, or roll one with `sheetgen new kubos-monster --type humanoid`.",
    ),
    "kubos.monster-attributes-pattern": (
        "A monster's attributes differ from its type's pattern (a warning).",
        "Follow the pattern, or keep the difference on purpose.",
    ),
    "kubos.monster-defence": (
        "A monster's DEFENCE differs from the rules' for its type (a warning).",
        "Write the rules' DEFENCE (or leave it out), or keep the difference on purpose.",
    ),
    "kubos.monster-defence-range": (
        "A monster's DEFENCE lies outside the range sheetgen takes.",
        "Write a DEFENCE within the range the message gives.",
    ),
    "kubos.monster-hp-below-one": ("A monster has 0 HP or less.", "Write the HP it starts with."),
    "kubos.monster-hp-missing": (
        "A monster has no `hp`.",
        "Roll its HP and write `hp:`, or generate it with `sheetgen new kubos-monster`.",
    ),
    "kubos.monster-hp-range": (
        "A monster's HP are outside what its type's roll gives (a warning).",
        "Write a value the roll can give, or keep it on purpose.",
    ),
    "kubos.monster-poison": (
        "A monster the rules never make poisonous is marked poisonous (a warning).",
        "Remove `poisonous: true`, or keep it on purpose.",
    ),
    "kubos.monster-rank-missing": ("A humanoid has no rank.", "Add `rank: grunt`, `captain` or `commander`."),
    "kubos.monster-rank-not-humanoid": ("A monster that is not a humanoid has a rank.", "Remove `rank:`."),
    "kubos.monster-size-not-humanoid": (
        "A monster that is not a humanoid has a size.",
        "Remove `size:`, or adjust its attributes and HP by hand.",
    ),
    "kubos.new-character-start": (
        "A new character (0 adventures) has other HP than a new character has (a warning).",
        "Write the starting HP the message gives.",
    ),
    "kubos.number-too-high": (
        "A number (coins, adventures, fate points, an item's count) is beyond anything the rules give.",
        "Write a smaller number; the hint gives the largest that makes sense.",
    ),
    "kubos.starting-kit": (
        "A new character lacks part of the starting kit (a warning).",
        "Add the items the message lists.",
    ),
    "kubos.tables-duplicate": ("Two `kubos-tables` documents are loaded; only one applies.", "Keep one and edit it."),
    "kubos.tables-missing": (
        "A document needs the `kubos-tables` document and none is loaded.",
        "Leave out `--no-game-data`, or add a `kubos-tables` document.",
    ),
    "kubos.treasure-coins": (
        "A monster's coins differ from its HP × 10 (a warning).",
        "Write the coins the message gives (or leave them out), or keep the difference on purpose.",
    ),
    "kubos.undead-type-missing": (
        "An undead monster has no `undead_type`, on which its DEFENCE depends.",
        "Add `undead_type: skeleton`, `ghoul` or `zombie`.",
    ),
    "kubos.undead-type-not-undead": (
        "A monster that is not undead has an `undead_type`.",
        "Remove `undead_type:`, or make it `type: undead`.",
    ),
    "kubos.vermin-poison-unrolled": (
        "A vermin monster does not say whether it is poisonous (a warning).",
        "Roll 1d6 (even: poisonous) and write `poisonous: true` or `false`.",
    ),
}
