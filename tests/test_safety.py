"""Hostile input and faults: recovery, tags, odd line breaks, links leaving the project,
odd file names; outputs that survive errors, other directories, partial builds, kills,
concurrent builds and full disks."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import SMALL_MONSTER, deck, group_members, run_cli, validate_json, write

from sheetgen.content.loader import load
from sheetgen.content.yamlsrc import load_documents
from sheetgen.files.outputs import JOURNAL, LOCK, state_folder

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


@pytest.mark.parametrize(
    "text, line, col",
    [
        ("kind: theme\nid: x\nfonts: !!python/object/apply:os.system [echo hi]\n", 3, 8),
        ("kind: theme\nid: x\ncolors: !!python/object:builtins.dict {ink: black}\n", 3, 9),
        ("kind: theme\nid: x\nfonts: !custom\n  - a\n", 3, 8),
        ("--- !!omap\n- kind: theme\n", 1, 5),
    ],
)
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
        docs, _ = load_documents(f'a: "x{char}y"\nb: x{char}y\n', "t.yaml")
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
    assert any(
        line.startswith("content/x.yaml\\x0afake.yaml:1:1: error[forged]: gotcha\\x0a.yaml:3:8: error[")
        for line in lines
    )


# --- builds: outputs survive errors, other directories and partial builds -----------------


def manifest_of(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())


def assert_consistent(out: Path) -> dict:
    """Every output the manifest lists exists with the listed sha256."""
    import hashlib

    manifest = manifest_of(out)
    for e in manifest["outputs"]:
        assert hashlib.sha256((out / e["path"]).read_bytes()).hexdigest() == e["sha256"], e["path"]
    return manifest


def pages(path: Path) -> int:
    from helpers import read_pdf

    return len(read_pdf(path).pages)


HANDOUT = """
kind: handout
id: all-decks
title: All decks
sections: [{title: Decks, include: {kind: reference-deck, product: reference}}]
"""


@pytest.mark.parametrize(
    "breakage",
    [
        ("title: Second deck", "title: [Second deck"),  # a YAML syntax error
        ("kind: reference-deck", "kind: reference-dek"),  # a kind sheetgen does not know
        ("id: second", "id: Second Deck"),  # an id that is not one
    ],
)
def test_a_document_that_fails_to_load_keeps_its_outputs_and_holds_back_bundles(workdir, breakage):
    write(workdir, "content/h.yaml", HANDOUT)
    deck(workdir, "basics")
    source = deck(workdir, "second", title="Second deck")
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    own, bundle = out / "grimdark/reference/second.pdf", out / "handouts/bundle/all-decks.pdf"
    before = {p: p.read_bytes() for p in (own, bundle)}
    bundle_pages = pages(bundle)
    source.write_text(source.read_text().replace(*breakage))
    deck(workdir, "basics", title="Basics, changed")  # the others still build
    result = run_cli("build", "--format", "pdf")
    assert result.code == 1 and "Traceback" not in result.stderr
    assert "warning[build.not-rebuilt]: handouts/bundle/all-decks is not rebuilt while" in result.stderr
    assert {p: p.read_bytes() for p in (own, bundle)} == before and pages(bundle) == bundle_pages
    listed = {e["path"] for e in assert_consistent(out)["outputs"]}
    assert {"grimdark/reference/second.pdf", "handouts/bundle/all-decks.pdf"} <= listed
    assert (
        b"Basics, changed" in (out / "grimdark/reference/basics.pdf").read_bytes() or "1 file written" in result.stderr
    )


def test_a_build_from_another_directory_leaves_every_other_output(workdir, tmp_path_factory, monkeypatch):
    for name in ("basics", "second", "third"):
        deck(workdir, name, title=f"Deck {name}")
    write(workdir, "content/h.yaml", HANDOUT)
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*.pdf")}
    monkeypatch.chdir(tmp_path_factory.mktemp("elsewhere"))
    deck(workdir, "second", title="Deck second, changed")
    result = run_cli("build", str(workdir / "content/second.yaml"), "-o", str(out), "--format", "pdf")
    assert result.code == 0, result.stderr
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*.pdf")}
    assert after.keys() == before.keys()  # nothing removed
    changed = {str(p) for p in after if after[p] != before[p]}
    assert changed and all("/second" in p for p in changed)  # only what it was given
    manifest = assert_consistent(out)
    assert {e["source"] for e in manifest["outputs"] if e["kind"] == "reference-deck"} == {
        "content/basics.yaml",
        "content/second.yaml",
        "content/third.yaml",
    }
    assert all(not s.startswith(("/", "..")) for r in manifest["targets"].values() for s in r["sources"])


def test_a_partial_build_makes_collections_from_every_member(workdir):
    from helpers import pdf_text

    for name in ("rat", "bat", "toad"):
        write(workdir, f"content/monsters/{name}.yaml", SMALL_MONSTER.format(id=name, name=f"Giant {name}"))
    assert run_cli("build", "--format", "pdf").code == 0
    blocks = workdir / "output/kubos/stat-cards/monsters.pdf"
    count = pages(blocks)
    write(workdir, "content/monsters/bat.yaml", SMALL_MONSTER.format(id="bat", name="Vampire bat"))
    result = run_cli("build", "content/monsters/bat.yaml", "--format", "pdf")
    assert result.code == 0, result.stderr
    text = pdf_text(blocks)
    assert pages(blocks) == count and "Vampire bat" in text and "Giant rat" in text and "Giant toad" in text
    assert_consistent(workdir / "output")


def test_outputs_of_a_game_whose_content_is_all_gone_are_removed(workdir):
    import shutil

    for name in ("rat", "bat"):
        write(workdir, f"content/monsters/{name}.yaml", SMALL_MONSTER.format(id=name, name=f"Giant {name}"))
    deck(workdir, "basics")
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    assert list((out / "kubos").rglob("*.pdf"))  # stat blocks, cards, a blank sheet
    shutil.rmtree(workdir / "content/monsters")
    assert run_cli("build", "--format", "pdf").code == 0
    assert not list((out / "kubos").rglob("*.pdf"))
    manifest = assert_consistent(out)
    assert "grimdark/reference/basics.pdf" in {e["path"] for e in manifest["outputs"]}
    assert all(e["path"].startswith("grimdark/") for e in manifest["outputs"])
    assert all(key.startswith("grimdark/") for key in manifest["targets"])


def test_the_manifest_grows_with_outputs_not_outputs_times_sources(workdir):
    n = 12
    for i in range(n):
        write(workdir, f"content/m/m{i:02d}.yaml", SMALL_MONSTER.format(id=f"m{i:02d}", name=f"Monster {i}"))
    assert run_cli("build").code == 0  # PDF and one SVG per page of every collection
    text = (workdir / "output/manifest.json").read_text()
    manifest = json.loads(text)
    collections = [k for k, r in manifest["targets"].items() if r["scope"] == "collection"]
    outputs = [e for e in manifest["outputs"] if e["target"] in collections]
    assert len(collections) >= 2 and len(outputs) > len(collections)  # stat blocks (PDF, SVG), cards
    # Each member is listed once per collection, however many files the collection has.
    for i in range(1, n):
        assert text.count(f'"content/m/m{i:02d}.yaml"') == len(collections)


# --- builds: locks, kills, full disks ----------------------------------------------------


def sheetgen_process(cwd: Path, *args: str, **env: str) -> subprocess.Popen:
    """`sheetgen ARGS` in a session and process group of its own (its id is the process's),
    which its workers join: the test finds them by that group, not by name machine-wide."""
    return subprocess.Popen(
        [sys.executable, "-m", "sheetgen", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CI": "1", **env},
        start_new_session=True,
    )


def test_a_parallel_build_killed_outright_leaves_no_worker_holding_the_folder(workdir):
    """Killed with SIGKILL mid-build, a `--jobs 2` build's workers end with it and hold no
    copy of its lock: the next build starts at once (it does not wait, nor exit 2)."""
    import signal
    import time

    for i in range(24):
        deck(workdir, f"deck-{i}", title=f"Deck {i}")
    proc = sheetgen_process(workdir, "build", "--jobs", "2", "--format", "pdf,svg")
    lock = state_folder(workdir, workdir / "output") / LOCK
    deadline = time.monotonic() + 20
    while not list((workdir / "output").rglob("*.pdf")) and time.monotonic() < deadline:
        time.sleep(0.02)  # the workers are building
    assert len(group_members(proc.pid)) > 1, "the build's workers are in its process group"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert lock.exists()
    again = sheetgen_process(workdir, "build", "--format", "pdf,svg", SHEETGEN_LOCK_WAIT="5")
    assert again.wait(timeout=120) == 0, again.stderr.read()
    started = time.monotonic()
    try:
        while left := group_members(proc.pid):  # no worker of the killed build is left
            assert time.monotonic() - started < 5, f"workers still running: {left}"
            time.sleep(0.1)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # a failed check leaves nothing running


def test_ctrl_c_during_a_parallel_build_says_so_and_exits_130_without_a_traceback(workdir):
    """Ctrl-C reaches every process of the build (twice, as a hurried hand or `timeout`
    sends it): the build says what became of the outputs and ends with 130, the status
    shells give an interrupted command, with no traceback from it or its workers; the
    next build does the rest."""
    import signal
    import time

    for i in range(24):
        deck(workdir, f"deck-{i}", title=f"Deck {i}")
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheetgen", "build", "--jobs", "2", "--format", "pdf,svg"],
        cwd=workdir,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "CI": "1"},
        start_new_session=True,
    )
    deadline = time.monotonic() + 20
    while not list((workdir / "output").rglob("*.pdf")) and time.monotonic() < deadline:
        time.sleep(0.02)  # the workers are building
    for _ in range(2):
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(0.03)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted; every output is as it was or complete" in err
    assert "Traceback" not in err and "Exception ignored" not in err and "KeyboardInterrupt" not in err, err
    again = run_cli("build", "--jobs", "1", "--format", "pdf,svg")
    assert again.code == 0, again.stderr
    assert_consistent(workdir / "output")


def test_a_second_build_into_a_locked_folder_exits_2_and_touches_nothing(workdir, monkeypatch):
    import fcntl

    deck(workdir, "basics")
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    deck(workdir, "basics", title="Changed")
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    monkeypatch.setenv("SHEETGEN_LOCK_WAIT", "0.2")
    with open(state_folder(workdir, out) / LOCK, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        result = run_cli("build", "--format", "pdf")
    assert result.code == 2
    assert "another sheetgen build is writing into output/" in result.stderr and "Traceback" not in result.stderr
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert run_cli("build", "--format", "pdf").code == 0  # once released, builds go on


def test_two_builds_at_once_into_one_folder_lose_no_entry(workdir):
    for i in range(6):
        deck(workdir, f"deck-{i}", title=f"Deck {i}")
    runs = [sheetgen_process(workdir, "build", "--format", "pdf", "--force") for _ in range(2)]
    results = [(p.wait(timeout=120), p.stderr.read()) for p in runs]
    assert [code for code, _ in results] == [0, 0], results
    manifest = assert_consistent(workdir / "output")
    assert sorted({e["id"] for e in manifest["outputs"]}) == [f"deck-{i}" for i in range(6)]
    assert all((workdir / "output" / e["path"]).is_file() for e in manifest["outputs"])


def test_a_journal_left_by_a_killed_build_is_folded_in(workdir):
    deck(workdir, "basics")
    deck(workdir, "second", title="Second")
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    manifest = manifest_of(out)
    # As a kill leaves it: the manifest without one output, the journal with it, a temp file.
    kept = [e for e in manifest["outputs"] if e["id"] != "second"]
    journal = {
        "target": "grimdark/reference/second",
        "record": manifest["targets"]["grimdark/reference/second"],
        "outputs": [e for e in manifest["outputs"] if e["id"] == "second"],
    }
    (out / "manifest.json").write_text(json.dumps({**manifest, "outputs": kept}))
    state = state_folder(workdir, out)
    (state / JOURNAL).write_text(json.dumps(journal) + '\n{"target": "cut sh')
    (out / "grimdark/reference/.sheetgen-0123456789abcdef.tmp").write_bytes(b"half")
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0 and f"0 files written, {len(manifest['targets'])} outputs unchanged" in result.stderr
    assert len(assert_consistent(out)["outputs"]) == len(manifest["outputs"])
    assert not list(out.rglob("*.tmp")) and not (state / JOURNAL).exists()


def test_a_first_build_killed_before_any_manifest_is_taken_up_by_the_next(workdir):
    """A first build writes no manifest until it is done (there is nothing earlier to
    protect): killed half way, its journal is all there is, and the next build takes up
    what it finished instead of building it again."""
    deck(workdir, "basics")
    deck(workdir, "second", title="Second")
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    manifest = manifest_of(out)
    # As a kill leaves a first build: no manifest, one target journalled, a temp file.
    done = sorted({e["target"] for e in manifest["outputs"] if e["id"] == "basics"})
    lines = [
        json.dumps(
            {
                "target": t,
                "record": manifest["targets"][t],
                "outputs": [e for e in manifest["outputs"] if e["target"] == t],
            }
        )
        for t in done
    ]
    (out / "manifest.json").unlink()
    state = state_folder(workdir, out)
    (state / JOURNAL).write_text("\n".join(lines) + "\n")
    for e in manifest["outputs"]:
        if e["id"] != "basics":
            (out / e["path"]).unlink()
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0 and f", {len(done)} outputs unchanged" in result.stderr, result.stderr
    assert len(assert_consistent(out)["outputs"]) == len(manifest["outputs"])
    assert not (state / JOURNAL).exists()


def test_a_full_disk_is_a_diagnostic_and_keeps_earlier_outputs(workdir, monkeypatch):
    import errno

    deck(workdir, "basics")
    deck(workdir, "second", title="Second")
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    deck(workdir, "second", title="Second, changed")

    def full(_fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    fsync = os.fsync
    monkeypatch.setattr(os, "fsync", full)  # every durable write fails as on a full disk
    result = run_cli("build", "--format", "pdf")
    assert result.code == 1 and "Traceback" not in result.stderr
    assert "error[build.write-failed]: cannot write output/manifest.json: No space left on device" in result.stderr
    # The manifest stays as it was, listing every earlier output, each on disk (the one
    # rebuilt with its new bytes: the journal has them, and the next build lists them).
    assert manifest_of(out) == json.loads(before[out / "manifest.json"])
    assert all((out / e["path"]).is_file() for e in manifest_of(out)["outputs"])
    monkeypatch.setattr(os, "fsync", fsync)  # (not undo(): that would leave the project folder too)
    assert run_cli("build", "--format", "pdf").code == 0
    assert {e["path"] for e in assert_consistent(out)["outputs"]} == {
        str(p.relative_to(out)) for p in before if p.suffix == ".pdf"
    }


def test_an_unwritable_manifest_is_a_diagnostic_not_a_traceback(workdir):
    deck(workdir, "basics")
    (workdir / "output/manifest.json").mkdir(parents=True)  # a folder where the file must go
    result = run_cli("build", "--format", "pdf")
    assert result.code == 1 and "Traceback" not in result.stderr
    assert "error[build.write-failed]: cannot write output/manifest.json" in result.stderr


@pytest.mark.parametrize("link", ["folder", "file"])
def test_an_output_folder_or_file_linked_outside_the_output_is_never_written_through(workdir, tmp_path_factory, link):
    """A link inside output/ (a product's folder, or one output file) that leads elsewhere
    is refused: nothing is written where it points, and the build says so."""
    deck(workdir, "basics")
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    pdf = sorted(out.rglob("*.pdf"))[0]
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    victim = pdf.parent if link == "folder" else pdf
    target = elsewhere / victim.name
    if link == "folder":
        target.mkdir()
        for f in victim.iterdir():
            f.rename(target / f.name)
        victim.rmdir()
    else:
        target.write_bytes(b"not a pdf")
        victim.unlink()
    victim.symlink_to(target, target_is_directory=link == "folder")
    before = {p: p.read_bytes() for p in elsewhere.rglob("*") if p.is_file()}
    result = run_cli("build", "--format", "pdf", "--force")
    assert result.code == 1 and "Traceback" not in result.stderr and "internal.error" not in result.stderr
    shown = victim.relative_to(workdir)
    assert "error[build.write-failed]: cannot write output/" in result.stderr
    assert f"{shown} is a symbolic link, and sheetgen never writes through one" in result.stderr
    assert "remove the link" in result.stderr
    assert {p: p.read_bytes() for p in elsewhere.rglob("*") if p.is_file()} == before
    assert not [p for p in elsewhere.rglob("*") if p.name.endswith(".tmp")]


# --- fonts, cube sizes and generated ids ---------------------------------------------------


@pytest.mark.parametrize("font", ["/dev/zero", "/no/such/font.ttf", "../../outside.ttf", "escape.ttf"])
def test_theme_fonts_outside_the_project_are_refused_alike(workdir, font):
    import reportlab

    outside = workdir.parent / "outside.ttf"
    outside.write_bytes(b"\x00\x01\x00\x00" + b"\x00" * 64)
    # A real font, outside the project: the one reportlab ships, wherever it is installed.
    (workdir / "content/escape.ttf").symlink_to(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf")
    write(workdir, "content/theme.yaml", f"kind: theme\nid: default\nfonts: {{regular: {font}}}\n")
    run, found = validate_json()
    assert [(d["line"], d["column"], d["code"]) for d in found] == [(3, 18, "theme.font-outside-project")]
    # The same words whether or not a file is there: nothing learnt about the world outside.
    assert found[0]["message"] == f"the font `{font}` is outside the project; sheetgen embeds only fonts inside it"


def test_a_cube_too_small_in_the_theme_is_coded_too_small(workdir):
    write(workdir, "content/theme.yaml", "kind: theme\nid: default\ncube_size: 16mm\n")
    write(workdir, "content/c.yaml", "kind: faction\nid: f\nname: F\ncolors: [blue]\ntext: Hi\n")
    run, found = validate_json()
    cube = [d for d in found if d["code"].startswith("theme.cube")]
    assert [(d["file"], d["line"], d["column"], d["code"]) for d in cube] == [
        ("content/theme.yaml", 3, 12, "theme.cube-too-small")
    ]
    assert "too small" in cube[0]["message"]


def test_a_generated_id_that_is_a_path_is_a_usage_error():
    result = run_cli("new", "cubit", "--id", "../x", "--seed", "1")
    assert result.code == 2 and "--id" in result.stderr and "not a valid id" in result.stderr
    assert "generated.yaml" not in result.stderr and "tmp" not in result.stderr


def test_a_file_name_that_is_not_utf8_builds_with_a_manifest(workdir):
    from helpers import DECK

    name = os.fsencode(workdir / "content") + b"/d\xff.yaml"
    with open(name, "wb") as fh:
        fh.write(DECK.format(id="odd", system="grimdark", title="Odd name").encode())
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0 and "Traceback" not in result.stderr
    manifest = assert_consistent(workdir / "output")
    assert {e["source"] for e in manifest["outputs"]} == {"content/d\\xff.yaml"}
    assert "d\\xff.yaml" in (workdir / "output/index.html").read_text()
