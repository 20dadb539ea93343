"""Handouts (`kind: handout`): a publisher's bundle of other documents' products in one PDF.

The front matter (cover with the contents, imprint) is numbered i, ii …; the body from 1,
every section starting on a right-hand (odd) page so the bundle prints duplex. Each
section and each document in it gets a bookmark and a named destination; the contents
entries link to them.

One imposition per profile: `print-and-play` keeps every product's N-up pages at paper
size; `print-shop` gives every page bleed and crop marks outside its trim, and moves every
card, one to a page at bleed size, into a second PDF (`<id>-cards.pdf`): print shops take
cards and pages as different jobs.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from sheetgen.diagnostics import field_path
from sheetgen.layout.colors import legible, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.folios import with_folio
from sheetgen.layout.imposition import with_crop_marks
from sheetgen.layout.overflow import OVERFLOW, quoted, shorten_hint
from sheetgen.layout.primitives import (
    Box,
    Field,
    Group,
    Image,
    Item,
    LayoutDocument,
    Link,
    OutlineEntry,
    Page,
    PageLabel,
    Path,
    Rect,
    Text,
    line,
    walk,
)
from sheetgen.layout.products import DocInput, Job, Product
from sheetgen.layout.templates import caption, fold_text, text
from sheetgen.layout.text import Block, Paragraph, Spacer, TextStyle, fit_blocks, one_line, printable, restyle
from sheetgen.rules.common import SectionProblem, blank_product, section_product
from sheetgen.rules.values import CoverImage, DisplayNamed, HandoutValues
from sheetgen.units import MM

CARDS_SUFFIX = "cards"
#: The words around the sections, which a publisher's template may replace.
WORDS = "handout/captions.j2"


def _includes(doc: DocInput) -> list[tuple[str, str]]:
    keys: list[tuple[str, str]] = []
    for section in doc.values(HandoutValues).sections:
        if section.kind:
            keys.extend((section.kind, i) for i in section.ids)
        keys.extend(section.settings)  # what a blank product reads
    return keys


def section_products(kind: str) -> list[Product]:
    """The products a handout section may take from documents of `kind`."""
    from sheetgen.layout.registry import products

    # A deck's print-shop twin is not a choice of its own: the print-shop profile puts cards one to a page.
    return [
        p
        for p in products().values()
        if kind in p.kinds and p.scope != "blank" and p.id != "handout" and p.print_shop_of is None
    ]


def blank_products() -> list[Product]:
    """The blank products a handout section may include (`include: {blank: <id>}`)."""
    from sheetgen.layout.registry import products

    return [p for p in products().values() if p.scope == "blank" and p.print_shop_of is None]


def blank_choices() -> dict[str, tuple[str, ...]]:
    """The blank products a section may include by id, with the kinds of the settings
    documents each reads: what the rules check a handout's `blank:` against."""
    return {p.id: p.kinds for p in blank_products()}


def section_choices(kind: str) -> list[tuple[str, str]]:
    """The products a section may take from `kind` documents, as (folder name, id) pairs:
    what the rules check a handout's `product:` against (`rules.common.section_product`)."""
    return [(p.name, p.id) for p in section_products(kind)]


def find_product(kind: str, name: str | None) -> Product | None:
    """The product a section names (by folder name or registry id); with no name, the
    kind's only product, if it has just one."""
    found = section_product(kind, name, section_choices(kind))
    return None if isinstance(found, SectionProblem) else _product(found)


def _product(product_id: str) -> Product:
    from sheetgen.layout.registry import products

    return products()[product_id]


def _job(product: Product, docs: list[DocInput], by_key: dict) -> Job:
    """A job of a section's product: its documents, then the others they need (an army's
    units, a game's civilizations), which the build hands the bundle with them. A blank
    product's documents are the settings it reads."""
    target = docs[0].id if product.scope == "document" else product.target or product.name
    own = {d.key for d in docs}
    needed = dict.fromkeys(k for d in docs for k in (product.includes(d) if product.includes else []) if k not in own)
    return Job(
        product.id, target, (*docs, *(by_key[k] for k in needed if k in by_key)), tuple(sorted(product.options.items()))
    )


def _nothing_printed(
    ctx: LayoutContext, handout_doc: DocInput, index: int, kind: str, product: Product, docs: list[DocInput]
) -> None:
    """Warn at a section's `include` that found documents whose product has no pages."""
    others = sorted({n for n, _ in section_choices(kind)} - {product.name})
    ids = ", ".join(f"`{d.id}`" for d in docs)
    ctx.warning(
        handout_doc.source("sections", index, "include"),
        "handout.nothing-printed",
        f"the section prints nothing: the `{product.name}` product of its `{kind}` documents ({ids}) has no pages",
        f"include another product of `{kind}` ({', '.join(others)}), or remove the section"
        if others
        else "remove the section, or give its documents something to print",
    )


def _check_product(
    ctx: LayoutContext, handout_doc: DocInput, index: int, kind: str, name: str | None
) -> Product | None:
    """The section's product. The rules have checked it when the caller gave them the
    products (as the command line does); otherwise its problem is reported here."""
    found = section_product(kind, name, section_choices(kind))
    if not isinstance(found, SectionProblem):
        return _product(found)
    ctx.error(handout_doc.source("sections", index, "include", *found.path), found.code, found.message, found.hint)
    return None


def _check_blank(ctx: LayoutContext, handout_doc: DocInput, index: int, name: str) -> Product | None:
    """The blank product a section names, reported here when the rules were not given the
    choices (as `_check_product`)."""
    found = blank_product(name, blank_choices())
    if not isinstance(found, SectionProblem):
        return _product(found)
    ctx.error(handout_doc.source("sections", index, "include", *found.path), found.code, found.message, found.hint)
    return None


# --- the body: sections of other products' pages ---------------------------------------


@dataclass
class _Mark:
    """A bookmark in one of the bundle's PDFs: its level, title, key and page."""

    title: str
    key: str
    page: int
    level: int


@dataclass
class _Part:
    """The pages of one of the bundle's PDFs (the main one or the cards), with their bookmarks."""

    pages: list[Page] = field(default_factory=list)
    marks: list[_Mark] = field(default_factory=list)

    def pad_to_right(self, theme) -> None:
        """Start on a right-hand page (an even index: the body starts on one)."""
        if len(self.pages) % 2 == 1:
            self.pages.append(_blank(theme))


@dataclass
class _SectionInfo:
    title: str
    key: str
    page: int | None = None  # first body page (0-based), None when it has none in the main PDF
    cards: tuple[int, int] | None = None  # first and last card (1-based) in the cards PDF


def _name_of(doc: DocInput) -> str:
    if isinstance(doc.derived, DisplayNamed) and doc.derived.display_name:
        return doc.derived.display_name
    model = doc.model
    for attr in ("name", "title"):
        value = getattr(model, attr, None)
        if value:
            return str(value)
    aliases = getattr(model, "aliases", None)
    return str(aliases[0]) if aliases else doc.id


def _squeezed(text: str) -> str:
    return "".join(text.split()).casefold()


def _page_text(page: Page) -> str:
    return _squeezed(" ".join(item.text for item, _, _ in walk(page.items) if isinstance(item, Text)))


def _first_page_naming(texts: list[str], name: str) -> int | None:
    """The first of the pages (by their `_page_text`) printing `name`: a collection's
    pages do not say which document each card or block comes from, but they print its name."""
    wanted = _squeezed(name)
    for i, page_text in enumerate(texts):
        if wanted and wanted in page_text:
            return i
    return None


def _is_card(page: Page, bleed: float) -> bool:
    """A single card at bleed size (what `impose_single` makes)."""
    return (
        page.trim is not None
        and abs(page.width - (page.trim.w + 2 * bleed)) < 0.5
        and abs(page.height - (page.trim.h + 2 * bleed)) < 0.5
    )


def _add_docs(part: _Part, laid: list[Page], docs: list[DocInput], key: str, single: bool) -> None:
    """Append laid-out pages with a bookmark per document (`single`: all of them are one document's)."""
    start = len(part.pages)
    if single:
        part.marks.append(_Mark(_name_of(docs[0]), f"{key}.{docs[0].id}", start, 1))
    else:
        texts = [_page_text(p) for p in laid]
        for doc in docs:
            at = _first_page_naming(texts, _name_of(doc))
            part.marks.append(_Mark(_name_of(doc), f"{key}.{doc.id}", start + (at or 0), 1))
    part.pages.extend(laid)


def _dividers_wanted(handout, theme) -> bool:
    """A divider before every section, or none: as the handout says, else the theme, else
    every section when any has text to print."""
    for choice in (handout.dividers, theme.dividers):
        if choice is not None:
            return choice
    return any(s.text for s in handout.sections)


def layout_handout(ctx: LayoutContext, job: Job) -> LayoutDocument:
    handout_doc = job.docs[0]
    handout = handout_doc.model
    by_key = {d.key: d for d in job.docs[1:]}
    theme = ctx.theme.on_paper(handout.paper)
    shop = handout.profile == "print-shop"
    inner = LayoutContext(theme, issues=ctx.issues, single_cards=shop)
    dividers = _dividers_wanted(handout, theme)

    body, cards = _Part(), _Part()
    infos: list[_SectionInfo] = []
    blanks: list[Product] = []  # the blank products the sections include
    for i, section in enumerate(handout_doc.values(HandoutValues).sections):
        info = _SectionInfo(section.title, f"section-{i + 1}")
        infos.append(info)
        before = len(body.pages)
        body.pad_to_right(theme)  # sections start on a right-hand page
        first_page, first_card = len(body.pages), len(cards.pages)
        kind, blank = section.kind, section.blank
        docs = [by_key[(kind, d)] for d in section.ids if (kind, d) in by_key] if kind else []
        divider = dividers or not (kind or blank)
        if divider:
            body.pages.append(_divider(inner, section.title, section.text or "", handout_doc, i, docs))
        if blank:
            product = _check_blank(ctx, handout_doc, i, blank)
        else:
            product = _check_product(ctx, handout_doc, i, kind, section.product) if kind else None
        printed = not (kind or blank)  # a section of words alone prints its divider
        if product is not None and (docs or blank):
            if blank:  # one blank, made from the settings it reads; no document of its own to mark
                blanks.append(product)
                groups = [[by_key[key] for key in section.settings if key in by_key]]
            else:
                groups = [docs] if product.scope == "collection" else [[d] for d in docs]
            for g, job_docs in enumerate(groups, 1):
                own = [] if blank else job_docs
                laid = _own_fields(product.layout(inner, _job(product, job_docs, by_key)).pages, f"{info.key}-{g}_")
                printed = printed or bool(laid)
                if shop:
                    on_cards = [p for p in laid if _is_card(p, theme.bleed)]
                    if on_cards:
                        _add_docs(cards, on_cards, own, info.key, len(own) == 1)
                    laid = [p for p in laid if not _is_card(p, theme.bleed)]
                if not laid:
                    continue
                # Every document's pages start on a right-hand page, never on the back of the
                # divider or of another's page: fronts on the right, backs behind them.
                body.pad_to_right(theme)
                if product.one_sided:  # nothing on the back of a page to cut out
                    laid = [q for p in laid for q in (p, _blank(theme))]
                _add_docs(body, laid, own, info.key, len(own) == 1)
            if not printed and kind:
                _nothing_printed(ctx, handout_doc, i, kind, product, docs)
        # A section of cards alone (print-shop) lives in the cards PDF: no divider here, only
        # its line in the contents.
        only_cards = len(cards.pages) > first_card and len(body.pages) == first_page + divider
        if printed and len(body.pages) > first_page and not only_cards:
            info.page = first_page
            body.marks.insert(_first_mark_at(body.marks, info.key), _Mark(info.title, info.key, first_page, 0))
        else:  # nothing in it (no divider, no line in the contents), or all of it went to the cards
            del body.pages[before:]
            if only_cards and section.text:
                ctx.warning(
                    handout_doc.source("sections", i, "text"),
                    "handout.text-not-printed",
                    "a section of cards alone has no page in a print-shop handout's main PDF, "
                    "so its text prints nowhere",
                    "make the text a section of its own without `include`, or remove it",
                )
        if len(cards.pages) > first_card:
            done = _count_fronts(cards.pages[:first_card])
            info.cards = (done + 1, done + _count_fronts(cards.pages[first_card:]))
            cards.marks.insert(_first_mark_at(cards.marks, info.key), _Mark(info.title, info.key, first_card, 0))
            if dividers and info.page is not None:  # say where the section's cards went
                note = caption(
                    WORDS,
                    "cards_note",
                    file=f"{job.target}-{CARDS_SUFFIX}.pdf",
                    first_card=info.cards[0],
                    last_card=info.cards[1],
                )
                body.pages[first_page] = _divider(inner, section.title, section.text or "", handout_doc, i, docs, note)

    return _document(inner, job, body, cards, infos, blanks)


def _document(
    inner: LayoutContext, job: Job, body: _Part, cards: _Part, infos: list[_SectionInfo], blanks: list[Product]
) -> LayoutDocument:
    """The handout from its laid-out parts: folios, the front matter, the outline, page
    labels and the cards PDF beside it (print-shop)."""
    handout_doc = job.docs[0]
    handout = handout_doc.model
    theme = inner.theme
    shop = handout.profile == "print-shop"
    if handout.page_numbers:  # the numbers the contents and the page labels give; a blank keeps none
        for n, page in enumerate(body.pages):
            if page.items:
                body.pages[n] = with_folio(inner, page, text(WORDS, "folio", page=n + 1), right_hand=n % 2 == 0)
    cards_file = f"{job.target}-{CARDS_SUFFIX}.pdf" if cards.pages else None
    front: list[Page] = []
    links: list[Link] = []
    if handout.cover:
        game_ids = [p.game_of(None) for p in blanks]
        front, links = _front_matter(inner, handout, handout_doc, infos, cards_file, _notices(job.docs[1:], game_ids))
    offset = len(front)
    pages = front + body.pages
    if shop:
        pages = [with_crop_marks(p, theme.bleed) for p in pages]
    outline = ([OutlineEntry("Contents", 0, "contents")] if front else []) + [
        OutlineEntry(m.title, m.page + offset, m.key, m.level) for m in body.marks
    ]
    labels = (PageLabel(0, "roman"), PageLabel(offset, "arabic")) if front and body.pages else ()
    meta = _metadata(handout, handout_doc)
    companions: tuple = ()
    if cards.pages:
        companions = (
            (
                CARDS_SUFFIX,
                LayoutDocument(
                    title=f"{handout.title} — cards",
                    pages=tuple(cards.pages),
                    page_labels=_card_labels(cards.pages),
                    outline=tuple(OutlineEntry(m.title, m.page, m.key, m.level) for m in cards.marks),
                    **meta,
                ),
            ),
        )
    return LayoutDocument(
        title=handout.title,
        pages=tuple(pages),
        outline=tuple(outline),
        page_labels=labels,
        links=tuple(links),
        companions=companions,
        duplex=True,
        **meta,
    )


def _own_fields(pages, prefix: str) -> list[Page]:
    """Pages whose form fields (a blank sheet's) are named apart from every other output's in
    the bundle: fields of one name share their value, and two sheets' `name` must not."""

    def renamed(items: tuple[Item, ...]) -> tuple[Item, ...]:
        return tuple(
            dataclasses.replace(i, name=prefix + i.name)
            if isinstance(i, Field)
            else dataclasses.replace(i, items=renamed(i.items))
            if isinstance(i, Group)
            else i
            for i in items
        )

    return [
        dataclasses.replace(p, items=renamed(p.items)) if any(isinstance(i, Field) for i, _, _ in walk(p.items)) else p
        for p in pages
    ]


def _first_mark_at(marks: list[_Mark], key: str) -> int:
    """Where a section's own bookmark goes: before its documents'."""
    for n, m in enumerate(marks):
        if m.key.startswith(key + "."):
            return n
    return len(marks)


def _card_labels(pages: list[Page]) -> tuple[PageLabel, ...]:
    """The cards PDF's page labels: the card numbers the contents give, each front's
    (`card 3`) and its back's (`card 3 back`)."""
    labels, n = [], 0
    for i, page in enumerate(pages):
        n += not page.is_back
        labels.append(PageLabel(i, "none", prefix=f"card {n} back" if page.is_back else f"card {n}"))
    return tuple(labels)


def _count_fronts(pages: list[Page]) -> int:
    return sum(1 for p in pages if not p.is_back)


def _metadata(handout, doc: DocInput) -> dict:
    sections = doc.values(HandoutValues).sections
    kinds = sorted({s.kind or "" for s in sections} - {""})
    return dict(
        author=handout.author or "",
        subject=handout.subject or f"{handout.title}: {len(sections)} sections to print",
        keywords=tuple(dict.fromkeys([*handout.keywords, *kinds])),
        language=handout.language or "",
        date=handout.date,
        profile=handout.profile,  # print-shop: CMYK, text and line work in black ink only
    )


# --- pages of the bundle's own -------------------------------------------------------------


def _blank(theme) -> Page:
    W, H = theme.paper
    return Page(W, H, (), label="blank (for double-sided printing)")


ROW = 8.5 * MM
PAGE_EDGE = 12 * MM  # from the paper's edge to the cover's band; the words keep 8 mm more


def _inset(ctx: LayoutContext) -> float:
    """How much further in the bundle's own pages (cover, contents, imprint, dividers) sit
    than their 12 mm, so that nothing crosses a wider printable margin."""
    return max(0.0, ctx.theme.printable_margin - PAGE_EDGE)


def _notices(docs, blank_games: list[str]) -> list[str]:
    """The licence notices of the games the bundle prints (from documents, and blank
    products, which have none), once each."""
    from sheetgen.content import registry as kinds
    from sheetgen.layout.registry import notices

    known = notices()
    game_ids = []
    for d in docs:
        game = kinds.game_of(d)
        if game in known and game not in game_ids:
            game_ids.append(game)
    game_ids += [s for s in dict.fromkeys(blank_games) if s in known and s not in game_ids]
    return [known[s] for s in game_ids]


COVER_TITLE = TextStyle(size=34, font="bold", color="#ffffff", min_size=14)
COVER_ONE_LINE = 24  # points: a cover title that fits one line only smaller than this wraps
COVER_LINES = 3  # the most lines a cover title takes ("three lines" in its error)


def _cover_title(ctx: LayoutContext, title: str, box: Box, source) -> list[Item]:
    """The cover's title in the band's `box`, above the byline: on one line (at 34pt, or
    shrunk to fit it down to 24pt) as most titles, else on the fewest lines, two or three,
    that hold it at 24pt or more, else on three at the size they need; an error only where
    three lines at 14pt cannot hold it. A wrapped title's last line stands where a title of
    one line stands, and it grows upward."""
    style = COVER_TITLE
    one = " ".join(printable(str(title)).split())
    if ctx.fonts.width(one, style.font, COVER_ONE_LINE) <= box.w:
        return one_line(ctx, title, Box(box.x, box.y + 20 * MM, box.w, 22 * MM), style, source, what="title")
    wrapped = restyle(style, leading=1.1, markup=False)
    area = Box(box.x, box.y, box.w, box.h - 4 * MM)  # the last baseline where one line's is

    def fits(text: str, size: float, lines: int) -> bool:
        para = Paragraph(ctx, text, wrapped, source)
        n = len(para._lines(ctx, area.w, size))
        return (
            n <= lines
            and n * size * wrapped.leading <= area.h
            and not para.splits_words(ctx, area.w, size / style.size)
        )

    chosen = None
    for lines in range(2, COVER_LINES + 1):
        floor = style.min_size if lines == COVER_LINES else COVER_ONE_LINE
        size = style.size
        while size > floor and not fits(one, size, lines):
            size = max(floor, size - 0.5)
        if fits(one, size, lines):
            chosen = size
            break
    if chosen is None:  # not even three lines at the smallest size: say how much of it fits
        chosen = style.min_size
        lo, hi = 0, len(one)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if fits(one[:mid].rstrip(), chosen, COVER_LINES) else (lo, mid - 1)
        where = f" ({field_path(source.path)})" if source and source.path else ""
        para = Paragraph(ctx, one, wrapped, source)
        too_long = (
            "has a word too long for its line"
            if para.splits_words(ctx, area.w, para.min_scale())
            else "is too long for three lines"
        )
        ctx.error(
            source,
            OVERFLOW,
            f"the title{where} `{quoted(one)}` {too_long} even at {style.min_size:g}pt",
            shorten_hint(lo, len(one)),
            fit=(one, lo),
        )
    block = Paragraph(ctx, one, restyle(wrapped, size=chosen, min_size=chosen), source)
    return block.draw(ctx, area.x, area.bottom - block.height(ctx, area.w, 1.0), area.w, 1.0)


def _front_matter(
    ctx: LayoutContext, handout, doc: DocInput, infos: list[_SectionInfo], cards_file: str | None, notices: list[str]
) -> tuple[list[Page], list[Link]]:
    """The cover (title, author, the contents), contents pages it overflows into, and the
    imprint on the back; an even number of pages, so the body starts on a right-hand page."""
    W, H = ctx.theme.paper
    d = _inset(ctx)
    accent = ctx.color("accent")
    items: list[Item] = [
        Rect(12 * MM + d, 12 * MM + d, W - 24 * MM - 2 * d, 83 * MM, stroke=None, fill=accent, radius=2 * MM)
    ]
    items += _cover_title(
        ctx, handout.title, Box(20 * MM + d, 20 * MM + d, W - 40 * MM - 2 * d, 42 * MM), doc.source("title")
    )
    if handout.subtitle:  # in the title's colour, under it
        items += one_line(
            ctx,
            handout.subtitle,
            Box(20 * MM + d, 63 * MM + d, W - 40 * MM - 2 * d, 9 * MM),
            restyle(COVER_TITLE, size=16, font="regular", min_size=9),
            doc.source("subtitle"),
        )
    byline = " · ".join(x for x in (handout.author, handout.date) if x)
    if byline:
        top = 74 * MM if handout.subtitle else 64 * MM
        items += one_line(
            ctx,
            byline,
            Box(20 * MM + d, top + d, W - 40 * MM - 2 * d, 10 * MM),
            TextStyle(size=14, font="italic", color=tint(accent, 0.8), min_size=8),
            None,
        )
    y = 115 * MM + d
    picture = doc.values(HandoutValues).cover_image
    if picture:
        shown = _cover_image(picture, Box(20 * MM + d, 102 * MM + d, W - 40 * MM - 2 * d, COVER_IMAGE_H))
        items.append(shown)
        y = shown.y + shown.h + 10 * MM
    values = _values(handout)
    items += one_line(
        ctx,
        text(WORDS, "contents_title", handout=values),
        Box(20 * MM + d, y, W - 40 * MM - 2 * d, 9 * MM),
        TextStyle(size=15, font="bold", color=legible(accent, ctx.color("paper"))),
    )
    y += 13 * MM
    pages: list[list[Item]] = [items]
    rows: list[tuple[int, Box, str]] = []
    for info in infos:
        if info.page is None and info.cards is None:
            continue  # a section with nothing in it
        if y + ROW > H - 20 * MM - d:
            pages.append([])
            y = 20 * MM + d
        row = Box(20 * MM + d, y, W - 40 * MM - 2 * d, 7 * MM)
        first, last = info.cards or (None, None)
        where = text(
            WORDS, "contents_where", page=None if info.page is None else info.page + 1, first_card=first, last_card=last
        )
        pages[-1] += one_line(
            ctx,
            info.title,
            Box(row.x, row.y, row.w - 45 * MM, row.h),
            TextStyle(size=11, color=ctx.color("ink"), min_size=7),
            None,
        )
        pages[-1] += one_line(
            ctx,
            where,
            Box(row.right - 45 * MM, row.y, 45 * MM, row.h),
            TextStyle(size=10, color=ctx.color("muted"), align="right", min_size=6),
            None,
        )
        pages[-1].append(
            Path(line(row.x, row.bottom, row.right, row.bottom), stroke=tint(ctx.color("rule"), 0.4), width=0.4)
        )
        if info.page is not None:
            rows.append((len(pages) - 1, row, info.key))
        y += ROW
    pages.append(_imprint(ctx, handout, cards_file, notices))
    if len(pages) % 2 == 1:
        pages.insert(-1, [])  # the imprint stays on the back of the last page before the body
    out = [
        Page(W, H, tuple(p), label="cover" if n == 0 else ("imprint" if n == len(pages) - 1 else "contents"))
        for n, p in enumerate(pages)
    ]
    return out, [Link(n, box, key) for n, box, key in rows]


COVER_IMAGE_H = 80 * MM  # the most height a cover image takes, between the band and the contents


def _cover_image(picture: CoverImage, box: Box) -> Image:
    """The cover image (as the rules checked it), as large as fits `box`, centred across it."""
    with open(picture.path, "rb") as fh:
        data = fh.read()
    scale = min(box.w / picture.width, box.h / picture.height)
    w, h = picture.width * scale, picture.height * scale
    return Image(box.x + (box.w - w) / 2, box.y, w, h, data, picture.mime)


def _values(handout) -> dict:
    """What the handout's templates receive as `handout`."""
    return {
        "id": handout.id,
        "title": handout.title,
        "subtitle": handout.subtitle or "",
        "author": handout.author or "",
        "date": handout.date or "",
        "profile": handout.profile,
        "paper": handout.paper or "",
        "subject": handout.subject or "",
        "keywords": list(handout.keywords),
        "language": handout.language or "",
    }


def _imprint(ctx: LayoutContext, handout, cards_file: str | None, notices: list[str]) -> list[Item]:
    W, H = ctx.theme.paper
    values = _values(handout)
    blocks: list[Block] = [
        Paragraph(
            ctx,
            text(WORDS, "imprint", handout=values, cards_file=cards_file),
            TextStyle(size=10, color=ctx.color("ink"), min_size=7),
            None,
        ),
        Spacer(4 * MM),
        Paragraph(
            ctx,
            caption(WORDS, "printing", handout=values, cards_file=cards_file),
            TextStyle(size=8.5, color=ctx.color("muted"), min_size=6),
            None,
        ),
    ]
    if notices:
        blocks += [
            Spacer(3 * MM),
            Paragraph(
                ctx,
                caption(WORDS, "notices", notices=notices),
                TextStyle(size=8, color=ctx.color("muted"), min_size=6),
                None,
            ),
        ]
    d = _inset(ctx)
    return fit_blocks(
        ctx, blocks, Box(20 * MM + d, H - 80 * MM - d, W - 40 * MM - 2 * d, 60 * MM), valign="bottom", what="imprint"
    )


def _divider(
    ctx: LayoutContext, title: str, text: str, doc: DocInput, index: int, docs: list[DocInput], note: str = ""
) -> Page:
    """A section's first page: its title, its text, and what it holds."""
    W, H = ctx.theme.paper
    d = _inset(ctx)
    accent = ctx.color("accent")
    items: list[Item] = [Rect(20 * MM + d, 60 * MM, 6 * MM, 40 * MM, stroke=None, fill=accent)]
    blocks: list[Block] = [
        Paragraph(
            ctx,
            title,
            TextStyle(size=26, font="bold", color=ctx.color("ink"), min_size=12),
            doc.source("sections", index, "title"),
        )
    ]
    if text:
        # Markdown's rule: a single line break is a space, a blank line starts a paragraph.
        blocks += [
            Spacer(6 * MM),
            Paragraph(
                ctx,
                fold_text(text),
                TextStyle(size=11, color=ctx.color("ink"), min_size=7),
                doc.source("sections", index, "text"),
            ),
        ]
    if docs:
        names = caption(WORDS, "in_this_section", names=[_name_of(d) for d in docs])
        blocks += [
            Spacer(8 * MM),
            Paragraph(ctx, names, TextStyle(size=10, color=ctx.color("muted"), min_size=6), None),
        ]
    if note:
        blocks += [
            Spacer(5 * MM),
            Paragraph(ctx, note, TextStyle(size=10, font="italic", color=ctx.color("ink"), min_size=6), None),
        ]
    items += fit_blocks(ctx, blocks, Box(32 * MM + d, 60 * MM, W - 52 * MM - 2 * d, H - 90 * MM), what="section text")
    return Page(W, H, tuple(items), label=title)


PRODUCTS = [
    Product(
        id="handout",
        name="bundle",
        game="handouts",
        kinds=("handout",),
        scope="document",
        layout=layout_handout,
        summary=(
            "a publisher's bundle: sections of other products in one PDF, duplex-ready (print-shop: and its cards PDF)"
        ),
        formats=("pdf",),
        includes=_includes,
        paper=lambda doc: doc.model.paper,
    ),
]
