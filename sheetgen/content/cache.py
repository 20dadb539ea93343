"""A cache of parsed content files, so a rebuild does not parse thousands of unchanged
files again.

An entry is a file's documents as `yamlsrc.load_documents` read them (their values and
where each document starts), kept under the file's name with the sha256 of its bytes; the
positions of the values inside are found by parsing the file again the first time a
diagnostic asks for one (the bytes are the same, so the positions are). The whole
cache is tied to a fingerprint of the code that read them. An entry is used only for a
file whose name, bytes and reading code are exactly those recorded, so the source always
wins: a file that changed is parsed again. Only files read without any problem are kept
(their diagnostics are made afresh every time), or with warnings alone, which are kept
with it and said again; a file holding a document that turned out to have errors later
(the rules', the layout's) is left out when the cache is saved, so that the cache never
holds a document with errors. The cache is JSON, never code: a file
that is missing, unreadable, malformed or made by other code is simply not used.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import yaml

from sheetgen.content.yamlsrc import LazyPositions, Mark, Positions, RawDocument, positions_finder
from sheetgen.diagnostics import Diagnostic

FORMAT = 3


#: Files read in worker processes ahead of the build (`DocumentCache.parsing_ahead`) when
#: at least this many are not in the cache: fewer are read sooner than a worker starts.
PARSE_AHEAD_MIN_FILES = 64


def _encode(raw: RawDocument) -> list:
    return [raw.index, raw.data, [raw.start.line, raw.start.column]]


def _decode(item: list, positions_of: Callable[[int], Positions]) -> RawDocument:
    index, data, start = item
    index = int(index)
    return RawDocument(
        index, data, LazyPositions(lambda: positions_of(index)), Mark(int(start[0]), int(start[1])), True
    )


class DocumentCache:
    """Parsed documents of content files by name and sha256, kept in one JSON file."""

    def __init__(self, path: Path, code: str):
        self.path = path
        self.code = f"{FORMAT}:{yaml.__version__}:{yaml.__with_libyaml__}:{code}"
        self._entries: dict[str, list] = {}
        self._used: dict[str, list] = {}
        self._notes: dict[str, list] = {}  # the warnings of the files `get` gave, as `put` kept them
        # Files read this time, encoded only when the cache is saved: until then the
        # library holds their documents anyway, and a second copy would only add memory.
        self._fresh: dict[str, tuple[str, list[RawDocument], list[list[Any]]]] = {}
        # Files read by worker processes this time (`parsing_ahead`): name → (sha256, entry).
        self._ahead: dict[str, tuple[str, list]] = {}
        self._coming: Iterator[dict[str, tuple[str, list]]] | None = None  # the workers' runs, in order
        self._run_of: dict[str, int] = {}  # the run each file read ahead is in
        self._received = 0  # runs taken so far
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("code") == self.code and isinstance(data.get("files"), dict):
                self._entries = data["files"]
        except (OSError, ValueError):
            pass

    def get(self, name: str, sha256: str, parse: Callable[[], list[RawDocument]]) -> list[RawDocument] | None:
        """The documents of the file `name` whose bytes have this sha256, if cached;
        `parse()` reads the file's documents again when their positions are asked for."""
        self._wait_for(name)
        ahead = self._ahead.pop(name, None)
        if ahead is not None and ahead[0] == sha256:  # read by a worker (with no warning): as if read here
            positions_of = positions_finder(parse)
            raws = [_decode(item, positions_of) for item in ahead[1]]
            self.put(name, sha256, raws)
            self._notes[name] = []
            return raws
        entry = self._entries.get(name)
        positions_of = positions_finder(parse)
        try:
            if not entry or entry[0] != sha256:
                return None
            raws = [_decode(item, positions_of) for item in entry[1]]
            notes = [
                (int(line), int(column), str(code), str(message), None if hint is None else str(hint))
                for line, column, code, message, hint in entry[2]
            ]
        except (ValueError, TypeError, IndexError, KeyError):
            return None  # an entry not as this code writes them: read the file
        self._used[name] = entry
        self._notes[name] = notes
        return raws

    def notes(self, name: str) -> list[tuple[int, int, str, str, str | None]]:
        """The warnings the file `name` was read with, as `get` gave it: (line, column,
        code, message, hint)."""
        return self._notes.get(name, [])

    @contextlib.contextmanager
    def parsing_ahead(self, files: list[tuple[str, str, str]], jobs: int) -> Iterator[None]:
        """While open, the files (name, path, name in diagnostics) that the cache has no
        entry for are read in `jobs` worker processes, and `get` gives each one's documents
        as soon as its worker has read it: the reading of a big content folder is shared
        between the cores, as its building is, and the caller checks the first files while
        the workers read the rest. A file with any problem, or that changed meanwhile, is
        simply read again by `get`'s caller (which reports the problems); what the workers
        read is the same as it would read."""
        # The files the cache holds no entry for: one it holds is most likely unchanged (and
        # read here if not), so that a rebuild after an edit starts no processes.
        todo = [(name, path, shown) for name, path, shown in files if name not in self._entries]
        if jobs < 2 or len(todo) < PARSE_AHEAD_MIN_FILES:
            yield
            return
        from sheetgen.workers import worker_pool

        size = max(1, min(32, len(todo) // (jobs * 4)))
        runs = [todo[i : i + size] for i in range(0, len(todo), size)]
        self._run_of = {name: n for n, run in enumerate(runs) for name, _, _ in run}
        pool = None
        try:
            pool = worker_pool(jobs)
            self._coming = pool.map(_parse_files, runs)
        except Exception:
            if pool is not None:  # had (a worker that started is let go), and the files are read here
                pool.shutdown(wait=False, cancel_futures=True)
            if os.environ.get("SHEETGEN_DEBUG"):
                raise
            self._run_of = {}
            yield
            return
        try:
            yield
        finally:
            self._coming, self._run_of = None, {}
            # What was not taken is not read; what a worker is reading is finished (a run is
            # a few small files), so that every worker has ended, and been waited for, when
            # the build goes on or is stopped.
            pool.shutdown(wait=True, cancel_futures=True)

    def _wait_for(self, name: str) -> None:
        """Take what the workers have read up to the run holding `name`."""
        run = self._run_of.get(name)
        while self._coming is not None and run is not None and self._received <= run:
            try:
                self._ahead.update(next(self._coming))
                self._received += 1
            except StopIteration:
                self._coming = None
            except Exception:
                if os.environ.get("SHEETGEN_DEBUG"):
                    raise
                self._coming = None

    def put(self, name: str, sha256: str, raws: list[RawDocument], warnings: Sequence[Diagnostic] = ()) -> None:
        """Keep the documents of a file read without any error, with its warnings."""
        if all(raw.ok for raw in raws) and not any(d.is_error for d in warnings):
            self._fresh[name] = (sha256, raws, [[d.line, d.column, d.code, d.message, d.hint] for d in warnings])

    def save(self, write: Callable[[Path, bytes], Any], failed: Iterable[str] = ()) -> None:
        """Write the entries used this time (the files read) but those of the files named
        `failed` (holding a document with errors) with `write(path, bytes)` (the build's
        atomic write); a folder that refuses it only costs the next build parsing its files."""
        for name in failed:
            self._fresh.pop(name, None)
            self._used.pop(name, None)
        for name, (sha256, raws, notes) in self._fresh.items():
            # JSON gives back what YAML read (text keys, no tuples) but for numbers that
            # are infinite or not a number: files with one are read again next time.
            if all(raw.finite for raw in raws):
                self._used[name] = [sha256, [_encode(raw) for raw in raws], notes]
        if not self._fresh and self._used.keys() == self._entries.keys():
            return
        text = json.dumps({"code": self.code, "files": self._used}, ensure_ascii=False, separators=(",", ":"))
        try:
            write(self.path, text.encode("utf-8"))
        except OSError:
            pass


def _parse_files(files: list[tuple[str, str, str]]) -> dict[str, tuple[str, list]]:
    """In a worker: the documents of each file (name, path, name in diagnostics) that is
    read cleanly, by name: (sha256, entry)."""
    import hashlib

    from sheetgen.content.yamlsrc import MAX_FILE_BYTES, decode_source, load_documents

    found: dict[str, tuple[str, list]] = {}
    for name, path, shown in files:
        try:  # a regular file of the size allowed, as the loader reads it (never a FIFO's open)
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
            with open(fd, "rb") as f:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_FILE_BYTES:
                    continue
                data = f.read()
        except OSError:
            continue
        sha256 = hashlib.sha256(data).hexdigest()
        text, problems = decode_source(data, shown)
        if text is None or problems:
            continue
        raws, problems = load_documents(text, shown, lazy=True)
        if not problems and all(raw.ok and raw.finite for raw in raws):
            found[name] = (sha256, [_encode(raw) for raw in raws])
    return found
