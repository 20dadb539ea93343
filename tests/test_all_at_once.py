"""Every problem of a document in one run: fixtures in tests/fixtures/all-at-once/ list every
diagnostic they expect (`# expect: LINE:COL severity[code] words`, one line each) and
validating one reports exactly those, none hidden behind another."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import EXPECT_RE, FIXTURES, run_cli, validate_json, write

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
    assert {(d.line, d.code) for d in checked.diagnostics} >= {
        (27, "handout.unknown-product"),
        (29, "handout.unknown-kind"),
    }


def test_a_theme_with_a_wrong_setting_has_its_other_settings_checked_too(workdir):
    """A colour, a font and a margin each wrong: one run reports all three, each at its
    line (the colour is the model's to refuse, the font and margin the rules'), and the
    theme's errors stop the build as before."""
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: house
        colors:
          accent: "#2b5d8"
        fonts:
          regular: fonts/missing.ttf
        printable_margin: 30mm
    """,
    )
    write(workdir, "content/d.yaml", "kind: reference-deck\nid: d\nsystem: kubos\ntitle: D\ncards: [{title: A}]\n")
    _, found = validate_json()
    assert [(d["line"], d["code"]) for d in found] == [
        (4, "content.bad-color"),
        (6, "theme.bad-font"),
        (7, "theme.size-out-of-range"),
    ], found
    build = run_cli("build")
    assert build.code == 1 and "nothing is built while the theme `house` has errors" in build.stderr


def test_a_handout_with_a_wrong_setting_has_its_sections_checked_too(workdir):
    """`profile: printshop` and `paper: A4` wrong, and a section naming a product its
    documents do not have: all three in one run."""
    write(workdir, "content/d.yaml", "kind: reference-deck\nid: d\nsystem: kubos\ntitle: D\ncards: [{title: A}]\n")
    write(
        workdir,
        "content/h.yaml",
        """
        kind: handout
        id: h
        title: H
        profile: printshop
        paper: A4
        sections:
          - {title: Decks, include: {kind: reference-deck, product: cards}}
    """,
    )
    _, found = validate_json()
    assert [(d["line"], d["code"]) for d in found] == [
        (4, "content.not-allowed"),
        (5, "content.not-allowed"),
        (7, "handout.unknown-product"),
    ], found


def test_a_list_written_as_text_and_a_setting_in_the_wrong_case_get_the_fix_as_hint(workdir):
    write(workdir, "content/d.yaml", "kind: reference-deck\nid: d\nsystem: kubos\ntitle: D\ncards: [{title: A}]\n")
    write(
        workdir,
        "content/h.yaml",
        """
        kind: handout
        id: h
        title: H
        paper: A4
        keywords: cubes, rpg, wargame
        sections: [{title: A, include: {kind: reference-deck}}]
    """,
    )
    _, found = validate_json()
    assert [(d["line"], d["hint"]) for d in found] == [
        (4, "write `a4`: case matters"),
        (5, "write it as a list, in brackets: `[cubes, rpg, wargame]`"),
    ], found


def test_a_wrong_value_inside_a_handout_section_brings_no_second_error(workdir):
    """A section's `product:` written as a list is one error at it: the section is not
    read without it (which would make the rules ask for a `product:`)."""
    write(workdir, "content/d.yaml", "kind: reference-deck\nid: d\nsystem: kubos\ntitle: D\ncards: [{title: A}]\n")
    write(
        workdir,
        "content/h.yaml",
        """
        kind: handout
        id: h
        title: H
        sections:
          - {title: Decks, include: {kind: reference-deck, product: [reference]}}
    """,
    )
    _, found = validate_json()
    assert [(d["line"], d["code"]) for d in found] == [(5, "content.wrong-type")], found
