"""Stage 5, files: atomic writes and the manifest of what a build wrote."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _current_umask()


def write_atomic(path: Path, data: bytes, *, durable: bool = True) -> str:
    """Write bytes so that readers see the old file or the new one, never half of one.
    Returns the sha256 of the data. `durable` also waits for the disk (fsync): the manifest
    needs it; outputs do not, since a build checks each output's sha256 against the
    manifest before it trusts it, so one a power cut spoiled is simply built again.

    A file that already holds exactly these bytes is left as it is: replacing a file makes
    the file system flush it (ext4 does, for example), which costs more than reading it,
    and its time stays that of the build that made it."""
    digest = hashlib.sha256(data).hexdigest()
    try:
        if path.stat().st_size == len(data) and sha256_file(path) == digest:
            return digest
    except OSError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp makes 0600; outputs are ordinary files
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return digest


def sha256_file(path: Path) -> str | None:
    try:
        h = hashlib.sha256()
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
        return h.hexdigest()
    except OSError:
        return None


@dataclass(frozen=True, slots=True)
class OutputEntry:
    path: str  # relative to the output folder, with forward slashes
    source: str | None
    kind: str | None
    id: str
    product: str
    format: str
    sha256: str
    system: str = ""
    sources: tuple[str, ...] = ()
    pages: int = 0
    target: str = ""  # product id and output id: what built this file
    input: str = ""  # digest of everything the output was made from
    scope: str = ""  # document | collection | blank

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "source": self.source,
            "kind": self.kind,
            "id": self.id,
            "product": self.product,
            "format": self.format,
            "sha256": self.sha256,
            "system": self.system,
            "sources": list(self.sources),
            "pages": self.pages,
            "target": self.target,
            "input": self.input,
            "scope": self.scope,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "OutputEntry":
        return cls(
            path=str(d["path"]),
            source=d.get("source"),
            kind=d.get("kind"),
            id=str(d.get("id", "")),
            product=str(d.get("product", "")),
            format=str(d.get("format", "")),
            sha256=str(d.get("sha256", "")),
            system=str(d.get("system", "")),
            sources=tuple(d.get("sources") or ()),
            pages=int(d.get("pages") or 0),
            target=str(d.get("target", "")),
            input=str(d.get("input", "")),
            scope=str(d.get("scope", "")),
        )


def read_manifest(out_dir: Path) -> tuple[str, list[OutputEntry]]:
    """(sheetgen version, entries) of the last build, or ("", []) if there is none usable."""
    try:
        data = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
        return str(data.get("sheetgen", "")), [OutputEntry.from_json(e) for e in data.get("outputs", [])]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return "", []


def write_manifest(out_dir: Path, version: str, entries: list[OutputEntry]) -> None:
    data = {
        "sheetgen": version,
        "outputs": [e.to_json() for e in sorted(entries, key=lambda e: e.path)],
    }
    write_atomic(out_dir / MANIFEST, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def safe_output_path(out_dir: Path, relpath: str) -> Path:
    """`out_dir / relpath`, refusing anything that would land outside `out_dir`."""
    root = out_dir.resolve()
    path = (root / relpath).resolve()
    if root != path and root not in path.parents:
        raise ValueError(f"refusing to write outside the output folder: {relpath}")
    return path
