"""A wider printable margin than a sheet has room for: said once, at the theme's
`printable_margin`, with the widest margin the sheet fits inside, instead of as the
text-overflow errors of every field the margin squeezed."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.diagnostics import Severity
from sheetgen.layout.context import Issue, LayoutContext, Source, glyphs_once
from sheetgen.layout.overflow import LABEL_SHORTENED, OVERFLOW, labels_once, once_per_place
from sheetgen.layout.primitives import LayoutDocument
from sheetgen.layout.products import Job, Product
from sheetgen.rules.theme import DEFAULT_PRINTABLE_MARGIN, ResolvedTheme
from sheetgen.units import MM, format_mm, paper_title

STEP = 0.5 * MM  # the widest margin that fits is found to this


def _errors(issues: list[Issue]) -> list[Issue]:
    """The errors, and sheetgen's own words shortened for want of room (a warning at the
    theme's font, where the margin is not what squeezed them)."""
    return [i for i in issues if i.severity is Severity.ERROR or i.code == LABEL_SHORTENED]


def _fits(product: Product, job: Job, theme: ResolvedTheme, margin: float) -> bool:
    ctx = LayoutContext(replace(theme, printable_margin=margin))
    product.layout(ctx, job)
    return not _errors(ctx.issues)


def lay_out_in_margin(
    product: Product, job: Job, theme: ResolvedTheme, what: str
) -> tuple[LayoutDocument, list[Issue]]:
    """Lay `job` out; where it fails only for text that ran out of room, and fits at the
    default printable margin, report the theme's margin as the cause (with the widest
    margin that fits) rather than the fields it squeezed. `what` names the output."""
    ctx = LayoutContext(theme)
    document = product.layout(ctx, job)
    errors = _errors(ctx.issues)
    margin = theme.printable_margin
    if (
        margin <= DEFAULT_PRINTABLE_MARGIN + 1e-6
        or not errors
        or any(e.code not in (OVERFLOW, LABEL_SHORTENED) for e in errors)
        or not _fits(product, job, theme, DEFAULT_PRINTABLE_MARGIN)
    ):
        return document, _said_once(ctx.issues, ctx, product)
    fits, fails = DEFAULT_PRINTABLE_MARGIN, margin
    while fails - fits > STEP + 1e-6:
        mid = fits + ((fails - fits) / 2 // STEP) * STEP
        mid = max(mid, fits + STEP)
        if _fits(product, job, theme, mid):
            fits = mid
        else:
            fails = mid
    paper = paper_title(theme.on_paper(product.paper(job.doc) if product.paper else None).paper_name)
    issue = Issue(
        Source(("theme", theme.id), ("printable_margin",)),
        Severity.ERROR,
        "theme.margin-too-wide",
        f"`{what}` does not fit inside a {format_mm(margin)} printable margin on {paper} paper: its text runs "
        f"out of room; the widest margin it fits inside is {format_mm(fits)}",
        f"make `printable_margin` {format_mm(fits)} or less",
    )
    return document, _said_once([i for i in ctx.issues if i not in errors], ctx, product) + [issue]


def _said_once(issues: list[Issue], ctx: LayoutContext, product: Product) -> list[Issue]:
    """An output's findings, each said once: a missing glyph per field, sheetgen's own
    words shortened per font, text too long per place (with how often)."""
    return once_per_place(labels_once(glyphs_once(issues, ctx)), bool(product.deck or product.print_shop_of))
