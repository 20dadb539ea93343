"""Temporary-upgrade stickers: squares the size of a cube face, to stick on the face the
upgrade sits on, imposed with crop marks.

First every temporary upgrade a cubit carries (in the cubit's colours, with its charges
ticked), then one spare of every upgrade that comes in a temporary form.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.content.models.cubit import CubitPerCharge
from sheetgen.layout.cards import CardGeometry, impose_deck
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Item, LayoutDocument, Rect
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.cubit.style import FULL_DETAIL, MIN_TEXT, SYSTEM, Livery, livery
from sheetgen.layout.text import Paragraph, TextStyle, fit_blocks, fit_scale, one_line
from sheetgen.layout.widgets import check_boxes
from sheetgen.units import MM

SPARE_CHARGES = 6  # boxes on a spare battery sticker, for whoever fills in its capacity


@dataclass(frozen=True)
class Sticker:
    name: str
    text: str
    owner: str
    face: str  # the face it goes on, for stickers too small to name the owner
    capacity: int | None
    charges: int
    colours: Livery
    source: Source | None = None


def sticker_art(ctx: LayoutContext, geo: CardGeometry, sticker: Sticker) -> list[Item]:
    """One sticker in its own coordinates: trim (0, 0)–(size, size), colour to the bleed."""
    s = geo.w
    full = s >= FULL_DETAIL - 1e-6
    c = sticker.colours
    band = 0.06 * s
    head_h = 0.2 * s
    items: list[Item] = [Rect(-geo.bleed, -geo.bleed, s + 2 * geo.bleed, s + 2 * geo.bleed, role="bleed", stroke=None,
                              fill=c.main)]
    panel = Box(band, head_h, s - 2 * band, s - head_h - band)
    items.append(Rect(panel.x, panel.y, panel.w, panel.h, stroke=c.edge, width=0.5, fill="#ffffff", radius=0.03 * s))
    items.append(Rect(-geo.bleed, -geo.bleed, s + 2 * geo.bleed, head_h - 0.01 * s + geo.bleed, role="bleed", stroke=None,
                      fill=c.heading))
    head = Box(band, 0.02 * s, s - 2 * band, head_h - 0.04 * s)
    name_box, kind_box = head.split_top(head.h * 0.62) if full else (head, None)
    items += one_line(ctx, sticker.name, name_box, TextStyle(size=max(MIN_TEXT, 0.085 * s), font="bold", color=c.on_heading,
                                                             min_size=MIN_TEXT), sticker.source, what="upgrade name")
    if kind_box is not None:
        items += one_line(ctx, "TEMPORARY UPGRADE", kind_box, TextStyle(size=MIN_TEXT, font="bold", color=c.on_heading,
                                                                        min_size=5), None, valign="top")
    inner = panel.inset(0.04 * s, 0.035 * s)
    ink, muted = ctx.color("ink"), ctx.color("muted")
    owner_h = max(0.09 * s, MIN_TEXT * 1.3)
    bottom = inner.bottom - owner_h
    items += one_line(ctx, sticker.owner if full else sticker.face, Box(inner.x, bottom, inner.w, owner_h),
                      TextStyle(size=max(MIN_TEXT, 0.05 * s), font="italic", color=muted, min_size=MIN_TEXT), None,
                      valign="bottom", what="owner")
    if sticker.capacity:
        box = min(0.085 * s, (inner.w - (sticker.capacity - 1) * 0.02 * s) / sticker.capacity, 4 * MM)
        marks, area = check_boxes(ctx, inner.x, bottom - box - 0.02 * s, sticker.capacity, checked=sticker.charges,
                                  size=box, gap=min(0.02 * s, box * 0.4))
        items += marks
        bottom = area.y - 0.02 * s
    text_box = Box(inner.x, inner.y, inner.w, bottom - inner.y)
    para = Paragraph(ctx, sticker.text, TextStyle(size=max(MIN_TEXT, 0.05 * s), color=ink, min_size=MIN_TEXT,
                                                  leading=1.15), None)
    if fit_scale(ctx, [para], text_box)[1]:
        items += fit_blocks(ctx, [para], text_box, what="upgrade text")
    else:  # the rules are on the upgrade card; a tiny sticker keeps its name and charges
        items += fit_blocks(ctx, [Paragraph(ctx, "Rules on the upgrade card.", TextStyle(size=MIN_TEXT, color=muted,
                                                                                          min_size=MIN_TEXT), None)],
                            text_box, valign="middle")
    return items


def stickers_for(ctx: LayoutContext, job: Job) -> list[Sticker]:
    """The stickers cubits carry, then a spare of each temporary upgrade in the catalog."""
    out: list[Sticker] = []
    for doc in sorted((d for d in job.docs if d.kind == "cubit"), key=lambda d: d.id):
        d = doc.derived
        colours = livery(ctx, d["colors"])
        for t in d["temporary_upgrades"]:
            out.append(Sticker(t["name"], t["text"], f"{d['display_name']} · face {t['face']}", f"face {t['face']}",
                               t["capacity"], t["charges"], colours, doc.source(*t["path"])))
    spare = livery(ctx, ())
    for doc in sorted((d for d in job.docs if d.kind == "upgrade"), key=lambda d: d.model.name):
        if "temporary" not in doc.model.forms:
            continue
        capacity = SPARE_CHARGES if isinstance(doc.model.cost, CubitPerCharge) else None
        out.append(Sticker(doc.model.name, doc.model.text, "spare · face ___", "face ___", capacity, 0, spare,
                           doc.source("name")))
    return out


def layout_stickers(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """Every sticker at the cube's face size, imposed with crop marks."""
    s = ctx.theme.cube_size
    geo = CardGeometry(s, s, ctx.theme.bleed)
    fronts = [sticker_art(ctx, geo, st) for st in stickers_for(ctx, job)]
    pages = impose_deck(ctx, fronts, None, card=(s, s), label="Temporary-upgrade stickers")
    return LayoutDocument(title="Cubit temporary-upgrade stickers", pages=tuple(pages), author=ctx.theme.author,
                          subject=f"Cubit temporary-upgrade stickers for {s / MM:.0f}mm cube faces",
                          keywords=(SYSTEM, "stickers"))
