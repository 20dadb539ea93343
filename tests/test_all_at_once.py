"""Every problem of a document in one run: fixtures in tests/fixtures/all-at-once/ list every
diagnostic they expect (`# expect: LINE:COL severity[code] words`, one line each) and
validating one reports exactly those, none hidden behind another."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import EXPECT_RE, FIXTURES, validate_json

ALL_AT_ONCE = sorted((FIXTURES / "all-at-once").glob("*.yaml"))


def expectations(path: Path) -> list[tuple[int, int, str, str, str]]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = EXPECT_RE.match(line)
        if not m:
            break
        found.append((int(m.group(1)), int(m.group(2)), m.group(3), m.group(4), m.group(5).strip()))
    assert len(found) >= 2, f"{path.name} should expect several problems"
    return found


@pytest.mark.parametrize("fixture", ALL_AT_ONCE, ids=[p.stem for p in ALL_AT_ONCE])
def test_every_problem_of_a_document_is_reported_in_one_run(fixture: Path, workdir):
    run, found = validate_json(str(fixture))
    expected = expectations(fixture)
    assert [(d["line"], d["column"], d["severity"], d["code"]) for d in found] == [e[:4] for e in expected]
    for d, (*_, words) in zip(found, expected):
        assert d["file"] == str(fixture)
        assert words.lower() in (d["message"] + " " + (d["hint"] or "")).lower()
    assert run.code == 1


def test_a_handout_product_typo_is_reported_before_anything_is_laid_out(workdir):
    """The rules check the product against the catalogue: `check` alone reports it."""
    from sheetgen.content.loader import load
    from sheetgen.layout.sheets.handout import section_choices
    from sheetgen.rules import check

    fixture = FIXTURES / "all-at-once" / "handout-product-and-references.yaml"
    checked = check(load([str(fixture)]), section_products=section_choices)
    assert {(d.line, d.code) for d in checked.diagnostics} >= {(27, "handout.unknown-product"), (29, "handout.unknown-kind")}
