"""The command line: build, validate, show, new, schema, products.

Exit status: 0 clean, 1 content errors (or warnings with --strict), 2 usage errors.
"""

from __future__ import annotations

import gc

# sheetgen runs as a short-lived process that makes many small objects and few reference
# cycles: the collector runs less often (set before anything else is imported), and not
# at all while a build runs (see `_collector_paused`).
gc.set_threshold(20_000, 20, 20)

import dataclasses
import functools
import json
import os
import random
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import click

from sheetgen import __version__
from sheetgen.diagnostics import Diagnostic, format_json, format_text, in_report_order, summarize

# pydantic looks for plugins among every installed distribution the first time a model is
# built, which costs more than building all of sheetgen's models; sheetgen uses none.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

DEFAULT_CONTENT = "content"
DEFAULT_OUTPUT = "output"
THEME_HELP = (
    "id of a theme document to use (default: the project's only theme, else the one "
    "with id `default`, else the built-in look)"
)


class ContentFailure(click.ClickException):
    """Content errors: reported already, exit status 1."""

    exit_code = 1

    def __init__(self) -> None:
        super().__init__("")

    def show(self, file: Any = None) -> None:  # diagnostics were printed already
        pass


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


def _length_option(_ctx: click.Context, _param: click.Parameter, value: str | None) -> float | None:
    if value is None:
        return None
    from sheetgen.units import LengthError, parse_length

    try:
        size = parse_length(value)
    except LengthError as exc:
        raise click.BadParameter(str(exc)) from None
    if size <= 0:
        raise click.BadParameter("must be more than zero")
    return size


def _formats_option(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    parts = tuple(p.strip().lower() for p in value.split(",") if p.strip())
    bad = [p for p in parts if p not in ("pdf", "svg", "png", "tts")]
    if bad or not parts:
        raise click.BadParameter(f"use pdf, svg, png or tts, or several joined by commas: pdf,svg,png (got {value!r})")
    return parts


def _paths(paths: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(paths to check, context folders for references) with the defaults applied: the
    content folder of the project the paths belong to, wherever the command runs."""
    if paths:
        from sheetgen.content.project import CONTENT, find_root

        content = find_root(paths) / CONTENT
        if content.is_dir():
            shown = os.path.relpath(content) if Path.cwd() in content.parents else str(content)
            return list(paths), [shown]
        return list(paths), []
    if Path(DEFAULT_CONTENT).is_dir():
        return [DEFAULT_CONTENT], []
    root = _project_above()
    if root is None:
        raise click.UsageError(
            f"no PATH given and there is no `{DEFAULT_CONTENT}/` folder here "
            "or in a folder above; run it in a project (`sheetgen init` makes one)"
        )
    return [os.path.relpath(root / DEFAULT_CONTENT)], []


def _project_above() -> Path | None:
    """The nearest folder, the working directory or one above it, that holds `content/`:
    a command run in a project's subfolder works on the project, as git does."""
    from sheetgen.content.project import CONTENT, find_root

    root = find_root([])  # the project root of the working directory's own content folder
    return root if (root / CONTENT).is_dir() else None


def _default_output(paths: tuple[str, ...]) -> str:
    """`output/` beside the project's `content/` folder (the working directory's when the
    paths belong to no project)."""
    from sheetgen.content.project import CONTENT, find_root

    root = find_root(paths) if paths else _project_above()
    if root is None or not (root / CONTENT).is_dir():
        return DEFAULT_OUTPUT
    return os.path.relpath(root / DEFAULT_OUTPUT)


def _load(paths: tuple[str, ...], settings, cache=None, jobs: int = 1):
    from sheetgen.content.loader import UsageError, load
    from sheetgen.rules import check

    targets, context = _paths(paths)
    try:
        library = load(targets, context=context, game_data=_game_data(), cache=cache, jobs=jobs)
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    if paths and not library.read and not library.diagnostics:  # `sheetgen build output`, say
        raise click.UsageError(
            f"no content files (.yaml, .yml) in {', '.join(paths)}; give the content folder, "
            "content files, or nothing for the project's content/"
        )
    checked = check(library, settings, section_products=_section_products, blank_products=_blank_products)
    return library, checked


def _section_products(kind: str) -> list[tuple[str, str]]:
    """A kind's products for the rules' check of handout sections (imported when a handout asks)."""
    from sheetgen.layout.sheets.handout import section_choices

    return section_choices(kind)


def _blank_products() -> dict[str, tuple[str, ...]]:
    """The blank products a handout section may include, likewise."""
    from sheetgen.layout.sheets.handout import blank_choices

    return blank_choices()


def _settings(paper: str | None, cube_size: float | None, theme: str | None, templates: str | None = None):
    from sheetgen.rules.theme import Settings

    return Settings(paper=paper, cube_size=cube_size, theme=theme, templates=templates)


_TEMPLATES_HELP = "a folder of your own templates over the bundled ones, by the same paths (see docs/templates.md)"


def _check_templates(
    checked, library, diagnostics: list[Diagnostic], summary: Summary, fmt: str = "text"
) -> list[Diagnostic]:
    """A publisher's templates, checked before anything is built: with an error in one,
    nothing is built."""
    from sheetgen.layout.templates import check_folder, use_templates

    if not checked.theme.templates:
        return []
    use_templates(checked.theme.templates, checked.theme.templates_digest)
    found = check_folder(checked.theme.templates)
    if any(d.is_error for d in found):
        _stop(diagnostics + found, library, summary, fmt)
    return found


def _check_theme_exists(library, theme: str | None) -> None:
    """Refuse a --theme that is not there, or several themes and no way to choose."""
    from sheetgen.rules.theme import choose_theme

    _, problem = choose_theme(library, theme)
    if problem:
        raise click.UsageError(problem)


def _reportable(diags: list[Diagnostic], library) -> list[Diagnostic]:
    """Documents read only to resolve references are not reported on."""
    return [d for d in diags if library.is_target_file(d.file)]


#: The line that ends a command's report, given its counts of errors and warnings.
Summary = Callable[[int, int], str]


def _stop(diags: list[Diagnostic], library, summary: Summary, fmt: str = "text") -> NoReturn:
    """Report the diagnostics that stop a command before it builds or checks anything
    more, with its summary line, and exit with status 1."""
    _emit(diags, library, fmt)
    if fmt == "text":
        click.echo(summary(*summarize(_unique(_reportable(diags, library)))), err=True)
    raise ContentFailure()


def _emit(diags: list[Diagnostic], library, fmt: str = "text", outputs: list[Diagnostic] | None = None) -> None:
    """Print the reportable diagnostics and those of the outputs the command lays out
    (`outputs`: every one is reported, being about what was asked for)."""
    from sheetgen.files.report import unique

    diags = in_report_order(unique(_reportable(diags, library) + (outputs or [])))
    if fmt == "json":
        click.echo(format_json(diags))
        return
    if diags:
        from sheetgen.layout.templates import source_lines

        lines = {path: src.lines for path, src in library.sources.items()}
        lines.update(source_lines(diags))
        click.echo(format_text(diags, lines), err=True)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
@click.option(
    "--no-game-data",
    is_flag=True,
    help="do not load the game data sheetgen ships (interfaces, upgrades, factions, tables): "
    "check a project's complete catalog on its own",
)
def main(no_game_data: bool) -> None:
    """Turn YAML game content into print-ready PDFs and SVGs."""


def _game_data(kind: str | None = None) -> bool | list[str]:
    """Whether to load the shipped game data (not with `sheetgen --no-game-data …`): of the
    games the content is of, and of the game of `kind` (a generator's) even with no content."""
    from sheetgen.games import game_of_kind

    ctx = click.get_current_context(silent=True)
    if ctx and ctx.find_root().params.get("no_game_data"):
        return False
    game = game_of_kind(kind) if kind else None
    return [game] if game else True


def _collector_paused(command):
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


@main.command()
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
    "--cube-size", callback=_length_option, help="edge of cube nets, e.g. 50mm (default: the theme's, else 50mm)"
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
@click.option("--templates", type=click.Path(exists=True, file_okay=False), help=_TEMPLATES_HELP)
@_collector_paused
def build(paths, out_dir, formats, paper, cube_size, theme, jobs, force, strict, templates) -> None:
    """Build PDFs and SVGs from content (default: content/) into output/."""
    from sheetgen.files import stamp

    started = time.perf_counter()
    out_dir = out_dir or _default_output(paths)
    out = Path(out_dir)
    state = _output_state(paths, out_dir)
    asked = stamp.request(
        paths=list(paths),
        output=os.path.abspath(out_dir),
        formats=list(formats),
        paper=paper,
        cube_size=cube_size,
        theme=theme,
        strict=strict,
        game_data=_game_data() is not False,
        templates=os.path.abspath(templates) if templates else None,
    )
    done = None if force else stamp.current(state, asked)
    if done is not None:  # the last clean build, asked the same way, is current: nothing to load
        click.echo(
            _summary_line(done["documents"], 0, 0, done["unchanged"], 0, 0, 0, time.perf_counter() - started, out_dir),
            err=True,
        )
        return

    from sheetgen.files.outputs import read_manifest
    from sheetgen.files.pipeline import BuildOptions
    from sheetgen.files.pipeline import build as run_build

    jobs = jobs or default_jobs()
    _check_source_date()
    settings = _settings(paper, cube_size, theme, templates)
    from sheetgen.content.cache import DocumentCache
    from sheetgen.files.outputs import CACHE, write_atomic

    cache = DocumentCache(state / CACHE, stamp.code_fingerprint())
    library, checked = _load(paths, settings, cache, jobs)
    _check_output_folder(paths, out_dir, state)
    _check_theme_exists(library, theme)
    diagnostics = library.diagnostics + checked.diagnostics

    def stopped(errors: int, warnings: int) -> str:  # nothing built: the settings are at fault
        return _summary_line(library.read, 0, 0, 0, 0, errors, warnings, time.perf_counter() - started, out_dir)

    _check_cube_size(checked, library, diagnostics, stopped)
    _check_card_size(checked, library, diagnostics, stopped)
    diagnostics += _check_templates(checked, library, diagnostics, stopped)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.UsageError(f"cannot use {out_dir} as the output folder: {exc.strerror or exc}") from None
    stamp.forget(state)  # before anything else can go wrong (the pipeline forgets it again under the lock)
    from sheetgen.files.outputs import OutputLocked

    options = BuildOptions(
        out,
        formats,
        jobs,
        force,
        whole=_whole(paths),
        lock_wait=float(os.environ.get("SHEETGEN_LOCK_WAIT", "10")),
        state_dir=state,
    )
    progress_cb, finish = _progress()
    try:
        report = run_build(checked, options, progress=progress_cb)
    except OutputLocked:
        raise BuildBusy(
            f"another sheetgen build is writing into {out_dir}/ (waited {options.lock_wait:g}s); "
            "run this one when it has finished"
        ) from None
    finally:
        finish()
    if state.is_dir():  # not the files of documents with errors
        failed = {
            library.files[d.file] for d in diagnostics + report.diagnostics if d.is_error and d.file in library.files
        }
        cache.save(lambda path, data: write_atomic(path, data, durable=False), failed)
    _emit(diagnostics, library, outputs=report.diagnostics)
    errors, warnings = summarize(_unique(_reportable(diagnostics, library) + report.diagnostics))
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
        targets, context = _paths(paths)
        fonts = [face.path for face in checked.theme.fonts.values()]
        own = [checked.theme.templates] if checked.theme.templates else []  # a publisher's templates
        from sheetgen.content.project import template_sources

        own_files = [str(p) for folder in own for p in template_sources(folder)]
        listed = report.outputs if report.outputs is not None else [e.path for e in read_manifest(out).entries]
        written = [out / path for path in listed] + [out / "manifest.json", out / "index.html"]
        from sheetgen.content.gamedata import is_game_data

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
    if errors or (strict and warnings):
        raise ContentFailure()


class BuildBusy(click.ClickException):
    """The output folder is locked by another build: exit status 2."""

    exit_code = 2


def _output_state(paths: tuple[str, ...], out_dir: str) -> Path:
    """The build state folder of the output folder: `.sheetgen/…` at the root of the
    project, as the loader finds it."""
    from sheetgen.content.project import find_root
    from sheetgen.files.outputs import state_folder

    return state_folder(find_root(_paths(paths)[0]), Path(out_dir))


def _check_output_folder(paths: tuple[str, ...], out_dir: str, state: Path) -> None:
    """A usage error unless the output folder is one sheetgen may build into: not the
    project's folder, nor its content, nor a folder of files it did not write."""
    from sheetgen.content.project import find_root
    from sheetgen.files.outputs import FOREIGN, OUTPUT_FOLDER_HINT, foreign_files, output_folder_problem, refused

    targets, context = _paths(paths)
    problem = output_folder_problem(Path(out_dir), find_root(targets), [*targets, *context])
    if problem is None and foreign_files(Path(out_dir), state):
        problem = FOREIGN
    if problem is not None:
        raise click.UsageError(f"{refused(out_dir, problem)}; {OUTPUT_FOLDER_HINT}")


def _whole(paths: tuple[str, ...]) -> bool:
    """Whether a build was given its project's whole content folder (or nothing)."""
    if not paths:
        return True
    from sheetgen.content.project import CONTENT, find_root

    content = (find_root(paths) / CONTENT).resolve()
    return all(Path(p).resolve() == content for p in paths)


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


def _unique(diags):
    from sheetgen.files.report import unique

    return unique(diags)


def _check_cube_size(checked, library, diagnostics: list[Diagnostic], summary: Summary, fmt: str = "text") -> None:
    """Refuse build settings no product can honour. From the command line that is a usage
    error; from the theme it is the theme's error, at its line."""
    from sheetgen.content.registry import games_of
    from sheetgen.diagnostics import error
    from sheetgen.layout import registry as layout_registry

    problem = layout_registry.check_settings(checked.theme, games_of(library.documents))
    if not problem:
        return
    theme = library.get("theme", checked.theme.id)
    if theme is None or theme.model.cube_size is None or checked.theme.cube_size != theme.model.cube_size:
        raise click.UsageError(problem)
    m = theme.mark(("cube_size",))
    code = "theme.cube-too-small" if "too small" in problem else "theme.cube-too-big"
    hint = "change `cube_size` in the theme" + (", or its `printable_margin`" if "printable margin" in problem else "")
    _stop(
        diagnostics + [error(theme.file, m.line, m.column, code, problem.replace("--cube-size", "cube_size"), hint)],
        library,
        summary,
        fmt,
    )


def _check_card_size(checked, library, diagnostics: list[Diagnostic], summary: Summary, fmt: str = "text") -> None:
    """A theme's card size smaller than every card product is made for: one error at the
    theme's `card_size`, naming the decks it cannot serve (not an error per card)."""
    from sheetgen.layout import registry as layout_registry

    found = layout_registry.card_size_error(checked.theme, library)
    if found is not None:
        _stop(diagnostics + [found], library, summary, fmt)


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


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="report problems as lines of text, or as a JSON list of objects",
)
@click.option("--strict", is_flag=True, help="treat warnings as errors")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), help="check layout on this paper")
@click.option("--cube-size", callback=_length_option, help="check cube nets at this size")
@click.option("--theme", help=THEME_HELP)
@click.option("--templates", type=click.Path(exists=True, file_okay=False), help=_TEMPLATES_HELP)
def validate(paths, fmt, strict, paper, cube_size, theme, templates) -> None:
    """Check content against each game's rules and layout; report every problem."""
    from sheetgen.files.outputs import read_manifest
    from sheetgen.files.check import layout_issues
    from sheetgen.files.report import theme_broken

    library, checked = _load(paths, _settings(paper, cube_size, theme, templates))
    _check_theme_exists(library, theme)

    def checked_line(errors: int, warnings: int) -> str:
        docs = library.read  # every document read, valid or not: the same count `build` gives
        return (
            f"sheetgen: {docs} document{'s' if docs != 1 else ''} checked, "
            f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"
        )

    early = library.diagnostics + checked.diagnostics
    _check_cube_size(checked, library, early, checked_line, fmt)
    _check_card_size(checked, library, early, checked_line, fmt)
    found = _check_templates(checked, library, early, checked_line, fmt)
    # What waits on errors in files not given is said, as a note: they are not these files' problems.
    waiting: list[str] = []
    made = set(read_manifest(Path(_default_output(paths))).by_target())  # what a build would leave as it was
    laid_out = layout_issues(checked, whole=_whole(paths), waiting=waiting, made=made)
    if checked.theme.broken:  # nothing would be built: a note where the theme's file was not given
        said = theme_broken(checked)
        if not library.is_target_file(said.file):
            waiting.append(
                f"{said.file}: the theme `{checked.theme.id}` has errors: a build makes nothing until "
                f"they are fixed ({said.hint})"
            )
    _emit(early + found, library, fmt, outputs=laid_out)
    diagnostics = _unique(_reportable(early + found, library) + laid_out)
    errors, warnings = summarize(diagnostics)
    if fmt == "text":
        for note in dict.fromkeys(waiting):
            click.echo(f"note: {note}", err=True)
        click.echo(checked_line(errors, warnings), err=True)
    if errors or (strict and warnings):
        raise ContentFailure()


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of YAML")
@click.option("--id", "only", help="only the document with this id")
def show(file, as_json, only) -> None:
    """Print the documents of FILE as sheetgen reads them, with derived values."""
    from sheetgen.content.plain import jsonable

    library, checked = _load((file,), _settings(None, None, None))
    diagnostics = library.diagnostics + checked.diagnostics
    out: list[dict[str, Any]] = []
    for doc in library.targets:
        if only and doc.id != only:
            continue
        out.append(
            {
                "kind": doc.kind,
                "id": doc.id,
                "source": f"{doc.file}:{doc.start.line}",
                "valid": checked.ok(doc),
                "document": doc.model.model_dump(mode="json", exclude_none=True),
                "derived": jsonable(checked.derived.get(doc.key)),
            }
        )
    diagnostics = _reportable(diagnostics, library)
    if only:  # the problems of that document alone, not of the others in its file
        places = {(d.file, d.start.line) for d in library.targets if d.id == only} | {
            (f, line)
            for (_, id_), (f, line, _) in library.invalid_at.items()
            if id_ == only and library.is_target_file(f)
        }
        if not places:
            raise click.UsageError(f"{file} holds no document with the id `{only}`")
        shown, start = min(places)
        # The document runs to the next `---` of its file (whatever the documents after it are).
        lines = library.sources[shown].lines if shown in library.sources else []
        end = next((n for n in range(start + 1, len(lines) + 1) if lines[n - 1].startswith("---")), None)
        diagnostics = [d for d in diagnostics if d.file == shown and d.line >= start and (end is None or d.line < end)]
    _emit(diagnostics, library)
    if as_json:
        click.echo(json.dumps(out if len(out) != 1 else out[0], indent=2, ensure_ascii=False))
    else:
        from sheetgen.generate import dump_documents

        click.echo(dump_documents(out), nl=False)
    if any(d.is_error for d in diagnostics):
        raise ContentFailure()


@main.command()
@click.argument("kind", required=False)
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(file_okay=False),
    help="write one schema file per kind (and sheetgen.schema.json) into this folder",
)
def schema(kind, out_dir) -> None:
    """JSON Schema of a content kind (or of every kind), for editors."""
    from sheetgen.content import registry
    from sheetgen.content.schema import all_schemas, combined_schema
    from sheetgen.content.schema import kind_schema as plain_kind_schema
    from sheetgen.project import with_product_names

    def kind_schema(name: str) -> dict:
        return with_product_names(plain_kind_schema(name))

    if kind is not None and registry.get(kind) is None:
        from sheetgen.diagnostics import did_you_mean

        hint = did_you_mean(kind, registry.kinds())
        raise click.UsageError(
            f"unknown kind `{kind}`" + (f"; {hint}" if hint else f"; kinds: {', '.join(registry.kinds())}")
        )
    if out_dir:
        from sheetgen.files.outputs import write_atomic

        folder = Path(out_dir)
        files = (
            {f"{kind}.schema.json": kind_schema(kind)}
            if kind
            else {
                **{f"{name}.schema.json": with_product_names(data) for name, data in all_schemas().items()},
                "sheetgen.schema.json": with_product_names(combined_schema()),
            }
        )
        for name, data in files.items():
            try:
                write_atomic(folder / name, (json.dumps(data, indent=2) + "\n").encode())
            except OSError as exc:
                raise click.UsageError(f"cannot write {folder / name}: {exc.strerror or exc}") from None
        click.echo(f"sheetgen: wrote {len(files)} schema{'s' if len(files) != 1 else ''} to {folder}/", err=True)
        return
    data = kind_schema(kind) if kind else with_product_names(combined_schema())
    click.echo(json.dumps(data, indent=2))


def _init_games() -> list[str]:
    from sheetgen.project import init_games

    return init_games()


def _content_folder_around(folder: Path) -> Path | None:
    """The `content/` folder of a project that `folder` is in (or is), if any: one named so
    with a sheetgen document (a YAML file with a `kind:` line) anywhere below it."""
    for place in (folder.resolve(), *folder.resolve().parents):
        if (
            place.name == "content"
            and place.is_dir()
            and any(_holds_a_document(p) for pattern in ("*.yaml", "*.yml") for p in place.rglob(pattern))
        ):
            return place
    return None


def _holds_a_document(path: Path) -> bool:
    """Whether a YAML file starts a line with `kind:` in its first 64 KiB, as content does."""
    try:
        with path.open("rb") as f:
            head = f.read(65536)
    except OSError:
        return False
    head = b"\n" + head.removeprefix(b"\xef\xbb\xbf")  # (a byte-order mark, as some editors save)
    return b"\nkind:" in head or b'\n"kind":' in head


@main.command()
@click.argument("directory", default=".", required=False, type=click.Path(file_okay=False))
@click.option(
    "--game",
    "games",
    multiple=True,
    type=click.Choice(_init_games()),
    help="a game to put examples of in the project; repeat for several (default: every game)",
)
def init(directory, games) -> None:
    """Start a project in DIRECTORY (default: here) that builds at once: a theme, one example
    document per kind, JSON Schemas mapped for editors, a README."""
    from sheetgen.files.outputs import write_atomic
    from sheetgen.project import existing, init_games, plan_project

    folder = Path(directory)
    chosen = [g for g in init_games() if g in games] if games else init_games()
    files = plan_project(chosen)
    inside = _content_folder_around(folder)
    if inside is not None:
        raise click.UsageError(
            f"{folder} is inside the content folder of the project at {inside.parent}: a new project there would "
            "be read as that project's documents (every example's id twice); choose a folder outside "
            f"{inside}, or add documents to the project with `sheetgen new`"
        )
    clash = existing(folder, files)
    if clash:
        raise click.UsageError(
            f"{folder} already has {', '.join(clash)}; sheetgen init never overwrites files (choose an empty folder)"
        )
    for f in files:
        try:
            write_atomic(folder / f.path, f.data)
        except OSError as exc:
            raise click.UsageError(f"cannot write {folder / f.path}: {exc.strerror or exc}") from None
    where = "" if directory == "." else f"cd {shlex.quote(directory)} && "
    click.echo(
        f"sheetgen: wrote {len(files)} files for {', '.join(chosen)} to {folder}/; "
        f"build them with `{where}sheetgen build`",
        err=True,
    )


@main.command()
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of a table")
@click.option("--markdown", is_flag=True, help="print the Markdown table of docs/reference/products.md")
def products(as_json, markdown) -> None:
    """Every product: id, game, kinds, scope, formats and output path."""
    from sheetgen.layout.catalog import catalog, markdown_table

    rows = catalog()
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if markdown:
        click.echo(markdown_table(rows))
        return
    table = [("PRODUCT", "GAME", "KINDS", "SCOPE", "FORMATS", "OUTPUT")] + [
        (r["id"], r["game"], ",".join(r["kinds"]) or "-", r["scope"], ",".join(r["formats"]), r["output"] + ".<ext>")
        for r in rows
    ]
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]) - 1)]
    for row in table:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[-1])


class _NewGroup(click.Group):
    """`sheetgen new KIND`: one subcommand per generator, built from its declaration."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from sheetgen.generate import generators

        return sorted(generators())

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        from sheetgen.generate import generators

        gen = generators().get(name)
        if gen is None:
            return None
        params: list[click.Parameter] = [
            click.Option(["--seed"], type=int, help="the same seed gives the same document (default: random, printed)"),
            click.Option(
                ["-o", "--output"], type=click.Path(dir_okay=False), help="write to this file instead of stdout"
            ),
            click.Option(["--force"], is_flag=True, help="with -o: replace the file if it is already there"),
            click.Option(
                ["--append"],
                is_flag=True,
                help="with -o: add the documents to the end of the file (after `---`), checking the whole file",
            ),
            click.Option(
                ["--content"],
                default=DEFAULT_CONTENT,
                show_default=True,
                type=click.Path(),
                help="content folder with the tables and catalogs generators draw from",
            ),
        ]
        for opt in gen.options:
            ptype: Any = click.Choice(list(opt.choices)) if opt.choices else opt.type
            params.append(
                click.Option(
                    [f"--{opt.name.replace('_', '-')}", opt.name],
                    type=ptype,
                    default=opt.default,
                    show_default=opt.default is not None,
                    help=opt.help,
                )
            )

        def callback(seed, output, force, append, content, **values):
            _run_generator(gen, seed, output, content, values, force=force, append=append)

        return click.Command(name, params=params, callback=callback, help=gen.summary)


@main.group(cls=_NewGroup)
def new() -> None:
    """Generate a new document (cubit, character, monster …) as YAML."""


def _run_generator(gen, seed, output, content, values, force: bool = False, append: bool = False) -> None:
    from sheetgen.content.loader import UsageError, load
    from sheetgen.generate import dump_documents

    if append and (not output or force):
        raise click.UsageError(
            "--append adds to the file given with -o, and --force replaces it: give -o FILE with one of them"
        )
    if output and not force and not append and Path(output).exists():
        raise click.UsageError(
            f"{output} is already there; sheetgen new does not replace a file unless asked: "
            "choose another -o, add --append to add to it, or --force to replace it"
        )
    before = _appended_to(output) if append else ""

    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    if isinstance(values.get("id"), str):
        from sheetgen.content.checks import ContentError, check_slug

        try:
            check_slug(values["id"])
        except ContentError as exc:
            raise click.BadParameter(exc.message, param_hint="--id") from None
    if content and content != DEFAULT_CONTENT and not Path(content).is_dir():
        raise click.UsageError(f"--content {content}: no such folder")
    try:  # the content folder if there is one, and the game data sheetgen ships
        library = load([content] if content and Path(content).is_dir() else [], game_data=_game_data(gen.kind))
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    rng = random.Random(seed)
    try:
        documents = gen.generate(rng, {**values, "seed": seed}, library)
        _unique_ids(documents, library, output, explicit=values.get("id"), taken_there=_ids_in(before, output))
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    args = " ".join(f"--{k.replace('_', '-')} {shlex.quote(str(v))}" for k, v in values.items() if v is not None)
    header = (f"sheetgen new {gen.kind} --seed {seed}" + (f" {args}" if args else "")).replace("\n", "\\n")
    text = before + dump_documents(documents, header)
    problems = _check_generated(text, content, output)
    if problems:
        click.echo(format_text(problems, {"<generated>": text.splitlines()}), err=True)
        raise click.ClickException(
            "the generated document does not pass its checks (above): an option's value, or a table "
            "in the content folder, is not usable"
        )
    if output:
        from sheetgen.files.outputs import write_atomic

        try:
            write_atomic(Path(output), text.encode("utf-8"))
        except OSError as exc:
            raise click.UsageError(f"cannot write {output}: {exc.strerror or exc}") from None
        same = "the same documents" if len(documents) > 1 else "the same document"
        did = f"added {len(documents)} document{'s' if len(documents) > 1 else ''} to" if before else "wrote"
        click.echo(f"sheetgen: {did} {output} (seed {seed}: the same seed gives {same})", err=True)
    else:
        click.echo(text, nl=False)


def _appended_to(output: str) -> str:
    """The text of the file `new --append` adds to, ending in the `---` that starts the
    new documents; empty where there is no such file (or nothing in it)."""
    try:
        text = Path(output).read_text(encoding="utf-8") if Path(output).is_file() else ""
    except (OSError, UnicodeDecodeError) as exc:
        raise click.UsageError(f"cannot read {output} to add to it: {getattr(exc, 'strerror', None) or exc}") from None
    if not text.strip():
        return ""
    return text + ("" if text.endswith("\n") else "\n") + "---\n"


def _ids_in(text: str, output: str | None) -> set[tuple[str, str]]:
    """The (kind, id) of every document in a file's text (the one `--append` adds to)."""
    from sheetgen.content.yamlsrc import load_documents

    docs, _ = load_documents(text, output or "<appended>") if text else ([], [])
    return {
        (d.data["kind"], d.data["id"])
        for d in docs
        if isinstance(d.data, dict) and isinstance(d.data.get("kind"), str) and isinstance(d.data.get("id"), str)
    }


def _unique_ids(
    documents: list[dict[str, Any]],
    library,
    output: str | None,
    explicit: str | None,
    taken_there: set[tuple[str, str]] = frozenset(),
) -> None:
    """Give each generated document an id no document of its kind in the content folder (nor
    one of `taken_there`, the file appended to, nor an earlier one of this run) has, by
    adding `-2`, `-3` …; an id asked for with --id that is taken is refused. Documents in the
    file being written over do not count, except those `taken_there`."""

    def elsewhere(file: str) -> bool:
        return not output or Path(file).resolve() != Path(output).resolve()

    # Every project document read, those with errors too (their ids are taken all the same).
    taken = {key for key, claims in library.claims.items() if any(elsewhere(c.file) for c in claims)}
    taken |= set(taken_there)
    for doc in documents:
        base = doc["id"]
        if explicit and (doc["kind"], base) in taken:
            raise ValueError(
                f"a {doc['kind']} with the id `{base}` is already in the content folder; choose another --id"
            )
        n, new = 1, base
        while (doc["kind"], new) in taken:
            n += 1
            new = f"{base}-{n}"
        doc["id"] = new
        taken.add((doc["kind"], new))


def _check_generated(text: str, content: str | None, output: str | None = None) -> list[Diagnostic]:
    """Load generated YAML like any content file (with the content folder for references)."""
    import tempfile

    from sheetgen.content.loader import load
    from sheetgen.rules import check

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "generated.yaml"
        path.write_text(text, encoding="utf-8")
        context = [content] if content and Path(content).is_dir() else []
        # The file written over is left out: the generated text stands in for it (no clash with itself).
        library = load([path], context=context, game_data=_game_data(), leave_out=[output] if output else [])
        checked = check(library)
        # Named `<generated>`, with its own lines: the temporary file is gone when they are read.
        return [
            dataclasses.replace(d, file="<generated>")
            for d in library.diagnostics + checked.diagnostics
            if d.is_error and d.file.endswith("generated.yaml")
        ]


@main.group(name="import")
def import_() -> None:
    """Turn another tool's export into content (YAML)."""


@import_.command("army-forge")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(file_okay=False),
    default="content/grimdark",
    show_default=True,
    help="the folder to write <army-id>.yaml into",
)
@click.option("--force", is_flag=True, help="replace <army-id>.yaml if it is already there (hand edits are lost)")
def import_army_forge(file, out_dir, force) -> None:
    """A list builder's army export (JSON or text) → a grimdark-army and its grimdark-units."""
    from sheetgen.files.outputs import write_atomic
    from sheetgen.importers.army_forge import import_yaml, relocate

    result = import_yaml(Path(file))
    target = Path(out_dir) / result.name
    problems, lines = result.problems, {file: result.lines}
    if not problems:  # checked like any content before a byte is written, reported at the export's lines
        problems = relocate(result, file, _check_generated(result.text, None))
    if result.warnings or problems:
        click.echo(format_text(result.warnings + problems, lines), err=True)
    if problems:
        click.echo(f"sheetgen: {file} was not imported; nothing was written", err=True)
        raise ContentFailure()
    if target.exists() and not force:
        raise click.UsageError(
            f"{target} is already there; sheetgen import does not replace a file unless asked "
            "(hand edits would be lost): choose another -o, or add --force to replace it"
        )
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, result.text.encode("utf-8"))
    except OSError as exc:
        raise click.UsageError(f"cannot write {target}: {exc.strerror or exc}") from None
    click.echo(f"sheetgen: wrote {target}", err=True)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(file_okay=False),
    help="folder to build into (default: output/ beside the project's content/ folder)",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="port on 127.0.0.1 (0: any free port)",
)
@click.option("--open", "open_browser", is_flag=True, help="open the workbench in a web browser")
def serve(paths, out_dir, port, open_browser) -> None:
    """A local workbench on 127.0.0.1: live previews, generators as forms, the cubit builder."""
    try:
        from sheetgen.serve.server import serve as run_server
        from sheetgen.serve.workspace import Workspace
    except ImportError as exc:
        raise click.UsageError(f"`sheetgen serve` needs {exc.name}: pip install 'sheetgen[serve]'") from None
    from sheetgen.content.loader import UsageError

    if not paths and not Path(DEFAULT_CONTENT).is_dir():  # in a project's subfolder: the project
        paths = tuple(_paths(paths)[0])
    try:
        workspace = Workspace(list(paths), out_dir or _default_output(paths))
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        run_server(workspace, port, open_browser)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}") from None


#: The exit status of a command interrupted (Ctrl-C), as shells give it.
INTERRUPTED = 130


def _status_of_main() -> int:
    """Run `main` as click runs a command on its own, but that an interruption says what
    became of the outputs and ends with status 130 (click's own ends with 1, the status of
    content errors)."""
    import errno
    import signal

    try:
        status = main.main(standalone_mode=False)
    except (click.exceptions.Abort, KeyboardInterrupt):  # Ctrl-C, or end of input at a prompt
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C changes nothing now
        building = next((a for a in sys.argv[1:] if not a.startswith("-")), None) == "build"
        click.echo(
            "sheetgen: interrupted"
            + ("; every output is as it was or complete, and the next build does the rest" if building else ""),
            err=True,
        )
        return INTERRUPTED
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except OSError as exc:
        if exc.errno == errno.EPIPE:  # a reader that went away (`sheetgen show | head`)
            return 1
        raise
    return status if isinstance(status, int) else 0


def run() -> None:
    """`sheetgen` as a command (`python -m sheetgen`, the installed script): `main`, and
    then the process ends at once. By then every output is written and closed; what is
    left is tearing the interpreter down, freeing one by one every object a build made,
    which takes longer than a small build itself (about 45 ms after a 1,000-card deck).
    The exit status is `main`'s; an error that escapes it ends the process as usual."""
    try:
        code = _status_of_main()
    except KeyboardInterrupt:  # a second Ctrl-C while the first was being answered
        code = INTERRUPTED
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            code = exc.code or 0
        else:  # sys.exit("message"): the message goes to stderr, status 1
            print(exc.code, file=sys.stderr)
            code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a reader that went away (`sheetgen show | head`)
            pass
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
