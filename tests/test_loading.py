"""Loading errors point at the exact line and column, with a stable code.

Each fixture in tests/fixtures/loading/ states what it expects on its first line:
`# expect: LINE:COL severity[code] words that must appear in the message or hint`.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path

import pytest
from helpers import FIXTURES, expectation, run_cli, validate_json, write

from sheetgen.content.loader import load
from sheetgen.content.yamlsrc import load_documents

LOADING = sorted((FIXTURES / "loading").glob("*.yaml"))


@pytest.mark.parametrize("fixture", LOADING, ids=[p.stem for p in LOADING])
def test_each_loading_error_is_reported_at_its_line_and_column(fixture: Path):
    line, column, severity, code, words = expectation(fixture)
    result = run_cli("validate", "--format", "json", str(fixture))
    assert result.code == 1, result.stderr
    found = json.loads(result.stdout)
    hits = [d for d in found if d["code"] == code]
    assert hits, f"no {code} among {[(d['line'], d['column'], d['code']) for d in found]}"
    d = hits[0]
    assert (d["line"], d["column"], d["severity"]) == (line, column, severity)
    assert d["file"].endswith(fixture.name)
    if words:
        assert words.lower() in (d["message"] + " " + (d["hint"] or "")).lower()


def test_text_diagnostics_show_the_source_line_and_a_caret(workdir):
    write(
        workdir,
        "content/deck.yaml",
        """
        kind: reference-deck
        id: deck
        system: kubos
        title: Deck
        cards:
          - title: One
            bodyy: typo here
    """,
    )
    result = run_cli("validate")
    assert result.code == 1
    lines = result.stderr.splitlines()
    first = next(i for i, ln in enumerate(lines) if "error[content.unknown-field]" in ln)
    assert lines[first].startswith("content/deck.yaml:7:5: error[content.unknown-field]: unknown field `bodyy`")
    assert lines[first + 1].endswith("|     bodyy: typo here")
    caret_line = lines[first + 2]
    assert caret_line.index("^") == lines[first + 1].index("bodyy")
    assert "did you mean `body`?" in lines[first + 3]
    assert "Traceback" not in result.stderr


def test_every_error_of_every_file_is_reported_in_one_run(workdir):
    write(
        workdir,
        "content/a.yaml",
        """
        kind: theme
        id: a
        paper: a5
        cube_size: 50
    """,
    )
    write(
        workdir,
        "content/sub/b.yaml",
        """
        kind: reference-deck
        id: B
        system: kubos
        title: x
        cards: []
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = {(Path(d["file"]).name, d["line"], d["code"]) for d in json.loads(result.stdout)}
    assert found >= {
        ("a.yaml", 3, "content.not-allowed"),
        ("a.yaml", 4, "content.bad-length"),
        ("b.yaml", 2, "content.bad-id"),
        ("b.yaml", 5, "content.too-few"),
    }


def test_a_wrong_type_does_not_hide_the_other_errors_of_its_document(workdir):
    """`quality: 3+` is reported with its fix, and the unit's range without a unit is
    still checked in the same run; the unit is not built."""
    write(
        workdir,
        "content/units.yaml",
        """
        kind: grimdark-unit
        id: captain
        name: Captain
        size: 1
        quality: 3+
        defense: 4
        cost: 70
        weapons:
          - {name: Pistol, range: 24, attacks: 1}
    """,
    )
    result = run_cli("validate", "--format", "json")
    assert result.code == 1
    found = {(d["line"], d["code"]): d for d in json.loads(result.stdout)}
    assert set(found) == {(5, "content.wrong-type"), (9, "grimdark.range-without-unit")}
    assert "write `3`" in found[5, "content.wrong-type"]["hint"]
    build = run_cli("build", "--format", "pdf")
    assert build.code == 1 and not list((workdir / "output").rglob("*.pdf"))


def test_yaml_1_1_booleans_and_numbers_keep_their_written_meaning():
    docs, problems = load_documents("a: no\nb: on\nc: 1e3\nd: 1_000\ne: 1:30\nf: '012'\ng: yes\n", "x.yaml")
    assert problems == []
    assert docs[0].data == {"a": "no", "b": "on", "c": 1000.0, "d": "1_000", "e": "1:30", "f": "012", "g": "yes"}


@pytest.mark.parametrize(
    "written, value",
    [
        # YAML 1.2 core: nulls, booleans, numbers, .inf and .nan …
        ("~", None),
        ("null", None),
        ("Null", None),
        ("true", True),
        ("FALSE", False),
        ("-12", -12),
        ("+7", 7),
        ("0o17", 15),
        ("0x1F", 31),
        (".5", 0.5),
        ("-1.5e2", -150.0),
        ("-.inf", float("-inf")),
        # … and text for everything else, whatever YAML 1.1 makes of it
        ("yes", "yes"),
        ("Off", "Off"),
        ("y", "y"),
        ("=", "="),
        ("<<x", "<<x"),
        ("2001-12-14", "2001-12-14"),
        ("0b101", "0b101"),
        ("1:30", "1:30"),
        ("-x", "-x"),
        ("+x", "+x"),
        ("~x", "~x"),
        (".x", ".x"),
        ("nul", "nul"),
        ("True story", "True story"),
        ("Rule 4.2", "Rule 4.2"),
        ("é-ç", "é-ç"),
        ("z" * 80, "z" * 80),
        ("!!str 5", "5"),
        ("!!str yes", "yes"),
        ("!!int 5", 5),
        ("!!float 5", 5.0),
    ],
)
def test_plain_values_follow_the_yaml_1_2_core_schema(written, value):
    docs, problems = load_documents(f"v: {written}\n", "x.yaml")
    assert problems == []
    assert docs[0].data["v"] == value and type(docs[0].data["v"]) is type(value)


@pytest.mark.parametrize(
    "text, code",
    [
        ("v: 012\n", "yaml.ambiguous-number"),
        ("v: " + "9" * 64 + "\n", "yaml.number-too-long"),
        ("v: 0x" + "dead" * 16 + "\n", "yaml.number-too-long"),
        ('v: "a\\eb"\n', "yaml.control-character"),  # made by an escape: the file itself is clean
        ("v: a\u0085b\n", "yaml.control-character"),  # NEL, which is read as text, not a line break
        ("v: !!python/name:os.system x\n", "yaml.unsupported-tag"),
    ],
)
def test_plain_values_that_cannot_be_read_as_written_are_reported(text, code):
    _, problems = load_documents(text, "x.yaml")
    assert [(p.line, p.column, p.code) for p in problems] == [(1, 4, code)]


def test_a_number_in_a_table_cell_written_otherwise_than_it_prints_is_a_warning_there(workdir):
    """A cell prints the number YAML reads, not what was typed: a price `3.50` prints
    `3.5`. Each such cell is a warning at it, with the quoted form that prints as written;
    numbers that print as typed, and quoted text, say nothing, and the deck builds."""
    write(
        workdir,
        "content/d.yaml",
        """
        kind: reference-deck
        id: d
        system: kubos
        title: Prices
        cards:
          - title: Shop
            table:
              columns: [Item, Cost, Code, Odds]
              rows:
                - [Sword, 3.50, "007", 1e3]
                - [Shield, 12, 0x1F, 0.25]
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = [d for d in json.loads(result.stdout) if d["code"] == "yaml.number-rewritten"]
    assert [(d["line"], d["column"]) for d in found] == [(10, 19), (10, 32), (11, 24)], found
    assert found[0]["message"] == "`3.50` is read as the number 3.5, and the cell prints `3.5`"
    assert found[0]["hint"].startswith('write `"3.50"` (in quotes)')
    assert result.code == 0 and all(d["severity"] == "warning" for d in found)
    assert run_cli("build", "--format", "pdf").code == 0


def test_a_yaml_1_1_boolean_where_true_or_false_is_expected_is_an_error_with_a_hint(workdir):
    from pydantic import BaseModel

    from sheetgen.content.model_errors import validation_diagnostics
    from sheetgen.content.models.base import ContentModel

    class Flag(ContentModel):
        enabled: bool

    docs, _ = load_documents("enabled: no\n", "flag.yaml")
    from pydantic import ValidationError

    with pytest.raises(ValidationError) as info:
        Flag.model_validate(docs[0].data)
    (d,) = validation_diagnostics(info.value, Flag, docs[0].data, docs[0].positions, "flag.yaml")
    assert (d.line, d.column, d.code) == (1, 10, "content.wrong-type")
    assert "write `true` or `false`" in d.hint
    assert issubclass(Flag, BaseModel)


def test_an_alias_bomb_stops_quickly_with_bounded_memory():
    text = (FIXTURES / "loading" / "alias-bomb.yaml").read_text()
    tracemalloc.start()
    started = time.perf_counter()
    docs, problems = load_documents(text, "bomb.yaml")
    elapsed = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert [p.code for p in problems] == ["yaml.too-large"]
    # Fully expanded this document holds 10^9 strings; it must be refused long before that.
    assert peak < 100 * 1024 * 1024, f"peak {peak / 1e6:.0f} MB"
    assert elapsed < 30  # generous: this guards against expansion, it is not a speed benchmark


def test_an_oversized_file_is_refused_without_being_parsed(workdir, monkeypatch):
    import sheetgen.content.loader as loader

    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 1000)
    write(workdir, "content/big.yaml", "kind: theme\nid: big\n" + "# padding\n" * 200)
    result = run_cli("validate", "--format", "json")
    (d,) = json.loads(result.stdout)
    assert (d["code"], d["line"], d["column"]) == ("content.file-too-large", 1, 1)


def test_a_file_that_is_not_utf8_gets_a_diagnostic(workdir):
    (workdir / "content" / "latin1.yaml").write_bytes(b"kind: theme\nid: caf\xe9\n")
    result = run_cli("validate", "--format", "json")
    (d,) = json.loads(result.stdout)
    assert (d["code"], d["line"], d["column"]) == ("content.encoding", 2, 8)


def test_control_characters_are_a_diagnostic_not_a_crash(workdir):
    (workdir / "content" / "ctrl.yaml").write_bytes(b"kind: theme\nid: x\nname: a\x07b\n")
    result = run_cli("validate", "--format", "json")
    assert result.code == 1
    assert json.loads(result.stdout)[0]["code"] == "yaml.syntax"


def test_documents_of_a_multi_document_file_are_checked_independently(workdir):
    write(
        workdir,
        "content/many.yaml",
        """
        kind: theme
        id: good
        ---
        kind: theme
        id: bad
        paper: a3
        ---
        kind: theme
        id: also-good
    """,
    )
    library = load([workdir / "content"], game_data=False)
    # `bad` is read without its wrong setting, for the rules to check the rest, never built.
    assert sorted(d.id for d in library.documents if not d.checked_only) == ["also-good", "good"]
    assert ("theme", "bad") in library.invalid
    assert [(d.line, d.code) for d in library.diagnostics] == [(6, "content.not-allowed")]


def test_discovery_is_recursive_sorted_and_skips_hidden_files(workdir):
    for rel in ("content/b/z.yaml", "content/a.yml", "content/b/a.yaml", "content/.hidden/x.yaml", "content/.x.yaml"):
        write(workdir, rel, f"kind: theme\nid: t{abs(hash(rel)) % 10**6}\n")
    from sheetgen.content.loader import discover

    names = [str(p.relative_to(workdir / "content")) for p in discover([workdir / "content"])]
    assert names == ["a.yml", "b/a.yaml", "b/z.yaml"]


def test_an_unknown_computed_table_is_reported_at_its_name(workdir):
    write(
        workdir,
        "content/deck.yaml",
        """
        kind: reference-deck
        id: deck
        system: kubos
        title: Deck
        cards:
          - title: Odds
            table: {computed: tricube-oddz}
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = json.loads(result.stdout)
    assert [(d["line"], d["column"], d["code"]) for d in found] == [(7, 23, "deck.unknown-table")]


def test_nesting_too_deep_for_the_parser_is_refused_before_parsing():
    for text in ("[" * 50000 + "]" * 50000, "x: " + "{a: " * 30000 + "1" + "}" * 30000, "- " * 30000 + "x"):
        docs, problems = load_documents(text, "deep.yaml")
        assert docs == [] and [p.code for p in problems] == ["yaml.too-deep"]


def test_a_fifo_in_the_content_folder_is_not_read(workdir):
    import os

    os.mkfifo(workdir / "content" / "pipe.yaml")
    write(workdir, "content/ok.yaml", "kind: theme\nid: ok\n")
    assert run_cli("validate").code == 0
    result = run_cli("validate", "content/pipe.yaml", "--format", "json")
    assert [d["code"] for d in json.loads(result.stdout)] == ["content.unreadable"]


def test_a_document_clashing_with_the_content_folder_is_reported(workdir):
    write(workdir, "content/theme.yaml", "kind: theme\nid: shared\n")
    write(workdir, "elsewhere/theme.yaml", "kind: theme\nid: shared\npaper: letter\n")
    result = run_cli("validate", "elsewhere/theme.yaml", "--format", "json")
    (d,) = json.loads(result.stdout)
    assert (d["file"], d["line"], d["column"], d["code"]) == ("elsewhere/theme.yaml", 2, 5, "content.duplicate-id")


def test_terminal_output_escapes_control_and_direction_characters():
    from sheetgen.diagnostics import error, format_text

    text = format_text([error("f.yaml", 1, 7, "x.y", "name `a\u202eb`")], {"f.yaml": ["name: a\u202eb\x1b[2J"]})
    assert "\u202e" not in text and "\x1b" not in text
    assert "\\u202e" in text and "\\x1b" in text


def test_a_whole_number_written_as_a_word_is_answered_with_its_digits(workdir):
    write(workdir, "content/rat.yaml", "kind: kubos-monster\nid: rat\nname: Rat\ntype: vermin\nhp: three\n")
    _, found = validate_json()
    (d,) = [d for d in found if d["code"] == "content.wrong-type"]
    assert (d["line"], d["column"]) == (5, 5) and d["hint"] == "write it in digits: `3`"


def test_a_missing_field_carries_its_name_and_a_misspelling_of_it_is_reported_alone():
    from pydantic import ValidationError

    from sheetgen.content.model_errors import validation_diagnostics
    from sheetgen.content.models.base import ContentModel

    class Pair(ContentModel):
        name: str
        size: int

    docs, _ = load_documents("nam: x\n", "pair.yaml")
    with pytest.raises(ValidationError) as info:
        Pair.model_validate(docs[0].data)
    found = validation_diagnostics(info.value, Pair, docs[0].data, docs[0].positions, "pair.yaml")
    # `nam` is `name` misspelt: its missing `name` is not reported too; `size` is missing.
    assert {(d.code, d.missing_field) for d in found} == {
        ("content.unknown-field", None),
        ("content.missing-field", "size"),
    }
    missing = next(d for d in found if d.missing_field)
    assert missing.message == "missing required field `size`"
    assert "missing_field" not in missing.to_json()  # `--format json` keeps its fields
