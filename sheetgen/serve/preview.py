"""Documents that exist only in a page (a generator's output, a builder's document):
checked like any content file and laid out in memory, never written to the output folder.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

from sheetgen.content.loader import load
from sheetgen.content.project import safe_name
from sheetgen.diagnostics import Severity, display_path
from sheetgen.files.plan import FORMATS, Target, plan
from sheetgen.files.run import lay_out
from sheetgen.layout import registry as layout_registry
from sheetgen.layout.primitives import LayoutDocument
from sheetgen.layout.sheets.handout import blank_choices, section_choices
from sheetgen.rules import Checked, check
from sheetgen.rules.theme import ResolvedTheme, Settings
from sheetgen.serve.guard import Abandoned, Stop, never
from sheetgen.serve.workspace import Shown, show_diagnostics

MAX_TEXT = 64 * 1024  # a form's document is small; anything larger is refused before loading


@dataclass
class Trial:
    """A YAML text checked against the content folder, with what it would build."""

    text: str
    name: str
    problems: list[Shown] = field(default_factory=list)
    checked: Checked | None = None
    targets: list[Target] = field(default_factory=list)
    settings_problem: str | None = None
    pages: dict[str, int] = field(default_factory=dict)  # each target's number of pages, by key

    @property
    def ok(self) -> bool:
        return self.checked is not None and not any(p.severity == "error" for p in self.problems)

    def target(self, product: str | None = None) -> Target | None:
        """The first target (of `product`, if given), preferring ones with an SVG output and,
        for a text of several documents, a collection that shows them all."""
        many = len({d.key for t in self.targets for d in t.job.docs}) > 1
        pool = [t for t in self.targets if product is None or t.product == product]
        pool.sort(key=lambda t: ("svg" not in t.formats, many and t.scope != "collection", t.key))
        return pool[0] if pool else None

    def derived(self, kind: str, id_: str):
        return self.checked.derived.get((kind, id_)) if self.checked else None


def try_text(
    text: str,
    context: list[str],
    settings: Settings | None = None,
    name: str = "new.yaml",
    saved: Path | None = None,
    stop: Stop = never,
) -> Trial:
    """Check `text` as a content file named `name`, resolving references against `context`.
    With `saved`, the project's file a form saved `text` as, it is checked as it was before
    it was saved, under that file's name: the file is left out, so it is not counted twice.
    Raises `Abandoned` between steps once `stop()` is true (its page's client has gone)."""
    settings = settings or Settings()
    if saved is not None:
        name = safe_name(display_path(str(saved)))
    trial = Trial(text, name)
    if len(text.encode("utf-8")) > MAX_TEXT:
        trial.problems = [
            Shown(
                f"{name}:1:1",
                "error",
                "serve.too-large",
                "the document is too large",
                f"{name}:1:1: error[serve.too-large]: the document is larger than {MAX_TEXT // 1024} KiB",
                name,
                1,
            )
        ]
        return trial
    with tempfile.TemporaryDirectory(prefix="sheetgen-serve-") as tmp:
        path = Path(tmp) / Path(name).name
        path.write_text(text, encoding="utf-8")
        library = load([path], context=context, leave_out=[saved] if saved is not None else [])
        _go_on(stop)
        checked = check(library, settings or Settings(), section_products=section_choices, blank_products=blank_choices)
        mine = str(path)
        diagnostics = [d for d in library.diagnostics + checked.diagnostics if d.file == mine]
        lines = {mine: library.sources[mine].lines} if mine in library.sources else {}
        trial.checked = checked
        trial.settings_problem = layout_registry.check_settings(checked.theme)
        trial.targets = [_own(t, mine) for t in plan(checked, FORMATS) if _draws_on(t, mine)]
        if not trial.settings_problem:
            for target in trial.targets:
                _go_on(stop)
                pages, found = _layout_problems(target, checked.theme, library, mine)
                trial.pages[target.key] = pages
                diagnostics += found
        trial.problems = show_diagnostics(diagnostics, lines, {mine: name})
    return trial


def _draws_on(target: Target, mine: str) -> bool:
    """An output of a document of the file `mine`, or a collection with one among its members."""
    if target.scope == "collection":
        return any(d.file == mine for d in target.job.docs)
    return bool(target.job.docs) and target.job.docs[0].file == mine


def _own(target: Target, mine: str) -> Target:
    """A collection made of the documents of `mine` alone (what a form made, without the
    project's other members); any other target as it is."""
    if target.scope != "collection":
        return target
    return replace(target, job=replace(target.job, docs=tuple(d for d in target.job.docs if d.file == mine)))


def _go_on(stop: Stop) -> None:
    if stop():
        raise Abandoned


def _layout_problems(target: Target, theme: ResolvedTheme, library, mine: str):
    """The target's number of pages, and the layout's problems with `mine`."""
    from sheetgen.files.report import issue_diagnostic

    document, issues = lay_out(target, theme)
    found = [issue_diagnostic(i, library, target) for i in issues]
    pages = len(document.pages) if document is not None else 0
    return pages, [d for d in found if d.file == mine or d.severity is Severity.ERROR and d.file.startswith("<")]


def render(target: Target, theme: ResolvedTheme, fmt: str, page: int = 1) -> bytes | None:
    """One target as PDF bytes, or one of its pages as SVG bytes; None if it cannot be laid out."""
    document = laid_out(target, theme)
    if document is None:
        return None
    if fmt == "pdf":
        from sheetgen.render.pdf import render_pdf

        return render_pdf(document)
    return svg_page(document, page)


def laid_out(target: Target, theme: ResolvedTheme) -> LayoutDocument | None:
    """The target laid out in memory; None if it cannot be (an error, or no page)."""
    document, issues = lay_out(target, theme)
    if document is None or not document.pages or any(i.severity is Severity.ERROR for i in issues):
        return None
    return document


def svg_page(document: LayoutDocument, page: int) -> bytes:
    """One page of a laid-out document as SVG (the last one for a page past the end)."""
    from sheetgen.render.svg import render_svg

    n = min(max(page, 1), len(document.pages))
    chosen = document.pages[n - 1]
    return render_svg(chosen, f"{document.title} — {chosen.label}" if chosen.label else document.title)
