"""The build: plan targets from checked content, lay out and render the ones that
changed (in parallel processes if asked), write them atomically, keep the manifest.

Only this stage (and the CLI above it) sees every other stage.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import hashlib
import itertools
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sheetgen import __version__
from sheetgen.content import registry as kinds_registry
from sheetgen.content.gamedata import is_game_data
from sheetgen.content.loader import Library
from sheetgen.content.plain import jsonable
from sheetgen.diagnostics import Diagnostic, Severity, display_path
from sheetgen.files import stamp
from sheetgen.files.outputs import (
    FOREIGN,
    INDEX,
    JOURNAL,
    MANIFEST,
    OUTPUT_FOLDER_HINT,
    Journal,
    LinkedOutput,
    Manifest,
    OutputEntry,
    Seen,
    TargetRecord,
    clean_temp_files,
    foreign_files,
    make_state_folder,
    output_folder_problem,
    output_lock,
    read_manifest,
    refused,
    remove_legacy_state,
    safe_output_path,
    stage_file,
    state_folder,
    write_atomic,
    write_manifest,
)
from sheetgen.files.stamp import code_fingerprint
from sheetgen.games import game_of_kind
from sheetgen.layout.context import Issue, Source
from sheetgen.layout.primitives import LayoutDocument
from sheetgen.layout.products import DocInput, Job, Product
from sheetgen.layout.registry import product as find_product
from sheetgen.layout.registry import products
from sheetgen.layout.text import TOO_LONG, shorten_hint
from sheetgen.render.card_exports import EXPORTS
from sheetgen.rules import Checked
from sheetgen.rules.theme import ResolvedTheme
from sheetgen.rules.values import HandoutValues

FORMATS = ("pdf", "svg")


@dataclass(frozen=True)
class Target:
    """One product to build for one output id."""

    product: str
    system: str
    name: str
    id: str
    kind: str | None
    sources: tuple[str, ...]  # content files, relative to the project root
    formats: tuple[str, ...]
    job: Job
    scope: str = "document"
    blocked_by: tuple[tuple[str, str], ...] = ()  # documents with errors this output needs
    kinds: tuple[str, ...] = ()  # kinds of document the output draws on
    blocked_files: tuple[str, ...] = ()  # files with unreadable documents of those kinds

    @property
    def key(self) -> str:
        return f"{self.system}/{self.name}/{self.id}"

    def relpath(self, fmt: str, page: int | None = None, suffix: str | None = None) -> str:
        end = (f"-p{page}" if page is not None else "") + (f"-{suffix}" if suffix else "")
        return f"{self.system}/{self.name}/{self.id}{end}.{fmt}"

    def record(self, digest: str, issues: Iterable[Issue] = (), root: Path | None = None) -> TargetRecord:
        """What its outputs were made from; `root`: the project root, which names templates."""
        warnings = tuple(issue_json(i, root) for i in issues if i.severity is Severity.WARNING)
        return TargetRecord(self.product, self.scope, digest, self.sources, self.kinds, warnings)


def _included_kinds(di: DocInput, wanted: list[tuple[str, str]]) -> set[str]:
    """Kinds a document's output includes (a handout's sections), even when none of
    them loaded."""
    kinds = {k for k, _ in wanted}
    sections = di.derived.sections if isinstance(di.derived, HandoutValues) else ()
    kinds.update(section.kind for section in sections if section.kind)
    return kinds


def _needed(
    product: Product, doc: DocInput, inputs: dict[tuple[str, str], DocInput], includers: dict[str, list[Product]]
) -> list[tuple[str, str]]:
    """The other documents an output of `doc` needs: those its product includes, and in turn
    those the included documents' own products need (a handout's army brings its units)."""
    keys = dict.fromkeys(product.includes(doc) if product.includes else [])
    todo = list(keys)
    while todo:
        other = inputs.get(todo.pop())
        for p in includers.get(other.kind, []) if other is not None else []:
            for key in p.includes(other):  # type: ignore[misc]
                if key not in keys and key != doc.key:
                    keys[key] = None
                    todo.append(key)
    return list(keys)


def plan(
    checked: Checked,
    formats: Iterable[str] = FORMATS,
    *,
    whole: bool = True,
    spoiled: dict[str, set[str]] | None = None,
    members: bool = False,
) -> list[Target]:
    """Every target the checked content asks for, in a stable order.

    `spoiled` maps files holding documents that could not be read (so neither their kind
    nor id is known) to the kinds they may be: outputs drawing on those kinds wait.
    In a partial build (`whole` false) a collection is planned only when one of its
    members was asked for; it is made from every member, those read for reference too.
    With `members`, documents read for reference get their own outputs planned too."""
    library = checked.library
    spoiled = spoiled or {}
    wanted = tuple(f for f in FORMATS if f in set(formats))
    exports = tuple(f for f in EXPORTS if f in set(formats))
    docs = [d for d in checked.documents(*kinds_registry.names(), targets_only=not members) if d.kind != "theme"]
    systems = {s for s in (kinds_registry.system_of(d) for d in docs) if s}
    docs += shipped_documents(checked, systems)
    # A partial build prints a game's blank sheets only when it was given documents of that
    # game's own kinds (a deck that merely names the game is not enough).
    asked_games = {g for g in (game_of_kind(d.kind) for d in docs if d.target) if g}
    valid = [d for d in checked.documents(*kinds_registry.names(), targets_only=False) if d.kind != "theme"]
    inputs = {d.key: DocInput(d.kind, d.id, d.model, checked.derived.get(d.key), d.file) for d in valid}
    # Documents with errors, whether the loader or the rules found them.
    # (Those read for reference too: a collection made of them must wait for them as well.)
    broken = sorted({d.key for d in library.documents if d.key in checked.failed} | library.invalid)

    def failed_of(kinds: Iterable[str]) -> tuple[tuple[str, str], ...]:
        kinds = set(kinds)
        return tuple(k for k in broken if k[0] in kinds)

    def spoiled_of(kinds: Iterable[str]) -> tuple[str, ...]:
        kinds = set(kinds)
        return tuple(sorted(library.project_name(f) for f, ks in spoiled.items() if ks & kinds))

    def source(file: str) -> str:
        return library.project_name(file)

    targets: list[Target] = []
    known = products(systems | kinds_registry.games_of(valid))
    includers = {
        kind: [p for p in known.values() if p.includes and kind in p.kinds]
        for kind in {k for p in known.values() for k in p.kinds}
    }
    for product in known.values():
        fmts = tuple(f for f in product.formats if f in wanted) + (exports if product.deck else ())
        if not fmts or (product.print_shop_of and not checked.theme.print_shop):
            continue
        options = tuple(sorted(product.options.items()))
        if product.scope == "document":
            for d in docs:
                if d.kind not in product.kinds:
                    continue
                di = inputs[d.key]
                sys_ = product.system_of(di)
                wanted_keys = _needed(product, di, inputs, includers)
                extra = [inputs[k] for k in wanted_keys if k in inputs]
                missing = tuple(k for k in wanted_keys if k not in inputs)
                included = _included_kinds(di, wanted_keys)
                sources = tuple(dict.fromkeys([source(di.file)] + [source(e.file) for e in extra]))
                targets.append(
                    Target(
                        product.id,
                        sys_,
                        product.name,
                        di.id,
                        di.kind,
                        sources,
                        fmts,
                        Job(product.id, di.id, (di, *extra), options),
                        blocked_by=missing,
                        kinds=tuple(sorted({di.kind} | included)),
                        blocked_files=spoiled_of(included),
                    )
                )
        elif product.scope == "collection":
            # Every member, in the order of a whole build, whichever were asked for.
            members = sorted((d for d in valid if d.kind in product.kinds), key=lambda d: (source(d.file), d.index))
            if not members or not (whole or any(d.target for d in members)):
                continue
            first = inputs[members[0].key]
            sys_ = product.system_of(first)
            tid = product.target or product.name
            targets.append(
                Target(
                    product.id,
                    sys_,
                    product.name,
                    tid,
                    first.kind,
                    tuple(sorted({source(m.file) for m in members})),
                    fmts,
                    Job(product.id, tid, tuple(inputs[m.key] for m in members), options),
                    "collection",
                    blocked_by=failed_of(product.kinds),
                    kinds=tuple(product.kinds),
                    blocked_files=spoiled_of(product.kinds),
                )
            )
        elif product.scope == "blank":
            sys_ = product.system_of(None)
            if sys_ in (systems if whole else asked_games):
                # A blank needs no documents, but gets the game's settings documents
                # (its `kinds`) when there are any, so it follows a campaign's own rules.
                settings_docs = tuple(inputs[d.key] for d in valid if d.kind in product.kinds)
                tid = product.target or product.name
                targets.append(
                    Target(
                        product.id,
                        sys_,
                        product.name,
                        tid,
                        None,
                        tuple(sorted({source(d.file) for d in settings_docs})),
                        fmts,
                        Job(product.id, tid, settings_docs, options),
                        "blank",
                        blocked_by=failed_of(product.kinds),
                        kinds=tuple(product.kinds),
                        blocked_files=spoiled_of(product.kinds),
                    )
                )
    targets = [apart for t in targets for apart in _exports_apart(t)]
    targets.sort(key=lambda t: t.key)
    return targets


def _exports_apart(target: Target) -> Iterator[Target]:
    """A deck's target, and its card exports (`--format png,tts`) as targets of their own
    (`<product>-png`, `<product>-tts`), laid out one card a page."""
    own = tuple(f for f in target.formats if f not in EXPORTS)
    if own:
        yield replace(target, formats=own)
    single = tuple(sorted({**dict(target.job.options), "imposition": "single"}.items()))
    for fmt in target.formats:
        if fmt in EXPORTS:
            yield replace(target, name=f"{target.name}-{fmt}", formats=(fmt,), job=replace(target.job, options=single))


def shipped_documents(checked: Checked, systems: set[str]) -> list:
    """The game data sheetgen ships (upgrade catalog, factions …) for the games the
    project has content of: built like the project's own documents."""
    return [
        d
        for d in checked.documents(*kinds_registry.names(), targets_only=False)
        if is_game_data(d.file) and d.kind != "theme" and kinds_registry.system_of(d) in systems
    ]


_THEME_DIGEST: list[tuple[ResolvedTheme, str]] = []


def theme_digest(theme: ResolvedTheme) -> str:
    """A digest of the resolved theme, made once per build rather than once per target."""
    if _THEME_DIGEST and _THEME_DIGEST[0][0] is theme:
        return _THEME_DIGEST[0][1]
    blob = json.dumps(jsonable(dataclasses.asdict(theme)), sort_keys=True, ensure_ascii=False, default=str)
    digest = hashlib.sha256(blob.encode("utf-8")).hexdigest()
    _THEME_DIGEST[:] = [(theme, digest)]
    return digest


def doc_digest(doc: DocInput) -> str:
    """A digest of one document as layout sees it: its model (as pydantic writes it, in
    its fields' order) and the rules' derived values."""
    h = hashlib.sha256(f"{doc.kind}\n{doc.id}\n".encode("utf-8", "backslashreplace"))
    h.update(doc.model.model_dump_json().encode("utf-8", "backslashreplace"))
    derived = json.dumps(jsonable(doc.derived), sort_keys=True, ensure_ascii=False, default=str)
    h.update(b"\n" + derived.encode("utf-8", "backslashreplace"))
    return h.hexdigest()


def target_digest(target: Target, theme: ResolvedTheme, docs: dict[Any, str] | None = None) -> str:
    """A digest of everything a target's output is made from. `docs` keeps, for the
    targets of one build, each document's digest (by the DocInput's identity) and the
    digest of what targets of one product share (code, theme, options)."""
    docs = {} if docs is None else docs
    shared_key = ("product", target.product, target.formats, repr(target.job.options))
    if shared_key not in docs:
        payload = {
            "sheetgen": __version__,
            "code": code_fingerprint(),
            "product": target.product,
            "formats": target.formats,
            "options": target.job.options,
            "theme": theme_digest(theme),
            "date": os.environ.get("SOURCE_DATE_EPOCH", ""),  # the PDFs carry it
        }
        blob = json.dumps(jsonable(payload), sort_keys=True, ensure_ascii=False, default=str)
        docs[shared_key] = hashlib.sha256(blob.encode("utf-8")).hexdigest()
    h = hashlib.sha256(f"{docs[shared_key]}\n{target.key}\n".encode("utf-8", "backslashreplace"))
    for d in target.job.docs:
        digest = docs.get(id(d))
        if digest is None:
            digest = docs[id(d)] = doc_digest(d)
        h.update(digest.encode("ascii"))
    return h.hexdigest()


# --- running one target (in this process or a worker) ---------------------------------


@dataclass
class JobResult:
    key: str
    files: list[tuple[str, str, str, int]] = field(default_factory=list)  # (relpath, format, sha256, pages)
    pages: int = 0
    issues: list[Issue] = field(default_factory=list)
    crashed: str | None = None
    write_error: str | None = None
    write_hint: str | None = None  # what to do about it, when not the usual (a link where an output goes)
    # Files written beside their outputs, to replace them once the build keeps the result
    # (`stage_files`): (temporary file, output).
    staged: list[tuple[str, str]] = field(default_factory=list)


def lay_out(target: Target, theme: ResolvedTheme) -> tuple[LayoutDocument | None, list[Issue]]:
    from sheetgen.layout.margins import lay_out_in_margin
    from sheetgen.layout.templates import BOUND_CODES, TemplateProblem, use_templates

    product: Product = find_product(target.product, target.system)
    use_templates(theme.templates, theme.templates_digest)
    try:
        return lay_out_in_margin(product, target.job, theme, target.key)
    except TemplateProblem as exc:  # a publisher's template: reported at its line, nothing drawn
        d = exc.diagnostic
        # A template stopped at a bound stopped on this document's values: which one.
        message = (
            f"{d.message} (laying out {target.key}, from {', '.join(target.sources)})"
            if d.code in BOUND_CODES and target.sources
            else d.message
        )
        return None, [Issue(Source(None), d.severity, d.code, message, d.hint, at=(d.file, d.line, d.column))]


def run_target(target: Target, theme: ResolvedTheme, out_dir: str, stage: bool = False) -> JobResult:
    """Lay out and render one target; write its files only if layout found no errors."""
    # Laying out and rendering make a great many objects that live until the target is
    # written, and hardly a reference cycle: the cycle collector would walk them again
    # and again for nothing (a tenth of a big deck's time). It runs again afterwards; when
    # the build paused it (`sheetgen build`), this target's own cycles are collected here,
    # with what was there before it set aside (frozen) so that it is not walked again.
    collecting = gc.isenabled()
    gc.disable()
    if not collecting:
        gc.freeze()
    try:
        return _run_target(target, theme, out_dir, stage)
    finally:
        if collecting:
            gc.enable()
        else:
            gc.collect(0)


def _run_target(target: Target, theme: ResolvedTheme, out_dir: str, stage: bool = False) -> JobResult:
    result = JobResult(target.key)
    try:
        document, result.issues = lay_out(target, theme)
        if document is None or any(i.severity is Severity.ERROR for i in result.issues):
            return result
        rendered: list[tuple[str, str, bytes, int]] = []
        result.pages = len(document.pages)
        if "pdf" in target.formats:
            from sheetgen.render.pdf import render_pdf

            # The pages are let go as they are drawn, unless the SVGs still need them.
            rendered.append(
                (target.relpath("pdf"), "pdf", render_pdf(document, release="svg" not in target.formats), result.pages)
            )
            for suffix, extra in document.companions:  # a bundle's cards, for instance
                rendered.append((target.relpath("pdf", suffix=suffix), "pdf", render_pdf(extra), len(extra.pages)))
        if "svg" in target.formats:
            from sheetgen.render.svg import render_svg

            many = len(document.pages) > 1
            for n, page in enumerate(document.pages, 1):
                title = f"{document.title} — {page.label}" if page.label else document.title
                rendered.append((target.relpath("svg", n if many else None), "svg", render_svg(page, title), 1))
        root = Path(out_dir)
        for rel, fmt, data, pages in itertools.chain(rendered, _exported(target, document)):
            try:
                path = safe_output_path(root, rel)
                if stage:
                    sha, tmp = stage_file(path, data)
                    if tmp:
                        result.staged.append((tmp, str(path)))
                else:
                    sha = write_atomic(path, data, durable=False)
            except OSError as exc:  # the output folder, not the content: say which file and why
                result.write_error, result.write_hint = _write_problem(exc, Path(out_dir) / rel)
                break
            result.files.append((rel, fmt, sha, pages))
    except Exception as exc:  # a bug: report it without a traceback, keep building the rest
        result.crashed = f"{type(exc).__name__}: {exc}"
        if os.environ.get("SHEETGEN_DEBUG"):
            raise
    return result


def _exported(target: Target, document: LayoutDocument) -> Iterator[tuple[str, str, bytes, int]]:
    """The files of a card export target, one at a time: `<system>/<product>-<format>/<id>/…`."""
    fmt = target.formats[0]
    if fmt not in EXPORTS:
        return
    from sheetgen.render.card_exports import png_files, tts_files

    files = png_files(document) if fmt == "png" else tts_files(document, target.id)
    for name, data in files:
        yield f"{target.system}/{target.name}/{target.id}/{name}", fmt, data, 1


#: What every target a worker process runs shares, set once when the worker starts
#: (not sent again with each target).
_WORKER: dict[str, object] = {}


def _start_worker(theme: ResolvedTheme, out_dir: str) -> None:
    _WORKER.update(theme=theme, out_dir=out_dir)
    # Forked from a build that paused the cycle collector: what the worker inherits stays
    # out of the collector's way (and unwritten, so shared with the parent), and the
    # collector runs between targets (`run_target` pauses it during each).
    gc.freeze()
    gc.enable()


def _import_renderers(todo: list[Target]) -> None:
    """Import the backends the targets need (reportlab for PDF) before the workers are
    made: each forked worker then has them, instead of every worker importing them again."""
    formats = {f for t in todo for f in t.formats}
    if formats & {"pdf", *EXPORTS}:
        import sheetgen.render.pdf
    if "svg" in formats:
        import sheetgen.render.svg


def _draws_on_several(target: Target) -> bool:
    """A collection, or an output of one document that includes others (a handout, a kit)."""
    return target.scope == "collection" or len(target.job.docs) > 1


def _members_failed(
    checked: Checked,
    whole: bool,
    formats: Iterable[str],
    later: list[Target],
    first: list[Target],
    records: dict[str, TargetRecord],
    planned: set[str],
) -> set[tuple[str, str]]:
    """Documents of the outputs that draw on several whose own outputs fail, found before
    the build runs them when this build does not make those own outputs (a partial
    build, where the collection is made of documents read for reference): an own output
    built from the same input as now did not fail; any other is laid out to see."""
    ahead = {d.key for t in first for d in t.job.docs}
    needed = {d.key for t in later for d in t.job.docs} - ahead
    if whole or not needed:
        return set()
    failed: set[tuple[str, str]] = set()
    shared: dict[Any, str] = {}
    for t in plan(checked, formats, whole=True, members=True):
        if _draws_on_several(t) or not t.job.docs or t.job.docs[0].key not in needed or t.key in planned:
            continue
        if find_product(t.product, t.system).print_shop_of:
            continue  # the same cards as its deck
        record = records.get(t.key)
        if record is not None and record.input == target_digest(t, checked.theme, shared):
            continue
        failed |= _failed_docs(t, lay_out(t, checked.theme)[1])
    return failed


def _waits_on_failed(
    target: Target, failed_docs: set[tuple[str, str]], library: Library, earlier: bool = True
) -> Diagnostic | None:
    """The `build.not-rebuilt` warning of an output drawing on documents whose own outputs
    failed, or None if none did."""
    failed = sorted(failed_docs.intersection(d.key for d in target.job.docs))
    return _not_rebuilt(replace(target, blocked_by=tuple(failed)), library, earlier) if failed else None


def _failed_docs(target: Target, issues: Iterable[Issue], crashed: bool = False) -> set[tuple[str, str]]:
    """The documents an output that failed (errors in its layout, or a crash) failed for:
    those its errors are about, else its own; none if it did not fail."""
    errors = [i for i in issues if i.severity is Severity.ERROR]
    if not (errors or crashed):
        return set()
    named = {i.source.doc for i in errors if i.source.doc}
    return named or ({target.job.docs[0].key} if target.job.docs else set())  # type: ignore[return-value]


class _Runner:
    """Runs targets in this process, or in worker processes started once: `submit` lists
    of targets at any time (a collection once its members' own outputs are done), take the
    results with `results` as they come."""

    def __init__(self, jobs: int, theme: ResolvedTheme, out_dir: Path, pool=None):
        self.jobs, self.theme, self.out_dir, self.pool = jobs, theme, str(out_dir), pool
        self.queue: list[tuple[Target, bool]] = []
        self.pending: set = set()

    @property
    def parallel(self) -> bool:
        return self.pool is not None

    def submit(self, targets: list[Target], stage: bool = False) -> None:
        """Run `targets`; with `stage`, each alone, its files staged (`stage_file`)."""
        if self.pool is None:
            self.queue.extend((t, stage) for t in targets)
        else:
            parts = [[t] for t in targets] if stage else chunks(targets, self.jobs)
            self.pending.update(self.pool.submit(_run_chunk, part, stage) for part in parts)

    def results(self) -> Iterator[JobResult]:
        """Every result of what was submitted, including what is submitted meanwhile."""
        from concurrent.futures import FIRST_COMPLETED, wait

        while self.queue or self.pending:
            if self.pool is None:
                target, stage = self.queue.pop(0)
                yield run_target(target, self.theme, self.out_dir, stage)
                continue
            done, self.pending = wait(self.pending, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=id):
                yield from fut.result()


@contextmanager
def _runner(jobs: int, todo: list[Target], theme: ResolvedTheme, out_dir: Path) -> Iterator[_Runner]:
    if jobs <= 1 or len(todo) <= 1:
        yield _Runner(jobs, theme, out_dir)
        return
    from sheetgen.workers import worker_pool

    _import_renderers(todo)  # once, here: the workers start with them (fork)
    with worker_pool(jobs, _start_worker, (theme, str(out_dir))) as pool:
        try:
            yield _Runner(jobs, theme, out_dir, pool)
        except BaseException:  # interrupted, say: what was not started is not waited for
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _run_chunk(targets: list[Target], stage: bool = False) -> list[JobResult]:
    theme, out_dir = _WORKER["theme"], _WORKER["out_dir"]
    return [run_target(t, theme, out_dir, stage) for t in targets]  # type: ignore[arg-type]


def chunks(todo: list[Target], jobs: int) -> list[list[Target]]:
    """The targets in runs for the worker processes: a few per run, so that sending them
    costs little, and many runs per worker, so that the workers finish close together;
    shorter towards the end, so that the last run out does not keep one worker busy long
    after the other is done."""
    out, start = [], 0
    while start < len(todo):
        size = max(1, min(16, (len(todo) - start) // (jobs * 8)))
        out.append(todo[start : start + size])
        start += size
    return out


# --- the whole build ---------------------------------------------------------------------


@dataclass
class BuildOptions:
    out_dir: Path
    formats: tuple[str, ...] = FORMATS
    jobs: int = 1
    force: bool = False
    whole: bool = True  # the project's whole content was given (not some files of it)
    lock_wait: float = 10.0  # seconds a second build waits for the output folder
    # The output folder's build state folder (`files.state_folder`); by default the one at
    # the root of the project being built.
    state_dir: Path | None = None
    # Build just the targets this accepts now and leave the others as they were, for a
    # later build to catch up with (`sheetgen serve` builds an edited document's own first).
    only: Callable[[Target], bool] | None = None


@dataclass
class BuildReport:
    diagnostics: list[Diagnostic]
    documents: int = 0
    targets: int = 0
    built: int = 0
    unchanged: int = 0
    failed: int = 0
    pages: int = 0
    files: int = 0
    seconds: float = 0.0
    outputs: list[str] | None = None  # every output the manifest lists once the build is done


def issue_diagnostic(issue: Issue, library: Library, target: Target) -> Diagnostic:
    """A layout issue placed at its document's field in the source file. One with no
    field of its own goes to the document the output is made from, or, when it is made
    from many or none (a blank sheet), to the target itself: `<system/product/id>`.
    Text too long for its place names the product it is too long in."""
    product = None
    if issue.code in TOO_LONG:
        found = find_product(target.product, target.system)
        product = found.print_shop_of or found.id  # a print-shop twin has its deck's cards
    if issue.at is not None:
        name = f"{product} `{target.id}`: " if product else ""
        return Diagnostic(*issue.at, issue.severity, issue.code, name + issue.message, issue.hint)
    doc = library.get(*issue.source.doc) if issue.source.doc else None
    if doc is None and target.scope == "document" and target.job.docs:
        doc = library.get(*target.job.docs[0].key)
    if doc is None:
        return Diagnostic(f"<{target.key}>", 1, 1, issue.severity, issue.code, issue.message, issue.hint)
    m = doc.mark(issue.source.path)
    who = f"{doc.kind} `{doc.id}`"
    message = _in_products(who, [product], issue.message) if product else f"{who}: {issue.message}"
    hint = field_hint(issue, doc) if issue.source.doc == doc.key else issue.hint
    return Diagnostic(doc.file, m.line, m.column, issue.severity, issue.code, message, hint)


def _in_products(who: str, products: list[str], message: str) -> str:
    """ "kubos-monster `orc` in `handout` and `kubos-stat-blocks`: …": text too long for
    its place in these products (`_IN_PRODUCT_RE` reads it back, for `unique`)."""
    named = [f"`{p}`" for p in products]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    return f"{who} in {listed}: {message}"


def field_hint(issue: Issue, doc) -> str | None:
    """The hint of text too long for its place, with the length its field may have where
    the field's value is printed with more around it (a unit's name in `Name [5]`)."""
    if issue.fit is None or not issue.hint:
        return issue.hint
    printed, fits = issue.fit
    value: Any = doc.model
    try:
        for part in issue.source.path:
            value = value[part] if isinstance(part, int) else getattr(value, part)
    except (AttributeError, IndexError, KeyError, TypeError):
        return issue.hint
    if not isinstance(value, str) or value == printed or value not in printed:
        return issue.hint
    return issue.hint.replace(
        shorten_hint(fits, len(printed)), shorten_hint(fits - (len(printed) - len(value)), len(value)), 1
    )


def issue_json(issue: Issue, root: Path | None = None) -> dict[str, Any]:
    """A layout warning as the manifest keeps it (`TargetRecord.warnings`)."""
    return {
        "doc": list(issue.source.doc) if issue.source.doc else None,
        "path": list(issue.source.path),
        "code": issue.code,
        "message": issue.message,
        "hint": issue.hint,
        "at": _project_at(issue.at, root),
        "fit": list(issue.fit) if issue.fit else None,
    }


def _project_at(at: tuple[str, int, int] | None, root: Path | None) -> list | None:
    """A template's place as the manifest keeps it: relative to the project root, so that
    the manifest depends neither on the folder a build ran in nor on where the project
    is (shown relative to the working directory again when reported)."""
    if not at:
        return None
    file = at[0] if at[0].startswith("<") else os.path.relpath(os.path.abspath(at[0]), root or Path.cwd())
    return [file.replace(os.sep, "/"), at[1], at[2]]


def issue_from_json(d: dict[str, Any], root: Path | None = None) -> Issue | None:
    """A kept warning back as an Issue, placed again at its field's current line (None if
    the record is not one sheetgen wrote)."""
    try:
        doc, at, fit = d.get("doc"), d.get("at"), d.get("fit")
        file = str(at[0]) if at else ""
        if at and not file.startswith("<"):
            file = display_path(os.path.join(root or Path.cwd(), file))
        return Issue(
            Source(tuple(map(str, doc)) if doc else None, tuple(d.get("path") or ())),
            Severity.WARNING,
            str(d["code"]),
            str(d["message"]),
            d.get("hint"),
            (file, int(at[1]), int(at[2])) if at else None,
            (str(fit[0]), int(fit[1])) if fit else None,
        )
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def build(
    checked: Checked,
    options: BuildOptions,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> BuildReport:
    """Build every planned target that changed; keep earlier outputs of failed ones.

    Holds the output folder's lock throughout (OutputLocked if another build keeps it
    longer than `options.lock_wait`). A folder or disk that refuses writes gives
    `build.write-failed` diagnostics, never an exception."""
    started = time.perf_counter()
    report = BuildReport(diagnostics=[])
    out_dir = options.out_dir
    root = checked.library.root or Path.cwd()
    state = options.state_dir or state_folder(root, out_dir)
    problem = output_folder_problem(out_dir, root)
    try:
        if problem is None:
            out_dir.mkdir(parents=True, exist_ok=True)
            make_state_folder(state)
            with output_lock(state, options.lock_wait):
                if foreign_files(out_dir, state):
                    problem = FOREIGN
                else:
                    _build_locked(checked, options, state, report, progress)
    except OSError as exc:
        message, hint = _write_problem(exc, exc.filename or f"into {display_path(str(out_dir))}")
        report.diagnostics.append(_write_failed(message, hint))
    if problem is not None:
        report.diagnostics.append(
            Diagnostic(
                "<build>", 1, 1, Severity.ERROR, "build.output-refused", refused(out_dir, problem), OUTPUT_FOLDER_HINT
            )
        )
    report.seconds = time.perf_counter() - started
    return report


def _write_problem(exc: OSError, where: Path | str) -> tuple[str, str | None]:
    """The message and hint of a write to `where` that failed."""
    if isinstance(exc, LinkedOutput):
        return (
            f"cannot write {display_path(str(where))}: {display_path(str(exc.link))} is a symbolic link, and "
            "sheetgen never writes through one",
            "remove the link; the build makes the file or folder itself",
        )
    return f"cannot write {display_path(str(where))}: {exc.strerror or exc}", None


def _write_failed(message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(
        "<build>",
        1,
        1,
        Severity.ERROR,
        "build.write-failed",
        message,
        hint
        or "check that the output folder is writable and the disk is not full; "
        "outputs not written and the manifest stay as they were",
    )


def _build_locked(
    checked: Checked,
    options: BuildOptions,
    state: Path,
    report: BuildReport,
    progress: Callable[[int, int], None] | None,
) -> None:
    library = checked.library
    root = library.root
    out_dir = options.out_dir
    stamp.forget(state)  # an interrupted build must never be taken for a current one
    remove_legacy_state(out_dir)
    manifest = read_manifest(out_dir, state)
    folded = (state / JOURNAL).exists()  # a build was interrupted: its journal is folded in
    for rel in manifest.dropped:  # what it replaced or was removing: listed no more
        _remove(out_dir, rel)
    by_target = manifest.by_target()
    spoiled = _spoiled_kinds(library, manifest)
    targets = plan(checked, options.formats, whole=options.whole, spoiled=spoiled)
    clean_temp_files(out_dir, [e.path for e in manifest.entries] + [t.relpath(f) for t in targets for f in t.formats])
    clean_temp_files(state, ())  # a stamp or a cache whose write was cut short
    report.targets = len(targets)
    report.documents = len({d.key for t in targets for d in t.job.docs})

    shared: dict[Any, str] = {}  # the DocInputs live as long as `targets`, so their ids stay theirs
    digests = {
        t.key: target_digest(t, checked.theme, shared)
        for t in targets  # of those it may build
        if options.only is None or options.only(t)
    }
    records = dict(manifest.targets)
    seen = Seen(out_dir, state)
    todo: list[Target] = []
    kept: list[OutputEntry] = []
    relisted = False  # an output kept as it was, from a file of another name (a document moved)
    waiting: list[tuple[Target, bool]] = []
    for t in targets:
        old = by_target.get(t.key, [])
        # Formats not asked for this time keep their earlier files, listed as they were.
        kept.extend(e for e in old if e.format not in t.formats)
        old = [e for e in old if e.format in t.formats]
        if options.only is not None and not options.only(t):
            kept.extend(old)
        elif checked.theme.broken or t.blocked_by or t.blocked_files:
            kept.extend(old)  # made from documents with errors: earlier outputs stay intact
            report.failed += 1
            if not checked.theme.broken:
                waiting.append((t, bool(old)))
        elif not options.force and _up_to_date(seen, t, old, records.get(t.key), digests[t.key]):
            moved = _moved(t, old, records[t.key])
            if moved:
                old, records[t.key] = moved
                relisted = True
            kept.extend(old)
            report.unchanged += 1
            kept_issues = (issue_from_json(w, root) for w in records[t.key].warnings)
            report.diagnostics.extend(issue_diagnostic(i, library, t) for i in kept_issues if i is not None)
        else:
            todo.append(t)
    report.diagnostics.extend(_not_rebuilt_once(waiting, library))
    if checked.theme.broken and targets:
        report.diagnostics.append(theme_broken(checked))

    planned = {t.key for t in targets}
    stale: list[OutputEntry] = []
    present = _Present.of(library, spoiled, checked.theme.print_shop)
    for key, entries in by_target.items():
        if key in planned:
            continue
        if _is_stale(key, entries, records.get(key), library, present, options.whole):
            stale.extend(entries)
        else:
            kept.extend(entries)

    # The manifest on disk lists every output of the last build until this one is done;
    # each rebuilt target is journalled once its files are in place, and files the
    # manifest no longer lists (`gone`) are removed once the new one is written.
    changed = bool(todo or stale or folded or relisted)
    journal = Journal(state)
    entries = list(kept)
    gone = [e.path for e in stale]
    by_key = {t.key: t for t in targets}

    def keep(t: Target, done: list[OutputEntry]) -> None:
        """A target's outputs as they stay (some maybe replaced before it failed), listed
        again: journalled, so that a build killed now lists each as it is."""
        if done and t.key in records:
            journal.add(t.key, records[t.key], done)
        entries.extend(done)

    def finish(res: JobResult) -> None:
        t = by_key[res.key]
        fallback = f"<{t.key}>"
        report.diagnostics.extend(issue_diagnostic(i, library, t) for i in res.issues)
        if res.crashed:
            report.diagnostics.append(
                Diagnostic(
                    fallback,
                    1,
                    1,
                    Severity.ERROR,
                    "internal.error",
                    f"building {t.key} failed: {res.crashed}",
                    "this is a bug in sheetgen; set SHEETGEN_DEBUG=1 for a traceback",
                )
            )
        if res.write_error:
            report.diagnostics.append(_write_failed(res.write_error, res.write_hint))
        fresh = [
            OutputEntry(
                path=rel,
                source=t.sources[0] if t.sources else None,
                kind=t.kind,
                id=t.id,
                product=t.name,
                format=fmt,
                sha256=sha,
                system=t.system,
                pages=pages,
                target=t.key,
            )
            for rel, fmt, sha, pages in res.files
        ]
        written = {e.path for e in fresh}
        for e in fresh:
            seen.note(e.path, e.sha256)
        earlier = [e for e in by_target.get(t.key, []) if e.format in t.formats]
        if not res.files or res.write_error:
            report.failed += 1
            # Earlier outputs stay, listed as they were, beside any file already replaced.
            done = fresh + [e for e in earlier if e.path not in written]
            if fresh:
                records[t.key] = t.record("", root=root)  # partly new: rebuilt next time
            keep(t, done)
            return
        report.built += 1
        report.pages += res.pages
        report.files += len(res.files)
        records[t.key] = t.record(digests[t.key], res.issues, root)
        journal.add(t.key, records[t.key], fresh)
        entries.extend(fresh)
        gone.extend(e.path for e in earlier if e.path not in written)  # a page the output no longer has

    # An output drawing on several documents (a collection, a handout) is not rebuilt if one
    # of them gave a layout error in its own output: a document with errors writes nothing
    # (its earlier outputs stay). In this process it waits for those outputs; in parallel
    # it starts first (the biggest jobs), its files staged beside the outputs, and they
    # replace them once its documents' own outputs are done and did not fail.
    first = [t for t in todo if not _draws_on_several(t)]
    later = [t for t in todo if _draws_on_several(t)]
    own: dict[tuple[str, str], list[str]] = {}
    for t in first:
        for d in t.job.docs:
            own.setdefault(d.key, []).append(t.key)
    waits = {t.key: {k for d in t.job.docs for k in own.get(d.key, ())} for t in later}
    waiting_on: dict[str, list[Target]] = {}
    for t in later:
        for k in waits[t.key]:
            waiting_on.setdefault(k, []).append(t)
    failed_docs = _members_failed(checked, options.whole, options.formats, later, first, records, planned)
    held: dict[str, JobResult] = {}  # staged results whose documents' own outputs are not all done
    complete = False
    try:
        total = len(todo)
        n = 0
        if progress:
            progress(0, total)

        def step() -> None:
            nonlocal n
            n += 1
            if progress:
                progress(n, total)

        def blocked(t: Target) -> bool:
            """Whether a document of `t` failed; if so its earlier outputs stay, said so."""
            said = _waits_on_failed(t, failed_docs, library, bool(by_target.get(t.key)))
            if said:
                keep(t, [e for e in by_target.get(t.key, []) if e.format in t.formats])
                report.failed += 1
                report.diagnostics.append(said)
            return said is not None

        def settle(res: JobResult) -> None:
            """A staged result whose documents are all done: put in place, or thrown away."""
            if blocked(by_key[res.key]):
                for tmp, _ in res.staged:
                    with contextlib.suppress(OSError):
                        os.unlink(tmp)
            else:
                for n_put, (tmp, path) in enumerate(res.staged):
                    try:
                        os.replace(tmp, path)
                    except OSError as exc:  # as a write in place fails: this output, not the build
                        res.write_error = f"cannot write {display_path(path)}: {exc.strerror or exc}"
                        for left, _ in res.staged[n_put:]:
                            with contextlib.suppress(OSError):
                                os.unlink(left)
                        break
                finish(res)
            step()

        with _runner(options.jobs, todo, checked.theme, out_dir) as runner:
            staged = {t.key for t in later if waits[t.key]} if runner.parallel else set()
            runner.submit([t for t in later if t.key in staged], stage=True)
            runnable = []
            for t in later:
                if not waits[t.key]:
                    if blocked(t):
                        step()
                    else:
                        runnable.append(t)
            runner.submit(first + runnable)
            for res in runner.results():
                if res.key in staged:
                    if waits[res.key]:
                        held[res.key] = res  # its documents' own outputs are still running
                    else:
                        settle(res)
                    continue
                finish(res)
                failed_docs |= _failed_docs(by_key[res.key], res.issues, bool(res.crashed))
                step()
                for t in waiting_on.pop(res.key, []):
                    waits[t.key].discard(res.key)
                    if waits[t.key]:
                        continue
                    if t.key in held:
                        settle(held.pop(t.key))
                    elif t.key not in staged:  # in this process: it runs now, or not at all
                        if blocked(t):
                            step()
                        else:
                            runner.submit([t])
        if changed or manifest.version != __version__ or not (out_dir / MANIFEST).exists():
            journal.removing(gone)  # (a build killed once the manifest is written removes them next time)
            write_manifest(out_dir, __version__, entries, records)
            for rel in gone:
                _remove(out_dir, rel)
        complete = True
    finally:
        for res in held.values():  # staged, never settled: an interrupted build's leftovers
            for tmp, _ in res.staged:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
        journal.close(remove=complete)
    seen.save(e.path for e in entries)
    report.outputs = sorted(e.path for e in entries)
    # The index lists what the manifest lists: when no output changed, the bundled index
    # on disk is current (a publisher's may have a mistake to report: it is rendered).
    unchanged = not changed and manifest.version == __version__
    if not (unchanged and not checked.theme.templates and (out_dir / INDEX).is_file()):
        report.diagnostics.extend(
            _write_index(out_dir, entries, records, checked.theme.templates, checked.theme.templates_digest)
        )


def _moved(
    target: Target, entries: list[OutputEntry], record: TargetRecord
) -> tuple[list[OutputEntry], TargetRecord] | None:
    """An up-to-date target's outputs and record naming the files it is now made from,
    if they name others (its document moved to another file, its bytes the same); else None."""
    source = target.sources[0] if target.sources else None
    if record.sources == target.sources and all(e.source == source for e in entries):
        return None
    return [replace(e, source=source) for e in entries], replace(record, sources=target.sources)


def _spoiled_kinds(library: Library, manifest: Manifest) -> dict[str, set[str]]:
    """Files holding documents that could not be read → the kinds they may be: those
    their text names, and those the last build made from them."""
    if not library.spoiled:
        return {}
    made: dict[str, set[str]] = {}
    for e in manifest.entries:
        if e.source and e.kind:
            made.setdefault(e.source, set()).add(e.kind)
    return {f: set(kinds) | made.get(library.project_name(f), set()) for f, kinds in library.spoiled.items()}


def _not_rebuilt(target: Target, library: Library, earlier: bool = True) -> Diagnostic:
    """Why a target is not built: a document it needs has errors. Placed at that document,
    or, where that is not known, at the document the output is made from; when the
    command does not report the cause (a file it was not given), the hint says how to.
    `earlier`: the output folder has an earlier output of it, which stays (else none is made)."""
    verb, stays = ("rebuilt", "; its earlier output stays as it was") if earlier else ("built", "")
    if not target.blocked_by:
        file = target.blocked_files[0]
        shown = next((f for f, name in library.files.items() if name == file), file)
        hint = (
            "fix the errors above and build again"
            if cause_shown(target, library)
            else f"`sheetgen validate {display_path(shown)}` shows why"
        )
        return Diagnostic(
            shown,
            1,
            1,
            Severity.WARNING,
            "build.not-rebuilt",
            f"{target.key} is not {verb} while {_waiting_on(target)}{stays}",
            hint,
        )
    kind, id_ = target.blocked_by[0]
    own = library.get(*target.job.docs[0].key) if target.scope == "document" and target.job.docs else None
    where = _document_at(library, (kind, id_)) or (own and _document_at(library, own.key)) or (f"<{target.key}>", 1, 1)
    count = len(target.blocked_by) + len(target.blocked_files)
    others = f" (and {count - 1} more)" if count > 1 else ""
    hint = (
        "fix the errors above and build again"
        if cause_shown(target, library)
        else (
            f"`sheetgen validate {display_path(where[0]) if not where[0].startswith('<') else 'content'}` shows its errors"
        )
    )
    aside = _files_to_set_aside(target, library, own)
    if aside:  # a class set, a party's cards: the others can print now, those with errors left aside
        hint += (
            f"; to print it now without {kind} `{id_}`{others}, move {' and '.join(aside)} out of the content folder"
        )
    return Diagnostic(
        *where,
        Severity.WARNING,
        "build.not-rebuilt",
        f"{target.key} is not {verb} while {_waiting_on(target)}{stays}",
        hint,
    )


def _not_rebuilt_once(waiting: list[tuple[Target, bool]], library: Library) -> list[Diagnostic]:
    """The `build.not-rebuilt` warnings of the outputs a build leaves aside (each with
    whether an earlier output of it stays), said once per cause: the outputs waiting on the
    same document share one line, which names the others after the first (bundles and
    print-shop twins last)."""

    def last(t: Target) -> tuple[bool, bool]:
        return t.system == "handouts", bool(find_product(t.product, t.system).print_shop_of)

    said: dict[tuple[str, int, int, str], list[tuple[Target, bool]]] = {}
    for t, earlier in sorted(waiting, key=lambda w: last(w[0])):
        d = _not_rebuilt(t, library, earlier)
        said.setdefault((d.file, d.line, d.column, _waiting_on(t)), []).append((t, earlier))
    out: list[Diagnostic] = []
    for (_, _, _, cause), group in said.items():
        first, earlier = group[0]
        d = _not_rebuilt(first, library, earlier and all(e for _, e in group))
        if len(group) > 1:
            others = ", ".join(t.key for t, _ in group[1:])
            also = f"nor {len(group) - 1} other output{'s' if len(group) > 2 else ''} ({others})"
            message = d.message.replace(cause, f"{cause}, {also}", 1).replace(
                "; its earlier output stays as it was", "; their earlier outputs stay as they were"
            )
            d = replace(d, message=message)
        out.append(d)
    return out


def _files_to_set_aside(target: Target, library: Library, own) -> list[str]:
    """The files to move out of the content folder for an output drawing on several
    documents to be built without those with errors: every file holding one, where none of
    them holds a document it is built from (nor its own); else none."""
    if not _draws_on_several(target) or target.blocked_files:
        return []
    files = set()
    for key in target.blocked_by:
        at = _document_at(library, key)
        if not at:
            return []
        files |= {c.file for c in library.claims.get(key, ())} | {at[0]}  # every document with its id
    needed = {d.file for d in (library.get(*m.key) for m in target.job.docs) if d is not None}
    if own is not None:
        needed.add(own.file)
    return [display_path(f) for f in sorted(files)] if not files & needed else []


def theme_broken(checked: Checked) -> Diagnostic:
    """The warning that nothing is built while the theme has errors, at the theme's document
    (the hint says how to see its errors where the command was not given its file)."""
    library, theme = checked.library, checked.theme
    where = _document_at(library, ("theme", theme.id)) or ("<build>", 1, 1)
    shown = where[0].startswith("<") or library.is_target_file(where[0])
    return Diagnostic(
        *where,
        Severity.WARNING,
        "build.not-rebuilt",
        f"nothing is built while the theme `{theme.id}` has errors; earlier outputs stay as they were",
        "fix the theme's errors above" if shown else f"`sheetgen validate {display_path(where[0])}` shows them",
    )


def _document_at(library: Library, key: tuple[str, str]) -> tuple[str, int, int] | None:
    """Where a document starts (file, line, column), valid or not; None if it was never read."""
    doc = library.get(*key)
    return (doc.file, doc.start.line, doc.start.column) if doc else library.invalid_at.get(key)


def _waiting_on(target: Target) -> str:
    """What a target waits on, in words: `tricube-character `orm` has errors`."""
    if not target.blocked_by:
        return f"{target.blocked_files[0]} holds a document that cannot be read"
    kind, id_ = target.blocked_by[0]
    count = len(target.blocked_by) + len(target.blocked_files)
    return f"{kind} `{id_}`" + (f" (and {count - 1} more)" if count > 1 else "") + " has errors"


def cause_shown(target: Target, library: Library) -> bool:
    """Whether the errors a target waits on are reported beside the command's own: they
    are when they lie in the files it was given, not in others read for reference."""
    if not target.blocked_by:
        return all(library.is_target_file(f) for f, name in library.files.items() if name in target.blocked_files)
    file = (_document_at(library, target.blocked_by[0]) or ("",))[0]
    if not file:  # not even read: its errors are reported unless it may lie in another file
        return not library.context_files
    return library.is_target_file(file)


def _up_to_date(
    seen: Seen, target: Target, entries: list[OutputEntry], record: TargetRecord | None, digest: str
) -> bool:
    if not entries or record is None or record.input != digest:
        return False
    if {e.format for e in entries} != set(target.formats):
        return False
    for e in entries:
        if seen.sha256(e.path) != e.sha256:
            return False
    return True


@dataclass
class _Present:
    """What this build read, gathered once to judge the outputs it did not plan."""

    spoiled: set[str]  # files (as the manifest names them) with unidentified documents
    kinds: set[str]  # kinds with documents, valid or not (or maybe, in spoiled files)
    systems: set[str]
    read: set[str]  # files read as targets
    seen: set[str]  # every file read
    print_shop: bool  # the theme asks for decks' print-shop exports

    @classmethod
    def of(cls, library: Library, spoiled: dict[str, set[str]], print_shop: bool = True) -> _Present:
        kinds = {d.kind for d in library.documents} | {k for k, _ in library.invalid}
        for found in spoiled.values():
            kinds |= found
        systems = {game for k in kinds if (game := game_of_kind(k))}
        systems |= {s for s in (kinds_registry.system_of(d) for d in library.documents) if s}
        return cls(
            {library.project_name(f) for f in spoiled},
            kinds,
            systems,
            {name for file, name in library.files.items() if library.is_target_file(file)},
            set(library.files.values()),
            print_shop,
        )


def _is_stale(
    key: str, entries: list[OutputEntry], record: TargetRecord | None, library: Library, present: _Present, whole: bool
) -> bool:
    """Whether the outputs of a target this build did not plan belong to content that is
    gone. Never for a file holding a document that cannot be read, nor for a document
    that still exists (with errors, or outside what a partial build was given); outputs
    made from many documents or none only in a whole build, once no document of their
    kinds (valid or not) is left."""
    scope = record.scope if record and record.scope else "document"
    product = products().get(record.product) if record and record.product else None
    if product is not None and product.print_shop_of and not present.print_shop:
        # A print-shop export the theme no longer asks for: gone with the build that reads
        # what it was made from (a whole build, or its document's file).
        return whole or (scope == "document" and entries[0].source in present.read)
    if scope == "document":
        first = entries[0]
        if not first.kind or not first.source or first.source in present.spoiled:
            return False
        if library.has(first.kind, first.id) or (first.kind, first.id) in library.invalid:
            return False
        return first.source in present.read or (whole and first.source not in present.seen)
    if not whole:
        return False
    if product is None:
        return True  # a product sheetgen no longer makes
    if scope == "blank":
        return key.split("/", 1)[0] not in present.systems
    return not (set(record.kinds or product.kinds) & present.kinds)


def _remove(out_dir: Path, rel: str) -> None:
    """Remove an output, and the folders it leaves empty (`<system>/<product>/`)."""
    try:
        path = safe_output_path(out_dir, rel)
        path.unlink()
    except (OSError, ValueError):
        return
    root = out_dir.resolve()
    folder = path.parent
    while folder != root and root in folder.parents:
        try:
            folder.rmdir()  # only while empty
        except OSError:
            break
        folder = folder.parent


def _write_index(
    out_dir: Path,
    entries: list[OutputEntry],
    records: dict[str, TargetRecord],
    templates: str = "",
    templates_digest: str = "",
) -> list[Diagnostic]:
    from sheetgen.layout.templates import TemplateProblem, render_template, use_templates

    groups: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for e in sorted(entries, key=lambda e: e.path):
        # Each output with the files it is made from (kept once per target in the manifest).
        record = records.get(e.target)
        row = {**e.to_json(), "sources": list(record.sources) if record else [e.source] if e.source else []}
        groups.setdefault(e.system or "other", {}).setdefault(e.product, []).append(row)
    use_templates(templates, templates_digest)
    try:
        html = render_template("index.html.j2", groups=groups, version=__version__, display_path=display_path)
    except TemplateProblem as exc:  # the publisher's index: the earlier one stays
        return [exc.diagnostic]
    write_atomic(safe_output_path(out_dir, INDEX), html.encode("utf-8"))
    return []


def layout_issues(
    checked: Checked, whole: bool = True, waiting: list[str] | None = None, made: set[str] | None = None
) -> list[Diagnostic]:
    """Lay out every target a build would make without rendering, to find text that does
    not fit; a target that waits for a document whose errors are not reported (outside
    the files given) gets the warning a build gives it; with `waiting`, one that is not a
    given document's own output (a collection it is one of) gets a note there instead:
    what a build of those files would leave as it was is no problem of theirs. `made`: the
    outputs the output folder has (the warning says an earlier one stays only of those).

    A deck's print-shop twin is the same cards one a page: its layout can report nothing
    the deck's own does not (`impose_single` checks nothing), so it is skipped when the
    deck itself is laid out."""
    out: list[Diagnostic] = []
    targets = plan(checked, FORMATS, whole=whole)
    laid_out = {(t.system, t.product, t.id) for t in targets}
    # As a build of the same paths: the own outputs of documents read for reference are laid
    # out too when a collection being checked draws on them (there is no manifest here).
    failed_docs = _members_failed(
        checked,
        whole,
        FORMATS,
        [t for t in targets if _draws_on_several(t)],
        [t for t in targets if not _draws_on_several(t)],
        {},
        {t.key for t in targets},
    )
    for t in sorted(targets, key=_draws_on_several):  # a document's own outputs first, as a build
        if (t.blocked_by or t.blocked_files) and not cause_shown(t, checked.library):
            said = _not_rebuilt(t, checked.library, made is None or t.key in made)  # the cause: a file not given
            own = checked.library.get(*t.job.docs[0].key) if t.scope == "document" and t.job.docs else None
            if waiting is None or (own is not None and checked.library.is_target_file(own.file)):
                out.append(said)  # a given document's own output (a handout) is not built
            elif not find_product(t.product, t.system).print_shop_of:  # (its twin waits as its deck does)
                what = "leaves {} as it was" if made is None or t.key in made else "does not make {}"
                waiting.append(f"{said.file}: a build {what.format(t.key)}: {_waiting_on(t)} ({said.hint})")
        said = (
            _waits_on_failed(t, failed_docs, checked.library, made is None or t.key in made)
            if _draws_on_several(t)
            else None
        )
        if said:  # what a build says of it (laid out all the same: every problem is reported at once)
            out.append(said)
        if _twin_laid_out(t, laid_out):
            continue
        try:
            _, issues = lay_out(t, checked.theme)
        except Exception as exc:  # a bug
            out.append(
                Diagnostic(
                    f"<{t.key}>",
                    1,
                    1,
                    Severity.ERROR,
                    "internal.error",
                    f"laying out {t.key} failed: {type(exc).__name__}: {exc}",
                )
            )
            continue
        out.extend(issue_diagnostic(i, checked.library, t) for i in issues)
        if not _draws_on_several(t):
            failed_docs |= _failed_docs(t, issues)
    return out


def _twin_laid_out(target: Target, laid_out: set[tuple[str, str, str]]) -> bool:
    """Whether `target` is a print-shop twin whose deck is among `laid_out`."""
    twin_of = find_product(target.product, target.system).print_shop_of
    if not twin_of:
        return False
    deck = find_product(twin_of, target.system)
    deck_id = target.id if target.scope == "document" else deck.target or deck.name
    return (target.system, twin_of, deck_id) in laid_out


def unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Each diagnostic once; text too long in the same place for several products (a
    monster's name on its stat blocks and in a handout) said once, naming them all, with
    the shortest length the hints give (which fits them all)."""
    seen: set[Any] = set()
    out: list[Diagnostic] = []
    merged: dict[tuple, int] = {}  # a too-long finding's place and words → its index in `out`
    for d in diagnostics:
        k = (d.file, d.line, d.column, d.code, d.message)
        if k in seen:
            continue
        seen.add(k)
        m = _IN_PRODUCT_RE.match(d.message) if d.code in TOO_LONG else None
        if m is None:
            out.append(d)
            continue
        place = (d.file, d.line, d.column, d.code, d.severity, m.group("who"), m.group("rest"))
        if place not in merged:
            merged[place] = len(out)
            out.append(d)
            continue
        first = out[merged[place]]
        products = re.findall(r"`([^`]+)`", _IN_PRODUCT_RE.match(first.message).group("products"))
        message = _in_products(m.group("who"), products + [m.group("product")], m.group("rest"))
        out[merged[place]] = dataclasses.replace(first, message=message, hint=_shorter_hint(first.hint, d.hint))
    return out


_IN_PRODUCT_RE = re.compile(
    r"(?P<who>[\w-]+ `[^`]+`) in (?P<products>(?:`[^`]+`(?:, | and ))*?`(?P<product>[^`]+)`)"
    r": (?P<rest>.*)",
    re.DOTALL,
)
_SHORTEN_RE = re.compile(r"shorten it to (\d+) characters")


def _shorter_hint(a: str | None, b: str | None) -> str | None:
    """Of two hints to shorten a text, the one asking for the shorter text."""
    la, lb = (_SHORTEN_RE.search(h or "") for h in (a, b))
    if la and lb and int(lb.group(1)) < int(la.group(1)):
        return b
    return a
