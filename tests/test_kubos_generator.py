"""`sheetgen new kubos-monster`: reproducible, valid content, and distributions over
many seeds that match the rulebook (ranges and proportions, with tolerances)."""

from __future__ import annotations

import itertools
import random
import shutil
from collections import Counter

import pytest
import yaml
from helpers import DATA, run_cli

TABLES = DATA / "kubos" / "tables.yaml"
ATTRIBUTES = ("skill", "shoot", "strength", "sneak", "slight", "senses")
SEEDS = range(1500)


@pytest.fixture
def project(workdir):
    (workdir / "content" / "kubos").mkdir(parents=True)
    shutil.copy(TABLES, workdir / "content" / "kubos" / "tables.yaml")
    return workdir


@pytest.fixture(scope="module")
def library():
    from sheetgen.content.loader import load

    return load([TABLES])


def roll(library, seed: int, **options) -> list[dict]:
    from sheetgen.generate.kubos import generate_monsters

    return generate_monsters(random.Random(seed), {"count": 1, **options}, library)


def many(library, **options) -> list[dict]:
    return [m for seed in SEEDS for m in roll(library, seed, **options)]


# --- the command line -----------------------------------------------------------------


def test_the_issue_command_writes_six_documents_that_build(project):
    run = run_cli(
        "new",
        "kubos-monster",
        "--type",
        "humanoid",
        "--rank",
        "captain",
        "--size",
        "large",
        "--count",
        "6",
        "--seed",
        "42",
    )
    assert run.code == 0, run.stderr
    docs = list(yaml.safe_load_all(run.stdout))
    assert len(docs) == 6
    assert len({d["id"] for d in docs}) == 6
    for d in docs:
        assert (d["kind"], d["type"], d["rank"], d["size"], d["defence"]) == (
            "kubos-monster",
            "humanoid",
            "captain",
            "large",
            2,
        )
    (project / "content" / "captains.yaml").write_text(run.stdout, encoding="utf-8")
    build = run_cli("build", "-o", "out")
    assert build.code == 0, build.stderr
    assert (project / "out" / "kubos" / "stat-blocks" / "monsters.pdf").exists()
    assert run_cli("validate", "--strict").code == 0


def test_the_same_seed_gives_the_same_yaml(project):
    args = ("new", "kubos-monster", "--type", "vermin", "--count", "4", "--seed", "7")
    first, second = run_cli(*args), run_cli(*args)
    assert first.code == 0 and first.stdout == second.stdout
    assert run_cli("new", "kubos-monster", "--type", "vermin", "--count", "4", "--seed", "8").stdout != first.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("--type", "dragon", "--rank", "captain"),
        ("--type", "vermin", "--size", "large"),
        ("--type", "humanoid", "--undead-type", "ghoul"),
        ("--count", "0"),
    ],
)
def test_options_that_make_no_sense_are_usage_errors(project, args):
    run = run_cli("new", "kubos-monster", "--seed", "1", *args)
    assert run.code == 2
    assert "Traceback" not in run.stdout + run.stderr


def test_without_the_tables_the_generator_says_what_is_missing(workdir):
    run = run_cli("--no-game-data", "new", "kubos-monster", "--seed", "1")
    assert run.code == 2
    assert "kubos-tables" in run.stderr


def test_every_kind_of_monster_passes_its_own_checks_strictly(project):
    kinds = [
        ("--type", "humanoid", "--rank", r, "--size", s)
        for r in ("grunt", "captain", "commander")
        for s in ("small", "normal", "large")
    ]
    kinds += [("--type", "vermin"), ("--type", "dragon")]
    kinds += [("--type", "undead", "--undead-type", u) for u in ("skeleton", "ghoul", "zombie")]
    for n, args in enumerate(kinds):
        run = run_cli("new", "kubos-monster", "--seed", str(n), "--count", "5", *args, "-o", f"content/m{n}.yaml")
        assert run.code == 0, run.stderr
    run = run_cli("validate", "--strict")
    assert run.code == 0, run.stderr


# --- distributions over many seeds ----------------------------------------------------

HP_RANGES = {  # from the rulebook: a die roll, +3 for captains, +6 for commanders; large doubles
    ("grunt", "normal"): set(range(1, 7)),
    ("captain", "normal"): set(range(4, 10)),
    ("commander", "normal"): set(range(7, 13)),
    ("grunt", "large"): {2 * d for d in range(1, 7)},
    ("captain", "large"): {2 * (d + 3) for d in range(1, 7)},
    ("commander", "large"): {2 * (d + 6) for d in range(1, 7)},
}


@pytest.mark.parametrize("rank, size", list(HP_RANGES), ids=[f"{r}-{s}" for r, s in HP_RANGES])
def test_humanoid_hp_covers_exactly_the_rolled_range(library, rank, size):
    hps = Counter(m["hp"] for m in many(library, type="humanoid", rank=rank, size=size))
    assert set(hps) == HP_RANGES[(rank, size)]
    for count in hps.values():  # each face about 1/6 of the rolls
        assert abs(count / len(SEEDS) - 1 / 6) < 0.04


PATTERNS = {"grunt": [1, 0, 0, 0, 0, 0], "captain": [2, 1, 1, 1, 1, 1], "commander": [3, 2, 2, 1, 1, 1]}
DEFENCE = {"grunt": 1, "captain": 2, "commander": 3}


@pytest.mark.parametrize("rank", list(PATTERNS))
@pytest.mark.parametrize("size, bonus", [("normal", None), ("large", "strength"), ("small", "sneak")])
def test_humanoid_attributes_follow_the_rank_pattern(library, rank, size, bonus):
    raised = Counter()
    for m in many(library, type="humanoid", rank=rank, size=size):
        values = dict(m["attributes"])
        assert m["defence"] == DEFENCE[rank]
        if bonus:
            values[bonus] -= 1
        assert sorted(values.values(), reverse=True) == PATTERNS[rank]
        raised[max(values, key=values.get)] += 1
    for name in ATTRIBUTES:  # which attribute stands out is left to chance: each about 1 in 6
        assert abs(raised[name] / len(SEEDS) - 1 / 6) < 0.05


def test_vermin_are_poisonous_about_half_the_time(library):
    vermin = many(library, type="vermin")
    share = sum(m["poisonous"] for m in vermin) / len(vermin)
    assert 0.45 < share < 0.55
    assert {m["hp"] for m in vermin} == set(range(1, 7))
    assert all(m["defence"] == 2 and set(m["attributes"].values()) == {1} for m in vermin)


@pytest.mark.parametrize("kind, defence, poisonous", [("skeleton", 1, None), ("ghoul", 2, True), ("zombie", 3, None)])
def test_undead_have_strength_two_one_hp_and_their_defence(library, kind, defence, poisonous):
    for m in many(library, type="undead", undead_type=kind)[:200]:
        assert (m["hp"], m["defence"], m.get("poisonous")) == (1, defence, poisonous)
        assert m["attributes"] == {a: (2 if a == "strength" else 0) for a in ATTRIBUTES}


def test_undead_type_is_rolled_when_not_given(library):
    kinds = Counter(m["undead_type"] for m in many(library, type="undead"))
    assert set(kinds) == {"skeleton", "ghoul", "zombie"}
    assert all(abs(n / len(SEEDS) - 1 / 3) < 0.05 for n in kinds.values())


def test_dragon_hp_is_the_product_of_three_dice(library):
    hps = [m["hp"] for m in many(library, type="dragon")]
    products = {a * b * c for a, b, c in itertools.product(range(1, 7), repeat=3)}
    assert set(hps) <= products
    assert min(hps) >= 1 and max(hps) <= 216
    assert abs(sum(hps) / len(hps) - 3.5**3) < 4  # the mean of a product of independent dice


def test_coins_are_ten_times_hp(library):
    for m in many(library, type="dragon")[:300] + many(library, type="humanoid", rank="commander")[:300]:
        assert m["treasure"]["coins"] == 10 * m["hp"]


def magic_of(monsters: list[dict]) -> list[dict]:
    return [item for m in monsters for item in m["treasure"].get("magic_items", [])]


def test_tough_monsters_roll_for_magic_on_their_own(library):
    # A dragon with more than 10 HP rolls once: a magic item on a 6.
    tough = [m for m in many(library, type="dragon") if m["hp"] > 10]
    share = sum(bool(m["treasure"].get("magic_items")) for m in tough) / len(tough)
    assert abs(share - 1 / 6) < 0.04


def test_a_group_of_weak_monsters_rolls_once(library):
    groups = [roll(library, seed, type="humanoid", rank="grunt", count=6) for seed in SEEDS]
    found = [magic_of(group) for group in groups]
    assert all(len(items) <= 1 for items in found)
    assert abs(sum(map(len, found)) / len(groups) - 1 / 6) < 0.04
    for group in groups:  # the bundled tables give the find to the toughest grunt
        holders = [m for m in group if m["treasure"].get("magic_items")]
        if holders:
            assert holders[0]["hp"] == max(m["hp"] for m in group)


def test_magic_items_come_from_both_tables_as_the_dice_say(library):
    items = magic_of(many(library, type="dragon") + many(library, type="humanoid", rank="commander", size="large"))
    tables = Counter(i["table"] for i in items)
    assert abs(tables["equipment"] / len(items) - 0.5) < 0.08
    equipment = Counter(i["attribute"] for i in items if i["table"] == "equipment")
    arms = Counter(i["attribute"] for i in items if i["table"] == "arms-armour")
    assert set(equipment) == {"strength", "sneak", "slight", "senses", "unique"}
    assert set(arms) == {"skill", "shoot", "defence"}
    assert equipment["strength"] > equipment["sneak"]  # STRENGTH takes two faces of six
    assert all(i.get("name") for i in items if i["attribute"] == "unique")


def test_a_monster_of_exactly_ten_hp_rolls_with_its_group(library):
    # The rules' own roll is for more than 10 HP; sheetgen's reading puts 10 HP in the group
    # roll, so the monsters of 10 HP or less in a group share at most one find between them.
    # Large grunts roll 1d6 × 2: 2 to 12, so many groups hold a 10.
    groups = [roll(library, seed, type="humanoid", rank="grunt", size="large", count=4) for seed in SEEDS]
    with_ten = [g for g in groups if any(m["hp"] == 10 for m in g)]
    assert len(with_ten) > len(groups) / 3
    for group in groups:
        assert len(magic_of([m for m in group if m["hp"] <= 10])) <= 1


def test_the_bundled_tables_list_every_reading(library):
    # Readings built into the rules are listed with the others as reconstructed.
    tables = library.of_kind("kubos-tables")[0].model
    assert {"equipment_six", "magic_arms_armour", "ten_hp_monsters"} <= set(tables.reconstructed)
    assert "10 HP" in tables.reconstructed["ten_hp_monsters"]
    assert "roll again" in tables.reconstructed["equipment_six"]
