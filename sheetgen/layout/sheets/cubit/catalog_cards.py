"""Cards for Cubit's catalog: one per upgrade and one per faction, imposed with crop
marks and backs, at the theme's card size."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.layout.cards import (
    SAFE,
    CardGeometry,
    background,
    band_lines,
    cube_glyph,
    footer,
    game_color,
    generic_back,
    impose_deck,
    title_band,
)
from sheetgen.layout.colors import shade
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.continued import beside, cards_needed, continued, deck_size, flow_over_cards, type_steps
from sheetgen.layout.primitives import Box, Item, LayoutDocument, Rect
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.cubit.style import GAME_ID, livery
from sheetgen.layout.tables import Table, table_or_rows, table_size
from sheetgen.layout.text import Paragraph, Spacer, TextStyle, fit_blocks
from sheetgen.rules.cubit.values import FactionValues, UpgradeValues
from sheetgen.units import MM

STRIPE = 2.2 * MM  # the faction's second colour under its title band
FOOTER_ROOM = 3.5 * MM


BODY = TextStyle(
    size=8.4
)  # the body text of upgrade and faction cards: one size a deck, shrunk only to hold a card whole
TABLE = TextStyle(size=7.6, leading=1.15)
NOTE = TextStyle(size=6.5, font="italic", leading=1.15)  # what of a card is sheetgen's reading: fine print


def card_text(
    ctx: LayoutContext,
    area: Box,
    body: str,
    table: tuple[list[str], list[list[str]]] | None,
    source: Source,
    table_pt: float = TABLE.size,
    body_pt: float = BODY.size,
) -> list[Item]:
    """Body text and an optional table at the deck's sizes; text that does not fit is an error."""
    return fit_blocks(ctx, card_blocks(ctx, body, table, source, table_pt, body_pt=body_pt), area, what="card text")


def card_blocks(
    ctx: LayoutContext,
    body: str,
    table: tuple[list[str], list[list[str]]] | None,
    source: Source,
    table_pt: float = TABLE.size,
    width: float | None = None,
    body_pt: float = BODY.size,
    note: str | None = None,
) -> list:
    """Body text (at `body_pt`), a `note` in fine print and an optional table at the deck's
    sizes; given the text's `width`, a table too wide for it (on small cards) is printed a
    line per row."""
    ink = ctx.color("ink")
    body_style = replace(BODY, color=ink, size=body_pt).fixed
    blocks: list = [Paragraph(ctx, body, body_style, source.child("text"))]
    if table is not None:
        style = replace(TABLE, color=ink, size=beside(table_pt, body_pt, BODY.size)).fixed
        fill, rule = ctx.color("panel"), ctx.color("rule")
        where = source.child("actions")
        columns, rows = table
        blocks += [
            Spacer(1.8 * MM, scales=False),
            table_or_rows(ctx, columns, rows, style, body_style, where, width, header_fill=fill, rule_color=rule)
            if width
            else Table(ctx, columns, rows, style, where, header_fill=fill, rule_color=rule),
        ]
    if note:
        blocks += [
            Spacer(1.2 * MM, scales=False),
            Paragraph(ctx, note, replace(NOTE, color=ink).fixed, source.child("reconstructed")),
        ]
    return blocks


def _body_area(geo: CardGeometry, top: float) -> Box:
    return Box(SAFE, top + 2.2 * MM, geo.w - 2 * SAFE, geo.h - SAFE - FOOTER_ROOM - top - 2.2 * MM)


def _geometry(ctx: LayoutContext) -> CardGeometry:
    return CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)


def _deck(
    ctx: LayoutContext,
    fronts: list[list[Item]],
    backs: list[list[Item]],
    geo: CardGeometry,
    title: str,
    subject: str,
    job: Job,
) -> LayoutDocument:
    pages = impose_deck(ctx, fronts, backs, card=(geo.w, geo.h), label=title, job=job)
    return LayoutDocument(
        title=title, pages=tuple(pages), author=ctx.theme.author, subject=subject, keywords=(GAME_ID, "cards")
    )


def _actions(doc: DocInput) -> tuple[list[str], list[list[str]]] | None:
    d = doc.values(UpgradeValues)
    if not d.actions:
        return None
    return ["Face", "Actions it can name"], [[a.interface, ", ".join(a.actions)] for a in d.actions]


def _upgrade_subtitle(doc: DocInput) -> str:
    d = doc.values(UpgradeValues)
    where = "any face" if d.interfaces == ("any",) else " or ".join(d.interfaces)
    return f"{' or '.join(d.forms)} · {where}"


def _upgrade_body(doc: DocInput) -> str:
    model, d = doc.model, doc.values(UpgradeValues)
    body = f"**Cost:** {d.cost}, taken from its face's skill when permanent.\n\n{model.text}"
    if model.stackable:
        body += "\n\nMay be taken more than once on one face."
    return body


def _upgrade_note(doc: DocInput) -> str | None:
    """What of an upgrade is sheetgen's reading, printed as fine print under its text."""
    return f"Reconstructed: {doc.model.reconstructed}." if doc.model.reconstructed else None


def upgrade_fronts(
    ctx: LayoutContext,
    geo: CardGeometry,
    doc: DocInput,
    table_pt: float = TABLE.size,
    lines: tuple[int, int] = (1, 1),
    body_pt: float = BODY.size,
) -> list[list[Item]]:
    """An upgrade: where it fits, what it costs, in which forms, what it does; text longer
    than a card at the deck's size (`body_pt`) continues on the next."""
    model = doc.model
    accent = game_color(ctx, GAME_ID)
    # A subtitle too long points at what made it long: the one interface's name, or the list.
    if len(model.interfaces) == 1 and model.interfaces != ["any"]:
        where_source = Source(("cubit-interface", model.interfaces[0]), ("name",))
    else:
        where_source = doc.source("interfaces")

    def card(part: int) -> tuple[list[Item], Box]:
        band, bottom = title_band(
            ctx,
            geo,
            continued(model.name, part),
            accent,
            doc.source("name"),
            subtitle=_upgrade_subtitle(doc),
            subtitle_source=where_source,
            lines=lines,
            longest=continued(model.name, 1),
        )
        return background(geo, ctx.color("card")) + band, _body_area(geo, bottom)

    blocks = card_blocks(
        ctx, _upgrade_body(doc), _actions(doc), doc.source(), table_pt, geo.w - 2 * SAFE, body_pt, _upgrade_note(doc)
    )
    return flow_over_cards(ctx, blocks, card)


def layout_upgrade_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """The upgrade catalog as cards."""
    geo = _geometry(ctx)
    docs = sorted(job.docs, key=lambda d: d.model.name)
    accent = game_color(ctx, GAME_ID)
    tables = [t for t in (_actions(d) for d in docs) if t]
    table_pt = table_size(ctx, tables, TABLE, geo.w - 2 * SAFE)
    # One band height for the deck: where one subtitle takes two lines on a narrow card, all do.
    lines = band_lines(ctx, geo, [d.model.name for d in docs], [_upgrade_subtitle(d) for d in docs])
    band_h = title_band(ctx, geo, "", accent, None, subtitle=" ", lines=lines)[1]  # every card's, with `lines`
    area = _body_area(geo, band_h)

    def cards(i: int, pt: float) -> int:
        d = docs[i]
        blocks = card_blocks(ctx, _upgrade_body(d), _actions(d), d.source(), table_pt, area.w, pt, _upgrade_note(d))
        return cards_needed(ctx, blocks, area, area)

    body_pt = deck_size(type_steps(BODY.size), cards, len(docs))
    fronts = [
        front + footer(ctx, geo, "Cubit upgrade")
        for d in docs
        for front in upgrade_fronts(ctx, geo, d, table_pt, lines, body_pt)
    ]
    backs = [generic_back(ctx, geo, accent, "Cubit upgrade", None, None) for _ in fronts]
    return _deck(ctx, fronts, backs, geo, "Cubit upgrades", "Cubit upgrade catalog cards", job)


def _faction_body(doc: DocInput) -> str:
    model, d = doc.model, doc.values(FactionValues)
    likes = ", ".join(d.likes) or "no one in particular"
    dislikes = ", ".join(d.dislikes) or "no one in particular"
    look = f"*Their colours: {' and '.join(model.colors)}, like {model.look}.*\n\n" if model.look else ""
    return f"{look}{model.text.strip()}\n\n**Likes:** {likes}\n**Dislikes:** {dislikes}"


def faction_fronts(
    ctx: LayoutContext, geo: CardGeometry, doc: DocInput, body_pt: float = BODY.size
) -> list[list[Item]]:
    """A faction in its colours: what it stands for, whom it likes and dislikes; text
    longer than a card at the deck's size `body_pt` (on small cards) continues on the next."""
    model = doc.model
    colours = livery(ctx, model.colors)

    def card(part: int) -> tuple[list[Item], Box]:
        items = background(geo, ctx.color("card"))
        band, bottom = title_band(
            ctx,
            geo,
            continued(model.name, part),
            colours.heading,
            doc.source("name"),
            subtitle=" and ".join(model.colors),
            longest=continued(model.name, 1),
        )
        items += band
        items.append(
            Rect(-geo.bleed, bottom, geo.w + 2 * geo.bleed, STRIPE, role="bleed", stroke=None, fill=colours.accent)
        )
        items.append(
            Rect(-geo.bleed, bottom + STRIPE, geo.w + 2 * geo.bleed, 0.5, stroke=None, fill=shade(colours.accent, 0.3))
        )
        return items + footer(ctx, geo, "Cubit faction"), _body_area(geo, bottom + STRIPE)

    body = _faction_body(doc)
    items, area = card(0)
    need = Paragraph(ctx, body, BODY.at(body_pt)).height(ctx, area.w, 1.0)
    if need > area.h:
        return flow_over_cards(ctx, card_blocks(ctx, body, None, doc.source(), body_pt=body_pt), card)
    # The text keeps the deck's size; the faction's cube takes the room it leaves.
    glyph = min(min(area.w, area.h) * 0.34, area.h - need - 2 * MM)
    text_area, art = area.split_top(area.h - max(glyph, 0.0) - 2 * MM if glyph >= 8 * MM else area.h)
    items += card_text(ctx, text_area, body, None, doc.source(), body_pt=body_pt)
    if glyph >= 8 * MM:
        items += cube_glyph(
            geo.w / 2,
            art.y + art.h / 2,
            glyph,
            colours.main,
            colours.accent,
            shade(colours.main, 0.3),
            stroke=shade(colours.main, 0.5),
        )
    return [items]


def faction_back(ctx: LayoutContext, geo: CardGeometry, doc: DocInput) -> list[Item]:
    colours = livery(ctx, doc.model.colors)
    back = generic_back(ctx, geo, colours.main, doc.model.name, None, doc.source("name"))
    return back + [
        Rect(-geo.bleed, geo.h - 12 * MM, geo.w + 2 * geo.bleed, 4 * MM, role="bleed", stroke=None, fill=colours.accent)
    ]


def layout_faction_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """One card per faction."""
    geo = _geometry(ctx)
    docs = sorted(job.docs, key=lambda d: d.id)

    def cards(i: int, pt: float) -> int:
        d = docs[i]
        bottom = title_band(ctx, geo, d.model.name, "#000000", None, subtitle=" and ".join(d.model.colors))[1]
        area = _body_area(geo, bottom + STRIPE)
        return cards_needed(ctx, card_blocks(ctx, _faction_body(d), None, d.source(), body_pt=pt), area, area)

    body_pt = deck_size(type_steps(BODY.size), cards, len(docs))
    fronts: list[list[Item]] = []
    backs: list[list[Item]] = []
    for d in docs:
        own = faction_fronts(ctx, geo, d, body_pt)
        fronts += own
        backs += [faction_back(ctx, geo, d)] * len(own)
    return _deck(ctx, fronts, backs, geo, "Cubit factions", "Cubit faction cards", job)
