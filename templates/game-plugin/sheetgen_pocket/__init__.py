"""Pocket Quest: a game of one kind (`pocket-hero`) and one product (a hero's page).

The record is all sheetgen reads when it starts; the modules it names are imported only
when content of the game is read or built."""

from sheetgen.games import GameRecord, InitSection

GAME = GameRecord(
    id="pocket",
    title="Pocket Quest",
    color="#2e6b4f",
    kinds={"pocket-hero": "a Pocket Quest hero: name, might and gear"},
    models="sheetgen_pocket.models",
    products="sheetgen_pocket.products",
    package="sheetgen_pocket",
    examples="examples",
    init_section=InitSection("Heroes", "pocket-hero", "hero-sheet"),
)
