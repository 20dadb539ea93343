"""The output folder holds outputs only and is never damaged: build state lives in
`.sheetgen/` at the project root, sheetgen builds only into folders of its own and touches
only files its manifest lists, never writes through a link, and its manifest stays true
across renames and kills."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import deck, run_cli, write

from sheetgen.files.outputs import CACHE, JOURNAL, STATE, state_folder
from sheetgen.files.stamp import STAMP

SECRET = "Quartermaster-Zebra-7731"  # a phrase only the draft with errors holds


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))


def listed(out: Path) -> set[str]:
    return {e["path"] for e in manifest(out)["outputs"]}


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (links too, as what they point to), by relative path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_output_folder_holds_outputs_only_and_nothing_of_a_draft_with_errors(workdir):
    deck(workdir, "basics")
    write(
        workdir,
        "content/drafts/wip.yaml",
        f"kind: reference-deck\nid: wip\nsystem: grimdark\ntitle: {SECRET}\n"
        f"cards: [{{title: {SECRET}, body: {SECRET}}}]\nbodyy: typo\n",
    )  # an unknown field: an error
    result = run_cli("build")
    assert result.code == 1 and "content/drafts/wip.yaml:6:1: error[content.unknown-field]" in result.stderr
    out = workdir / "output"
    files = tree(out)
    assert set(files) == listed(out) | {"manifest.json", "index.html"}
    assert {e["id"] for e in manifest(out)["outputs"]} == {"basics"}
    for name, data in files.items():  # no absolute path, no word of the draft
        assert str(workdir).encode() not in data and os.path.expanduser("~").encode() + b"/" not in data, name
        assert SECRET.encode() not in data, name
    # The build state is at the project root, and keeps nothing of the draft either.
    state = state_folder(workdir, out)
    assert state.parent == workdir / STATE and (state / CACHE).is_file()
    assert (workdir / STATE / ".gitignore").read_text().splitlines()[-1] == "*"
    assert "content/basics.yaml" in json.loads((state / CACHE).read_text())["files"]
    for path in (workdir / STATE).rglob("*"):
        assert not path.is_file() or SECRET.encode() not in path.read_bytes(), path
    # Fixed, the draft builds, and the next build has nothing to do (the stamp is in .sheetgen/).
    (workdir / "content/drafts/wip.yaml").write_text(
        (workdir / "content/drafts/wip.yaml").read_text().replace("bodyy: typo\n", "")
    )
    assert run_cli("build").code == 0 and (state / STAMP).is_file()
    assert " 0 files written" in run_cli("build").stderr
    assert str(workdir).encode() not in (out / "manifest.json").read_bytes()


def test_two_output_folders_keep_their_own_state(workdir):
    deck(workdir, "basics")
    assert run_cli("build", "-o", "one", "--format", "pdf").code == 0
    assert run_cli("build", "-o", "two", "--format", "svg").code == 0
    one, two = state_folder(workdir, workdir / "one"), state_folder(workdir, workdir / "two")
    assert one != two and (one / STAMP).is_file() and (two / STAMP).is_file()
    assert " 0 files written" in run_cli("build", "-o", "one", "--format", "pdf").stderr
    assert all(p.endswith(".pdf") for p in listed(workdir / "one"))


def test_state_files_of_earlier_versions_are_removed_and_nothing_else(workdir):
    deck(workdir, "basics")
    assert run_cli("build").code == 0
    out = workdir / "output"
    legacy = [
        ".sheetgen-stamp.json",
        ".documents-cache.json",
        ".outputs-seen.json",
        ".manifest.journal",
        ".sheetgen.lock",
    ]
    for name in legacy:
        (out / name).write_text(json.dumps({"cwd": str(workdir)}))
    write(out, "notes/todo.txt", "the user's own")
    deck(workdir, "basics", title="Changed")
    assert run_cli("build").code == 0
    assert not [name for name in legacy if (out / name).exists()]
    assert (out / "notes/todo.txt").read_text() == "the user's own"


@pytest.mark.parametrize(
    "folder, why",
    [
        (".", "it is the project folder"),
        ("content", "it is the content folder"),
        ("content/drafts", "it is inside the content folder content/"),
        ("..", "it holds the project folder"),
        (".sheetgen/elsewhere", "it is inside sheetgen's build state folder .sheetgen/"),
    ],
)
def test_the_project_and_its_content_are_refused_as_output_folders(workdir, folder, why):
    deck(workdir, "basics")
    write(workdir, "content/drafts/.wip.tmp", "half an idea")
    write(workdir, "index.html", "the project's own page")
    before = tree(workdir)
    result = run_cli("build", "-o", folder)
    assert result.code == 2 and "Traceback" not in result.stderr
    assert f"cannot build into {folder}/: {why}" in result.stderr
    assert tree(workdir) == before  # not a file written, replaced or removed


def test_a_folder_of_files_sheetgen_did_not_write_is_refused_and_left_as_it_was(workdir):
    deck(workdir, "basics")
    write(workdir, "site/index.html", "<p>my own site</p>")
    write(workdir, "site/manifest.json", '{"name": "my web app"}')
    write(workdir, "site/assets/.cache.tmp", "the site's own")
    before = tree(workdir / "site")
    result = run_cli("build", "-o", "site")
    assert result.code == 2 and "Traceback" not in result.stderr
    assert (
        "cannot build into site/: it holds files sheetgen did not write (it has no manifest.json of sheetgen's)"
        in result.stderr
    )
    assert "give `-o` a new or empty folder of its own" in result.stderr
    assert tree(workdir / "site") == before and not (workdir / STATE).exists()
    # An empty folder (empty folders in it aside) is taken, and is sheetgen's from then on.
    (workdir / "empty/sub").mkdir(parents=True)
    assert run_cli("build", "-o", "empty").code == 0
    assert "index.html" in tree(workdir / "empty") and run_cli("build", "-o", "empty").code == 0


def test_only_sheetgens_own_temporary_files_are_cleaned_up(workdir):
    deck(workdir, "basics")
    assert run_cli("build").code == 0
    out = workdir / "output"
    theirs = ["notes/.wip.tmp", "grimdark/reference/.draft.tmp", ".upload.tmp", "grimdark/reference/.x.1-2.tmp"]
    for rel in theirs:
        write(out, rel, "someone else's")
    ours = out / "grimdark/reference/.sheetgen-0123456789abcdef.tmp"  # as a killed build leaves it
    ours.write_bytes(b"half a pdf")
    deck(workdir, "basics", title="Changed")
    assert run_cli("build").code == 0
    assert not ours.exists()
    assert {rel: (out / rel).read_text() for rel in theirs} == dict.fromkeys(theirs, "someone else's")


def test_a_linked_output_is_a_write_failure_naming_it_and_is_not_followed(workdir, tmp_path_factory):
    """An output replaced by a link to a file holding the very same bytes: the build does
    not take it for its output, says to remove the link, and writes nothing through it."""
    deck(workdir, "basics")
    assert run_cli("build", "--format", "pdf").code == 0
    out = workdir / "output"
    pdf = out / "grimdark/reference/basics.pdf"
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "basics.pdf"
    elsewhere.write_bytes(pdf.read_bytes())
    pdf.unlink()
    pdf.symlink_to(elsewhere)
    before = elsewhere.read_bytes()
    result = run_cli("build", "--format", "pdf")
    assert result.code == 1 and "internal.error" not in result.stderr and "bug" not in result.stderr
    assert (
        "error[build.write-failed]: cannot write output/grimdark/reference/basics.pdf: "
        "output/grimdark/reference/basics.pdf is a symbolic link, and sheetgen never writes through one"
        in result.stderr
    )
    assert "hint: remove the link" in result.stderr
    assert elsewhere.read_bytes() == before and pdf.is_symlink()
    pdf.unlink()
    assert run_cli("build", "--format", "pdf").code == 0 and not pdf.is_symlink()


def test_the_manifest_names_the_file_a_document_moved_to(workdir):
    deck(workdir, "basics")
    assert run_cli("build").code == 0
    out = workdir / "output"
    (workdir / "content/basics.yaml").rename(workdir / "content/renamed.yaml")
    result = run_cli("build")
    assert result.code == 0 and " 0 files written" in result.stderr  # the same bytes: nothing rebuilt
    data = manifest(out)
    assert {e["source"] for e in data["outputs"] if e["id"] == "basics"} == {"content/renamed.yaml"}
    assert {tuple(t["sources"]) for k, t in data["targets"].items() if k.endswith("/basics")} == {
        ("content/renamed.yaml",)
    }
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "content/renamed.yaml" in index and "content/basics.yaml" not in index


def test_a_build_killed_at_any_moment_leaves_a_manifest_listing_every_earlier_output(workdir):
    """Five builds killed outright at staggered moments (while starting, and after 1, 4, 8
    and 12 outputs are in place): each time the manifest lists every output the last
    complete build listed, each on disk; the next build lists each with its sha256."""
    import hashlib

    for i in range(12):
        deck(workdir, f"deck-{i}", title=f"Deck {i}")
    assert run_cli("build").code == 0
    out = workdir / "output"
    journal = state_folder(workdir, out) / JOURNAL
    good = listed(out)
    for trial, done in enumerate([0, 1, 4, 8, 12]):
        deck(workdir, f"deck-{trial}", title=f"Deck {trial}, trial {trial}")
        proc = subprocess.Popen(
            [sys.executable, "-m", "sheetgen", "build", "--force"],
            cwd=workdir,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "CI": "1"},
        )
        deadline = time.monotonic() + 30
        while done and proc.poll() is None and time.monotonic() < deadline:
            if journal.exists() and len(journal.read_text().splitlines()) >= done:
                break
            time.sleep(0.005)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        now = listed(out)
        assert good <= now, sorted(good - now)
        assert all((out / rel).is_file() for rel in now)
        assert set(tree(out)) - now - {"manifest.json", "index.html"} <= {
            str(p.relative_to(out)) for p in out.rglob(".sheetgen-*.tmp")
        }  # outputs, and what a kill cut short
    assert run_cli("build").code == 0
    data = manifest(out)
    assert {e["path"] for e in data["outputs"]} == good
    for e in data["outputs"]:
        assert hashlib.sha256((out / e["path"]).read_bytes()).hexdigest() == e["sha256"], e["path"]
    assert not list(out.rglob("*.tmp")) and not journal.exists()


def test_the_workbench_keeps_its_build_state_where_the_command_line_does(workdir):
    """`sheetgen serve` builds into output/ too: with the same state folder (its lock, its
    journal), nothing of it in output/, and a build after it still knows what is current."""
    from sheetgen.serve.workspace import Workspace

    deck(workdir, "basics")
    assert run_cli("build").code == 0
    state = state_folder(workdir, workdir / "output")
    deck(workdir, "basics", title="Changed in the workbench")
    Workspace().rebuild()
    assert [p.name for p in (workdir / STATE).iterdir() if p.is_dir()] == [state.name]
    assert set(tree(workdir / "output")) == listed(workdir / "output") | {"manifest.json", "index.html"}
    result = run_cli("build")
    assert result.code == 0 and " 0 files written" in result.stderr
