"""The record of KUBOS: what sheetgen knows of the game, and where its modules and files are."""

from sheetgen.games import GameRecord, InitSection

GAME = GameRecord(
    id="kubos",
    title="KUBOS",
    color="#8c2424",
    kinds={
        "kubos-tables": "KUBOS data the rules leave open: carrying, item words, names",
        "kubos-character": "a KUBOS player character",
        "kubos-monster": "a KUBOS monster: humanoid, vermin, undead or dragon",
    },
    models="sheetgen.content.models.kubos",
    rules="sheetgen.rules.kubos",
    products="sheetgen.layout.sheets.kubos",
    generators="sheetgen.generate.kubos",
    codes="sheetgen.games.kubos.codes",
    package="sheetgen",
    data="data/kubos",
    one_per_project=("kubos-tables",),
    examples="templates/init/kubos",
    rules_deck="content/kubos/reference.yaml",
    init_section=InitSection("Monsters for tonight", "kubos-monster", "stat-blocks"),
    order=30,
)
