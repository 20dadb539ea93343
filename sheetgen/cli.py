"""The command line: build, validate, show, new, schema, products, init, import, serve.

Exit status: 0 clean, 1 content errors (or warnings with --strict), 2 usage errors.
The `build`, `new` and `import` commands live in `sheetgen.commands`, with what the
commands share.
"""

from __future__ import annotations

import gc
import json
import os
import shlex
import sys
from pathlib import Path
from typing import Any

import click

from sheetgen import __version__
from sheetgen.commands.build import build
from sheetgen.commands.imports import import_
from sheetgen.commands.new import new
from sheetgen.commands.shared import (
    DEFAULT_CONTENT,
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
    length_option,
    load_content,
    reportable,
    settings_of,
    unique_diagnostics,
    whole_content,
)
from sheetgen.diagnostics import summarize

# sheetgen runs as a short-lived process that makes many small objects and few reference
# cycles: the collector runs less often (set as the command line is imported, before any
# stage is: those are imported as a command needs them), and not at all while a build
# runs (see `sheetgen.commands.build.collector_paused`).
gc.set_threshold(20_000, 20, 20)

# pydantic looks for plugins among every installed distribution the first time a model is
# built, which costs more than building all of sheetgen's models; sheetgen uses none.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


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


main.add_command(build)
main.add_command(new)
main.add_command(import_)


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
@click.option("--cube-size", callback=length_option, help="check cube nets at this size")
@click.option("--theme", help=THEME_HELP)
@click.option("--templates", type=click.Path(exists=True, file_okay=False), help=TEMPLATES_HELP)
def validate(paths, fmt, strict, paper, cube_size, theme, templates) -> None:
    """Check content against each game's rules and layout; report every problem."""
    from sheetgen.files.check import layout_issues
    from sheetgen.files.outputs import read_manifest
    from sheetgen.files.report import theme_broken

    library, checked = load_content(paths, settings_of(paper, cube_size, theme, templates))
    check_theme_exists(library, theme)

    def checked_line(errors: int, warnings: int) -> str:
        docs = library.read  # every document read, valid or not: the same count `build` gives
        return (
            f"sheetgen: {docs} document{'s' if docs != 1 else ''} checked, "
            f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"
        )

    early = library.diagnostics + checked.diagnostics
    check_cube_size(checked, library, early, checked_line, fmt)
    check_card_size(checked, library, early, checked_line, fmt)
    found = check_templates(checked, library, early, checked_line, fmt)
    # What waits on errors in files not given is said, as a note: they are not these files' problems.
    waiting: list[str] = []
    made = set(read_manifest(Path(default_output(paths))).by_target())  # what a build would leave as it was
    laid_out = layout_issues(checked, whole=whole_content(paths), waiting=waiting, made=made)
    if checked.theme.broken:  # nothing would be built: a note where the theme's file was not given
        said = theme_broken(checked)
        if not library.is_target_file(said.file):
            waiting.append(
                f"{said.file}: the theme `{checked.theme.id}` has errors: a build makes nothing until "
                f"they are fixed ({said.hint})"
            )
    emit(early + found, library, fmt, outputs=laid_out)
    diagnostics = unique_diagnostics(reportable(early + found, library) + laid_out)
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

    library, checked = load_content((file,), settings_of(None, None, None))
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
    diagnostics = reportable(diagnostics, library)
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
    emit(diagnostics, library)
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
        paths = tuple(content_paths(paths)[0])
    try:
        workspace = Workspace(list(paths), out_dir or default_output(paths))
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
