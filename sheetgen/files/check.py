"""`sheetgen validate`'s look at the outputs: every target a build would make laid out,
without rendering, to find what a build would say of it."""

from __future__ import annotations

from sheetgen.content.loader import Library
from sheetgen.diagnostics import Diagnostic, Severity
from sheetgen.files.plan import FORMATS, Target, plan
from sheetgen.files.report import cause_shown, issue_diagnostic, not_rebuilt, waiting_on, waits_on_failed
from sheetgen.files.run import failed_docs, lay_out, members_failed
from sheetgen.layout.registry import product as find_product
from sheetgen.rules import Checked


def layout_issues(
    checked: Checked, whole: bool = True, waiting: list[str] | None = None, made: set[str] | None = None
) -> list[Diagnostic]:
    """Lay out every target a build would make without rendering, to find text that does
    not fit; a target that waits for a document whose errors are not reported (outside
    the files given) gets the warning a build gives it; with `waiting`, one that is not a
    given document's own output (a collection it is one of) gets a note there instead:
    what a build of those files would leave as it was is no problem of theirs. `made`: the
    outputs the output folder has (the warning says an earlier one stays only of those).

    A deck's print-shop twin is the same cards one a page: its layout can report nothing
    the deck's own does not (`impose_single` checks nothing), so it is skipped when the
    deck itself is laid out."""
    out: list[Diagnostic] = []
    targets = plan(checked, FORMATS, whole=whole)
    laid_out = {(t.game, t.product, t.id) for t in targets}
    # As a build of the same paths: the own outputs of documents read for reference are laid
    # out too when a collection being checked draws on them (there is no manifest here).
    failed = members_failed(
        checked,
        whole,
        FORMATS,
        [t for t in targets if t.draws_on_several],
        [t for t in targets if not t.draws_on_several],
        {},
        {t.key for t in targets},
    )
    for t in sorted(targets, key=lambda t: t.draws_on_several):  # a document's own outputs first, as a build
        earlier = made is None or t.key in made
        if (t.blocked_by or t.blocked_files) and not cause_shown(t, checked.library):
            out.extend(_waits_elsewhere(t, checked.library, waiting, earlier))
        waits = waits_on_failed(t, failed, checked.library, earlier) if t.draws_on_several else None
        if waits:  # what a build says of it (laid out all the same: every problem is reported at once)
            out.append(waits)
        if _twin_laid_out(t, laid_out):
            continue
        try:
            _, issues = lay_out(t, checked.theme)
        except Exception as exc:  # a bug
            out.append(_crashed(t, exc))
            continue
        out.extend(issue_diagnostic(i, checked.library, t) for i in issues)
        if not t.draws_on_several:
            failed |= failed_docs(t, issues)
    return out


def _waits_elsewhere(target: Target, library: Library, waiting: list[str] | None, earlier: bool) -> list[Diagnostic]:
    """A target waiting for a document whose errors are not reported (the cause: a file not
    given): the warning a build gives it, or, with `waiting`, a note there instead when it
    is not a given document's own output (a collection it is one of)."""
    said = not_rebuilt(target, library, earlier)
    own = library.get(*target.job.docs[0].key) if target.scope == "document" and target.job.docs else None
    if waiting is None or (own is not None and library.is_target_file(own.file)):
        return [said]  # a given document's own output (a handout) is not built
    if not find_product(target.product, target.game).print_shop_of:  # (its twin waits as its deck does)
        what = "leaves {} as it was" if earlier else "does not make {}"
        waiting.append(f"{said.file}: a build {what.format(target.key)}: {waiting_on(target)} ({said.hint})")
    return []


def _crashed(target: Target, exc: Exception) -> Diagnostic:
    return Diagnostic(
        f"<{target.key}>",
        1,
        1,
        Severity.ERROR,
        "internal.error",
        f"laying out {target.key} failed: {type(exc).__name__}: {exc}",
    )


def _twin_laid_out(target: Target, laid_out: set[tuple[str, str, str]]) -> bool:
    """Whether `target` is a print-shop twin whose deck is among `laid_out`."""
    twin_of = find_product(target.product, target.game).print_shop_of
    if not twin_of:
        return False
    deck = find_product(twin_of, target.game)
    deck_id = target.id if target.scope == "document" else deck.target or deck.name
    return (target.game, twin_of, deck_id) in laid_out
