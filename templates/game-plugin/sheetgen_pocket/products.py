"""The game's products: a hero's page, laid out with sheetgen's shared helpers."""

from sheetgen.layout.cards import game_color
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, LayoutDocument
from sheetgen.layout.products import Job, Product
from sheetgen.layout.widgets import labeled_value, page_frame, section, sheet_page
from sheetgen.units import MM

GAME_ID = "pocket"


def layout_hero_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    doc = job.doc
    hero = doc.model
    accent = game_color(ctx, GAME_ID)
    items, content = page_frame(ctx, hero.name, game="Pocket Quest", accent=accent, source=doc.source("name"))
    panel, inner = section(ctx, Box(content.x, content.y, content.w, 80 * MM), "Hero", accent)
    items += panel
    items += labeled_value(ctx, Box(inner.x, inner.y, inner.w / 2 - 2 * MM, 10 * MM), "Might", str(hero.might))
    for i, thing in enumerate(hero.gear):
        row = Box(inner.x, inner.y + (14 + 10 * i) * MM, inner.w, 8 * MM)
        items += labeled_value(ctx, row, f"Gear {i + 1}", thing, doc.source("gear", i), size=9)
    return LayoutDocument(title=f"{hero.name} — Pocket Quest", pages=(sheet_page(items, ctx),), author=ctx.theme.author)


PRODUCTS = [
    Product(
        id="pocket-hero-sheet",
        name="hero-sheet",
        game=GAME_ID,
        kinds=("pocket-hero",),
        scope="document",
        layout=layout_hero_sheet,
        one_sided=True,
        summary="a Pocket Quest hero on one page: might and gear",
    ),
]
