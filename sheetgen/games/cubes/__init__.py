"""The record of CUBES!: what sheetgen knows of the game, and where its modules and files are."""

from sheetgen.games import GameRecord, InitSection

GAME = GameRecord(
    id="cubes",
    title="CUBES!",
    color="#a65a1c",
    kinds={
        "cubes-civilization": "a CUBES! civilization: player, colour and the cubes put in Census before the game",
        "cubes-game": (
            "the civilizations at one table of CUBES! (2 to 6: sheetgen's choice, the rulebook names no number)"
        ),
    },
    models="sheetgen.content.models.cubes",
    rules="sheetgen.rules.cubes",
    products="sheetgen.layout.sheets.cubes",
    codes="sheetgen.games.cubes.codes",
    package="sheetgen",
    examples="templates/init/cubes",
    rules_deck="content/cubes/reference.yaml",
    init_section=InitSection("Record sheets", "cubes-civilization", "record-sheet"),
    order=40,
)
