"""Messages stay readable whatever the content: text that looks like a number is text,
user text is quoted in part with its length, long source lines show a window, a flood of
errors is summed up per file, and a file of thousands of documents builds."""

from __future__ import annotations

import json
import re

import pytest
from helpers import SMALL_MONSTER, pdf_text, run_cli, write
from pypdf import PdfReader

from sheetgen.content import yamlsrc
from sheetgen.content.yamlsrc import MAX_DOCUMENTS_PER_FILE, load_documents
from sheetgen.diagnostics import Diagnostic, Severity, error, format_json, format_text, warning

HEX_LOOKING = "Decade-Facade-Accede-Beaded-Efface-Deface-Acceded-Bad-Fade-Cab"  # 62 of 0-9a-fA-F._eE+-
A_DIAGNOSTIC = re.compile(r"^\S+:\d+:\d+: (error|warning)\[", re.MULTILINE)


def diagnostic_blocks(stderr: str) -> list[str]:
    """Each diagnostic of a text report with its source line, caret and hint."""
    starts = [m.start() for m in A_DIAGNOSTIC.finditer(stderr)]
    return [stderr[a:b] for a, b in zip(starts, starts[1:] + [stderr.rfind("\nsheetgen:")])]


# --- text that looks like a number ---------------------------------------------------------


def test_a_long_name_of_hex_letters_and_hyphens_is_text_and_builds(workdir):
    write(
        workdir,
        "content/deck.yaml",
        f"kind: reference-deck\nid: deck\nsystem: kubos\ntitle: Names\n"
        f"cards:\n  - title: Street\n    body: {HEX_LOOKING}\n",
    )
    run = run_cli("build", "--format", "pdf")
    assert run.code == 0, run.stderr
    shown = json.loads(run_cli("show", "content/deck.yaml", "--json").stdout)
    assert shown["document"]["cards"][0]["body"] == HEX_LOOKING
    assert "Decade-Facade" in pdf_text(workdir / "output/kubos/reference/deck.pdf")


@pytest.mark.parametrize(
    "written",
    [
        HEX_LOOKING,
        "dead" * 16,
        "1-2-3-" * 12,
        "1.2.3.4." * 9,
        "e" * 70,
        "+" + "-" * 70,
        "1e5-" * 20,
    ],
)
def test_long_plain_text_is_text_whatever_its_letters(written):
    docs, problems = load_documents(f"v: {written}\n", "x.yaml")
    assert problems == []
    assert docs[0].data["v"] == written


@pytest.mark.parametrize(
    "written", ["9" * 61, "-" + "1" * 70, "0." + "5" * 70, "1" * 59 + "e10", "0x" + "f" * 70, "0o" + "7" * 70]
)
def test_a_real_number_longer_than_sixty_characters_is_still_refused(written):
    docs, problems = load_documents(f"v: {written}\n", "x.yaml")
    assert [(p.line, p.column, p.code) for p in problems] == [(1, 4, "yaml.number-too-long")]
    assert f"has {len(written)} characters" in problems[0].message


def test_yaml_1_1_words_and_short_numbers_keep_their_meaning():
    docs, problems = load_documents("a: no\nb: 1e3\nc: 0x1F\nd: Off\ne: 1.5\n", "x.yaml")
    assert problems == []
    assert docs[0].data == {"a": "no", "b": 1000.0, "c": 31, "d": "Off", "e": 1.5}


# --- user text quoted in part --------------------------------------------------------------


def test_a_hundred_thousand_character_id_is_quoted_in_part_with_its_length(workdir):
    huge = "a" * 100_000
    write(
        workdir,
        "content/m.yaml",
        SMALL_MONSTER.format(id=huge, name="Rat")
        + "---\n"
        + SMALL_MONSTER.format(id="rat", name="Rat").replace("type: vermin", f"type: {huge}"),
    )
    run = run_cli("validate")
    assert run.code == 1
    blocks = diagnostic_blocks(run.stderr)
    assert [b.split("]")[0].rsplit("[", 1)[1] for b in blocks] == ["content.bad-id", "content.not-allowed"]
    for block in blocks:
        assert len(block.encode()) < 2048, block[:300]
        assert "a" * 200 + "… (100,000 characters)`" in block
        assert "a" * 201 not in block
    assert len(run.stderr) < 5000
    report = json.loads(run_cli("validate", "--format", "json").stdout)
    assert [d["code"] for d in report] == ["content.bad-id", "content.not-allowed"]
    assert all(len(json.dumps(d)) < 2048 and "(100,000 characters)" in d["message"] for d in report)


def test_any_message_or_hint_is_bounded_whoever_makes_it():
    quoted = error("x.yaml", 1, 1, "x.code", f"the value `{'b' * 5000}` is wrong", f"write `{'c' * 300}`")
    assert quoted.message == f"the value `{'b' * 200}… (5,000 characters)` is wrong"
    assert quoted.hint == f"write `{'c' * 200}… (300 characters)`"
    unquoted = Diagnostic("x.yaml", 1, 1, Severity.WARNING, "x.code", "words " * 1000)
    assert len(unquoted.message) < 850 and unquoted.message.endswith("… (6,000 characters)")
    short = error("x.yaml", 1, 1, "x.code", f"`{'d' * 200}`")
    assert short.message == f"`{'d' * 200}`"


def test_a_huge_line_is_shown_as_a_window_around_the_column(workdir):
    notes = "n" * 60_000
    line = f"attributes: {{skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1, notes: {notes}, bogus: 1}}"
    text = SMALL_MONSTER.format(id="rat", name="Rat").replace(
        "attributes: {skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}", line
    )
    write(workdir, "content/m.yaml", text)
    run = run_cli("validate")
    assert run.code == 1
    [block] = [b for b in diagnostic_blocks(run.stderr) if "`bogus`" in b.splitlines()[0]]
    assert len(block.encode()) < 2048
    source, caret = block.splitlines()[1:3]
    assert source.startswith(" 5 | …") and not source.endswith("…") and len(source) < 200
    assert source[caret.index("^") :].startswith("bogus: 1}")


def test_a_source_line_is_windowed_at_either_end():
    line = "x" * 50_000 + "HERE" + "y" * 50_000
    middle = format_text([error("f.yaml", 1, 50_001, "x.code", "here")], {"f.yaml": [line]}).splitlines()
    assert middle[1].startswith(" 1 | …") and middle[1].endswith("…") and len(middle[1]) < 120
    assert middle[1][middle[2].index("^") :].startswith("HERE")
    start = format_text([error("f.yaml", 1, 1, "x.code", "here")], {"f.yaml": [line]}).splitlines()
    assert start[1].startswith(" 1 | xxx") and start[1].endswith("…") and start[2] == "   | ^"


# --- a flood of errors ---------------------------------------------------------------------


def flood(count: int) -> str:
    return "---\nkind: kubos-monstr\nid: a\n" * count


def test_a_thousand_errors_in_one_file_report_two_hundred_and_a_summary(workdir):
    write(workdir, "content/a.yaml", flood(1000))
    write(workdir, "content/b.yaml", flood(3))
    run = run_cli("validate")
    assert run.code == 1
    reported = A_DIAGNOSTIC.findall(run.stderr)
    assert len(reported) == 203
    assert re.findall(r"^content/a\.yaml:\d+", run.stderr, re.MULTILINE)[-1] == "content/a.yaml:599"  # the 200th
    assert run.stderr.count("more error") == 1
    assert "\ncontent/a.yaml: … and 800 more errors in this file (codes: content.unknown-kind ×800)\n" in run.stderr
    assert run.stderr.rstrip().endswith("1003 errors, 0 warnings")  # every error counted still

    report = json.loads(run_cli("validate", "--format", "json").stdout)
    assert len(report) == 204
    note = next(d for d in report if d["code"] == "diagnostics.truncated")
    assert note["file"] == "content/a.yaml" and note["severity"] == "note"
    assert (note["line"], note["column"]) == (602, 7)  # the first error left out
    assert note["truncated"] == {"errors": 800, "warnings": 0, "codes": {"content.unknown-kind": 800}}
    assert [d["file"] for d in report].count("content/b.yaml") == 3


def test_five_thousand_errors_print_a_bounded_report(workdir):
    write(workdir, "content/a.yaml", flood(5000))
    run = run_cli("validate")
    assert run.code == 1
    assert len(A_DIAGNOSTIC.findall(run.stderr)) == 200
    assert "… and 4,800 more errors in this file" in run.stderr
    assert len(run.stderr) < 200 * 300


def test_the_summary_counts_errors_and_warnings_by_code_where_the_first_left_out_was():
    diags = [error("a.yaml", n, 1, "x.one", "one") for n in range(1, 5)] + [
        warning("a.yaml", 5, 2, "x.two", "two"),
        error("a.yaml", 6, 1, "x.two", "two"),
        warning("a.yaml", 7, 1, "x.two", "two"),
        error("b.yaml", 1, 1, "x.one", "one"),
    ]
    text = format_text(diags, per_file=3).splitlines()
    assert text == [f"a.yaml:{n}:1: error[x.one]: one" for n in (1, 2, 3)] + [
        "a.yaml: … and 2 more errors and 2 more warnings in this file (codes: x.two ×3, x.one ×1)",
        "b.yaml:1:1: error[x.one]: one",
    ]
    report = json.loads(format_json(diags, per_file=3))
    assert [d["code"] for d in report] == ["x.one"] * 3 + ["diagnostics.truncated", "x.one"]
    assert (report[3]["line"], report[3]["column"]) == (4, 1)
    assert report[3]["truncated"] == {"errors": 2, "warnings": 2, "codes": {"x.two": 3, "x.one": 1}}


# --- many documents in one file ------------------------------------------------------------


def test_two_thousand_monsters_in_one_file_build(workdir):
    """Figures for 1,000 to 50,000 come from `bench/scale.py`."""
    n = 2000
    write(
        workdir,
        "content/m.yaml",
        "---\n".join(SMALL_MONSTER.format(id=f"m-{i:04d}", name=f"Monster {i}") for i in range(n)),
    )
    run = run_cli("build", "--format", "pdf", "--jobs", "1")
    assert run.code == 0, run.stderr[-2000:]
    assert f"{n} documents" in run.stderr
    shop = PdfReader(workdir / "output/kubos/stat-cards-print-shop/monsters.pdf")
    assert len(shop.pages) == 2 * n  # a front and a back for each monster
    assert all(re.match(r"Monster \d+\n", shop.pages[p].extract_text()) for p in (0, 2 * n - 2))


def test_a_file_of_more_documents_than_the_limit_is_refused_before_any_is_read():
    text = "# monsters\n" + "---\nkind: kubos-monster\nid: a: b\n" * (MAX_DOCUMENTS_PER_FILE + 1)
    docs, problems = load_documents(text, "many.yaml")
    assert docs == []
    assert [(p.line, p.column, p.code) for p in problems] == [
        (3 * MAX_DOCUMENTS_PER_FILE + 2, 1, "content.too-many-documents")
    ]  # the first over the limit
    assert f"holds {MAX_DOCUMENTS_PER_FILE + 1:,} documents" in problems[0].message
    assert f"at most {MAX_DOCUMENTS_PER_FILE:,}" in problems[0].message
    assert "split it" in problems[0].hint


@pytest.mark.parametrize(
    "text, refused_at",
    [
        ("# five\n" + "---\nv: 1\n" * 5, None),
        ("v: 0\n" + "---\nv: 1\n" * 4, None),  # the first without its `---`
        ("v: 0\n" + "---\nv: 1\n" * 5, 10),
        ("%YAML 1.2\n" + "---\nv: 1\n" * 6, 12),
    ],
)
def test_the_document_limit_counts_a_first_document_without_its_marker(monkeypatch, text, refused_at):
    monkeypatch.setattr(yamlsrc, "MAX_DOCUMENTS_PER_FILE", 5)
    docs, problems = load_documents(text, "x.yaml")
    assert [(p.line, p.code) for p in problems] == ([(refused_at, "content.too-many-documents")] if refused_at else [])
    assert len(docs) == (0 if refused_at else 5)


def test_a_file_over_the_document_limit_keeps_its_earlier_outputs(workdir, monkeypatch):
    def file_of(n: int) -> str:
        return "---\n".join(SMALL_MONSTER.format(id=f"m-{i}", name=f"Monster {i}") for i in range(n))

    write(workdir, "content/m.yaml", file_of(3))
    assert run_cli("build", "--format", "pdf").code == 0
    cards = workdir / "output/kubos/stat-cards/monsters.pdf"
    before = cards.read_bytes()
    monkeypatch.setattr(yamlsrc, "MAX_DOCUMENTS_PER_FILE", 5)
    write(workdir, "content/m.yaml", file_of(6))
    run = run_cli("build", "--format", "pdf")
    assert run.code == 1
    assert (
        "content/m.yaml:45:1: error[content.too-many-documents]: the file holds 6 documents; "
        "a content file may hold at most 5" in run.stderr
    )
    assert cards.read_bytes() == before
