"""Where a Cubit finding points: a path into the document and, for faces written in the
compact notation, how far into that string the offending term starts.

Diagnostics about a term of `faces: "Ai2 Ma6[martial-arts] …"` point at the term's own
column, not at the start of the string, when the string sits on one line of the file.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.content.loader import Document
from sheetgen.diagnostics import Diagnostic, Severity, did_you_mean
from sheetgen.rules.base import RuleContext


@dataclass(frozen=True)
class Spot:
    path: tuple
    offset: int | None = None  # characters into the string value at `path`
    key: bool = False  # point at the key naming `path` rather than its value


def at(where: Spot | tuple) -> Spot:
    return where if isinstance(where, Spot) else Spot(tuple(where))


def _column_of(ctx: RuleContext, doc: Document, spot: Spot) -> tuple[int, int]:
    """(line, column) of the spot: the value's own mark, moved along to `offset` when the
    value is written out on its source line (plain or quoted, without escapes)."""
    mark = doc.mark(spot.path)
    if spot.offset is None:
        return mark.line, mark.column
    value = _value_at(doc.model, spot.path)
    source = ctx.library.sources.get(doc.file)
    if not isinstance(value, str) or source is None or not 1 <= mark.line <= len(source.lines):
        return mark.line, mark.column
    line = source.lines[mark.line - 1]
    start = mark.column - 1
    if line[start : start + 1] in ("'", '"'):
        start += 1
    if line[start : start + len(value)] != value:
        return mark.line, mark.column
    return mark.line, start + spot.offset + 1


def _value_at(model: object, path: tuple) -> object:
    value = model
    for part in path:
        if isinstance(part, int):
            value = value[part]  # type: ignore[index]
        else:
            value = getattr(value, part, None)
    return value


def report_at(
    ctx: RuleContext,
    doc: Document,
    where: Spot | tuple,
    severity: Severity,
    code: str,
    message: str,
    hint: str | None = None,
) -> None:
    """Report a finding at a spot (see `Spot`)."""
    spot = at(where)
    if spot.offset is None:
        ctx.report(doc, spot.path, severity, code, message, hint, key=spot.key)
        return
    line, column = _column_of(ctx, doc, spot)
    ctx.diagnostics.append(Diagnostic(doc.file, line, column, severity, code, message, hint))
    if severity is Severity.ERROR:
        ctx.failed.add(doc.key)


def error_at(
    ctx: RuleContext, doc: Document, where: Spot | tuple, code: str, message: str, hint: str | None = None
) -> None:
    report_at(ctx, doc, where, Severity.ERROR, code, message, hint)


def warning_at(
    ctx: RuleContext, doc: Document, where: Spot | tuple, code: str, message: str, hint: str | None = None
) -> None:
    report_at(ctx, doc, where, Severity.WARNING, code, message, hint)


def lookup(
    ctx: RuleContext, doc: Document, where: Spot | tuple, kind: str, ref: str, code: str, what: str
) -> Document | None:
    """The valid `kind` document `ref`, or None after reporting why not: an unknown id
    (under the game's own `code`, with "did you mean") or a target with errors of its own."""
    target = ctx.library.get(kind, ref)
    if target is not None and ctx.ok(target):
        return target
    if target is not None or (kind, ref) in ctx.library.invalid:
        error_at(
            ctx,
            doc,
            where,
            "content.broken-reference",
            f"the {what} `{ref}` has errors of its own",
            "fix that document first",
        )
        return None
    known = ctx.library.ids(kind)
    hint = did_you_mean(ref, known)
    if hint is None:
        hint = f"known {what} ids: {', '.join(sorted(known))}" if known else f"no {what} documents were loaded"
    error_at(ctx, doc, where, code, f"there is no {what} with the id `{ref}`", hint)
    return None
