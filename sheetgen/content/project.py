"""Where a project begins: the folder that holds `content/`.

Content files are named in the manifest relative to this root (never to the working
directory), and the loader reads nothing that resolves outside it, outside a folder it
was given, or outside the package's own data.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from sheetgen.diagnostics import safe

CONTENT = "content"
PACKAGE_DATA = Path(__file__).resolve().parent.parent / "data"


def find_root(paths: Iterable[str | os.PathLike]) -> Path:
    """The project root of the given paths: the folder holding the nearest `content/`
    folder above the first of them; else the working directory when it holds `content/`
    (files from elsewhere are checked against the project they are used in); else the
    nearest folder above the first path that holds `content/` (a file kept beside it);
    else the deepest folder common to all of them."""
    resolved = [Path(os.path.abspath(p)) for p in paths] or [Path.cwd() / CONTENT]
    for folder in [resolved[0], *resolved[0].parents]:
        if folder.name == CONTENT and folder.is_dir():
            return folder.parent
    cwd = Path.cwd()
    if (cwd / CONTENT).is_dir():
        return cwd
    for folder in resolved[0].parents:  # a file beside the content folder (`extras/kit.yaml`)
        if (folder / CONTENT).is_dir():
            return folder
    common = Path(os.path.commonpath([str(p) for p in resolved]))
    return common if common.is_dir() else common.parent


def inside(path: Path, folders: Iterable[Path]) -> bool:
    """Whether `path` (resolved) lies in one of `folders` (resolved)."""
    return any(path == f or f in path.parents for f in folders)


def within_project(path: str | os.PathLike, root: Path | None) -> bool:
    """Whether `path`, links followed, lies inside the project `root` (default: the
    working directory) or the package's own data."""
    try:
        real = Path(path).resolve()
    except (OSError, RuntimeError):
        return False
    return inside(real, [Path(root or Path.cwd()).resolve(), PACKAGE_DATA])


def relative_name(path: Path, root: Path) -> str:
    """`path` relative to `root` with forward slashes (by way of `..` if not below it: the
    manifest, which names it, is published and names no absolute path), made safe to
    print, to put in JSON and in HTML: undecodable bytes and control characters become
    escapes."""
    full, top = os.path.abspath(path), str(root)
    if full.startswith(top.rstrip(os.sep) + os.sep):  # the usual case, without pathlib's cost
        rel = full[len(top.rstrip(os.sep)) + 1:].replace(os.sep, "/")
    else:
        rel = os.path.relpath(full, top).replace(os.sep, "/")
    return safe_name(rel)


def safe_name(name: str) -> str:
    """A file name fit for any output: bytes that were not UTF-8 (kept by Python as
    lone surrogates) shown as `\\xNN`, line breaks, tabs and controls as escapes."""
    if name.isprintable() and name.isascii():
        return name
    out = []
    for ch in name:
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:  # surrogateescape: the original byte
            out.append(f"\\x{code - 0xDC00:02x}")
        elif ch in "\n\r\t" or 0xD800 <= code <= 0xDFFF:
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return safe("".join(out))
