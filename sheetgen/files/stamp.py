"""The no-op check: whether the last build, asked the same way, is still current.

A clean build (no error, no warning) leaves a stamp in the output folder's build state
folder (`files.outputs.state_folder`, never in the output folder itself: it names every file the
build read by its absolute path): what was asked
(the command's options, sheetgen's version and code), and the state of everything it read
(content files and fonts by their bytes' sha256, the folders they were found in by the
names they hold, so an added or removed file shows) and wrote. The next build asked the same way
compares those first, before it loads any content or any game: when nothing changed it
has nothing to do, and says so in a few milliseconds. Anything that differs, a missing
stamp or an unreadable one sends it down the whole build, which checks every output
against its sources as always. A build removes the stamp before it writes anything.

This module imports nothing heavy: it runs before the rest of sheetgen is loaded.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import sheetgen

STAMP = "stamp.json"
# Environment variables that change what a build writes.
ENVIRONMENT = ("SOURCE_DATE_EPOCH",)


def code_fingerprint() -> str:
    """The sheetgen version plus the size and time of every file of the package and its
    templates (code, game data), and of every installed game plugin's package, so that
    changing sheetgen or a game rebuilds what it draws."""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        from sheetgen.games import plugin_folders

        package = os.path.dirname(os.path.realpath(sheetgen.__file__))
        h = hashlib.sha256(sheetgen.__version__.encode())
        for folder in (package, os.path.join(os.path.dirname(package), "templates"), *plugin_folders()):
            h.update(f"\0{len(folder)}".encode())  # where one folder's files end
            for rel, size, mtime in _files(folder):
                h.update(f"{rel}:{size}:{mtime}".encode())
        _FINGERPRINT = h.hexdigest()[:16]
    return _FINGERPRINT


def _files(folder: str) -> list[tuple[str, int, int]]:
    """Each file below `folder` (or `folder` itself, a file): its name relative to it, size
    and modification time, sorted."""
    if os.path.isfile(folder):
        st = os.stat(folder)
        return [(os.path.basename(folder), st.st_size, st.st_mtime_ns)]
    files: list[tuple[str, int, int]] = []
    for top, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        rel = os.path.relpath(top, folder)
        for name in names:
            st = os.stat(os.path.join(top, name))
            files.append((name if rel == "." else f"{rel}/{name}", st.st_size, st.st_mtime_ns))
    return sorted(files)


_FINGERPRINT: str | None = None


def request(**options: Any) -> dict[str, Any]:
    """What a build was asked: its options, the working directory (relative paths depend on
    it), the environment that changes outputs, and the code that will run."""
    return {
        "options": options,
        "cwd": os.getcwd(),
        "environment": {name: os.environ.get(name) for name in ENVIRONMENT},
        "code": code_fingerprint(),
    }


_HASHED = 1 << 20  # files up to this size are compared by content, larger ones by size and times


def _signature(path: str, by_content: bool = True) -> list | None:
    """What identifies a file's or a folder's present state: a file's size and the sha256
    of its bytes (a large one's, or with `by_content` false any one's, modification and
    change times and inode instead: any write changes the change time), a folder's
    sorted names."""
    try:
        st = os.stat(path)
        if os.path.isdir(path):
            names = "\n".join(sorted(os.listdir(path)))
            return ["folder", hashlib.sha256(names.encode("utf-8", "surrogateescape")).hexdigest()]
        if by_content and st.st_size <= _HASHED:
            with open(path, "rb") as fh:
                return [st.st_size, hashlib.sha256(fh.read()).hexdigest()]
        return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]
    except OSError:
        return None


def current(state: Path, asked: dict[str, Any]) -> dict[str, Any] | None:
    """The summary the stamp in the build state folder `state` recorded, if the last build
    was asked the same way and nothing it read or wrote has changed since; otherwise None."""
    try:
        saved = (state / STAMP).stat().st_mtime_ns
        data = json.loads((state / STAMP).read_text(encoding="utf-8"))
        if data.get("request") != asked:
            return None
        for group in ("inputs", "outputs"):  # outputs are sheetgen's own: their state is enough
            for path, signature in data[group].items():
                if _signature(path, group == "inputs") != signature:
                    return None
                if group == "outputs" and signature[2] >= saved:
                    return None  # changed in the tick the stamp was made: a second change could hide in it
        summary = data["summary"]
        return summary if isinstance(summary, dict) else None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def forget(state: Path) -> None:
    """Remove the stamp: done before a build writes anything, so an interrupted build is
    never taken for a current one."""
    try:
        (state / STAMP).unlink()
    except OSError:
        pass


def record(
    state: Path,
    asked: dict[str, Any],
    roots: Iterable[str],
    inputs: Iterable[str],
    outputs: Iterable[str],
    summary: dict[str, Any],
    read: dict[str, tuple[int, str]] | None = None,
) -> None:
    """Stamp a clean build: every input (the files read, the folders given or searched and
    every folder below them) and output as absolute paths with their signatures. `read`
    gives (size, sha256) of the bytes the build read, by file: those are recorded rather
    than the files as they are now, so a file edited during the build is seen as changed.
    A stamp that cannot be written only costs the next build its shortcut."""
    known = {os.path.abspath(f): [size, sha] for f, (size, sha) in (read or {}).items() if size <= _HASHED}
    from sheetgen.files.outputs import write_atomic

    files = {os.path.abspath(name) for name in inputs}
    folders = {os.path.dirname(f) for f in files} | {os.path.abspath(r) for r in roots if os.path.isdir(r)}
    files |= {os.path.abspath(r) for r in roots if os.path.isfile(r)}
    walked = set(folders)
    for top in list(walked):
        for dirpath, dirnames, _ in os.walk(top):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            walked.add(os.path.abspath(dirpath))
    data = {
        "request": asked,
        "inputs": {p: known.get(p) or _signature(p) for p in sorted(files | walked)},
        "outputs": {p: _signature(p, False) for p in sorted({os.path.abspath(o) for o in outputs})},
        "summary": summary,
    }
    if any(sig is None for group in ("inputs", "outputs") for sig in data[group].values()):
        return
    try:
        write_atomic(state / STAMP, (json.dumps(data, indent=1) + "\n").encode("utf-8"), durable=False)
    except OSError:
        pass
