"""The parts every card shares: background to the bleed, a title band, a footer,
a generic back, and imposing a deck on pages.

Card art is drawn in card coordinates: the trim box is (0, 0)–(w, h); anything
that should reach the cut edge extends `bleed` beyond it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from sheetgen.games import games
from sheetgen.layout.colors import readable_on, shade, tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.continued import continued
from sheetgen.layout.imposition import Imposition, ImpositionError, impose, impose_single, plan_imposition
from sheetgen.layout.primitives import Box, Item, Page, Path, Rect, polygon
from sheetgen.layout.products import Job
from sheetgen.layout.text import Paragraph, TextStyle, one_line, restyle, text_box
from sheetgen.layout.widgets import SAFE, SCALE_BAR_H, first_scale_bar
from sheetgen.units import CARD_SIZES, MM


class _GameNames(Mapping[str, str]):
    """The registered games' names by id, from their records (`sheetgen.games`)."""

    def __init__(self, short: bool):
        self._short = short

    def __getitem__(self, game_id: str) -> str:
        record = games().get(game_id)
        if record is None:
            raise KeyError(game_id)
        return record.short if self._short else record.title

    def __iter__(self) -> Iterator[str]:
        return iter(games())

    def __len__(self) -> int:
        return len(games())


GAME_TITLES: Mapping[str, str] = _GameNames(short=False)
#: The names where a small card's footer has no room for the whole.
GAME_SHORT_TITLES: Mapping[str, str] = _GameNames(short=True)


@dataclass(frozen=True, slots=True)
class CardGeometry:
    w: float
    h: float
    bleed: float

    @property
    def safe(self) -> Box:
        return Box(0, 0, self.w, self.h).inset(SAFE)

    @property
    def bleed_box(self) -> Box:
        return Box(-self.bleed, -self.bleed, self.w + 2 * self.bleed, self.h + 2 * self.bleed)


def game_color(ctx: LayoutContext, game: str, override: str | None = None) -> str:
    """A game's accent colour: the document's own, the theme palette's entry named
    after the game, or sheetgen's default for it."""
    if override:
        return ctx.color(override)
    record = games().get(game)
    return ctx.theme.palette.get(game) or (record.color if record is not None else ctx.color("accent"))


def background(geo: CardGeometry, fill: str) -> list[Item]:
    return [_background(geo, fill)]


@lru_cache(maxsize=256)
def _background(geo: CardGeometry, fill: str) -> Rect:
    """One rectangle for every card of a size and colour: a deck's cards share it."""
    b = geo.bleed_box
    return Rect(b.x, b.y, b.w, b.h, role="bleed", stroke=None, fill=fill)


def band_colors(ctx: LayoutContext, color: str) -> tuple[str, str, str]:
    """(fill, rule under it, text) of a coloured band; light under `ink: saver`."""
    return _band_colors(color, ctx.color("ink") if ctx.theme.ink_saver else None)


@lru_cache(maxsize=256)
def _band_colors(color: str, saver_ink: str | None) -> tuple[str, str, str]:
    if saver_ink is not None:
        fill = tint(color, 0.82)
        return fill, color, readable_on(fill, dark=saver_ink)
    return color, shade(color, 0.35), readable_on(color)


@lru_cache(maxsize=256)
def _band_styles(size: float, ink: str) -> tuple[TextStyle, TextStyle]:
    """A band's title and subtitle styles (every card of a deck asks for the same)."""
    return TextStyle(size=size, font="bold", color=ink, min_size=6.5), TextStyle(
        size=7, font="italic", color=ink, min_size=6.5
    )


@lru_cache(maxsize=256)
def _band_rects(geo: CardGeometry, height: float, fill: str, rule: str) -> tuple[Rect, Rect]:
    """A band's colour and the rule under it, shared by the cards of a deck."""
    return (
        Rect(-geo.bleed, -geo.bleed, geo.w + 2 * geo.bleed, height + geo.bleed, role="bleed", stroke=None, fill=fill),
        Rect(-geo.bleed, height - 0.8, geo.w + 2 * geo.bleed, 0.8, stroke=None, fill=rule),
    )


TITLE_H = 4.6 * MM  # room for a title line
TITLE_SIZE = 11.5  # points: a card title's size, and the most it is shrunk from
SUBTITLE_H = 3.2 * MM
BAND_PAD = 1.2 * MM  # under the text, inside the band


def title_band(
    ctx: LayoutContext,
    geo: CardGeometry,
    title: str,
    color: str,
    source: Source | None,
    *,
    height: float = 11 * MM,
    size: float = TITLE_SIZE,
    subtitle: str | None = None,
    subtitle_source: Source | None = None,
    lines: tuple[int, int] = (1, 1),
    longest: str | None = None,
) -> tuple[list[Item], float]:
    """A full-bleed coloured band with the title inside the safe area; returns the items
    and the band's bottom. The band grows past `height` when the safe area needs it.
    `lines`: at least this many lines for the title and the subtitle (`band_lines`), so
    that the cards of a deck share one band height. `longest`: the longest form the
    title takes on the deck's cards (`continued(name, 1)`), which sets its size, so that
    a card and its "(cont.)" cards print the title alike (see `title_fit`)."""
    fill, rule, ink = band_colors(ctx, color)
    width = geo.w - 2 * SAFE
    size = deck_title_size(geo, size)
    title_style, sub_style = _band_styles(size, ink)
    title_lines, title_size = title_fit(ctx, title, longest or title, title_style, width)
    title_lines = max(lines[0], title_lines)
    # On a narrow card a subtitle too wide for one line at its smallest size takes two.
    sub_lines = 0 if not subtitle else max(lines[1], 1 if _one_line_fits(ctx, subtitle, sub_style, width) else 2)
    title_h = TITLE_H + (title_lines - 1) * size * 1.15
    sub_h = SUBTITLE_H * min(sub_lines, 1) + max(0, sub_lines - 1) * sub_style.min_size * 1.15
    height = max(
        height + title_h + sub_h - TITLE_H - (SUBTITLE_H if subtitle else 0.0), SAFE + title_h + sub_h + BAND_PAD
    )
    items: list[Item] = list(_band_rects(geo, height, fill, rule))
    text_area = Box(SAFE, SAFE, width, height - SAFE - BAND_PAD)
    top, bottom = text_area.split_top(text_area.h - sub_h) if subtitle else (text_area, None)
    items += _band_line(ctx, title, top, restyle(title_style, size=title_size), source, title_lines, "title")
    if subtitle and bottom is not None:
        items += _band_line(ctx, subtitle, bottom, sub_style, subtitle_source, sub_lines, "subtitle")
    return items, height


def deck_title_size(geo: CardGeometry, size: float = TITLE_SIZE) -> float:
    """The title size of a deck of cards this wide: `size` on a poker card or wider, in
    proportion on narrower ones (a mini card's titles keep the look of a poker card's)."""
    return round(size * min(1.0, geo.w / CARD_SIZES["poker"][0]), 2)


def title_fit(ctx: LayoutContext, title: str, longest: str, style: TextStyle, width: float) -> tuple[int, float]:
    """(lines, size) of a card's title: one line at the style's size where it fits, else
    two lines at that size, shrunk only as far as two lines of `longest` need (the same
    size for a title and its "(cont.)" form; the smallest size, if not even that fits)."""
    size = style.size
    one = " ".join(title.split())
    if ctx.fonts.width(" ".join(longest.split()), style.font, size) <= width:  # most titles: one line
        return (1 if ctx.fonts.width(one, style.font, size) <= width else 2), size
    two = restyle(style, leading=1.1, markup=False)
    para = Paragraph(ctx, " ".join(longest.split()), two)
    while size > style.min_size + 1e-6:
        scale = size / two.size
        if len(para._lines(ctx, width, size)) <= 2 and not para.splits_words(ctx, width, scale):
            break
        size = max(style.min_size, round(size - 0.25, 2))
    return (1 if ctx.fonts.width(one, style.font, size) <= width else 2), size


def band_lines(
    ctx: LayoutContext, geo: CardGeometry, titles: list[str], subtitles: list[str], size: float = TITLE_SIZE
) -> tuple[int, int]:
    """The lines the longest title and subtitle of a deck take in `title_band` (1 or 2 each)."""
    width = geo.w - 2 * SAFE
    title = TextStyle(size=size, font="bold", color="#ffffff", min_size=6.5)
    sub = TextStyle(size=7, font="italic", color="#ffffff", min_size=6.5)
    title = restyle(title, size=deck_title_size(geo, size))
    return (
        max((title_fit(ctx, t, continued(t, 1), title, width)[0] for t in titles), default=1),
        1 if all(_one_line_fits(ctx, t, sub, width) for t in subtitles) else 2,
    )


def _one_line_fits(ctx: LayoutContext, text: str, style: TextStyle, width: float) -> bool:
    return ctx.fonts.width(" ".join(text.split()), style.font, style.min_size) <= width


def _band_line(
    ctx: LayoutContext, text: str, box: Box, style: TextStyle, source: Source | None, lines: int, what: str
) -> list[Item]:
    """A title or subtitle in its part of the band: one line, or at most two lines (a box
    no higher than two lines at the style's size, which the text shrinks to fit)."""
    if lines == 1:
        return one_line(ctx, text, box, style, source, what=what)
    box = Box(box.x, box.y, box.w, min(box.h, 2 * style.size * 1.1 + 0.01))
    return text_box(ctx, text, box, replace(style, leading=1.1), source, what=what)


FOOTER_H = 3.0 * MM
FOOTER_SIZE = 6.5
NUMBER_W = 7.5 * MM  # the footer's right end, kept for the card's number n/N (`99/99` at 6.5pt)


def footer_box(geo: CardGeometry) -> Box:
    """The footer line, inside the safe area at the foot of the card."""
    return Box(SAFE, geo.h - SAFE - FOOTER_H, geo.w - 2 * SAFE, FOOTER_H)


def footer(
    ctx: LayoutContext,
    geo: CardGeometry,
    left: str,
    right: str = "",
    color: str | None = None,
    source: Source | None = None,
    *,
    size: float = FOOTER_SIZE,
    short: str | None = None,
) -> list[Item]:
    """A line at the foot of a card: a caption on the left; the right end is the card's
    number, which `impose_deck` writes (`right` replaces it on cards outside a deck).
    A caption too long for a narrow card gives way to `short` (sheetgen's own words:
    the game's name for its credit line), else is cut with an ellipsis and a warning."""
    color = color or ctx.color("ink")
    box = footer_box(geo)
    items: list[Item] = []
    if right:
        items += one_line(ctx, right, box, _number_style(size, color, size), None)
    box = Box(box.x, box.y, box.w - NUMBER_W - 1.5 * MM, box.h)
    style = _footer_style(size, color)
    if left and short and ctx.fonts.width(left, style.font, style.min_size) > box.w:
        left = short
    if left:
        items += one_line(ctx, left, box, style, source, what="footer", abbreviate=True)
    return items


@lru_cache(maxsize=64)
def _footer_style(size: float, color: str) -> TextStyle:
    return TextStyle(size=size, color=color, min_size=min(size, 6.5))


@lru_cache(maxsize=64)
def _number_style(size: float, color: str, min_size: float) -> TextStyle:
    return TextStyle(size=size, color=color, min_size=min_size, align="right")


def number_width(ctx: LayoutContext, total: int) -> float:
    """The room `n/N` takes at the right of the footer in a deck of `total` cards: NUMBER_W,
    or more for decks of a thousand cards or more. A layout that puts text beside the
    number keeps this much (and 1.5 mm) clear of it."""
    digits = len(str(max(total, 1)))
    widest = max(ctx.fonts.width(d, "regular", FOOTER_SIZE) for d in "0123456789")
    return max(NUMBER_W, 2 * digits * widest + ctx.fonts.width("/", "regular", FOOTER_SIZE))


def card_number(ctx: LayoutContext, geo: CardGeometry, index: int, total: int, room: float | None = None) -> list[Item]:
    """`n/N` at the right end of the footer line; `room` is `number_width` of the deck,
    when the caller numbers many cards."""
    number = f"{index}/{total}"
    width = max(number_width(ctx, total) if room is None else room, ctx.fonts.width(number, "regular", FOOTER_SIZE))
    box = footer_box(geo)
    box = Box(box.right - width, box.y, width, box.h)
    return one_line(ctx, number, box, _number_style(FOOTER_SIZE, ctx.color("ink"), FOOTER_SIZE - 1), None)


def cube_glyph(
    cx: float, cy: float, size: float, top: str, left: str, right: str, stroke: str | None = None
) -> list[Item]:
    """An isometric cube, `size` wide, centred at (cx, cy): sheetgen's card-back motif."""
    return list(_cube_glyph(cx, cy, size, top, left, right, stroke))


@lru_cache(maxsize=256)
def _cube_glyph(
    cx: float, cy: float, size: float, top: str, left: str, right: str, stroke: str | None
) -> tuple[Item, ...]:
    """The motif's faces: one set for every back of a deck, and of decks alike."""
    r = size / 2
    dx = r * math.cos(math.radians(30))
    dy = r * 0.5
    c = (cx, cy)
    top_pts = [(cx, cy - r), (cx + dx, cy - dy), c, (cx - dx, cy - dy)]
    left_pts = [(cx - dx, cy - dy), c, (cx, cy + r), (cx - dx, cy + dy)]
    right_pts = [c, (cx + dx, cy - dy), (cx + dx, cy + dy), (cx, cy + r)]
    sw = 0.8 if stroke else 0
    return (
        Path(polygon(top_pts), stroke=stroke, width=sw, fill=top, join="round"),
        Path(polygon(left_pts), stroke=stroke, width=sw, fill=left, join="round"),
        Path(polygon(right_pts), stroke=stroke, width=sw, fill=right, join="round"),
    )


BACK_TITLE_H = 9 * MM  # room for a back's title on two lines


@lru_cache(maxsize=64)
def _back_colors(color: str, saver: bool) -> tuple[str, str, tuple[str, str, str], str]:
    """A back's (fill, text colour, the motif's three faces, its outline)."""
    fill = tint(color, 0.88) if saver else color
    ink = readable_on(fill, dark=shade(color, 0.55) if saver else "#1b1b1b")
    if saver:
        # Outlined in a shade, so even a white or pale colour's motif shows on its tint.
        return fill, ink, (tint(color, 0.7), tint(color, 0.5), tint(color, 0.3)), shade(color, 0.45)
    return fill, ink, (tint(color, 0.55), tint(color, 0.25), shade(color, 0.25)), shade(color, 0.5)


def generic_back(
    ctx: LayoutContext,
    geo: CardGeometry,
    color: str,
    title: str,
    text: str | None,
    source: Source | None,
    text_source: Source | None = None,
) -> list[Item]:
    """A card back: the game's colour to the bleed (a light tint under `ink: saver`),
    the cube motif and a title, with nothing near the trim for a duplex drift to show.
    `source` is where the title comes from, `text_source` where the text under it does."""
    saver = ctx.theme.ink_saver
    fill, ink, faces, stroke = _back_colors(color, saver)
    items = background(geo, fill)
    safe = geo.safe
    size = min(geo.w, geo.h) * 0.38
    cy = geo.h * 0.38
    text_style = TextStyle(size=7.5, color=ink, align="center", min_size=6.5)
    if text:
        # On a short card (square, mini) the motif gives way to the back's text.
        top = cy - size / 2
        need = Paragraph(ctx, text, text_style).height(ctx, safe.w - 4 * MM, text_style.min_size / text_style.size)
        room = safe.bottom - (cy + size / 2 + 4 * MM + BACK_TITLE_H + 1 * MM)
        if need > room:
            size = max(size * 0.45, size - (need - room) - 0.5 * MM)
            top = max(safe.y, top - (need - room - (min(geo.w, geo.h) * 0.38 - size)))
            cy = top + size / 2
    items += _cube_glyph(geo.w / 2, cy, size, *faces, stroke)
    title_box = Box(safe.x + 1 * MM, cy + size / 2 + 4 * MM, safe.w - 2 * MM, BACK_TITLE_H)
    title_style = TextStyle(size=11, font="bold", color=ink, align="center", min_size=6.5)
    if ctx.fonts.width(title, "bold", 8.5) <= title_box.w:
        # One line, a little smaller if need be, rather than a word alone on a second line.
        items += one_line(
            ctx,
            title,
            Box(title_box.x, title_box.y, title_box.w, 5 * MM),
            title_style,
            source,
            valign="top",
            what="back title",
        )
    else:
        items += text_box(ctx, title, title_box, title_style, source, valign="top", what="back title")
    if text:
        body = Box(safe.x + 2 * MM, title_box.bottom + 1 * MM, safe.w - 4 * MM, safe.bottom - title_box.bottom - 1 * MM)
        items += text_box(ctx, text, body, text_style, text_source, what="back text")
    return items


def impose_deck(
    ctx: LayoutContext,
    fronts: list[list[Item]],
    backs: list[list[Item]] | None,
    *,
    card: tuple[float, float],
    label: str,
    mode: str | None = None,
    source: Source | None = None,
    job: Job | None = None,
    game: str | None = None,
    back_title: str | None = None,
    back_text: str | None = None,
    numbered: bool = True,
) -> list[Page]:
    """Pages of a deck: N-up sheets with crop marks and a scale bar (`sheet`), or one
    card a page for print shops (`single`, also when the job or the context asks for it).

    Every deck has backs: given no `backs`, a deck of a `game` gets the game's
    generic back titled `back_title` (or the label), with `back_text` under it
    (a licence or credit every page must carry). `numbered` writes `n/N` at the
    right of each front's footer line, N counting the deck's own cards."""
    mode = mode or (job.option("imposition") if job is not None else None) or "sheet"
    geo = CardGeometry(card[0], card[1], ctx.theme.bleed)
    if numbered:
        total = len(fronts)
        room = number_width(ctx, total)
        fronts = [[*art, *card_number(ctx, geo, i, total, room)] for i, art in enumerate(fronts, 1)]
    if backs is None and game is not None:
        back = generic_back(ctx, geo, game_color(ctx, game), back_title or label, back_text, None)
        backs = [back] * len(fronts)
    if mode == "single" or ctx.single_cards:
        return impose_single(card, ctx.theme.bleed, fronts, backs, label=label)
    try:
        plan = plan_imposition(ctx.theme.paper, card, ctx.theme.bleed, ctx.theme.printable_margin)
    except ImpositionError as exc:
        ctx.error(source, "layout.card-too-big", str(exc), "choose a smaller card size or larger paper")
        return []
    return impose(plan, fronts, backs, label=label, extras=sheet_scale_bar(ctx, plan))


def sheet_scale_bar(ctx: LayoutContext, plan: Imposition) -> list[Item]:
    """A scale bar in the sheet's margin, clear of the crop marks: along the foot when
    there is room, else up the left side; nothing when neither margin holds one."""
    W, H = plan.paper
    margin = ctx.theme.printable_margin
    block = plan.block()
    reach = plan.outset + plan.mark_gap + plan.mark_length + 1 * MM  # the cards, their bleed and marks
    foot = Box(margin, block.bottom + reach, W - 2 * margin, SCALE_BAR_H)
    side = Box(margin, margin, SCALE_BAR_H, H - 2 * margin)
    room = [foot] if H - margin - foot.y >= SCALE_BAR_H else []
    room += [side] if block.x - reach - margin >= SCALE_BAR_H else []
    return first_scale_bar(ctx, room)
