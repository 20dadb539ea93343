"""Hostile input and faults: recovery, tags, odd line breaks, links leaving the project,
odd file names; outputs that survive errors, other directories, partial builds, kills,
concurrent builds and full disks."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import run_cli, validate_json, write
from sheetgen.content.loader import load
from sheetgen.content.yamlsrc import load_documents

MONSTER = """kind: kubos-monster
id: {id}
name: {name}
type: vermin
size: small
attributes: {{skill: 1, shoot: 0, strength: 1, sneak: 2, slight: 0, senses: 2}}
defence: 1
hp: 2
"""


# --- loading: recovery, tags, line breaks, nesting -----------------------------------------


def test_error_recovery_reports_every_broken_document_at_its_line():
    n = 3000  # quadratic recovery took minutes at this size; bench/robustness.py times it
    docs, problems = load_documents("---\nkind: kubos-monster\nid: a: b\n" * n, "many.yaml")
    assert docs == []
    assert [(p.line, p.column, p.code) for p in problems] == [(3 * i + 3, 6, "yaml.syntax") for i in range(n)]


def test_documents_after_a_broken_one_keep_their_lines_and_hints():
    text = "kind: theme\nid: a\nname: [x\n---\nkind: theme\nid: b\n---\nkind: theme\nid: c\nname: [y\n---\nid: d\n"
    docs, problems = load_documents(text, "t.yaml")
    assert [(d.data["id"], d.start.line) for d in docs] == [("b", 5), ("d", 12)]
    assert [(p.line, p.code) for p in problems] == [(4, "yaml.syntax"), (11, "yaml.syntax")]
    assert "at line 10" in problems[1].hint  # the context line is the file's, not the part's


@pytest.mark.parametrize("text, line, col", [
    ("kind: theme\nid: x\nfonts: !!python/object/apply:os.system [echo hi]\n", 3, 8),
    ("kind: theme\nid: x\ncolors: !!python/object:builtins.dict {ink: black}\n", 3, 9),
    ("kind: theme\nid: x\nfonts: !custom\n  - a\n", 3, 8),
    ("--- !!omap\n- kind: theme\n", 1, 5),
])
def test_tags_on_mappings_and_lists_are_refused(text, line, col):
    docs, problems = load_documents(text, "tag.yaml")
    assert [(p.line, p.column, p.code) for p in problems] == [(line, col, "yaml.unsupported-tag")]
    assert not docs[0].ok


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85"])
def test_unicode_line_separators_inside_values_do_not_shift_line_numbers(workdir, char):
    write(workdir, "content/t.yaml", f"kind: theme\nid: t\nname: one{char}two\npaper: a3\n")
    run, found = validate_json()
    # U+0085 is a C1 control, refused on its own line; the next line keeps its number.
    expected = [(3, 7, "yaml.control-character")] if char == "\x85" else []
    assert [(d["line"], d["column"], d["code"]) for d in found] == expected + [(4, 8, "content.not-allowed")]
    if char != "\x85":
        docs, _ = load_documents(f"a: \"x{char}y\"\nb: x{char}y\n", "t.yaml")
        assert docs[0].data == {"a": f"x{char}y", "b": f"x{char}y"}  # YAML 1.2: ordinary characters


def test_the_nesting_prescan_counts_each_document_on_its_own():
    # 600 unclosed brackets in each of three documents: each has a syntax error of its
    # own, none is "nested too deeply" because of the others.
    text = "---\nname: " + "[" * 600 + "\n" + ("---\nname: " + "[" * 600 + "\n") * 2
    docs, problems = load_documents(text, "n.yaml")
    assert {p.code for p in problems} == {"yaml.syntax"}
    assert len(problems) == 3


# --- loading: links, unreadable folders, file names ------------------------------------------


def test_a_link_to_a_file_outside_the_project_is_refused_without_echoing_it(workdir, tmp_path_factory):
    secret = tmp_path_factory.mktemp("elsewhere") / "secret.txt"
    secret.write_text("root:SECRET-HASH:19000:0:99999:7:::\n")
    (workdir / "content/evil.yaml").symlink_to(secret)
    write(workdir, "content/ok.yaml", "kind: theme\nid: ok\n")
    result = run_cli("validate")
    assert result.code == 1
    assert "content/evil.yaml:1:1: error[content.outside-project]" in result.stderr
    assert "SECRET" not in result.stderr and str(secret) not in result.stderr and "elsewhere" not in result.stderr
    assert "1 document checked" in result.stderr


def test_a_link_inside_the_project_is_read(workdir):
    write(workdir, "shared/t.yaml", "kind: theme\nid: shared\n")
    (workdir / "content/t.yaml").symlink_to(workdir / "shared/t.yaml")
    library = load(["content"], game_data=False)
    assert [d.id for d in library.documents] == ["shared"] and library.diagnostics == []


def test_broken_links_and_link_loops_are_diagnostics_not_silence(workdir):
    (workdir / "content/gone.yaml").symlink_to(workdir / "nowhere.yaml")
    (workdir / "content/loop").symlink_to(workdir / "content/loop")
    result = run_cli("validate", "--format", "json")
    assert result.code == 1
    found = {(Path(d["file"]).name, d["code"]) for d in json.loads(result.stdout)}
    assert found == {("gone.yaml", "content.broken-link"), ("loop", "content.broken-link")}


def test_an_unreadable_folder_is_a_diagnostic(workdir, monkeypatch):
    write(workdir, "content/ok.yaml", "kind: theme\nid: ok\n")
    (workdir / "content/locked").mkdir()
    real_scandir = os.scandir

    def scandir(path):  # tests run as root, where chmod does not lock anything
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    run, found = validate_json()
    assert [(d["file"], d["code"]) for d in found] == [("content/locked", "content.unreadable")]
    assert "Permission denied" in found[0]["message"]


def test_a_file_name_that_is_not_utf8_is_escaped_everywhere(workdir):
    name = os.fsencode(workdir / "content") + b"/m\xff.yaml"
    with open(name, "wb") as fh:
        fh.write(b"kind: theme\nid: t\npaper: a3\n")
    result = run_cli("validate", "--format", "json")
    assert result.code == 1 and "Traceback" not in result.stderr
    (d,) = json.loads(result.stdout)
    assert d["file"] == "content/m\\xff.yaml" and (d["line"], d["code"]) == (3, "content.not-allowed")
    text = run_cli("validate")
    assert "content/m\\xff.yaml:3:8: error[content.not-allowed]" in text.stderr


def test_a_newline_in_a_file_name_cannot_forge_a_diagnostic_line(workdir):
    evil = "x.yaml\nfake.yaml:1:1: error[forged]: gotcha\n.yaml"
    (workdir / "content" / evil).write_text("kind: theme\nid: t\npaper: a3\n")
    result = run_cli("validate")
    lines = result.stderr.splitlines()
    assert not any(line.startswith("fake.yaml") for line in lines)
    assert any(line.startswith("content/x.yaml\\x0afake.yaml:1:1: error[forged]: gotcha\\x0a.yaml:3:8: error[")
               for line in lines)
