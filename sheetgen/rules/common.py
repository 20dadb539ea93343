"""Rules for the kinds every game shares: themes and reference decks."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.content.project import within_project
from sheetgen.diagnostics import did_you_mean, display_path
from sheetgen.fonts import STYLES, FontError, face_for_file, load_metrics
from sheetgen.rules.base import RuleContext
from sheetgen.rules.theme import check_colour_name
from sheetgen.rules.values import ComputedTable, CoverImage, DeckValues, HandoutSection, HandoutValues, ImageType
from sheetgen.units import MM, format_mm

if TYPE_CHECKING:
    from sheetgen.content.models.common import Handout, ReferenceDeck, Theme
    from sheetgen.content.models.common import HandoutSection as HandoutSectionModel


# Sizes a theme may ask for: outside these nothing sensible can be printed.
CARD_RANGE = (20 * MM, 300 * MM)
CUBE_RANGE = (10 * MM, 300 * MM)
BLEED_RANGE = (0.0, 10 * MM)
MARGIN_RANGE = (0.0, 25 * MM)


def _check_size(
    ctx: RuleContext, doc: Document, path: tuple, value: float | None, bounds: tuple[float, float], what: str
) -> None:
    low, high = bounds
    if value is not None and not low <= value <= high:
        ctx.error(
            doc,
            path,
            "theme.size-out-of-range",
            f"{what} is {format_mm(value)}; it must be from {format_mm(low)} to {format_mm(high)}",
            f"write a length from {format_mm(low)} to {format_mm(high)}, such as "
            f"`{format_mm(min(high, max(low, value)))}`",
        )


def check_theme(doc: Document, ctx: RuleContext) -> dict:
    theme: Theme = doc.model  # type: ignore[assignment]
    if theme.card_size is not None:
        _check_size(ctx, doc, ("card_size",), theme.card_size.width, CARD_RANGE, "the card width")
        _check_size(ctx, doc, ("card_size",), theme.card_size.height, CARD_RANGE, "the card height")
    _check_size(ctx, doc, ("cube_size",), theme.cube_size, CUBE_RANGE, "the cube size")
    _check_size(ctx, doc, ("bleed",), theme.bleed, BLEED_RANGE, "the bleed")
    _check_size(ctx, doc, ("printable_margin",), theme.printable_margin, MARGIN_RANGE, "the printable margin")
    base = Path(doc.file).parent
    broken = False
    for style in STYLES:
        rel = getattr(theme.fonts, style)
        if rel is None:
            continue
        if rel in STYLES:  # `italic: regular`: this style is set in the font another names
            if rel == style or getattr(theme.fonts, rel) in (None, *STYLES):
                ctx.error(
                    doc,
                    ("fonts", style),
                    "theme.bad-font",
                    f"`{style}: {rel}` names a style the theme gives no font file for",
                    "name a style whose font the theme gives as a file, or give a file here",
                )
                broken = True
            continue
        if not within_project(base / rel, ctx.library.root):
            # Said the same way whether or not such a file exists out there.
            ctx.error(
                doc,
                ("fonts", style),
                "theme.font-outside-project",
                f"the font `{rel}` is outside the project; sheetgen embeds only fonts inside it",
                "copy the font file into the project and give its path relative to the theme file",
            )
            broken = True
            continue
        try:
            load_metrics(face_for_file(base / rel, style).path)
        except (OSError, FontError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            reason += f" (looked for {display_path(str(base / rel))})"
            ctx.error(
                doc,
                ("fonts", style),
                "theme.bad-font",
                f"cannot use the font `{rel}`: {reason}",
                "give a path to a .ttf or .otf file, relative to the theme file",
            )
            broken = True
    if not broken:  # the family's missing styles, once the fonts it gives are usable
        _check_family(doc, ctx, theme)
    if theme.templates is not None:
        _check_templates_folder(doc, ctx, base, theme.templates)
    return {}


def _check_templates_folder(doc: Document, ctx: RuleContext, base: Path, rel: str) -> None:
    """A theme's `templates:` is a folder inside the project; one outside it is not looked
    at (said the same way whether or not it exists)."""
    if not within_project(base / rel, ctx.library.root):
        ctx.error(
            doc,
            ("templates",),
            "theme.templates-outside-project",
            f"the templates folder `{rel}` is outside the project; sheetgen reads templates only inside it",
            "move the folder into the project and give its path relative to the theme file "
            "(or name a folder of your own with `sheetgen build --templates DIR`)",
        )
    elif not (base / rel).is_dir():
        ctx.error(
            doc,
            ("templates",),
            "theme.no-templates",
            f"there is no folder `{rel}` of templates",
            "give a folder relative to the theme file, holding templates by the bundled templates' paths",
        )


def _check_family(doc: Document, ctx: RuleContext, theme: Theme) -> None:
    """A theme that gives some styles' fonts and not others: say what prints in their place."""
    from sheetgen.rules.theme import FONT_FALLBACK

    given = [s for s in STYLES if getattr(theme.fonts, s) is not None]
    missing = [s for s in STYLES if s not in given]
    if not given or not missing:
        return
    used = {s: next((g for g in FONT_FALLBACK[s] if g in given), None) for s in missing}
    said = "; ".join(
        f"{s.replace('_', ' ')} text is set in the {u} font"
        if u
        else f"{s.replace('_', ' ')} text is set in sheetgen's Vera"
        for s, u in used.items()
    )
    ctx.warning(
        doc,
        ("fonts",),
        "theme.partial-family",
        f"the theme gives no font for {', '.join(f'`{s}`' for s in missing)}: {said}",
        "add the family's other styles (`" + "`, `".join(missing) + "`) as font files beside the others, "
        f"or say which font each is set in (`{missing[0]}: regular`)",
        key=True,
    )


def computed_tables() -> dict[str, Callable[[], tuple[list[str], list[list[object]]]]]:
    """Tables a card may ask for by name, from every game's rules module (`TABLES`)."""
    from sheetgen.rules.registry import modules

    out: dict = {}
    for module in modules():
        out.update(getattr(module, "TABLES", {}))
    return out


def computed_figures() -> dict[str, Callable[[], dict]]:
    """Figures a card may ask for by name, from every game's rules module (`FIGURES`):
    each returns plain data, with `draw` naming the layout function that draws it."""
    from sheetgen.rules.registry import modules

    out: dict = {}
    for module in modules():
        out.update(getattr(module, "FIGURES", {}))
    return out


def _figures(doc: Document, ctx: RuleContext, deck: ReferenceDeck) -> dict[int, dict]:
    figures: dict[int, dict] = {}
    known: dict = {}
    for i, card in enumerate(deck.cards):
        if card.figure is None:
            continue
        known = known or computed_figures()
        make = known.get(card.figure.computed)
        if make is None:
            ctx.error(
                doc,
                ("cards", i, "figure", "computed"),
                "deck.unknown-figure",
                f"there is no computed figure `{card.figure.computed}`",
                did_you_mean(card.figure.computed, known) or f"computed figures: {', '.join(sorted(known)) or 'none'}",
            )
            continue
        figures[i] = make()
    return figures


def check_deck(doc: Document, ctx: RuleContext) -> DeckValues:
    """Tables must be written out or computed, and rows as wide as the columns.

    Derived: the computed tables, by card index."""
    deck: ReferenceDeck = doc.model  # type: ignore[assignment]
    if deck.color is not None:
        check_colour_name(ctx, ctx.theme, doc, ("color",), deck.color)
    if deck.card_size is not None:
        _check_size(ctx, doc, ("card_size",), deck.card_size.width, CARD_RANGE, "the card width")
        _check_size(ctx, doc, ("card_size",), deck.card_size.height, CARD_RANGE, "the card height")
    tables: dict[int, ComputedTable] = {}
    known: dict = {}
    for i, card in enumerate(deck.cards):
        table = card.table
        if table is None:
            continue
        where = ("cards", i, "table")
        if table.computed is not None:
            known = known or computed_tables()  # every game's rules: only when a card asks
            if table.columns is not None or table.rows is not None:
                ctx.error(
                    doc,
                    where + ("computed",),
                    "deck.table-both",
                    "a table is either computed or written out, not both",
                    "remove `columns` and `rows`, or remove `computed`",
                )
                continue
            make = known.get(table.computed)
            if make is None:
                ctx.error(
                    doc,
                    where + ("computed",),
                    "deck.unknown-table",
                    f"there is no computed table `{table.computed}`",
                    did_you_mean(table.computed, known) or f"computed tables: {', '.join(sorted(known)) or 'none'}",
                )
                continue
            columns, rows = make()
            tables[i] = ComputedTable(tuple(columns), tuple(tuple(r) for r in rows))
            continue
        if table.columns is None or table.rows is None:
            ctx.error(
                doc,
                where,
                "deck.table-incomplete",
                "a written-out table needs both `columns` and `rows`",
                "add the missing one, or use `computed:` for a table sheetgen works out",
            )
            continue
        width = len(table.columns)
        for r, row in enumerate(table.rows):
            if len(row) != width:
                ctx.error(
                    doc,
                    where + ("rows", r),
                    "deck.table-row-width",
                    f"row {r + 1} of the table on card {i + 1} has {len(row)} cell{'s' if len(row) != 1 else ''}; "
                    f"the table has {width} column{'s' if width != 1 else ''}",
                    "give every row one cell per column",
                )
    return DeckValues(len(deck.cards), tables, _figures(doc, ctx, deck))


def check_handouts(ctx: RuleContext) -> None:
    """Handouts run after every other kind, so they know which documents have errors.

    Derived: per section, the kind, product and ids of the documents it includes, or the
    blank product it includes (`blank`) and the settings documents that reads (`settings`)."""
    from sheetgen.content import registry

    kinds = registry.names()
    for doc in ctx.library.of_kind("handout"):
        handout: Handout = doc.model  # type: ignore[assignment]
        _check_handout_settings(ctx, doc, handout)
        cover = _check_cover_image(ctx, doc, handout.cover_image) if handout.cover_image else None
        sections = tuple(_check_section(ctx, doc, i, section, kinds) for i, section in enumerate(handout.sections))
        ctx.derived[doc.key] = HandoutValues(sections, cover)


def _check_section(
    ctx: RuleContext, doc: Document, i: int, section: HandoutSectionModel, kinds: tuple[str, ...]
) -> HandoutSection:
    """A section's include checked: the documents or the blank product it takes."""
    words = HandoutSection(section.title, section.text)
    inc = section.include
    if inc is None:
        return words
    where = ("sections", i, "include")
    if inc.blank is not None or inc.kind is None:
        blank, settings = _check_blank(ctx, doc, where, inc)
        return replace(words, blank=blank, settings=settings)
    if inc.kind not in kinds or inc.kind in ("theme", "handout"):
        ctx.error(
            doc,
            where + ("kind",),
            "handout.unknown-kind",
            f"a handout cannot include `{inc.kind}`",
            did_you_mean(inc.kind, [k for k in kinds if k not in ("theme", "handout")]),
        )
        return words
    product = inc.product
    if ctx.section_products is not None:
        found = section_product(inc.kind, inc.product, ctx.section_products(inc.kind))
        if isinstance(found, SectionProblem):
            ctx.error(doc, where + found.path, found.code, found.message, found.hint)
        else:
            product = found
    if inc.ids is not None:
        ids = [ref for j, ref in enumerate(inc.ids) if ctx.resolve(doc, where + ("ids", j), inc.kind, ref) is not None]
        return replace(words, kind=inc.kind, product=product, ids=tuple(ids))
    # Every document of the kind, those with errors too: the build then keeps the
    # handout's earlier output rather than print it with documents missing.
    every = [d.id for d in ctx.library.of_kind(inc.kind)] + sorted(i for k, i in ctx.library.invalid if k == inc.kind)
    if not every:
        ctx.warning(
            doc,
            where,
            "handout.empty-section",
            f"there are no valid `{inc.kind}` documents to include",
            "add some, or remove the section",
        )
    return replace(words, kind=inc.kind, product=product, ids=tuple(every))


def _check_blank(ctx: RuleContext, doc, where: tuple, inc) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """A section's `include: {blank: …}`: a blank product (no documents of its own), and
    the settings documents it reads (a campaign's `tricube-rules`), as (blank, settings)."""
    if inc.blank is None:
        ctx.error(
            doc,
            where,
            "handout.include-nothing",
            "an `include` names documents (`kind:`) or a blank product (`blank:`), and this one neither",
            "add `kind:` (and `product:`), or `blank:` with a product `sheetgen products` lists with scope `blank`",
        )
        return None, ()
    extra = next((k for k in ("kind", "product", "ids") if getattr(inc, k) is not None), None)
    if extra is not None:
        ctx.error(
            doc,
            where + (extra,),
            "handout.blank-with-documents",
            f"a blank product is made from no documents, so an `include` with `blank:` takes no `{extra}:`",
            f"remove `{extra}:`, or include the documents in a section of their own",
        )
        return None, ()
    if ctx.blank_products is None:
        return inc.blank, ()  # layout checks the name as it builds
    choices = ctx.blank_products()
    found = blank_product(inc.blank, choices)
    if isinstance(found, SectionProblem):
        ctx.error(doc, where + found.path, found.code, found.message, found.hint)
        return None, ()
    return inc.blank, tuple((d.kind, d.id) for d in ctx.library.of_kind(*choices[found]))


@dataclass(frozen=True)
class SectionProblem:
    """Why a handout section's `include` names no product: where (below `include`), a code,
    a message and a hint."""

    path: tuple
    code: str
    message: str
    hint: str


def section_product(kind: str, name: str | None, choices: list[tuple[str, str]]) -> str | SectionProblem:
    """The id of the product a section takes from `kind` documents, given the kind's
    products as (folder name, registry id) pairs: the one `name` names (either way), or
    with no name the kind's only product; else the problem, with the products listed."""
    if name is None and len(choices) == 1:
        return choices[0][1]
    for product_name, product_id in choices:
        if name in (product_name, product_id):
            return product_id
    names = sorted({n for n, _ in choices})
    listing = f"products of `{kind}`: {', '.join(names) or 'none'}"
    if name is None and not names:
        return SectionProblem(
            ("kind",),
            "handout.no-product",
            f"`{kind}` documents have no product a handout can include",
            "`sheetgen products` lists every product and the kinds it is made from",
        )
    if name is None:
        return SectionProblem(
            (),
            "handout.product-needed",
            f"`{kind}` documents have {len(names)} products; say which one this section takes",
            f"add `product:` ({listing})",
        )
    hint = did_you_mean(name, names)
    return SectionProblem(
        ("product",),
        "handout.unknown-product",
        f"`{kind}` documents have no product `{name}`",
        f"{hint} ({listing})" if hint else listing,
    )


def blank_product(name: str, choices: Iterable[str]) -> str | SectionProblem:
    """The id of the blank product a section's `blank:` names, given the blank products'
    ids; else the problem, with them listed."""
    ids = sorted(choices)
    if name in ids:
        return name
    listing = f"blank products: {', '.join(ids) or 'none'}"
    hint = did_you_mean(name, ids)
    return SectionProblem(
        ("blank",),
        "handout.unknown-blank",
        f"there is no blank product `{name}`",
        f"{hint} ({listing})" if hint else listing,
    )


#: The picture files a cover takes, by their first bytes.
IMAGE_TYPES: dict[bytes, ImageType] = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg"}
MAX_IMAGE_BYTES = 20 * 1024 * 1024


def confined_path(base: Path, rel: str, root: Path | None) -> Path | None:
    """`rel` (relative to the folder `base`) as a path inside the project, or None where it
    leads outside it: the one test of where a handout may read a file from."""
    path = base / rel
    return path if within_project(path, root) else None


def _check_cover_image(ctx: RuleContext, doc, rel: str) -> CoverImage | None:
    """A handout's `cover_image`: a PNG or JPEG file inside the project. Derived: its path,
    type, size in pixels and digest (a changed picture rebuilds the handout); None after
    reporting why it cannot be used."""
    path = confined_path(Path(doc.file).parent, rel, ctx.library.root)
    if path is None:  # said the same way whether or not such a file exists out there
        ctx.error(
            doc,
            ("cover_image",),
            "handout.image-outside-project",
            f"the cover image `{rel}` is outside the project; sheetgen reads only files inside it",
            "copy the picture into the project and give its path relative to the handout's file",
        )
        return None
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_IMAGE_BYTES + 1)
    except OSError as exc:
        ctx.error(
            doc,
            ("cover_image",),
            "handout.bad-image",
            f"cannot read the cover image `{rel}`: {exc.strerror or exc} (looked for {display_path(str(path))})",
            "give the path of a PNG or JPEG file, relative to the handout's file",
        )
        return None
    mime = next((m for magic, m in IMAGE_TYPES.items() if data.startswith(magic)), None)
    size = image_size(data, mime) if mime and len(data) <= MAX_IMAGE_BYTES else None
    if mime is None or size is None:
        ctx.error(
            doc,
            ("cover_image",),
            "handout.bad-image",
            f"the cover image `{rel}` is not a PNG or JPEG picture sheetgen can read"
            + (f" (it is over {MAX_IMAGE_BYTES // 1048576} MiB)" if len(data) > MAX_IMAGE_BYTES else ""),
            "save the picture as PNG or JPEG",
        )
        return None
    return CoverImage(str(path), mime, size[0], size[1], hashlib.sha256(data).hexdigest())


def image_size(data: bytes, mime: str) -> tuple[int, int] | None:
    """A PNG's or JPEG's width and height in pixels, from its header; None if unreadable."""
    if mime == "image/png":
        if len(data) < 24 or data[12:16] != b"IHDR":
            return None
        w, h = struct.unpack(">II", data[16:24])
        return (w, h) if w and h else None
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2 : i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # a frame header
            h, w = struct.unpack(">HH", data[i + 5 : i + 9])
            return (w, h) if w and h else None
        i += 2 + length
    return None


def _check_handout_settings(ctx: RuleContext, doc, handout: Handout) -> None:
    if handout.dividers is False:
        for i, section in enumerate(handout.sections):
            # A section of words alone (no `include`) is its divider page, whatever `dividers` says.
            if section.text and section.include is not None:
                ctx.warning(
                    doc,
                    ("sections", i, "text"),
                    "handout.text-without-divider",
                    "a section's text prints on its divider page, and this handout has `dividers: false`",
                    "remove the text, make it a section of its own without `include`, or set `dividers: true`",
                )


RULES = {
    "theme": check_theme,
    "reference-deck": check_deck,
}
LIBRARY_RULES: list = [check_handouts]
