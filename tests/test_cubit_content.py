"""Cubit content beyond single rules: derived values, the compact notation (round trips
for every example), the `sheetgen new cubit` generator and the computed odds tables."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
import yaml
from helpers import REPO, examples, run_cli, write
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.rules.cubit.notation import NotationFace, UpgradeUse, format_faces, parse_faces

CUBITS = sorted((REPO / "content" / "cubit" / "cubits").glob("*.yaml"))
CODES = {"Ai": "aid", "Ma": "manipulate", "At": "attack", "De": "defense", "Ta": "talk", "Mo": "move"}
NAMES = {
    "Aid": "aid",
    "Manipulate": "manipulate",
    "Attack": "attack",
    "Defense": "defense",
    "Talk": "talk",
    "Move": "move",
}
IDS = {v: k for k, v in CODES.items()}


def show(path: Path | str) -> dict:
    result = run_cli("show", "--json", str(path))
    assert result.code == 0, result.stderr
    return json.loads(result.stdout)


# --- derived values ---------------------------------------------------------------------------


def test_effective_skill_subtracts_permanent_upgrade_costs(cubit_workdir):
    d = show(cubit_workdir / "content/cubit/cubits/figsogren.yaml")["derived"]
    by_face = {f["number"]: f for f in d["faces"]}
    # The cubit_workdir: Specialization costs 1 each, Battery 1 per charge (capacity 2 here).
    assert (by_face[2]["skill"], by_face[2]["cost"], by_face[2]["effective"]) == (6, 2, 4)
    assert (by_face[5]["skill"], by_face[5]["cost"], by_face[5]["effective"]) == (6, 1 + 2, 3)
    assert d["skill_total"] == 3 + 6 + 1 + 3 + 6 + 4
    assert d["skill_budget"] == 21 + 2
    assert d["faction"]["likes"] == ["The Reachers", "The Rangers"]


def test_an_unnamed_cubit_is_allowed_and_shown_as_unnamed(cubit_workdir):
    d = show(cubit_workdir / "content/cubit/cubits/unnamed-builder.yaml")["derived"]
    assert d["name"] is None and d["display_name"] == "Unnamed cubit · unnamed-builder"


def test_a_custom_npc_has_no_budget_and_may_repeat_interfaces(cubit_workdir):
    d = show(cubit_workdir / "content/cubit/cubits/gate-warden.yaml")["derived"]
    assert [f["interface"] for f in d["faces"]].count("attack") == 2
    assert d["skill_budget"] is None
    assert d["colors"] == ["blue", "grey"]  # its own colours win over the faction's


def test_storage_compartments_follow_manipulate_faces(cubit_workdir):
    d = show(cubit_workdir / "content/cubit/cubits/gate-warden.yaml")["derived"]
    assert [s["face"] for s in d["storage"]] == [5]
    d = show(cubit_workdir / "content/cubit/cubits/far-roller.yaml")["derived"]
    assert d["storage"] == [
        {"face": 2, "interface": "Manipulate", "items": ["Ruin map fragment", "Portable generator key"]}
    ]
    assert d["temporary_upgrades"][0]["charges"] == 2 and d["temporary_upgrades"][0]["capacity"] == 3


# --- notation ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", CUBITS, ids=[p.stem for p in CUBITS])
def test_the_notation_round_trips_for_every_example(cubit_workdir, path):
    first = show(cubit_workdir / "content/cubit/cubits" / path.name)
    notation = first["derived"]["notation"]
    write(
        cubit_workdir,
        "content/cubit/cubits/again.yaml",
        f"""
        kind: cubit
        id: again
        configuration: {first["derived"]["configuration"]}
        advancement: {first["derived"]["advancement"]}
        faces: "{notation}"
    """,
    )
    again = show(cubit_workdir / "content/cubit/cubits/again.yaml")["derived"]
    assert again["notation"] == notation

    def strip(faces):
        return [{k: v for k, v in f.items() if k != "path"} for f in faces]

    assert strip(again["faces"]) == strip(first["derived"]["faces"])


def test_the_rulebook_example_reads_as_the_standard_order(cubit_workdir):
    # The rulebook's surviving digits 2 6 5 4 3 1 with the reconstructed order.
    write(
        cubit_workdir,
        "content/cubit/cubits/example.yaml",
        """
        kind: cubit
        id: example
        faces: "Ai2 Ma6 At5 De4 Ta3 Mo1"
    """,
    )
    d = show(cubit_workdir / "content/cubit/cubits/example.yaml")["derived"]
    assert [(f["interface"], f["skill"]) for f in d["faces"]] == [
        ("aid", 2),
        ("manipulate", 6),
        ("attack", 5),
        ("defense", 4),
        ("talk", 3),
        ("move", 1),
    ]
    assert d["skill_total"] == 21


def test_names_and_loose_spacing_read_into_the_canonical_notation():
    faces = parse_faces(
        "Aid2  Manipulate6[martial-arts, spin-other]  at5 De4 Ta3[specialization:persuade] Mo1", CODES, NAMES
    )
    assert format_faces(faces, IDS) == "Ai2 Ma6[martial-arts,spin-other] At5 De4 Ta3[specialization:persuade] Mo1"


upgrade_uses = st.one_of(
    st.sampled_from(["martial-arts", "fast-spin", "swerve"]).map(UpgradeUse),
    st.sampled_from(["persuade", "repair", "gather-information"]).map(lambda a: UpgradeUse("specialization", action=a)),
    st.integers(1, 9).map(lambda n: UpgradeUse("battery", capacity=n)),
)
faces_strategy = st.lists(
    st.builds(
        NotationFace, st.sampled_from(list(IDS)), st.integers(-3, 40), st.lists(upgrade_uses, max_size=3).map(tuple)
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=examples(200), deadline=None)
@given(faces_strategy)
def test_format_then_parse_gives_the_same_faces(faces):
    text = format_faces(faces, IDS)
    assert parse_faces(text, CODES, NAMES) == faces
    assert format_faces(parse_faces(text, CODES, NAMES), IDS) == text


# --- the generator ----------------------------------------------------------------------------


def generate(*args: str) -> dict:
    result = run_cli("new", "cubit", *args)
    assert result.code == 0, result.stderr
    return yaml.safe_load(result.stdout)


def test_the_generator_is_reproducible_by_seed(cubit_workdir):
    for method in ("assign", "roll"):
        a = run_cli("new", "cubit", "--seed", "42", "--method", method)
        b = run_cli("new", "cubit", "--seed", "42", "--method", method)
        assert a.code == 0 and a.stdout == b.stdout
    outputs = {run_cli("new", "cubit", "--seed", str(n), "--method", "roll").stdout for n in range(8)}
    assert len(outputs) == 8


def test_method_one_assigns_one_to_six_in_standard_order_without_a_name(cubit_workdir):
    doc = generate("--seed", "5", "--method", "assign")
    assert "name" not in doc
    assert [f["interface"] for f in doc["faces"]] == ["aid", "manipulate", "attack", "defense", "talk", "move"]
    assert sorted(f["skill"] for f in doc["faces"]) == [1, 2, 3, 4, 5, 6]


def test_method_two_starts_at_one_and_adds_fifteen_rolls(cubit_workdir):
    repeats = over_six = 0
    for seed in range(40):
        skills = [f["skill"] for f in generate("--seed", str(seed), "--method", "roll")["faces"]]
        assert sum(skills) == 6 + 15 and min(skills) >= 1
        repeats += len(set(skills)) < 6
        over_six += max(skills) > 6
    # Unlike method 1, rolled cubits repeat values, and now and then one face runs away.
    assert repeats > 30 and over_six > 0


def test_generated_cubits_validate_and_take_a_faction_and_name(cubit_workdir):
    result = run_cli(
        "new",
        "cubit",
        "--seed",
        "9",
        "--method",
        "roll",
        "--faction",
        "delvers",
        "--name",
        "Dusty",
        "-o",
        "content/cubit/cubits/dusty.yaml",
    )
    assert result.code == 0, result.stderr
    d = show(cubit_workdir / "content/cubit/cubits/dusty.yaml")
    assert d["valid"] and d["document"]["name"] == "Dusty" and d["derived"]["faction"]["name"] == "The Delvers"


def test_generator_options_that_make_no_sense_are_usage_errors(cubit_workdir, tmp_path):
    result = run_cli("new", "cubit", "--seed", "1", "--faction", "governers")
    assert result.code == 2 and "did you mean `governors`?" in result.stderr
    empty = tmp_path / "nothing"
    empty.mkdir()
    result = run_cli("--no-game-data", "new", "cubit", "--seed", "1", "--content", str(empty))
    assert result.code == 2 and "six cubit interfaces" in result.stderr


# --- odds ------------------------------------------------------------------------------------


def brute_force_at_least(minis: int, target: int) -> float:
    outcomes = list(itertools.product((0, 1), repeat=minis))
    return sum(1 for o in outcomes if sum(o) >= target) / len(outcomes)


def brute_force_attacker_wins(a: int, d: int) -> float:
    outcomes = list(itertools.product((0, 1), repeat=a + d))
    return sum(1 for o in outcomes if sum(o[:a]) >= sum(o[a:])) / len(outcomes)


def agrees(cell: str, p: float) -> bool:
    """A printed percentage matches a probability (to the whole percent it is rounded to)."""
    if cell == "<1%":
        return 0 < p < 0.01
    if cell == ">99%":
        return 0.99 < p < 1
    value = float(cell.rstrip("%")) / 100
    if value in (0.0, 1.0):
        return p == value
    return abs(value - p) <= 0.005 + 1e-9


def deck_tables(cubit_workdir) -> dict[int, dict]:
    return show(cubit_workdir / "content/cubit/reference.yaml")["derived"]["tables"]


def test_the_throwing_odds_on_the_cards_match_brute_force(cubit_workdir):
    tables = list(deck_tables(cubit_workdir).values())
    target = next(t for t in tables if t["columns"][0] == "Skill")
    for row in target["rows"]:
        minis = row[0]
        for column, cell in zip(target["columns"][1:], row[1:]):
            assert agrees(cell, brute_force_at_least(minis, int(column.rstrip("+")))), (minis, column, cell)


def test_the_opposed_odds_on_the_cards_match_brute_force_ties_to_the_attacker(cubit_workdir):
    tables = list(deck_tables(cubit_workdir).values())
    opposed = next(t for t in tables if t["columns"][0] == "Att.")
    assert len(opposed["rows"]) == 6
    for row in opposed["rows"]:
        for column, cell in zip(opposed["columns"][1:], row[1:]):
            assert agrees(cell, brute_force_attacker_wins(row[0], int(column[1:]))), (row[0], column, cell)
    # Equal skills: the attacker wins ties, so better than even.
    assert all(float(row[row[0]].rstrip("%")) > 50 for row in opposed["rows"])


def test_an_unnamed_cubit_with_the_longest_id_still_builds(workdir):
    """An unnamed cubit's sheet shows a short id beside "Unnamed cubit"; a long one (ids may
    have 64 characters) is left out rather than overflowing the title."""
    from helpers import pdf_text, run_cli

    long_id = "unnamed-guard-of-the-northern-gate-who-never-sleeps-at-all-x"
    (workdir / "content/npcs.yaml").write_text(
        f"kind: cubit\nid: {long_id}\nfaces: 'Ai1 Ma2 At3 De4 Ta5 Mo6'\n---\n"
        "kind: cubit\nid: guard-2\nfaces: 'Ai1 Ma2 At3 De4 Ta5 Mo6'\n"
    )
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0, result.stderr
    assert "Unnamed cubit · guard-2" in pdf_text(workdir / "output/cubit/sheet/guard-2.pdf")
    assert "Unnamed cubit" in pdf_text(workdir / f"output/cubit/sheet/{long_id}.pdf")
