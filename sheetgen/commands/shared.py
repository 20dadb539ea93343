"""What the commands share: the content paths a command works on, loading and checking
them, the settings, and how a command reports its diagnostics and stops."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import click

from sheetgen.diagnostics import Diagnostic, format_json, format_text, in_report_order, summarize

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


def length_option(_ctx: click.Context, _param: click.Parameter, value: str | None) -> float | None:
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


def content_paths(paths: tuple[str, ...]) -> tuple[list[str], list[str]]:
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
    root = project_above()
    if root is None:
        raise click.UsageError(
            f"no PATH given and there is no `{DEFAULT_CONTENT}/` folder here "
            "or in a folder above; run it in a project (`sheetgen init` makes one)"
        )
    return [os.path.relpath(root / DEFAULT_CONTENT)], []


def project_above() -> Path | None:
    """The nearest folder, the working directory or one above it, that holds `content/`:
    a command run in a project's subfolder works on the project, as git does."""
    from sheetgen.content.project import CONTENT, find_root

    root = find_root([])  # the project root of the working directory's own content folder
    return root if (root / CONTENT).is_dir() else None


def default_output(paths: tuple[str, ...]) -> str:
    """`output/` beside the project's `content/` folder (the working directory's when the
    paths belong to no project)."""
    from sheetgen.content.project import CONTENT, find_root

    root = find_root(paths) if paths else project_above()
    if root is None or not (root / CONTENT).is_dir():
        return DEFAULT_OUTPUT
    return os.path.relpath(root / DEFAULT_OUTPUT)


def load_content(paths: tuple[str, ...], settings, cache=None, jobs: int = 1):
    from sheetgen.content.loader import UsageError, load
    from sheetgen.rules import check

    targets, context = content_paths(paths)
    try:
        library = load(targets, context=context, game_data=game_data(), cache=cache, jobs=jobs)
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


def settings_of(paper: str | None, cube_size: float | None, theme: str | None, templates: str | None = None):
    from sheetgen.rules.theme import Settings

    return Settings(paper=paper, cube_size=cube_size, theme=theme, templates=templates)


TEMPLATES_HELP = "a folder of your own templates over the bundled ones, by the same paths (see docs/templates.md)"


def check_templates(
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
        stop(diagnostics + found, library, summary, fmt)
    return found


def check_theme_exists(library, theme: str | None) -> None:
    """Refuse a --theme that is not there, or several themes and no way to choose."""
    from sheetgen.rules.theme import choose_theme

    _, problem = choose_theme(library, theme)
    if problem:
        raise click.UsageError(problem)


def reportable(diags: list[Diagnostic], library) -> list[Diagnostic]:
    """Documents read only to resolve references are not reported on."""
    return [d for d in diags if library.is_target_file(d.file)]


#: The line that ends a command's report, given its counts of errors and warnings.
Summary = Callable[[int, int], str]


def stop(diags: list[Diagnostic], library, summary: Summary, fmt: str = "text") -> NoReturn:
    """Report the diagnostics that stop a command before it builds or checks anything
    more, with its summary line, and exit with status 1."""
    emit(diags, library, fmt)
    if fmt == "text":
        click.echo(summary(*summarize(unique_diagnostics(reportable(diags, library)))), err=True)
    raise ContentFailure()


def emit(diags: list[Diagnostic], library, fmt: str = "text", outputs: list[Diagnostic] | None = None) -> None:
    """Print the reportable diagnostics and those of the outputs the command lays out
    (`outputs`: every one is reported, being about what was asked for)."""
    from sheetgen.files.report import unique

    diags = in_report_order(unique(reportable(diags, library) + (outputs or [])))
    if fmt == "json":
        click.echo(format_json(diags))
        return
    if diags:
        from sheetgen.layout.templates import source_lines

        lines = {path: src.lines for path, src in library.sources.items()}
        lines.update(source_lines(diags))
        click.echo(format_text(diags, lines), err=True)


def game_data(kind: str | None = None) -> bool | list[str]:
    """Whether to load the shipped game data (not with `sheetgen --no-game-data …`): of the
    games the content is of, and of the game of `kind` (a generator's) even with no content."""
    from sheetgen.games import game_of_kind

    ctx = click.get_current_context(silent=True)
    if ctx and ctx.find_root().params.get("no_game_data"):
        return False
    game = game_of_kind(kind) if kind else None
    return [game] if game else True


def whole_content(paths: tuple[str, ...]) -> bool:
    """Whether a build was given its project's whole content folder (or nothing)."""
    if not paths:
        return True
    from sheetgen.content.project import CONTENT, find_root

    content = (find_root(paths) / CONTENT).resolve()
    return all(Path(p).resolve() == content for p in paths)


def unique_diagnostics(diags: list[Diagnostic]) -> list[Diagnostic]:
    """Each diagnostic once (`sheetgen.files.report.unique`, imported when a command reports)."""
    from sheetgen.files.report import unique

    return unique(diags)


def check_cube_size(checked, library, diagnostics: list[Diagnostic], summary: Summary, fmt: str = "text") -> None:
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
    stop(
        diagnostics + [error(theme.file, m.line, m.column, code, problem.replace("--cube-size", "cube_size"), hint)],
        library,
        summary,
        fmt,
    )


def check_card_size(checked, library, diagnostics: list[Diagnostic], summary: Summary, fmt: str = "text") -> None:
    """A theme's card size smaller than every card product is made for: one error at the
    theme's `card_size`, naming the decks it cannot serve (not an error per card)."""
    from sheetgen.layout import registry as layout_registry

    found = layout_registry.card_size_error(checked.theme, library)
    if found is not None:
        stop(diagnostics + [found], library, summary, fmt)
