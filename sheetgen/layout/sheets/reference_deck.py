"""Reference decks (`kind: reference-deck`): title, body text, an optional table and
an optional back per card, imposed with crop marks."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import TYPE_CHECKING

from sheetgen.layout.cards import (
    GAME_TITLES,
    SAFE,
    CardGeometry,
    background,
    footer,
    game_color,
    generic_back,
    impose_deck,
    title_band,
)
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.continued import beside, cards_needed, continued, deck_size, flow_over_cards, type_steps
from sheetgen.layout.primitives import Box, Item, LayoutDocument
from sheetgen.layout.products import DocInput, Job, Product
from sheetgen.layout.tables import Table, foldable, folded, table_or_rows, table_size
from sheetgen.layout.templates import macro_reads, publisher_macro
from sheetgen.layout.templates import text as template_text
from sheetgen.layout.text import BODY_MIN, Paragraph, Spacer, TextStyle, fit_blocks, restyle
from sheetgen.rules.values import DeckValues
from sheetgen.units import MM

if TYPE_CHECKING:
    from sheetgen.content.models.common import ReferenceDeck

#: The words on every card (body, footer), which a publisher's template may replace.
CARD_TEMPLATE = "reference/card.j2"


def game_notice(game: str) -> str | None:
    """The notice every output of a game must carry (a licence), if the game has one."""
    from sheetgen.layout.registry import notices

    return notices([game]).get(game)


NOTICE_TITLE = "About this deck"


def notice_card(
    ctx: LayoutContext,
    geo: CardGeometry,
    accent: str,
    notice: str,
    footer_line: str,
    footer_source: Source | None = None,
    body_pt: float | None = None,
) -> list[Item]:
    """A last card in the deck carrying the game's notice, under the deck's footer line
    (at the deck's body size)."""
    items = background(geo, ctx.color("card"))
    band, bottom = title_band(ctx, geo, NOTICE_TITLE, accent, None)
    items += band
    items += card_body(ctx, geo, bottom, notice, None, Source(None), accent=accent, body_pt=body_pt or BODY.size)
    items += footer(ctx, geo, footer_line, source=footer_source)
    return items


def card_geometry(ctx: LayoutContext, deck: ReferenceDeck) -> CardGeometry:
    if deck.card_size is not None:
        return CardGeometry(deck.card_size.width, deck.card_size.height, ctx.theme.bleed)
    return CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)


BODY = TextStyle(size=8.4)  # a reference deck's body text: one size for the deck, shrunk only to hold a card whole
TABLE = TextStyle(size=7.8, leading=1.15)


def table_at(table_pt: float, body_pt: float) -> float:
    """A deck's table size beside body text shrunk to `body_pt`."""
    return beside(table_pt, body_pt, BODY.size)


def body_area(geo: CardGeometry, top: float, bottom_reserve: float = 3.2 * MM) -> Box:
    """Where a card's text goes: under the title band, above the footer, inside the safe area."""
    return Box(SAFE, top + 2.2 * MM, geo.w - 2 * SAFE, geo.h - SAFE - bottom_reserve - top - 2.2 * MM)


def body_blocks(
    ctx: LayoutContext,
    body: str,
    table: tuple[list[str], list[list[object]]] | None,
    source: Source,
    table_pt: float = TABLE.size,
    width: float | None = None,
    body_pt: float = BODY.size,
) -> list:
    """Body text and an optional table at the deck's fixed sizes; given the text's
    `width`, a table too wide for it (on small cards) is printed a line per row."""
    ink = ctx.color("ink")
    blocks: list = []
    body_style, style = _styles(ink, body_pt, table_pt)
    if body:
        blocks.append(Paragraph(ctx, body, body_style, source.child("body")))
    if table is not None:
        if blocks:
            blocks.append(Spacer(2.2 * MM, scales=False))
        columns, rows = table
        fill, rule = ctx.color("panel"), ctx.color("rule")
        where = source.child("table")
        blocks.append(
            table_or_rows(ctx, columns, rows, style, body_style, where, width, header_fill=fill, rule_color=rule)
            if width
            else Table(ctx, columns, rows, style, where, header_fill=fill, rule_color=rule)
        )
    return blocks


@lru_cache(maxsize=64)
def _styles(ink: str, body_pt: float, table_pt: float) -> tuple[TextStyle, TextStyle]:
    """A deck's body and table styles (every card of it asks for the same)."""
    return restyle(BODY, color=ink, size=body_pt).fixed, restyle(TABLE, color=ink, size=table_pt).fixed


def card_body(
    ctx: LayoutContext,
    geo: CardGeometry,
    top: float,
    body: str,
    table: tuple[list[str], list[list[object]]] | None,
    source: Source,
    *,
    accent: str,
    figure: dict | None = None,
    body_pt: float = BODY.size,
) -> list[Item]:
    """Body text and an optional table under the title band, at the deck's sizes; a
    computed figure takes the foot of the card."""
    area, figure_items = _with_figure(ctx, body_area(geo, top), figure, accent)
    blocks = body_blocks(ctx, body, table, source, table_at(TABLE.size, body_pt), body_pt=body_pt)
    return fit_blocks(ctx, blocks, area, what="card text") + figure_items


def _with_figure(ctx: LayoutContext, area: Box, figure: dict | None, accent: str) -> tuple[Box, list[Item]]:
    """The room a card's text keeps when a computed figure (drawn by its game) takes the
    foot of the card, and the figure's items."""
    if figure is None:
        return area, []
    from sheetgen.layout.registry import figure_drawers

    draw = figure_drawers()[figure["draw"]]
    height = min(area.h * 0.52, area.w * figure.get("aspect", 0.75))
    area, fig_box = area.split_top(area.h - height - 1.5 * MM, 1.5 * MM)
    return area, draw(ctx, fig_box, figure, accent)


def card_frame(
    ctx: LayoutContext,
    geo: CardGeometry,
    title: str,
    accent: str,
    title_source: Source | None,
    figure: dict | None,
    part: int,
) -> tuple[list[Item], Box]:
    """The `part`-th printed card of a card (0 the first, with the figure at its foot):
    its background and title band, and the box its text goes in."""
    band, bottom = title_band(ctx, geo, continued(title, part), accent, title_source, longest=continued(title, 1))
    area, figure_items = _with_figure(ctx, body_area(geo, bottom), figure if part == 0 else None, accent)
    return background(geo, ctx.color("card")) + band + figure_items, area


def card_pages(
    ctx: LayoutContext,
    geo: CardGeometry,
    title: str,
    blocks: list,
    accent: str,
    title_source: Source | None,
    figure: dict | None = None,
) -> list[list[Item]]:
    """A card's title band and text over as many cards as the text needs at the deck's
    size; a figure goes at the foot of the first."""
    return flow_over_cards(ctx, blocks, lambda part: card_frame(ctx, geo, title, accent, title_source, figure, part))


def _table(card, derived: DeckValues, index: int) -> tuple[list[str], list[list[object]]] | None:
    """The card's table: computed by the rules (derived) or written out in the content."""
    if card.table is None:
        return None
    hit = derived.tables.get(index)
    if hit is not None:
        return list(hit.columns), [list(r) for r in hit.rows]
    return list(card.table.columns or []), [list(r) for r in card.table.rows or []]


def _numbers(number: int, total: int, card_number: int | None, cards: int) -> dict:
    """What both macros of `reference/card.j2` get besides the card and the deck: the
    printed card's `number` of `total` (continuations and the notice card counted) and the
    deck's own `card_number` of `cards` (None on the notice card)."""
    return {"number": number, "total": total, "card_number": card_number, "cards": cards}


def _printed(counts: list[int], notice: bool) -> tuple[list[int], int]:
    """Each card's first printed number, and how many are printed, from how many printed
    cards each of the deck's cards takes."""
    firsts, n = [], 1
    for count in counts:
        firsts.append(n)
        n += count
    return firsts, n - 1 + (1 if notice else 0)


@dataclasses.dataclass
class _Deck:
    """A reference deck as its layout goes: what every card shares, and its cards' values
    as the card template's macros read them."""

    doc: DocInput
    geo: CardGeometry
    accent: str
    ink: str
    tables: dict[int, tuple[list[str], list[list[object]]] | None]
    table_pt: float
    figures: dict[int, dict]
    cards: list[dict]
    values: dict

    @classmethod
    def of(cls, ctx: LayoutContext, doc: DocInput) -> _Deck:
        deck: ReferenceDeck = doc.model
        geo = card_geometry(ctx, deck)
        derived = doc.values(DeckValues)
        tables = {i: _table(card, derived, i) for i, card in enumerate(deck.cards)}
        return cls(
            doc=doc,
            geo=geo,
            accent=game_color(ctx, deck.system, deck.color),
            ink=ctx.color("ink"),
            tables=tables,
            table_pt=table_size(ctx, [t for t in tables.values() if t], TABLE, geo.w - 2 * SAFE),
            figures=derived.figures,
            cards=[{"title": c.title, "body": c.body or "", "footer": c.footer, "back": c.back} for c in deck.cards],
            values={"id": doc.id, "title": deck.title, "system": deck.system, "footer": deck.footer, "back": deck.back},
        )

    @property
    def model(self) -> ReferenceDeck:
        return self.doc.model

    def bodies(self, firsts: list[int], total: int) -> list[str]:
        n_cards = len(self.cards)
        return [
            template_text(
                CARD_TEMPLATE, "body", card=values, deck=self.values, **_numbers(firsts[i], total, i + 1, n_cards)
            )
            for i, values in enumerate(self.cards)
        ]

    def blocks_at(self, work: LayoutContext, texts: list[str], i: int, pt: float, fold: bool = False) -> list:
        table = self.tables[i]
        if fold and table is not None:
            table = folded(*table)
        width = self.geo.w - 2 * SAFE
        return body_blocks(
            work, texts[i], table, self.doc.source("cards", i), table_at(self.table_pt, pt), width, body_pt=pt
        )

    def deck_pt(self, work: LayoutContext, texts: list[str]) -> tuple[float, list[bool]]:
        """The deck's body size (its own, or as much smaller as holds each card whole),
        and which cards print their table folded in two."""
        areas: dict[int, tuple[Box, Box]] = {}
        geo, accent, cards_of = self.geo, self.accent, self.model.cards

        def cards(i: int, pt: float, fold: bool = False) -> int:
            if i not in areas:
                card, figure = cards_of[i], self.figures.get(i)
                areas[i] = (
                    card_frame(work, geo, card.title, accent, None, figure, 0)[1],
                    card_frame(work, geo, card.title, accent, None, None, 1)[1],
                )
            return cards_needed(work, self.blocks_at(work, texts, i, pt, fold), *areas[i])

        # A long narrow table that would not leave its card whole prints in two columns.
        def folds(i: int) -> bool:
            table = self.tables[i]
            return (
                table is not None
                and cards(i, BODY.size) > 1
                and foldable(work, table[0], table[1], _styles(self.ink, BODY_MIN, BODY_MIN)[1], geo.w - 2 * SAFE)
                and cards(i, BODY_MIN, True) == 1
            )

        folded_at = [folds(i) for i in range(len(cards_of))]
        return deck_size(type_steps(BODY.size), lambda i, pt: cards(i, pt, folded_at[i]), len(cards_of)), folded_at

    def lay_out(self, work: LayoutContext, texts: list[str]) -> tuple[list[list[list[Item]]], float]:
        """Each card's printed cards (one, or more with continuations) with these bodies,
        and the deck's body size."""
        pt, folds = self.deck_pt(work, texts)
        out = []
        for i, card in enumerate(self.model.cards):
            src = self.doc.source("cards", i)
            blocks = self.blocks_at(work, texts, i, pt, folds[i])
            out.append(
                card_pages(work, self.geo, card.title, blocks, self.accent, src.child("title"), self.figures.get(i))
            )
        return out, pt


def layout_deck(ctx: LayoutContext, job: Job) -> LayoutDocument:
    doc: DocInput = job.doc
    deck: ReferenceDeck = doc.model
    d = _Deck.of(ctx, doc)
    geo, accent = d.geo, d.accent
    notice = game_notice(deck.system)
    n_cards = len(deck.cards)

    # Both macros number cards as printed, which depends on how many cards each body
    # takes: laid out first as if none continued, again only while a body the numbers
    # change changes (in a context of its own, so each finding is reported once).
    firsts, total = _printed([1] * n_cards, bool(notice))
    texts = d.bodies(firsts, total)
    numbered = macro_reads(CARD_TEMPLATE, "body", {"number", "total"})
    for _ in range(4 if numbered else 1):
        work = dataclasses.replace(ctx, issues=[], _warned_glyphs=set(ctx._warned_glyphs))
        laid, body_pt = d.lay_out(work, texts)
        firsts, total = _printed([len(pages) for pages in laid], bool(notice))
        again = d.bodies(firsts, total) if numbered else texts
        if again == texts:
            break
        texts = again
    ctx.issues += work.issues
    ctx._warned_glyphs = work._warned_glyphs

    fronts, backs = _fronts_and_backs(ctx, doc, geo, accent, laid, _Numbering(total, body_pt, d.cards, d.values))
    pages = impose_deck(
        ctx,
        fronts,
        backs,
        card=(geo.w, geo.h),
        label=deck.title,
        mode=job.option("imposition") or deck.imposition,
        source=doc.source("card_size"),
    )
    return LayoutDocument(
        title=deck.title,
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"{GAME_TITLES.get(deck.system, deck.system)} reference cards" + (f". {notice}" if notice else ""),
        keywords=(deck.system, "reference cards"),
    )


@dataclasses.dataclass(frozen=True)
class _Numbering:
    """What the card template's macros get besides each card's own values."""

    total: int  # cards printed, the notice card counted
    body_pt: float
    cards: list[dict]  # each card's values, as the macros read them
    deck: dict


def _fronts_and_backs(
    ctx: LayoutContext,
    doc: DocInput,
    geo: CardGeometry,
    accent: str,
    laid: list[list[list[Item]]],
    numbering: _Numbering,
) -> tuple[list[list[Item]], list[list[Item]]]:
    """Each printed card with its footer, then the notice card; and the back of each."""
    deck: ReferenceDeck = doc.model
    notice = game_notice(deck.system)
    total, n_cards = numbering.total, len(deck.cards)
    # A publisher's footer macro writes the footers: one too long is the macro's to fix.
    footer_at = publisher_macro(CARD_TEMPLATE, "footer")
    deck_footer = Source(None, (), footer_at) if footer_at else doc.source("footer" if deck.footer else "title")
    fronts: list[list[Item]] = []
    backs: list[list[Item]] = []
    back_art: dict[str | None, list[Item]] = {}

    def back(text_back: str | None, source: Source, key: str | None) -> list[Item]:
        if key not in back_art:  # most cards share the deck's back: lay it out once
            back_art[key] = generic_back(ctx, geo, accent, deck.title, text_back, doc.source("title"), source)
        return back_art[key]

    for i, (card, printed) in enumerate(zip(deck.cards, laid)):
        src = doc.source("cards", i)
        where = deck_footer if footer_at or not card.footer else src.child("footer")
        for items in printed:
            line = template_text(
                CARD_TEMPLATE,
                "footer",
                card=numbering.cards[i],
                deck=numbering.deck,
                **_numbers(len(fronts) + 1, total, i + 1, n_cards),
            )
            fronts.append(items + footer(ctx, geo, line, source=where))
            if card.back is not None:
                backs.append(back(card.back, src.child("back"), card.back))
            else:
                backs.append(back(deck.back, doc.source("back"), None))
    if notice:  # the deck's last card, with the same footer and back as the others
        values = {"title": NOTICE_TITLE, "body": notice, "footer": None, "back": None}
        line = template_text(
            CARD_TEMPLATE, "footer", card=values, deck=numbering.deck, **_numbers(total, total, None, n_cards)
        )
        fronts.append(notice_card(ctx, geo, accent, notice, line, deck_footer, numbering.body_pt))
        backs.append(back(deck.back, doc.source("back"), None))
    return fronts, backs


PRODUCTS = [
    Product(
        id="reference-deck",
        name="reference",
        game=lambda d: d.model.system,
        kinds=("reference-deck",),
        scope="document",
        layout=layout_deck,
        summary="reference cards, N-up with crop marks and duplex backs",
        formats=("pdf",),
        deck=True,
    ),
]
