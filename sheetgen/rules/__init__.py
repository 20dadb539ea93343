"""Stage 2, rules: each game's checks and derived values, over a loaded Library."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sheetgen.content.loader import Document, Library
from sheetgen.diagnostics import Diagnostic
from sheetgen.rules.base import RuleContext
from sheetgen.rules.theme import ResolvedTheme, Settings, resolve_theme


@dataclass
class Checked:
    """A library after the rules ran: derived values and which documents may be built."""

    library: Library
    theme: ResolvedTheme
    derived: dict[tuple[str, str], Any]
    diagnostics: list[Diagnostic]
    failed: set[tuple[str, str]]

    def ok(self, doc: Document) -> bool:
        return doc.key not in self.failed

    def documents(self, *kinds: str, targets_only: bool = True) -> list[Document]:
        return [d for d in self.library.of_kind(*kinds, targets_only=targets_only) if d.key not in self.failed]


def check(
    library: Library,
    settings: Settings = Settings(),
    section_products: Callable[[str], list[tuple[str, str]]] | None = None,
    blank_products: Callable[[], dict[str, tuple[str, ...]]] | None = None,
) -> Checked:
    """Run every rule over every document; nothing is skipped because of another's errors.

    `section_products(kind)` lists the products of a kind (`layout.sheets.handout.section_choices`),
    so that a handout's `product:` is checked with everything else; `blank_products()` the
    blank products a section may name as `blank:` (`layout.sheets.handout.blank_choices`)."""
    from sheetgen.content.registry import games_of
    from sheetgen.rules.registry import modules

    ctx = RuleContext(library, section_products=section_products, blank_products=blank_products)
    ctx.failed |= {d.key for d in library.documents if d.checked_only}  # checked, never built
    rules: dict[str, Any] = {}
    library_rules: list = []
    for module in modules(games_of(library.documents)):
        rules.update(module.RULES)
        library_rules.extend(module.LIBRARY_RULES)
    order = ["theme"] + [k for k in rules if k != "theme"]
    theme: ResolvedTheme | None = None
    for kind in order:
        if kind != "theme" and theme is None:
            theme = resolve_theme(library, ctx, settings)
            ctx.theme = theme
        for doc in library.of_kind(kind):
            ctx.derived[doc.key] = rules[kind](doc, ctx)
    if theme is None:
        theme = resolve_theme(library, ctx, settings)
        ctx.theme = theme
    for rule in library_rules:
        rule(ctx)
    return Checked(library, theme, ctx.derived, ctx.diagnostics, set(ctx.failed))
