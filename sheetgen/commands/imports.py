"""`sheetgen import NAME`: another tool's export as content, one subcommand per importer the
games' records offer (`GameRecord.importers`), written only once it passes its checks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheetgen.commands.new import check_generated
from sheetgen.commands.shared import DEFAULT_CONTENT, ContentFailure
from sheetgen.diagnostics import format_text

if TYPE_CHECKING:
    from sheetgen.importers import Importer


class _ImportGroup(click.Group):
    """One subcommand per importer, built from its declaration; the records and the
    importer modules are read only when `sheetgen import` runs."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from sheetgen.importers import importers

        return sorted(importers())

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        from sheetgen.importers import importers

        offered = importers().get(name)
        if offered is None:
            return None
        importer = offered.importer
        params: list[click.Parameter] = [
            click.Argument(["file"], type=click.Path(exists=True, dir_okay=False)),
            click.Option(
                ["-o", "--output", "out_dir"],
                type=click.Path(file_okay=False),
                default=f"{DEFAULT_CONTENT}/{offered.game.id}",
                show_default=True,
                help=f"the folder to write {importer.file} into",
            ),
            click.Option(
                ["--force"], is_flag=True, help=f"replace {importer.file} if it is already there (hand edits are lost)"
            ),
        ]

        def callback(file: str, out_dir: str, force: bool) -> None:
            _run_importer(importer, file, out_dir, force)

        return click.Command(name, params=params, callback=callback, help=importer.help)


@click.group(name="import", cls=_ImportGroup)
def import_() -> None:
    """Turn another tool's export into content (YAML)."""


def _run_importer(importer: Importer, file: str, out_dir: str, force: bool) -> None:
    """The export read and checked like any content before a byte is written, its problems
    reported at the export's lines; the file written at once, never over one unless forced."""
    from sheetgen.files.outputs import write_atomic

    result = importer.read(Path(file))
    target = Path(out_dir) / result.name
    problems = result.problems
    lines: dict[str, Sequence[str]] = {file: result.lines}
    if not problems:
        problems = importer.relocate(result, file, check_generated(result.text, None))
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
