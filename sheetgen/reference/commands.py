"""`commands.md`: every command and option of the command line, walked from `sheetgen.cli.main`."""

from __future__ import annotations

from collections.abc import Iterator

import click

from sheetgen.reference import cell


def commands(group: click.Group, ctx: click.Context, path: str = "sheetgen") -> Iterator[tuple[str, click.Command]]:
    """Each command under `group` with its full name (`sheetgen new cubit`), depth first."""
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        full = f"{path} {name}"
        yield full, command
        if isinstance(command, click.Group):
            yield from commands(command, click.Context(command, parent=ctx, info_name=name), full)


def type_name(param: click.Parameter) -> str:
    if isinstance(param, click.Option) and param.is_flag:
        return "flag"
    if isinstance(param.type, click.Choice):
        return " | ".join(f"`{c}`" for c in param.type.choices)
    return param.type.name.lower()


def default_of(param: click.Parameter) -> str:
    if isinstance(param, click.Option) and param.is_flag:
        return "off"
    if not isinstance(param.default, (str, int, float)):  # none, or click's marker for none
        return "required" if param.required else "—"
    return f"`{param.default}`"


def param_rows(command: click.Command) -> list[str]:
    rows = ["| option | type | default | what it does |", "|---|---|---|---|"]
    for param in command.params:
        if isinstance(param, click.Option):
            names = ", ".join(f"`{n}`" for n in param.opts + param.secondary_opts)
            text = param.help or ""
        else:
            names = f"`{param.human_readable_name}`" + (" …" if param.nargs == -1 else "")
            text = "argument" + (", any number" if param.nargs == -1 else "")
        rows.append(f"| {names} | {cell(type_name(param))} | {cell(default_of(param))} | {cell(text)} |")
    return rows


def usage(command: click.Command, ctx: click.Context, full: str) -> str:
    pieces = command.collect_usage_pieces(click.Context(command, parent=ctx, info_name=full.rsplit(" ", 1)[1]))
    return " ".join([full, *pieces])


def page() -> str:
    from sheetgen.cli import main

    ctx = click.Context(main, info_name="sheetgen")
    lines = [
        "# Commands",
        "",
        "Every command and option of `sheetgen`, from the command line itself (`sheetgen COMMAND --help` "
        "says the same). Exit status: 0 clean, 1 content errors (or warnings with `--strict`), "
        "2 usage errors, 130 interrupted.",
        "",
        "## `sheetgen`",
        "",
        main.help or "",
        "",
    ]
    lines += param_rows(main)
    for full, command in commands(main, ctx):
        lines += [
            "",
            f"## `{full}`",
            "",
            f"`{usage(command, ctx, full)}`",
            "",
            cell(command.help or command.short_help or ""),
            "",
        ]
        if command.params:
            lines += param_rows(command)
    return "\n".join(lines) + "\n"
