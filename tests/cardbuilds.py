"""Builds of the bundled content and of the five-game `init` kit at a paper and card size,
made once per test session and shared by the modules that read them (card decks whole,
the type floor)."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import tempfile
from pathlib import Path

from conftest import REPO, run_cli

CONT = "(cont.)"
_BUILT: dict[tuple[str, str, str], Path] = {}
_ROOT = Path(tempfile.mkdtemp(prefix="sheetgen-cards-"))
atexit.register(shutil.rmtree, _ROOT, True)


def _in(folder: Path, *args: str) -> None:
    here = Path.cwd()
    os.chdir(folder)
    try:
        result = run_cli(*args)
    finally:
        os.chdir(here)
    assert result.code == 0, result.stderr


def built(project: str, paper: str, card: str) -> Path:
    """The output folder of `project` ("bundled" or "kit") built as PDFs on `paper` with
    `card`-sized cards."""
    key = (project, paper, card)
    if key not in _BUILT:
        root = _ROOT / "-".join(key)
        if project == "bundled":
            shutil.copytree(REPO / "content", root / "content")
        else:
            root.mkdir()
            _in(root, "init", str(root))
        theme = root / "content" / "theme.yaml"
        theme.write_text(re.sub(r"^card_size: .*$", f"card_size: {card}", theme.read_text(), flags=re.M))
        _in(root, "build", "--format", "pdf", "--paper", paper)
        _BUILT[key] = root / "output"
    return _BUILT[key]


def decks(output: Path, print_shop: bool = False) -> list[Path]:
    """The card decks of a build: N-up sheets, or their print-shop twins (a card a page)."""
    return sorted(
        p
        for p in output.rglob("*.pdf")
        if p.parent.name.endswith("-print-shop") == print_shop
        and "handouts" not in p.parts
        and (
            p.parent.name.removesuffix("-print-shop")
            in {"reference", "cards", "unit-cards", "stat-cards", "character-cards", "foe-cards", "odds"}
        )
    )
