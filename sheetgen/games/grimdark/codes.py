"""The diagnostic codes Grimdark Future – Cubes's rules report: what each means and how to fix it
(collected into `docs/reference/diagnostics.md` through the game's record)."""

from __future__ import annotations

#: code → (what it means, how to fix it)
CODES: dict[str, tuple[str, str]] = {
    "grimdark.attacks-below-one": ("A weapon makes fewer than one attack.", "Write `attacks: 1` or more."),
    "grimdark.bad-range": (
        "A weapon's range cannot be read.",
        "Write inches (`24in`) or squares (`8sq`); a melee weapon has none.",
    ),
    "grimdark.bad-rule": (
        "A special rule cannot be read (`Tough(3)` form).",
        "Write the rule's name and, where it takes one, its rating in brackets.",
    ),
    "grimdark.cost-negative": ("A unit's points are negative.", "Write the unit's points, 0 or more."),
    "grimdark.count-below-one": (
        "An army takes a unit fewer than once.",
        "Write `count: 1` or more, or remove the entry.",
    ),
    "grimdark.defense-range": (
        "A unit's defense is not a die roll from 2+ to 6+.",
        "Write a defense from 2 to 6 (4 means 4+).",
    ),
    "grimdark.deployment-depth": (
        "Deployment zones are so deep they leave no room between them.",
        "Use a smaller depth (0: no zones).",
    ),
    "grimdark.duplicate-rule": ("The glossary defines a rule twice.", "Define each rule once."),
    "grimdark.fast-and-slow": ("A unit is both Fast and Slow (a warning).", "Keep one of them."),
    "grimdark.grid-size": (
        "A mission's grid is too small or too large.",
        "The rulebook plays on 12 × 12 squares (also 8 × 8, 10 × 10 or 18 × 12).",
    ),
    "grimdark.hero-joins-hero": (
        "A hero joins another hero; heroes join units.",
        "Join the hero to a unit that is not a hero.",
    ),
    "grimdark.hero-joins-twice": (
        "A hero is joined to more than one unit.",
        "Join it to one unit; for a second such hero, give it a unit document of its own.",
    ),
    "grimdark.join-copies": (
        "A hero joins a unit taken several times, so which copy it leads is not said.",
        "Write the copy it joins as an entry of its own, and take the others with a smaller `count`.",
    ),
    "grimdark.join-too-small": (
        "A hero joins a unit with fewer models than a hero may join.",
        "Join it to a unit of several models, or list it as a unit of its own.",
    ),
    "grimdark.mat-square-too-big": (
        "The mission's square does not fit on the paper inside the printable margin.",
        "Choose a smaller square for the mission, or a narrower `printable_margin`.",
    ),
    "grimdark.not-a-hero": (
        "A unit without the Hero rule joins another unit; only heroes join units.",
        "List it as a unit of its own, or give it the Hero rule.",
    ),
    "grimdark.objective-in-deployment": (
        "An objective marker touches a deployment zone.",
        "Move the marker outside the zones.",
    ),
    "grimdark.objective-off-grid": (
        "An objective marker is not on a corner shared by four squares.",
        "Write `[x, y]` within the grid, as the hint gives.",
    ),
    "grimdark.objectives-too-close": (
        "Two objective markers are too close together.",
        "Move one of them further away.",
    ),
    "grimdark.over-points": (
        "The army costs more than its points limit.",
        "Take fewer or cheaper units, or raise the limit.",
    ),
    "grimdark.points-limit": (
        "The points limit is not a positive number.",
        "Write the game's size in points, such as 500.",
    ),
    "grimdark.quality-range": (
        "A unit's quality is not a die roll from 2+ to 6+.",
        "Write a quality from 2 to 6 (4 means 4+).",
    ),
    "grimdark.range-without-unit": ("A range is a bare number.", "Write inches (`24in`) or squares (`8sq`)."),
    "grimdark.rating-mismatch": ("A rule's rating disagrees with the rulebook's.", "Set the rating the hint gives."),
    "grimdark.rating-missing": ("A rule that takes a rating has none.", "Write it as `Rule(X)`."),
    "grimdark.rating-not-allowed": ("A rule that takes no rating has one.", "Write the rule's name alone."),
    "grimdark.rounds": ("A mission's rounds are not a usable number.", "Write `rounds: 4`."),
    "grimdark.size-below-one": ("A unit has fewer than one model.", "Write the number of models, 1 or more."),
    "grimdark.square-size": ("A square is too small or too large to hold models.", "The rulebook's squares are `3in`."),
    "grimdark.too-many-heroes": (
        "More heroes join one unit than a unit takes.",
        "Join the others to other units, or list them as units of their own.",
    ),
    "grimdark.unknown-rule": (
        "A special rule is neither the rulebook's nor the glossary's; cards print it without text (a warning).",
        "Correct its name, or define it in a `grimdark-rules` glossary.",
    ),
    "grimdark.weapon-count": (
        "More models carry a weapon than the unit has.",
        "Write a count from 1 to the unit's size.",
    ),
    "grimdark.weapon-rule-on-unit": (
        "A weapon's rule is listed among the unit's special rules (a warning).",
        "Move it to the weapon's `rules`.",
    ),
}
