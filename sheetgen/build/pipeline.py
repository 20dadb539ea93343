"""The build: plan targets from checked content, lay out and render the ones that
changed (in parallel processes if asked), write them atomically, keep the manifest.

Only this stage (and the CLI above it) sees every other stage.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from pydantic_core import to_jsonable_python

from sheetgen import __version__
from sheetgen.build.stamp import code_fingerprint
from sheetgen.build.files import OutputEntry, read_manifest, safe_output_path, sha256_file, write_atomic, write_manifest
from sheetgen.content import registry as kinds_registry
from sheetgen.content.gamedata import is_game_data
from sheetgen.content.loader import Library
from sheetgen.diagnostics import Diagnostic, Severity, display_path
from sheetgen.layout.context import Issue, LayoutContext, Source
from sheetgen.layout.primitives import LayoutDocument
from sheetgen.layout.products import DocInput, Job, Product
from sheetgen.layout.registry import product as find_product
from sheetgen.layout.registry import products
from sheetgen.rules import Checked
from sheetgen.rules.theme import ResolvedTheme

FORMATS = ("pdf", "svg")


@dataclass(frozen=True)
class Target:
    """One product to build for one output id."""

    product: str
    system: str
    name: str
    id: str
    kind: str | None
    sources: tuple[str, ...]
    formats: tuple[str, ...]
    job: Job
    scope: str = "document"
    blocked_by: tuple[tuple[str, str], ...] = ()  # documents with errors this output needs

    @property
    def key(self) -> str:
        return f"{self.system}/{self.name}/{self.id}"

    def relpath(self, fmt: str, page: int | None = None, suffix: str | None = None) -> str:
        end = (f"-p{page}" if page is not None else "") + (f"-{suffix}" if suffix else "")
        return f"{self.system}/{self.name}/{self.id}{end}.{fmt}"


def doc_system(doc) -> str | None:
    spec = kinds_registry.get(doc.kind)
    system = spec.system if spec else None
    return system or getattr(doc.model, "system", None)


def plan(checked: Checked, formats: Iterable[str] = FORMATS) -> list[Target]:
    """Every target the checked content asks for, in a stable order."""
    wanted = tuple(f for f in FORMATS if f in set(formats))
    docs = [d for d in checked.documents(*kinds_registry.names()) if d.kind != "theme"]
    systems = {s for s in (doc_system(d) for d in docs) if s}
    docs += shipped_documents(checked, systems)
    valid = [d for d in checked.documents(*kinds_registry.names(), targets_only=False) if d.kind != "theme"]
    inputs = {d.key: DocInput(d.kind, d.id, d.model, checked.derived.get(d.key), d.file) for d in valid}
    # Documents with errors, whether the loader or the rules found them.
    broken = sorted({d.key for d in checked.library.targets if d.key in checked.failed} | checked.library.invalid)

    def failed_of(kinds: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        return tuple(k for k in broken if k[0] in kinds)

    targets: list[Target] = []
    for product in products(systems | kinds_registry.games_of(valid)).values():
        fmts = tuple(f for f in product.formats if f in wanted)
        if not fmts:
            continue
        options = tuple(sorted(product.options.items()))
        members = [inputs[d.key] for d in docs if d.kind in product.kinds]
        if product.scope == "document":
            for di in members:
                sys_ = product.system_of(di)
                wanted_keys = product.includes(di) if product.includes else []
                extra = [inputs[k] for k in wanted_keys if k in inputs]
                missing = tuple(k for k in wanted_keys if k not in inputs)
                sources = tuple(dict.fromkeys([di.file] + [e.file for e in extra]))
                targets.append(Target(product.id, sys_, product.name, di.id, di.kind, sources, fmts,
                                      Job(product.id, di.id, (di, *extra), options), blocked_by=missing))
        elif product.scope == "collection":
            if members:
                sys_ = product.system_of(members[0])
                tid = product.target or product.name
                targets.append(Target(product.id, sys_, product.name, tid, members[0].kind,
                                      tuple(sorted({m.file for m in members})), fmts,
                                      Job(product.id, tid, tuple(members), options), "collection",
                                      blocked_by=failed_of(product.kinds)))
        elif product.scope == "blank":
            sys_ = product.system_of(None)
            if sys_ in systems:
                # A blank needs no documents, but gets the game's settings documents
                # (its `kinds`) when there are any, so it follows a campaign's own rules.
                settings_docs = tuple(inputs[d.key] for d in valid if d.kind in product.kinds)
                tid = product.target or product.name
                targets.append(Target(product.id, sys_, product.name, tid, None,
                                      tuple(sorted({d.file for d in settings_docs})), fmts,
                                      Job(product.id, tid, settings_docs, options), "blank",
                                      blocked_by=failed_of(product.kinds)))
    targets.sort(key=lambda t: t.key)
    return targets


def shipped_documents(checked: Checked, systems: set[str]) -> list:
    """The game data sheetgen ships (upgrade catalog, factions …) for the games the
    project has content of: built like the project's own documents."""
    return [d for d in checked.documents(*kinds_registry.names(), targets_only=False)
            if is_game_data(d.file) and d.kind != "theme" and doc_system(d) in systems]



def target_digest(target: Target, theme: ResolvedTheme) -> str:
    """A digest of everything a target's output is made from."""
    payload = {
        "sheetgen": __version__,
        "code": code_fingerprint(),
        "target": target.key,
        "product": target.product,
        "formats": target.formats,
        "options": target.job.options,
        "theme": dataclasses.asdict(theme),
        "date": os.environ.get("SOURCE_DATE_EPOCH", ""),  # the PDFs carry it
        "docs": [
            {"kind": d.kind, "id": d.id, "model": d.model.model_dump(mode="json"), "derived": d.derived}
            for d in target.job.docs
        ],
    }
    blob = json.dumps(to_jsonable_python(payload), sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


# --- running one target (in this process or a worker) ---------------------------------


@dataclass
class JobResult:
    key: str
    files: list[tuple[str, str, str, int]] = field(default_factory=list)  # (relpath, format, sha256, pages)
    pages: int = 0
    issues: list[Issue] = field(default_factory=list)
    crashed: str | None = None
    write_error: str | None = None


def lay_out(target: Target, theme: ResolvedTheme) -> tuple[LayoutDocument | None, list[Issue]]:
    from sheetgen.layout.templates import TemplateProblem, use_templates

    product: Product = find_product(target.product, target.system)
    ctx = LayoutContext(theme)
    use_templates(theme.templates, theme.templates_digest)
    try:
        document = product.layout(ctx, target.job)
    except TemplateProblem as exc:  # a publisher's template: reported at its line, nothing drawn
        d = exc.diagnostic
        ctx.issues.append(Issue(Source(None), d.severity, d.code, d.message, d.hint, at=(d.file, d.line, d.column)))
        return None, ctx.issues
    return document, ctx.issues


def run_target(target: Target, theme: ResolvedTheme, out_dir: str) -> JobResult:
    """Lay out and render one target; write its files only if layout found no errors."""
    result = JobResult(target.key)
    try:
        document, result.issues = lay_out(target, theme)
        if document is None or any(i.severity is Severity.ERROR for i in result.issues):
            return result
        rendered: list[tuple[str, str, bytes, int]] = []
        if "pdf" in target.formats:
            from sheetgen.render.pdf import render_pdf

            rendered.append((target.relpath("pdf"), "pdf", render_pdf(document), len(document.pages)))
            for suffix, extra in document.companions:  # a bundle's cards, for instance
                rendered.append((target.relpath("pdf", suffix=suffix), "pdf", render_pdf(extra), len(extra.pages)))
        if "svg" in target.formats:
            from sheetgen.render.svg import render_svg

            many = len(document.pages) > 1
            for n, page in enumerate(document.pages, 1):
                title = f"{document.title} — {page.label}" if page.label else document.title
                rendered.append((target.relpath("svg", n if many else None), "svg", render_svg(page, title), 1))
        root = Path(out_dir)
        for rel, fmt, data, pages in rendered:
            try:
                sha = write_atomic(safe_output_path(root, rel), data, durable=False)
            except OSError as exc:  # the output folder, not the content: say which file and why
                result.write_error = f"cannot write {Path(out_dir) / rel}: {exc.strerror or exc}"
                break
            result.files.append((rel, fmt, sha, pages))
        result.pages = len(document.pages)
    except Exception as exc:  # a bug: report it without a traceback, keep building the rest
        result.crashed = f"{type(exc).__name__}: {exc}"
        if os.environ.get("SHEETGEN_DEBUG"):
            raise
    return result


def _run_packed(args: tuple[Target, ResolvedTheme, str]) -> JobResult:
    return run_target(*args)


# --- the whole build ---------------------------------------------------------------------


@dataclass
class BuildOptions:
    out_dir: Path
    formats: tuple[str, ...] = FORMATS
    jobs: int = 1
    force: bool = False


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


def issue_diagnostic(issue: Issue, library: Library, target: "Target") -> Diagnostic:
    """A layout issue placed at its document's field in the source file. One with no
    field of its own goes to the document the output is made from, or, when it is made
    from many or none (a blank sheet), to the target itself: `<system/product/id>`."""
    if issue.at is not None:
        return Diagnostic(*issue.at, issue.severity, issue.code, issue.message, issue.hint)
    doc = library.get(*issue.source.doc) if issue.source.doc else None
    if doc is None and target.scope == "document" and target.job.docs:
        doc = library.get(*target.job.docs[0].key)
    if doc is None:
        return Diagnostic(f"<{target.key}>", 1, 1, issue.severity, issue.code, issue.message, issue.hint)
    m = doc.mark(issue.source.path)
    name = f"{doc.kind} `{doc.id}`: "
    return Diagnostic(doc.file, m.line, m.column, issue.severity, issue.code, name + issue.message, issue.hint)


def build(
    checked: Checked,
    options: BuildOptions,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> BuildReport:
    """Build every planned target that changed; keep earlier outputs of failed ones."""
    started = time.perf_counter()
    library = checked.library
    out_dir = options.out_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    targets = plan(checked, options.formats)
    report = BuildReport(diagnostics=[], targets=len(targets))
    report.documents = len({d.key for t in targets for d in t.job.docs})
    _, previous = read_manifest(out_dir)
    by_target: dict[str, list[OutputEntry]] = {}
    for entry in previous:
        by_target.setdefault(entry.target, []).append(entry)

    digests = {t.key: target_digest(t, checked.theme) for t in targets}
    todo: list[Target] = []
    kept: list[OutputEntry] = []
    for t in targets:
        old = by_target.get(t.key, [])
        # Formats not asked for this time keep their earlier files, listed as they were.
        kept.extend(e for e in old if e.format not in t.formats)
        old = [e for e in old if e.format in t.formats]
        if checked.theme.broken or t.blocked_by:
            kept.extend(old)  # made from documents with errors: earlier outputs stay intact
            report.failed += 1
            if t.blocked_by and not checked.theme.broken:
                report.diagnostics.append(_not_rebuilt(t, library))
        elif not options.force and _up_to_date(out_dir, t, old, digests[t.key]):
            kept.extend(old)
            report.unchanged += 1
        else:
            todo.append(t)
    if checked.theme.broken and targets:
        report.diagnostics.append(Diagnostic(
            "<build>", 1, 1, Severity.WARNING, "build.not-rebuilt",
            f"nothing is built while the theme `{checked.theme.id}` has errors; earlier outputs stay as they were",
            "fix the theme's errors above"))

    results: list[JobResult] = []
    total = len(todo)
    if progress:
        progress(0, total)
    if options.jobs > 1 and total > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=options.jobs) as pool:
            futures = [pool.submit(_run_packed, (t, checked.theme, str(out_dir))) for t in todo]
            for n, fut in enumerate(as_completed(futures), 1):
                results.append(fut.result())
                if progress:
                    progress(n, total)
    else:
        for n, t in enumerate(todo, 1):
            results.append(run_target(t, checked.theme, str(out_dir)))
            if progress:
                progress(n, total)

    by_key = {t.key: t for t in targets}
    new_entries: list[OutputEntry] = list(kept)
    for res in sorted(results, key=lambda r: r.key):
        t = by_key[res.key]
        fallback = f"<{t.key}>"
        report.diagnostics.extend(issue_diagnostic(i, library, t) for i in res.issues)
        if res.crashed:
            report.diagnostics.append(
                Diagnostic(fallback, 1, 1, Severity.ERROR, "internal.error",
                           f"building {t.key} failed: {res.crashed}",
                           "this is a bug in sheetgen; set SHEETGEN_DEBUG=1 for a traceback")
            )
        if res.write_error:
            report.diagnostics.append(
                Diagnostic(fallback, 1, 1, Severity.ERROR, "build.write-failed", res.write_error,
                           "check that the output folder is writable and the disk is not full")
            )
        if not res.files or res.write_error:
            report.failed += 1
            # Earlier outputs stay, listed as they were (other formats are already kept).
            new_entries.extend(e for e in by_target.get(t.key, []) if e.format in t.formats)
            continue
        report.built += 1
        report.pages += res.pages
        report.files += len(res.files)
        written = set()
        for rel, fmt, sha, pages in res.files:
            written.add(rel)
            new_entries.append(
                OutputEntry(
                    path=rel,
                    source=t.sources[0] if t.sources else None,
                    kind=t.kind,
                    id=t.id,
                    product=t.name,
                    format=fmt,
                    sha256=sha,
                    system=t.system,
                    sources=t.sources,
                    pages=pages,
                    target=t.key,
                    input=digests[t.key],
                    scope=t.scope,
                )
            )
        for entry in by_target.get(t.key, []):
            if entry.path not in written and entry.format in t.formats:
                _remove(out_dir, entry.path)

    planned = {t.key for t in targets}
    loaded_files = set(library.sources)
    for key, entries in by_target.items():
        if key in planned:
            continue
        for entry in entries:
            if _is_orphan(entry, library, loaded_files):
                _remove(out_dir, entry.path)
            else:
                new_entries.append(entry)

    write_manifest(out_dir, __version__, new_entries)
    report.diagnostics.extend(_write_index(out_dir, new_entries, checked.theme.templates, checked.theme.templates_digest))
    report.seconds = time.perf_counter() - started
    return report


def _not_rebuilt(target: Target, library: Library) -> Diagnostic:
    kind, id_ = target.blocked_by[0]
    doc = library.get(kind, id_)
    where = (doc.file, doc.start.line, doc.start.column) if doc else (f"<{target.key}>", 1, 1)
    others = f" (and {len(target.blocked_by) - 1} more)" if len(target.blocked_by) > 1 else ""
    return Diagnostic(*where, Severity.WARNING, "build.not-rebuilt",
                      f"{target.key} is not rebuilt while {kind} `{id_}`{others} has errors; "
                      "its earlier output stays as it was", "fix the errors above and build again")


def _up_to_date(out_dir: Path, target: Target, entries: list[OutputEntry], digest: str) -> bool:
    if not entries or any(e.input != digest for e in entries):
        return False
    if {e.format for e in entries} != set(target.formats):
        return False
    for e in entries:
        if sha256_file(out_dir / e.path) != e.sha256:
            return False
    return True


def _is_orphan(entry: OutputEntry, library: Library, loaded_files: set[str]) -> bool:
    """An output of a document that is gone: its source was read this time (or no
    longer exists) and holds no document of that kind and id, valid or not."""
    if entry.scope != "document" or not entry.kind or not entry.source:
        return False
    if library.has(entry.kind, entry.id) or (entry.kind, entry.id) in library.invalid:
        return False
    return entry.source in loaded_files or not Path(entry.source).exists()


def _remove(out_dir: Path, rel: str) -> None:
    try:
        safe_output_path(out_dir, rel).unlink()
    except (OSError, ValueError):
        pass


def _write_index(out_dir: Path, entries: list[OutputEntry], templates: str = "", templates_digest: str = "") -> list[Diagnostic]:
    from sheetgen.layout.templates import TemplateProblem, render_template, use_templates

    groups: dict[str, dict[str, list[OutputEntry]]] = {}
    for e in sorted(entries, key=lambda e: e.path):
        groups.setdefault(e.system or "other", {}).setdefault(e.product, []).append(e)
    use_templates(templates, templates_digest)
    try:
        html = render_template("index.html.j2", groups=groups, version=__version__, display_path=display_path)
    except TemplateProblem as exc:  # the publisher's index: the earlier one stays
        return [exc.diagnostic]
    write_atomic(out_dir / "index.html", html.encode("utf-8"))
    return []


def layout_issues(checked: Checked) -> list[Diagnostic]:
    """Lay out every target without rendering, to find text that does not fit."""
    out: list[Diagnostic] = []
    for t in plan(checked, FORMATS):
        try:
            _, issues = lay_out(t, checked.theme)
        except Exception as exc:  # a bug
            out.append(Diagnostic(f"<{t.key}>", 1, 1, Severity.ERROR, "internal.error",
                                  f"laying out {t.key} failed: {type(exc).__name__}: {exc}"))
            continue
        out.extend(issue_diagnostic(i, checked.library, t) for i in issues)
    return out


def unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[Any] = set()
    out = []
    for d in diagnostics:
        k = (d.file, d.line, d.column, d.code, d.message)
        if k not in seen:
            seen.add(k)
            out.append(d)
    return out
