"""`sheetgen build`: the content loaded and checked, the files stage run, the report and
the no-op stamp of a clean build."""

from __future__ import annotations

import functools
import gc
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from sheetgen.commands.shared import (
    TEMPLATES_HELP,
    THEME_HELP,
    ContentFailure,
    check_card_size,
    check_cube_size,
    check_templates,
    check_theme_exists,
    content_paths,
    default_output,
    emit,
    game_data,
    length_option,
    load_content,
    reportable,
    settings_of,
    unique_diagnostics,
    whole_content,
)
from sheetgen.diagnostics import Diagnostic, summarize

if TYPE_CHECKING:
    from sheetgen.content.cache import DocumentCache
    from sheetgen.content.loader import Library
    from sheetgen.files.pipeline import BuildReport
    from sheetgen.rules import Checked


def default_jobs() -> int:
    """`$SHEETGEN_JOBS` if it is a whole number from 1 to 64, else the cores this process may run on."""
    value = os.environ.get("SHEETGEN_JOBS", "").strip()
    if value.isdigit() and 1 <= int(value) <= 64:
        return int(value)
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, 64))


def _formats_option(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    parts = tuple(p.strip().lower() for p in value.split(",") if p.strip())
    bad = [p for p in parts if p not in ("pdf", "svg", "png", "tts")]
    if bad or not parts:
        raise click.BadParameter(f"use pdf, svg, png or tts, or several joined by commas: pdf,svg,png (got {value!r})")
    return parts


def collector_paused(command):
    """The cycle collector off while a build runs: importing, reading, checking, laying
    out and rendering make a great many objects that live until the build (or its
    target) is done and hardly a reference cycle, so collecting meanwhile only walks
    them again and again. Garbage goes by reference counting as the build goes; the
    collector runs again after it, with what the build left counted as old (freezing
    and unfreezing moves it there without walking it), so that a process that goes on
    (tests, `sheetgen serve`) does not walk it all at once either."""

    @functools.wraps(command)
    def paused(*args, **kwargs):
        collecting = gc.isenabled()
        gc.disable()
        try:
            return command(*args, **kwargs)
        finally:
            if collecting:
                gc.freeze()
                gc.unfreeze()
                gc.enable()

    return paused


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(file_okay=False),
    help="folder to write into (default: output/ beside the project's content/ folder)",
)
@click.option(
    "--format",
    "formats",
    default="pdf,svg",
    show_default=True,
    callback=_formats_option,
    help="output formats, joined by commas: pdf, svg, png (each card of every deck at 300 dpi) "
    "and tts (decks as digital-tabletop sheets)",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"], case_sensitive=False),
    help="paper size (default: the theme's, else A4)",
)
@click.option(
    "--cube-size", callback=length_option, help="edge of cube nets, e.g. 50mm (default: the theme's, else 50mm)"
)
@click.option("--theme", help=THEME_HELP)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(1, 64),
    help="parallel processes, 1 to 64 (default: $SHEETGEN_JOBS, else the cores this process may use)",
)
@click.option("--force", is_flag=True, help="rebuild everything, even outputs that are up to date")
@click.option("--strict", is_flag=True, help="treat warnings as errors")
@click.option("--templates", type=click.Path(exists=True, file_okay=False), help=TEMPLATES_HELP)
@collector_paused
def build(paths, out_dir, formats, paper, cube_size, theme, jobs, force, strict, templates) -> None:
    """Build PDFs and SVGs from content (default: content/) into output/."""
    from sheetgen.files import stamp

    started = time.perf_counter()
    out_dir = out_dir or default_output(paths)
    state = _output_state(paths, out_dir)
    asked = stamp.request(
        paths=list(paths),
        output=os.path.abspath(out_dir),
        formats=list(formats),
        paper=paper,
        cube_size=cube_size,
        theme=theme,
        strict=strict,
        game_data=game_data() is not False,
        templates=os.path.abspath(templates) if templates else None,
    )
    done = None if force else stamp.current(state, asked)
    if done is not None:  # the last clean build, asked the same way, is current: nothing to load
        click.echo(
            _summary_line(done["documents"], 0, 0, done["unchanged"], 0, 0, 0, time.perf_counter() - started, out_dir),
            err=True,
        )
        return

    from sheetgen.content.cache import DocumentCache
    from sheetgen.files.outputs import CACHE

    jobs = jobs or default_jobs()
    _check_source_date()
    cache = DocumentCache(state / CACHE, stamp.code_fingerprint())
    library, checked = load_content(paths, settings_of(paper, cube_size, theme, templates), cache, jobs)
    _check_output_folder(paths, out_dir, state)
    check_theme_exists(library, theme)
    diagnostics = _checked_settings(checked, library, started, out_dir)
    report = _built(checked, paths, out_dir, state, formats, jobs, force)
    if state.is_dir():  # not the files of documents with errors
        _save_cache(cache, library, diagnostics + report.diagnostics)
    emit(diagnostics, library, outputs=report.diagnostics)
    errors, warnings = summarize(unique_diagnostics(reportable(diagnostics, library) + report.diagnostics))
    diagnostics += report.diagnostics
    click.echo(
        _summary_line(
            library.read,
            report.pages,
            report.files,
            report.unchanged,
            report.failed,
            errors,
            warnings,
            report.seconds,
            out_dir,
        ),
        err=True,
    )
    if not (diagnostics or report.failed):
        _record_stamp(state, asked, paths, checked, report, Path(out_dir))
    if errors or (strict and warnings):
        raise ContentFailure()


def _checked_settings(checked: Checked, library: Library, started: float, out_dir: str) -> list[Diagnostic]:
    """The diagnostics of the content, once the build's settings (cube and card size, a
    publisher's templates) are found usable: else they are reported and the build stops."""
    diagnostics = library.diagnostics + checked.diagnostics

    def stopped(errors: int, warnings: int) -> str:  # nothing built: the settings are at fault
        return _summary_line(library.read, 0, 0, 0, 0, errors, warnings, time.perf_counter() - started, out_dir)

    check_cube_size(checked, library, diagnostics, stopped)
    check_card_size(checked, library, diagnostics, stopped)
    return diagnostics + check_templates(checked, library, diagnostics, stopped)


def _built(
    checked: Checked,
    paths: tuple[str, ...],
    out_dir: str,
    state: Path,
    formats: tuple[str, ...],
    jobs: int,
    force: bool,
) -> BuildReport:
    """The build run into `out_dir`, with a progress bar on a terminal."""
    from sheetgen.files import stamp
    from sheetgen.files.outputs import OutputLocked
    from sheetgen.files.pipeline import BuildOptions
    from sheetgen.files.pipeline import build as run_build

    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.UsageError(f"cannot use {out_dir} as the output folder: {exc.strerror or exc}") from None
    stamp.forget(state)  # before anything else can go wrong (the pipeline forgets it again under the lock)
    options = BuildOptions(
        out,
        formats,
        jobs,
        force,
        whole=whole_content(paths),
        lock_wait=float(os.environ.get("SHEETGEN_LOCK_WAIT", "10")),
        state_dir=state,
    )
    progress_cb, finish = _progress()
    try:
        return run_build(checked, options, progress=progress_cb)
    except OutputLocked:
        raise BuildBusy(
            f"another sheetgen build is writing into {out_dir}/ (waited {options.lock_wait:g}s); "
            "run this one when it has finished"
        ) from None
    finally:
        finish()


def _save_cache(cache: DocumentCache, library: Library, diagnostics: list[Diagnostic]) -> None:
    """What was read of each content file kept for the next build, but of files with errors."""
    from sheetgen.files.outputs import write_atomic

    failed = {library.files[d.file] for d in diagnostics if d.is_error and d.file in library.files}
    cache.save(lambda path, data: write_atomic(path, data, durable=False), failed)


def _record_stamp(
    state: Path, asked: dict[str, Any], paths: tuple[str, ...], checked: Checked, report: BuildReport, out: Path
) -> None:
    """The no-op stamp of a clean build: what it was asked, read and wrote."""
    from sheetgen.content.gamedata import is_game_data
    from sheetgen.content.project import template_sources
    from sheetgen.files import stamp
    from sheetgen.files.outputs import read_manifest

    library = checked.library
    targets, context = content_paths(paths)
    fonts = [face.path for face in checked.theme.fonts.values()]
    own = [checked.theme.templates] if checked.theme.templates else []  # a publisher's templates
    own_files = [str(p) for folder in own for p in template_sources(folder)]
    listed = report.outputs if report.outputs is not None else [e.path for e in read_manifest(out).entries]
    written = [out / path for path in listed] + [out / "manifest.json", out / "index.html"]
    read = [s for s in library.sources if not is_game_data(s)]  # shipped data: in the code's fingerprint
    stamp.record(
        state,
        asked,
        [*targets, *context, *own],
        [*read, *fonts, *own_files],
        [str(p) for p in written],
        {"documents": library.read, "unchanged": report.targets},
        library.digests,
    )


class BuildBusy(click.ClickException):
    """The output folder is locked by another build: exit status 2."""

    exit_code = 2


def _output_state(paths: tuple[str, ...], out_dir: str) -> Path:
    """The build state folder of the output folder: `.sheetgen/…` at the root of the
    project, as the loader finds it."""
    from sheetgen.content.project import find_root
    from sheetgen.files.outputs import state_folder

    return state_folder(find_root(content_paths(paths)[0]), Path(out_dir))


def _check_output_folder(paths: tuple[str, ...], out_dir: str, state: Path) -> None:
    """A usage error unless the output folder is one sheetgen may build into: not the
    project's folder, nor its content, nor a folder of files it did not write."""
    from sheetgen.content.project import find_root
    from sheetgen.files.outputs import FOREIGN, OUTPUT_FOLDER_HINT, foreign_files, output_folder_problem, refused

    targets, context = content_paths(paths)
    problem = output_folder_problem(Path(out_dir), find_root(targets), [*targets, *context])
    if problem is None and foreign_files(Path(out_dir), state):
        problem = FOREIGN
    if problem is not None:
        raise click.UsageError(f"{refused(out_dir, problem)}; {OUTPUT_FOLDER_HINT}")


def _summary_line(
    documents: int,
    pages: int,
    files: int,
    unchanged: int,
    failed: int,
    errors: int,
    warnings: int,
    seconds: float,
    out_dir: str,
) -> str:
    def count(n: int, what: str) -> str:
        return f"{n} {what}{'s' if n != 1 else ''}"

    # Files written, but outputs unchanged: an output (a sheet, a deck) may be several files.
    parts = [
        count(documents, "document"),
        count(pages, "page"),
        f"{count(files, 'file')} written",
        f"{count(unchanged, 'output')} unchanged",
    ]
    if failed:
        parts.append(f"{failed} not built")
    parts += [count(errors, "error"), count(warnings, "warning")]
    return f"sheetgen: {', '.join(parts)} in {seconds:.2f}s → {out_dir}/"


def _check_source_date() -> None:
    """`SOURCE_DATE_EPOCH` dates every PDF; a value that is not a date is a usage error."""
    from sheetgen.render.pdfmeta import DateError, source_date_epoch

    try:
        source_date_epoch()
    except DateError as exc:
        raise click.UsageError(str(exc)) from None


def _progress():
    """A progress bar on a terminal; nothing otherwise."""
    if not sys.stderr.isatty() or os.environ.get("CI"):
        return None, lambda: None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn("building"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = None

    def update(done: int, total: int) -> None:
        nonlocal task
        if total == 0:
            return
        if task is None:
            bar.start()
            task = bar.add_task("build", total=total)
        bar.update(task, completed=done)

    def finish() -> None:
        if task is not None:
            bar.stop()

    return update, finish
