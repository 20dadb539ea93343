"""The project `sheetgen serve` works on: its content, its output folder and the last build.

A rebuild is the command line's build, in this process: load, check, then the build
pipeline's incremental build (only targets whose inputs changed are laid out again).
Each rebuild bumps `version`, which the pages' live-reload stream watches.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from sheetgen.content.loader import Library, UsageError, load
from sheetgen.content.project import CONTENT, find_root
from sheetgen.diagnostics import Diagnostic, display_path, error, format_text, in_report_order
from sheetgen.files.outputs import OutputEntry, OutputLocked, TargetRecord, read_manifest
from sheetgen.files.pipeline import BuildOptions, build
from sheetgen.files.plan import FORMATS, Target, plan
from sheetgen.files.report import unique
from sheetgen.layout import registry as layout_registry
from sheetgen.layout.sheets.handout import blank_choices, section_choices
from sheetgen.rules import Checked, check
from sheetgen.rules.theme import Settings

# After an edited document's own outputs are published, the rest waits this long: the
# pages fetch the new previews while no build competes with the server for the processor.
FIRST_LOOK = 0.2


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Shown:
    """A diagnostic as a page shows it: its location, its headline and the terminal's text."""

    location: str  # file:line:col (file:Sheet!A3 for a spreadsheet's cell)
    severity: str
    code: str
    message: str
    text: str  # exactly what the terminal prints: headline, source line, caret, hint
    file: str
    line: int


def show_diagnostics(
    diags: list[Diagnostic], lines: dict[str, list[str]], rename: dict[str, str] | None = None
) -> list[Shown]:
    """Diagnostics in the terminal's order and words; `rename` shows some files under other names."""
    rename = rename or {}
    out = []
    for d in in_report_order(unique(diags)):
        name = rename.get(d.file, d.file)
        shown = replace(d, file=name)
        text = format_text([shown], {name: lines.get(d.file, [])} if d.file in lines else None)
        out.append(Shown(shown.place, d.severity.value, d.code, d.message, text, name, d.line))
    return out


@dataclass
class BuildState:
    """What the pages show: the outputs, the problems, how the last build went."""

    version: int = 0
    building: bool = False
    entries: list[OutputEntry] = field(default_factory=list)
    records: dict[str, TargetRecord] = field(default_factory=dict)  # what each output was made from
    problems: list[Shown] = field(default_factory=list)
    summary: str = "not built yet"
    finished_at: float = 0.0
    seconds: float = 0.0
    checked: Checked | None = None
    targets: dict[str, Target] = field(default_factory=dict)


def _own(target: Target, edited: set[Path]) -> bool:
    """An output of an edited document itself: not a bundle or collection that draws on
    it, nor a print-shop twin (these are built with the rest)."""
    docs = target.job.docs
    return (
        target.scope == "document"
        and bool(docs)
        and Path(docs[0].file).resolve() in edited
        and layout_registry.product(target.product, target.game).print_shop_of is None
    )


class Workspace:
    """Content paths, the output folder and the state of the last build (thread-safe)."""

    def __init__(
        self, paths: list[str] | None = None, out_dir: str | Path = "output", settings: Settings | None = None
    ) -> None:
        """Paths and their context folder as `sheetgen build` takes them: with none,
        `content/` here; with some, those, resolving references against their project's
        `content/` folder."""
        self.out_dir = Path(out_dir)
        self.settings = settings if settings is not None else Settings()
        given = list(paths or [])
        for p in given:
            if not Path(p).exists():
                raise UsageError(f"no such file or folder: {p}")
        if given:
            content = find_root(given) / CONTENT
            self.targets = given
            self.context = (
                [os.path.relpath(content) if Path.cwd() in content.parents else str(content)]
                if content.is_dir()
                else []
            )
        else:
            if not Path(CONTENT).is_dir():
                raise UsageError(f"no PATH given and there is no `{CONTENT}/` folder here")
            self.targets = [CONTENT]
            self.context = []
        self.root = find_root(self.targets).resolve()
        # Given the whole content folder (or nothing), collections are made of all of it.
        self.whole = not given or all(Path(p).resolve() == (self.root / CONTENT).resolve() for p in given)
        self.state = BuildState()
        self._lock = threading.Lock()
        self._changed = threading.Condition()
        self.stopping = False
        # Set by the server: called with each file a form saves, to set off its rebuild.
        self.on_save: Callable[[Path], object] | None = None
        self._library: tuple[tuple[int, int], Library] | None = None
        self._saved: dict[str, Path] = {}  # files the forms saved, by their text's sha256
        self._unseen_saves: dict[Path, str] = {}  # saved files the watcher has not reported: their sha256
        self._saves = 0

    # --- what to watch and where to save -----------------------------------------------

    def watched(self) -> list[Path]:
        """Folders and files whose changes trigger a rebuild."""
        out: list[Path] = []
        for p in [*self.targets, *self.context]:
            path = Path(p).resolve()
            if path not in out:
                out.append(path)
        return out

    def save_folder(self) -> Path | None:
        """Where forms save new documents: the first content folder being built."""
        for p in self.targets:
            if Path(p).is_dir():
                return Path(p)
        return None

    def content_paths(self) -> list[str]:
        """Every content path, for resolving references of documents made by forms."""
        return [p for p in dict.fromkeys([*self.targets, *self.context]) if Path(p).is_dir()]

    def library(self) -> Library:
        """The content as of the last build and the forms' saves since, for generators'
        tables and catalogs and their ids (loaded once per build and save: forms ask for
        it on every keystroke)."""
        key = (self.state.version, self._saves)
        cached = self._library
        if cached is None or cached[0] != key:
            cached = (key, load(self.content_paths()))
            self._library = cached
        return cached[1]

    def saved(self, path: Path, text: str) -> None:
        """A form saved `text` as the new file `path`: generators make their ids unique
        against it at once (not only after the rebuild it sets off), and `saved_as` knows it."""
        self._saved[_digest(text)] = path
        self._unseen_saves[path.resolve()] = _digest(text)
        self._saves += 1
        if self.on_save is not None:
            self.on_save(path)

    def seen_save(self, path: str | Path) -> bool:
        """The watcher's first word of a file a form saved: True if the file still holds
        what the form wrote, whose rebuild is the save's own (`on_save`). Said once: any
        later change of the file is the watcher's to rebuild."""
        digest = self._unseen_saves.pop(Path(path).resolve(), None)
        try:
            return digest is not None and hashlib.sha256(Path(path).read_bytes()).hexdigest() == digest
        except OSError:
            return False

    def saved_as(self, text: str) -> Path | None:
        """The file a form saved `text` as, while it still holds exactly that text: the
        document is that file then, not a second one with the same id."""
        path = self._saved.get(_digest(text))
        try:
            return path if path is not None and path.read_bytes() == text.encode("utf-8") else None
        except OSError:
            return None

    def saved_file(self, name: str) -> Path | None:
        """A file a form saved, by the name pages show it under (`display_path`)."""
        return next((p for p in list(self._saved.values()) if display_path(str(p)) == name), None)

    # --- building -----------------------------------------------------------------------

    def rebuild(self, force: bool = False, changed: Iterable[str | Path] = ()) -> BuildState:
        """Build what changed (as `sheetgen build` does) and publish the result. Given the
        files that changed, their documents' own outputs are built and published first,
        then everything else that depends on them (collections, handouts)."""
        with self._lock:
            self.state.building = True
            try:
                return self._rebuild(force, changed)
            finally:
                self.state.building = False

    def _rebuild(self, force: bool, changed: Iterable[str | Path]) -> BuildState:
        started = time.perf_counter()
        try:
            library = load(self.targets, context=self.context)
            checked = check(library, self.settings, section_products=section_choices, blank_products=blank_choices)
        except UsageError as exc:
            return self._publish([], None, f"cannot build: {exc}", started)
        diagnostics = library.diagnostics + checked.diagnostics
        problem = layout_registry.check_settings(checked.theme)
        if problem:
            diagnostics.append(error("<settings>", 1, 1, "settings.cube-too-big", problem))
            return self._publish(
                self._shown(diagnostics, library), checked, "not built: the settings do not fit the paper", started
            )
        too_small = layout_registry.card_size_error(checked.theme, library)
        if too_small is not None:
            return self._publish(
                self._shown(diagnostics + [too_small], library),
                checked,
                "not built: the theme's cards are too small",
                started,
            )
        options = BuildOptions(self.out_dir, FORMATS, 1, force, whole=self.whole)
        edited = self._edited(changed)
        try:
            return self._build(checked, library, diagnostics, options, edited, started)
        except OutputLocked:
            return self._publish(
                self._shown(diagnostics, library),
                checked,
                f"not built: another sheetgen build is writing into {self.out_dir}/",
                started,
            )

    def _build(
        self,
        checked: Checked,
        library: Library,
        diagnostics: list[Diagnostic],
        options: BuildOptions,
        edited: set[Path],
        started: float,
    ) -> BuildState:
        if edited:
            own = replace(options, only=lambda t: _own(t, edited))
            first = build(checked, own)
            if first.built or first.failed:
                self._publish(
                    self._shown(diagnostics + first.diagnostics, library),
                    checked,
                    self._summary(first, diagnostics, library) + " (building the rest…)",
                    started,
                    building=True,
                )
                time.sleep(FIRST_LOOK)
        report = build(checked, options)
        return self._publish(
            self._shown(diagnostics + report.diagnostics, library),
            checked,
            self._summary(report, diagnostics, library),
            started,
        )

    def _edited(self, changed: Iterable[str | Path]) -> set[Path]:
        return {Path(p).resolve() for p in changed}

    def _summary(self, report, diagnostics: list[Diagnostic], library: Library) -> str:
        shown = self._shown(diagnostics + report.diagnostics, library)
        errors = sum(1 for s in shown if s.severity == "error")
        warnings = len(shown) - errors
        return (
            f"{report.files} file{'s' if report.files != 1 else ''} written, "
            f"{report.unchanged} output{'s' if report.unchanged != 1 else ''} unchanged, "
            f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''} "
            f"in {report.seconds:.2f}s"
        )

    def _publish(
        self, problems: list[Shown], checked: Checked | None, summary: str, started: float, building: bool = False
    ) -> BuildState:
        manifest = read_manifest(self.out_dir)
        state = BuildState(
            version=self.state.version + 1,
            building=building,
            entries=manifest.entries,
            records=manifest.targets,
            problems=problems,
            summary=summary,
            finished_at=time.time(),
            seconds=time.perf_counter() - started,
            checked=checked,
            targets={t.key: t for t in plan(checked, FORMATS)} if checked else {},
        )
        self.state = state
        with self._changed:
            self._changed.notify_all()
        return state

    def _shown(self, diagnostics: list[Diagnostic], library: Library) -> list[Shown]:
        reportable = [d for d in diagnostics if library.is_target_file(d.file)]
        lines = {path: src.lines for path, src in library.sources.items()}
        rename = {path: display_path(path) for path in lines}
        return show_diagnostics(reportable, lines, rename)

    def wait_for_change(self, version: int, timeout: float) -> int:
        """Block until the version moves past `version` (or the timeout); the current version."""
        with self._changed:
            if self.state.version == version and not self.stopping:
                self._changed.wait(timeout)
        return self.state.version

    def stop(self) -> None:
        self.stopping = True
        with self._changed:
            self._changed.notify_all()
