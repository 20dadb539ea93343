"""Content loading: find YAML files, read every document, validate it against its kind.

The result is a `Library` of typed documents that remember where each of their
values came from, plus a diagnostic for every problem found on the way.
"""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import os
import re
import stat
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sheetgen.content import plain, registry
from sheetgen.content.cache import DocumentCache
from sheetgen.content.checks import SLUG_PATTERN, ContentError, check_slug
from sheetgen.content.project import PACKAGE_DATA, find_root, inside, relative_name, safe_name
from sheetgen.content.spreadsheet import with_spreadsheet_cards
from sheetgen.content.yamlsrc import (
    MAX_FILE_BYTES,
    TOO_MANY_DOCUMENTS,
    YAML11_BOOLEANS,
    Mark,
    Positions,
    RawDocument,
    decode_source,
    load_documents,
    source_lines,
)
from sheetgen.diagnostics import Diagnostic, closest, cut, did_you_mean, display_path, error, field_path, warning

if TYPE_CHECKING:  # pydantic is imported only where a document has a mistake to report
    from pydantic import BaseModel, ValidationError

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
    library = Library(root=Path(os.path.abspath(root)) if root else find_root(paths))
    allowed = [library.root.resolve(), PACKAGE_DATA] + [Path(p).resolve() for p in paths + context if Path(p).is_dir()]
    files = discover(paths, allowed=allowed, problems=library.diagnostics)
    context_files = []
    if context:
        target_files = {os.path.realpath(p) for p in files} | {os.path.realpath(p) for p in leave_out}
        context_files = [p for p in discover(context, allowed=allowed) if os.path.realpath(p) not in target_files]
    quiet = Library(root=library.root)
    ahead = (
        cache.parsing_ahead(
            [(relative_name(p, library.root), str(p), _display(p)) for p in files + context_files], jobs
        )
        if cache is not None
        else contextlib.nullcontext()
    )
    with ahead:
        for path in files:
            _load_file(path, library, target=True, cache=cache)
        for path in context_files:
            _load_file(path, quiet, target=False, cache=cache)
    for doc in quiet.documents:
        if not library.has(*doc.key):
            library.add(doc)
    for key, claims in quiet.claims.items():  # after those of the files being checked
        library.claims.setdefault(key, []).extend(claims)
    for key, src in quiet.sources.items():
        if key not in library.sources:
            library.sources[key] = src
            library.context_files.add(key)
    for key, name in quiet.files.items():
        library.files.setdefault(key, name)
    for key, digest in quiet.digests.items():
        library.digests.setdefault(key, digest)
    for key, kinds in quiet.spoiled.items():
        library.spoiled.setdefault(key, kinds)
    library.invalid |= {k for k in quiet.invalid if not library.has(*k)}
    for k, at in quiet.invalid_at.items():
        library.invalid_at.setdefault(k, at)
    _hold_duplicates(library)
    if game_data:
        from sheetgen.content.gamedata import add_game_data

        add_game_data(library, () if game_data is True else game_data)
    return library


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
                    f"the file is {size / 1048576:.1f} MiB; content files may be at most {MAX_FILE_BYTES // 1048576} MiB",
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
    if cached is not None:
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
        return None, problems
    if kind is None:
        at(
            (),
            "content.missing-kind",
            "this document has no `kind:`",
            f"add `kind:` with one of: {', '.join(sorted(known))}",
        )
        return None, problems
    if not isinstance(kind, str):
        at(
            ("kind",),
            "content.unknown-kind",
            f"`kind` must be a word, got {_describe(kind)}",
            f"known kinds: {', '.join(sorted(known))}",
        )
        return None, problems
    if kind not in known:
        hint = did_you_mean(kind, known) or f"known kinds: {', '.join(sorted(known))}"
        at(("kind",), "content.unknown-kind", f"unknown kind `{kind}`", hint)
        return None, problems
    doc_id = data.get("id")
    id_ok = False
    if doc_id is None:
        at((), "content.missing-id", f"this {kind} has no `id:`", "add `id:` with a lowercase slug such as `my-thing`")
    elif not isinstance(doc_id, str):
        at(
            ("id",),
            "content.bad-id",
            f"an id must be text, got {_describe(doc_id)}",
            "write a lowercase slug such as `my-thing`",
        )
    else:
        try:
            check_slug(doc_id)
            id_ok = True
        except ContentError as exc:
            at(("id",), exc.code, exc.message, exc.hint)
    if id_ok and raw.ok:
        record = plain.read(kind, data)
        if record is not None:  # valid, and read without pydantic
            return Document(kind, doc_id, record, file, raw.index, pos, raw.start), problems
    from pydantic import ValidationError

    model_cls = registry.get(kind).model
    model = None
    try:
        model = plain.from_model(model_cls.model_validate(data))
    except ValidationError as exc:
        for d in _validation_diagnostics(exc, model_cls, data, pos, file):
            if (not id_ok and d.line == pos.value(("id",)).line and d.column == pos.value(("id",)).column) or (
                not id_ok and d.code == "content.missing-field" and "`id`" in d.message
            ):
                continue
            problems.append(d)
        reading = _partial_reading(kind, model_cls, data, exc.errors()) if id_ok and raw.ok else None
        if reading is not None:
            model, unchecked = plain.from_model(reading[0]), reading[1]
            return Document(
                kind, doc_id, model, file, raw.index, pos, raw.start, checked_only=True, unchecked=unchecked
            ), problems
    if problems or not raw.ok or model is None:
        return None, problems
    return Document(kind, doc_id, model, file, raw.index, pos, raw.start), problems


#: Kinds whose fields are settings that stand apart (a colour, a margin, the paper): one
#: set wrong leaves the others to be checked. Their mappings of settings (a theme's
#: colours) stand apart entry by entry; anything else (a handout's sections) is one whole.
SETTINGS_KINDS = {"theme": ("colors", "fonts", "palette"), "handout": ()}


def _a_setting(kind: str, loc: tuple) -> bool:
    """Whether a wrong value at `loc` is one setting of a `SETTINGS_KINDS` document, which
    can be left out (its default in its place) without changing what the others mean."""
    return (len(loc) == 1 and isinstance(loc[0], str)) or (
        len(loc) == 2 and loc[0] in SETTINGS_KINDS[kind] and isinstance(loc[1], str)
    )


def _partial_reading(
    kind: str, model_cls: type[BaseModel], data: dict, errors: list[dict]
) -> tuple[BaseModel, tuple[tuple[Any, ...], ...]] | None:
    """The document read without what is wrong in it, for the rules to check the rest (every
    problem of a document at once), and what that reading may have changed (`unchecked`):
    a theme's or handout's wrong settings, their defaults in their place; or misspelt keys,
    left out (or, where a required field is missing and a misspelt key is close to it, read
    as that field); a value of the wrong type or out of bounds, a stand-in in its place
    (`_with_stand_ins`). None where the rest cannot be read so."""
    locs = [tuple(e["loc"]) for e in errors]
    if (
        kind in SETTINGS_KINDS
        and all(e["type"] != "missing" for e in errors)
        and all(_a_setting(kind, loc) for loc in locs)
    ):
        model, unchecked = _without_unknown_fields(model_cls, data, locs), tuple(sorted(set(locs), key=str))
        return (model, unchecked) if model is not None else None
    unknown = [tuple(e["loc"]) for e in errors if e["type"] == "extra_forbidden"]
    missing = [tuple(e["loc"]) for e in errors if e["type"] == "missing"]
    wrong = list(
        dict.fromkeys(
            _in_data(tuple(e["loc"]), data) for e in errors if e["type"] not in ("extra_forbidden", "missing")
        )
    )
    read = _with_stand_ins(model_cls, data, wrong) if wrong else data
    model = _without_unknown_fields(model_cls, read, unknown, missing) if read is not None else None
    if model is None:
        return None
    return model, tuple(sorted({*_unchecked(model_cls, data, unknown), *wrong}, key=str))


def _in_data(loc: tuple, data: Any) -> tuple:
    """The part of an error's `loc` that points into the document's data (a union's or a
    validator's tag in it left out)."""
    path: tuple = ()
    node = data
    for part in loc:
        if (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        ):
            path, node = path + (part,), node[part]
    return path


_LEAVE_OUT = object()


def _stand_ins(value: Any) -> list[Any]:
    """Values to try in place of a wrong one, most like what was meant first: the numbers
    written in a text (`3` for `3+`), then small numbers, then an empty text, list, mapping."""
    found = [int(n) for n in re.findall(r"\d+", value)[:3]] if isinstance(value, str) else []
    return [*found, *range(1, 7), 0, "", [], {}]


def _with_stand_ins(model_cls: type[BaseModel], data: dict, wrong: list[tuple]) -> dict | None:
    """A copy of the data with each wrong value replaced, so the rest of the document can be
    read and checked: left out where its field has a default, else the first stand-in the
    model takes there. None where a wrong value has no such stand-in (or is the document)."""
    import copy

    from pydantic import ValidationError

    trimmed = copy.deepcopy(data)
    for path in wrong:
        if not path:
            return None
        parent: Any = trimmed
        for part in path[:-1]:
            parent = parent[part]
        key = path[-1]
        tries = ([_LEAVE_OUT] if isinstance(parent, dict) else []) + _stand_ins(parent[key])
        for value in tries:
            if value is _LEAVE_OUT:
                held = parent.pop(key)
            else:
                held, parent[key] = parent[key], value
            try:
                model_cls.model_validate(trimmed)
                break
            except ValidationError as exc:
                if not any(
                    path in (tuple(e["loc"])[: len(path)], _in_data(tuple(e["loc"]), trimmed)[: len(path)])
                    for e in exc.errors()
                ):
                    break
            parent[key] = held
        else:
            return None
    return trimmed


def _unchecked(model_cls: type[BaseModel], data: dict, unknown: list[tuple]) -> tuple[tuple[Any, ...], ...]:
    """What a reading without its misspelt keys may have changed: the field a top-level
    key was probably meant for (`poisonus` for a `poisonous` the document lacks: the one
    its diagnostic suggests), and the mapping that held a misspelt key further in."""
    found: set[tuple[Any, ...]] = set()
    for loc in unknown:
        if len(loc) > 1:
            found.add(tuple(loc[:-1]))
        else:
            meant = closest(str(loc[0]), [f for f in model_cls.model_fields if f not in data])
            if meant:
                found.add((meant,))
    return tuple(sorted(found, key=str))


def _without_unknown_fields(
    model_cls: type[BaseModel], data: dict, unknown: list[tuple], missing: list[tuple] = ()
) -> BaseModel | None:
    """The document's model read with its unknown fields left out (a copy of the data), an
    unknown key close to a missing required field of the same mapping read as that field;
    or None if it still is not valid."""
    import copy

    trimmed = copy.deepcopy(data)
    wanted = {loc[:-1]: [] for loc in missing}
    for loc in missing:
        wanted[loc[:-1]].append(str(loc[-1]))
    for loc in unknown:
        parent: Any = trimmed
        try:
            for part in loc[:-1]:
                parent = parent[part]
            value = parent.pop(loc[-1])
        except (KeyError, IndexError, TypeError, AttributeError):
            return None
        close = difflib.get_close_matches(str(loc[-1]), wanted.get(loc[:-1], []), n=1, cutoff=0.6)
        if close:
            parent[close[0]] = value
            wanted[loc[:-1]].remove(close[0])
    from pydantic import ValidationError

    try:
        return model_cls.model_validate(trimmed)
    except ValidationError:
        return None


# --- pydantic errors → diagnostics ------------------------------------------------

_EXPECT = {
    "string_type": "text",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "int_parsing": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "`true` or `false`",
    "bool_parsing": "`true` or `false`",
    "list_type": "a list",
    "tuple_type": "a list",
    "set_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping of fields",
    "model_attributes_type": "a mapping of fields",
    "dataclass_type": "a mapping of fields",
    "none_required": "nothing",
}


_NUMBER_WORDS = {
    word: n
    for n, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty".split()
    )
}


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if isinstance(value, float):
        return f"the number `{value!r}`"
    if isinstance(value, int):
        return f"the number `{value}`"
    if isinstance(value, str):
        return f"the text `{cut(value, 40)}`"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _data_path(loc: tuple, positions: Positions) -> tuple:
    path: tuple = ()
    for part in loc:
        candidate = path + (part,)
        if candidate in positions.values or candidate in positions.keys:
            path = candidate
    return path


def _unwrap(annotation: Any) -> list[Any]:
    """The concrete types inside Annotated/Optional/Union."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        out = []
        for arg in typing.get_args(annotation):
            out.extend(_unwrap(arg))
        return out
    return [annotation]


_KINDS_OF_VALUE = {
    int: "a whole number",
    float: "a number",
    str: "text",
    bool: "true or false",
    list: "a list",
    tuple: "a list",
    dict: "a mapping",
}


def _missing_hint(parent: type[BaseModel] | None, name: str, where: str) -> str:
    """How to add a missing field: the line to write, with the values it takes."""
    info = parent.model_fields.get(name) if parent is not None else None
    what = ""
    if info is not None:
        kinds = _unwrap(info.annotation)
        options = [str(a) for t in kinds if typing.get_origin(t) is typing.Literal for a in typing.get_args(t)]
        options += [str(o) for m in info.metadata for o in (getattr(m, "json_schema", None) or {}).get("enum", ())]
        if options:
            what = f": one of {', '.join(f'`{o}`' for o in options)}"
        elif info.description:
            what = f": {info.description}"
        else:
            named = [_KINDS_OF_VALUE.get(typing.get_origin(t) or t) for t in kinds]
            if named and all(named):
                what = f": {' or '.join(dict.fromkeys(n for n in named if n))}"
    return f"add a line `{name}: …`" + (f" to {where}" if where else "") + what


def _model_at(model: type[BaseModel], path: tuple) -> type[BaseModel] | None:
    """The model class that describes the mapping at `path`, if one does."""
    from pydantic import BaseModel

    current: list[Any] = [model]
    for part in path:
        nxt: list[Any] = []
        for t in current:
            if isinstance(t, type) and issubclass(t, BaseModel) and isinstance(part, str) and part in t.model_fields:
                nxt.extend(_unwrap(t.model_fields[part].annotation))
            elif typing.get_origin(t) in (list, tuple) and isinstance(part, int):
                nxt.extend(_unwrap(typing.get_args(t)[0]))
            elif typing.get_origin(t) is dict:
                nxt.extend(_unwrap(typing.get_args(t)[1]))
        current = nxt
    for t in current:
        if isinstance(t, type) and issubclass(t, BaseModel):
            return t
    return None


def _expected_options(ctx: dict) -> list[str]:
    return re.findall(r"'([^']*)'", str(ctx.get("expected", "")))


def _validation_diagnostics(
    exc: ValidationError, model: type[BaseModel], data: Any, positions: Positions, file: str
) -> list[Diagnostic]:
    entries = []
    for e in exc.errors(include_url=False):
        path = _data_path(e["loc"], positions)
        entries.append((e, path))
    # A union reports one error per member; keep the deepest, merge type errors at one place.
    deepest: dict[tuple, int] = {}
    for e, path in entries:
        for n in range(len(path) + 1):
            deepest[path[:n]] = max(deepest.get(path[:n], 0), len(path))
    out: list[Diagnostic] = []
    type_errors: dict[tuple, list[dict]] = {}
    for e, path in entries:
        if e["type"] in _EXPECT:
            if deepest.get(path, 0) > len(path) and e["type"] in (
                "string_type",
                "dict_type",
                "model_type",
                "list_type",
            ):
                continue
            type_errors.setdefault(path, []).append(e)
            continue
        out.append(_diagnostic(e, path, model, positions, file))
    for path, errs in type_errors.items():
        if len(errs) == 1:
            out.append(_diagnostic(errs[0], path, model, positions, file))
            continue
        expects = []
        for e in errs:
            word = _EXPECT[e["type"]]
            if word not in expects:
                expects.append(word)
        if "a number" in expects and "a whole number" in expects:
            expects.remove("a whole number")
        m = positions.value(path)
        value = errs[0]["input"]
        out.append(
            error(
                file,
                m.line,
                m.column,
                "content.wrong-type",
                f"{field_path(path)}: expected {' or '.join(expects)}, got {_describe(value)}",
            )
        )
    # A misspelt key also makes its right spelling "missing": report the misspelling only.
    suggested = {d.hint for d in out if d.code == "content.unknown-field" and d.hint}
    out = [
        d
        for d in out
        if not (d.code == "content.missing-field" and any(f"`{_missing_name(d)}`" in h for h in suggested))
    ]
    seen = set()
    unique = []
    for d in out:
        k = (d.line, d.column, d.code, d.message)
        if k not in seen:
            seen.add(k)
            unique.append(d)
    return unique


def _missing_name(d: Diagnostic) -> str:
    m = re.match(r"missing required field `([^`]+)`", d.message)
    return m.group(1) if m else ""


def _diagnostic(e: dict, path: tuple, model: type[BaseModel], positions: Positions, file: str) -> Diagnostic:
    kind = e["type"]
    loc = e["loc"]
    value = e.get("input")
    ctx = e.get("ctx") or {}
    name = field_path(path)
    hint: str | None = None
    code = "content.invalid"
    mark = positions.value(path)
    if kind == "extra_forbidden":
        key = loc[-1]
        mark = positions.key(path)
        parent = _model_at(model, path[:-1])
        allowed = list(parent.model_fields) if parent else []
        code = "content.unknown-field"
        message = f"unknown field `{key}`"
        hint = did_you_mean(str(key), allowed)
        if hint is None and allowed:
            hint = f"fields allowed here: {', '.join(allowed)}"
    elif kind == "missing":
        missing = loc[-1]
        code = "content.missing-field"
        message = f"missing required field `{missing}`"
        where = field_path(path)
        if path:
            message += f" in {where}"
        hint = _missing_hint(_model_at(model, path), str(missing), where if path else "")
    elif kind in _EXPECT:
        code = "content.wrong-type"
        expect = _EXPECT[kind]
        message = f"{name}: expected {expect}, got {_describe(value)}"
        if kind == "string_type" and isinstance(value, (bool, int, float)):
            hint = "put quotes around it to make it text"
        elif kind.startswith("bool") and isinstance(value, str) and value in YAML11_BOOLEANS:
            hint = f"write `true` or `false`; sheetgen reads YAML 1.2, where `{value}` is just text"
        elif kind.startswith("int") and isinstance(value, float) and value.is_integer():
            hint = f"write `{int(value)}`"
        elif kind.startswith(("int", "float")) and isinstance(value, str) and re.fullmatch(r"-?[0-9.]+", value):
            hint = "remove the quotes to make it a number"
        elif (
            kind.startswith("int") and isinstance(value, str) and (roll := re.fullmatch(r"\s*([0-9]+)\s*\+\s*", value))
        ):
            hint = f"write `{roll.group(1)}`: a roll of {roll.group(1)}+ is written as its number"
        elif kind.startswith("int") and isinstance(value, str) and value.strip().lower() in _NUMBER_WORDS:
            hint = f"write it in digits: `{_NUMBER_WORDS[value.strip().lower()]}`"
        elif kind in ("list_type", "tuple_type", "set_type") and isinstance(value, (str, int, float)):
            items = [p.strip() for p in value.split(",")] if isinstance(value, str) else [str(value)]
            hint = f"write it as a list, in brackets: `[{', '.join(i for i in items if i)}]`"
    elif kind in ("literal_error", "enum"):
        options = _expected_options(ctx)
        code = "content.not-allowed"
        message = f"{name}: `{value}` is not one of {', '.join(f'`{o}`' for o in options)}"
        hint = did_you_mean(str(value), options) if isinstance(value, str) else None
        same = [o for o in options if isinstance(value, str) and o.lower() == value.lower()]
        if same and same[0] != value:
            hint = f"write `{same[0]}`: case matters"
    elif kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        code = "content.out-of-range"
        bound = {
            "greater_than_equal": f"at least {ctx.get('ge')}",
            "greater_than": f"more than {ctx.get('gt')}",
            "less_than_equal": f"at most {ctx.get('le')}",
            "less_than": f"less than {ctx.get('lt')}",
        }[kind]
        message = f"{name} is {value}; it must be {bound}"
    elif kind == "too_short":
        code = "content.too-few"
        message = f"{name} needs at least {ctx.get('min_length')} item(s); it has {ctx.get('actual_length')}"
    elif kind == "too_long":
        code = "content.too-many"
        message = f"{name} may have at most {ctx.get('max_length')} items; it has {ctx.get('actual_length')}"
    elif kind == "string_too_long":
        code = "content.too-long"
        message = f"{name} is longer than {ctx.get('max_length')} characters"
    elif kind == "string_too_short":
        code = "content.empty"
        message = f"{name} must not be empty"
    elif kind == "string_pattern_mismatch":
        code = "content.bad-name"
        if loc and loc[-1] == "[key]":
            mark = positions.key(path)
        message = f"{name}: `{value}` must be lowercase letters, digits and hyphens"
    elif kind == "value_error" and isinstance(ctx.get("error"), ContentError):
        err: ContentError = ctx["error"]
        code = err.code
        message = err.message if not path else f"{name}: {err.message}"
        hint = err.hint
    else:
        message = f"{name}: {e.get('msg', 'invalid value')}".replace("Value error, ", "")
    return error(file, mark.line, mark.column, code, message, hint)
