"""What every game's rules module gets: a place to report findings and a resolver
for references between documents."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sheetgen.content.loader import Document, Library
from sheetgen.diagnostics import Diagnostic, Severity, did_you_mean


@dataclass(slots=True)
class RuleContext:
    """Collects diagnostics for documents and resolves ids to documents."""

    library: Library
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: set[tuple[str, str]] = field(default_factory=set)
    derived: dict[tuple[str, str], Any] = field(default_factory=dict)
    theme: Any = None  # the ResolvedTheme, once themes are checked
    # A kind's products a handout section may include, as (folder name, registry id) pairs.
    # Products are declared in layout, which rules cannot import: the caller passes this in
    # (`check(..., section_products=…)`); without it layout checks sections as it builds.
    section_products: Callable[[str], list[tuple[str, str]]] | None = None
    # The blank products a section may include (`blank:`), by registry id, with the kinds of
    # the settings documents each reads (`layout.sheets.handout.blank_choices`); passed in likewise.
    blank_products: Callable[[], dict[str, tuple[str, ...]]] | None = None

    def report(
        self,
        doc: Document,
        path: Iterable[Any],
        severity: Severity,
        code: str,
        message: str,
        hint: str | None = None,
        *,
        key: bool = False,
    ) -> None:
        path = tuple(path)
        if doc.unchecked and any(path[: len(u)] == u or (len(u) == 1 and _names(message, u[0])) for u in doc.unchecked):
            self.failed.add(doc.key)  # an echo of a misspelt key (`Document.unchecked`)
            return
        m = doc.mark(path, key=key)
        self.diagnostics.append(Diagnostic(doc.file, m.line, m.column, severity, code, message, hint))
        if severity is Severity.ERROR:
            self.failed.add(doc.key)

    def error(
        self, doc: Document, path: Iterable[Any], code: str, message: str, hint: str | None = None, *, key: bool = False
    ) -> None:
        self.report(doc, path, Severity.ERROR, code, message, hint, key=key)

    def warning(
        self, doc: Document, path: Iterable[Any], code: str, message: str, hint: str | None = None, *, key: bool = False
    ) -> None:
        self.report(doc, path, Severity.WARNING, code, message, hint, key=key)

    def ok(self, doc: Document) -> bool:
        return doc.key not in self.failed

    def resolve(
        self, doc: Document, path: Iterable[Any], kind: str, ref: str, what: str | None = None
    ) -> Document | None:
        """The document `ref` of `kind` that `doc` refers to at `path`, or None after
        reporting why not (unknown id with a suggestion, or a target with errors)."""
        what = what or kind
        target = self.library.get(kind, ref)
        path = tuple(path)
        if target is not None and target.key not in self.failed:
            return target
        if target is not None or (kind, ref) in self.library.invalid:
            self.error(
                doc,
                path,
                "content.broken-reference",
                f"the {what} `{ref}` has errors of its own",
                "fix that document first",
            )
            return None
        known = self.library.ids(kind)
        hint = did_you_mean(ref, known)
        if hint is None:
            hint = f"known {what} ids: {', '.join(sorted(known))}" if known else f"no {what} documents were loaded"
        self.error(doc, path, "content.unknown-reference", f"there is no {what} with the id `{ref}`", hint)
        return None


def _names(message: str, field: str) -> bool:
    """Whether a finding's message names the field (`hp`, `poisonous:`)."""
    return f"`{field}`" in message or f"`{field}:" in message
