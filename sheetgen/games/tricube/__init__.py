"""The record of Tricube Tales: what sheetgen knows of the game, and where its modules and files are."""

from sheetgen.games import GameRecord, InitSection

GAME = GameRecord(
    id="tricube",
    title="Tricube Tales",
    color="#5b3f8c",
    kinds={
        "tricube-rules": "the character limits a Tricube Tales campaign plays with",
        "tricube-character": "a Tricube Tales character: archetype, perks, quirks, karma, resolve",
        "tricube-foe": "a Tricube Tales foe or challenge: difficulty and effort tokens",
        "tricube-table": "a table the Tricube Tales character generator draws from",
    },
    models="sheetgen.content.models.tricube",
    rules="sheetgen.rules.tricube",
    products="sheetgen.layout.sheets.tricube",
    generators="sheetgen.generate.tricube",
    codes="sheetgen.games.tricube.codes",
    package="sheetgen",
    data="data/tricube",
    one_per_project=("tricube-rules",),
    examples="templates/init/tricube",
    rules_deck="content/tricube/reference.yaml",
    init_section=InitSection("The party", "tricube-character", "character-cards"),
    order=20,
)
