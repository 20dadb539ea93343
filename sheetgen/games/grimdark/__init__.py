"""The record of Grimdark Future – Cubes: what sheetgen knows of the game, and where its modules and files are."""

from sheetgen.games import GameRecord, InitSection

GAME = GameRecord(
    id="grimdark",
    title="Grimdark Future – Cubes",
    short_title="Grimdark – Cubes",
    color="#44505c",
    kinds={
        "grimdark-rules": "the Grimdark special-rule glossary, in sheetgen's words for the square grid",
        "grimdark-unit": "a Grimdark unit profile: quality, defense, points, weapons, special rules",
        "grimdark-army": "a Grimdark army list: points limit and units by id with counts and joined heroes",
        "grimdark-mission": "a Grimdark mission: grid size, deployment zones, objective markers",
    },
    models="sheetgen.content.models.grimdark",
    rules="sheetgen.rules.grimdark",
    products="sheetgen.layout.sheets.grimdark",
    codes="sheetgen.games.grimdark.codes",
    importers=("sheetgen.importers.army_forge",),
    package="sheetgen",
    data="data/grimdark",
    examples="templates/init/grimdark",
    rules_deck="content/grimdark/reference.yaml",
    init_section=InitSection("Army rosters", "grimdark-army", "roster"),
    order=50,
)
