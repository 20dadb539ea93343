"""The diagnostic codes CUBES!'s rules report: what each means and how to fix it
(collected into `docs/reference/diagnostics.md` through the game's record)."""

from __future__ import annotations

#: code → (what it means, how to fix it)
CODES: dict[str, tuple[str, str]] = {
    "cubes.census-start-out-of-range": (
        "`census_start` is more than the civilization's starting cubes (or negative).",
        "Write a `census_start` from 0 to the number the message gives.",
    ),
    "cubes.civilization-in-two-games": (
        "One civilization is listed in two games; a record sheet belongs to one table.",
        "Give the other game its own civilization (a copy under a new id).",
    ),
    "cubes.duplicate-civilization": ("A game lists the same civilization twice.", "List each civilization once."),
    "cubes.duplicate-color": (
        "Two civilizations at one table play the same colour.",
        "Give one of them another colour.",
    ),
    "cubes.game-size": ("A game lists fewer than 2 or more than 6 civilizations.", "List 2 to 6 civilizations."),
    "cubes.kit-incomplete": (
        "A game's kit was laid out without its civilizations' documents.",
        "Build the kit together with its `cubes-civilization` documents.",
    ),
    "cubes.no-color": (
        "A civilization at a table has no colour, which its embassy cubes need.",
        "Add `color:` to the civilization.",
    ),
}
