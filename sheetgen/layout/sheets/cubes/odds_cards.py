"""The CUBES! odds cards, every number computed by the rules: one QUANTUMIZATION as a
bar chart (all six dice, and with the d20 removed by Order) over the table of what
Order buys, and the chance that the end-of-turn consumption exceeds the Civilization
Pool. Imposed with the shared deck helpers, backs mirrored for duplex."""

from __future__ import annotations

from sheetgen.layout.cards import SAFE, CardGeometry, background, footer, generic_back, impose_deck, title_band
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item, LayoutDocument
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.cubes import captions
from sheetgen.layout.sheets.cubes.chart import BarChart, Series
from sheetgen.layout.sheets.cubes.common import GAME_NAME, accent, document
from sheetgen.layout.text import Paragraph, Spacer, Table, TextStyle, fit_blocks
from sheetgen.rules.cubes.odds import ORDER_BEFORE_CONSUMPTION, consumption_table, quantumization_table
from sheetgen.rules.cubes.quantumizer import QUANTUMIZER, distribution
from sheetgen.units import MM

TITLE = f"{GAME_NAME} odds"


def _paragraph(ctx: LayoutContext, text: str) -> Paragraph:
    return Paragraph(ctx, text, TextStyle(size=7.5, color=ctx.color("ink"), min_size=6, leading=1.18))


def _table(ctx: LayoutContext, table: tuple[list[str], list[list[object]]]) -> Table:
    columns, rows = table
    return Table(ctx, columns, rows, TextStyle(size=7.2, color=ctx.color("ink"), min_size=6, leading=1.12), None,
                 header_fill=ctx.color("panel"), rule_color=ctx.color("rule"))


def card_front(ctx: LayoutContext, geo: CardGeometry, title: str, blocks: list, color: str, n: int, total: int) -> list[Item]:
    items = background(geo, ctx.color("card"))
    band, bottom = title_band(ctx, geo, title, color, None)
    items += band
    area = Box(SAFE, bottom + 2 * MM, geo.w - 2 * SAFE, geo.h - SAFE - 3.2 * MM - bottom - 2 * MM)
    items += fit_blocks(ctx, blocks, area, what=f"the card “{title}”")
    items += footer(ctx, geo, captions.card_credit(), f"{n}/{total}")
    return items


def quantumization_blocks(ctx: LayoutContext, color: str, chart_h: float) -> list:
    full = Series("all six dice", distribution(), color)
    without = Series(f"{ORDER_BEFORE_CONSUMPTION} removed", distribution([ORDER_BEFORE_CONSUMPTION]), ctx.color("ink"))
    high = max(d.high for d in QUANTUMIZER)
    chart = BarChart(full, without, low=0, high=high, height=chart_h, x_labels=tuple(range(0, high + 1, 5)))
    return [_paragraph(ctx, captions.chart_rule()), Spacer(1 * MM), chart, Spacer(1.5 * MM),
            _paragraph(ctx, captions.odds_rule()), Spacer(1 * MM), _table(ctx, quantumization_table())]


def consumption_blocks(ctx: LayoutContext) -> list:
    return [_paragraph(ctx, captions.consumption_rule()), Spacer(1.5 * MM), _table(ctx, consumption_table())]


def layout_odds_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    geo = CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)
    color = accent(ctx)
    chart_h = min(30 * MM, geo.h * 0.3)
    cards = [("One QUANTUMIZATION", quantumization_blocks(ctx, color, chart_h)),
             ("Consumption and extinction", consumption_blocks(ctx))]
    fronts = [card_front(ctx, geo, title, blocks, color, i, len(cards)) for i, (title, blocks) in enumerate(cards, 1)]
    back = generic_back(ctx, geo, color, TITLE, captions.card_credit(), None)
    pages = impose_deck(ctx, fronts, [back] * len(fronts), card=(geo.w, geo.h), label=TITLE,
                        mode=job.option("imposition") or "sheet")
    return document(f"{TITLE} — computed", f"{GAME_NAME} odds cards: QUANTUMIZATION and consumption, computed", pages,
                    ctx, "odds", "cards")
