"""Game data shipped inside the package: the documents a game needs that a user does not
write (Cubit's interfaces, upgrades and factions; KUBOS's tables; Tricube's limits and
generator tables). They live as YAML under `sheetgen/data/<game>/` and load by default,
after a project's own documents, which take precedence:

- a project document of the same kind and id replaces the shipped one (override);
- a project document with a new id joins them (extend);
- a kind the game reads only one document of (`ONE_PER_PROJECT`) is replaced by the
  project's document of that kind whatever its id.

Shipped documents resolve references and feed products (the upgrade and faction cards are
built from them when a project has content of their game), but they are not reported on
or counted as the project's documents.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from sheetgen.content.loader import Library

#: Kinds a game reads a single document of: a project's one replaces the shipped one.
ONE_PER_PROJECT = frozenset({"kubos-tables", "tricube-rules"})

#: How shipped files are named in diagnostics and the manifest (stable across installs).
LABEL = "<sheetgen>/data"


def data_root() -> Path:
    """The folder of shipped game data (`sheetgen/data`), inside the installed package."""
    root = resources.files("sheetgen") / "data"
    return Path(str(root))


def data_files() -> list[tuple[Path, str]]:
    """Every shipped YAML file, sorted, with the name diagnostics give it."""
    root = data_root()
    out: list[tuple[Path, str]] = []
    if not root.is_dir():
        return out
    for folder, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "_")))
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")) and not name.startswith("."):
                path = Path(folder) / name
                out.append((path, f"{LABEL}/{path.relative_to(root).as_posix()}"))
    return out


def games() -> list[str]:
    """The games that ship data."""
    root = data_root()
    return sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))) if root.is_dir() else []


def is_game_data(file: str) -> bool:
    return file.startswith(LABEL + "/")


def add_game_data(library: "Library") -> None:
    """Add the shipped documents the project does not replace (see the module's docstring)."""
    from sheetgen.content.loader import Library, _load_file as load_file

    shipped = Library()
    for path, label in data_files():
        load_file(path, shipped, target=False, display=label)
    own_kinds = {d.kind for d in library.documents} | {k for k, _ in library.invalid}
    added = False
    for doc in shipped.documents:
        if library.has(*doc.key) or doc.key in library.invalid:
            continue  # the project's own document of that kind and id wins, valid or not
        if doc.kind in ONE_PER_PROJECT and doc.kind in own_kinds:
            continue
        library.add(doc)
        added = True
    if added:
        for key, src in shipped.sources.items():
            library.sources.setdefault(key, src)
            library.context_files.add(key)
        for key, name in shipped.files.items():
            library.files.setdefault(key, name)
