"""The record of Cubit: what sheetgen knows of the game, and where its modules and files are."""

from sheetgen.games import GameRecord, InitSection

GAME = GameRecord(
    id="cubit",
    title="Cubit",
    color="#1f6f8b",
    kinds={
        "cubit-interface": "a Cubit interface: name, two-letter code, die order and icon",
        "upgrade": "a Cubit upgrade catalog entry",
        "faction": "a Cubit faction: colours, likes and dislikes",
        "cubit": "a Cubit character: a cube with an interface and skill on each face",
    },
    models="sheetgen.content.models.cubit",
    rules="sheetgen.rules.cubit",
    products="sheetgen.layout.sheets.cubit",
    generators="sheetgen.generate.cubit",
    codes="sheetgen.games.cubit.codes",
    builder="sheetgen.games.cubit.builder",
    package="sheetgen",
    data="data/cubit",
    examples="templates/init/cubit",
    rules_deck="content/cubit/reference.yaml",
    init_section=InitSection("Your cubits", "cubit", "nets"),
    order=10,
)
