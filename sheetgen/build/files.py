"""Stage 5, files: atomic writes, the manifest of what a build wrote, the journal that
keeps it true across a kill, and the lock that keeps two builds apart.

The manifest (`manifest.json`) lists every output with its sha256 and, once per
target, what it was made from. While a build runs, the manifest on disk lists only
outputs the build does not touch; each target's new outputs are appended to a journal
(`.manifest.journal`) once its files are in place, and folded into the manifest at the
end, or at the start of the next build if this one was killed. So at any moment every
listed output exists with its listed sha256.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import itertools
import json
import os
import stat
import time
from dataclasses import dataclass, field
from json.encoder import encode_basestring  # the C function json.dumps(ensure_ascii=False) uses
from pathlib import Path
from typing import Any, Iterable, Iterator

from sheetgen.workers import HELD_LOCKS

MANIFEST = "manifest.json"
JOURNAL = ".manifest.journal"
LOCK = ".sheetgen.lock"
SEEN = ".outputs-seen.json"
CACHE = ".documents-cache.json"  # parsed content files (sheetgen.content.cache)


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
    if _holds(path, data, digest):
        return digest
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _temp_file(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError):
            exc.filename, exc.filename2 = str(path), None  # the file wanted, not the temp file
        raise
    return digest


def stage_file(path: Path, data: bytes) -> tuple[str, str | None]:
    """Write the next contents of `path` beside it, to put in place later with `os.replace`
    (or remove): (sha256, the temporary file), or no file if `path` already holds them. A
    build interrupted meanwhile leaves a temporary file that the next one removes."""
    digest = hashlib.sha256(data).hexdigest()
    if _holds(path, data, digest):
        return digest, None
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _temp_file(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    return digest, tmp


def _holds(path: Path, data: bytes, digest: str) -> bool:
    """Whether the file at `path` already holds exactly `data` (whose sha256 is `digest`)."""
    try:
        return path.stat().st_size == len(data) and sha256_file(path) == digest
    except OSError:
        return False


_TEMP_NUMBERS = itertools.count()


def _temp_file(path: Path) -> tuple[int, str]:
    """A new file beside `path` for its next contents, `.NAME.PID-N.tmp`, open for
    writing: an ordinary file (read-write as the umask allows), never one that was there."""
    while True:
        tmp = os.path.join(path.parent, f".{path.name}.{os.getpid()}-{next(_TEMP_NUMBERS)}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666), tmp
        except FileExistsError:  # left by an interrupted build of a process with this pid
            continue


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
    """One output file. `path`, `source`, `kind`, `id`, `product`, `format` and `sha256`
    are the public contract; what the file was made from is kept once per target."""

    path: str  # relative to the output folder, with forward slashes
    source: str | None  # relative to the project root
    kind: str | None
    id: str
    product: str
    format: str
    sha256: str
    system: str = ""
    pages: int = 0
    target: str = ""  # system/product/id: what built this file

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
            "pages": self.pages,
            "target": self.target,
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
            pages=int(d.get("pages") or 0),
            target=str(d.get("target", "")),
        )


@dataclass(frozen=True, slots=True)
class TargetRecord:
    """What one target's outputs were made from, listed once however many files it has."""

    product: str  # the product's id
    scope: str  # document | collection | blank
    input: str  # digest of everything the outputs were made from
    sources: tuple[str, ...] = ()  # content files, relative to the project root
    kinds: tuple[str, ...] = ()  # kinds of document it draws on
    #: The warnings its layout gave, as JSON (`pipeline.issue_json`): an output that is
    #: up to date is not laid out again, and its warnings are reported from here.
    warnings: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        d = {"product": self.product, "scope": self.scope, "input": self.input,
             "sources": list(self.sources), "kinds": list(self.kinds)}
        if self.warnings:
            d["warnings"] = list(self.warnings)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "TargetRecord":
        warnings = d.get("warnings") or ()
        return cls(str(d.get("product", "")), str(d.get("scope", "")), str(d.get("input", "")),
                   tuple(str(s) for s in d.get("sources") or ()), tuple(str(k) for k in d.get("kinds") or ()),
                   tuple(w for w in warnings if isinstance(w, dict)) if isinstance(warnings, list) else ())


@dataclass(slots=True)
class Manifest:
    version: str = ""
    entries: list[OutputEntry] = field(default_factory=list)
    targets: dict[str, TargetRecord] = field(default_factory=dict)

    def by_target(self) -> dict[str, list[OutputEntry]]:
        out: dict[str, list[OutputEntry]] = {}
        for e in self.entries:
            out.setdefault(e.target, []).append(e)
        return out


def read_manifest(out_dir: Path) -> Manifest:
    """The last build's manifest with any journal of an interrupted build folded in
    (journalled outputs are kept only if they are on disk as recorded)."""
    manifest = Manifest()
    try:
        data = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
        manifest.version = str(data.get("sheetgen", ""))
        manifest.entries = [OutputEntry.from_json(e) for e in data.get("outputs", [])]
        manifest.targets = {str(k): TargetRecord.from_json(v) for k, v in (data.get("targets") or {}).items()}
        for raw, entry in zip(data.get("outputs", []), manifest.entries):  # manifests before targets were kept
            if entry.target and entry.target not in manifest.targets and "input" in raw:
                manifest.targets[entry.target] = TargetRecord(
                    "", str(raw.get("scope", "")), str(raw["input"]), tuple(raw.get("sources") or ()))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        manifest = Manifest()
    for key, record, entries in _read_journal(out_dir):
        if all(sha256_file(out_dir / e.path) == e.sha256 for e in entries):
            fresh = {e.path for e in entries}
            manifest.entries = [e for e in manifest.entries if e.target != key and e.path not in fresh] + entries
            manifest.targets[key] = record
    return manifest


def _text(value: str | None) -> str:
    return "null" if value is None else encode_basestring(value)


def _texts(values: tuple[str, ...]) -> str:
    return "[" + ", ".join(map(encode_basestring, values)) + "]"


def entry_line(e: OutputEntry) -> str:
    """`json.dumps(e.to_json(), ensure_ascii=False)`, written out field by field: a
    manifest has one line per output, and this is several times faster."""
    return (f'{{"path": {_text(e.path)}, "source": {_text(e.source)}, "kind": {_text(e.kind)}, '
            f'"id": {_text(e.id)}, "product": {_text(e.product)}, "format": {_text(e.format)}, '
            f'"sha256": {_text(e.sha256)}, "system": {_text(e.system)}, "pages": {int(e.pages)}, '
            f'"target": {_text(e.target)}}}')


def record_line(r: TargetRecord) -> str:
    """`json.dumps(r.to_json(), ensure_ascii=False)`, written out field by field."""
    warnings = f', "warnings": {json.dumps(list(r.warnings), ensure_ascii=False)}' if r.warnings else ""
    return (f'{{"product": {_text(r.product)}, "scope": {_text(r.scope)}, "input": {_text(r.input)}, '
            f'"sources": {_texts(r.sources)}, "kinds": {_texts(r.kinds)}{warnings}}}')


def write_manifest(out_dir: Path, version: str, entries: list[OutputEntry],
                   targets: dict[str, TargetRecord] | None = None) -> None:
    listed = {e.target for e in entries}

    def block(items: list[str], open_: str, close: str) -> str:
        return f"{open_}\n  " + ",\n  ".join(items) + f"\n {close}" if items else open_ + close

    outputs = block([entry_line(e) for e in sorted(entries, key=lambda e: e.path)], "[", "]")
    records = block([f"{_text(k)}: {record_line(v)}" for k, v in sorted((targets or {}).items()) if k in listed],
                    "{", "}")
    text = f'{{\n "sheetgen": {_text(version)},\n "outputs": {outputs},\n "targets": {records}\n}}\n'
    write_atomic(out_dir / MANIFEST, text.encode("utf-8"))


def _read_journal(out_dir: Path) -> Iterator[tuple[str, TargetRecord, list[OutputEntry]]]:
    try:
        text = (out_dir / JOURNAL).read_text(encoding="utf-8")
    except OSError:
        return
    for line in text.splitlines():
        try:  # the last line may be cut short by a kill: it is ignored
            item = json.loads(line)
            yield (str(item["target"]), TargetRecord.from_json(item["record"]),
                   [OutputEntry.from_json(e) for e in item["outputs"]])
        except (ValueError, KeyError, TypeError, AttributeError):
            continue


class Journal:
    """Appends each completed target's outputs, one JSON line each, as it completes."""

    def __init__(self, out_dir: Path):
        self.path = out_dir / JOURNAL
        self._fh = open(self.path, "a", encoding="utf-8")

    def add(self, key: str, record: TargetRecord, entries: list[OutputEntry]) -> None:
        line = json.dumps({"target": key, "record": record.to_json(), "outputs": [e.to_json() for e in entries]},
                          ensure_ascii=False)
        self._fh.write(line + "\n")
        self._fh.flush()  # in the kernel's hands: survives the process being killed

    def close(self, *, remove: bool) -> None:
        self._fh.close()
        if remove:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()


def clean_temp_files(out_dir: Path) -> int:
    """Remove what interrupted atomic writes left behind (`.NAME.XXXX.tmp`)."""
    removed = 0
    for folder, _dirs, names in os.walk(out_dir):
        for name in names:
            if name.startswith(".") and name.endswith(".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(os.path.join(folder, name))
                    removed += 1
    return removed


class Seen:
    """The sha256 of outputs as last read or written, each with the file's state then
    (size, modification and change times, inode), kept beside the manifest so that a
    rebuild need not read every unchanged output to know it is intact.

    A fact is trusted only while the file's state is exactly as recorded: any write,
    replacement or `touch` changes its change time (which no program can set back), and
    the file is read again. A fact about a file changed in the same clock tick as the
    facts were saved is not trusted either (the tick could hide a second change). A
    missing, unreadable or malformed file of facts only costs reading the outputs."""

    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        self.facts: dict[str, tuple[int, int, int, int, str]] = {}
        try:
            path = out_dir / SEEN
            saved = path.stat().st_mtime_ns
            data = json.loads(path.read_text(encoding="utf-8"))
            for rel, fact in data.items():
                size, mtime, ctime, ino, sha = fact
                if ctime < saved and isinstance(sha, str):
                    self.facts[str(rel)] = (int(size), int(mtime), int(ctime), int(ino), sha)
        except (OSError, ValueError, TypeError, AttributeError):
            self.facts = {}

    @staticmethod
    def _state(st: os.stat_result) -> tuple[int, int, int, int]:
        return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)

    def sha256(self, rel: str) -> str | None:
        """The output's sha256 (None if it cannot be read), read only if it changed."""
        path = self.out_dir / rel
        try:
            state = self._state(path.stat())
        except OSError:
            return None
        fact = self.facts.get(rel)
        if fact is not None and fact[:4] == state:
            return fact[4]
        sha = sha256_file(path)
        if sha is not None:
            self.facts[rel] = (*state, sha)
        return sha

    def note(self, rel: str, sha: str) -> None:
        """Record an output just written with these bytes."""
        try:
            self.facts[rel] = (*self._state((self.out_dir / rel).stat()), sha)
        except OSError:
            self.facts.pop(rel, None)

    def save(self, listed: Iterable[str]) -> None:
        """Keep the facts about the outputs `listed`; a folder that refuses the write
        only costs the next build reading its outputs."""
        keep = {rel: list(self.facts[rel]) for rel in sorted(set(listed)) if rel in self.facts}
        try:
            write_atomic(self.out_dir / SEEN, json.dumps(keep, separators=(",", ":")).encode("utf-8"), durable=False)
        except OSError:
            pass


class OutputLocked(Exception):
    """Another build holds the output folder."""




@contextlib.contextmanager
def output_lock(out_dir: Path, wait: float) -> Iterator[None]:
    """Hold the output folder for one build; a second build waits up to `wait` seconds,
    then raises OutputLocked. OSError if the lock file cannot be made."""
    fd = os.open(out_dir / LOCK, os.O_RDWR | os.O_CREAT, 0o666 & ~_UMASK)
    HELD_LOCKS.add(fd)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise
                if time.monotonic() >= deadline:
                    raise OutputLocked(str(out_dir)) from None
                time.sleep(0.05)
        yield
    finally:
        HELD_LOCKS.discard(fd)
        os.close(fd)  # releases the lock


def safe_output_path(out_dir: Path, relpath: str) -> Path:
    """`out_dir / relpath`, refusing anything that would land outside `out_dir`."""
    root = out_dir.resolve()
    parts = relpath.split("/")
    if not any(p in ("", ".", "..") or os.sep in p or (os.altsep and os.altsep in p) for p in parts):
        # Plain names under the resolved folder: inside it unless one of them is a link.
        path, inside = root, True
        for part in parts:
            path = path / part
            try:
                if stat.S_ISLNK(os.lstat(path).st_mode):
                    inside = False
                    break
            except FileNotFoundError:
                break  # what does not exist yet is made here, as a folder or a file
            except OSError:
                inside = False
                break
        if inside:
            return root.joinpath(*parts)
    path = (root / relpath).resolve()
    if root != path and root not in path.parents:
        raise ValueError(f"refusing to write outside the output folder: {relpath}")
    return path
