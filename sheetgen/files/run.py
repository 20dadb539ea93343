"""Running targets: laying out and rendering each (in this process, or in worker
processes started once), its files written in place or staged beside the outputs."""

from __future__ import annotations

import gc
import importlib
import itertools
import os
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheetgen.diagnostics import Severity
from sheetgen.files.outputs import TargetRecord, safe_output_path, stage_file, write_atomic
from sheetgen.files.plan import Target, plan, target_digest
from sheetgen.files.report import write_problem
from sheetgen.layout.context import Issue, Source
from sheetgen.layout.primitives import LayoutDocument
from sheetgen.layout.products import Product
from sheetgen.layout.registry import product as find_product
from sheetgen.render.card_exports import EXPORTS
from sheetgen.rules import Checked
from sheetgen.rules.theme import ResolvedTheme


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

    product: Product = find_product(target.product, target.game)
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
        result.pages = len(document.pages)
        _write(result, itertools.chain(_rendered(target, document), _exported(target, document)), out_dir, stage)
    except Exception as exc:  # a bug: report it without a traceback, keep building the rest
        result.crashed = f"{type(exc).__name__}: {exc}"
        if os.environ.get("SHEETGEN_DEBUG"):
            raise
    return result


#: A file an output is made of: (path in the output folder, format, bytes, pages).
Rendered = tuple[str, str, bytes, int]


def _rendered(target: Target, document: LayoutDocument) -> list[Rendered]:
    """A target's PDF (and its companions) and SVG pages, rendered."""
    rendered: list[Rendered] = []
    if "pdf" in target.formats:
        from sheetgen.render.pdf import render_pdf

        # The pages are let go as they are drawn, unless the SVGs still need them.
        pages = len(document.pages)
        rendered.append(
            (target.relpath("pdf"), "pdf", render_pdf(document, release="svg" not in target.formats), pages)
        )
        for suffix, extra in document.companions:  # a bundle's cards, for instance
            rendered.append((target.relpath("pdf", suffix=suffix), "pdf", render_pdf(extra), len(extra.pages)))
    if "svg" in target.formats:
        from sheetgen.render.svg import render_svg

        many = len(document.pages) > 1
        for n, page in enumerate(document.pages, 1):
            title = f"{document.title} — {page.label}" if page.label else document.title
            rendered.append((target.relpath("svg", n if many else None), "svg", render_svg(page, title), 1))
    return rendered


def _write(result: JobResult, files: Iterable[Rendered], out_dir: str, stage: bool) -> None:
    """A target's files written in place, or staged beside their outputs (`stage_file`),
    listed in `result`; the first that cannot be written stops the rest."""
    root = Path(out_dir)
    for rel, fmt, data, pages in files:
        try:
            path = safe_output_path(root, rel)
            if stage:
                sha, tmp = stage_file(path, data)
                if tmp:
                    result.staged.append((tmp, str(path)))
            else:
                sha = write_atomic(path, data, durable=False)
        except OSError as exc:  # the output folder, not the content: say which file and why
            result.write_error, result.write_hint = write_problem(exc, root / rel)
            break
        result.files.append((rel, fmt, sha, pages))


def _exported(target: Target, document: LayoutDocument) -> Iterator[Rendered]:
    """The files of a card export target, one at a time: `<system>/<product>-<format>/<id>/…`."""
    fmt = target.formats[0]
    if fmt not in EXPORTS:
        return
    from sheetgen.render.card_exports import png_files, tts_files

    files = png_files(document) if fmt == "png" else tts_files(document, target.id)
    for name, data in files:
        yield f"{target.game}/{target.name}/{target.id}/{name}", fmt, data, 1


#: What every target a worker process runs shares, set once when the worker starts
#: (not sent again with each target).
_WORKER: list[tuple[ResolvedTheme, str]] = []


def _start_worker(theme: ResolvedTheme, out_dir: str) -> None:
    _WORKER[:] = [(theme, out_dir)]
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
        importlib.import_module("sheetgen.render.pdf")
    if "svg" in formats:
        importlib.import_module("sheetgen.render.svg")


def members_failed(
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
        if t.draws_on_several or not t.job.docs or t.job.docs[0].key not in needed or t.key in planned:
            continue
        if find_product(t.product, t.game).print_shop_of:
            continue  # the same cards as its deck
        record = records.get(t.key)
        if record is not None and record.input == target_digest(t, checked.theme, shared):
            continue
        failed |= failed_docs(t, lay_out(t, checked.theme)[1])
    return failed


def failed_docs(target: Target, issues: Iterable[Issue], crashed: bool = False) -> set[tuple[str, str]]:
    """The documents an output that failed (errors in its layout, or a crash) failed for:
    those its errors are about, else its own; none if it did not fail."""
    errors = [i for i in issues if i.severity is Severity.ERROR]
    if not (errors or crashed):
        return set()
    named = {i.source.doc for i in errors if i.source.doc}
    return named or ({target.job.docs[0].key} if target.job.docs else set())


class Runner:
    """Runs targets in this process, or in worker processes started once: `submit` lists
    of targets at any time (a collection once its members' own outputs are done), take the
    results with `results` as they come."""

    def __init__(self, jobs: int, theme: ResolvedTheme, out_dir: Path, pool: Executor | None = None):
        self.jobs, self.theme, self.out_dir, self.pool = jobs, theme, str(out_dir), pool
        self.queue: list[tuple[Target, bool]] = []
        self.pending: set[Future[list[JobResult]]] = set()

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
def runner(jobs: int, todo: list[Target], theme: ResolvedTheme, out_dir: Path) -> Iterator[Runner]:
    if jobs <= 1 or len(todo) <= 1:
        yield Runner(jobs, theme, out_dir)
        return
    from sheetgen.workers import worker_pool

    _import_renderers(todo)  # once, here: the workers start with them (fork)
    with worker_pool(jobs, _start_worker, (theme, str(out_dir))) as pool:
        try:
            yield Runner(jobs, theme, out_dir, pool)
        except BaseException:  # interrupted, say: what was not started is not waited for
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _run_chunk(targets: list[Target], stage: bool = False) -> list[JobResult]:
    theme, out_dir = _WORKER[0]
    return [run_target(t, theme, out_dir, stage) for t in targets]


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
