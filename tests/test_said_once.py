"""Text too long for its place in several products is said once, from what the findings
carry as data (whose text, which products, the length asked for), never from their words."""

from __future__ import annotations

import json
from dataclasses import replace

from sheetgen.diagnostics import Diagnostic, Severity, format_json
from sheetgen.files.report import unique

WHO = "kubos-monster `orc`"
DETAIL = "the name (`name`) `The Bog Hag of Mirewood…` is too long for its line even at 9pt"


def too_long(product: str, fits: int, line: int = 4) -> Diagnostic:
    return Diagnostic(
        "content/m.yaml",
        line,
        7,
        Severity.ERROR,
        "layout.text-overflow",
        f"{WHO} in `{product}`: {DETAIL}",
        f"shorten it to {fits} characters or fewer (it has 60)",
        subject=WHO,
        products=(product,),
        detail=DETAIL,
        shorten_to=fits,
    )


def test_one_place_in_three_products_is_one_finding_with_the_tightest_length():
    said = unique([too_long("kubos-stat-blocks", 30), too_long("handout", 24), too_long("kubos-mini-stats", 28)])
    assert len(said) == 1
    (d,) = said
    assert d.message == f"{WHO} in `kubos-stat-blocks`, `handout` and `kubos-mini-stats`: {DETAIL}"
    assert d.products == ("kubos-stat-blocks", "handout", "kubos-mini-stats")
    assert d.hint == "shorten it to 24 characters or fewer (it has 60)" and d.shorten_to == 24


def test_findings_at_other_places_stay_apart():
    said = unique([too_long("kubos-stat-blocks", 30, line=4), too_long("handout", 24, line=9)])
    assert [d.line for d in said] == [4, 9]
    assert all(len(d.products) == 1 for d in said)


def test_a_hint_naming_no_length_does_not_replace_one_that_does():
    """`shorten it: not one character fits` names no length: the first hint stays, as
    neither can be said to ask for the shorter text."""
    first = too_long("kubos-stat-blocks", 30)
    none_fits = replace(too_long("handout", 0), hint="shorten it: not one character fits", shorten_to=None)
    (d,) = unique([first, none_fits])
    assert d.hint == first.hint and d.products == ("kubos-stat-blocks", "handout")


def test_words_alone_are_not_read_back():
    """Two findings whose messages merely read like too-long findings, without the data,
    are not merged (nor is anything taken from their text)."""
    plain = [
        Diagnostic("content/m.yaml", 4, 7, Severity.ERROR, "layout.text-overflow", f"{WHO} in `{p}`: {DETAIL}")
        for p in ("kubos-stat-blocks", "handout")
    ]
    assert unique(plain) == plain
    assert unique(plain + plain[:1]) == plain  # each once all the same


def test_the_data_stays_out_of_json():
    (d,) = unique([too_long("kubos-stat-blocks", 30), too_long("handout", 24)])
    (shown,) = json.loads(format_json([d]))
    assert set(shown) == {"file", "line", "column", "severity", "code", "message", "hint"}
    assert shown["message"] == d.message and shown["hint"] == d.hint
