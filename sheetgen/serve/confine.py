"""Paths from requests, confined to one folder.

A request names a file by a relative path. It is refused (and the page answers 404)
when any part is empty, `.` or `..`, holds a backslash, a colon or a NUL, when any
folder or file on the way is a symbolic link, or when the resolved path is not below
the folder. Percent-encoding is decoded by the server before the path gets here, so
`%2e%2e` arrives as `..` and is refused like it.

New files (a form's save) are made below a folder the same way, step by step through
folders opened without following links, so that no link on the way and no change
made meanwhile can put the file anywhere else (`create_new`).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

MAX_PATH = 1024


def confined(root: Path, relpath: str) -> Path | None:
    """The file `root/relpath` if it is a regular file safely inside `root`, else None."""
    if not relpath or len(relpath) > MAX_PATH or relpath.startswith("/"):
        return None
    parts = relpath.split("/")
    if any(p in ("", ".", "..") or "\\" in p or ":" in p or "\x00" in p for p in parts):
        return None
    try:
        base = root.resolve(strict=True)
    except OSError:
        return None
    path = base
    for part in parts:
        path = path / part
        if path.is_symlink():
            return None
    try:
        resolved = path.resolve(strict=True)
    except OSError:
        return None
    if base not in resolved.parents or not resolved.is_file():
        return None
    return resolved


class NotInside(Exception):
    """A folder on the way to a new file is a symbolic link or not a folder."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"{folder} is a symbolic link or not a folder")
        self.folder = folder


@contextmanager
def _folder(root: Path, folders: Iterable[str]) -> Iterator[int]:
    """The folder `root/folders...` opened (missing folders made), every step taken without
    following a link: a folder on the way that is a link or a file raises `NotInside`."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        where = root
        for part in folders:
            _plain(part)
            where = where / part
            inner = _enter(fd, part, where)
            os.close(fd)
            fd = inner
        yield fd
    finally:
        os.close(fd)


def create_new(root: Path, folders: Iterable[str], names: Iterable[str], data: bytes) -> str | None:
    """Write `data` as a new file `root/folders.../name`, under the first of `names` that no
    file (or link) has; the name taken, or None if none was free. Missing folders are made;
    a folder on the way that is a link or a file raises `NotInside`. The file appears whole
    or not at all, and never replaces another."""
    with _folder(root, folders) as fd:
        return _link_first_free(fd, names, data)


def replace_file(root: Path, folders: Iterable[str], name: str, data: bytes) -> None:
    """Write `data` over the file `root/folders.../name` (a document the builder edits),
    reached as `create_new` reaches folders; the file is replaced whole or not at all."""
    with _folder(root, folders) as fd:
        _plain(name)
        tmp = _write_temporary(fd, data)
        try:
            os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        except OSError:
            os.unlink(tmp, dir_fd=fd)
            raise


def _write_temporary(fd: int, data: bytes) -> str:
    """A new hidden file in the open folder `fd` holding `data` (a dot file: the watcher ignores it)."""
    tmp = f".new-{secrets.token_hex(8)}.tmp"
    out = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666, dir_fd=fd)
    with os.fdopen(out, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    return tmp


def _plain(name: str) -> None:
    """A name of one folder or file, not a path and not hidden."""
    if not name or name.startswith(".") or "/" in name or "\x00" in name:
        raise ValueError(f"not a plain file name: {name!r}")


def _enter(fd: int, part: str, where: Path) -> int:
    """The folder `part` of the open folder `fd` (made if missing), opened without following a link."""
    try:
        os.mkdir(part, dir_fd=fd)
    except FileExistsError:
        pass
    try:
        return os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
    except OSError as exc:  # ELOOP: a link; ENOTDIR: a file
        raise NotInside(where) from exc


def _link_first_free(fd: int, names: Iterable[str], data: bytes) -> str | None:
    tmp = _write_temporary(fd, data)
    try:
        for name in names:
            _plain(name)
            try:
                os.link(tmp, name, src_dir_fd=fd, dst_dir_fd=fd, follow_symlinks=False)
            except FileExistsError:
                continue
            return name
        return None
    finally:
        os.unlink(tmp, dir_fd=fd)
