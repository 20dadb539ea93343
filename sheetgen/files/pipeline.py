"""The build: plan targets from checked content, lay out and render the ones that
changed (in parallel processes if asked), write them atomically, keep the manifest.

This stage may import every stage before it. `build` takes the output
folder's lock; a `Build` does the rest, one named step at a time.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheetgen import __version__
from sheetgen.diagnostics import Diagnostic, Severity, display_path
from sheetgen.files import stamp
from sheetgen.files.index import write_index
from sheetgen.files.outputs import (
    FOREIGN,
    INDEX,
    JOURNAL,
    MANIFEST,
    OUTPUT_FOLDER_HINT,
    Journal,
    OutputEntry,
    Seen,
    clean_temp_files,
    foreign_files,
    make_state_folder,
    output_folder_problem,
    output_lock,
    read_manifest,
    refused,
    remove_legacy_state,
    state_folder,
    write_manifest,
)
from sheetgen.files.plan import FORMATS, Target, plan, target_digest
from sheetgen.files.report import (
    issue_diagnostic,
    issue_from_json,
    not_rebuilt_once,
    theme_broken,
    waits_on_failed,
    write_failed,
    write_problem,
)
from sheetgen.files.run import JobResult, Runner, failed_docs, members_failed, runner
from sheetgen.files.stale import Present, is_stale, moved, remove_output, spoiled_kinds, up_to_date
from sheetgen.rules import Checked


@dataclass
class BuildOptions:
    out_dir: Path
    formats: tuple[str, ...] = FORMATS
    jobs: int = 1
    force: bool = False
    whole: bool = True  # the project's whole content was given (not some files of it)
    lock_wait: float = 10.0  # seconds a second build waits for the output folder
    # The output folder's build state folder (`files.outputs.state_folder`); by default the one at
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
                    Build(checked, options, state, report, progress).run()
    except OSError as exc:
        message, hint = write_problem(exc, exc.filename or f"into {display_path(str(out_dir))}")
        report.diagnostics.append(write_failed(message, hint))
    if problem is not None:
        report.diagnostics.append(
            Diagnostic(
                "<build>", 1, 1, Severity.ERROR, "build.output-refused", refused(out_dir, problem), OUTPUT_FOLDER_HINT
            )
        )
    report.seconds = time.perf_counter() - started
    return report


class Build:
    """One build, under the output folder's lock: the targets planned and sorted (to run,
    kept as they were, held back), run, the manifest written, the files it no longer lists
    removed, the index written; what it finds and counts goes into `report`.

    The manifest on disk lists every output of the last build until this one is done;
    each rebuilt target is journalled once its files are in place, and files the manifest
    no longer lists (`gone`) are removed once the new one is written."""

    def __init__(
        self,
        checked: Checked,
        options: BuildOptions,
        state: Path,
        report: BuildReport,
        progress: Callable[[int, int], None] | None = None,
    ):
        self.checked, self.options, self.state, self.report = checked, options, state, report
        self.progress = progress
        self.library = checked.library
        self.out_dir = options.out_dir
        self.todo: list[Target] = []  # the targets to run
        self.kept: list[OutputEntry] = []  # earlier outputs listed again as they are
        self.stale: list[OutputEntry] = []  # earlier outputs of content that is gone
        self.relisted = False  # an output kept as it was, from a file of another name (a document moved)
        # Staged results (in parallel) whose documents' own outputs are not all done.
        self.held: dict[str, JobResult] = {}
        self.done = 0  # targets run or held back, for `progress`

    def run(self) -> None:
        self.start()
        self.sort_targets()
        self.find_stale()
        changed = bool(self.todo or self.stale or self.folded or self.relisted)
        self.journal = Journal(self.state)
        self.entries = list(self.kept)  # what the new manifest lists
        self.gone = [e.path for e in self.stale]  # files to remove once it no longer lists them
        self.order_targets()
        complete = False
        try:
            self.run_targets()
            if changed or self.manifest.version != __version__ or not (self.out_dir / MANIFEST).exists():
                self.save_manifest()
            complete = True
        finally:
            self.discard_held()
            self.journal.close(remove=complete)
        self.seen.save(e.path for e in self.entries)
        self.report.outputs = sorted(e.path for e in self.entries)
        self.write_index(changed)

    # --- before anything runs ---------------------------------------------------------

    def start(self) -> None:
        """The last build's manifest read (an interrupted build's journal folded in, what it
        was removing removed), the targets planned and their digests made."""
        stamp.forget(self.state)  # an interrupted build must never be taken for a current one
        remove_legacy_state(self.out_dir)
        self.manifest = read_manifest(self.out_dir, self.state)
        self.folded = (self.state / JOURNAL).exists()  # a build was interrupted: its journal is folded in
        for rel in self.manifest.dropped:  # what it replaced or was removing: listed no more
            remove_output(self.out_dir, rel)
        self.by_target = self.manifest.by_target()
        self.spoiled = spoiled_kinds(self.library, self.manifest)
        options = self.options
        self.targets = plan(self.checked, options.formats, whole=options.whole, spoiled=self.spoiled)
        self.by_key = {t.key: t for t in self.targets}
        self.planned = set(self.by_key)
        listed = [e.path for e in self.manifest.entries] + [t.relpath(f) for t in self.targets for f in t.formats]
        clean_temp_files(self.out_dir, listed)
        clean_temp_files(self.state, ())  # a stamp or a cache whose write was cut short
        self.report.targets = len(self.targets)
        self.report.documents = len({d.key for t in self.targets for d in t.job.docs})
        shared: dict[Any, str] = {}  # the DocInputs live as long as `targets`, so their ids stay theirs
        self.digests = {
            t.key: target_digest(t, self.checked.theme, shared)
            for t in self.targets  # of those it may build
            if options.only is None or options.only(t)
        }
        self.records = dict(self.manifest.targets)
        self.seen = Seen(self.out_dir, self.state)

    def sort_targets(self) -> None:
        """Each planned target to run, or its earlier outputs kept: up to date, not asked
        for now, or made from documents with errors (said so, once per cause)."""
        theme, options = self.checked.theme, self.options
        waiting: list[tuple[Target, bool]] = []
        for t in self.targets:
            old = self.by_target.get(t.key, [])
            # Formats not asked for this time keep their earlier files, listed as they were.
            self.kept.extend(e for e in old if e.format not in t.formats)
            old = [e for e in old if e.format in t.formats]
            if options.only is not None and not options.only(t):
                self.kept.extend(old)
            elif theme.broken or t.blocked_by or t.blocked_files:
                self.kept.extend(old)  # made from documents with errors: earlier outputs stay intact
                self.report.failed += 1
                if not theme.broken:
                    waiting.append((t, bool(old)))
            elif not options.force and up_to_date(self.seen, t, old, self.records.get(t.key), self.digests[t.key]):
                self.keep_unchanged(t, old)
            else:
                self.todo.append(t)
        self.report.diagnostics.extend(not_rebuilt_once(waiting, self.library))
        if theme.broken and self.targets:
            self.report.diagnostics.append(theme_broken(self.checked))

    def keep_unchanged(self, target: Target, old: list[OutputEntry]) -> None:
        """An up-to-date target's outputs kept (named by the file its document is in now),
        with the warnings its layout gave when it was built."""
        found = moved(target, old, self.records[target.key])
        if found:
            old, self.records[target.key] = found
            self.relisted = True
        self.kept.extend(old)
        self.report.unchanged += 1
        kept_issues = (issue_from_json(w, self.library.root) for w in self.records[target.key].warnings)
        self.report.diagnostics.extend(issue_diagnostic(i, self.library, target) for i in kept_issues if i is not None)

    def find_stale(self) -> None:
        """The earlier outputs of targets not planned now: those of content that is gone
        are removed, the others kept."""
        present = Present.of(self.library, self.spoiled, self.checked.theme.print_shop)
        for key, entries in self.by_target.items():
            if key in self.planned:
                continue
            if is_stale(key, entries, self.records.get(key), self.library, present, self.options.whole):
                self.stale.extend(entries)
            else:
                self.kept.extend(entries)

    def order_targets(self) -> None:
        """Documents' own outputs first; an output drawing on several documents (a
        collection, a handout) is not rebuilt if one of them gave a layout error in its own
        output: a document with errors writes nothing (its earlier outputs stay). In this
        process it waits for those outputs; in parallel it starts first (the biggest jobs),
        its files staged beside the outputs, and they replace them once its documents' own
        outputs are done and did not fail."""
        self.first = [t for t in self.todo if not t.draws_on_several]
        self.later = [t for t in self.todo if t.draws_on_several]
        own: dict[tuple[str, str], list[str]] = {}
        for t in self.first:
            for d in t.job.docs:
                own.setdefault(d.key, []).append(t.key)
        # Each later target → the own outputs it waits for, and the other way round.
        self.waits = {t.key: {k for d in t.job.docs for k in own.get(d.key, ())} for t in self.later}
        self.waiting_on: dict[str, list[Target]] = {}
        for t in self.later:
            for k in self.waits[t.key]:
                self.waiting_on.setdefault(k, []).append(t)
        self.failed_docs = members_failed(
            self.checked,
            self.options.whole,
            self.options.formats,
            self.later,
            self.first,
            self.records,
            self.planned,
        )

    # --- running ------------------------------------------------------------------------

    def run_targets(self) -> None:
        """Run every target to run, each result taken as it comes."""
        if self.progress:
            self.progress(0, len(self.todo))
        with runner(self.options.jobs, self.todo, self.checked.theme, self.out_dir) as run:
            self.staged = {t.key for t in self.later if self.waits[t.key]} if run.parallel else set()
            run.submit([t for t in self.later if t.key in self.staged], stage=True)
            run.submit(self.first + [t for t in self.later if not self.waits[t.key] and not self.held_back(t)])
            for res in run.results():
                if res.key not in self.staged:
                    self.own_done(res, run)
                elif self.waits[res.key]:
                    self.held[res.key] = res  # its documents' own outputs are still running
                else:
                    self.settle(res)

    def own_done(self, res: JobResult, run: Runner) -> None:
        """A result run as it is (not staged): taken, and the outputs that waited only for
        it settled, run, or held back."""
        self.finish(res)
        self.failed_docs |= failed_docs(self.by_key[res.key], res.issues, bool(res.crashed))
        self.step()
        for t in self.waiting_on.pop(res.key, []):
            self.waits[t.key].discard(res.key)
            if self.waits[t.key]:
                continue
            if t.key in self.held:
                self.settle(self.held.pop(t.key))
            elif t.key not in self.staged and not self.held_back(t):  # in this process: now, or not at all
                run.submit([t])

    def step(self) -> None:
        self.done += 1
        if self.progress:
            self.progress(self.done, len(self.todo))

    def held_back(self, target: Target) -> bool:
        """Whether a document of `target` failed; if so its earlier outputs stay, said so."""
        earlier = self.by_target.get(target.key, [])
        said = waits_on_failed(target, self.failed_docs, self.library, bool(earlier))
        if said is None:
            return False
        self.keep(target, [e for e in earlier if e.format in target.formats])
        self.report.failed += 1
        self.report.diagnostics.append(said)
        self.step()
        return True

    def settle(self, res: JobResult) -> None:
        """A staged result whose documents are all done: put in place, or thrown away."""
        if not self.held_back(self.by_key[res.key]):
            for n_put, (tmp, path) in enumerate(res.staged):
                try:
                    os.replace(tmp, path)
                except OSError as exc:  # as a write in place fails: this output, not the build
                    res.write_error = f"cannot write {display_path(path)}: {exc.strerror or exc}"
                    _unlink_staged(res.staged[n_put:])
                    break
            self.finish(res)
            self.step()
            return
        _unlink_staged(res.staged)

    def discard_held(self) -> None:
        """Staged results never settled (an interrupted build's leftovers): thrown away."""
        for res in self.held.values():
            _unlink_staged(res.staged)

    def keep(self, target: Target, done: list[OutputEntry]) -> None:
        """A target's outputs as they stay (some maybe replaced before it failed), listed
        again: journalled, so that a build killed now lists each as it is."""
        if done and target.key in self.records:
            self.journal.add(target.key, self.records[target.key], done)
        self.entries.extend(done)

    def finish(self, res: JobResult) -> None:
        """A target's result taken: what its layout found said, its new files listed and
        journalled; or, if it failed, its earlier files kept."""
        t = self.by_key[res.key]
        self.report.diagnostics.extend(issue_diagnostic(i, self.library, t) for i in res.issues)
        if res.crashed:
            self.report.diagnostics.append(_crashed(t, res.crashed))
        if res.write_error:
            self.report.diagnostics.append(write_failed(res.write_error, res.write_hint))
        fresh = _entries(t, res)
        written = {e.path for e in fresh}
        for e in fresh:
            self.seen.note(e.path, e.sha256)
        earlier = [e for e in self.by_target.get(t.key, []) if e.format in t.formats]
        if not res.files or res.write_error:
            self.report.failed += 1
            if fresh:
                self.records[t.key] = t.record("", root=self.library.root)  # partly new: rebuilt next time
            # Earlier outputs stay, listed as they were, beside any file already replaced.
            self.keep(t, fresh + [e for e in earlier if e.path not in written])
            return
        self.report.built += 1
        self.report.pages += res.pages
        self.report.files += len(res.files)
        self.records[t.key] = t.record(self.digests[t.key], res.issues, self.library.root)
        self.journal.add(t.key, self.records[t.key], fresh)
        self.entries.extend(fresh)
        self.gone.extend(e.path for e in earlier if e.path not in written)  # a page the output no longer has

    # --- once every target ran ------------------------------------------------------------

    def save_manifest(self) -> None:
        """The new manifest written, then the files it no longer lists removed (a build
        killed once the manifest is written removes them next time: the journal names them)."""
        self.journal.removing(self.gone)
        write_manifest(self.out_dir, __version__, self.entries, self.records)
        for rel in self.gone:
            remove_output(self.out_dir, rel)

    def write_index(self, changed: bool) -> None:
        """The index lists what the manifest lists: when no output changed, the bundled
        index on disk is current (a publisher's may have a mistake to report: it is rendered)."""
        theme = self.checked.theme
        unchanged = not changed and self.manifest.version == __version__
        if unchanged and not theme.templates and (self.out_dir / INDEX).is_file():
            return
        self.report.diagnostics.extend(
            write_index(self.out_dir, self.entries, self.records, theme.templates, theme.templates_digest)
        )


def _entries(target: Target, res: JobResult) -> list[OutputEntry]:
    """The manifest's entries of the files a target's run wrote."""
    return [
        OutputEntry(
            path=rel,
            source=target.sources[0] if target.sources else None,
            kind=target.kind,
            id=target.id,
            product=target.name,
            format=fmt,
            sha256=sha,
            game=target.game,
            pages=pages,
            target=target.key,
        )
        for rel, fmt, sha, pages in res.files
    ]


def _crashed(target: Target, crashed: str) -> Diagnostic:
    return Diagnostic(
        f"<{target.key}>",
        1,
        1,
        Severity.ERROR,
        "internal.error",
        f"building {target.key} failed: {crashed}",
        "this is a bug in sheetgen; set SHEETGEN_DEBUG=1 for a traceback",
    )


def _unlink_staged(staged: list[tuple[str, str]]) -> None:
    """Staged files (temporary file, output) thrown away: the outputs stay as they were."""
    for tmp, _ in staged:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
