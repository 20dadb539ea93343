"""Reference decks (`kind: reference-deck`): title, body text, an optional table and
an optional back per card, imposed with crop marks."""

from __future__ import annotations

from sheetgen.content.models.common import ReferenceDeck
from sheetgen.layout.cards import (
    SAFE,
    SYSTEM_NAMES,
    CardGeometry,
    background,
    footer,
    generic_back,
    impose_deck,
    system_color,
    title_band,
)
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Item, LayoutDocument
from sheetgen.layout.products import DocInput, Job, Product
from sheetgen.layout.templates import text as template_text
from sheetgen.layout.text import Paragraph, Spacer, Table, TextStyle, fit_blocks
from sheetgen.units import MM

#: The words on every card (body, footer), which a publisher's template may replace.
CARD_TEMPLATE = "reference/card.j2"


def system_notice(system: str) -> str | None:
    """The notice every output of a game must carry (a licence), if the game has one."""
    from sheetgen.layout.registry import notices

    return notices([system]).get(system)


def notice_card(ctx: LayoutContext, geo: CardGeometry, accent: str, notice: str, deck_title: str) -> list[Item]:
    """A last card in the deck carrying the game's notice."""
    items = background(geo, ctx.color("card"))
    band, bottom = title_band(ctx, geo, "About this deck", accent, None)
    items += band
    items += card_body(ctx, geo, bottom, notice, None, Source(None), accent=accent)
    items += footer(ctx, geo, deck_title)
    return items


def card_geometry(ctx: LayoutContext, deck: ReferenceDeck) -> CardGeometry:
    if deck.card_size is not None:
        return CardGeometry(deck.card_size.width, deck.card_size.height, ctx.theme.bleed)
    return CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)


def card_body(
    ctx: LayoutContext,
    geo: CardGeometry,
    top: float,
    body: str,
    table: tuple[list[str], list[list[object]]] | None,
    source: Source,
    *,
    accent: str,
    bottom_reserve: float = 3.2 * MM,
    figure: dict | None = None,
) -> list[Item]:
    """Body text and an optional table, shrunk together to fit under the title band;
    a computed figure takes the foot of the card."""
    area = Box(SAFE, top + 2.2 * MM, geo.w - 2 * SAFE, geo.h - SAFE - bottom_reserve - top - 2.2 * MM)
    items: list[Item] = []
    if figure is not None:
        from sheetgen.layout.registry import figure_drawers

        draw = figure_drawers()[figure["draw"]]
        height = min(area.h * 0.52, area.w * figure.get("aspect", 0.75))
        area, fig_box = area.split_top(area.h - height - 1.5 * MM, 1.5 * MM)
        items += draw(ctx, fig_box, figure, accent)
    ink = ctx.color("ink")
    blocks: list = []
    if body:
        blocks.append(Paragraph(ctx, body, TextStyle(size=8.6, color=ink, min_size=6), source.child("body")))
    if table is not None:
        if blocks:
            blocks.append(Spacer(2.2 * MM))
        columns, rows = table
        blocks.append(
            Table(ctx, columns, rows, TextStyle(size=8.0, color=ink, min_size=6, leading=1.15), source.child("table"),
                  header_fill=ctx.color("panel"), rule_color=ctx.color("rule"))
        )
    return fit_blocks(ctx, blocks, area, what="card text") + items


def _table(card, derived: dict | None, index: int) -> tuple[list[str], list[list[object]]] | None:
    """The card's table: computed by the rules (derived) or written out in the content."""
    if card.table is None:
        return None
    computed = (derived or {}).get("tables", {})
    hit = computed.get(index, computed.get(str(index)))
    if hit is not None:
        return list(hit["columns"]), [list(r) for r in hit["rows"]]
    return list(card.table.columns or []), [list(r) for r in card.table.rows or []]


def layout_deck(ctx: LayoutContext, job: Job) -> LayoutDocument:
    doc: DocInput = job.doc
    deck: ReferenceDeck = doc.model
    geo = card_geometry(ctx, deck)
    accent = system_color(ctx, deck.system, deck.color)
    notice = system_notice(deck.system)
    total = len(deck.cards) + (1 if notice else 0)  # the notice card is one of the deck's cards
    fronts: list[list[Item]] = []
    backs: list[list[Item]] = []
    back_art: dict[str | None, list[Item]] = {}
    deck_values = {"id": doc.id, "title": deck.title, "system": deck.system, "footer": deck.footer, "back": deck.back}
    for i, card in enumerate(deck.cards):
        src = doc.source("cards", i)
        items = background(geo, ctx.color("card"))
        band, bottom = title_band(ctx, geo, card.title, accent, src.child("title"))
        items += band
        table = _table(card, doc.derived, i)
        figures = (doc.derived or {}).get("figures", {})
        figure = figures.get(i, figures.get(str(i)))
        words = {"card": {"title": card.title, "body": card.body or "", "footer": card.footer, "back": card.back},
                 "deck": deck_values, "number": i + 1, "total": total}
        items += card_body(ctx, geo, bottom, template_text(CARD_TEMPLATE, "body", **words), table, src, accent=accent,
                           figure=figure)
        items += footer(ctx, geo, template_text(CARD_TEMPLATE, "footer", **words),
                        source=src.child("footer") if card.footer else doc.source("footer" if deck.footer else "title"))
        fronts.append(items)
        text = card.back if card.back is not None else deck.back
        key = text if card.back is not None else None
        if key not in back_art:  # most cards share the deck's back: lay it out once
            back_art[key] = generic_back(ctx, geo, accent, deck.title, text,
                                         src.child("back") if card.back is not None else doc.source("back"))
        backs.append(back_art[key])
    if notice:
        fronts.append(notice_card(ctx, geo, accent, notice, deck.title))
        backs.append(generic_back(ctx, geo, accent, deck.title, None, None))
    pages = impose_deck(ctx, fronts, backs, card=(geo.w, geo.h), label=deck.title,
                        mode=job.option("imposition") or deck.imposition, source=doc.source("card_size"))
    return LayoutDocument(
        title=deck.title,
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"{SYSTEM_NAMES.get(deck.system, deck.system)} reference cards" + (f". {notice}" if notice else ""),
        keywords=(deck.system, "reference cards"),
    )


PRODUCTS = [
    Product(
        id="reference-deck",
        name="reference",
        system=lambda d: d.model.system,
        kinds=("reference-deck",),
        scope="document",
        layout=layout_deck,
        summary="reference cards, N-up with crop marks and duplex backs",
        formats=("pdf",),
        deck=True,
    ),
]
