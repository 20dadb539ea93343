"""Helpers the Cubit test modules share (this module has no tests of its own)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import DATA, REPO, run_cli


def copy_cubit_content(root: Path) -> Path:
    """A copy of the bundled Cubit content (cubits, reference deck) under `root/content`, with a
    copy of the shipped catalog (interfaces, upgrades, factions) beside it for tests to edit:
    a project's documents of the same kind and id replace the shipped ones."""
    shutil.copytree(REPO / "content" / "cubit", root / "content" / "cubit")
    for name in ("interfaces.yaml", "upgrades.yaml", "factions.yaml"):
        shutil.copy(DATA / "cubit" / name, root / "content" / "cubit" / name)
    return root


@pytest.fixture
def cubit_workdir(tmp_path, monkeypatch) -> Path:
    """A working directory holding a copy of the bundled Cubit content only (no other game's)."""
    copy_cubit_content(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def build_once(tmp_path_factory, name: str, *args: str) -> Path:
    """Build the bundled Cubit content once (for a module's tests); returns `output/cubit`."""
    root = copy_cubit_content(tmp_path_factory.mktemp(name))
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root)
        result = run_cli("build", *args)
        assert result.code == 0, result.stderr
    return root / "output" / "cubit"
