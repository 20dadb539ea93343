"""Game data shipped with a game: the documents a game needs that a user does not write
(catalogs, tables, limits). They live as YAML in the folder the game's record names
(`data`; sheetgen's own games under `sheetgen/data/<game>/`) and load by default, after a
project's own documents, which take precedence:

- a project document of the same kind and id replaces the shipped one (override);
- a project document with a new id joins them (extend);
- a kind the game reads only one document of (its record's `one_per_project`) is replaced
  by the project's document of that kind whatever its id.

Shipped documents resolve references and feed products (the upgrade and faction cards are
built from them when a project has content of their game), but they are not reported on
or counted as the project's documents.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from sheetgen.games import GameRecord, game_of_kind, records

if TYPE_CHECKING:  # pragma: no cover
    from sheetgen.content.loader import Library

#: How shipped files are named in diagnostics and the manifest (stable across installs):
#: `<package>/` and the path the record gives, `<sheetgen>/data/kubos/tables.yaml`.
_LABEL = re.compile(r"^<[A-Za-z0-9_.]+>/")


def one_per_project() -> frozenset[str]:
    """Kinds a game reads a single document of: a project's one replaces the shipped one."""
    return frozenset(kind for record in records() for kind in record.one_per_project)


def _game_files(record: GameRecord) -> list[tuple[Path, str]]:
    top = record.path(record.data)
    if top is None or not top.is_dir():
        return []
    out: list[tuple[Path, str]] = []
    for folder, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "_")))
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml")) and not name.startswith("."):
                path = Path(folder) / name
                out.append((path, f"<{record.package}>/{record.data}/{path.relative_to(top).as_posix()}"))
    return out


def data_files(game_ids: Iterable[str] | None = None) -> list[tuple[Path, str]]:
    """Every shipped YAML file (of the given games; None: of all), game by game in the order
    of their ids, with the name diagnostics give it."""
    wanted = None if game_ids is None else set(game_ids)
    chosen = sorted((r for r in records() if wanted is None or r.id in wanted), key=lambda r: r.id)
    return [f for record in chosen for f in _game_files(record)]


def is_game_data(file: str) -> bool:
    return _LABEL.match(file) is not None


def project_games(library: Library) -> set[str]:
    """The games a project's documents (valid or not) belong to."""
    from sheetgen.content.registry import games_of

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
    single = one_per_project()
    added = False
    for doc in shipped.documents:
        if library.has(*doc.key) or doc.key in library.invalid:
            continue  # the project's own document of that kind and id wins, valid or not
        if doc.kind in single and doc.kind in own_kinds:
            continue
        library.add(doc)
        added = True
    if added:
        for key, src in shipped.sources.items():
            library.sources.setdefault(key, src)
            library.context_files.add(key)
        for key, name in shipped.files.items():
            library.files.setdefault(key, name)
