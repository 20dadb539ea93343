"""Cubit's rules: each one has a failing fixture in tests/fixtures/cubit/, and
`sheetgen validate` must report it at the exact line and column with its code.

Every fixture's first line says what it expects:
`# expect: LINE:COL severity[code] words that must appear in the message or hint`.
Fixtures are checked against a copy of the bundled Cubit catalog (interfaces,
upgrades, factions), which they may refer to; one whose second line starts with
`# alone:` is checked on its own (for rules about the catalog as a whole).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from helpers import FIXTURES, REPO, expectation, run_cli, validate_json, write

CUBIT_FIXTURES = sorted((FIXTURES / "cubit").glob("*.yaml"))


def diagnostics(*args: str) -> tuple[int, list[dict]]:
    run, found = validate_json(*args)
    return run.code, found


def test_there_is_a_fixture_for_every_cubit_rule_code():
    sources = "".join(p.read_text() for p in (REPO / "sheetgen" / "rules" / "cubit").glob("*.py"))
    codes = set(re.findall(r'"(cubit\.[a-z-]+)"', sources))
    assert codes, "no cubit rule codes found"
    covered = {expectation(p)[3] for p in CUBIT_FIXTURES}
    assert codes - covered == set()


@pytest.mark.parametrize("fixture", CUBIT_FIXTURES, ids=[p.stem for p in CUBIT_FIXTURES])
def test_each_rule_is_reported_at_its_line_and_column(cubit_workdir, fixture: Path):
    line, column, severity, code, words = expectation(fixture)
    alone = fixture.read_text(encoding="utf-8").splitlines()[1].startswith("# alone:")
    if alone:  # without the project's catalog and the one sheetgen ships
        shutil.rmtree(cubit_workdir / "content")
    run, found = validate_json(str(fixture), game_data=not alone)
    status = run.code
    mine = [d for d in found if d["file"].endswith(fixture.name)]
    hits = [d for d in mine if d["code"] == code]
    assert hits, f"no {code} among {[(d['line'], d['column'], d['code']) for d in mine]}"
    assert any((d["line"], d["column"], d["severity"]) == (line, column, severity) for d in hits), [
        (d["line"], d["column"], d["severity"]) for d in hits
    ]
    d = next(d for d in hits if (d["line"], d["column"]) == (line, column))
    assert words.lower() in (d["message"] + " " + (d["hint"] or "")).lower()
    assert d["hint"], "every Cubit diagnostic says how to fix it"
    assert status == (1 if severity == "error" else 0)


def test_the_bundled_cubit_content_is_clean(cubit_workdir):
    status, found = diagnostics("--strict")
    assert status == 0, found
    assert found == []


def notation_finding(root, faces: str, code: str) -> tuple[dict, str]:
    """The finding `code` for a cubit with these faces, and its line from where it points."""
    path = write(root, "content/cubit/cubits/x.yaml", f'kind: cubit\nid: x\nfaces: "{faces}"\n')
    _, found = diagnostics()
    d = next(d for d in found if d["code"] == code)
    return d, path.read_text().splitlines()[d["line"] - 1][d["column"] - 1 :]


def test_errors_in_the_notation_point_inside_the_string(cubit_workdir):
    d, at = notation_finding(
        cubit_workdir, "Ai2 Ma6[martial-arts, spin-others] At5 De4 Ta3 Mo1", "cubit.unknown-upgrade"
    )
    assert at.startswith("spin-others")
    assert "did you mean `spin-other`?" in d["hint"]


def test_upgrades_in_several_brackets_get_the_one_bracket_form_as_hint(cubit_workdir):
    """Swerve may be taken twice on a face: written `Mo5[swerve][swerve]`, the error at the
    term gives the form that reads, `Mo5[swerve,swerve]`, which then builds."""
    d, at = notation_finding(cubit_workdir, "Ai2 Ma6 At5 De4 Ta3 Mo1[swerve][swerve]", "cubit.bad-notation")
    assert at.startswith("Mo1[swerve][swerve]")
    assert d["hint"].endswith("`Mo1[swerve,swerve]`"), d["hint"]


def test_a_cube_too_big_for_the_paper_is_a_usage_error_in_validate_too(cubit_workdir):
    result = run_cli("validate", "--cube-size", "90mm")
    assert result.code == 2
    assert "largest cube size that fits" in result.stderr and "Traceback" not in result.stderr


def test_bad_content_never_crashes(cubit_workdir):
    write(
        cubit_workdir,
        "content/cubit/cubits/odd.yaml",
        """
        kind: cubit
        id: odd
        faces: "   "
        temporary_upgrades:
          - {upgrade: nothing, face: 0}
        storage:
          - {face: 9}
        colors: [nocolour]
        faction: nobody
    """,
    )
    write(
        cubit_workdir,
        "content/cubit/cubits/odd2.yaml",
        """
        kind: cubit
        id: odd2
        faces:
          - {interface: aid, skill: 1, upgrades: [{capacity: 3}, {upgrade: battery, capacity: -1}]}
    """,
    )
    result = run_cli("build")
    assert result.code == 1
    assert "Traceback" not in result.stderr and "internal.error" not in result.stderr
    assert not (cubit_workdir / "output/cubit/net/odd.pdf").exists()
    assert (cubit_workdir / "output/cubit/net/bloost.pdf").exists()  # the others still build


# --- bounds, digits, cascades --------------------------------------------------------------------

STANDARD = """
    kind: cubit
    id: {id}
    faces:
      - {{interface: aid, skill: 2}}
      - {{interface: manipulate, skill: 6}}
      - {{interface: attack, skill: 5}}
      - {{interface: defense, skill: 4}}
      - {{interface: talk, skill: 3}}
      - {{interface: move, skill: 1}}
"""


@pytest.mark.parametrize("capacity,ok", [(12, True), (13, False)])
def test_a_battery_holds_at_most_twelve_charges(cubit_workdir, capacity, ok):
    write(
        cubit_workdir,
        "content/cubit/cubits/b.yaml",
        STANDARD.format(id="b")
        + f"""
    temporary_upgrades:
      - {{upgrade: battery, face: 6, capacity: {capacity}}}
    """,
    )
    status, found = diagnostics("--strict")
    codes = [d["code"] for d in found]
    assert (status, codes) == ((0, []) if ok else (1, ["cubit.capacity-too-large"]))


def test_a_permanent_battery_is_bounded_too(cubit_workdir):
    write(
        cubit_workdir,
        "content/cubit/cubits/p.yaml",
        """
        kind: cubit
        id: p
        configuration: custom
        faces: "Ai40[battery:30] Ma6 At5 De4 Ta3 Mo1"
    """,
    )
    status, found = diagnostics()
    d = next(d for d in found if d["code"] == "cubit.capacity-too-large")
    line = (cubit_workdir / "content/cubit/cubits/p.yaml").read_text().splitlines()[d["line"] - 1]
    assert line[d["column"] - 1 :].startswith("30]")


def test_two_batteries_on_one_face_each_cost_their_charges_and_draw_no_warning(cubit_workdir):
    write(
        cubit_workdir,
        "content/cubit/cubits/twin.yaml",
        """
        kind: cubit
        id: twin
        faces: "Ai2 Ma6 At5 De4 Ta3 Mo1"
    """.replace("Ta3", "Ta3[battery:1,battery:1]"),
    )
    status, found = diagnostics("--strict")
    assert status == 0 and found == []
    result = run_cli("show", "--json", "content/cubit/cubits/twin.yaml")
    talk = json.loads(result.stdout)["derived"]["faces"][4]
    assert (talk["skill"], talk["cost"], talk["effective"]) == (3, 2, 1)


@pytest.mark.parametrize("digit", ["２", "٣", "²", "৪"])
def test_the_notation_takes_ascii_digits_only(cubit_workdir, digit):
    text = f'faces: "Ai2 Ma6 At{digit} De4 Ta3 Mo1"'
    write(cubit_workdir, "content/cubit/cubits/d.yaml", f"kind: cubit\nid: d\n{text}\n")
    status, found = diagnostics()
    assert status == 1
    (d,) = [d for d in found if d["file"].endswith("d.yaml")]
    assert d["code"] == "cubit.bad-notation" and (d["line"], d["column"]) == (3, text.index(digit) + 1)
    assert "0-9" in d["message"] and d["hint"]


def test_an_interface_with_errors_does_not_make_its_die_number_missing(cubit_workdir):
    path = cubit_workdir / "content/cubit/interfaces.yaml"
    text = path.read_text()
    aid_icon = next(line for line in text.splitlines() if line.startswith("icon: "))
    path.write_text(text.replace(aid_icon, 'icon: "Q8 50"', 1))
    status, found = diagnostics()
    assert status == 1
    assert [d["code"] for d in found if d["file"].endswith("interfaces.yaml")] == ["cubit.bad-icon"]
    # Cubits that use it, in either spelling, are told it has errors of its own: no unknown code.
    unnamed = [d["code"] for d in found if d["file"].endswith("unnamed-builder.yaml")]
    assert unnamed == ["content.broken-reference"]


def test_a_missing_die_number_is_reported_once_on_the_interfaces(cubit_workdir):
    path = cubit_workdir / "content/cubit/interfaces.yaml"
    docs = path.read_text().split("---\n")
    path.write_text("---\n".join(d for d in docs if "id: talk" not in d))
    _, found = validate_json(game_data=False)
    warnings = [d for d in found if d["code"] == "cubit.incomplete-interfaces"]
    assert len(warnings) == 1
    assert "die number 5;" in warnings[0]["message"] and warnings[0]["file"].endswith("interfaces.yaml")
    assert "`order: 5`" in warnings[0]["hint"]


def test_upgrades_too_many_for_a_small_face_get_a_hint_that_can_be_followed(cubit_workdir):
    """An upgrade's id cannot be shortened: where a face's upgrades do not fit a 25mm cube,
    the hint is a larger cube size (they fit at 50mm), never "shorten it"."""
    write(
        cubit_workdir,
        "content/cubit/cubits/crowded.yaml",
        """
        kind: cubit
        id: crowded
        name: Crowded
        faction: builders
        advancement: 14
        faces:
          - {interface: aid, skill: 3}
          - {interface: manipulate, skill: 12, upgrades: [martial-arts, spin-other, {specialization: repair}, squeeze-spin, fast-spin]}
          - {interface: attack, skill: 8, upgrades: [corner-attack, {specialization: smash-objects}]}
          - {interface: defense, skill: 4, upgrades: [{upgrade: battery, capacity: 2}]}
          - {interface: talk, skill: 1}
          - {interface: move, skill: 7, upgrades: [spring, swerve]}
    """,
    )
    run = run_cli("validate", "--format", "json", "--cube-size", "25mm")
    found = [d for d in json.loads(run.stdout) if d["code"] == "layout.text-overflow"]
    assert found and all("--cube-size" in d["hint"] and "shorten" not in d["hint"] for d in found), found
    assert run_cli("validate", "--cube-size", "50mm").code == 0


def test_every_mistake_of_the_notation_is_reported_at_once(cubit_workdir):
    """An unknown interface code in one term and a misspelt upgrade in another: both in
    one run, each at its place in the string, with its suggestion."""
    write(
        cubit_workdir,
        "content/cubit/cubits/x.yaml",
        """
        kind: cubit
        id: x
        faces: "Ai2 Ma6[martial-art] At5 De4 Ta3 Mv1"
    """,
    )
    _, found = diagnostics()
    source = (cubit_workdir / "content/cubit/cubits/x.yaml").read_text().splitlines()
    at = {d["code"]: source[d["line"] - 1][d["column"] - 1 :] for d in found}
    assert at["cubit.unknown-upgrade"].startswith("martial-art]") and at["cubit.unknown-interface"].startswith("Mv1")
    assert any("did you mean `martial-arts`?" in (d["hint"] or "") for d in found)


def test_a_mistake_in_a_term_with_spaced_upgrades_is_one_error(cubit_workdir):
    """`Mx6[martial-arts, swerve]`: the unknown code is the mistake; the rest of its
    brackets, after the space, is not read as a term of its own."""
    write(
        cubit_workdir,
        "content/cubit/cubits/x.yaml",
        """
        kind: cubit
        id: x
        faces: "Ai2 Mx6[martial-arts, swerve] At5 De4 Ta3 Mo1"
    """,
    )
    _, found = diagnostics()
    assert [d["code"] for d in found] == ["cubit.unknown-interface"], found


def test_a_bracket_never_closed_does_not_hide_the_mistakes_after_it(cubit_workdir):
    write(
        cubit_workdir,
        "content/cubit/cubits/x.yaml",
        """
        kind: cubit
        id: x
        faces: "Ai2 Ma6[martial-arts, swerve At5 Dx4 Ta3 Mo1"
    """,
    )
    _, found = diagnostics()
    assert "cubit.unknown-interface" in {d["code"] for d in found}, found  # `Dx`, after the open `[`
