"""What a build says: layout issues placed at their documents' fields, the warnings of
outputs left as they were, and each finding said once."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sheetgen.content.loader import Document, Library
from sheetgen.diagnostics import Diagnostic, Severity, display_path
from sheetgen.files.outputs import LinkedOutput
from sheetgen.layout.context import Issue, Source
from sheetgen.layout.overflow import TOO_LONG, shorten_hint
from sheetgen.layout.registry import product as find_product
from sheetgen.rules import Checked

if TYPE_CHECKING:
    from sheetgen.files.plan import Target


def issue_diagnostic(issue: Issue, library: Library, target: Target) -> Diagnostic:
    """A layout issue placed at its document's field in the source file. One with no
    field of its own goes to the document the output is made from, or, when it is made
    from many or none (a blank sheet), to the target itself: `<system/product/id>`.
    Text too long for its place names the product it is too long in."""
    product = None
    if issue.code in TOO_LONG:
        found = find_product(target.product, target.game)
        product = found.print_shop_of or found.id  # a print-shop twin has its deck's cards
    if issue.at is not None:
        name = f"{product} `{target.id}`: " if product else ""
        return Diagnostic(*issue.at, issue.severity, issue.code, name + issue.message, issue.hint)
    doc = library.get(*issue.source.doc) if issue.source.doc else None
    if doc is None and target.scope == "document" and target.job.docs:
        doc = library.get(*target.job.docs[0].key)
    if doc is None:
        return Diagnostic(f"<{target.key}>", 1, 1, issue.severity, issue.code, issue.message, issue.hint)
    m = doc.mark(issue.source.path)
    who = f"{doc.kind} `{doc.id}`"
    hint, shorten_to = field_hint(issue, doc) if issue.source.doc == doc.key else (issue.hint, _asked(issue))
    if product is None:
        return Diagnostic(doc.file, m.line, m.column, issue.severity, issue.code, f"{who}: {issue.message}", hint)
    return Diagnostic(
        doc.file,
        m.line,
        m.column,
        issue.severity,
        issue.code,
        _in_products(who, (product,), issue.message),
        hint,
        subject=who,
        products=(product,),
        detail=issue.message,
        shorten_to=shorten_to,
    )


def _in_products(who: str, products: tuple[str, ...], message: str) -> str:
    """ "kubos-monster `orc` in `handout` and `kubos-stat-blocks`: …": text too long for
    its place in these products."""
    named = [f"`{p}`" for p in products]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    return f"{who} in {listed}: {message}"


def _asked(issue: Issue, fits: int | None = None) -> int | None:
    """The length the hint of text too long for its place asks for (`fits`, else the
    issue's own), if it names one (`shorten_hint`)."""
    if issue.fit is None or not issue.hint:
        return None
    fits = issue.fit[1] if fits is None else fits
    return fits if fits > 0 else None


def field_hint(issue: Issue, doc: Document) -> tuple[str | None, int | None]:
    """The hint of text too long for its place, with the length its field may have where
    the field's value is printed with more around it (a unit's name in `Name [5]`), and
    that length (None if the hint names none)."""
    if issue.fit is None or not issue.hint:
        return issue.hint, None
    printed, fits = issue.fit
    value: Any = doc.model
    try:
        for part in issue.source.path:
            value = value[part] if isinstance(part, int) else getattr(value, part)
    except (AttributeError, IndexError, KeyError, TypeError):
        return issue.hint, _asked(issue)
    if not isinstance(value, str) or value == printed or value not in printed:
        return issue.hint, _asked(issue)
    asked = shorten_hint(fits, len(printed))
    if asked not in issue.hint:
        return issue.hint, _asked(issue)
    field_fits = fits - (len(printed) - len(value))
    return issue.hint.replace(asked, shorten_hint(field_fits, len(value)), 1), _asked(issue, field_fits)


def issue_json(issue: Issue, root: Path | None = None) -> dict[str, Any]:
    """A layout warning as the manifest keeps it (`TargetRecord.warnings`)."""
    return {
        "doc": list(issue.source.doc) if issue.source.doc else None,
        "path": list(issue.source.path),
        "code": issue.code,
        "message": issue.message,
        "hint": issue.hint,
        "at": _project_at(issue.at, root),
        "fit": list(issue.fit) if issue.fit else None,
    }


def _project_at(at: tuple[str, int, int] | None, root: Path | None) -> list | None:
    """A template's place as the manifest keeps it: relative to the project root, so that
    the manifest depends neither on the folder a build ran in nor on where the project
    is (shown relative to the working directory again when reported)."""
    if not at:
        return None
    file = at[0] if at[0].startswith("<") else os.path.relpath(os.path.abspath(at[0]), root or Path.cwd())
    return [file.replace(os.sep, "/"), at[1], at[2]]


def issue_from_json(d: dict[str, Any], root: Path | None = None) -> Issue | None:
    """A kept warning back as an Issue, placed again at its field's current line (None if
    the record is not one sheetgen wrote)."""
    try:
        doc, at, fit = d.get("doc"), d.get("at"), d.get("fit")
        file = str(at[0]) if at else ""
        if at and not file.startswith("<"):
            file = display_path(os.path.join(root or Path.cwd(), file))
        return Issue(
            Source((str(doc[0]), str(doc[1])) if doc else None, tuple(d.get("path") or ())),
            Severity.WARNING,
            str(d["code"]),
            str(d["message"]),
            d.get("hint"),
            (file, int(at[1]), int(at[2])) if at else None,
            (str(fit[0]), int(fit[1])) if fit else None,
        )
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def write_problem(exc: OSError, where: Path | str) -> tuple[str, str | None]:
    """The message and hint of a write to `where` that failed."""
    if isinstance(exc, LinkedOutput):
        return (
            f"cannot write {display_path(str(where))}: {display_path(str(exc.link))} is a symbolic link, and "
            "sheetgen never writes through one",
            "remove the link; the build makes the file or folder itself",
        )
    return f"cannot write {display_path(str(where))}: {exc.strerror or exc}", None


def write_failed(message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(
        "<build>",
        1,
        1,
        Severity.ERROR,
        "build.write-failed",
        message,
        hint
        or "check that the output folder is writable and the disk is not full; "
        "outputs not written and the manifest stay as they were",
    )


def waits_on_failed(
    target: Target, failed_docs: set[tuple[str, str]], library: Library, earlier: bool = True
) -> Diagnostic | None:
    """The `build.not-rebuilt` warning of an output drawing on documents whose own outputs
    failed, or None if none did."""
    failed = sorted(failed_docs.intersection(d.key for d in target.job.docs))
    return not_rebuilt(replace(target, blocked_by=tuple(failed)), library, earlier) if failed else None


def not_rebuilt(target: Target, library: Library, earlier: bool = True) -> Diagnostic:
    """Why a target is not built: a document it needs has errors. Placed at that document,
    or, where that is not known, at the document the output is made from; when the
    command does not report the cause (a file it was not given), the hint says how to.
    `earlier`: the output folder has an earlier output of it, which stays (else none is made)."""
    verb, stays = ("rebuilt", "; its earlier output stays as it was") if earlier else ("built", "")
    if not target.blocked_by:
        file = target.blocked_files[0]
        shown = next((f for f, name in library.files.items() if name == file), file)
        hint = (
            "fix the errors above and build again"
            if cause_shown(target, library)
            else f"`sheetgen validate {display_path(shown)}` shows why"
        )
        return Diagnostic(
            shown,
            1,
            1,
            Severity.WARNING,
            "build.not-rebuilt",
            f"{target.key} is not {verb} while {waiting_on(target)}{stays}",
            hint,
        )
    kind, id_ = target.blocked_by[0]
    own = library.get(*target.job.docs[0].key) if target.scope == "document" and target.job.docs else None
    where = _document_at(library, (kind, id_)) or (own and _document_at(library, own.key)) or (f"<{target.key}>", 1, 1)
    count = len(target.blocked_by) + len(target.blocked_files)
    others = f" (and {count - 1} more)" if count > 1 else ""
    hint = (
        "fix the errors above and build again"
        if cause_shown(target, library)
        else f"`sheetgen validate {display_path(where[0]) if not where[0].startswith('<') else 'content'}` "
        "shows its errors"
    )
    aside = _files_to_set_aside(target, library, own)
    if aside:  # a class set, a party's cards: the others can print now, those with errors left aside
        hint += (
            f"; to print it now without {kind} `{id_}`{others}, move {' and '.join(aside)} out of the content folder"
        )
    return Diagnostic(
        *where,
        Severity.WARNING,
        "build.not-rebuilt",
        f"{target.key} is not {verb} while {waiting_on(target)}{stays}",
        hint,
    )


def not_rebuilt_once(waiting: list[tuple[Target, bool]], library: Library) -> list[Diagnostic]:
    """The `build.not-rebuilt` warnings of the outputs a build leaves aside (each with
    whether an earlier output of it stays), said once per cause: the outputs waiting on the
    same document share one line, which names the others after the first (bundles and
    print-shop twins last)."""

    def last(t: Target) -> tuple[bool, bool]:
        return t.game == "handouts", bool(find_product(t.product, t.game).print_shop_of)

    said: dict[tuple[str, int, int, str], list[tuple[Target, bool]]] = {}
    for t, earlier in sorted(waiting, key=lambda w: last(w[0])):
        d = not_rebuilt(t, library, earlier)
        said.setdefault((d.file, d.line, d.column, waiting_on(t)), []).append((t, earlier))
    out: list[Diagnostic] = []
    for (_, _, _, cause), group in said.items():
        first, earlier = group[0]
        d = not_rebuilt(first, library, earlier and all(e for _, e in group))
        if len(group) > 1:
            others = ", ".join(t.key for t, _ in group[1:])
            also = f"nor {len(group) - 1} other output{'s' if len(group) > 2 else ''} ({others})"
            message = d.message.replace(cause, f"{cause}, {also}", 1).replace(
                "; its earlier output stays as it was", "; their earlier outputs stay as they were"
            )
            d = replace(d, message=message)
        out.append(d)
    return out


def _files_to_set_aside(target: Target, library: Library, own: Document | None) -> list[str]:
    """The files to move out of the content folder for an output drawing on several
    documents to be built without those with errors: every file holding one, where none of
    them holds a document it is built from (nor its own); else none."""
    if not target.draws_on_several or target.blocked_files:
        return []
    files = set()
    for key in target.blocked_by:
        at = _document_at(library, key)
        if not at:
            return []
        files |= {c.file for c in library.claims.get(key, ())} | {at[0]}  # every document with its id
    needed = {d.file for d in (library.get(*m.key) for m in target.job.docs) if d is not None}
    if own is not None:
        needed.add(own.file)
    return [display_path(f) for f in sorted(files)] if not files & needed else []


def theme_broken(checked: Checked) -> Diagnostic:
    """The warning that nothing is built while the theme has errors, at the theme's document
    (the hint says how to see its errors where the command was not given its file)."""
    library, theme = checked.library, checked.theme
    where = _document_at(library, ("theme", theme.id)) or ("<build>", 1, 1)
    shown = where[0].startswith("<") or library.is_target_file(where[0])
    return Diagnostic(
        *where,
        Severity.WARNING,
        "build.not-rebuilt",
        f"nothing is built while the theme `{theme.id}` has errors; earlier outputs stay as they were",
        "fix the theme's errors above" if shown else f"`sheetgen validate {display_path(where[0])}` shows them",
    )


def _document_at(library: Library, key: tuple[str, str]) -> tuple[str, int, int] | None:
    """Where a document starts (file, line, column), valid or not; None if it was never read."""
    doc = library.get(*key)
    return (doc.file, doc.start.line, doc.start.column) if doc else library.invalid_at.get(key)


def waiting_on(target: Target) -> str:
    """What a target waits on, in words: `tricube-character `orm` has errors`."""
    if not target.blocked_by:
        return f"{target.blocked_files[0]} holds a document that cannot be read"
    kind, id_ = target.blocked_by[0]
    count = len(target.blocked_by) + len(target.blocked_files)
    return f"{kind} `{id_}`" + (f" (and {count - 1} more)" if count > 1 else "") + " has errors"


def cause_shown(target: Target, library: Library) -> bool:
    """Whether the errors a target waits on are reported beside the command's own: they
    are when they lie in the files it was given, not in others read for reference."""
    if not target.blocked_by:
        return all(library.is_target_file(f) for f, name in library.files.items() if name in target.blocked_files)
    file = (_document_at(library, target.blocked_by[0]) or ("",))[0]
    if not file:  # not even read: its errors are reported unless it may lie in another file
        return not library.context_files
    return library.is_target_file(file)


def unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Each diagnostic once; text too long in the same place for several products (a
    monster's name on its stat blocks and in a handout) said once, naming them all, with
    the shortest length the hints give (which fits them all)."""
    seen: set[Any] = set()
    out: list[Diagnostic] = []
    merged: dict[tuple, int] = {}  # a too-long finding's place and words → its index in `out`
    for d in diagnostics:
        k = (d.file, d.line, d.column, d.code, d.message)
        if k in seen:
            continue
        seen.add(k)
        if not d.products:
            out.append(d)
            continue
        place = (d.file, d.line, d.column, d.code, d.severity, d.subject, d.detail)
        if place not in merged:
            merged[place] = len(out)
            out.append(d)
            continue
        out[merged[place]] = _also_in(out[merged[place]], d)
    return out


def _also_in(first: Diagnostic, other: Diagnostic) -> Diagnostic:
    """A finding of text too long for its place naming the products of `other` too (the
    same text, found too long there), with the hint that asks for the shorter text."""
    named = first.products + tuple(p for p in other.products if p not in first.products)
    shorter = other if _shorter(other.shorten_to, first.shorten_to) else first
    return replace(
        first,
        message=_in_products(first.subject or "", named, first.detail or ""),
        products=named,
        hint=shorter.hint,
        shorten_to=shorter.shorten_to,
    )


def _shorter(a: int | None, b: int | None) -> bool:
    """Whether both name a length, `a` the shorter."""
    return a is not None and b is not None and a < b
