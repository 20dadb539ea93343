"""Stage 5, files: atomic writes, the manifest of what a build wrote, the journal that
keeps it true across a kill, and the lock that keeps two builds apart.

The output folder holds outputs only: `manifest.json`, `index.html` and what the
products make. What a build keeps for itself (the journal, the lock, the facts about
outputs, the no-op stamp, the cache of parsed content) lives in the project's build state
folder, `.sheetgen/<output>-<digest>/` at the project root, one per output folder.

The manifest (`manifest.json`) lists every output with its sha256 and, once per
target, what it was made from. It is written once, when a build is done: until then it
lists every output of the last build, so a build killed at any moment leaves a manifest
listing at least those. Each target's new outputs are appended to a journal once its
files are in place, and folded into the manifest at the start of the next build if this
one was killed (an output rebuilt before the kill is listed with its new sha256 then).
Files are removed only once the manifest no longer lists them, and only files it listed.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import re
import secrets
import stat
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from json.encoder import encode_basestring  # the C function json.dumps(ensure_ascii=False) uses
from pathlib import Path
from typing import Any

from sheetgen.content.project import CONTENT
from sheetgen.diagnostics import display_path
from sheetgen.workers import HELD_LOCKS

MANIFEST = "manifest.json"
INDEX = "index.html"
STATE = ".sheetgen"  # the build state folder, at the project root
# In an output folder's own state folder:
JOURNAL = "manifest.journal"
LOCK = "lock"
SEEN = "outputs-seen.json"
CACHE = "documents-cache.json"  # parsed content files (sheetgen.content.cache)
# What earlier versions kept in the output folder itself: removed from a sheetgen output folder.
LEGACY_STATE = (
    ".sheetgen-stamp.json",
    ".documents-cache.json",
    ".outputs-seen.json",
    ".manifest.journal",
    ".sheetgen.lock",
)
#: The temporary files of atomic writes: a name no one else makes, the only one cleaned up.
TEMP_RE = re.compile(r"\.sheetgen-[0-9a-f]{16}\.tmp")
_LEGACY_TEMP_RE = re.compile(r"\.(?P<name>.+)\.\d+-\d+\.tmp")  # `.NAME.PID-N.tmp`, of earlier versions


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


def _temp_file(path: Path) -> tuple[int, str]:
    """A new file beside `path` for its next contents, `.sheetgen-XXXXXXXXXXXXXXXX.tmp`
    (`TEMP_RE`), open for writing: an ordinary file (read-write as the umask allows), never
    one that was there."""
    while True:
        tmp = os.path.join(path.parent, f".sheetgen-{secrets.token_hex(8)}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666), tmp
        except FileExistsError:
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
    game: str = ""
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
            "system": self.game,
            "pages": self.pages,
            "target": self.target,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> OutputEntry:
        return cls(
            path=str(d["path"]),
            source=d.get("source"),
            kind=d.get("kind"),
            id=str(d.get("id", "")),
            product=str(d.get("product", "")),
            format=str(d.get("format", "")),
            sha256=str(d.get("sha256", "")),
            game=str(d.get("system", "")),
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
    #: The warnings its layout gave, as JSON (`report.issue_json`): an output that is
    #: up to date is not laid out again, and its warnings are reported from here.
    warnings: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "product": self.product,
            "scope": self.scope,
            "input": self.input,
            "sources": list(self.sources),
            "kinds": list(self.kinds),
        }
        if self.warnings:
            d["warnings"] = list(self.warnings)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TargetRecord:
        warnings = d.get("warnings") or ()
        return cls(
            str(d.get("product", "")),
            str(d.get("scope", "")),
            str(d.get("input", "")),
            tuple(str(s) for s in d.get("sources") or ()),
            tuple(str(k) for k in d.get("kinds") or ()),
            tuple(w for w in warnings if isinstance(w, dict)) if isinstance(warnings, list) else (),
        )


@dataclass(slots=True)
class Manifest:
    version: str = ""
    entries: list[OutputEntry] = field(default_factory=list)
    targets: dict[str, TargetRecord] = field(default_factory=dict)
    #: Files of the manifest on disk, or of one an interrupted build was writing, that it
    #: lists no more once the journal is folded in (pages an output no longer has, outputs
    #: of content that is gone): sheetgen's own files, to remove.
    dropped: list[str] = field(default_factory=list)

    def by_target(self) -> dict[str, list[OutputEntry]]:
        out: dict[str, list[OutputEntry]] = {}
        for e in self.entries:
            out.setdefault(e.target, []).append(e)
        return out


def read_manifest(out_dir: Path, state: Path | None = None) -> Manifest:
    """The last build's manifest; given the output folder's `state` folder, with the
    journal of an interrupted build folded in (journalled outputs are kept only if they
    are on disk as recorded)."""
    manifest = Manifest()
    try:
        data = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
        manifest.version = str(data.get("sheetgen", ""))
        manifest.entries = [OutputEntry.from_json(e) for e in data.get("outputs", [])]
        manifest.targets = {str(k): TargetRecord.from_json(v) for k, v in (data.get("targets") or {}).items()}
        for raw, entry in zip(data.get("outputs", []), manifest.entries):  # manifests before targets were kept
            if entry.target and entry.target not in manifest.targets and "input" in raw:
                manifest.targets[entry.target] = TargetRecord(
                    "", str(raw.get("scope", "")), str(raw["input"]), tuple(raw.get("sources") or ())
                )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        manifest = Manifest()
    if state is not None:
        _fold_journal(out_dir, state, manifest)
    return manifest


def _fold_journal(out_dir: Path, state: Path, manifest: Manifest) -> None:
    listed = {e.path for e in manifest.entries}
    removing: set[str] = set()
    for item in _journal_lines(state):
        try:  # the last line may be cut short by a kill: it is ignored
            if "remove" in item:
                removing.update(str(p) for p in item["remove"])
                continue
            key, record = str(item["target"]), TargetRecord.from_json(item["record"])
            entries = [OutputEntry.from_json(e) for e in item["outputs"]]
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
        if all(sha256_file(out_dir / e.path) == e.sha256 for e in entries):
            fresh = {e.path for e in entries}
            manifest.entries = [e for e in manifest.entries if e.target != key and e.path not in fresh] + entries
            manifest.targets[key] = record
    manifest.dropped = sorted((listed | removing) - {e.path for e in manifest.entries})


def _text(value: str | None) -> str:
    return "null" if value is None else encode_basestring(value)


def _texts(values: tuple[str, ...]) -> str:
    return "[" + ", ".join(map(encode_basestring, values)) + "]"


def entry_line(e: OutputEntry) -> str:
    """`json.dumps(e.to_json(), ensure_ascii=False)`, written out field by field: a
    manifest has one line per output, and this is several times faster."""
    return (
        f'{{"path": {_text(e.path)}, "source": {_text(e.source)}, "kind": {_text(e.kind)}, '
        f'"id": {_text(e.id)}, "product": {_text(e.product)}, "format": {_text(e.format)}, '
        f'"sha256": {_text(e.sha256)}, "system": {_text(e.game)}, "pages": {int(e.pages)}, '
        f'"target": {_text(e.target)}}}'
    )


def record_line(r: TargetRecord) -> str:
    """`json.dumps(r.to_json(), ensure_ascii=False)`, written out field by field."""
    warnings = f', "warnings": {json.dumps(list(r.warnings), ensure_ascii=False)}' if r.warnings else ""
    return (
        f'{{"product": {_text(r.product)}, "scope": {_text(r.scope)}, "input": {_text(r.input)}, '
        f'"sources": {_texts(r.sources)}, "kinds": {_texts(r.kinds)}{warnings}}}'
    )


def write_manifest(
    out_dir: Path, version: str, entries: list[OutputEntry], targets: dict[str, TargetRecord] | None = None
) -> None:
    listed = {e.target for e in entries}

    def block(items: list[str], open_: str, close: str) -> str:
        return f"{open_}\n  " + ",\n  ".join(items) + f"\n {close}" if items else open_ + close

    outputs = block([entry_line(e) for e in sorted(entries, key=lambda e: e.path)], "[", "]")
    records = block(
        [f"{_text(k)}: {record_line(v)}" for k, v in sorted((targets or {}).items()) if k in listed], "{", "}"
    )
    text = f'{{\n "sheetgen": {_text(version)},\n "outputs": {outputs},\n "targets": {records}\n}}\n'
    write_atomic(safe_output_path(out_dir, MANIFEST), text.encode("utf-8"))


def _journal_lines(state: Path) -> Iterator[dict[str, Any]]:
    try:
        text = (state / JOURNAL).read_text(encoding="utf-8")
    except OSError:
        return
    for line in text.splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict):
            yield item


class Journal:
    """Appends each completed target's outputs, one JSON line each, as it completes, and
    the files a build is about to remove."""

    def __init__(self, state: Path):
        self.path = state / JOURNAL
        self._fh = self.path.open("a", encoding="utf-8")

    def add(self, key: str, record: TargetRecord, entries: list[OutputEntry]) -> None:
        self._write({"target": key, "record": record.to_json(), "outputs": [e.to_json() for e in entries]})

    def removing(self, paths: list[str]) -> None:
        """Outputs the manifest is about to stop listing, and then to be removed."""
        if paths:
            self._write({"remove": paths})

    def _write(self, item: dict[str, Any]) -> None:
        self._fh.write(json.dumps(item, ensure_ascii=False) + "\n")
        self._fh.flush()  # in the kernel's hands: survives the process being killed

    def close(self, *, remove: bool) -> None:
        self._fh.close()
        if remove:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()


def clean_temp_files(out_dir: Path, outputs: Iterable[str]) -> int:
    """Remove what interrupted atomic writes left behind in the output folder and the
    folders of `outputs` (paths relative to it): sheetgen's own temporary files
    (`TEMP_RE`), and those earlier versions named after a file it writes
    (`.NAME.PID-N.tmp`). Nothing else, and nowhere else."""
    names: dict[str, set[str]] = {"": {MANIFEST, INDEX}}
    for rel in outputs:
        folder, _, name = rel.rpartition("/")
        names.setdefault(folder, set()).add(name)
    removed = 0
    for folder, own in names.items():
        try:
            path = safe_output_path(out_dir, folder) if folder else out_dir
            with os.scandir(path) as found:
                left = [e.path for e in found if _left_behind(e, own)]
        except (OSError, ValueError):
            continue
        for tmp in left:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
                removed += 1
    return removed


def _left_behind(entry: os.DirEntry, own: set[str]) -> bool:
    """Whether a folder's entry is a temporary file of sheetgen's, one of its files named in `own`."""
    legacy = _LEGACY_TEMP_RE.fullmatch(entry.name)
    return bool(TEMP_RE.fullmatch(entry.name) or (legacy and legacy["name"] in own)) and entry.is_file(
        follow_symlinks=False
    )


class Seen:
    """The sha256 of outputs as last read or written, each with the file's state then
    (size, modification and change times, inode), kept in the build state folder so that
    a rebuild need not read every unchanged output to know it is intact.

    A fact is trusted only while the file's state is exactly as recorded: any write,
    replacement or `touch` changes its change time (which no program can set back), and
    the file is read again. A fact about a file changed in the same clock tick as the
    facts were saved is not trusted either (the tick could hide a second change). A
    missing, unreadable or malformed file of facts only costs reading the outputs. A link
    is no output of sheetgen's: it has no sha256 (and is built again, which refuses it)."""

    def __init__(self, out_dir: Path, state: Path):
        self.out_dir = out_dir
        self.path = state / SEEN
        self.facts: dict[str, tuple[int, int, int, int, str]] = {}
        try:
            saved = self.path.stat().st_mtime_ns
            data = json.loads(self.path.read_text(encoding="utf-8"))
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
        """The output's sha256 (None if it cannot be read or is a link), read only if it changed."""
        path = self.out_dir / rel
        try:
            st = path.lstat()
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):
            return None
        state = self._state(st)
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
            write_atomic(self.path, json.dumps(keep, separators=(",", ":")).encode("utf-8"), durable=False)
        except OSError:
            pass


class OutputLocked(Exception):
    """Another build holds the output folder."""


@contextlib.contextmanager
def output_lock(state: Path, wait: float) -> Iterator[None]:
    """Hold the output folder (by the lock in its state folder) for one build; a second
    build waits up to `wait` seconds, then raises OutputLocked. OSError if the lock file
    cannot be made."""
    fd = os.open(state / LOCK, os.O_RDWR | os.O_CREAT, 0o666 & ~_UMASK)
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
                    raise OutputLocked(str(state)) from None
                time.sleep(0.05)
        yield
    finally:
        HELD_LOCKS.discard(fd)
        os.close(fd)  # releases the lock


class LinkedOutput(OSError):
    """A link where sheetgen would write an output (the file, or a folder on its way):
    never written through, nor replaced."""

    def __init__(self, link: Path):
        super().__init__(errno.ELOOP, "it is a symbolic link", str(link))
        self.link = link


def safe_output_path(out_dir: Path, relpath: str) -> Path:
    """`out_dir / relpath` (the output folder itself may be a link: the user's choice),
    refusing a name that would leave it (ValueError) and a link on the way to the file or
    the file itself (LinkedOutput, an OSError): sheetgen writes its own files and folders
    only, never through a link to something else."""
    root = out_dir.resolve()
    parts = relpath.split("/")
    if any(p in ("", ".", "..") or os.sep in p or (os.altsep and os.altsep in p) for p in parts):
        raise ValueError(f"refusing to write outside the output folder: {relpath}")
    path = root
    for part in parts:
        path = path / part
        try:
            if stat.S_ISLNK(os.lstat(path).st_mode):
                raise LinkedOutput(path)
        except FileNotFoundError:
            break  # what does not exist yet is made here, as a folder or a file
    return root.joinpath(*parts)


# --- where the build state lives, and which folders a build may write into ---------------------


def state_folder(root: Path, out_dir: Path) -> Path:
    """The build state folder of the output folder `out_dir`: `.sheetgen/<name>-<digest>/`
    at the project `root`, the digest of the output folder's real path, so that two output
    folders never share a stamp, a journal or a lock."""
    real = os.path.realpath(out_dir)
    name = re.sub(r"[^A-Za-z0-9_-]", "_", os.path.basename(real))[:40] or "output"
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    return root / STATE / f"{name}-{digest}"


def make_state_folder(state: Path) -> None:
    """Make the build state folder, and `.sheetgen/.gitignore` saying it is not to be
    committed (as `.pytest_cache` does)."""
    state.mkdir(parents=True, exist_ok=True)
    ignore = state.parent / ".gitignore"
    if not ignore.exists():
        with contextlib.suppress(OSError):
            write_atomic(ignore, b"# sheetgen's build state: stamps, caches, journals, locks\n*\n", durable=False)


def output_folder_problem(out_dir: Path, root: Path, content: Iterable[str | os.PathLike] = ()) -> str | None:
    """Why sheetgen must not build into `out_dir` of the project `root` (`refused` says it),
    or None: the project folder, a folder holding it, its content folder (or another
    folder of `content` read as content) or a folder inside one, or its build state folder."""
    out, project = Path(os.path.realpath(out_dir)), Path(os.path.realpath(root))
    if out == project:
        return f"it is the project folder, which holds {CONTENT}/"
    if out in project.parents:
        return f"it holds the project folder {project}/"
    read = [project / CONTENT, *(Path(c) for c in content if os.path.isdir(c))]
    for folder, what in [(Path(os.path.realpath(f)), "the content folder") for f in read] + [
        (project / STATE, "sheetgen's build state folder")
    ]:
        if out == folder:
            return f"it is {what}"
        if folder in out.parents:
            return f"it is inside {what} {display_path(str(folder))}/"
        if out in folder.parents:
            return f"it holds {what} {display_path(str(folder))}/"
    return None


#: Why sheetgen does not build into a folder of files it did not write (`foreign_files`).
FOREIGN = (
    "it holds files sheetgen did not write (it has no manifest.json of sheetgen's), and sheetgen never "
    "replaces or removes those"
)
#: What to do about an output folder sheetgen refuses.
OUTPUT_FOLDER_HINT = "give `-o` a new or empty folder of its own, or one an earlier sheetgen build made"


def refused(out_dir: Path | str, reason: str) -> str:
    """The message refusing an output folder for `reason`."""
    return f"cannot build into {display_path(str(out_dir)).rstrip('/')}/: {reason}"


def foreign_files(out_dir: Path, state: Path) -> bool:
    """Whether `out_dir` holds files (links included) while it is no sheetgen output
    folder: no manifest of sheetgen's, and no journal of a first build into it."""
    if (state / JOURNAL).exists() or is_sheetgen_output(out_dir):
        return False
    return _holds_files(out_dir)


def is_sheetgen_output(out_dir: Path) -> bool:
    """Whether `out_dir` has a manifest sheetgen wrote."""
    try:
        data = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and "sheetgen" in data and isinstance(data.get("outputs"), list)


def _holds_files(folder: Path) -> bool:
    try:
        with os.scandir(folder) as found:
            entries = list(found)
    except OSError:
        return False
    return any(not e.is_dir(follow_symlinks=False) or _holds_files(Path(e.path)) for e in entries)


def remove_legacy_state(out_dir: Path) -> None:
    """Remove what earlier versions kept in a sheetgen output folder (`LEGACY_STATE`)."""
    for name in LEGACY_STATE:
        path = out_dir / name
        with contextlib.suppress(OSError):
            if stat.S_ISREG(path.lstat().st_mode):
                path.unlink()
