"""Paths from requests, confined to one folder.

A request names a file by a relative path. It is refused (and the page answers 404)
when any part is empty, `.` or `..`, holds a backslash, a colon or a NUL, when any
folder or file on the way is a symbolic link, or when the resolved path is not below
the folder. Percent-encoding is decoded by the server before the path gets here, so
`%2e%2e` arrives as `..` and is refused like it.
"""

from __future__ import annotations

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
