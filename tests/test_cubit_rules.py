"""Cubit's rules: each one has a failing fixture in tests/fixtures/cubit/, and
`sheetgen validate` must report it at the exact line and column with its code.

Every fixture's first line says what it expects:
`# expect: LINE:COL severity[code] words that must appear in the message or hint`.
Fixtures are checked against a copy of the bundled Cubit catalog (interfaces,
upgrades, factions), which they may refer to.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import FIXTURES, REPO, run_cli, write
from test_cubit_support import cubit_workdir  # noqa: F401  (a fixture)

CUBIT_FIXTURES = sorted((FIXTURES / "cubit").glob("*.yaml"))
EXPECT_RE = re.compile(r"^# expect: (\d+):(\d+) (error|warning)\[([\w.-]+)\](.*)$")


def expectation(path: Path):
    m = EXPECT_RE.match(path.read_text(encoding="utf-8").splitlines()[0])
    assert m, f"{path.name} has no `# expect:` line"
    return int(m.group(1)), int(m.group(2)), m.group(3), m.group(4), m.group(5).strip()


def diagnostics(*args: str) -> tuple[int, list[dict]]:
    result = run_cli("validate", "--format", "json", *args)
    assert "Traceback" not in result.stderr
    return result.code, json.loads(result.stdout)


def test_there_is_a_fixture_for_every_cubit_rule_code():
    sources = "".join(p.read_text() for p in (REPO / "sheetgen" / "rules").glob("cubit*.py"))
    codes = set(re.findall(r'"(cubit\.[a-z-]+)"', sources))
    covered = {expectation(p)[3] for p in CUBIT_FIXTURES}
    assert codes - covered == set()


@pytest.mark.parametrize("fixture", CUBIT_FIXTURES, ids=[p.stem for p in CUBIT_FIXTURES])
def test_each_rule_is_reported_at_its_line_and_column(cubit_workdir, fixture: Path):
    line, column, severity, code, words = expectation(fixture)
    status, found = diagnostics(str(fixture))
    mine = [d for d in found if d["file"].endswith(fixture.name)]
    hits = [d for d in mine if d["code"] == code]
    assert hits, f"no {code} among {[(d['line'], d['column'], d['code']) for d in mine]}"
    assert any((d["line"], d["column"], d["severity"]) == (line, column, severity) for d in hits), \
        [(d["line"], d["column"], d["severity"]) for d in hits]
    d = next(d for d in hits if (d["line"], d["column"]) == (line, column))
    assert words.lower() in (d["message"] + " " + (d["hint"] or "")).lower()
    assert d["hint"], "every Cubit diagnostic says how to fix it"
    assert status == (1 if severity == "error" else 0)


def test_the_bundled_cubit_content_is_clean(cubit_workdir):
    status, found = diagnostics("--strict")
    assert status == 0, found
    assert found == []


def test_errors_in_the_notation_point_inside_the_string(cubit_workdir):
    write(cubit_workdir, "content/cubit/cubits/x.yaml", """
        kind: cubit
        id: x
        faces: "Ai2 Ma6[martial-arts, spin-others] At5 De4 Ta3 Mo1"
    """)
    _, found = diagnostics()
    d = next(d for d in found if d["code"] == "cubit.unknown-upgrade")
    source = (cubit_workdir / "content/cubit/cubits/x.yaml").read_text().splitlines()[d["line"] - 1]
    assert source[d["column"] - 1:].startswith("spin-others")
    assert "did you mean `spin-other`?" in d["hint"]


def test_a_cube_too_big_for_the_paper_is_a_usage_error_in_validate_too(cubit_workdir):
    result = run_cli("validate", "--cube-size", "90mm")
    assert result.code == 2
    assert "largest cube size that fits" in result.stderr and "Traceback" not in result.stderr


def test_bad_content_never_crashes(cubit_workdir):
    write(cubit_workdir, "content/cubit/cubits/odd.yaml", """
        kind: cubit
        id: odd
        faces: "   "
        temporary_upgrades:
          - {upgrade: nothing, face: 0}
        storage:
          - {face: 9}
        colors: [nocolour]
        faction: nobody
    """)
    write(cubit_workdir, "content/cubit/cubits/odd2.yaml", """
        kind: cubit
        id: odd2
        faces:
          - {interface: aid, skill: 1, upgrades: [{capacity: 3}, {upgrade: battery, capacity: -1}]}
    """)
    result = run_cli("build")
    assert result.code == 1
    assert "Traceback" not in result.stderr and "internal.error" not in result.stderr
    assert not (cubit_workdir / "output/cubit/net/odd.pdf").exists()
    assert (cubit_workdir / "output/cubit/net/bloost.pdf").exists()  # the others still build
