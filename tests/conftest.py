"""Fixtures every test module can ask for (the helpers they import are in `tests/helpers/`)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers import HYPOTHESIS_PROFILE, REPO, copy_cubit_content, run_cli
from helpers.builds import SharedBuilds, shared_root
from hypothesis import settings

# The tests build in this process hundreds of times, mostly a handful of outputs each: one
# job unless a test asks for more (the parallel path has tests of its own).
os.environ["SHEETGEN_JOBS"] = "1"

# Property tests: fewer examples on a developer's machine than under CI (helpers.examples).
settings.register_profile("ci", deadline=None)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.load_profile(HYPOTHESIS_PROFILE)


@pytest.fixture
def sheetgen():
    return run_cli


@pytest.fixture
def workdir(tmp_path, monkeypatch) -> Path:
    """An empty working directory (with `content/` to fill) as the current directory."""
    (tmp_path / "content").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def bundled(tmp_path, monkeypatch) -> Path:
    """A copy of the bundled example content as the current directory."""
    shutil.copytree(REPO / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def cubit_workdir(tmp_path, monkeypatch) -> Path:
    """A working directory holding a copy of the bundled Cubit content only (no other game's)."""
    copy_cubit_content(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="session")
def builds(tmp_path_factory) -> Iterator[SharedBuilds]:
    """`builds(paper=…, formats=…, card=…, margin=…, options=…, project=…)`: the bundled
    content (or the `init` kit) built that way, once for the whole run (see helpers/builds.py).
    Read it, never change it: a test that changes a build works on its own copy."""
    shared = SharedBuilds(shared_root(tmp_path_factory.getbasetemp()))
    yield shared
    assert not shared.changed(), f"a test changed the shared builds {shared.changed()}: copy a build to change it"


@pytest.fixture(scope="session")
def bundled_on(builds) -> Callable[[str], Path]:
    """`bundled_on(paper)`: the output folder of the bundled content built as a user first
    builds it (PDF and SVG) on "a4" (the bundled theme's paper) or on "letter"."""

    def output(paper: str) -> Path:
        built = builds(paper=None if paper == "a4" else paper)
        assert built.run.code == 0, built.run.stderr
        return built.output

    return output


@pytest.fixture(scope="session")
def bundled_a4(bundled_on) -> Path:
    """The output folder of the bundled content's shared A4 build (PDF and SVG)."""
    return bundled_on("a4")


@pytest.fixture(scope="session")
def card_build(builds, bundled_on) -> Callable[[str, str, str], Path]:
    """`card_build(project, paper, card)`: the output folder of the bundled content ("bundled")
    or the five-game kit `sheetgen init` makes ("kit") built on `paper` with `card`-sized
    cards, shared. Poker is both themes' own size: the bundled content at poker size is its
    shared build; other builds are PDFs only."""

    def output(project: str, paper: str, card: str) -> Path:
        if project == "bundled" and card == "poker":
            return bundled_on(paper)
        built = builds(project=project, paper=paper, formats="pdf", card=None if card == "poker" else card)
        assert built.run.code == 0, built.run.stderr
        return built.output

    return output


# --- the `sheetgen serve` browser tests (helpers/browser.py) ------------------------------------


@pytest.fixture(scope="module")
def served_cubit(tmp_path_factory):
    """The bundled Cubit content, served from a background thread on a free loopback port:
    (project folder, workspace, url)."""
    from sheetgen.serve.server import Background
    from sheetgen.serve.workspace import Workspace

    root = copy_cubit_content(tmp_path_factory.mktemp("browser"))
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        ws = Workspace()
        ws.rebuild()
        with Background(ws, initial_build=False) as url:
            yield root, ws, url


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """A headless Chromium for one test module, with a profile and a downloads folder of its own."""
    from helpers.browser import chrome

    driver = chrome(tmp_path_factory.mktemp("chromium-profile"), tmp_path_factory.mktemp("downloads"))
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory, browser) -> Path:
    browser.shots = tmp_path_factory.mktemp("shots")  # a page that times out is kept there too
    return browser.shots
