"""The games sheetgen serves and the kinds of content each reads.

A game has one module per stage, found by its name: `sheetgen.content.models.<game>`
(its `KINDS`), `sheetgen.rules.<game>`, `sheetgen.layout.sheets.<game>` and
`sheetgen.generate.<game>`. They are imported when content of that game is read or
built, so a build pays only for the games it uses. The kinds are listed here, by name,
so that reading a file does not import every game to learn what `kind:` values exist;
`tests/test_architecture.py` checks this table against the modules' own `KINDS`.

Order matters: rules run game by game in this order, kinds within a game in the order
given (referenced kinds first).
"""

from __future__ import annotations

COMMON_KINDS: tuple[str, ...] = ("theme", "reference-deck", "handout")

GAMES: dict[str, tuple[str, ...]] = {
    "cubit": ("cubit-interface", "upgrade", "faction", "cubit"),
    "tricube": ("tricube-rules", "tricube-character", "tricube-foe", "tricube-table"),
    "kubos": ("kubos-tables", "kubos-character", "kubos-monster"),
    "cubes": ("cubes-civilization", "cubes-game"),
    "grimdark": ("grimdark-rules", "grimdark-unit", "grimdark-army", "grimdark-mission"),
}

#: How people write each game's name (and the folder of publishers' bundles), for pages.
TITLES: dict[str, str] = {
    "cubit": "Cubit",
    "tricube": "Tricube Tales",
    "kubos": "KUBOS",
    "cubes": "CUBES!",
    "grimdark": "Grimdark Future – Cubes",
    "handouts": "Handouts",
}

_GAME_OF_KIND = {kind: game for game, kinds in GAMES.items() for kind in kinds}


def game_of_kind(kind: str) -> str | None:
    """The game a kind belongs to; None for kinds every game shares (and unknown kinds)."""
    return _GAME_OF_KIND.get(kind)


def stage_module(stage: str, game: str):
    """A game's module of a stage (`rules`, `layout.sheets`, `generate`), imported now;
    None when the game has none (a game need not offer generators)."""
    import importlib
    import importlib.util

    name = f"sheetgen.{stage}.{game}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def all_kinds() -> tuple[str, ...]:
    return COMMON_KINDS + tuple(k for kinds in GAMES.values() for k in kinds)
