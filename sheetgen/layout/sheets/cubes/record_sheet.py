"""The CUBES! civilization record sheet (A4 or Letter), the game board a player keeps
in pencil: filled in from a civilization (its player, colour, starting pools and its
rivals at the table), or blank with form fields over the same pencil boxes.

Rows take a fixed share of the page with a floor each, so Letter (shorter than A4)
keeps every box big enough to write and erase in.
"""

from __future__ import annotations

from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item, LayoutDocument
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.cubes.common import GAME_NAME, Record, document, frame
from sheetgen.layout.sheets.cubes.record_more import (
    blocked_panel,
    construction_panel,
    contacts_panel,
    cubes_owned_panel,
)
from sheetgen.layout.sheets.cubes.record_panels import GAP, eras_panel, identity, pools_panel, quantumizer_panel
from sheetgen.layout.widgets import sheet_page
from sheetgen.units import MM

# Row heights at their smallest; what the paper leaves over is shared by weight.
ROWS = (
    ("identity", 16 * MM, 0.0),
    ("pools", 66 * MM, 0.2),
    ("eras", 47 * MM, 0.25),
    ("construction", 43 * MM, 0.25),
    ("contacts", 45 * MM, 0.3),
)


def row_boxes(content: Box) -> dict[str, Box]:
    """The sheet's rows stacked in the content box, each at least its floor."""
    floor = sum(h for _, h, _ in ROWS) + GAP * (len(ROWS) - 1)
    spare = max(0.0, content.h - floor)
    out: dict[str, Box] = {}
    y = content.y
    for name, h, weight in ROWS:
        h += spare * weight
        out[name] = Box(content.x, y, content.w, h)
        y += h + GAP
    return out


def record_items(ctx: LayoutContext, v: Record) -> list[Item]:
    """Everything on the one page of a record sheet."""
    items, content, color = frame(ctx, v, "record sheet", "civilization record sheet")
    rows = row_boxes(content)
    items += identity(ctx, rows["identity"], v, color)
    items += pools_panel(ctx, rows["pools"], v, color)
    eras, dice = rows["eras"].split_left(rows["eras"].w * 0.64, GAP)
    items += eras_panel(ctx, eras, v, color)
    items += quantumizer_panel(ctx, dice, v, color)
    build, owned = rows["construction"].split_left(rows["construction"].w * 0.6, GAP)
    items += construction_panel(ctx, build, v, color)
    items += cubes_owned_panel(ctx, owned, v, color)
    people, blocked = rows["contacts"].split_left(rows["contacts"].w * 0.53, GAP)
    items += contacts_panel(ctx, people, v, color)
    items += blocked_panel(ctx, blocked, v, color)
    return items


def civilization_record(ctx: LayoutContext, doc, game_title: str = "") -> Record:
    return Record.of_civilization(doc, game_title)


def layout_record_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A civilization's record sheet, its starting values and rivals written in."""
    v = civilization_record(ctx, job.doc)
    page = sheet_page(record_items(ctx, v), ctx, label=v.title)
    return document(
        f"{v.title} — {GAME_NAME} record sheet", f"{GAME_NAME} civilization record sheet", [page], ctx, "record sheet"
    )


def layout_blank_record_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A blank record sheet: pencil boxes, with form fields over them to type into."""
    page = sheet_page(record_items(ctx, Record.blank()), ctx, label="blank record sheet")
    return document(
        f"{GAME_NAME} record sheet (blank)",
        f"{GAME_NAME} blank civilization record sheet with form fields",
        [page],
        ctx,
        "record sheet",
        "fillable",
    )
