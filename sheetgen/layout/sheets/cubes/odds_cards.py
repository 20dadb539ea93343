"""The CUBES! odds cards, every number computed by the rules: one QUANTUMIZATION as a
bar chart (all six dice, and with the d20 removed by Order) over the table of what
Order buys, and the chance that the end-of-turn consumption exceeds the Civilization
Pool. Imposed with the shared deck helpers, backs mirrored for duplex."""

from __future__ import annotations

from sheetgen.layout.cards import (
    FOOTER_SIZE,
    NUMBER_W,
    SAFE,
    CardGeometry,
    background,
    footer,
    footer_box,
    generic_back,
    impose_deck,
    title_band,
)
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item, LayoutDocument
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.cubes import captions
from sheetgen.layout.sheets.cubes.chart import BarChart, Series
from sheetgen.layout.sheets.cubes.common import GAME_NAME, accent, document
from sheetgen.layout.tables import Table, table_or_rows
from sheetgen.layout.text import BODY_MIN, Paragraph, Spacer, TextStyle, fit_blocks, fit_scale
from sheetgen.rules.cubes.odds import ORDER_BEFORE_CONSUMPTION, consumption_table, quantumization_table
from sheetgen.rules.cubes.quantumizer import QUANTUMIZER, distribution
from sheetgen.units import MM

TITLE = f"{GAME_NAME} odds"


def _paragraph(ctx: LayoutContext, text: str) -> Paragraph:
    return Paragraph(ctx, text, TextStyle(size=BODY_MIN, color=ctx.color("ink"), leading=1.18).fixed)


def _table(ctx: LayoutContext, table: tuple[list[str], list[list[object]]], width: float) -> Table | Paragraph:
    """The table, or on a card too narrow for its columns, a line per row."""
    columns, rows = table
    return table_or_rows(
        ctx,
        columns,
        rows,
        TextStyle(size=BODY_MIN, color=ctx.color("ink"), leading=1.12).fixed,
        _paragraph(ctx, "").style,
        None,
        width,
        header_fill=ctx.color("panel"),
        rule_color=ctx.color("rule"),
    )


def body_box(geo: CardGeometry, band_bottom: float) -> Box:
    return Box(SAFE, band_bottom + 2 * MM, geo.w - 2 * SAFE, geo.h - SAFE - 3.2 * MM - band_bottom - 2 * MM)


def card_front(
    ctx: LayoutContext, geo: CardGeometry, title: str, blocks: list, color: str, n: int, total: int
) -> list[Item]:
    items = background(geo, ctx.color("card"))
    band, bottom = title_band(ctx, geo, title, color, None)
    items += band
    items += fit_blocks(ctx, blocks, body_box(geo, bottom), what=f"card “{title}”")
    # impose_deck writes n/N at the footer's right; the credit takes the rest if it fits
    room = footer_box(geo).w - NUMBER_W - 1.5 * MM
    credit = captions.card_credit()
    items += footer(ctx, geo, credit if ctx.fonts.width(credit, "regular", FOOTER_SIZE) <= room else GAME_NAME)
    return items


def chart_blocks(ctx: LayoutContext, color: str, chart_h: float) -> list:
    """One QUANTUMIZATION as bars (all six dice) with ticks (the d20 removed)."""
    full = Series("all six dice", distribution(), color)
    without = Series(f"{ORDER_BEFORE_CONSUMPTION} removed", distribution([ORDER_BEFORE_CONSUMPTION]), ctx.color("ink"))
    high = max(d.high for d in QUANTUMIZER)
    chart = BarChart(full, without, low=0, high=high, height=chart_h, x_labels=tuple(range(0, high + 1, 5)))
    return [_paragraph(ctx, captions.chart_rule()), Spacer(1 * MM), chart]


def table_parts(
    ctx: LayoutContext, caption: str, table: tuple[list[str], list[list[object]]], parts: int, width: float
) -> list[list]:
    """A table with its caption, its rows shared over `parts` cards (the caption on the first)."""
    columns, rows = table
    per = -(-len(rows) // parts)
    out = []
    for i in range(parts):
        head = [_paragraph(ctx, caption), Spacer(1.5 * MM)] if i == 0 else []
        out.append(head + [_table(ctx, (columns, rows[i * per : (i + 1) * per]), width)])
    return out


def fits(ctx: LayoutContext, geo: CardGeometry, blocks: list, title: str) -> bool:
    """Whether the blocks fit a card under this title (which may take two lines)."""
    probe = LayoutContext(ctx.theme)
    _, bottom = title_band(probe, geo, title, "#000000", None)
    return fit_scale(probe, blocks, body_box(geo, bottom))[1]


def table_cards(ctx: LayoutContext, geo: CardGeometry, title: str, caption: str, table) -> list[tuple[str, list]]:
    """A table on as few cards as the card size allows (at most one a row)."""
    most = len(table[1])
    for parts in range(1, most + 1):
        chunks = table_parts(ctx, caption, table, parts, geo.w - 2 * SAFE)
        if (
            all(fits(ctx, geo, chunk, title if parts == 1 else f"{title} ({i + 1})") for i, chunk in enumerate(chunks))
            or parts == most
        ):
            return [(title if parts == 1 else f"{title} ({i + 1})", chunk) for i, chunk in enumerate(chunks)]
    raise AssertionError("unreachable")


CHART_TITLE = "One QUANTUMIZATION"


def plan_cards(ctx: LayoutContext, geo: CardGeometry, color: str) -> list[tuple[str, list]]:
    """The cards, as few as the card size allows: chart and table together when they fit,
    else apart, and each table over more cards when it needs them."""
    chart_h = min(30 * MM, geo.h * 0.3)
    while chart_h > 15 * MM and not fits(ctx, geo, chart_blocks(ctx, color, chart_h), CHART_TITLE):
        chart_h -= 1 * MM  # small cards: a lower chart rather than smaller words
    chart = chart_blocks(ctx, color, chart_h)
    odds = table_parts(ctx, captions.odds_rule(), quantumization_table(), 1, geo.w - 2 * SAFE)[0]
    together = chart + [Spacer(1.5 * MM)] + odds
    if fits(ctx, geo, together, CHART_TITLE):
        cards = [(CHART_TITLE, together)]
    else:  # the chart alone on its card, as tall as the card allows
        while chart_h < geo.h * 0.45 and fits(ctx, geo, chart_blocks(ctx, color, chart_h + 1 * MM), CHART_TITLE):
            chart_h += 1 * MM
        cards = [(CHART_TITLE, chart_blocks(ctx, color, chart_h))]
        cards += table_cards(ctx, geo, "What Order buys", captions.odds_rule(), quantumization_table())
    cards += table_cards(ctx, geo, "Extinction odds", captions.consumption_rule(), consumption_table())
    return cards


def layout_odds_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    geo = CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)
    color = accent(ctx)
    cards = plan_cards(ctx, geo, color)
    fronts = [card_front(ctx, geo, title, blocks, color, i, len(cards)) for i, (title, blocks) in enumerate(cards, 1)]
    back = generic_back(ctx, geo, color, TITLE, captions.card_credit(), None)
    pages = impose_deck(
        ctx, fronts, [back] * len(fronts), card=(geo.w, geo.h), label=TITLE, mode=job.option("imposition") or "sheet"
    )
    return document(
        f"{TITLE} — computed",
        f"{GAME_NAME} odds cards: QUANTUMIZATION and consumption, computed",
        pages,
        ctx,
        "odds",
        "cards",
    )
