"""KUBOS derived values against examples worked by hand from the rulebook, and the
computed card tables against brute-force enumeration."""

from __future__ import annotations

import itertools
import json
import shutil

import pytest
from helpers import DATA, character, run_cli

TABLES = DATA / "kubos" / "tables.yaml"
ATTRIBUTES = ("skill", "shoot", "strength", "sneak", "slight", "senses")


@pytest.fixture
def project(workdir):
    (workdir / "content" / "kubos").mkdir(parents=True)
    shutil.copy(TABLES, workdir / "content" / "kubos" / "tables.yaml")
    return workdir


def derived(path) -> dict:
    run = run_cli("show", "--json", str(path))
    assert run.code == 0, run.stderr
    return json.loads(run.stdout)["derived"]


def test_strength_two_carries_thirteen_items(project):
    # The rulebook's worked example: 9 + (2 × 2 = 4) = 13.
    assert derived(character(project, "porter", strength=2))["capacity"] == 13


@pytest.mark.parametrize("strength", [0, 1, 2, 3])
def test_capacity_is_nine_plus_strength_squared(project, strength):
    assert derived(character(project, f"s{strength}", strength=strength))["capacity"] == 9 + strength * strength


def test_wren_carries_eight_of_ten(bundled):
    # Worked by hand: short sword 1, bow and arrows 2 (weapon and ammunition), rope 1,
    # lantern 1; padded jacket DV 1 weighs 3 items; 20 coins weigh nothing yet.
    d = derived("content/kubos/characters/wren.yaml")
    assert d["defence"] == 1
    assert d["capacity"] == 10
    assert d["load"] == {"items": 5, "armour": 3, "coins": 0, "magic_items": 0}
    assert d["carried"] == 8
    assert d["encumbered"] is False


def test_brakka_is_encumbered(bundled):
    # Battle axe 1, crossbow and bolts 2, rope 1, hook 1, torches 1, pig-sticker 1,
    # potion 1 = 8; DV 3 armour = 9; 260 coins = 2 full hundreds; one magic axe = 1.
    d = derived("content/kubos/characters/brakka.yaml")
    assert d["defence"] == 3
    assert d["carried"] == 8 + 9 + 2 + 1
    assert d["capacity"] == 13
    assert d["encumbered"] is True
    assert d["hp_current"] == 5


def test_armour_counts_three_items_per_dv(project):
    for dv in range(5):
        path = character(project, f"dv{dv}", extra=f"armour: {{name: Armour, dv: {dv}}}")
        d = derived(path)
        assert d["defence"] == dv
        assert d["load"]["armour"] == 3 * dv


def test_coin_rounding_is_read_from_the_tables(project):
    path = character(project, "miser", extra="coins: 150")
    assert derived(path)["load"]["coins"] == 1  # the bundled reading: only full hundreds weigh
    tables = project / "content" / "kubos" / "tables.yaml"
    tables.write_text(
        tables.read_text(encoding="utf-8").replace("coin_rounding: down", "coin_rounding: up"), encoding="utf-8"
    )
    assert derived(path)["load"]["coins"] == 2


def test_one_more_item_than_capacity_is_encumbered(project):
    # STRENGTH 0 carries 9: four kit entries weigh 5, so four more items make 9, five make 10.
    fits = character(project, "fits", strength=0, items="[Dagger, Bow and arrows, Rope, Lantern, A, B, C, D]")
    over = character(project, "over", strength=0, items="[Dagger, Bow and arrows, Rope, Lantern, A, B, C, D, E]")
    assert (derived(fits)["carried"], derived(fits)["encumbered"]) == (9, False)
    assert (derived(over)["carried"], derived(over)["encumbered"]) == (10, True)


def test_item_names_tell_weapons_from_gear(project):
    path = character(
        project,
        "kit",
        items="[Longsword, Crossbow and bolts, 50' rope, Throwing knives, "
        "{name: Grandad's stick, types: [hand-weapon]}, {name: Heavy chest, count: 4}]",
    )
    items = {it["name"]: (it["types"], it["weight"]) for it in derived(path)["items"]}
    assert items["Longsword"] == (["hand-weapon"], 1)
    assert items["Crossbow and bolts"] == (["ammunition", "missile-weapon"], 2)
    assert items["50' rope"] == (["ordinary"], 1)
    assert "missile-weapon" in items["Throwing knives"][0]
    assert items["Grandad's stick"] == (["hand-weapon"], 1)
    assert items["Heavy chest"] == (["ordinary"], 4)


COMPOUND_WEAPONS = [
    "Greatsword",
    "Greataxe",
    "Greatclub",
    "Battleaxe",
    "Bastardsword",
    "Broadaxe",
    "Longspear",
    "Shortspear",
    "Handaxe",
    "Poleaxe",
    "Warhammer",
    "Great-sword",
    "Bastard sword",
    "Battle axe",
    "War hammer",
    "War pick",
    "Twin greatswords",
]


def test_compound_weapon_names_are_hand_weapons_and_words_ending_in_one_are_not(project):
    # A weapon word closed up behind great-, long-, battle-, war- … names a weapon; a word
    # that merely ends in one (pass+word, night+club, pick+axe, flag+staff) does not.
    not_weapons = [
        "Password scroll",
        "Crossword book",
        "Nightclub token",
        "Pickaxe",
        "Flagstaff",
        "Elbow pads",
        "Yellowhammer feather",
    ]
    listed = ", ".join(f'"{name}"' for name in COMPOUND_WEAPONS + not_weapons)
    path = character(project, "armoury", items=f"[Bow and arrows, {listed}]")
    types = {it["name"]: it["types"] for it in derived(path)["items"]}
    for name in COMPOUND_WEAPONS:
        assert types[name] == ["hand-weapon"], name
    for name in not_weapons:
        assert types[name] == ["ordinary"], name
    assert types["Bow and arrows"] == ["ammunition", "missile-weapon"]


@pytest.mark.parametrize("weapon", ["Greatsword", "Greataxe", "Battleaxe", "Longsword", "Warhammer", "Halberd"])
def test_a_new_hero_with_a_great_weapon_has_the_starting_kit(project, weapon):
    character(project, "knight", items=f"[{weapon}, Bow and arrows, Rope, Lantern]")
    run = run_cli("validate", "--format", "json")
    assert run.code == 0, run.stdout
    assert [d["code"] for d in json.loads(run.stdout)] == []


def test_a_new_hero_without_a_weapon_is_still_warned(project):
    character(project, "scribe", items="[Password scroll, Bow and arrows, Rope, Lantern]")
    found = json.loads(run_cli("validate", "--format", "json").stdout)
    assert [(d["code"], "a hand weapon" in d["message"]) for d in found] == [("kubos.starting-kit", True)]


def test_weapon_prefixes_are_read_from_the_tables(project):
    path = character(project, "duellist", items="[Greatsword, Bow and arrows, Rope, Lantern]")
    tables = project / "content" / "kubos" / "tables.yaml"
    text = tables.read_text(encoding="utf-8")
    assert "\n  weapon_prefixes: [great, " in text
    tables.write_text(text.replace("\n  weapon_prefixes: [great, ", "\n  weapon_prefixes: ["), encoding="utf-8")
    assert derived(path)["items"][0]["types"] == ["ordinary"]


def test_a_full_starting_kit_gives_no_warning(project):
    character(project, "ready")
    run = run_cli("validate", "--strict")
    assert run.code == 0, run.stderr


def test_veterans_are_not_checked_for_the_starting_kit(project):
    character(project, "veteran", items="[Rope]", extra="adventures: 2")
    assert run_cli("validate", "--strict").code == 0


# --- computed tables ------------------------------------------------------------------


def brute_force_success(attribute: int, need_effect: int = 1) -> float:
    """From the rulebook: a natural 1 fails, a natural 6 succeeds, else total ≥ 6; EFFECT = total − 5."""
    wins = 0
    for die in range(1, 7):
        total = die + attribute
        ok = die != 1 and (die == 6 or total >= 6)
        wins += ok and total - 5 >= need_effect
    return wins / 6


def test_action_odds_table_matches_enumeration():
    from sheetgen.rules.kubos import action_odds_table

    columns, rows = action_odds_table()
    assert columns == ["Attribute", "Succeeds", "EFFECT 2+"]
    assert [r[0] for r in rows] == [0, 1, 2, 3]
    for attribute, succeeds, strong in rows:
        assert succeeds == f"{round(100 * brute_force_success(attribute))}%"
        assert strong == f"{round(100 * brute_force_success(attribute, 2))}%"
    assert rows[0][1] == "17%"  # with no skill only a natural 6 succeeds


def test_monster_tables_carry_the_rulebook_values():
    from sheetgen.rules.kubos import humanoids_table, other_monsters_table

    _, humanoids = humanoids_table()
    assert [(r[0], r[1], r[2]) for r in humanoids] == [
        ("Grunt", 1, "1d6"),
        ("Captain", 2, "1d6+3"),
        ("Commander", 3, "1d6+6"),
    ]
    _, others = other_monsters_table()
    assert [(r[0], r[1], r[2]) for r in others] == [
        ("Vermin", 2, "1d6"),
        ("Skeleton", 1, "1"),
        ("Ghoul", 2, "1"),
        ("Zombie", 3, "1"),
        ("Dragon", 5, "1d6 × 1d6 × 1d6"),
    ]


def test_magic_item_tables_follow_the_rulebook():
    from sheetgen.rules.kubos import magic_items_table

    _, rows = magic_items_table()
    assert [r[1] for r in rows[:5]] == ["STRENGTH", "STRENGTH", "SNEAK", "SLIGHT", "SENSES"]
    # The rulebook prints "ROLL AGAIN*" for the 6; the card shows that and sheetgen's reading of it.
    assert "roll again" in rows[5][1] and "unique item" in rows[5][1]
    assert [r[2] for r in rows] == ["SKILL", "SKILL", "SHOOT", "SHOOT", "DEFENCE", "DEFENCE"]


def test_dragon_hp_outcomes_are_products_of_three_dice():
    from sheetgen.rules.kubos.core import monster_profile

    expected = {a * b * c for a, b, c in itertools.product(range(1, 7), repeat=3)}
    outcomes = monster_profile("dragon").hp.outcomes()
    assert set(outcomes) == expected
    assert sum(outcomes.values()) == 216
    assert (min(outcomes), max(outcomes)) == (1, 216)


def test_large_captain_hp_doubles_the_roll():
    from sheetgen.rules.kubos.core import monster_profile

    outcomes = monster_profile("humanoid", "captain", "large").hp.outcomes()
    assert sorted(outcomes) == [2 * (d + 3) for d in range(1, 7)]
