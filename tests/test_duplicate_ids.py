"""Two documents of one kind with one id (a copy left in the content folder): both are
errors at their `id:`, each naming the other, and neither is built: every earlier output
of that id, and every output that includes it, stays as it was, byte for byte and in the
manifest, whichever of the two files sorts first."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import files, pdf_text, run_cli, write


@dataclass(frozen=True)
class Original:
    path: str  # the bundled document, in content/
    name: str  # its `name:` line, changed in the copy
    own: tuple[str, ...]  # its own outputs (manifest targets)
    including: tuple[str, ...]  # outputs that include it


VEX = Original(
    "tricube/characters/vex.yaml",
    "name: Vex Calder",
    ("tricube/character-sheet/vex",),
    ("tricube/character-cards/party", "tricube/character-cards-print-shop/party", "handouts/bundle/starter-kit"),
)
TUMBLER = Original(
    "cubit/cubits/tumbler.yaml",
    "name: Tumbler",
    ("cubit/net/tumbler", "cubit/sheet/tumbler"),
    ("cubit/nets/all-cubits", "handouts/bundle/starter-kit"),
)
DRAKE = Original(
    "kubos/monsters/dragon.yaml",
    "name: Ember the ash drake",
    (),
    (
        "kubos/stat-blocks/monsters",
        "kubos/stat-cards/monsters",
        "kubos/stat-cards-print-shop/monsters",
        "handouts/bundle/starter-kit",
    ),
)
# Another game's document, changed beside the copy: it is built as usual.
OTHER, OTHER_TARGET = "grimdark/mission.yaml", "grimdark/mat/take-and-hold"


@pytest.fixture
def built(builds) -> Path:
    """The shared build of the bundled content: the project folder (content and output)."""
    built = builds()
    assert built.run.code == 0, built.run.stderr
    return built.project


@pytest.fixture
def project(built, tmp_path, monkeypatch) -> Path:
    """A copy of the built project as the working directory."""
    root = tmp_path / "project"
    shutil.copytree(built, root)
    monkeypatch.chdir(root)
    return root


def manifest(root: Path) -> dict:
    return json.loads((root / "output" / "manifest.json").read_text())


def of_targets(m: dict, keys: tuple[str, ...]) -> tuple[list[dict], dict]:
    """The manifest's entries and records of these targets."""
    return [e for e in m["outputs"] if e["target"] in keys], {k: m["targets"][k] for k in keys}


def id_line(path: Path, start: int = 1) -> int:
    """The line of the first `id:` at or after line `start`."""
    lines = path.read_text().splitlines()
    return next(n for n in range(start, len(lines) + 1) if lines[n - 1].startswith("id: "))


def copy_of(root: Path, original: Original, folder: str) -> Path:
    """The original copied into `content/<folder>/`, with another name."""
    text = (root / "content" / original.path).read_text()
    assert original.name in text
    return write(root, f"content/{folder}/copy.yaml", text.replace(original.name, original.name + " II"))


def duplicates(found: list[dict]) -> dict[tuple[str, int, int], str]:
    return {(d["file"], d["line"], d["column"]): d["message"] for d in found if d["code"] == "content.duplicate-id"}


def assert_clash_reported(
    found: list[dict], one: Path, two: Path, one_line: int | None = None, two_line: int | None = None
) -> None:
    """Two `content.duplicate-id` errors, one at each document's `id:`, each naming the other's."""
    root = Path.cwd()
    a = (str(one.relative_to(root)), one_line or id_line(one), 5)
    b = (str(two.relative_to(root)), two_line or id_line(two), 5)
    said = duplicates(found)
    assert set(said) == {a, b}, said
    assert all(d["severity"] == "error" for d in found if d["code"] == "content.duplicate-id")
    assert f"{b[0]}:{b[1]}:5" in said[a] and f"{a[0]}:{a[1]}:5" in said[b]


@pytest.mark.parametrize("folder", ["aaa", "zzz"])  # the copy sorts before the original, and after
@pytest.mark.parametrize("original", [VEX, TUMBLER, DRAKE], ids=["tricube-character", "cubit", "kubos-monster"])
def test_a_copy_with_the_same_id_holds_back_both_and_every_output_of_it(project, original, folder):
    before, listed = files(project / "output"), manifest(project)
    held = original.own + original.including
    assert set(held) <= set(listed["targets"])
    copy = copy_of(project, original, folder)
    other = project / "content" / OTHER
    other.write_text(other.read_text().replace("name: Take and Hold", "name: Take and Keep"))

    result = run_cli("build")
    assert result.code == 1
    assert result.stderr.count("error[content.duplicate-id]") == 2
    found = json.loads(run_cli("validate", "--format", "json").stdout)
    assert_clash_reported(found, copy, project / "content" / original.path)
    after = files(project / "output")
    changed = {path for path in before if after.get(path) != before[path]} - {"manifest.json", "index.html"}
    assert f"{OTHER_TARGET}.pdf" in changed and all(p.startswith(OTHER_TARGET) for p in changed), changed  # no more
    assert "Take and Keep" in pdf_text(project / "output" / f"{OTHER_TARGET}.pdf")
    assert of_targets(manifest(project), held) == of_targets(listed, held)
    # What includes it says why it is not rebuilt, and how to print it without that id.
    # (said once for the id: one warning names every output waiting on it)
    waiting = [line for line in result.stderr.splitlines() if "warning[build.not-rebuilt]" in line]
    assert len(waiting) == 1, waiting
    assert all(key in waiting[0] for key in original.including), waiting
    both = sorted(str(p.relative_to(project)) for p in (copy, project / "content" / original.path))
    assert f"move {both[0]} and {both[1]} out of the content folder" in result.stderr


def test_what_is_said_is_the_same_whichever_file_sorts_first(project):
    """The same two documents give the same diagnostics whichever sorts first."""
    said = []
    for folder in ("aaa", "zzz"):
        copy = copy_of(project, VEX, folder)
        found = json.loads(run_cli("validate", "--format", "json").stdout)
        said.append(
            {
                (f if f != str(copy.relative_to(project)) else "COPY", line, re.sub(r"content/\w+/copy", "COPY", m))
                for (f, line, _), m in duplicates(found).items()
            }
        )
        shutil.rmtree(copy.parent)
    assert said[0] == said[1] and len(said[0]) == 2


def test_two_documents_with_one_id_in_one_file_are_both_errors(project):
    vex = project / "content" / VEX.path
    text = vex.read_text()
    before, listed = files(project / "output"), manifest(project)
    vex.write_text(text + "---\n" + text.replace(VEX.name, "name: Vex Again"))
    second = len(text.splitlines()) + 1  # the `---` line
    result = run_cli("validate", "--format", "json")
    assert result.code == 1
    assert_clash_reported(json.loads(result.stdout), vex, vex, id_line(vex), id_line(vex, second))
    assert run_cli("build").code == 1
    assert files(project / "output") == before
    held = VEX.own + VEX.including
    assert of_targets(manifest(project), held) == of_targets(listed, held)


@pytest.mark.parametrize("which", ["copy", "original"])
def test_building_one_of_the_two_files_is_refused_and_changes_nothing(project, which):
    copy = copy_of(project, VEX, "aaa")
    original = project / "content" / VEX.path
    given, other = (copy, original) if which == "copy" else (original, copy)
    before, listed = files(project / "output"), manifest(project)
    result = run_cli("build", str(given.relative_to(project)))
    assert result.code == 1
    (line,) = [line for line in result.stderr.splitlines() if "error[content.duplicate-id]" in line]
    assert line.startswith(f"{given.relative_to(project)}:2:5: ") and f"{other.relative_to(project)}:2:5" in line
    assert files(project / "output") == before and manifest(project) == listed
    # What includes it, built on its own, waits as well.
    result = run_cli("build", "content/handouts/starter-kit.yaml")
    assert "handouts/bundle/starter-kit is not rebuilt while tricube-character `vex` has errors" in result.stderr
    assert files(project / "output") == before and manifest(project) == listed


def test_a_copy_of_a_document_with_errors_clashes_too(project):
    """A copy whose other fields are wrong still has the id: the original is not built from either."""
    copy = copy_of(project, VEX, "aaa")
    copy.write_text(copy.read_text().replace("karma: 3", "karma: lots"))
    before = files(project / "output")
    result = run_cli("validate", "--format", "json")
    found = json.loads(result.stdout)
    assert_clash_reported(found, copy, project / "content" / VEX.path)
    assert any(d["code"] == "content.wrong-type" for d in found)
    assert run_cli("build").code == 1
    assert files(project / "output") == before


def test_a_project_document_still_overrides_the_shipped_one_of_its_id(workdir):
    """Game data shipped with sheetgen is replaced by the project's own document of that
    kind and id: that is no clash."""
    write(
        workdir,
        "content/deck.yaml",
        """
        kind: reference-deck
        id: tricube-basics
        system: tricube
        title: Our own basics
        cards:
          - title: One
            body: Roll.
        """,
    )
    result = run_cli("validate", "--format", "json")
    assert result.code == 0 and not duplicates(json.loads(result.stdout))


def test_a_generator_does_not_give_a_clashing_id_a_third_document(project):
    copy_of(project, TUMBLER, "aaa")
    refused = run_cli("new", "cubit", "--seed", "3", "--id", "tumbler")
    assert refused.code == 2 and "`tumbler` is already in the content folder" in refused.stderr


def test_the_workbench_build_holds_back_both(project):
    from sheetgen.serve.workspace import Workspace

    copy = copy_of(project, VEX, "aaa")
    before, listed = files(project / "output"), manifest(project)
    state = Workspace(["content"], "output").rebuild()
    places = {p.location for p in state.problems if p.code == "content.duplicate-id"}
    assert places == {f"{copy.relative_to(project)}:2:5", f"content/{VEX.path}:2:5"}
    assert files(project / "output") == before
    held = VEX.own + VEX.including
    assert of_targets(manifest(project), held) == of_targets(listed, held)


def test_three_documents_with_one_id_each_name_another_and_count_the_rest(workdir):
    rat = "kind: kubos-monster\nid: rat\nname: {}\ntype: vermin\nhp: 3\n"
    for folder in ("a", "b", "c"):
        write(workdir, f"content/{folder}/rat.yaml", rat.format(f"Rat {folder}"))
    result = run_cli("validate", "--format", "json")
    said = duplicates(json.loads(result.stdout))
    assert result.code == 1 and set(said) == {(f"content/{f}/rat.yaml", 2, 5) for f in "abc"}
    assert all("(and 1 more); none is built" in m for m in said.values())
    assert "content/b/rat.yaml:2:5" in said[("content/a/rat.yaml", 2, 5)]
    assert "content/a/rat.yaml:2:5" in said[("content/c/rat.yaml", 2, 5)]
