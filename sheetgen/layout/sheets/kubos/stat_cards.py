"""Monster stat cards: one card per monster, imposed N-up with crop marks."""

from __future__ import annotations

from sheetgen.layout.cards import NUMBER_W, SAFE, CardGeometry, background, impose_deck, title_band
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item, LayoutDocument
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.kubos.common import NOTICE, SYSTEM, accent, fine_print, monster_kind_line
from sheetgen.layout.sheets.kubos.pieces import grid_rows, stat_grid
from sheetgen.layout.sheets.kubos.stat_block import body_blocks, grid_height, monster_cells
from sheetgen.layout.text import TextStyle, fit_blocks
from sheetgen.units import MM

NOTICE_H = 7.6 * MM


def monster_card(ctx: LayoutContext, geo: CardGeometry, doc: DocInput, color: str) -> list[Item]:
    """One monster's card front: name band, numbers, HP boxes, rules, treasure, licence."""
    items = background(geo, ctx.color("card"))
    band, top = title_band(ctx, geo, doc.model.name, color, doc.source("name"), height=12 * MM,
                           subtitle=monster_kind_line(doc.derived))
    items += band
    cells = monster_cells(doc.derived)
    inner = Box(SAFE, top + 2 * MM, geo.w - 2 * SAFE, geo.h - top - 2 * MM - SAFE)
    rows = grid_rows(ctx, cells, inner.w)
    grid_box, rest = inner.split_top(grid_height(rows), 2 * MM)
    items += stat_grid(ctx, grid_box, cells, color, rows=rows)
    body, notice = rest.split_top(rest.h - NOTICE_H - 1 * MM, 1 * MM)
    style = TextStyle(size=7.0, min_size=6.0, leading=1.18, color=ctx.color("ink"))
    items += fit_blocks(ctx, body_blocks(ctx, doc, style, body.w, body.h), body, what="stat card")
    items += fine_print(ctx, Box(notice.x, notice.y, notice.w - NUMBER_W - 1.5 * MM, notice.h))  # n/N at its right
    return items


def layout_stat_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    geo = CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)
    color = accent(ctx)
    docs = sorted(job.docs, key=lambda d: (d.model.name, d.id))
    fronts = [monster_card(ctx, geo, doc, color) for doc in docs]
    pages = impose_deck(ctx, fronts, None, card=(geo.w, geo.h), label="KUBOS monsters", job=job, system=SYSTEM,
                        back_title="KUBOS monster", back_text=NOTICE)
    return LayoutDocument(title="KUBOS monsters — stat cards", pages=tuple(pages), author=ctx.theme.author,
                          subject=f"KUBOS monster stat cards. {NOTICE}", keywords=(SYSTEM, "monsters", "cards"))
