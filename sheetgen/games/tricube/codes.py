"""The diagnostic codes Tricube Tales's rules report: what each means and how to fix it
(collected into `docs/reference/diagnostics.md` through the game's record)."""

from __future__ import annotations

#: code → (what it means, how to fix it)
CODES: dict[str, tuple[str, str]] = {
    "tricube.current-out-of-range": (
        "A current number of tokens is outside 0 to the character's maximum.",
        "Write a value in that range, or leave it out when all tokens are there.",
    ),
    "tricube.difficulty-out-of-range": (
        "A foe's difficulty is not 4 (easy), 5 (standard) or 6 (hard).",
        "Use 4, 5 or 6; most foes are 5.",
    ),
    "tricube.duplicate-entry": (
        "A generator table lists an entry twice (a warning).",
        "Remove one of them, or merge their genres.",
    ),
    "tricube.effort-below-one": ("A foe has no effort tokens.", "Write `effort: 1` or more."),
    "tricube.effort-too-many": (
        "A foe has more effort tokens than fit on its card.",
        "Split it into several challenges of fewer tokens.",
    ),
    "tricube.perk-without-advance": (
        "A character has more perks than its advances account for (a warning).",
        "List the advance that brought each perk under `advances:`.",
    ),
    "tricube.raise-without-advances": (
        "Karma or resolve is above the start without advances to raise it.",
        "List the advances under `advances:`, or lower the value.",
    ),
    "tricube.retired": (
        "A character has more afflictions than one still in play can have (a warning).",
        "Cure an affliction, or retire the character.",
    ),
    "tricube.rules-twice": (
        "Two `tricube-rules` documents are loaded; only one applies.",
        "Keep one `tricube-rules` document in the project.",
    ),
    "tricube.start-above-maximum": ("A starting number is above its maximum.", "Lower the start or raise the maximum."),
    "tricube.unknown-combat-style": ("A combat style the tables do not have.", "Use one of the styles the hint lists."),
    "tricube.unknown-trait": ("A trait that is not Brawny, Agile or Crafty.", "Use one of the traits the hint lists."),
}
