"""`sheetgen import army-forge`: hand-written exports in each format become a
`grimdark-army` and its units that build; broken exports exit 1 with a diagnostic at
the line and column of what is wrong, write nothing and show no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from conftest import FIXTURES, run_cli, write

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
    assert army == {"kind": "grimdark-army", "id": "iron-wardens", "name": "Iron Wardens", "points_limit": 500,
                    "units": [{"unit": "iron-wardens-warden-line-squad", "count": 2},
                              {"unit": "iron-wardens-heavy-weapon-team", "count": 1}]}
    line, team = units
    assert line["weapons"] == [{"name": "Rifle", "range": "24in", "attacks": 1, "count": 10},
                               {"name": "Bayonet", "attacks": 1, "count": 10}]
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
        {"name": "Bone Talons", "attacks": 4, "rules": ["AP(2)"]}]
    assert (gaunts["size"], gaunts["quality"], gaunts["defense"], gaunts["cost"]) == (10, 5, 6, 80)
    assert gaunts["weapons"][0] == {"name": "Spike Launcher", "range": "12in", "attacks": 1, "count": 10}
    assert gaunts["special_rules"] == ["Fast"]
    assert burrower["weapons"][1] == {"name": "Bile Spray", "range": "8in", "attacks": 3, "rules": ["Blast(3)"]}
    assert burrower["special_rules"] == ["Tough(6)", "Ambush"]
    # Built in a project of its own, the cards explain the rules from the glossary sheetgen ships.
    assert run_cli("build", "-o", "out").code == 0
    from conftest import pdf_text

    cards = " ".join(pdf_text(workdir / "out" / "grimdark" / "unit-cards" / "the-kor-swarm.pdf").split())
    assert "Tough(6) — Takes 6 wounds to kill each model." in cards and "Ambush — Held back" in cards


def test_importing_twice_gives_the_same_bytes(workdir):
    first, _ = imported(workdir, IMPORTS / "wardens.json")
    before = first.read_bytes()
    second, _ = imported(workdir, IMPORTS / "wardens.json")
    assert second.read_bytes() == before


# (export text, line, column, code, words): broken exports, positions read off the text.
BROKEN = [
    ('{"name": "Cut", "pointsLimit": 500, "units": [{"name": "Squad", "size": 5,', 1, 75, "import.bad-json",
     "ends early"),
    ('{"name": "No units", "pointsLimit": 500}', 1, 1, "import.missing-field", "has no `units`"),
    ('{\n  "name": "Gap",\n  "units": [\n    {"name": "Squad", "size": 5, "defense": 5, "cost": 50}\n  ]\n}', 4, 5,
     "import.missing-field", "units[0] has no `quality`"),
    ('{"name": "Odd", "units": [{"name": "Squad", "size": "five", "quality": 4, "defense": 5, "cost": 50}]}', 1, 53,
     "import.wrong-type", "`five`, not a number"),
    ('{"name": "Odd", "units": [{"name": "Squad", "size": 5, "quality": 9, "defense": 5, "cost": 50}]}', 1, 67,
     "import.out-of-range", "quality 9"),
    ('["not", "an", "army"]', 1, 1, "import.wrong-type", "not a JSON object"),
    ("++ Army [500pts] ++\nSquad [5] | Qua 4+ Def 5+\n", 2, 1, "import.bad-line", "neither the army line nor a unit line"),
    ("Squad [5] | Qua 4+ Def 5+ | 50pts\n  5x Rifle (24\", AP(1), Ax)\n", 2, 3, "import.bad-weapon", "5x Rifle"),
    ("Squad [5] | Qua 4+ Def 8+ | 50pts\n", 1, 24, "import.out-of-range", "defense 8"),
    ("just some notes\n", 1, 1, "import.no-units", "no unit lines"),
    ('{"name": "X", "units": [{"name": "A", "size": 5, "quality": 4, "defense": 5, "cost": 10, "equipment": '
     '[{"name": "Gun", "range": 24, "attacks": 1, "count": 7}]}]}', 1, 156, "import.out-of-range", "7 models carry Gun"),
    ("A [5] | Qua 4+ Def 5+ | 50pts\n7x Gun (24\", A1)\n", 2, 1, "import.out-of-range", "but A has 5"),
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
