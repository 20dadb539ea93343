"""Temporary-upgrade stickers: squares the size of a cube face, to stick on the face the
upgrade sits on, imposed with crop marks.

First every temporary upgrade a cubit carries (its charges ticked, its owner named beside
a chip of the cubit's colours), then one spare of every upgrade that comes in a temporary
form: all in the game's own livery, so a cubit's own sticker looks like the spares.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sheetgen.content import plain
from sheetgen.layout.cards import CardGeometry, impose_deck
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.imposition import ImpositionError, plan_imposition
from sheetgen.layout.primitives import Box, Group, Item, LayoutDocument, Rect
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.cubit.style import FULL_DETAIL, GAME_ID, MIN_TEXT, Livery, for_print, livery
from sheetgen.layout.text import BODY_MIN, Paragraph, TextStyle, fit_blocks, fit_scale, one_line
from sheetgen.layout.widgets import check_boxes
from sheetgen.rules.cubit.values import CubitValues
from sheetgen.units import MM

SPARE_CHARGES = 6  # boxes on a spare battery sticker, for whoever fills in its capacity
SAVER_RULE = 0.8  # points: the rule under a light header band
TEXT_CLEAR = 1 * MM  # from the printed edge to the name, at least


@dataclass(frozen=True)
class Sticker:
    name: str
    text: str
    owner: str
    face: str  # the face it goes on, for stickers too small to name the owner
    capacity: int | None
    charges: int
    colours: Livery
    owner_colours: tuple[str, ...] = ()  # the cubit's colours, as hex values: a chip beside its name
    source: Source | None = None  # where the sticker's upgrade is named
    text_source: Source | None = None  # the upgrade's rules text
    owner_source: Source | None = None  # the carrier's name


def sticker_art(ctx: LayoutContext, geo: CardGeometry, sticker: Sticker, edge: float = 0.0) -> list[Item]:
    """One sticker in its own coordinates: trim (0, 0)–(size, size), colour to the bleed;
    `geo` is the part that prints, `edge` (its paper-coloured border) inside the trim."""
    s = geo.w
    full = s + 2 * edge >= FULL_DETAIL - 1e-6
    # A band printing smaller than FULL_DETAIL is light (as under the ink saver), its words
    # dark: reversed type would need 7.5pt, more than its width holds.
    c = for_print(ctx, sticker.colours) if s >= FULL_DETAIL - 1e-6 else replace(sticker.colours, light=True)
    band = 0.06 * s
    # The name keeps clear of the printed edge; on a small sticker it may reach over the band.
    side, top = max(band, TEXT_CLEAR) if full else TEXT_CLEAR, max(0.02 * s, TEXT_CLEAR)
    head_h = max(0.2 * s, top + MIN_TEXT * 1.3 + 0.03 * s)
    items: list[Item] = [
        Rect(-geo.bleed, -geo.bleed, s + 2 * geo.bleed, s + 2 * geo.bleed, role="bleed", stroke=None, fill=c.ground)
    ]
    panel = Box(band, head_h, s - 2 * band, s - head_h - band)
    items.append(Rect(panel.x, panel.y, panel.w, panel.h, stroke=c.edge, width=0.5, fill="#ffffff", radius=0.03 * s))
    items.append(
        Rect(
            -geo.bleed,
            -geo.bleed,
            s + 2 * geo.bleed,
            head_h - 0.01 * s + geo.bleed,
            role="bleed",
            stroke=None,
            fill=c.heading,
        )
    )
    if c.light:  # a light band, edged in the livery's colour
        items.append(
            Rect(-geo.bleed, head_h - 0.01 * s - SAVER_RULE, s + 2 * geo.bleed, SAVER_RULE, stroke=None, fill=c.rule)
        )
    head = Box(side, top, s - 2 * side, head_h - 0.02 * s - top)
    # The name sits on its descender line at the bottom of its box, and a gap keeps its
    # descenders (the y of Battery) clear of the caps of the line below.
    kind_h, gap = MIN_TEXT * 1.25, head.h * 0.08  # "TEMPORARY UPGRADE" at the smallest size, and the gap over it
    name_box, kind_box = head.split_top(head.h - kind_h - gap, gap=gap) if full else (head, None)
    items += one_line(
        ctx,
        sticker.name,
        name_box,
        TextStyle(size=max(MIN_TEXT, 0.085 * s), font="bold", color=c.on_heading, min_size=MIN_TEXT),
        sticker.source,
        valign="bottom" if full else "middle",
        what="upgrade name",
    )
    if kind_box is not None:
        items += one_line(
            ctx,
            "TEMPORARY UPGRADE",
            kind_box,
            TextStyle(size=MIN_TEXT, font="bold", color=c.on_heading, min_size=5),
            None,
            valign="top",
        )
    inner = panel.inset(0.04 * s, 0.035 * s)
    ink, muted = ctx.color("ink"), ctx.color("muted")
    owner_h = max(0.09 * s, MIN_TEXT * 1.3)
    bottom = inner.bottom - owner_h
    chip = owner_chip(Box(inner.x, bottom, inner.w, owner_h), sticker.owner_colours, c.edge)
    items += chip
    owner_w = inner.w - (inner.right - min((r.x for r in chip), default=inner.right))
    items += one_line(
        ctx,
        sticker.owner if full else sticker.face,
        Box(inner.x, bottom, owner_w, owner_h),
        TextStyle(size=max(MIN_TEXT, 0.05 * s), font="italic", color=muted, min_size=MIN_TEXT),
        sticker.owner_source if full else None,
        valign="bottom",
        what="owner",
        abbreviate=True,
    )  # a name, not the rules: cut with an ellipsis (and a warning)
    if sticker.capacity:
        marks, area = charge_marks(ctx, inner, bottom - 0.02 * s, sticker.capacity, sticker.charges, s)
        items += marks
        bottom = area.y - 0.02 * s
    text_box = Box(inner.x, inner.y, inner.w, bottom - inner.y)
    para = Paragraph(
        ctx,
        sticker.text,
        TextStyle(size=max(BODY_MIN, 0.05 * s), color=ink, min_size=BODY_MIN, leading=1.15),
        sticker.text_source,
    )
    if fit_scale(ctx, [para], text_box)[1]:
        items += fit_blocks(ctx, [para], text_box, what="upgrade text")
    else:  # the rules are on the upgrade card; a tiny sticker keeps its name and charges
        note = TextStyle(size=MIN_TEXT, color=muted, min_size=MIN_TEXT)
        items += fit_blocks(ctx, [Paragraph(ctx, "Rules on its card.", note, None)], text_box, valign="middle")
    return items


def owner_chip(line: Box, colours: tuple[str, ...], edge: str) -> list[Rect]:
    """A square of each of the owner's colours at the right end of the owner's line (none
    for a spare), edged so a colour as pale as the paper shows."""
    side = line.h * 0.6
    x = line.right - len(colours) * side
    y = line.bottom - side - line.h * 0.1
    return [Rect(x + i * side, y, side, side, stroke=edge, width=0.4, fill=colour) for i, colour in enumerate(colours)]


MAX_PER_ROW = 6  # more charges than this go in two rows


def charge_marks(
    ctx: LayoutContext, inner: Box, bottom: float, count: int, checked: int, s: float
) -> tuple[list[Item], Box]:
    """A box per charge, the first `checked` ticked, in one row (two above MAX_PER_ROW) that
    ends at `bottom`; the gap between boxes is half a box, so they never run together."""
    per_row = count if count <= MAX_PER_ROW else -(-count // 2)
    rows = -(-count // per_row)
    box = min(0.085 * s, inner.w / (per_row + (per_row - 1) * 0.5), 4 * MM)
    gap = box * 0.5
    height = rows * box + (rows - 1) * gap
    return check_boxes(ctx, inner.x, bottom - height, count, checked=checked, size=box, gap=gap, per_row=per_row)


def stickers_for(ctx: LayoutContext, job: Job) -> list[Sticker]:
    """The stickers cubits carry, then a spare of each temporary upgrade in the catalog, all
    in the game's livery."""
    out: list[Sticker] = []
    spare = livery(ctx, ())
    for doc in sorted((d for d in job.docs if d.kind == "cubit"), key=lambda d: d.id):
        d = doc.values(CubitValues)
        own = livery(ctx, d.colors)
        for t in d.temporary_upgrades:
            path = doc.source(*t.path)
            out.append(
                Sticker(
                    t.name,
                    t.text,
                    f"{d.display_name} · face {t.face}",
                    f"face {t.face}",
                    t.capacity,
                    t.charges or 0,  # drawn only with a capacity, which comes with its charges
                    spare,
                    (own.main, own.accent),
                    Source(("upgrade", t.id), ("name",)),
                    Source(("upgrade", t.id), ("text",)),
                    doc.source("name") if d.name else path,
                )
            )
    for doc in sorted((d for d in job.docs if d.kind == "upgrade"), key=lambda d: d.model.name):
        if "temporary" not in doc.model.forms:
            continue
        capacity = SPARE_CHARGES if plain.kind_of(doc.model.cost) == "CubitPerCharge" else None
        out.append(
            Sticker(
                doc.model.name,
                doc.model.text,
                "spare · face ___",
                "face ___",
                capacity,
                0,
                spare,
                source=doc.source("name"),
                text_source=doc.source("text"),
            )
        )
    return out


def neutral_edge(ctx: LayoutContext, job: Job, s: float) -> float:
    """How far inside its trim a sticker's print stops: the paper-coloured edge of stickers
    butted on a sheet (where gutters would cost a row), else 0."""
    if ctx.single_cards or job.option("imposition") == "single":
        return 0.0
    try:
        return plan_imposition(ctx.theme.paper, (s, s), ctx.theme.bleed, ctx.theme.printable_margin).edge
    except ImpositionError:
        return 0.0  # impose_deck reports it


def layout_stickers(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """Every sticker at the cube's face size, imposed with crop marks. Butted stickers are
    drawn inside their paper-coloured edge, so the edge cuts off none of their art."""
    s = ctx.theme.cube_size
    edge = neutral_edge(ctx, job, s)
    geo = CardGeometry(s - 2 * edge, s - 2 * edge, ctx.theme.bleed)
    fronts: list[list[Item]] = [
        [Group(tuple(sticker_art(ctx, geo, st, edge)), dx=edge, dy=edge)] if edge else sticker_art(ctx, geo, st)
        for st in stickers_for(ctx, job)
    ]
    pages = impose_deck(ctx, fronts, None, card=(s, s), label="Temporary-upgrade stickers", job=job, numbered=False)
    return LayoutDocument(
        title="Cubit temporary-upgrade stickers",
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"Cubit temporary-upgrade stickers for {s / MM:.0f}mm cube faces",
        keywords=(GAME_ID, "stickers"),
    )
