"""Where a project begins: the folder that holds `content/`.

Content files are named in the manifest relative to this root (never to the working
directory), and the loader reads nothing that resolves outside it, outside a folder it
was given, or outside the package's own data.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

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
        rel = full[len(top.rstrip(os.sep)) + 1 :].replace(os.sep, "/")
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


# --- a publisher's templates folder: looked through within bounds -------------------------

#: A template file sheetgen reads is at most this big; a templates folder is looked through
#: no further than this many entries, this deep.
MAX_TEMPLATE_BYTES = 256 * 1024
MAX_FOLDER_ENTRIES = 2_000
MAX_FOLDER_DEPTH = 8


def folder_templates(folder: str | os.PathLike) -> tuple[list[Path], bool]:
    """The `.j2` files of a publisher's folder, sorted, and whether the folder is too big
    to look through: links to folders are not followed, nothing deeper than
    `MAX_FOLDER_DEPTH` is looked at, and no more than `MAX_FOLDER_ENTRIES` entries."""
    found: list[Path] = []
    seen = 0
    pending = [(Path(folder), 0)]
    while pending:
        where, depth = pending.pop()
        try:
            with os.scandir(where) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError:
            continue
        seen += len(entries)
        if seen > MAX_FOLDER_ENTRIES:
            return sorted(found), True
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if depth + 1 < MAX_FOLDER_DEPTH:
                    pending.append((Path(entry.path), depth + 1))
            elif entry.name.endswith(".j2"):
                found.append(Path(entry.path))
    return sorted(found), False


def template_sources(folder: str | os.PathLike) -> list[Path]:
    """The templates of a publisher's folder a build may read (`.j2` files inside it, plain
    and small enough; see `folder_templates`): what its outputs depend on."""
    inside = Path(folder).resolve()
    return [p for p in folder_templates(folder)[0] if readable_template(p, inside)]


def readable_template(path: Path, root: Path) -> bool:
    """Whether `path` resolves inside `root` and is a regular file of at most
    `MAX_TEMPLATE_BYTES`: checked without opening it."""
    if not resolves_inside(path, root):
        return False
    try:
        st = path.stat()
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and st.st_size <= MAX_TEMPLATE_BYTES


def resolves_inside(path: Path, root: Path) -> bool:
    """Whether `path`, links followed, lies in the folder `root` (resolved)."""
    try:
        return inside(path.resolve(), [root])
    except (OSError, RuntimeError):
        return False
