"""KUBOS validation: every rule has a failing fixture in tests/fixtures/kubos/, and
`sheetgen validate` reports it at the exact line and column with its code."""

from __future__ import annotations

import re
import shutil

import pytest
from helpers import DATA, FIXTURES, REPO, assert_only_diagnostic, run_cli, validate_json

KUBOS = FIXTURES / "kubos"
TABLES = DATA / "kubos" / "tables.yaml"

# (fixture, code, severity, line, column): positions read off the fixture files.
CASES = [
    ("attribute-range.yaml", "kubos.attribute-range", "error", 5, 44),
    ("attribute-total.yaml", "kubos.attribute-total", "error", 6, 3),
    ("hp-below-start.yaml", "kubos.hp-below-start", "error", 6, 5),
    ("hp-too-high.yaml", "kubos.hp-too-high", "error", 6, 5),
    ("new-character-hp.yaml", "kubos.new-character-start", "warning", 6, 5),
    ("new-character-fp.yaml", "kubos.new-character-start", "warning", 7, 14),
    ("hp-above-adventures.yaml", "kubos.hp-above-adventures", "warning", 6, 5),
    ("number-too-high.yaml", "kubos.number-too-high", "error", 7, 14),
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
    ("monster-attribute-range.yaml", "kubos.monster-attribute-range", "error", 7, 34),
    ("monster-attribute-high.yaml", "kubos.monster-attribute-range", "error", 8, 54),
    ("monster-attributes-pattern.yaml", "kubos.monster-attributes-pattern", "warning", 7, 13),
    ("monster-attributes-fixed.yaml", "kubos.monster-attributes-pattern", "warning", 6, 13),
    ("monster-defence-range.yaml", "kubos.monster-defence-range", "error", 6, 10),
    ("monster-defence.yaml", "kubos.monster-defence", "warning", 7, 10),
    ("monster-hp-missing.yaml", "kubos.monster-hp-missing", "error", 5, 7),
    ("monster-hp-below-one.yaml", "kubos.monster-hp-below-one", "error", 6, 5),
    ("monster-hp-range.yaml", "kubos.monster-hp-range", "warning", 9, 5),
    ("monster-hp-too-high.yaml", "kubos.hp-too-high", "error", 6, 5),
    ("vermin-poison-unrolled.yaml", "kubos.vermin-poison-unrolled", "warning", 5, 7),
    ("monster-poison.yaml", "kubos.monster-poison", "warning", 9, 12),
    ("treasure-coins.yaml", "kubos.treasure-coins", "warning", 8, 10),
    ("treasure-coins-negative.yaml", "kubos.coins-negative", "error", 7, 19),
    ("treasure-magic-item.yaml", "kubos.magic-item-attribute", "error", 9, 37),
]

# Rules about the kubos-tables document itself, checked in a folder without the bundled one.
ALONE = [
    ("tables-missing.yaml", "kubos.tables-missing", "error", 2, 7),
    ("tables-duplicate.yaml", "kubos.tables-duplicate", "error", 15, 5),
    ("magic-item-weight-range.yaml", "kubos.magic-item-weight-range", "error", 7, 22),
]


@pytest.fixture
def with_tables(workdir):
    """An empty project holding only the bundled kubos-tables document."""
    (workdir / "content" / "kubos").mkdir(parents=True)
    shutil.copy(TABLES, workdir / "content" / "kubos" / "tables.yaml")
    return workdir


def check_fixture(name: str, code: str, severity: str, line: int, column: int, game_data: bool = True) -> None:
    path = KUBOS / name
    assert_only_diagnostic(path, code, severity, line, column, game_data)
    text = run_cli(*([] if game_data else ["--no-game-data"]), "validate", str(path))
    assert f"{path}:{line}:{column}: {severity}[{code}]" in text.stderr


@pytest.mark.parametrize("name, code, severity, line, column", CASES, ids=[c[0] for c in CASES])
def test_fixture_reports_its_rule_at_the_value(with_tables, name, code, severity, line, column):
    check_fixture(name, code, severity, line, column)


@pytest.mark.parametrize("name, code, severity, line, column", ALONE, ids=[c[0] for c in ALONE])
def test_tables_rules_report_where_the_document_is(workdir, name, code, severity, line, column):
    check_fixture(name, code, severity, line, column, game_data=False)


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
    assert "hp is 5" in message_of("hp-below-start.yaml") and "6 HP" in message_of("hp-below-start.yaml")
    # 2 adventures can add 2 HP to the starting 6.
    assert "hp is 10" in message_of("hp-above-adventures.yaml") and "to 8" in message_of("hp-above-adventures.yaml")
    assert "hp 8" in message_of("new-character-hp.yaml") and "6 HP" in message_of("new-character-hp.yaml")
    assert "fate_points 11" in message_of("new-character-fp.yaml") and "6 FP" in message_of("new-character-fp.yaml")
    assert "hp is 1000000000" in message_of("hp-too-high.yaml")
    assert "216" in message_of("monster-hp-too-high.yaml")  # the toughest dragon, for scale
    assert "SNEAK is 1000000" in message_of("monster-attribute-high.yaml")
    assert "fate_points is 1000000" in message_of("number-too-high.yaml")
    unrolled = message_of("vermin-poison-unrolled.yaml")
    assert "Cellar centipede" in unrolled and "poisonous" in unrolled and "half" in unrolled


def test_a_monster_s_impossible_values_are_all_reported_in_one_run(with_tables):
    # A rank on a dragon no longer hides its dead HP, negative DEFENCE and negative coins.
    path = KUBOS / "monster-many-errors.yaml"
    run, found = validate_json(str(path))
    assert run.code == 1
    assert [(d["line"], d["column"], d["code"], d["severity"]) for d in found] == [
        (6, 7, "kubos.monster-rank-not-humanoid", "error"),
        (7, 5, "kubos.monster-hp-below-one", "error"),
        (8, 10, "kubos.monster-defence-range", "error"),
        (9, 19, "kubos.coins-negative", "error"),
    ]


CHARACTER = """\
kind: kubos-character
id: hero
name: Hero
attributes: {skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}
hp: HP
fate_points: FP
items: [Dagger, Bow and arrows, Rope, Lantern]
adventures: ADVENTURES
"""


def hero(root, hp: int = 6, fp: int = 6, adventures: int = 0) -> str:
    text = CHARACTER.replace("HP", str(hp)).replace("FP", str(fp)).replace("ADVENTURES", str(adventures))
    (root / "content" / "hero.yaml").write_text(text, encoding="utf-8")
    return str(root / "content" / "hero.yaml")


def codes_of(path: str) -> list[tuple[int, str]]:
    _, found = validate_json(path)
    return [(d["line"], d["code"]) for d in found]


@pytest.mark.parametrize(
    "hp, fp, adventures, expected",
    [
        (6, 6, 0, []),  # a new character as the rules make one
        (7, 6, 0, [(5, "kubos.new-character-start")]),
        (6, 5, 0, [(6, "kubos.new-character-start")]),  # FP spent before the first adventure ends
        (7, 7, 0, [(5, "kubos.new-character-start"), (6, "kubos.new-character-start")]),
        (9, 2, 3, []),  # three adventures, three HP bought
        (10, 2, 3, [(5, "kubos.hp-above-adventures")]),
        (6, 0, 4, []),  # a veteran who never bought HP
        (5, 6, 4, [(5, "kubos.hp-below-start")]),
        (0, 6, 0, [(5, "kubos.hp-below-start")]),
    ],
)
def test_hp_and_fate_points_follow_creation_and_advancement(with_tables, hp, fp, adventures, expected):
    assert codes_of(hero(with_tables, hp, fp, adventures)) == expected


@pytest.mark.parametrize(
    "text, line, column",
    [
        (
            "kind: kubos-character\nid: miser\nname: Miser\n"
            "attributes: {skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}\n"
            "hp: 6\nfate_points: 6\nadventures: 1\ncoins: 1000000000\n",
            8,
            8,
        ),
        (
            "kind: kubos-character\nid: elder\nname: Elder\n"
            "attributes: {skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}\n"
            "hp: 6\nfate_points: 6\nadventures: 1000000000\n",
            7,
            13,
        ),
        (
            "kind: kubos-character\nid: packer\nname: Packer\n"
            "attributes: {skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}\n"
            "hp: 6\nfate_points: 6\nadventures: 1\nitems: [{name: Sand, count: 1000000000}]\n",
            8,
            29,
        ),
        (
            "kind: kubos-monster\nid: hoarder\nname: Hoarder\ntype: dragon\nhp: 20\ntreasure: {coins: 1000000000}\n",
            6,
            19,
        ),
    ],
)
def test_absurd_counts_are_errors_at_their_value(with_tables, text, line, column):
    (with_tables / "content" / "absurd.yaml").write_text(text, encoding="utf-8")
    _, found = validate_json(str(with_tables / "content" / "absurd.yaml"))
    assert [(d["line"], d["column"], d["code"]) for d in found] == [(line, column, "kubos.number-too-high")]
    assert "1000000000" in found[0]["message"]


def test_the_rules_extremes_are_accepted(with_tables):
    # The largest values the rules can produce: a 216 HP dragon with its 2160 coins, a large
    # commander with STRENGTH 3 + 1 and (6 + 6) × 2 HP.
    (with_tables / "content" / "extremes.yaml").write_text(
        "kind: kubos-monster\nid: wyrm\nname: Wyrm\ntype: dragon\nhp: 216\ntreasure: {coins: 2160}\n---\n"
        "kind: kubos-monster\nid: warlord\nname: Warlord\ntype: humanoid\nrank: commander\nsize: large\n"
        "attributes: {skill: 2, shoot: 2, strength: 4, sneak: 1, slight: 1, senses: 1}\nhp: 24\n",
        encoding="utf-8",
    )
    run = run_cli("validate", "--strict")
    assert run.code == 0, run.stderr


@pytest.mark.parametrize("weight", [-3, -1000000000, 1000000])
def test_a_bad_magic_item_weight_is_blamed_on_the_tables(workdir, weight):
    tables = TABLES.read_text(encoding="utf-8").replace("magic_item_weight: 1", f"magic_item_weight: {weight}")
    assert str(weight) in tables
    (workdir / "content" / "tables.yaml").write_text(tables, encoding="utf-8")
    shutil.copy(REPO / "content" / "kubos" / "characters" / "brakka.yaml", workdir / "content" / "brakka.yaml")
    run, found = validate_json()
    assert run.code == 1
    line = tables.splitlines().index(f"  magic_item_weight: {weight}") + 1
    at_tables = [d for d in found if d["file"].endswith("tables.yaml")]
    assert [(d["line"], d["code"]) for d in at_tables] == [(line, "kubos.magic-item-weight-range")]
    assert str(weight) in at_tables[0]["message"]
    # the character only learns that the tables it needs are broken
    assert {d["code"] for d in found if d["file"].endswith("brakka.yaml")} <= {"content.broken-reference"}


def test_absurd_numbers_are_content_errors_before_layout(with_tables):
    (with_tables / "content" / "giants.yaml").write_text(
        "kind: kubos-monster\nid: colossus\nname: Colossus\ntype: dragon\nhp: 1000000000\n---\n"
        "kind: kubos-monster\nid: shade\nname: Shade\ntype: vermin\npoisonous: false\nhp: 3\n"
        "attributes: {skill: 1, shoot: 1, strength: 1, sneak: 1000000, slight: 1, senses: 1}\n---\n"
        "kind: kubos-character\nid: titan\nname: Titan\n"
        "attributes: {skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}\n"
        "hp: 1000000000\nfate_points: 6\nadventures: 3\n",
        encoding="utf-8",
    )
    run = run_cli("build", "-o", "out")
    assert run.code == 1
    assert "Traceback" not in run.stdout + run.stderr
    assert "content/giants.yaml:5:5: error[kubos.hp-too-high]" in run.stderr
    assert "content/giants.yaml:13:54: error[kubos.monster-attribute-range]" in run.stderr
    assert "content/giants.yaml:19:5: error[kubos.hp-too-high]" in run.stderr
    assert "layout." not in run.stderr and "<kubos/" not in run.stderr


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
    sources = [
        *(REPO / "sheetgen").glob("*/kubos*.py"),
        *(REPO / "sheetgen/rules/kubos").glob("*.py"),
        *(REPO / "sheetgen/layout/sheets/kubos").glob("*.py"),
    ]
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


def test_a_name_too_long_for_several_products_is_one_error_naming_them_all(tmp_path, monkeypatch):
    """A monster's name too long for its stat block and for the handout that prints that
    stat block is one mistake: one error at the name, naming both products, with the
    length that fits them all; `validate` and `build` count it alike."""
    import json

    from helpers import initialised

    root = initialised(tmp_path, monkeypatch, "kubos")
    monster = root / "content/kubos/kubos-monster.yaml"
    long_name = "The Bog Hag of Mirewood Hollow and her Seven Sisters of Doom"
    monster.write_text(monster.read_text().replace("name: Orc sergeant", f"name: {long_name}"))
    run = run_cli("validate", "--format", "json")
    found = [d for d in json.loads(run.stdout) if d["code"] == "layout.text-overflow"]
    assert len(found) == 1, found
    (d,) = found
    assert "in `handout` and `kubos-stat-blocks`" in d["message"] and d["line"] == 4
    assert re.search(r"shorten it to \d+ characters", d["hint"])
    built = run_cli("build")
    assert built.stderr.count("error[layout.text-overflow]") == 1 and "1 error" in built.stderr
