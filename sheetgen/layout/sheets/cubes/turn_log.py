"""The CUBES! turn log (A4 or Letter): a band per turn with the turn number, three
action slots, the consumption rolled for each CUBE and the Civilization Pool left,
and a line for notes under the actions. Filled with the civilization's name, or blank
with form fields over the pencil boxes."""

from __future__ import annotations

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Field, Group, Item, LayoutDocument, Page, Path, Rect, line
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.cubes import captions
from sheetgen.layout.sheets.cubes.common import GAME_NAME, Record, document, frame
from sheetgen.layout.sheets.cubes.pieces import label_style, pencil_box
from sheetgen.layout.sheets.cubes.record_panels import caption
from sheetgen.layout.text import BODY_MIN, TextStyle, fit_blocks, one_line
from sheetgen.layout.widgets import sheet_page
from sheetgen.rules.cubes.rulebook import ACTIONS_PER_TURN, CONSUMING_CUBES_MAX
from sheetgen.units import MM

BAND = 15.5 * MM  # one turn: boxes, then a line for notes
BOX_H = 8.5 * MM
HEAD_H = 8 * MM
RULE_H = 9 * MM
TURN_W = 12 * MM
CONSUMPTION_W = 16 * MM
LEFT_W = 21 * MM
GAP = 2 * MM


def columns(row: Box) -> dict[str, Box]:
    """The column boxes of a band (or of the heading), left to right."""
    out: dict[str, Box] = {}
    turn, rest = row.split_left(TURN_W, GAP)
    out["turn"] = turn
    tail = CONSUMING_CUBES_MAX * (CONSUMPTION_W + GAP) + LEFT_W
    actions, rest = rest.split_left(rest.w - tail - GAP, GAP)
    for i, box in enumerate(actions.columns(ACTIONS_PER_TURN, GAP), start=1):
        out[f"action_{i}"] = box
    for n in range(1, CONSUMING_CUBES_MAX + 1):
        box, rest = rest.split_left(CONSUMPTION_W, GAP)
        out[f"cube_{n}"] = box
    out["left"] = rest
    return out


def heading(ctx: LayoutContext, box: Box) -> list[Item]:
    cols = columns(box)
    items: list[Item] = []
    lower = Box(box.x, box.y + box.h / 2, box.w, box.h / 2)

    def put(key: str, text: str, row: Box = lower, align: str = "center") -> None:
        c = cols[key]
        nonlocal items
        items += one_line(ctx, text, Box(c.x, row.y, c.w, row.h), label_style(ctx, align), None, valign="bottom")

    put("turn", "TURN")
    for i in range(1, ACTIONS_PER_TURN + 1):
        put(f"action_{i}", f"ACTION {i}")
    first, last = cols["cube_1"], cols[f"cube_{CONSUMING_CUBES_MAX}"]
    top = Box(first.x, box.y, last.right - first.x, box.h / 2)
    items += one_line(ctx, "CONSUMPTION", top, label_style(ctx, "center"), None, valign="bottom")
    for n in range(1, CONSUMING_CUBES_MAX + 1):
        put(f"cube_{n}", f"CUBE {n}")
    items += one_line(
        ctx,
        "CIVILIZATION",
        Box(cols["left"].x, box.y, cols["left"].w, box.h / 2),
        label_style(ctx, "center"),
        None,
        valign="bottom",
    )
    put("left", "CUBES LEFT")
    return items


def band(ctx: LayoutContext, box: Box, n: int, v: Record, color: str, shaded: bool) -> list[Item]:
    """One turn: pencil boxes across, then a ruled line for notes under the actions."""
    items: list[Item] = []
    if shaded:  # a millimetre wider than the boxes, where the printable margin leaves it
        pad = max(0.0, min(1 * MM, box.x - ctx.theme.printable_margin))
        items.append(
            Rect(box.x - pad, box.y, box.w + 2 * pad, box.h, stroke=None, fill=tint(color, 0.95), radius=1 * MM)
        )
    boxes = Box(box.x, box.y + 1 * MM, box.w, BOX_H)
    for key, col in columns(boxes).items():
        cell = Box(col.x, boxes.y, col.w, boxes.h)
        items += pencil_box(
            ctx,
            cell,
            field=f"turn_{n}_{key}" if v.fillable else None,
            tooltip=f"Turn row {n}: {key.replace('_', ' ')}",
            size=10,
        )
    note_y = box.bottom - 1.2 * MM
    notes = Box(box.x + TURN_W + GAP, boxes.bottom + 0.6 * MM, box.w - TURN_W - GAP, note_y - boxes.bottom - 0.6 * MM)
    items += one_line(
        ctx,
        "notes",
        Box(box.x, notes.y, TURN_W, notes.h),
        TextStyle(size=6, font="italic", color=ctx.color("muted"), min_size=6, align="right"),
        None,
        valign="bottom",
    )
    items.append(Path(line(notes.x, note_y, notes.right, note_y), stroke=ctx.color("rule"), width=0.5))
    if v.fillable:
        items.append(
            Field(
                f"turn_{n}_notes",
                "text",
                notes.x,
                notes.y,
                notes.w,
                notes.h,
                tooltip=f"Turn row {n}: notes",
                font=ctx.fonts.face("regular"),
                size=9,
            )
        )
    return items


def turn_log_items(ctx: LayoutContext, v: Record) -> list[Item]:
    items, content, color = frame(ctx, v, "turn log", "turn log")
    head, rest = content.split_top(HEAD_H, 1 * MM)
    reminder = caption(ctx, captions.turn_log_rule() + " " + captions.pools_rule(), BODY_MIN)
    body, rule = rest.split_top(rest.h - max(RULE_H, reminder.height(ctx, rest.w, 1.0) + 1.7 * MM), 1.5 * MM)
    items += heading(ctx, head)
    bands = int(body.h // BAND)
    group: list[Item] = []
    for i in range(bands):
        group += band(ctx, Box(body.x, body.y + i * BAND, body.w, BAND), i + 1, v, color, shaded=i % 2 == 1)
    items.append(Group(tuple(group), id=v.element_id("turns")))
    items += fit_blocks(ctx, [reminder], rule, what="turn log reminder")
    return items


def turn_log_page(ctx: LayoutContext, v: Record) -> Page:
    return sheet_page(turn_log_items(ctx, v), ctx, label=f"{v.title} turn log" if v.title else "turn log")


def layout_turn_log(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A civilization's turn log, its name at the top."""
    v = Record.of_civilization(job.doc)
    return document(
        f"{v.title} — {GAME_NAME} turn log", f"{GAME_NAME} turn log", [turn_log_page(ctx, v)], ctx, "turn log"
    )


def layout_blank_turn_log(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A blank turn log with form fields over its pencil boxes."""
    return document(
        f"{GAME_NAME} turn log (blank)",
        f"{GAME_NAME} blank turn log with form fields",
        [turn_log_page(ctx, Record.blank())],
        ctx,
        "turn log",
        "fillable",
    )
