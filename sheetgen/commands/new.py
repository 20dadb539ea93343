"""`sheetgen new KIND`: a generator's document as YAML, its ids made unique against the
content folder, checked like any content before it is printed or written."""

from __future__ import annotations

import dataclasses
import random
import shlex
from pathlib import Path
from typing import Any

import click

from sheetgen.commands.shared import DEFAULT_CONTENT, game_data
from sheetgen.diagnostics import Diagnostic, format_text


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


@click.group(cls=_NewGroup)
def new() -> None:
    """Generate a new document (cubit, character, monster …) as YAML."""


def _run_generator(gen, seed, output, content, values, force: bool = False, append: bool = False) -> None:
    from sheetgen.content.loader import UsageError, load
    from sheetgen.generate import dump_documents, ids_in, unique_ids

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
        library = load([content] if content and Path(content).is_dir() else [], game_data=game_data(gen.kind))
    except UsageError as exc:
        raise click.UsageError(str(exc)) from None
    rng = random.Random(seed)
    try:
        documents = gen.generate(rng, {**values, "seed": seed}, library)
        unique_ids(documents, library, output, explicit=values.get("id"), taken_there=ids_in(before, output))
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    args = " ".join(f"--{k.replace('_', '-')} {shlex.quote(str(v))}" for k, v in values.items() if v is not None)
    header = (f"sheetgen new {gen.kind} --seed {seed}" + (f" {args}" if args else "")).replace("\n", "\\n")
    text = before + dump_documents(documents, header)
    problems = check_generated(text, content, output)
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


def check_generated(text: str, content: str | None, output: str | None = None) -> list[Diagnostic]:
    """Load generated YAML like any content file (with the content folder for references)."""
    import tempfile

    from sheetgen.content.loader import load
    from sheetgen.rules import check

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "generated.yaml"
        path.write_text(text, encoding="utf-8")
        context = [content] if content and Path(content).is_dir() else []
        # The file written over is left out: the generated text stands in for it (no clash with itself).
        library = load([path], context=context, game_data=game_data(), leave_out=[output] if output else [])
        checked = check(library)
        # Named `<generated>`, with its own lines: the temporary file is gone when they are read.
        return [
            dataclasses.replace(d, file="<generated>")
            for d in library.diagnostics + checked.diagnostics
            if d.is_error and d.file.endswith("generated.yaml")
        ]
