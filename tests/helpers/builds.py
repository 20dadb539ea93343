"""Builds of the bundled content (and of the five-game `init` kit), each variant made once per
test run and shared, read-only, by every test that reads it: through the session fixture
`builds` (tests/conftest.py). Under pytest-xdist the workers share one folder and a lock per
variant, so the first worker to ask builds it and the others wait for it and read the same
output. A test that changes a build copies it first."""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from helpers import REPO, Run, run_cli

CONT = "(cont.)"
DECK_FOLDERS = {"reference", "cards", "unit-cards", "stat-cards", "character-cards", "foe-cards", "odds"}


@dataclass(frozen=True)
class Built:
    """A finished build: its output folder, the project it was built from and the run."""

    output: Path
    project: Path
    run: Run


def shared_root(basetemp: Path) -> Path:
    """The folder every xdist worker of this run sees (the basetemp's parent under xdist)."""
    root = basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp
    return root / "shared-builds"


def variant_name(
    project: str, paper: str | None, formats: str | None, card: str | None, margin: str | None, options
) -> str:
    parts = [project, paper or "", (formats or "").replace(",", "+"), card or "", margin or "", *options]
    return "-".join(p for p in parts if p).replace("/", "_")


def _make(
    root: Path, project: str, paper: str | None, formats: str | None, card: str | None, margin: str | None, options
) -> Run:
    root.mkdir(parents=True)
    if project == "bundled":
        shutil.copytree(REPO / "content", root / "content")
    else:
        _in(root, "init", str(root))
    theme = root / "content" / "theme.yaml"
    if card:
        theme.write_text(re.sub(r"^card_size: .*$", f"card_size: {card}", theme.read_text(), flags=re.M))
    if margin:
        theme.write_text(theme.read_text() + f"printable_margin: {margin}\n")
    flags = [*(("--paper", paper) if paper else ()), *(("--format", formats) if formats else ())]
    return _in(root, "build", *flags, *options)


def _in(folder: Path, *args: str) -> Run:
    here = Path.cwd()
    os.chdir(folder)
    try:
        return run_cli(*args)
    finally:
        os.chdir(here)


def shared_build(
    base: Path,
    project: str = "bundled",
    paper: str | None = None,
    formats: str | None = None,
    card: str | None = None,
    margin: str | None = None,
    options: tuple[str, ...] = (),
) -> Built:
    """`project` ("bundled" or "kit") built on `paper` in `formats` (the theme's paper and
    `sheetgen build`'s formats when not given), with `card`-sized cards, the theme's printable
    margin at `margin` and more command-line `options`; built by the first test that asks."""
    root = base / variant_name(project, paper, formats, card, margin, options)
    base.mkdir(parents=True, exist_ok=True)
    with open(base / f"{root.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        record = base / f"{root.name}.json"
        if not record.exists():
            run = _make(root, project, paper, formats, card, margin, options)
            record.write_text(json.dumps(run.__dict__))
    return Built(root / "output", root, Run(**json.loads(record.read_text())))


def decks(output: Path, print_shop: bool = False) -> list[Path]:
    """The card decks of a build: N-up sheets, or their print-shop twins (a card a page)."""
    return sorted(
        p
        for p in output.rglob("*.pdf")
        if p.parent.name.endswith("-print-shop") == print_shop
        and "handouts" not in p.parts
        and p.parent.name.removesuffix("-print-shop") in DECK_FOLDERS
    )


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Each file under `folder` by path: (size, modification time in ns)."""
    return {
        str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()
    }


class SharedBuilds:
    """`shared_build` for one test session, which remembers what each build it handed out held
    so that `changed()` can tell which of them a test wrote into (tests run as root here, so
    file modes cannot keep them read-only)."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.seen: dict[Path, dict[str, tuple[int, int]]] = {}

    def __call__(self, **variant) -> Built:
        built = shared_build(self.base, **variant)
        self.seen.setdefault(built.project, snapshot(built.project))
        return built

    def changed(self) -> list[str]:
        return [root.name for root, before in self.seen.items() if snapshot(root) != before]
