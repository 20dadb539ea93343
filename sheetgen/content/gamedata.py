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
from collections.abc import Iterable
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


def data_files(games: Iterable[str] | None = None) -> list[tuple[Path, str]]:
    """Every shipped YAML file (of the given games; None: of all), sorted, with the name
    diagnostics give it."""
    root = data_root()
    out: list[tuple[Path, str]] = []
    folders = [root / g for g in sorted(set(games))] if games is not None else [root]
    for folder, dirnames, filenames in (step for top in folders if top.is_dir() for step in os.walk(top)):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "_")))
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")) and not name.startswith("."):
                path = Path(folder) / name
                out.append((path, f"{LABEL}/{path.relative_to(root).as_posix()}"))
    return out


def is_game_data(file: str) -> bool:
    return file.startswith(LABEL + "/")


def project_games(library: Library) -> set[str]:
    """The games a project's documents (valid or not) belong to."""
    from sheetgen.content.registry import games_of
    from sheetgen.games import game_of_kind

    return games_of(library.documents) | {g for g in (game_of_kind(k) for k, _ in library.invalid) if g}


def add_game_data(library: Library, games: Iterable[str] = ()) -> None:
    """Add the shipped documents of the project's games (and of `games`) that the project
    does not replace (see the module's docstring). Other games' data is not read, so a
    build pays only for the games it uses."""
    from sheetgen.content.loader import Library
    from sheetgen.content.loader import _load_file as load_file

    shipped = Library()
    for path, label in data_files(project_games(library) | set(games)):
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
