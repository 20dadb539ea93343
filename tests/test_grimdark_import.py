"""`sheetgen import army-forge`: hand-written exports in each format become a
`grimdark-army` and its units that build; broken exports exit 1 with a diagnostic at
the line and column of what is wrong, write nothing and show no traceback."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from helpers import FIXTURES, run_cli, write

import sheetgen.importers
from sheetgen.diagnostics import Diagnostic, Severity
from sheetgen.games import GameError, GameRecord, records
from sheetgen.importers import Importer, ImportResult

IMPORTS = FIXTURES / "grimdark" / "imports"


def imported(workdir: Path, export: Path) -> tuple[Path, list[dict]]:
    run = run_cli("import", "army-forge", str(export), "-o", "content/armies")
    assert run.code == 0, run.stderr
    files = sorted((workdir / "content" / "armies").glob("*.yaml"))
    assert len(files) == 1
    return files[0], [d for d in yaml.safe_load_all(files[0].read_text(encoding="utf-8")) if d]


def test_a_json_export_becomes_an_army_and_its_units(workdir):
    path, docs = imported(workdir, IMPORTS / "wardens.json")
    assert path.name == "iron-wardens.yaml"
    army, *units = docs
    assert army == {
        "kind": "grimdark-army",
        "id": "iron-wardens",
        "name": "Iron Wardens",
        "points_limit": 500,
        "units": [
            {"unit": "iron-wardens-warden-line-squad", "count": 2},
            {"unit": "iron-wardens-heavy-weapon-team", "count": 1},
        ],
    }
    line, team = units
    assert line["weapons"] == [
        {"name": "Rifle", "range": "24in", "attacks": 1, "count": 10},
        {"name": "Bayonet", "attacks": 1, "count": 10},
    ]
    # The loadout (after upgrades) wins over the equipment; gear without attacks gives rules.
    assert team["special_rules"] == ["Tough(3)", "Relentless", "Stealth"]
    assert team["weapons"] == [{"name": "Mortar", "range": "30in", "attacks": 1, "count": 3, "rules": ["Blast(3)"]}]
    # Ready to build: validated and shown with ranges in squares.
    shown = json.loads(run_cli("show", str(path), "--json", "--id", "iron-wardens-heavy-weapon-team").stdout)
    assert shown["derived"]["weapons"][0]["range"] == {"squares": 10, "inches": 30}
    assert run_cli("build", "-o", "out").code == 0
    assert (workdir / "out" / "grimdark" / "roster" / "iron-wardens.pdf").is_file()


def test_a_text_export_becomes_an_army_and_its_units(workdir):
    _, docs = imported(workdir, IMPORTS / "swarm.txt")
    army, lord, gaunts, burrower = docs
    assert (army["name"], army["points_limit"]) == ("The Kor Swarm", 500)
    assert lord["special_rules"] == ["Hero", "Tough(6)", "Fast"] and lord["weapons"] == [
        {"name": "Bone Talons", "attacks": 4, "rules": ["AP(2)"]}
    ]
    assert (gaunts["size"], gaunts["quality"], gaunts["defense"], gaunts["cost"]) == (10, 5, 6, 80)
    assert gaunts["weapons"][0] == {"name": "Spike Launcher", "range": "12in", "attacks": 1, "count": 10}
    assert gaunts["special_rules"] == ["Fast"]
    assert burrower["weapons"][1] == {"name": "Bile Spray", "range": "8in", "attacks": 3, "rules": ["Blast(3)"]}
    assert burrower["special_rules"] == ["Tough(6)", "Ambush"]
    # Built in a project of its own, the cards explain the rules from the glossary sheetgen ships.
    assert run_cli("build", "-o", "out").code == 0
    from helpers import pdf_text

    cards = " ".join(pdf_text(workdir / "out" / "grimdark" / "unit-cards" / "the-kor-swarm.pdf").split())
    assert "Tough(6) — Takes 6 wounds to kill each model (†)" in cards and "Ambush — Held back" in cards


def test_importing_again_refuses_to_replace_the_file_unless_forced(workdir):
    """A second import keeps the hand-edited file; with --force it writes the same bytes
    as the first."""
    first, _ = imported(workdir, IMPORTS / "wardens.json")
    before = first.read_bytes()
    first.write_text(first.read_text(encoding="utf-8") + "# my notes\n", encoding="utf-8")
    again = run_cli("import", "army-forge", str(IMPORTS / "wardens.json"), "-o", "content/armies")
    assert again.code == 2 and "--force" in again.stderr and "Traceback" not in again.stderr
    assert first.read_text(encoding="utf-8").endswith("# my notes\n")
    forced = run_cli("import", "army-forge", str(IMPORTS / "wardens.json"), "-o", "content/armies", "--force")
    assert forced.code == 0, forced.stderr
    assert first.read_bytes() == before


def test_joined_heroes_custom_names_and_combined_units_are_imported(workdir):
    """varro.json: a squad combined with a copy of itself, Captain Varro (customName) joined
    to it, a team and a one-model tank with two flamers; the export's `points` (1090) is
    not what its units cost (100 + 100 + 70 + 115 + 125 = 510)."""
    export = IMPORTS / "varro.json"
    run = run_cli("import", "army-forge", str(export), "-o", "content/armies")
    assert run.code == 0, run.stderr
    text = export.read_text(encoding="utf-8").splitlines()
    line = next(i for i, t in enumerate(text, 1) if '"points"' in t)
    assert f"{export}:{line}:{text[line - 1].index('1090') + 1}: warning[import.points-mismatch]" in run.stderr
    assert "1090" in run.stderr and "510" in run.stderr
    path = workdir / "content" / "armies" / "varro-s-guard.yaml"
    army, *units = [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d]
    by_id = {u["id"]: u for u in units}
    squad, hero = army["units"][0]["unit"], army["units"][0]["heroes"]
    assert (by_id[squad]["size"], by_id[squad]["cost"]) == (20, 200)  # the combined copies, one unit
    assert by_id[squad]["weapons"][0]["count"] == 20
    assert [by_id[h]["name"] for h in hero] == ["Captain Varro"]
    assert [e.get("heroes") for e in army["units"][1:]] == [None, None] and len(army["units"]) == 3
    tank = next(u for u in units if u["name"] == "Hellhound")
    assert (tank["size"], tank["weapons"][0]["count"]) == (1, 2)
    assert run_cli("build", "-o", "out").code == 0
    from helpers import pdf_text

    roster = " ".join(pdf_text(workdir / "out" / "grimdark" / "roster" / "varro-s-guard.pdf").split())
    assert "510 of 1000 points" in roster and "3 activations" in roster
    assert "Captain Varro" in roster and "joins the unit above" in roster
    cards = " ".join(pdf_text(workdir / "out" / "grimdark" / "unit-cards" / "varro-s-guard.pdf").split())
    assert "Captain Varro [1]" in cards and "joins Warden Line Squad" in cards
    assert "2× Heavy Flamer" in cards and "Fearless †" in cards
    assert "Rules of Varro's Guard" in cards and "Fearless † — When the unit fails a morale test" in cards


def test_the_other_text_form_is_read(workdir):
    export = write(
        workdir,
        "army.txt",
        '++ Raiders [GF 300pts] ++\n\nRaider Squad [5] Q4+ D5+ | 120pts | Fast, Stealth\n5x Carbine (18", A2)\n',
    )
    run = run_cli("import", "army-forge", str(export), "-o", "content/armies")
    assert run.code == 0, run.stderr
    army, squad = [d for d in yaml.safe_load_all((workdir / "content/armies/raiders.yaml").read_text()) if d]
    assert (squad["name"], squad["size"], squad["quality"], squad["defense"], squad["cost"]) == (
        "Raider Squad",
        5,
        4,
        5,
        120,
    )
    assert squad["special_rules"] == ["Fast", "Stealth"] and squad["weapons"][0]["range"] == "18in"


def _unit(sel: str, name: str, size: int, cost: int, rules: str = "", join: str | None = None) -> str:
    """One unit of an export on one line; rules written `Hero, Tough(3)`."""
    specials = [
        {"name": r.split("(")[0], "rating": int(r.split("(")[1][:-1]) if "(" in r else ""}
        for r in rules.split(", ")
        if r
    ]
    unit = {
        "selectionId": sel,
        "joinToUnit": join,
        "name": name,
        "size": size,
        "quality": 4,
        "defense": 4,
        "cost": cost,
        "specialRules": specials,
        "equipment": [],
    }
    return "    " + json.dumps(unit)


def _export(limit: int, *units: str) -> str:
    return (
        '{\n  "name": "Test Army",\n  "pointsLimit": '
        + str(limit)
        + ',\n  "units": [\n'
        + ",\n".join(units)
        + "\n  ]\n}\n"
    )


# (export, line, what stands just before the value reported, code): errors found in the written
# content, reported at the export's own line and column.
AT_EXPORT = [
    (_export(100, _unit("a", "Squad", 5, 80), _unit("b", "Team", 5, 80)), 3, '"pointsLimit": ', "grimdark.over-points"),
    (
        _export(900, _unit("a", "Boss", 1, 80, "Hero, Tough(3)"), _unit("b", "Chief", 1, 80, "Hero, Tough(3)", "a")),
        6,
        '"joinToUnit": ',
        "grimdark.hero-joins-hero",
    ),
    (
        _export(900, _unit("a", "Tank", 1, 200, "Tough(9)"), _unit("b", "Chief", 1, 80, "Hero, Tough(3)", "a")),
        6,
        '"joinToUnit": ',
        "grimdark.join-too-small",
    ),
    (
        _export(
            900,
            _unit("a", "Squad", 5, 80),
            _unit("b", "Chief", 1, 80, "Hero", "a"),
            _unit("c", "Other Chief", 1, 80, "Hero", "a"),
        ),
        7,
        '"joinToUnit": ',
        "grimdark.too-many-heroes",
    ),
    (
        _export(900, _unit("a", "Squad", 5, 80), _unit("b", "Grunt", 5, 80, "", "a")),
        6,
        '"joinToUnit": ',
        "grimdark.not-a-hero",
    ),
    (
        _export(900, _unit("a", "Squad", 5, 80), _unit("b", "Chief", 1, 80, "Hero", "zz")),
        6,
        '"joinToUnit": ',
        "import.bad-join",
    ),
]


@pytest.mark.parametrize("text, line, needle, code", AT_EXPORT, ids=[a[3] for a in AT_EXPORT])
def test_what_the_written_army_breaks_is_reported_at_the_export(workdir, text, line, needle, code):
    export = write(workdir, "export.json", text)
    run = run_cli("import", "army-forge", str(export), "-o", "content/armies")
    assert run.code == 1 and "Traceback" not in run.stderr
    column = text.splitlines()[line - 1].index(needle) + len(needle) + 1  # the value after it
    assert f"{export}:{line}:{column}: error[{code}]" in run.stderr, run.stderr
    assert "nothing was written" in run.stderr and not (workdir / "content" / "armies").exists()
    assert "content/armies" not in run.stderr  # no place in a file that was never written


# (export text, line, column, code, words): broken exports, positions read off the text.
BROKEN = [
    (
        '{"name": "Cut", "pointsLimit": 500, "units": [{"name": "Squad", "size": 5,',
        1,
        75,
        "import.bad-json",
        "ends early",
    ),
    ('{"name": "No units", "pointsLimit": 500}', 1, 1, "import.missing-field", "has no `units`"),
    (
        '{\n  "name": "Gap",\n  "units": [\n    {"name": "Squad", "size": 5, "defense": 5, "cost": 50}\n  ]\n}',
        4,
        5,
        "import.missing-field",
        "units[0] has no `quality`",
    ),
    (
        '{"name": "Odd", "units": [{"name": "Squad", "size": "five", "quality": 4, "defense": 5, "cost": 50}]}',
        1,
        53,
        "import.wrong-type",
        "`five`, not a number",
    ),
    (
        '{"name": "Odd", "units": [{"name": "Squad", "size": 5, "quality": 9, "defense": 5, "cost": 50}]}',
        1,
        67,
        "import.out-of-range",
        "quality 9",
    ),
    ('["not", "an", "army"]', 1, 1, "import.wrong-type", "not a JSON object"),
    (
        "++ Army [500pts] ++\nSquad [5] | Qua 4+ Def 5+\n",
        2,
        1,
        "import.bad-line",
        "neither the army line nor a unit line",
    ),
    ('Squad [5] | Qua 4+ Def 5+ | 50pts\n  5x Rifle (24", AP(1), Ax)\n', 2, 3, "import.bad-weapon", "5x Rifle"),
    ("Squad [5] | Qua 4+ Def 8+ | 50pts\n", 1, 24, "import.out-of-range", "defense 8"),
    ("just some notes\n", 1, 1, "import.no-units", "no unit lines"),
    (
        '{"name": "X", "units": [{"name": "A", "size": 5, "quality": 4, "defense": 5, "cost": 10, "equipment": '
        '[{"name": "Gun", "range": 24, "attacks": 1, "count": 7}]}]}',
        1,
        156,
        "import.out-of-range",
        "7 models carry Gun",
    ),
    ('A [5] | Qua 4+ Def 5+ | 50pts\n7x Gun (24", A1)\n', 2, 1, "import.out-of-range", "but A has 5"),
    (
        '{"name": "X", "units": [{"name": "A", "selectionId": "a", "joinToUnit": "a", "size": 1, "quality": 4, '
        '"defense": 5, "cost": 10}]}',
        1,
        73,
        "import.bad-join",
        "joins `a`, itself",
    ),
    ("", 1, 1, "import.empty", "empty"),
]


@pytest.mark.parametrize("text, line, column, code, words", BROKEN, ids=[b[3] + str(i) for i, b in enumerate(BROKEN)])
def test_a_broken_export_is_refused_at_its_place_and_writes_nothing(workdir, text, line, column, code, words):
    name = "export.json" if text.lstrip().startswith(("{", "[")) else "export.txt"
    export = write(workdir, name, text) if text else (workdir / name)
    if not text:
        export.write_text("", encoding="utf-8")
    keep = write(workdir, "content/armies/iron-wardens.yaml", "# an earlier import\n")
    run = run_cli("import", "army-forge", str(export), "-o", "content/armies")
    assert run.code == 1
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout
    assert f"{export}:{line}:{column}: error[{code}]" in run.stderr, run.stderr
    assert words in run.stderr and "nothing was written" in run.stderr
    assert sorted(p.name for p in (workdir / "content" / "armies").iterdir()) == ["iron-wardens.yaml"]
    assert keep.read_text(encoding="utf-8") == "# an earlier import\n"


def test_a_missing_file_is_a_usage_error(workdir):
    run = run_cli("import", "army-forge", "nowhere.json")
    assert run.code == 2 and "Traceback" not in run.stderr


# --- importers are what the games' records offer ---------------------------------------------


def _read_tally(path: Path) -> ImportResult:
    """A second game's importer, which finds every tally sheet wanting at its first line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    wanting = Diagnostic(str(path), 1, 3, Severity.ERROR, "import.tally", "no hero on this tally", "name one")
    return ImportResult("", "", [wanting], lines)


IMPORTER = Importer(
    name="tally",
    help="A tally sheet → a pocket-hero.",
    kinds=("pocket-hero",),
    file="<hero-id>.yaml",
    read=_read_tally,
    relocate=lambda result, file, found: found,
)
POCKET = GameRecord(
    id="pocket",
    title="Pocket Quest",
    color="#336699",
    kinds={"pocket-hero": "a hero"},
    models="sheetgen_pocket.models",
    package="sheetgen_pocket",
    importers=(__name__,),
)


@pytest.fixture
def offered(monkeypatch):
    """The installed games and others of one's choosing, as `sheetgen import` reads them."""

    def offer(*more: GameRecord) -> None:
        monkeypatch.setattr(sheetgen.importers, "records", lambda: (*records(), *more))

    return offer


def test_an_importer_a_record_names_is_a_command_of_sheetgen_import(workdir, offered):
    offered(POCKET)
    listed = run_cli("import", "--help")
    assert listed.code == 0
    commands = listed.stdout.split("Commands:")[1].split()
    assert commands[0] == "army-forge" and "tally" in commands
    own = " ".join(run_cli("import", "tally", "--help").stdout.split())
    assert "A tally sheet → a pocket-hero." in own
    assert "[default: content/pocket]" in own  # the game's own folder
    assert "the folder to write <hero-id>.yaml into" in own
    export = write(workdir, "sheet.txt", "# a tally\n")
    run = run_cli("import", "tally", str(export))
    assert run.code == 1 and "Traceback" not in run.stderr
    assert f"{export}:1:3: error[import.tally]: no hero on this tally" in run.stderr
    assert "nothing was written" in run.stderr and not (workdir / "content" / "pocket").exists()


def test_without_the_record_the_importer_is_no_command(offered):
    offered()
    assert "tally" not in run_cli("import", "--help").stdout
    assert "No such command 'tally'" in run_cli("import", "tally").stderr


@pytest.mark.parametrize(
    ("record", "said"),
    [
        (replace(POCKET, kinds={"pocket-monster": "a monster"}), "writes `pocket-hero`, not one of its kinds"),
        (replace(POCKET, importers=(__name__, __name__)), "two games offer `sheetgen import tally`"),
    ],
)
def test_an_importer_of_another_games_kinds_or_name_is_a_clear_error(offered, record, said):
    offered(record)
    with pytest.raises(GameError) as caught:
        sheetgen.importers.importers()
    assert said in caught.value.message
