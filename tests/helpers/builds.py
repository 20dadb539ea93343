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


@dataclass(frozen=True)
class Variant:
    """What is built: `project` ("bundled" or "kit") on `paper` in `formats` (the theme's
    paper and `sheetgen build`'s formats when None), with `card`-sized cards, the theme's
    printable margin at `margin` and more command-line `options`."""

    project: str = "bundled"
    paper: str | None = None
    formats: str | None = None
    card: str | None = None
    margin: str | None = None
    options: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        parts = [self.project, self.paper, (self.formats or "").replace(",", "+"), self.card, self.margin]
        return "-".join(p for p in [*parts, *self.options] if p).replace("/", "_")

    def make(self, root: Path) -> Run:
        root.mkdir(parents=True)
        if self.project == "bundled":
            shutil.copytree(REPO / "content", root / "content")
        else:
            _in(root, "init", str(root))
        theme = root / "content" / "theme.yaml"
        if self.card:
            theme.write_text(re.sub(r"^card_size: .*$", f"card_size: {self.card}", theme.read_text(), flags=re.M))
        if self.margin:
            theme.write_text(theme.read_text() + f"printable_margin: {self.margin}\n")
        flags = [
            *(("--paper", self.paper) if self.paper else ()),
            *(("--format", self.formats) if self.formats else ()),
        ]
        return _in(root, "build", *flags, *self.options)


def _in(folder: Path, *args: str) -> Run:
    here = Path.cwd()
    os.chdir(folder)
    try:
        return run_cli(*args)
    finally:
        os.chdir(here)


def shared_build(base: Path, variant: Variant) -> Built:
    """`variant`, built under `base` by the first test (of any worker) that asks for it."""
    root = base / variant.name
    base.mkdir(parents=True, exist_ok=True)
    with open(base / f"{root.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        record = base / f"{root.name}.json"
        if not record.exists():
            record.write_text(json.dumps(variant.make(root).__dict__))
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
        """The build of `Variant(**variant)`."""
        built = shared_build(self.base, Variant(**variant))
        self.seen.setdefault(built.project, snapshot(built.project))
        return built

    def changed(self) -> list[str]:
        return [root.name for root, before in self.seen.items() if snapshot(root) != before]
