"""The games sheetgen serves, each a plugin: one `GameRecord` a game registers through the
`sheetgen.games` entry-point group (`[project.entry-points."sheetgen.games"]` in its
`pyproject.toml`: `<game id> = "<module>:<record>"`). sheetgen's own games register the
same way, from `sheetgen.games.<game>`; shared code never lists the games by name.

A record names its stage modules as strings, imported when content of that game is read
or built (`game_module`, `stage_modules`), so reading a file does not import every game to learn what `kind:`
values exist, and a build pays only for the games it uses.

Order matters: rules run game by game in the records' `order` (a third-party game sorts
after sheetgen's, by id), kinds within a game in the order its record gives (referenced
kinds first).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

GROUP = "sheetgen.games"

#: The kinds every game shares (`sheetgen.content.models.common`), with their summaries.
COMMON_KINDS: dict[str, str] = {
    "theme": "fonts, colours, paper, card size and cube size",
    "reference-deck": "a deck of reference cards for one game",
    "handout": "a publisher's bundle of other documents' products in one PDF",
}

#: Output folders no game may be named after (a publisher's bundles go in `handouts/`).
RESERVED_IDS: tuple[str, ...] = ("handouts", "other")

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True, slots=True)
class InitSection:
    """The section `sheetgen init`'s example handout gives a game: its title, and the kind
    and product it includes."""

    title: str
    kind: str
    product: str


@dataclass(frozen=True)
class GameRecord:
    """What sheetgen knows of one game. Module fields are dotted names (`importers` a tuple
    of them), imported only when the stage needs them; file fields are paths relative to
    `package`'s folder (or, in a source checkout, the folder that holds the package)."""

    id: str  # a slug: the output folder, the `system:` a reference deck names, the palette colour's name
    title: str  # as people write the game's name
    color: str  # `#rrggbb`: title bands, frames, headings (a theme's `palette.<id>` overrides it)
    kinds: Mapping[str, str]  # kind → one-line summary, in rule order (referenced kinds first)
    models: str  # module declaring `KINDS = {kind: Model}`
    package: str  # the package whose folder the file fields are relative to
    short_title: str = ""  # where a small card's footer has no room for the title ("": the title)
    rules: str | None = None  # module declaring `RULES`, `LIBRARY_RULES`, `TABLES`, `FIGURES`
    products: str | None = None  # module declaring `GAME_ID`, `PRODUCTS`, optionally `NOTICE`, `FIGURES`
    generators: str | None = None  # module declaring `GENERATORS`
    codes: str | None = None  # module declaring `CODES = {code: (meaning, fix)}`
    builder: str | None = None  # module declaring the workbench's builder for one of the game's kinds
    importers: tuple[str, ...] = ()  # modules declaring `IMPORTER`, each a `sheetgen import` command
    data: str | None = None  # folder of shipped documents (catalogs, tables) loaded after a project's own
    one_per_project: tuple[str, ...] = ()  # kinds of which a project's one document replaces the shipped one
    examples: str | None = None  # folder of `sheetgen init`'s examples, one file per kind a user writes
    rules_deck: str | None = None  # file of the game's rules on cards, which `sheetgen init` copies
    init_section: InitSection | None = None  # what `sheetgen init`'s handout includes of the game
    order: int = 1000  # sheetgen's games come first, in the order they always had

    @property
    def short(self) -> str:
        return self.short_title or self.title

    def path(self, relative: str | None) -> Path | None:
        """A file field as a path, where it exists: inside the package (any of its folders,
        for a namespace package spread over several), or else beside it."""
        if relative is None:
            return None
        spec = importlib.util.find_spec(self.package)
        if spec is None or not spec.submodule_search_locations:
            return None
        folders = [Path(f) for f in spec.submodule_search_locations]
        for candidate in [f / relative for f in folders] + [f.parent / relative for f in folders]:
            if candidate.exists():
                return candidate
        return None


class GameError(SystemExit):
    """A game plugin that cannot be used: a broken installation, not content, so the
    process ends with the message (no traceback) whatever command was running."""

    def __init__(self, message: str):
        super().__init__(f"sheetgen: error[games.bad-plugin]: {message}")
        self.message = message


def _problems(record: GameRecord, name: str) -> list[str]:
    out = []
    if record.id != name:
        out.append(f"its record's id is `{record.id}`, but the entry point is named `{name}`")
    if not _SLUG.match(record.id) or record.id in RESERVED_IDS:
        out.append(f"`{record.id}` is not a game id (a lowercase slug other than {', '.join(RESERVED_IDS)})")
    if not _HEX.match(record.color):
        out.append(f"its colour `{record.color}` is not `#rrggbb`")
    if not record.kinds:
        out.append("it declares no kinds")
    for kind in record.kinds:
        if not _SLUG.match(kind) or kind in COMMON_KINDS:
            out.append(f"`{kind}` is not a kind of its own (a lowercase slug, not one every game shares)")
    if record.init_section is not None and record.init_section.kind not in record.kinds:
        out.append(f"its init section includes `{record.init_section.kind}`, not one of its kinds")
    return out


class EntryPoint(NamedTuple):
    name: str
    value: str  # `module:attribute`

    def load(self) -> object:
        module, _, attribute = self.value.partition("[")[0].partition(":")  # `mod:obj [extra]`
        found: object = importlib.import_module(module.strip())
        for part in attribute.strip().split(".") if attribute.strip() else ():
            found = getattr(found, part)
        return found


def _group(text: str) -> list[EntryPoint]:
    """The `sheetgen.games` section of an `entry_points.txt` (an INI file)."""
    out: list[EntryPoint] = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            inside = line == f"[{GROUP}]"
        elif inside and "=" in line and not line.startswith(("#", ";")):
            name, _, value = line.partition("=")
            out.append(EntryPoint(name.strip(), value.strip()))
    return out


def entry_points() -> list[EntryPoint]:
    """Every installed `sheetgen.games` entry point, the first distribution of a name on
    `sys.path` winning, as `importlib.metadata.entry_points(group=GROUP)` lists those of
    wheels and source installs (`*.dist-info`, `*.egg-info` beside the packages; not the
    old `*.egg` folders and archives): read from their `entry_points.txt` here, since
    importing `importlib.metadata` costs a twentieth of a second on every command."""
    seen: set[str] = set()
    out: list[EntryPoint] = []
    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            dist = re.sub(r"[-_.]+", "_", name.rpartition(".")[0].split("-")[0]).lower()
            if dist in seen:
                continue
            seen.add(dist)
            try:
                text = Path(folder or ".", name, "entry_points.txt").read_text(encoding="utf-8")
            except OSError:
                continue
            out += _group(text)
    return out


def plugin_folders() -> list[str]:
    """The folders (or single files) of the installed game plugins that are not sheetgen's
    own, found without importing them: a plugin's code and shipped data change what a build
    draws, so the build's code fingerprint (`files.stamp.code_fingerprint`) covers them."""
    found: list[str] = []
    for entry in entry_points():
        top = entry.value.partition(":")[0].strip().split(".")[0]
        if top == "sheetgen":
            continue
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            continue  # said when the plugin is loaded
        if spec is None:
            continue
        if spec.submodule_search_locations:
            found += sorted(spec.submodule_search_locations)
        elif spec.origin:
            found.append(spec.origin)
    return found


def _load_record(entry: EntryPoint) -> GameRecord:
    where = f"the game plugin `{entry.name}` (`{entry.value}`)"
    try:
        record = entry.load()
    except Exception as exc:  # a plugin's own bug: said in one line, with what failed
        raise GameError(f"{where} cannot be loaded: {type(exc).__name__}: {exc}") from None
    if not isinstance(record, GameRecord):
        raise GameError(f"{where} is a {type(record).__name__}, not a sheetgen.games.GameRecord")
    problems = _problems(record, entry.name)
    if problems:
        raise GameError(f"{where}: " + "; ".join(problems))
    return record


@functools.cache
def records() -> tuple[GameRecord, ...]:
    """Every registered game, validated, in order: by `order`, then by id."""
    found: dict[str, GameRecord] = {}
    registered: dict[str, str] = {}  # game id → the entry point that registered it
    owner: dict[str, str] = {}
    for entry in sorted(entry_points()):
        record = _load_record(entry)
        if record.id in found:
            first = registered[record.id]
            raise GameError(f"two plugins register the game `{record.id}`: `{first}` and `{entry.value}`")
        registered[record.id] = entry.value
        for kind in record.kinds:
            if kind in owner:
                raise GameError(f"the kind `{kind}` is declared by two games, `{owner[kind]}` and `{record.id}`")
            owner[kind] = record.id
        found[record.id] = record
    if not found:
        raise GameError(f"no game is registered in the `{GROUP}` entry points: reinstall sheetgen (pip install -e .)")
    return tuple(sorted(found.values(), key=lambda r: (r.order, r.id)))


@functools.cache
def games() -> dict[str, GameRecord]:
    """The registered games by id, in order."""
    return {r.id: r for r in records()}


def game(game_id: str | None) -> GameRecord | None:
    return games().get(game_id) if game_id is not None else None


@functools.cache
def _game_of_kind() -> dict[str, str]:
    return {kind: r.id for r in records() for kind in r.kinds}


def game_of_kind(kind: str) -> str | None:
    """The game a kind belongs to; None for kinds every game shares (and unknown kinds)."""
    return _game_of_kind().get(kind)


def all_kinds() -> tuple[str, ...]:
    return tuple(COMMON_KINDS) + tuple(_game_of_kind())


def title(game_id: str) -> str | None:
    record = game(game_id)
    return record.title if record is not None else None


def stage_modules(stage: str, wanted: set[str] | None = None) -> list[ModuleType]:
    """The modules one field of the records names (`rules`, `products`, `generators`,
    `builder`), of the `wanted` games (None: all), in order, imported now."""
    chosen = [r for r in records() if wanted is None or r.id in wanted]
    return [game_module(r, getattr(r, stage)) for r in chosen if getattr(r, stage)]


def game_module(record: GameRecord, name: str) -> ModuleType:
    """A module a game's record names, imported now. A plugin's module that fails to import
    (written for another version of sheetgen, or broken) ends the command with one line
    naming the game and the module, as a record that cannot be loaded does."""
    if record.package == "sheetgen":  # sheetgen's own: a failure is a bug, with its traceback
        return importlib.import_module(name)
    try:
        return importlib.import_module(name)
    except Exception as exc:
        raise GameError(
            f"the game `{record.id}` names the module `{name}`, which cannot be imported "
            f"({type(exc).__name__}: {exc}); install a version of the game made for this sheetgen"
        ) from None
