"""KUBOS validation: every rule has a failing fixture in tests/fixtures/kubos/, and
`sheetgen validate` reports it at the exact line and column with its code."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from conftest import FIXTURES, REPO, run_cli

KUBOS = FIXTURES / "kubos"
TABLES = REPO / "content" / "kubos" / "tables.yaml"

# (fixture, code, severity, line, column): positions read off the fixture files.
CASES = [
    ("attribute-range.yaml", "kubos.attribute-range", "error", 5, 44),
    ("attribute-total.yaml", "kubos.attribute-total", "error", 6, 3),
    ("hp-negative.yaml", "kubos.hp-negative", "error", 6, 5),
    ("hp-current-range.yaml", "kubos.hp-current-range", "error", 7, 13),
    ("fate-points-negative.yaml", "kubos.fate-points-negative", "error", 7, 14),
    ("coins-negative.yaml", "kubos.coins-negative", "error", 9, 8),
    ("adventures-negative.yaml", "kubos.adventures-negative", "error", 9, 13),
    ("armour-dv-range.yaml", "kubos.armour-dv-range", "error", 8, 33),
    ("item-count-negative.yaml", "kubos.item-count-negative", "error", 13, 28),
    ("magic-item-attribute.yaml", "kubos.magic-item-attribute", "error", 10, 37),
    ("starting-kit.yaml", "kubos.starting-kit", "warning", 8, 8),
    ("monster-rank-missing.yaml", "kubos.monster-rank-missing", "error", 5, 7),
    ("monster-attributes-missing.yaml", "kubos.monster-attributes-missing", "error", 5, 7),
    ("monster-rank-not-humanoid.yaml", "kubos.monster-rank-not-humanoid", "error", 6, 7),
    ("monster-size-not-humanoid.yaml", "kubos.monster-size-not-humanoid", "error", 6, 7),
    ("undead-type-missing.yaml", "kubos.undead-type-missing", "error", 5, 7),
    ("undead-type-not-undead.yaml", "kubos.undead-type-not-undead", "error", 6, 14),
    ("monster-attribute-negative.yaml", "kubos.monster-attribute-negative", "error", 7, 34),
    ("monster-attributes-pattern.yaml", "kubos.monster-attributes-pattern", "warning", 7, 13),
    ("monster-attributes-fixed.yaml", "kubos.monster-attributes-pattern", "warning", 6, 13),
    ("monster-defence-negative.yaml", "kubos.monster-defence-negative", "error", 6, 10),
    ("monster-defence.yaml", "kubos.monster-defence", "warning", 7, 10),
    ("monster-hp-missing.yaml", "kubos.monster-hp-missing", "error", 5, 7),
    ("monster-hp-below-one.yaml", "kubos.monster-hp-below-one", "error", 6, 5),
    ("monster-hp-range.yaml", "kubos.monster-hp-range", "warning", 9, 5),
    ("monster-poison.yaml", "kubos.monster-poison", "warning", 9, 12),
    ("treasure-coins.yaml", "kubos.treasure-coins", "warning", 8, 10),
    ("treasure-coins-negative.yaml", "kubos.coins-negative", "error", 7, 19),
    ("treasure-magic-item.yaml", "kubos.magic-item-attribute", "error", 9, 37),
]

# Rules about the kubos-tables document itself, checked in a folder without the bundled one.
ALONE = [
    ("tables-missing.yaml", "kubos.tables-missing", "error", 2, 7),
    ("tables-duplicate.yaml", "kubos.tables-duplicate", "error", 15, 5),
]


@pytest.fixture
def with_tables(workdir):
    """An empty project holding only the bundled kubos-tables document."""
    (workdir / "content" / "kubos").mkdir(parents=True)
    shutil.copy(TABLES, workdir / "content" / "kubos" / "tables.yaml")
    return workdir


def validate_json(*paths: str):
    run = run_cli("validate", "--format", "json", *paths)
    return run, json.loads(run.stdout)


def check_fixture(name: str, code: str, severity: str, line: int, column: int) -> None:
    path = KUBOS / name
    run, found = validate_json(str(path))
    assert [(d["file"], d["line"], d["column"], d["code"], d["severity"]) for d in found] == [
        (str(path), line, column, code, severity)
    ]
    assert found[0]["message"] and found[0]["hint"]
    assert run.code == (1 if severity == "error" else 0)
    text = run_cli("validate", str(path))
    assert f"{path}:{line}:{column}: {severity}[{code}]" in text.stderr


@pytest.mark.parametrize("name, code, severity, line, column", CASES, ids=[c[0] for c in CASES])
def test_fixture_reports_its_rule_at_the_value(with_tables, name, code, severity, line, column):
    check_fixture(name, code, severity, line, column)


@pytest.mark.parametrize("name, code, severity, line, column", ALONE, ids=[c[0] for c in ALONE])
def test_tables_rules_report_where_the_document_is(workdir, name, code, severity, line, column):
    check_fixture(name, code, severity, line, column)


def message_of(name: str) -> str:
    _, found = validate_json(str(KUBOS / name))
    return found[0]["message"]


def test_messages_name_the_actual_values(with_tables):
    assert "STRENGTH is 4" in message_of("attribute-range.yaml")
    assert "add up to 7" in message_of("attribute-total.yaml")
    assert "hp_current is 9" in message_of("hp-current-range.yaml") and "(6)" in message_of("hp-current-range.yaml")
    assert "DV is 5" in message_of("armour-dv-range.yaml")
    assert "missile weapon" in message_of("starting-kit.yaml")
    assert "hp 7" in message_of("monster-hp-range.yaml") and "2 to 12" in message_of("monster-hp-range.yaml")
    assert "4 × 10 = 40" in message_of("treasure-coins.yaml") and "900" in message_of("treasure-coins.yaml")
    assert "DEFENCE 1" in message_of("monster-defence.yaml") and "has 3" in message_of("monster-defence.yaml")


def test_a_document_with_errors_is_not_built(with_tables):
    shutil.copy(KUBOS / "armour-dv-range.yaml", with_tables / "content" / "tank.yaml")
    run = run_cli("build", "-o", "out")
    assert run.code == 1
    assert not (with_tables / "out" / "kubos" / "character-sheet" / "tank.pdf").exists()
    assert (with_tables / "out" / "kubos" / "blank" / "character-sheet.pdf").exists()


def test_bad_types_are_diagnostics_not_crashes(with_tables):
    (with_tables / "content" / "odd.yaml").write_text(
        "kind: kubos-character\nid: odd\nname: Odd\nattributes: {skill: two}\nhp: 6\nfate_points: yes\n"
        "items: [{name: Rope, count: many}]\n---\n"
        "kind: kubos-monster\nid: odd-monster\nname: Odd\ntype: beholder\n",
        encoding="utf-8",
    )
    run, found = validate_json()
    assert run.code == 1
    assert "Traceback" not in run.stdout + run.stderr
    lines = {(d["line"], d["code"]) for d in found}
    assert (4, "content.wrong-type") in lines
    assert (6, "content.wrong-type") in lines
    assert (12, "content.not-allowed") in lines


def rule_codes() -> set[str]:
    """Every `kubos.*` code the game's modules can report."""
    sources = [*(REPO / "sheetgen").glob("*/kubos*.py"), *(REPO / "sheetgen/layout/sheets/kubos").glob("*.py")]
    codes: set[str] = set()
    for path in sources:
        codes.update(re.findall(r'"(kubos\.[a-z-]+)"', path.read_text(encoding="utf-8")))
    return codes


def test_every_rule_has_a_fixture():
    covered = {c[1] for c in CASES + ALONE}
    assert rule_codes(), "no kubos rule codes found"
    assert rule_codes() == covered
    for name, *_ in CASES + ALONE:
        assert (KUBOS / name).is_file()
