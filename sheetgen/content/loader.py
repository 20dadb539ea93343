"""Content loading: find YAML files, read every document, validate it against its kind.

The result is a `Library` of typed documents that remember where each of their
values came from, plus a diagnostic for every problem found on the way.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheetgen.content import plain, registry
from sheetgen.content.cache import DocumentCache
from sheetgen.content.checks import SLUG_PATTERN, ContentError, check_slug
from sheetgen.content.model_errors import describe, partial_reading, validation_diagnostics
from sheetgen.content.project import PACKAGE_DATA, find_root, inside, relative_name, safe_name
from sheetgen.content.spreadsheet import with_spreadsheet_cards
from sheetgen.content.yamlsrc import (
    MAX_FILE_BYTES,
    TOO_MANY_DOCUMENTS,
    Mark,
    Positions,
    RawDocument,
    decode_source,
    load_documents,
    source_lines,
)
from sheetgen.diagnostics import Diagnostic, did_you_mean, display_path, error, warning

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass(slots=True)
class SourceFile:
    path: str  # as diagnostics name it (relative to the working directory when below it)
    text: str
    name: str = ""  # relative to the project root: how the manifest names it
    _lines: list[str] | None = field(default=None, repr=False, compare=False)

    @property
    def lines(self) -> list[str]:
        """The file's lines as an editor numbers them: split the first time a diagnostic
        (or a rule quoting its text) asks, not for every file read."""
        if self._lines is None:
            self._lines = source_lines(self.text)
        return self._lines


@dataclass(slots=True, eq=False)
class Document:
    """A valid content document and where it and its values are in its file."""

    kind: str
    id: str
    model: plain.Record  # the document as its kind's model reads it
    file: str
    index: int
    positions: Positions
    start: Mark
    target: bool = True
    # Read with its unknown fields left out (a wrong value's stand-in in its place), to be
    # checked against the rules all the same (every problem of a document at once); it has
    # errors, so nothing is built from it.
    checked_only: bool = False
    # What such a reading may have changed (the field a misspelt key was meant for, the
    # mapping that held one, a value stood in for): the rules say nothing there, or naming
    # such a field, which would only echo what reading it so changed.
    unchecked: tuple[tuple[Any, ...], ...] = ()

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, self.id)

    def mark(self, path: Iterable[Any] = (), *, key: bool = False) -> Mark:
        path = tuple(path)
        if not path:
            return self.start
        return self.positions.key(path) if key else self.positions.value(path)

    def __repr__(self) -> str:
        return f"<Document {self.kind}/{self.id} {self.file}#{self.index}>"


@dataclass(frozen=True, slots=True)
class Claim:
    """Where a document of some kind and id was read, valid or not: its file and start,
    and the positions of its values (found only when asked for: see `LazyPositions`)."""

    file: str
    start: Mark
    positions: Positions = field(repr=False, compare=False)

    @property
    def id_at(self) -> Mark:
        return self.positions.value(("id",))


@dataclass(slots=True)
class Library:
    """Every document that loaded cleanly, by kind and id, with the sources read."""

    documents: list[Document] = field(default_factory=list)
    sources: dict[str, SourceFile] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    invalid: set[tuple[str, str]] = field(default_factory=set)
    # Where each invalid document starts (file, line, column): what waits for it points there.
    invalid_at: dict[tuple[str, str], tuple[str, int, int]] = field(default_factory=dict)
    context_files: set[str] = field(default_factory=set)
    read: int = 0  # documents read from the files being checked, valid or not
    root: Path | None = None  # the project root (see sheetgen.content.project)
    # Every file read (or tried), as diagnostics name it → as the manifest names it.
    files: dict[str, str] = field(default_factory=dict)
    # Files holding a document that failed before its kind and id were known (a syntax
    # error, an unknown kind): the kinds their text mentions. Their outputs are kept.
    spoiled: dict[str, set[str]] = field(default_factory=dict)
    # Files read, as diagnostics name them → (size, sha256) of the bytes read: what the
    # build's no-op stamp records, so a file changed during the build is seen as changed.
    digests: dict[str, tuple[int, str]] = field(default_factory=dict)
    # Every place a document of each kind and id was read, in the order read: two places
    # for one key are a clash, and neither document is built (see `_hold_duplicates`).
    claims: dict[tuple[str, str], list[Claim]] = field(default_factory=dict)
    _index: dict[tuple[str, str], Document] = field(default_factory=dict)

    def add(self, doc: Document) -> None:
        self.documents.append(doc)
        self._index[doc.key] = doc

    def remove(self, doc: Document) -> None:
        self.documents.remove(doc)
        self._index.pop(doc.key, None)

    def get(self, kind: str, id: str) -> Document | None:
        return self._index.get((kind, id))

    def has(self, kind: str, id: str) -> bool:
        return (kind, id) in self._index

    def of_kind(self, *kinds: str, targets_only: bool = False) -> list[Document]:
        return [d for d in self.documents if d.kind in kinds and (d.target or not targets_only)]

    def ids(self, kind: str) -> list[str]:
        return [d.id for d in self.documents if d.kind == kind]

    @property
    def targets(self) -> list[Document]:
        return [d for d in self.documents if d.target]

    def is_target_file(self, file: str) -> bool:
        """Whether a file was read as something to check (not only for references)."""
        return file not in self.context_files

    def project_name(self, file: str) -> str:
        """A file as the manifest names it: relative to the project root."""
        return self.files.get(file, file)


class UsageError(Exception):
    """A problem with how sheetgen was called, not with content (exit status 2)."""


def discover(
    paths: Iterable[str | os.PathLike],
    *,
    allowed: Iterable[Path] | None = None,
    problems: list[Diagnostic] | None = None,
) -> list[Path]:
    """YAML files under the given files and folders, sorted, each once.

    Files and folders named on the command line are read as given. What is found inside
    a folder must resolve inside `allowed` (default: the folders given): a link leading
    elsewhere is refused without reading (or naming) its target, and it, a broken link,
    a link loop and a folder that cannot be read are diagnostics in `problems`."""
    paths = list(paths)
    problems = problems if problems is not None else []
    folders = [Path(p).resolve() for p in paths if Path(p).is_dir()]
    allowed = list(allowed) if allowed is not None else folders
    found: list[Path] = []
    seen_dirs: set[Path] = set()
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise UsageError(f"no such file or folder: {safe_name(str(raw))}")
        if not path.is_dir():
            found.append(path)  # named explicitly: read it, or say why it cannot be read
            continue
        seen_dirs.add(path.resolve())
        _walk(path, allowed, problems, found, seen_dirs)
    unique: dict[str, Path] = {}
    for p in found:
        unique.setdefault(os.path.realpath(p), p)
    return sorted(unique.values(), key=lambda p: str(p))


def _walk(
    folder: Path, allowed: list[Path], problems: list[Diagnostic], found: list[Path], seen_dirs: set[Path]
) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        problems.append(
            error(
                _display(folder),
                1,
                1,
                "content.unreadable",
                f"cannot read the folder: {exc.strerror or exc}",
                "make it readable, or move it out of the content folder",
            )
        )
        return
    for entry in entries:
        name = entry.name
        if name.startswith("."):
            continue
        path = Path(entry.path)
        relevant = name.endswith(YAML_SUFFIXES) or "." not in name  # a YAML file, or maybe a folder
        try:
            is_dir = entry.is_dir()
            real = path.resolve(strict=True) if entry.is_symlink() else None
        except (OSError, RuntimeError):  # a broken link, or a loop of links
            if relevant:
                problems.append(
                    error(
                        _display(path),
                        1,
                        1,
                        "content.broken-link",
                        "this link leads nowhere (its target is missing, or it loops)",
                        "remove the link or restore what it pointed to",
                    )
                )
            continue
        if real is not None and not inside(real, allowed):
            if relevant:
                problems.append(
                    error(
                        _display(path),
                        1,
                        1,
                        "content.outside-project",
                        "this is a link to something outside the project; sheetgen does not read it",
                        "copy the file into the project, or name it on the command line",
                    )
                )
            continue
        if is_dir:
            if name.startswith("_"):
                continue
            key = real or path.resolve()
            if key in seen_dirs:
                continue  # a link back to a folder already read
            seen_dirs.add(key)
            _walk(path, allowed, problems, found, seen_dirs)
        elif name.endswith(YAML_SUFFIXES) and entry.is_file():
            found.append(path)  # is_file: FIFOs and devices are never read


def _display(path: Path) -> str:
    """A file as diagnostics name it: relative to the working directory, escaped."""
    return safe_name(display_path(str(path)))


def load(
    paths: Iterable[str | os.PathLike],
    *,
    context: Iterable[str | os.PathLike] = (),
    root: str | os.PathLike | None = None,
    game_data: bool | Iterable[str] = True,
    cache: DocumentCache | None = None,
    jobs: int = 1,
    leave_out: Iterable[str | os.PathLike] = (),
) -> Library:
    """Load the documents under `paths`; `context` folders add documents that
    references may resolve to, without being built or reported on. Files must resolve
    inside the project `root` (default: found from `paths`), a folder given, or the
    package's own data. Then the game data shipped with sheetgen that the project does
    not replace (`sheetgen.content.gamedata`) for the games of the project's documents
    and any games `game_data` names; none when it is false. A `cache` gives the parsed
    documents of files unchanged since it was made (`sheetgen.content.cache`), and with
    `jobs` above one, the files it does not hold are read in that many processes. Files of
    the context in `leave_out` are not read (one that a file of `paths` stands in for)."""
    paths, context = list(paths), list(context)
    root_path = Path(os.path.abspath(root)) if root else find_root(paths)
    library = Library(root=root_path)
    allowed = [root_path.resolve(), PACKAGE_DATA] + [Path(p).resolve() for p in paths + context if Path(p).is_dir()]
    files = discover(paths, allowed=allowed, problems=library.diagnostics)
    context_files = []
    if context:
        target_files = {os.path.realpath(p) for p in files} | {os.path.realpath(p) for p in leave_out}
        context_files = [p for p in discover(context, allowed=allowed) if os.path.realpath(p) not in target_files]
    quiet = Library(root=library.root)
    ahead = (
        cache.parsing_ahead([(relative_name(p, root_path), str(p), _display(p)) for p in files + context_files], jobs)
        if cache is not None
        else contextlib.nullcontext()
    )
    with ahead:
        for path in files:
            _load_file(path, library, target=True, cache=cache)
        for path in context_files:
            _load_file(path, quiet, target=False, cache=cache)
    _add_context(library, quiet)
    _hold_duplicates(library)
    if game_data:
        from sheetgen.content.gamedata import add_game_data

        add_game_data(library, () if game_data is True else game_data)
    return library


def _add_context(library: Library, quiet: Library) -> None:
    """Add what the context files gave (`quiet`) to the library of the files being checked,
    which wins where both have something."""
    for doc in quiet.documents:
        if not library.has(*doc.key):
            library.add(doc)
    for key, claims in quiet.claims.items():  # after those of the files being checked
        library.claims.setdefault(key, []).extend(claims)
    for file, src in quiet.sources.items():
        if file not in library.sources:
            library.sources[file] = src
            library.context_files.add(file)
    for file, name in quiet.files.items():
        library.files.setdefault(file, name)
    for file, digest in quiet.digests.items():
        library.digests.setdefault(file, digest)
    for file, kinds in quiet.spoiled.items():
        library.spoiled.setdefault(file, kinds)
    library.invalid |= {k for k in quiet.invalid if not library.has(*k)}
    for k, at in quiet.invalid_at.items():
        library.invalid_at.setdefault(k, at)


def _load_file(
    path: Path, library: Library, *, target: bool, display: str | None = None, cache: DocumentCache | None = None
) -> None:
    file = display or _display(path)
    library.files[file] = display or (relative_name(path, library.root) if library.root else file)
    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            library.diagnostics.append(
                error(
                    file,
                    1,
                    1,
                    "content.unreadable",
                    "this is not a regular file",
                    "give a YAML file or a folder of them",
                )
            )
            return
        size = st.st_size
        if size > MAX_FILE_BYTES:
            library.spoiled[file] = set()
            library.diagnostics.append(
                error(
                    file,
                    1,
                    1,
                    "content.file-too-large",
                    f"the file is {size / 1048576:.1f} MiB; "
                    f"content files may be at most {MAX_FILE_BYTES // 1048576} MiB",
                    "split it into several files",
                )
            )
            return
        data = path.read_bytes()
    except OSError as exc:
        library.spoiled[file] = set()
        library.diagnostics.append(
            error(file, 1, 1, "content.unreadable", f"cannot read the file: {exc.strerror}", "check its permissions")
        )
        return
    library.digests[file] = (len(data), hashlib.sha256(data).hexdigest())
    text, problems = decode_source(data, file)
    if text is None:
        library.spoiled[file] = _mentioned_kinds(data.decode("utf-8", "replace"))
        library.diagnostics.extend(problems)
        return
    source = library.sources[file] = SourceFile(file, text, library.files[file])
    cached = (
        cache.get(library.files[file], library.digests[file][1], lambda: load_documents(text, file)[0])
        if cache is not None
        else None
    )
    if cache is not None and cached is not None:
        raws, problems = cached, [warning(file, *note) for note in cache.notes(library.files[file])]
    else:
        raws, problems = load_documents(text, file, lazy=True)
        if cache is not None and not any(d.is_error for d in problems):
            cache.put(library.files[file], library.digests[file][1], raws, problems)
    library.diagnostics.extend(problems)
    if any(d.code == TOO_MANY_DOCUMENTS for d in problems):  # none read: its outputs are all kept
        library.spoiled[file] = _mentioned_kinds(text)
    if target:  # documents lost to a syntax error count too: they were written, and are reported
        lost = {_document_start(source.lines, d.line) for d in problems if d.code in _DOCUMENT_LOST}
        library.read += len(raws) + len(lost)
    for d in problems:
        if d.code in _DOCUMENT_LOST:  # the document is gone before its kind and id were read
            library.spoiled.setdefault(file, set()).update(_mentioned_kinds(_document_around(source.lines, d.line)))
    for written in raws:
        raw = with_spreadsheet_cards(written, file, library)  # a deck's cards from a spreadsheet, read
        if raw is None:  # its spreadsheet has problems, reported
            continue
        doc, problems = validate_document(raw, file)
        library.diagnostics.extend(problems)
        if doc is None:
            key = _kind_and_id(raw)
            if key and key[0] in registry.names():
                library.invalid.add(key)
                library.invalid_at.setdefault(key, (file, raw.start.line, raw.start.column))
                if _SLUG_RE.match(key[1]):
                    _claim(library, key, file, raw.positions, raw.start)
            if not key or key[0] not in registry.names() or not _SLUG_RE.match(key[1]):
                # Which outputs were this document's is unknown: its file's are all kept.
                library.spoiled.setdefault(file, set()).update(
                    {key[0]}
                    if key and key[0] in registry.names()
                    else _mentioned_kinds(_document_around(source.lines, raw.start.line))
                )
            continue
        doc.target = target
        if doc.checked_only:  # it has errors: what waits for it waits, as for any invalid document
            library.invalid.add(doc.key)
        _claim(library, doc.key, file, doc.positions, doc.start)
        if not library.has(*doc.key):  # another with its id: `_hold_duplicates` holds both back
            library.add(doc)


def _claim(library: Library, key: tuple[str, str], file: str, positions: Positions, start: Mark) -> None:
    library.claims.setdefault(key, []).append(Claim(file, start, positions))


def _hold_duplicates(library: Library) -> None:
    """Two documents (or more) of one kind with one id: each is an error at its `id:`,
    naming the other, and neither is built, whichever was read first. The id is held back
    as a document with errors is: every earlier output of it, and every output that
    includes it, stays as it was. Reported only in the files being checked; what waits
    for the id is placed at the first (a file being checked, when one has it)."""
    for key, claims in library.claims.items():
        if len(claims) < 2:
            continue
        held = library.get(*key)
        if held is not None:
            library.remove(held)
        library.invalid.add(key)
        first = claims[0]
        library.invalid_at[key] = (first.file, first.start.line, first.start.column)
        for claim in claims:
            if library.is_target_file(claim.file):
                library.diagnostics.append(_duplicate_id(key, claim, [c for c in claims if c is not claim]))


def _duplicate_id(key: tuple[str, str], claim: Claim, others: list[Claim]) -> Diagnostic:
    kind, id_ = key
    other = others[0]
    more, none = (f" (and {len(others) - 1} more)", "none") if len(others) > 1 else ("", "neither")
    return error(
        claim.file,
        claim.id_at.line,
        claim.id_at.column,
        "content.duplicate-id",
        f"another {kind} has the id `{id_}` too, at {other.file}:{other.id_at.line}:{other.id_at.column}"
        f"{more}; {none} is built until the id is unique",
        "ids must be unique within a kind: give one of them another id, or delete the copy",
    )


_DOCUMENT_LOST = ("yaml.syntax", "yaml.too-deep")
_SLUG_RE = re.compile(SLUG_PATTERN)
_KIND_RE = re.compile(r"^kind:[ \t]*[\"']?([A-Za-z0-9_-]+)", re.MULTILINE)


def _mentioned_kinds(text: str) -> set[str]:
    """The known kinds a text names with `kind:` at the start of a line."""
    known = registry.names()
    return {k for k in _KIND_RE.findall(text) if k in known}


def _document_start(lines: list[str], line: int) -> int:
    """The 0-based line of the `---` that starts the document holding 1-based `line` (0 for the first)."""
    start = min(line - 1, len(lines) - 1)
    while start > 0 and not lines[start].startswith("---"):
        start -= 1
    return max(start, 0)


def _document_around(lines: list[str], line: int) -> str:
    """The lines of the document holding 1-based `line`: from the `---` before it to the next."""
    start = line - 1
    while start > 0 and not lines[min(start, len(lines) - 1)].startswith("---"):
        start -= 1
    end = line
    while end < len(lines) and not lines[end].startswith("---"):
        end += 1
    return "\n".join(lines[start:end])


def _key_in_other_case(data: dict, key: str) -> str | None:
    """A key of `data` that is `key` in other letter case (`Kind` for `kind`), if any."""
    return next((k for k in data if isinstance(k, str) and k != key and k.lower() == key), None)


def _kind_and_id(raw: RawDocument) -> tuple[str, str] | None:
    if isinstance(raw.data, dict) and isinstance(raw.data.get("kind"), str) and isinstance(raw.data.get("id"), str):
        return (raw.data["kind"], raw.data["id"])
    return None


def validate_document(raw: RawDocument, file: str) -> tuple[Document | None, list[Diagnostic]]:
    """A raw YAML document → a typed Document, or the diagnostics saying why not."""
    problems: list[Diagnostic] = []
    data = raw.data
    pos = raw.positions

    def at(path: tuple, code: str, message: str, hint: str | None = None, key: bool = False) -> None:
        m = pos.key(path) if key else pos.value(path)
        problems.append(error(file, m.line, m.column, code, message, hint))

    if data is None and not raw.ok:
        return None, problems
    if not isinstance(data, dict):
        at((), "content.not-a-mapping", "a document must be a mapping with `kind:` and `id:`")
        return None, problems
    kind = _checked_kind(data, at)
    if kind is None:
        return None, problems
    doc_id = _checked_id(kind, data, at)
    if doc_id is not None and raw.ok:
        record = plain.read(kind, data)
        if record is not None:  # valid, and read without pydantic
            return Document(kind, doc_id, record, file, raw.index, pos, raw.start), problems
    from pydantic import ValidationError

    spec = registry.get(kind)
    assert spec is not None, kind  # one of `registry.names()`
    model = None
    try:
        model = plain.from_model(spec.model.model_validate(data))
    except ValidationError as exc:
        for d in validation_diagnostics(exc, spec.model, data, pos, file):
            if doc_id is None and _about_the_id(d, pos):  # reported already
                continue
            problems.append(d)
        reading = partial_reading(kind, spec.model, data, exc.errors()) if doc_id is not None and raw.ok else None
        if doc_id is not None and reading is not None:
            model, unchecked = plain.from_model(reading[0]), reading[1]
            return Document(
                kind, doc_id, model, file, raw.index, pos, raw.start, checked_only=True, unchecked=unchecked
            ), problems
    if problems or not raw.ok or model is None or doc_id is None:
        return None, problems
    return Document(kind, doc_id, model, file, raw.index, pos, raw.start), problems


def _about_the_id(d: Diagnostic, positions: Positions) -> bool:
    """Whether a diagnostic is at the document's id, or says it has none."""
    at = positions.value(("id",))
    return (d.line, d.column) == (at.line, at.column) or d.missing_field == "id"


def _checked_kind(data: dict, at: Callable[..., None]) -> str | None:
    """The document's kind, if it names one sheetgen knows; else None, with its problem
    reported through `at`."""
    known = registry.names()
    kind = data.get("kind")
    if kind is None and (cased := _key_in_other_case(data, "kind")) is not None:
        value = data[cased]
        fix = value.lower() if isinstance(value, str) and value.lower() in known else value
        at(
            (cased,),
            "content.key-case",
            f"`{cased}` is not `kind`: keys are lowercase, and case matters",
            f"write `kind: {fix}`",
            key=True,
        )
        return None
    if kind is None:
        at(
            (),
            "content.missing-kind",
            "this document has no `kind:`",
            f"add `kind:` with one of: {', '.join(sorted(known))}",
        )
        return None
    if not isinstance(kind, str):
        at(
            ("kind",),
            "content.unknown-kind",
            f"`kind` must be a word, got {describe(kind)}",
            f"known kinds: {', '.join(sorted(known))}",
        )
        return None
    if kind not in known:
        hint = did_you_mean(kind, known) or f"known kinds: {', '.join(sorted(known))}"
        at(("kind",), "content.unknown-kind", f"unknown kind `{kind}`", hint)
        return None
    return kind


def _checked_id(kind: str, data: dict, at: Callable[..., None]) -> str | None:
    """The document's id, if it is a slug; else None, with its problem reported through `at`."""
    doc_id = data.get("id")
    if doc_id is None:
        at((), "content.missing-id", f"this {kind} has no `id:`", "add `id:` with a lowercase slug such as `my-thing`")
        return None
    if not isinstance(doc_id, str):
        at(
            ("id",),
            "content.bad-id",
            f"an id must be text, got {describe(doc_id)}",
            "write a lowercase slug such as `my-thing`",
        )
        return None
    try:
        check_slug(doc_id)
    except ContentError as exc:
        at(("id",), exc.code, exc.message, exc.hint)
        return None
    return doc_id
