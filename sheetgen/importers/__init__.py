"""Importers: other tools' exports turned into sheetgen content (YAML text). They read
and check; the command line writes.

A game offers `sheetgen import <name>` by naming an importer module in its record
(`GameRecord.importers`); the module declares `IMPORTER = Importer(...)`. Modules are
imported only when `sheetgen import` runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sheetgen.diagnostics import Diagnostic
from sheetgen.games import GameError, GameRecord, records

Where = tuple[int, int]  # line and column in the export
Origins = dict[tuple, Where]  # a document's paths → where in the export each came from


@dataclass
class ImportResult:
    """What an import gives: the file name to write, its YAML, or the problems (with
    the export's lines, to show under each); warnings at the export's lines; and where in
    the export each generated document's values came from (see `Importer.relocate`)."""

    name: str
    text: str
    problems: list[Diagnostic]
    lines: list[str]
    warnings: list[Diagnostic] = field(default_factory=list)
    origins: list[Origins] = field(default_factory=list)


@dataclass(frozen=True)
class Importer:
    """What `sheetgen import <name>` runs: the export read into one YAML file (`read`), and
    the findings of checking that file moved to the export's lines (`relocate`)."""

    name: str  # the command: `sheetgen import <name>`
    help: str  # its help, whose first words `sheetgen import --help` lists
    kinds: tuple[str, ...]  # the kinds of the documents it writes, all the game's own
    file: str  # the file it writes, as its options' help names it (`<army-id>.yaml`)
    read: Callable[[Path], ImportResult]
    relocate: Callable[[ImportResult, str, list[Diagnostic]], list[Diagnostic]]


@dataclass(frozen=True)
class Offered:
    """An importer and the game whose record offers it."""

    game: GameRecord
    importer: Importer


def importers() -> dict[str, Offered]:
    """Every game's importers by command name, the modules imported now."""
    out: dict[str, Offered] = {}
    for record in records():
        for module in record.importers:
            importer = importlib.import_module(module).IMPORTER
            strange = [k for k in importer.kinds if k not in record.kinds]
            if strange:
                raise GameError(f"the importer `{module}` of `{record.id}` writes `{strange[0]}`, not one of its kinds")
            if importer.name in out:
                first = out[importer.name].game.id
                raise GameError(f"two games offer `sheetgen import {importer.name}`: `{first}` and `{record.id}`")
            out[importer.name] = Offered(record, importer)
    return out
