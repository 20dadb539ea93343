"""Games are plugins: a sixth game, installed with pip the way a user installs one, is
read, checked and built like sheetgen's own, and a broken plugin is a clear error.

The game is the skeleton a new game copies, `templates/game-plugin/` (Pocket Quest: one
kind, `pocket-hero`, and one product, a hero's page); no shared code knows of it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from sheetgen import games as registry
from sheetgen.games import EntryPoint, GameError, GameRecord

REPO = Path(__file__).resolve().parent.parent
SKELETON = REPO / "templates" / "game-plugin"
A4 = (595.28, 841.89)


def _install(source: Path, target: Path) -> None:
    """A game package installed by pip into a folder of its own (offline, with the build
    backend already installed), its entry point registered as a user's would be."""
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index"]
        + ["--target", str(target), str(source)],
        check=True,
        capture_output=True,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The skeleton installed by pip into a folder of its own (offline, with the build
    backend already installed), its entry point registered as a user's would be."""
    scratch = tmp_path_factory.mktemp("plugin")
    source = shutil.copytree(SKELETON, scratch / "source")
    target = scratch / "site"
    _install(source, target)
    return target


def sheetgen(site: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run([sys.executable, "-m", "sheetgen", *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_a_game_installed_with_pip_is_read_checked_and_built(site, tmp_path):
    init = sheetgen(site, tmp_path, "init", "table", "--game", "pocket")
    assert init.returncode == 0, init.stderr
    project = tmp_path / "table"
    assert (project / "content" / "pocket" / "pocket-hero.yaml").is_file()  # the game's example
    (project / "content" / "pocket" / "wren.yaml").write_text(
        "kind: pocket-hero\nid: wren\nname: Wren Ashdown\nmight: 5\ngear: [Longbow, Cloak of leaves]\n",
        encoding="utf-8",
    )
    build = sheetgen(site, project, "build", "--paper", "a4")
    assert build.returncode == 0 and "0 errors, 0 warnings" in build.stderr, build.stderr
    pdf = PdfReader(project / "output" / "pocket" / "hero-sheet" / "wren.pdf")
    assert len(pdf.pages) == 1
    box = pdf.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == A4
    text = " ".join(pdf.pages[0].extract_text().split())
    assert all(words in text for words in ("Wren Ashdown", "MIGHT", "5", "Longbow", "Cloak of leaves"))
    outputs = json.loads((project / "output" / "manifest.json").read_text())["outputs"]
    assert {"pocket/hero-sheet/wren.pdf", "pocket/hero-sheet/pip.pdf"} <= {o["path"] for o in outputs}
    listed = sheetgen(site, project, "products", "--json")
    assert any(p["id"] == "pocket-hero-sheet" for p in json.loads(listed.stdout)), listed.stdout


def test_a_plugin_games_content_is_checked_by_its_model_at_the_line(site, tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "hero.yaml").write_text(
        "kind: pocket-hero\nid: wren\nname: Wren\nmight: 9\n", encoding="utf-8"
    )
    run = sheetgen(site, tmp_path, "validate")
    assert run.returncode == 1
    assert "content/hero.yaml:4:8: error[content.out-of-range]: `might` is 9; it must be at most 6" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.fixture
def plugins(monkeypatch):
    """Entry points of one's choosing in place of the installed ones (and the cached
    registry forgotten before and after)."""

    def install(*entries: tuple[str, str]) -> None:
        monkeypatch.setattr(registry, "entry_points", lambda: [EntryPoint(n, v) for n, v in entries])
        forget()

    def forget() -> None:
        for cached in (registry.records, registry.games, registry._game_of_kind):
            cached.cache_clear()

    yield install
    monkeypatch.undo()
    forget()


BAD = GameRecord(id="Bad Game", title="B", color="green", kinds={"theme": "x"}, models="m", package="p")
TWIN = GameRecord(id="cubit", title="C", color="#000000", kinds={"twin-kind": "x"}, models="m", package="p")


@pytest.mark.parametrize(
    ("entries", "said"),
    [
        ([("nope", "no_such_module:GAME")], "the game plugin `nope` (`no_such_module:GAME`) cannot be loaded"),
        ([("odd", "os:sep")], "is a str, not a sheetgen.games.GameRecord"),
        ([("Bad Game", f"{__name__}:BAD")], "its colour `green` is not `#rrggbb`; `theme` is not a kind of its own"),
        (
            [("cubit", "sheetgen.games.cubit:GAME"), ("cubit", f"{__name__}:TWIN")],
            f"two plugins register the game `cubit`: `sheetgen.games.cubit:GAME` and `{__name__}:TWIN`",
        ),
        ([], "no game is registered"),
    ],
)
def test_a_broken_plugin_is_a_clear_error(plugins, entries, said):
    plugins(*entries)
    with pytest.raises(GameError) as caught:
        registry.records()
    assert said in caught.value.message and caught.value.code.startswith("sheetgen: error[games.bad-plugin]")


def test_a_broken_plugin_ends_any_command_with_one_line(tmp_path):
    """A distribution whose entry point names nothing importable: the command says so in
    one line, exit 1, no traceback (what `pip install` of a broken game would give)."""
    dist = tmp_path / "site" / "broken_game-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "entry_points.txt").write_text("[sheetgen.games]\nbroken = broken_game:GAME\n", encoding="utf-8")
    run = sheetgen(tmp_path / "site", tmp_path, "validate")
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.startswith("sheetgen: error[games.bad-plugin]: the game plugin `broken` (`broken_game:GAME`)")


def test_a_new_version_of_a_game_rebuilds_what_it_draws(tmp_path):
    """The plugin's code is part of what a build depends on, as sheetgen's own is: after
    the game changes (an upgrade, an edit of an editable install), the next build draws
    with the new code instead of calling its earlier outputs up to date."""
    _install(shutil.copytree(SKELETON, tmp_path / "source"), tmp_path / "site")
    assert sheetgen(tmp_path / "site", tmp_path, "init", "table", "--game", "pocket").returncode == 0
    project = tmp_path / "table"
    sheet = project / "output" / "pocket" / "hero-sheet" / "pip.pdf"
    assert sheetgen(tmp_path / "site", project, "build", "--format", "pdf").returncode == 0
    assert "HERO" in sheet_text(sheet)
    products = tmp_path / "site" / "sheetgen_pocket" / "products.py"
    products.write_text(products.read_text(encoding="utf-8").replace('"Hero"', '"Champion"'), encoding="utf-8")
    again = sheetgen(tmp_path / "site", project, "build", "--format", "pdf")
    assert again.returncode == 0 and "0 files written" not in again.stderr, again.stderr
    assert "CHAMPION" in sheet_text(sheet) and "HERO" not in sheet_text(sheet)


def sheet_text(path: Path) -> str:
    return " ".join(PdfReader(path).pages[0].extract_text().split())


def test_a_plugin_module_written_for_another_sheetgen_ends_the_command_with_one_line(tmp_path):
    """A game whose record loads but whose products module imports a name this sheetgen
    no longer has (a plugin written for another version): one line naming the game, the
    module and what failed, exit 1, no traceback."""
    source = shutil.copytree(SKELETON, tmp_path / "source")
    products = source / "sheetgen_pocket" / "products.py"
    products.write_text(
        products.read_text(encoding="utf-8").replace("import game_color", "import gone_color"), encoding="utf-8"
    )
    _install(source, tmp_path / "site")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "hero.yaml").write_text(
        "kind: pocket-hero\nid: pip\nname: Pip\nmight: 3\n", encoding="utf-8"
    )
    run = sheetgen(tmp_path / "site", tmp_path, "build")
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.startswith(
        "sheetgen: error[games.bad-plugin]: the game `pocket` names the module `sheetgen_pocket.products`, "
        "which cannot be imported (ImportError: cannot import name 'gone_color'"
    ), run.stderr


def test_a_record_finds_its_files_in_any_folder_of_a_namespace_package(tmp_path, monkeypatch):
    """A game whose package is a namespace spread over two folders (no `__init__.py`):
    its examples are found in whichever folder holds them."""
    (tmp_path / "a" / "nsgame").mkdir(parents=True)
    (tmp_path / "b" / "nsgame" / "examples").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(tmp_path / "b"))
    monkeypatch.syspath_prepend(str(tmp_path / "a"))
    record = GameRecord(id="ns", title="N", color="#000000", kinds={"ns-x": "x"}, models="m", package="nsgame")
    assert record.path("examples") == tmp_path / "b" / "nsgame" / "examples"
    assert record.path("nothing-here") is None
