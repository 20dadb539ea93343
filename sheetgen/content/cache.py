"""A cache of parsed content files, so a rebuild does not parse thousands of unchanged
files again.

An entry is a file's documents as `yamlsrc.load_documents` read them (their values and
where each document starts), kept under the file's name with the sha256 of its bytes; the
positions of the values inside are found by parsing the file again the first time a
diagnostic asks for one (the bytes are the same, so the positions are). The whole
cache is tied to a fingerprint of the code that read them. An entry is used only for a
file whose name, bytes and reading code are exactly those recorded, so the source always
wins: a file that changed is parsed again. Only files read without any problem are kept
(their diagnostics are made afresh every time). The cache is JSON, never code: a file
that is missing, unreadable, malformed or made by other code is simply not used.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import yaml

from sheetgen.content.yamlsrc import LazyPositions, Mark, Positions, RawDocument

FORMAT = 2


def _encode(raw: RawDocument) -> list:
    return [raw.index, raw.data, [raw.start.line, raw.start.column]]


def _decode(item: list, positions_of: Callable[[int], Positions]) -> RawDocument:
    index, data, start = item
    index = int(index)
    return RawDocument(index, data, LazyPositions(lambda: positions_of(index)), Mark(int(start[0]), int(start[1])), True)


class DocumentCache:
    """Parsed documents of content files by name and sha256, kept in one JSON file."""

    def __init__(self, path: Path, code: str):
        self.path = path
        self.code = f"{FORMAT}:{yaml.__version__}:{yaml.__with_libyaml__}:{code}"
        self._entries: dict[str, list] = {}
        self._used: dict[str, list] = {}
        # Files read this time, encoded only when the cache is saved: until then the
        # library holds their documents anyway, and a second copy would only add memory.
        self._fresh: dict[str, tuple[str, list[RawDocument]]] = {}
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("code") == self.code and isinstance(data.get("files"), dict):
                self._entries = data["files"]
        except (OSError, ValueError):
            pass

    def get(self, name: str, sha256: str, parse: Callable[[], list[RawDocument]]) -> list[RawDocument] | None:
        """The documents of the file `name` whose bytes have this sha256, if cached;
        `parse()` reads the file's documents again when their positions are asked for."""
        entry = self._entries.get(name)
        parsed: list[list[RawDocument]] = []

        def positions_of(index: int) -> Positions:
            if not parsed:
                parsed.append(parse())
            return next((raw.positions for raw in parsed[0] if raw.index == index), Positions())

        try:
            if not entry or entry[0] != sha256:
                return None
            raws = [_decode(item, positions_of) for item in entry[1]]
        except (ValueError, TypeError, IndexError, KeyError):
            return None  # an entry not as this code writes them: read the file
        self._used[name] = entry
        return raws

    def put(self, name: str, sha256: str, raws: list[RawDocument]) -> None:
        """Keep the documents of a file read without any problem."""
        if all(raw.ok for raw in raws):
            self._fresh[name] = (sha256, raws)

    def save(self, write: Callable[[Path, bytes], Any]) -> None:
        """Write the entries used this time (the files read) with `write(path, bytes)`
        (the build's atomic write); a folder that refuses it only costs the next build
        parsing its files."""
        for name, (sha256, raws) in self._fresh.items():
            # JSON gives back what YAML read (text keys, no tuples) but for numbers that
            # are infinite or not a number: files with one are read again next time.
            if all(raw.finite for raw in raws):
                self._used[name] = [sha256, [_encode(raw) for raw in raws]]
        if not self._fresh and self._used.keys() == self._entries.keys():
            return
        text = json.dumps({"code": self.code, "files": self._used}, ensure_ascii=False, separators=(",", ":"))
        try:
            write(self.path, text.encode("utf-8"))
        except OSError:
            pass
