"""The diagnostic codes Cubit's rules report: what each means and how to fix it
(collected into `docs/reference/diagnostics.md` through the game's record)."""

from __future__ import annotations

#: code → (what it means, how to fix it)
CODES: dict[str, tuple[str, str]] = {
    "cubit.action-interface-not-allowed": (
        "An upgrade lists actions for an interface it is not allowed on.",
        "Add the interface to `interfaces`, or remove its actions.",
    ),
    "cubit.action-missing": (
        "A specialization-style upgrade does not name the action it improves.",
        "Name the action (`Ma5[specialization:repair]`).",
    ),
    "cubit.action-not-allowed": ("An action is given for an upgrade that takes none.", "Remove the action."),
    "cubit.any-with-others": (
        "An upgrade lists `any` beside other interfaces.",
        "Write `interfaces: [any]` alone, or list the interfaces without `any`.",
    ),
    "cubit.bad-capacity": ("A capacity is less than 1.", "Give the number of charges it holds when full."),
    "cubit.bad-code": ("An interface code is not two letters (a capital and a small one).", "Write it like `Ma`."),
    "cubit.bad-icon": (
        "An interface icon is not valid SVG path data.",
        "Write path data such as `M 10 10 L 90 10 L 50 90 Z` in a 0..100 box.",
    ),
    "cubit.bad-notation": (
        "A cubit's faces written as notation (`Ai2 Ma6[martial-arts] …`) cannot be read.",
        "Write each face as code and skill, upgrades in brackets: `Mo5[swerve,swerve]`.",
    ),
    "cubit.bad-order": (
        "An interface's `order` is not a die number 1 to 6.",
        "Give each of the six interfaces its own number from 1 to 6.",
    ),
    "cubit.bad-upgrade-entry": (
        "An upgrade entry names its upgrade twice, or not at all.",
        "Write `{upgrade: battery, capacity: 2}`, `{specialization: persuade}` or just the id.",
    ),
    "cubit.capacity-missing": (
        "An upgrade that costs per charge has no capacity.",
        "Write `{upgrade: ID, capacity: 2}` (or `ID:2` in the notation).",
    ),
    "cubit.capacity-not-allowed": ("A capacity is given for an upgrade of fixed cost.", "Remove the capacity."),
    "cubit.capacity-too-large": (
        "A capacity is larger than the sheet has boxes for.",
        "Give a smaller capacity; for more charges carry a second one.",
    ),
    "cubit.charges-over-capacity": (
        "`charges` is more than the capacity (or negative).",
        "Write a number from 0 to the capacity.",
    ),
    "cubit.charges-without-capacity": (
        "`charges` is given without `capacity`.",
        "Add `capacity:`, the charges it holds when full.",
    ),
    "cubit.duplicate-code": ("Two interfaces share a two-letter code.", "Give each interface its own code."),
    "cubit.duplicate-form": ("An upgrade lists a form (`permanent`, `temporary`) twice.", "List each form once."),
    "cubit.duplicate-order": (
        "Two interfaces share a die order.",
        "Give each of the six interfaces its own number from 1 to 6.",
    ),
    "cubit.duplicate-storage": ("A face's storage compartment is listed twice.", "Put all its items in one entry."),
    "cubit.duplicate-upgrade": (
        "An upgrade that does not stack is on one face twice.",
        "Remove the second (or mark the upgrade `stackable: true` in the catalog).",
    ),
    "cubit.face-count": ("A cubit does not have one face per die number.", "Give six faces, in die order."),
    "cubit.face-out-of-range": (
        "A temporary upgrade names a face that does not exist.",
        "Write the die number (1–6) of the face it is stuck on.",
    ),
    "cubit.faction-self": ("A faction likes or dislikes itself.", "Remove it from its own `likes`/`dislikes`."),
    "cubit.grid-square-too-big": (
        "The battle-grid mat's square does not fit on the paper inside the printable margin.",
        "Choose a smaller `--cube-size`, or a narrower `printable_margin`.",
    ),
    "cubit.icon-outside-box": (
        "An interface icon reaches outside its 0..100 box.",
        "Scale the path so every coordinate lies between 0 and 100.",
    ),
    "cubit.incomplete-interfaces": (
        "The interface documents leave a die number without an interface (a warning).",
        "Add an interface document with the missing `order`.",
    ),
    "cubit.likes-and-dislikes": (
        "A faction both likes and dislikes another.",
        "Keep it in one of `likes` and `dislikes`.",
    ),
    "cubit.negative-advancement": (
        "`advancement` is negative.",
        "Write the skill points the GM has awarded, 0 or more.",
    ),
    "cubit.negative-cost": (
        "An upgrade's cost is negative.",
        "Write the skill levels it takes from its face, 0 or more.",
    ),
    "cubit.net-does-not-fit": (
        "The cube net does not fit on the paper at this cube size.",
        "Choose a smaller `--cube-size`, or larger paper.",
    ),
    "cubit.no-standard-interface": (
        "No interface has a die order a standard cubit needs.",
        "Give one interface document that `order`.",
    ),
    "cubit.no-storage": (
        "Items are stored behind a face whose interface has no storage compartment.",
        "Store them behind a face that has one (the hint names them).",
    ),
    "cubit.not-permanent": (
        "An upgrade that only comes temporary is listed as permanent.",
        "List it under `temporary_upgrades` with the face it sits on.",
    ),
    "cubit.not-standard": (
        "A standard cubit has its interfaces out of the standard order.",
        "Put the interfaces in the standard order, or write `configuration: custom`.",
    ),
    "cubit.not-temporary": (
        "An upgrade that only comes permanent is listed as temporary.",
        "List it in the `upgrades` of a face.",
    ),
    "cubit.shared-colour-not-liked": (
        "Two factions share a colour but do not like each other (a warning).",
        "Add each to the other's `likes`, or give one another colour.",
    ),
    "cubit.skill-below-one": (
        "A face's effective skill (after upgrade costs) is below 1.",
        "Raise the skill, or remove an upgrade from the face.",
    ),
    "cubit.skill-total": (
        "A standard cubit's skills do not add up to 21 plus its advancement.",
        "Change the skills so they add up to the total the message gives.",
    ),
    "cubit.too-many-temporary-upgrades": (
        "A cubit carries more temporary upgrades than its sheet has room for.",
        "Keep fewer on the cubit; the rest can wait in storage.",
    ),
    "cubit.unknown-action": (
        "A specialization names an action its interface does not have.",
        "Use one of the interface's actions (the hint suggests one).",
    ),
    "cubit.unknown-faction": ("`faction` names no faction.", "Use a faction's id (the hint suggests the closest)."),
    "cubit.unknown-interface": (
        "An interface is named that does not exist.",
        "Use an interface's id or code (the hint suggests the closest).",
    ),
    "cubit.unknown-upgrade": (
        "An upgrade is named that is not in the catalog.",
        "Use an upgrade's id (the hint suggests the closest), or add it to the catalog.",
    ),
    "cubit.upgrade-not-allowed": (
        "An upgrade sits on an interface it is not made for.",
        "Move it to a face with one of its interfaces.",
    ),
}
