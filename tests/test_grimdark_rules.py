"""Grimdark Future – Cubes checks and derived values: every rule has a failing fixture
in tests/fixtures/grimdark/ whose first line gives the exact line:col, code and words;
ranges convert to squares as the rulebook says; movement and occupancy follow it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import FIXTURES, assert_fixture_reported, run_cli, uncovered_rule_codes, validate_json, write

from sheetgen.rules.grimdark.profile import (
    ProfileError,
    RuleRef,
    inches_to_squares,
    movement,
    occupancy,
    parse_range,
    parse_rule,
)

GRIMDARK_FIXTURES = sorted((FIXTURES / "grimdark").glob("*.yaml"))


@pytest.mark.parametrize("fixture", GRIMDARK_FIXTURES, ids=[p.stem for p in GRIMDARK_FIXTURES])
def test_each_rule_is_reported_at_its_value(workdir, fixture: Path):
    assert_fixture_reported(fixture)


def test_every_grimdark_rule_code_has_a_fixture():
    codes, uncovered = uncovered_rule_codes("grimdark", GRIMDARK_FIXTURES)
    assert {"grimdark.quality-range", "grimdark.over-points", "grimdark.unknown-rule"} <= codes
    assert uncovered == set()


def test_the_bundled_grimdark_content_is_clean(bundled):
    run, found = validate_json("--strict", "content/grimdark")
    assert run.code == 0 and found == []


# The conversion table (inches ÷ 3, rounded), worked by hand.
@pytest.mark.parametrize(
    "inches, squares",
    [
        (4, 1),
        (6, 2),
        (8, 3),
        (12, 4),
        (18, 6),
        (24, 8),
        (30, 10),
        (36, 12),
        (1, 0),
        (2, 1),
        (9, 3),
        (10, 3),
        (11, 4),
        (13.5, 5),
    ],
)
def test_inches_convert_to_squares(inches, squares):
    assert inches_to_squares(inches) == squares


def test_ranges_are_read_in_inches_or_squares():
    assert parse_range("24in").squares == 8 and parse_range("24in").inches == 24
    assert parse_range('30"').squares == 10
    assert parse_range("8sq").squares == 8 and parse_range("8sq").inches is None
    assert parse_range(None) is None and parse_range(0) is None
    # A number without its unit is neither: sheetgen never reads it as inches.
    for bare in (12, "12", 12.0):
        with pytest.raises(ProfileError) as raised:
            parse_range(bare)
        assert raised.value.code == "grimdark.range-without-unit"


def shooters(*ranges: str) -> str:
    """A unit of five with one weapon for each range, written as given."""
    weapons = "".join(f"  - {{name: Gun {i}, range: {r}, attacks: 1}}\n" for i, r in enumerate(ranges, 1))
    return (
        "kind: grimdark-unit\nid: squad\nname: Squad\nsize: 5\nquality: 4\ndefense: 5\ncost: 60\nweapons:\n" + weapons
    )


def test_a_range_without_its_unit_is_an_error_at_it_naming_both_ways_to_write_it(workdir):
    """`range: 24` (or `"24"`) is an error at the number, not 24 inches read in silence;
    the hint's two ways to write it are the same distance, and either is read so."""
    path = workdir / "content" / "unit.yaml"
    path.write_text(shooters("24", '"13.5"'))
    run, found = validate_json()
    assert run.code == 1
    lines = path.read_text().splitlines()
    assert [(d["line"], d["column"], d["severity"], d["code"]) for d in found] == [
        (9, lines[8].index("24") + 1, "error", "grimdark.range-without-unit"),
        (10, lines[9].index('"13.5"') + 1, "error", "grimdark.range-without-unit"),
    ]
    forms = [re.findall(r"`([^`]+)`", d["hint"]) for d in found]
    assert forms == [["24in", "8sq"], ["13.5in", "5sq"]]  # inches ÷ 3, rounded half up
    assert "(8 squares)" in found[0]["hint"] and "(5 squares)" in found[1]["hint"]
    for (inches, squares), expected in zip(forms, (8, 5)):
        path.write_text(shooters(inches, squares))
        shown = json.loads(run_cli("show", "content/unit.yaml", "--json").stdout)
        assert shown["valid"] and [w["range"]["squares"] for w in shown["derived"]["weapons"]] == [expected] * 2


def test_a_weapon_rule_among_the_units_rules_is_a_warning_at_it(workdir):
    """Rules the glossary marks `weapon: true` (AP and Blast shipped, and a project's
    own) are a warning where the unit lists them, with a hint naming where they go; the
    unit's own rules are not."""
    write(
        workdir,
        "content/rules.yaml",
        """
        kind: grimdark-rules
        id: house-rules
        rules:
          - name: Deadly
            rating: true
            weapon: true
            short: Each wound counts {X} times.
    """,
    )
    path = write(
        workdir,
        "content/unit.yaml",
        """
        kind: grimdark-unit
        id: squad
        name: Squad
        size: 5
        quality: 4
        defense: 5
        cost: 60
        special_rules: [Tough(3), "Blast(3)", AP(2), Deadly(3), Relentless]
        weapons:
          - {name: Rifle, range: 24in, attacks: 1, count: 5}
          - {name: Grenade Launcher, range: 24in, attacks: 1, rules: [Blast(3)]}
    """,
    )
    run, found = validate_json()
    assert run.code == 0 and run_cli("validate", "--strict").code == 1
    rules_line = path.read_text().splitlines()[7]
    assert [(d["line"], d["column"], d["severity"], d["code"]) for d in found] == [
        (8, rules_line.index(rule) + 1, "warning", "grimdark.weapon-rule-on-unit")
        for rule in ('"Blast(3)"', "AP(2)", "Deadly(3)")
    ]
    blast, ap, deadly = found
    assert "`Blast(3)`" in blast["message"] and "`Grenade Launcher` has `Blast(3)` already" in blast["hint"]
    for d, label in ((ap, "AP(2)"), (deadly, "Deadly(3)")):
        assert f"`{label}`" in d["message"]
        assert "`Rifle`" in d["hint"] and "`Grenade Launcher`" in d["hint"] and f"rules: [{label}]" in d["hint"]


def test_rules_are_parsed_with_their_rating():
    assert parse_rule("Tough(3)") == RuleRef("Tough", 3)
    assert parse_rule("Blast(3)") == RuleRef("Blast", 3)
    assert parse_rule("AP(1)") == RuleRef("AP", 1)
    assert parse_rule("Hero") == RuleRef("Hero", None)


def rules(*texts: str) -> list[RuleRef]:
    return [parse_rule(t) for t in texts]


def test_movement_per_action():
    assert movement([]) == {"hold": 0, "advance": 2, "rush": 4, "charge": 4}
    assert movement(rules("Fast")) == {"hold": 0, "advance": 3, "rush": 5, "charge": 5}
    assert movement(rules("Slow", "Tough(6)")) == {"hold": 0, "advance": 1, "rush": 3, "charge": 3}


def test_occupancy_follows_the_six_model_square():
    ten = occupancy(10, [])  # ten ordinary models: 6 + 4
    assert (ten.models_per_square, ten.squares, ten.square_filling) == (6, 2, False)
    tough3 = occupancy(3, rules("Tough(3)"))  # each counts two: 3 fit a square
    assert (tough3.model_counts_as, tough3.models_per_square, tough3.squares) == (2, 3, 1)
    assert occupancy(4, rules("Tough(3)")).squares == 2
    big = occupancy(2, rules("Tough(6)"))  # higher Tough fills a square alone
    assert big.square_filling and big.squares == 2
    # Heroes count Tough − 3: Tough(6) counts two, Tough(3) one, Tough(9) fills a square.
    assert occupancy(1, rules("Hero", "Tough(6)")).model_counts_as == 2
    assert occupancy(1, rules("Hero", "Tough(3)")).model_counts_as == 1
    assert occupancy(1, rules("Hero", "Tough(9)")).square_filling
    huge = occupancy(1, rules("Tough(12)"), footprint=4)
    assert huge.squares == 4 and huge.footprint == 4


def test_show_json_prints_both_ranges_and_the_derived_card(workdir):
    write(
        workdir,
        "content/unit.yaml",
        """
        kind: grimdark-unit
        id: assault-squad
        name: Assault Squad
        size: 5
        quality: 4                       # means 4+
        defense: 5
        cost: 120
        special_rules: [Fast, Tough(3)]
        weapons:
          - {name: Rifle, range: 24in, attacks: 1}          # or range: 8sq; none for melee
          - {name: Heavy Blade, attacks: 2, rules: [AP(1)]}
    """,
    )
    run = run_cli("show", "content/unit.yaml", "--json")
    assert run.code == 0, run.stderr
    d = json.loads(run.stdout)["derived"]
    assert d["label"] == "Assault Squad [5]" and d["quality"] == "4+" and d["defense"] == "5+"
    rifle, blade = d["weapons"]
    assert rifle["range"] == {"squares": 8, "inches": 24} and not rifle["melee"]
    assert blade["range"] is None and blade["melee"] and blade["ap"] == 1
    assert {m["action"]: m["squares"] for m in d["movement"]} == {"hold": 0, "advance": 3, "rush": 5, "charge": 5}
    assert d["occupancy"]["squares"] == 2 and d["wounds"] == 15


def test_army_totals_points_with_joined_heroes(bundled):
    run = run_cli("show", "content/grimdark/armies.yaml", "--json", "--id", "iron-wardens")
    d = json.loads(run.stdout)["derived"]
    # Hand-added from content/grimdark/units/iron-wardens.yaml: 100 + 70 + 115 + 85 + 125.
    assert d["total"] == 495 and d["left"] == 5 and d["points_limit"] == 500
    line = d["units"][0]
    assert line["unit"] == "warden-line" and line["points"] == 170 and line["heroes"][0]["unit"] == "warden-captain"


COMMON_RULES = (
    "Fearless",
    "Rending",
    "Impact(2)",
    "Reliable",
    "Furious",
    "Regeneration",
    "Stealth",
    "Strider",
    "Relentless",
    "Deadly(3)",
    "Poison",
    "Sniper",
    "Indirect",
    "Counter",
)


def test_the_common_rules_are_known_and_marked_as_sheetgens_reading(workdir):
    """The rules the rulebook's units carry but its text does not define: no unknown-rule
    warning, a card line for each, and each marked reconstructed in the shipped data."""
    weapon_rules = {"Rending", "Deadly(3)", "Poison", "Sniper", "Indirect", "Reliable", "Counter"}
    unit_rules = [r for r in COMMON_RULES if r not in weapon_rules]
    write(
        workdir,
        "content/unit.yaml",
        f"""
        kind: grimdark-unit
        id: veterans
        name: Veterans
        size: 5
        quality: 4
        defense: 4
        cost: 150
        special_rules: [{", ".join(unit_rules)}, Psychic(2)]
        weapons:
          - {{name: Long Gun, range: 24in, attacks: 1, rules: [{", ".join(sorted(weapon_rules))}]}}
    """,
    )
    run = run_cli("show", "content/unit.yaml", "--json")
    assert run.code == 0 and "unknown-rule" not in run.stderr, run.stderr
    d = json.loads(run.stdout)["derived"]
    rows = d["special_rules"] + d["weapons"][0]["rules"]
    assert {r["label"] for r in rows} == set(COMMON_RULES) | {"Psychic(2)"}
    by_name = {r["name"]: r for r in rows}
    assert all(by_name[name]["text"] and by_name[name]["reconstructed"] for name in by_name if name != "Psychic")
    # Distances in squares (12" and 9" ÷ 3): never inches on a card.
    assert "4 squares" in by_name["Stealth"]["text"] and "3 squares" in by_name["Relentless"]["text"]
    assert not any('"' in r["text"] or "inch" in r["text"] for r in rows)
    # The rulebook: *enemy* psychics roll D6+X; the caster's own rating is not theirs.
    psychic = by_name["Psychic"]
    assert "D6+X" in psychic["text"] and "D6+2" not in psychic["text"] and not psychic["reconstructed"]
    assert by_name["Impact"]["text"].startswith("After charging, roll 2 dice")


def test_a_one_model_unit_may_carry_a_weapon_twice(workdir):
    write(
        workdir,
        "content/unit.yaml",
        """
        kind: grimdark-unit
        id: tank
        name: Tank
        quality: 4
        defense: 2
        cost: 200
        special_rules: [Tough(9)]
        weapons: [{name: Heavy Flamer, range: 12in, attacks: 6, count: 2}]
    """,
    )
    run = run_cli("show", "content/unit.yaml", "--json")
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["derived"]["weapons"][0]["count"] == 2


def test_how_heroes_join_is_the_glossarys_data(workdir):
    """A glossary of the project's own that lets a unit take two heroes: the second is no
    error; without it, the shipped glossary's one hero a unit is."""
    army = """
        kind: grimdark-army
        id: pair
        name: Pair
        points_limit: 1000
        units: [{unit: squad, heroes: [boss, chief]}]
        ---
        kind: grimdark-unit
        id: squad
        name: Squad
        size: 10
        quality: 4
        defense: 5
        cost: 100
        ---
        kind: grimdark-unit
        id: boss
        name: Boss
        quality: 3
        defense: 4
        cost: 60
        special_rules: [Hero]
        ---
        kind: grimdark-unit
        id: chief
        name: Chief
        quality: 3
        defense: 4
        cost: 60
        special_rules: [Hero]
    """
    write(workdir, "content/army.yaml", army)
    run, found = validate_json()
    assert run.code == 1 and [d["code"] for d in found] == ["grimdark.too-many-heroes"]
    write(
        workdir,
        "content/house.yaml",
        """
        kind: grimdark-rules
        id: house-rules
        joining: {heroes_per_unit: 2, min_unit_size: 2, reconstructed: our club's rule}
        rules:
          - {name: Banner, short: Friends nearby re-roll morale.}
    """,
    )
    run, found = validate_json()
    assert run.code == 0 and found == []
