"""Glossary cards: the special-rule glossary (`grimdark-rules`) as a deck, every rule
with its full text in alphabetical order, flowed over as many cards as it needs; the
rules and parts of rules that are sheetgen's reading (`reconstructed`) are marked †
with what is sheetgen's, and the way heroes join units closes the deck."""

from __future__ import annotations

from sheetgen.layout.cards import SYSTEM_SHORT_NAMES, CardGeometry, footer, generic_back, impose_deck
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Item, LayoutDocument
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.grimdark.common import GAME, SYSTEM, accent, words
from sheetgen.layout.sheets.grimdark.unit_cards import RECONSTRUCTED_MARK
from sheetgen.layout.sheets.reference_deck import card_pages
from sheetgen.layout.text import Paragraph, Spacer, TextStyle
from sheetgen.units import MM


def _rule(ctx: LayoutContext, doc: DocInput, i: int, body: TextStyle, note: TextStyle) -> list:
    entry = doc.model.rules[i]
    src = doc.source("rules", i)
    label = f"{entry.name}(X)" if entry.rating else entry.name
    mark = f" {RECONSTRUCTED_MARK}" if entry.reconstructed and RECONSTRUCTED_MARK not in entry.text else ""
    blocks = [Paragraph(ctx, f"**{label}**{mark} — {entry.text or entry.short}", body,
                        src.child("text" if entry.text else "short"))]
    if entry.reconstructed:
        blocks.append(Paragraph(ctx, f"{RECONSTRUCTED_MARK} {entry.reconstructed}", note, src.child("reconstructed")))
    return blocks + [Spacer(1.2 * MM)]


def glossary_blocks(ctx: LayoutContext, doc: DocInput) -> list:
    """Every rule by name with its full text, its reconstruction noted; then how heroes join."""
    body = TextStyle(size=7.2, color=ctx.color("ink"), min_size=6, leading=1.18)
    note = TextStyle(size=6.2, font="italic", color=ctx.color("muted"), min_size=6, leading=1.15)
    order = sorted(range(len(doc.model.rules)), key=lambda i: doc.model.rules[i].name.lower())
    blocks = [b for i in order for b in _rule(ctx, doc, i, body, note)]
    joining = doc.model.joining
    if joining is not None:
        src = doc.source("joining")
        blocks.append(Paragraph(ctx, words("joining", heroes=joining.heroes_per_unit, size=joining.min_unit_size,
                                           mark=RECONSTRUCTED_MARK if joining.reconstructed else ""), body, src))
        if joining.reconstructed:
            blocks.append(Paragraph(ctx, f"{RECONSTRUCTED_MARK} {joining.reconstructed}", note,
                                    src.child("reconstructed")))
    return blocks


def layout_glossary_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    doc = job.doc
    geo = CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)
    color = accent(ctx)
    title = doc.model.title or words("glossary_title")
    pages = card_pages(ctx, geo, title, glossary_blocks(ctx, doc), color, doc.source("title"))
    fronts: list[list[Item]] = [items + footer(ctx, geo, GAME, short=SYSTEM_SHORT_NAMES[SYSTEM]) for items in pages]
    back = generic_back(ctx, geo, color, title, words("card_back"), doc.source("title"))
    sheets = impose_deck(ctx, fronts, [back] * len(fronts), card=(geo.w, geo.h), label=title,
                         mode=job.option("imposition") or "sheet", source=Source(doc.key, ()))
    return LayoutDocument(title=f"{title} — glossary cards", pages=tuple(sheets), author=ctx.theme.author,
                          subject=f"{GAME} special rules", keywords=(SYSTEM, "special rules", "glossary"))



