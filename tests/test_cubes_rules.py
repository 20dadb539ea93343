"""CUBES! checks and derived values: every rule has a failing fixture in
tests/fixtures/cubes/ whose first line gives the exact line:col, code and words
(`# expect: LINE:COL severity[code] words`); the starting pools and limits follow
the rulebook's numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import FIXTURES, assert_fixture_reported, run_cli, uncovered_rule_codes, validate_json, write

CUBES_FIXTURES = sorted((FIXTURES / "cubes").glob("*.yaml"))


@pytest.mark.parametrize("fixture", CUBES_FIXTURES, ids=[p.stem for p in CUBES_FIXTURES])
def test_each_rule_is_reported_at_its_value(workdir, fixture: Path):
    assert_fixture_reported(fixture)


def test_every_cubes_rule_code_has_a_fixture():
    codes, uncovered = uncovered_rule_codes("cubes", CUBES_FIXTURES)
    assert "cubes.census-start-out-of-range" in codes and "cubes.duplicate-color" in codes
    assert uncovered == set()


def test_the_bundled_cubes_content_is_clean(bundled):
    run, found = validate_json("--strict", "content/cubes")
    assert run.code == 0 and found == []


def test_the_design_example_loads(workdir):
    """The `cubes-civilization` of DESIGN.md, as written there (no colour, no name)."""
    write(
        workdir,
        "content/red.yaml",
        """
        kind: cubes-civilization
        id: red-player
        player: Red
        census_start: 5                  # 0..10 cubes moved to the Census Pool before the game
    """,
    )
    run, found = validate_json("--strict")
    assert run.code == 0 and found == []


def derived(workdir: Path, census: int) -> dict:
    write(
        workdir,
        "content/civ.yaml",
        f"""
        kind: cubes-civilization
        id: civ
        player: Ana
        color: red
        census_start: {census}
    """,
    )
    import json

    run = run_cli("show", "content/civ.yaml", "--json")
    assert run.code == 0, run.stderr
    return json.loads(run.stdout)["derived"]


@pytest.mark.parametrize("census", [0, 4, 10])
def test_starting_pools_split_the_thirty_cubes(workdir, census):
    d = derived(workdir, census)
    pools = {p["pool"]: p for p in d["pools"]}
    assert list(pools) == ["civilization", "census", "construction", "technology", "diplomacy", "commerce"]
    assert pools["civilization"]["start"] == 30 - census and pools["census"]["start"] == census
    assert all(pools[p]["start"] == 0 for p in ("construction", "technology", "diplomacy", "commerce"))
    # Civilization 20 at start; Census and Commerce half of it; Construction and Technology unlimited.
    assert pools["civilization"]["limit"] == 20
    assert pools["census"]["limit"] == pools["commerce"]["limit"] == 10
    assert pools["construction"]["limit"] is None and pools["technology"]["limit"] is None
    assert d["over_limit_at_start"] == max(0, 30 - census - 20)


def test_eras_cubes_and_quantumizer_follow_the_rulebook(workdir):
    d = derived(workdir, 3)
    assert [(e["era"], e["at"], e["removes"], e["forced"]) for e in d["eras"]] == [
        (2, 16, 9, True),
        (3, 25, 16, False),
        (4, 36, None, False),
    ]
    assert d["cubes"] == {"at_start": 1, "to_win": 3, "to_build": 2, "size": 27}
    assert d["quantumizer"] == ["d4", "d6", "d8", "d10", "d12", "d20"]
    assert d["game"] is None and d["rivals"] == []


def test_half_limits_truncate():
    from sheetgen.rules.cubes.rulebook import census_limit, commerce_limit

    assert [census_limit(n) for n in (20, 21, 40, 43)] == [10, 10, 20, 21]
    assert [commerce_limit(n) for n in (20, 21, 41)] == [10, 10, 20]


def test_a_civilization_knows_its_rivals_at_the_table(bundled):
    import json

    run = run_cli("show", "content/cubes/civilizations/veld.yaml", "--json")
    d = json.loads(run.stdout)["derived"]
    assert d["game"] == "friday-table" and d["game_title"] == "Friday night CUBES!"
    assert [r["id"] for r in d["rivals"]] == ["ashara", "orrin", "kesh"]
    assert {r["color"] for r in d["rivals"]} == {"red", "green", "yellow"}


def test_a_game_reports_every_problem_at_once(workdir):
    write(
        workdir,
        "content/game.yaml",
        """
        kind: cubes-game
        id: messy
        civilizations: [a, b, a, ghost]
        ---
        {kind: cubes-civilization, id: a, player: A, color: red}
        ---
        {kind: cubes-civilization, id: b, player: B, color: red}
    """,
    )
    run, found = validate_json()
    assert run.code == 1
    assert sorted((d["line"], d["column"], d["code"]) for d in found) == [
        (3, 20, "cubes.duplicate-color"),
        (3, 23, "cubes.duplicate-civilization"),
        (3, 26, "content.unknown-reference"),
    ]


def test_a_rival_with_errors_does_not_stop_the_others_sheets(workdir):
    """A rival's unknown colour is that rival's error; the other sheets still print,
    the rival named without a colour."""
    write(
        workdir,
        "content/g.yaml",
        """
        kind: cubes-game
        id: g
        civilizations: [a, b]
        ---
        {kind: cubes-civilization, id: a, player: Al, color: red}
        ---
        {kind: cubes-civilization, id: b, player: Bo, color: crimsen}
    """,
    )
    run = run_cli("build", "-o", "out")
    assert run.code == 1 and "internal" not in run.stderr and "Traceback" not in run.stderr
    assert "content/g.yaml:7:54: error[content.unknown-color]" in run.stderr
    assert (workdir / "out/cubes/record-sheet/a.pdf").is_file()
    assert not (workdir / "out/cubes/record-sheet/b.pdf").exists()
