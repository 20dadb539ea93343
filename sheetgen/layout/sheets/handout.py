"""Handouts (`kind: handout`): a publisher's bundle of other documents' products in one PDF.

Each section lays out the named product of the included documents and appends its
pages; every section starts on a right-hand (odd) page so the bundle prints duplex.
`print-and-play` keeps the pages as they are; `print-shop` gives every page bleed and
crop marks outside its trim (and cards one to a page), as print shops ask.
"""

from __future__ import annotations

import dataclasses

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.imposition import MARK_GAP, WANT_MARK
from sheetgen.layout.primitives import Box, Group, Item, LayoutDocument, Page, Path, Rect, line
from sheetgen.layout.products import DocInput, Job, Product
from sheetgen.layout.text import Paragraph, Spacer, TextStyle, fit_blocks, one_line
from sheetgen.units import MM, PAPER_SIZES


def _includes(doc: DocInput) -> list[tuple[str, str]]:
    keys: list[tuple[str, str]] = []
    for section in (doc.derived or {}).get("sections", []):
        if section.get("kind"):
            keys.extend((section["kind"], i) for i in section["ids"])
    return keys


def _find_product(kind: str, name: str) -> Product | None:
    from sheetgen.layout.registry import products

    for product in products().values():
        if kind in product.kinds and name in (product.name, product.id) and product.scope != "blank":
            return product
    return None


def _product_names(kind: str) -> list[str]:
    from sheetgen.layout.registry import products

    return sorted({p.name for p in products().values() if kind in p.kinds and p.scope != "blank"})


def layout_handout(ctx: LayoutContext, job: Job) -> LayoutDocument:
    handout_doc = job.docs[0]
    handout = handout_doc.model
    by_key = {d.key: d for d in job.docs[1:]}
    theme = ctx.theme
    if handout.paper and not theme.paper_forced:
        theme = dataclasses.replace(theme, paper_name=handout.paper, paper=PAPER_SIZES[handout.paper])
    inner = LayoutContext(theme, issues=ctx.issues)
    shop = handout.profile == "print-shop"
    options = (("imposition", "single"),) if shop else ()

    body: list[Page] = []
    contents: list[tuple[str, int]] = []
    for i, section in enumerate(handout_doc.derived["sections"]):
        if body and len(body) % 2 == 1:
            body.append(_blank(theme))  # sections start on a right-hand page
        first_page = len(body)
        if section.get("text") or not section.get("kind"):
            body.append(_divider(inner, section["title"], section.get("text") or "", handout_doc, i))
        kind, name = section.get("kind"), section.get("product")
        if kind:
            product = _find_product(kind, name)
            if product is None:
                ctx.error(handout_doc.source("sections", i, "include", "product"), "handout.unknown-product",
                          f"`{kind}` documents have no product `{name}`",
                          f"products of `{kind}`: {', '.join(_product_names(kind)) or 'none'}")
                continue
            docs = [by_key[(kind, d)] for d in section["ids"] if (kind, d) in by_key]
            jobs = ([Job(product.id, product.target or product.name, tuple(docs), options)]
                    if product.scope == "collection" else [Job(product.id, d.id, (d,), options) for d in docs])
            for sub in jobs:
                laid = product.layout(inner, sub).pages
                if len(body) % 2 == 1 and (product.one_sided or any(p.is_back for p in laid)):
                    body.append(_blank(theme))  # fronts on the right-hand page, backs behind them
                for page in laid:
                    body.append(page)
                    if product.one_sided:
                        body.append(_blank(theme))  # nothing on the back of a page to cut out
        contents.append((section["title"], first_page))
    pages: list[Page] = []
    if handout.cover:
        pages.append(_cover(inner, handout, [(title, first + 3) for title, first in contents]))
        pages.append(_blank(theme))
    pages.extend(body)
    if shop:
        pages = [_with_marks(p, theme.bleed) for p in pages]
    return LayoutDocument(title=handout.title, pages=tuple(pages), author=handout.author or "",
                          subject="handout", keywords=tuple(sorted({s.get("kind") or "" for s in handout_doc.derived["sections"]} - {""})))


def _blank(theme) -> Page:
    W, H = theme.paper
    return Page(W, H, (), label="blank (for double-sided printing)")


def _cover(ctx: LayoutContext, handout, contents: list[tuple[str, int]]) -> Page:
    """Title, author and the contents with page numbers (1-based, the cover being page 1)."""
    W, H = ctx.theme.paper
    accent = ctx.color("accent")
    # The band stays inside the margins: home printers cannot print to the paper's edge.
    items: list[Item] = [Rect(12 * MM, 12 * MM, W - 24 * MM, 83 * MM, stroke=None, fill=accent, radius=2 * MM)]
    items += one_line(ctx, handout.title, Box(20 * MM, 40 * MM, W - 40 * MM, 22 * MM),
                      TextStyle(size=34, font="bold", color="#ffffff", min_size=14), None, what="title")
    if handout.author:
        items += one_line(ctx, handout.author, Box(20 * MM, 64 * MM, W - 40 * MM, 10 * MM),
                          TextStyle(size=14, font="italic", color=tint(accent, 0.8), min_size=8), None)
    y = 115 * MM
    items += one_line(ctx, "Contents", Box(20 * MM, y, W - 40 * MM, 9 * MM), TextStyle(size=15, font="bold", color=accent))
    y += 13 * MM
    for title, number in contents:
        row = Box(20 * MM, y, W - 40 * MM, 7 * MM)
        items += one_line(ctx, title, Box(row.x, row.y, row.w - 20 * MM, row.h), TextStyle(size=11, color=ctx.color("ink"), min_size=7))
        items += one_line(ctx, f"page {number}", Box(row.right - 20 * MM, row.y, 20 * MM, row.h),
                          TextStyle(size=10, color=ctx.color("muted"), align="right"))
        items.append(Path(line(row.x, row.bottom, row.right, row.bottom), stroke=tint(ctx.color("rule"), 0.4), width=0.4))
        y += 8.5 * MM
        if y > H - 30 * MM:
            break
    items += one_line(ctx, "Print at 100 % (actual size). Pages pair up for double-sided printing, flipped on the long edge.",
                      Box(20 * MM, H - 20 * MM, W - 40 * MM, 6 * MM), TextStyle(size=8, color=ctx.color("muted"), min_size=6))
    return Page(W, H, tuple(items), label="cover")


def _divider(ctx: LayoutContext, title: str, text: str, doc: DocInput, index: int) -> Page:
    W, H = ctx.theme.paper
    accent = ctx.color("accent")
    items: list[Item] = [Rect(20 * MM, 60 * MM, 6 * MM, 40 * MM, stroke=None, fill=accent)]
    blocks = [Paragraph(ctx, title, TextStyle(size=26, font="bold", color=ctx.color("ink"), min_size=12), doc.source("sections", index, "title"))]
    if text:
        blocks += [Spacer(6 * MM), Paragraph(ctx, text, TextStyle(size=11, color=ctx.color("ink"), min_size=7),
                                             doc.source("sections", index, "text"))]
    items += fit_blocks(ctx, blocks, Box(32 * MM, 60 * MM, W - 52 * MM, H - 90 * MM), what="section text")
    return Page(W, H, tuple(items), label=title)


def _with_marks(page: Page, bleed: float) -> Page:
    """A page as a print shop wants it: the trim is the page itself (or its cards), the
    media grows by bleed and a margin for crop marks at the corners."""
    if page.trim is not None and page.bleed is not None and page.bleed.w >= page.width - 0.01:
        return page  # already a bled single card
    margin = bleed + MARK_GAP + WANT_MARK
    W, H = page.width + 2 * margin, page.height + 2 * margin
    trim = Box(margin, margin, page.width, page.height)
    cmds: list = []
    start = bleed + MARK_GAP
    for x in (trim.x, trim.right):
        for y0, sign in ((trim.y, -1), (trim.bottom, 1)):
            cmds += line(x, y0 + sign * start, x, y0 + sign * (start + WANT_MARK))
    for y in (trim.y, trim.bottom):
        for x0, sign in ((trim.x, -1), (trim.right, 1)):
            cmds += line(x0 + sign * start, y, x0 + sign * (start + WANT_MARK), y)
    marks = Group((Path(tuple(cmds), role="crop", stroke="#000000", width=0.3),), id="crop-marks", cls="crop")
    content = Group(page.items, dx=margin, dy=margin)
    return Page(W, H, (content, marks), trim=trim, bleed=trim.outset(bleed), label=page.label)


PRODUCTS = [
    Product(
        id="handout",
        name="bundle",
        system="handouts",
        kinds=("handout",),
        scope="document",
        layout=layout_handout,
        summary="a publisher's bundle: sections of other products in one PDF, duplex-ready",
        formats=("pdf",),
        includes=_includes,
    ),
]
