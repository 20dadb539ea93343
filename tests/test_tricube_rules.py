"""Tricube Tales validation: every rule has a failing fixture in tests/fixtures/tricube/,
and `sheetgen validate` reports it at the exact line and column with its code."""

from __future__ import annotations

import re

import pytest
from helpers import FIXTURES, REPO, assert_only_diagnostic, run_cli, validate_json, write

TRICUBE = FIXTURES / "tricube"

# (fixture, code, severity, line, column): positions read off the fixture files.
CASES = [
    ("unknown-trait.yaml", "tricube.unknown-trait", "error", 5, 8),
    ("unknown-combat-style.yaml", "tricube.unknown-combat-style", "error", 7, 15),
    ("too-few-perks.yaml", "tricube.too-few-perks", "error", 8, 8),
    ("too-few-quirks.yaml", "tricube.too-few-quirks", "error", 9, 9),
    ("perk-without-advance.yaml", "tricube.perk-without-advance", "warning", 8, 29),
    ("karma-out-of-range.yaml", "tricube.karma-out-of-range", "error", 10, 8),
    ("resolve-out-of-range.yaml", "tricube.resolve-out-of-range", "error", 11, 12),
    ("raise-without-advances.yaml", "tricube.raise-without-advances", "error", 12, 10),
    ("current-out-of-range.yaml", "tricube.current-out-of-range", "error", 12, 16),
    ("retired.yaml", "tricube.retired", "warning", 16, 5),
    ("difficulty-out-of-range.yaml", "tricube.difficulty-out-of-range", "error", 5, 13),
    ("effort-below-one.yaml", "tricube.effort-below-one", "error", 6, 9),
    ("effort-too-many.yaml", "tricube.effort-too-many", "error", 7, 9),
    ("effort-too-many-for-card.yaml", "tricube.effort-too-many", "error", 11, 9),
    ("duplicate-entry.yaml", "tricube.duplicate-entry", "warning", 8, 12),
    ("start-above-maximum.yaml", "tricube.start-above-maximum", "error", 5, 19),
    ("rules-twice.yaml", "tricube.rules-twice", "error", 7, 5),
]


@pytest.mark.parametrize("name, code, severity, line, column", CASES, ids=[c[0] for c in CASES])
def test_fixture_reports_its_rule_at_the_value(workdir, name, code, severity, line, column):
    assert_only_diagnostic(TRICUBE / name, code, severity, line, column)


def rule_codes() -> set[str]:
    """Every `tricube.*` code written in the game's modules, f-string placeholders expanded."""
    expand = {"{token}": ("karma", "resolve"), "{field}": ("perks", "quirks")}
    sources = [
        *(REPO / "sheetgen").glob("*/tricube*.py"),
        *(REPO / "sheetgen").glob("*/*/tricube*.py"),
        *(REPO / "sheetgen/rules/tricube").glob("*.py"),
        *(REPO / "sheetgen/layout/sheets/tricube").glob("*.py"),
    ]
    codes: set[str] = set()
    for path in sources:
        for code in re.findall(r'"(tricube\.[a-z{}-]+)"', path.read_text(encoding="utf-8")):
            variants = [code]
            for placeholder, values in expand.items():
                if placeholder in code:
                    variants = [v.replace(placeholder, value) for v in variants for value in values]
            codes.update(variants)
    return codes


def test_every_tricube_rule_code_has_a_fixture():
    """A rule added to the game's modules without a fixture fails here."""
    codes = rule_codes()
    assert "tricube.karma-out-of-range" in codes and "tricube.too-few-quirks" in codes  # the scan sees f-strings
    assert codes == {c[1] for c in CASES}


def test_messages_carry_the_actual_values(workdir):
    _, found = validate_json(str(TRICUBE / "raise-without-advances.yaml"))
    message = found[0]["message"]
    assert "karma 4" in message and "resolve 5" in message
    assert "6 advances" in message and "has 3 advances" in message
    _, found = validate_json(str(TRICUBE / "difficulty-out-of-range.yaml"))
    assert "difficulty is 8" in found[0]["message"]


def test_raises_paid_for_by_every_second_advance(workdir):
    """Two advances pay for one raise; a raise on each of karma and resolve needs four."""
    base = """
        kind: tricube-character
        id: ada
        name: Ada
        trait: crafty
        concept: Inventor
        combat_style: mental
        perks: [Gadgets]
        quirks: [Absent-minded]
        karma: 4
        resolve: 4
    """
    base = base.rstrip() + "\n"
    write(workdir, "content/two.yaml", base + "        advances: [a, b]\n")
    write(workdir, "content/four.yaml", base.replace("id: ada", "id: bea") + "        advances: [a, b, c, d]\n")
    _, found = validate_json("content")
    assert [(d["file"], d["code"]) for d in found] == [("content/two.yaml", "tricube.raise-without-advances")]


def test_campaign_limits_come_from_the_rules_document(workdir):
    """A `tricube-rules` document changes what validation accepts: here karma stops at 5."""
    write(
        workdir,
        "content/rules.yaml",
        """
        kind: tricube-rules
        id: low-magic
        max_karma: 5
    """,
    )
    write(
        workdir,
        "content/ada.yaml",
        """
        kind: tricube-character
        id: ada
        name: Ada
        trait: crafty
        concept: Inventor
        combat_style: mental
        perks: [Gadgets]
        quirks: [Absent-minded]
        karma: 6
        resolve: 3
        advances: [a, b, c, d, e, f]
    """,
    )
    _, found = validate_json("content")
    assert [(d["file"], d["line"], d["code"]) for d in found] == [("content/ada.yaml", 9, "tricube.karma-out-of-range")]
    assert "karma is 6" in found[0]["message"] and "from 0 to 5" in found[0]["message"]


KARMA_SPENT = """
    kind: tricube-character
    id: {id}
    name: Ada
    trait: crafty
    concept: Inventor
    combat_style: mental
    perks: [Gadgets]
    quirks: [Absent-minded]
    karma: {karma}
    resolve: {resolve}
"""


def test_karma_spent_for_good_may_fall_below_the_start(workdir):
    """Permanent afflictions cost permanent karma: karma may drop below where characters
    start, down to 0. Resolve keeps its lower bound."""
    write(workdir, "content/one.yaml", KARMA_SPENT.format(id="one", karma=1, resolve=3))
    write(workdir, "content/none.yaml", KARMA_SPENT.format(id="none", karma=0, resolve=3))
    write(workdir, "content/negative.yaml", KARMA_SPENT.format(id="negative", karma=-1, resolve=3))
    write(workdir, "content/low-resolve.yaml", KARMA_SPENT.format(id="low-resolve", karma=3, resolve=2))
    _, found = validate_json("content")
    assert sorted((d["file"], d["line"], d["column"], d["code"]) for d in found) == [
        ("content/low-resolve.yaml", 10, 10, "tricube.resolve-out-of-range"),
        ("content/negative.yaml", 9, 8, "tricube.karma-out-of-range"),
    ]


def test_lost_karma_does_not_pay_for_raised_resolve(workdir):
    """Karma 2 is one below the start, resolve 4 one above: the raise still needs its
    advances, as if karma were at the start."""
    write(workdir, "content/ada.yaml", KARMA_SPENT.format(id="ada", karma=2, resolve=4))
    _, found = validate_json("content")
    assert [(d["line"], d["column"], d["code"]) for d in found] == [(10, 10, "tricube.raise-without-advances")]
    message = found[0]["message"]
    assert "resolve 4" in message and "1 point" in message and "2 advances" in message and "no advances" in message
    assert "karma" not in message.split("(")[0]  # karma is not counted as raised


def test_bundled_content_is_clean(bundled):
    run, found = validate_json("content/tricube")
    assert found == [] and run.code == 0


def test_bad_input_is_a_diagnostic_not_a_crash(workdir):
    write(
        workdir,
        "content/bad.yaml",
        """
        kind: tricube-character
        id: bad
        name: ""
        trait: 5
        concept: [a, list]
        combat_style: null
        perks: Berserker
        quirks: [{}]
        karma: three
        resolve: 3.5
        afflictions: [{name: x, permanent: maybe}]
        advances: 4
    """,
    )
    write(
        workdir,
        "content/foe.yaml",
        """
        kind: tricube-foe
        id: foe
        name: Foe
        difficulty: "5"
        effort: -3
    """,
    )
    run = run_cli("validate", "content")
    assert run.code == 1
    assert "Traceback" not in run.stdout + run.stderr
    assert run.stderr.count("content/bad.yaml:") >= 10
    assert "content/foe.yaml:4:13" in run.stderr
    build = run_cli("build", "content", "-o", "out")
    assert build.code == 1 and "Traceback" not in build.stderr
    assert not (workdir / "out" / "tricube" / "character-sheet").exists()


@pytest.mark.parametrize("advances, most", [(0, 3), (2, 4), (6, 6)])
def test_karma_too_high_is_answered_with_the_most_the_characters_advances_pay_for(workdir, advances, most):
    """The hint of a karma above the rulebook's limit names the most this character may
    have with its own advances, so that following it leaves no other error to meet."""
    listed = "[" + ", ".join(f"Advance {n}" for n in range(advances)) + "]"
    text = (
        "kind: tricube-character\nid: ada\nname: Ada\ntrait: agile\nconcept: Scout\ncombat_style: ranged\n"
        f"perks: [Keen eyes]\nquirks: [Stubborn]\nkarma: 9\nresolve: 3\nadvances: {listed}\n"
    )
    write(workdir, "content/ada.yaml", text)
    run, found = validate_json()
    (d,) = found
    assert d["code"] == "tricube.karma-out-of-range" and f"write a karma from 0 to {most}:" in d["hint"]
    write(workdir, "content/ada.yaml", text.replace("karma: 9", f"karma: {most}"))
    run, found = validate_json()
    assert run.code == 0 and found == []


def test_a_challenge_is_called_a_challenge_in_what_its_rules_say(workdir):
    """A locked door is no foe: the messages about its difficulty and effort say `challenge`."""
    write(
        workdir,
        "content/door.yaml",
        "kind: tricube-foe\nid: door\nname: Locked door\ntype: challenge\ndifficulty: 9\neffort: 0\n",
    )
    _, found = validate_json()
    assert {d["code"] for d in found} == {"tricube.difficulty-out-of-range", "tricube.effort-below-one"}
    for d in found:
        said = d["message"] + " " + d["hint"]
        assert "challenge" in said and "foe" not in said, said


def test_advances_spent_on_raises_bring_no_perk(workdir):
    """Five perks and four advances, two of them spent raising resolve from 3 to 5: two
    advances brought perks, so the fourth and fifth perks are unearned (a warning at the
    fourth); with two more advances listed, none is."""
    doc = """
        kind: tricube-character
        id: magus
        name: Magus
        trait: crafty
        concept: Wizard
        combat_style: mental
        perks: [Berserker, Keen eyes, Iron grip, Lucky, Fast]
        quirks: [Absent-minded]
        karma: 3
        resolve: 5
        advances: [a, b, c, d]
    """
    write(workdir, "content/m.yaml", doc)
    _, found = validate_json()
    assert [(d["code"], d["line"], d["column"]) for d in found] == [("tricube.perk-without-advance", 7, 42)], found
    assert "2 of them spent raising karma or resolve" in found[0]["message"]
    write(workdir, "content/m.yaml", doc.replace("[a, b, c, d]", "[a, b, c, d, e, f]"))
    assert validate_json()[1] == []
