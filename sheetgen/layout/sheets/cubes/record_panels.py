"""The panels of the CUBES! record sheet, each drawn into an explicit box: who plays,
the six pools, the Eras, the Quantumizer. Construction, contacts and blocked actions
are in `record_more`. On a fillable sheet each writing place is a form field."""

from __future__ import annotations

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Group, Item, Path, Rect, line
from sheetgen.layout.sheets.cubes import captions
from sheetgen.layout.sheets.cubes.common import Record
from sheetgen.layout.sheets.cubes.pieces import check_square, die_glyph, label_style, pencil_box
from sheetgen.layout.text import Paragraph, TextStyle, fit_blocks, one_line
from sheetgen.layout.widgets import labeled_value, section
from sheetgen.rules.cubes.quantumizer import QUANTUMIZER
from sheetgen.rules.cubes.rulebook import CENSUS_START_MAX, ERAS, LAST_ERA, STARTING_CUBES, ordinal
from sheetgen.rules.cubes.values import Pool
from sheetgen.units import MM

GAP = 3.5 * MM
CAPTION = 7.5  # pt: reminders under each panel, at the floor for rules text; the panels give them room for it
CAPTION_MIN = 6.5  # pt: what they give way to (the fine-print floor) under a wider printable margin or font


def caption(ctx: LayoutContext, text: str, size: float = CAPTION, leading: float = 1.18) -> Paragraph:
    """A rules reminder in the sheet's caption style."""
    return Paragraph(ctx, text, TextStyle(size=size, min_size=CAPTION_MIN, color=ctx.color("muted"), leading=leading))


def swatch(ctx: LayoutContext, box: Box, color: str | None) -> list[Item]:
    """A civilization's colour as a small square (dashed and empty when there is none)."""
    if color is None:
        return [
            Rect(
                box.x,
                box.y,
                box.w,
                box.h,
                stroke=ctx.color("rule"),
                width=0.6,
                dash=(2, 1.5),
                fill=None,
                radius=0.8 * MM,
            )
        ]
    return [
        Rect(box.x, box.y, box.w, box.h, stroke=ctx.color("ink"), width=0.6, fill=ctx.color(color), radius=0.8 * MM)
    ]


# --- identity ---------------------------------------------------------------------------------


def identity(ctx: LayoutContext, box: Box, v: Record, color: str) -> list[Item]:
    """Player, civilization, colour and table."""
    items, inner = section(ctx, box, "Civilization", color)
    player, rest = inner.split_left(inner.w * 0.24, GAP)
    name, rest = rest.split_left(rest.w * 0.52, GAP)
    colour, game = rest.split_left(rest.w * 0.36, GAP)

    def value(b: Box, label: str, text: str, key: str, size: float = 11) -> list[Item]:
        source = v.game_source() if key == "game" else v.source(key)
        return labeled_value(ctx, b, label, text, source, size=size, field=key if v.fillable else None)

    items += value(player, "Player", v.player, "player")
    items += value(name, "Civilization", v.name, "name", 13)
    sw = Box(colour.x, colour.y + 3.6 * MM, colour.h - 4.4 * MM, colour.h - 4.4 * MM)
    items += swatch(ctx, sw, v.color)
    items += value(
        Box(sw.right + 2 * MM, colour.y, colour.right - sw.right - 2 * MM, colour.h),
        "Colour",
        (v.color or "").capitalize() if v.color and not v.color.startswith("#") else (v.color or ""),
        "color",
    )
    items += value(game, "Game", v.game, "game", 10)
    return items


# --- pools ------------------------------------------------------------------------------------

POOL_NAME_H = 4.6 * MM
POOL_LABEL_H = 2.6 * MM
POOL_BOX_H = 10 * MM  # a count to write and erase in: at least 25 × 10 mm


def start_label(pool: Pool) -> str:
    """`start 24 (4 over)` for a civilization; on a blank, how the start is worked out."""
    if pool.start is None:
        return {"civilization": f"start {STARTING_CUBES} − Census", "census": f"start 0–{CENSUS_START_MAX}"}.get(
            pool.pool, "start 0"
        )
    over = pool.over_limit
    return f"start {pool.start}" + (f" ({over} over)" if over > 0 else "")


def pool_cell(ctx: LayoutContext, box: Box, pool: Pool, v: Record, color: str) -> list[Item]:
    """One pool: its name, a box for the count, a box for its current limit (pools with
    one) and what bounds it. A filled sheet says what the pool starts with."""
    items: list[Item] = [
        Rect(box.x, box.y, box.w, box.h, stroke=tint(color, 0.55), width=0.6, fill=tint(color, 0.95), radius=1.2 * MM)
    ]
    inner = box.inset(2 * MM, 0.9 * MM)
    key = pool.pool
    head, rest = inner.split_top(POOL_NAME_H)
    name = TextStyle(size=10.5, font="bold", color=ctx.color("ink"), min_size=8)
    name_w = min(head.w * 0.6, ctx.fonts.width(pool.name, name.font, name.size) + 2 * MM)  # the start takes the rest
    items += one_line(ctx, pool.name, Box(head.x, head.y, name_w, head.h), name, None)
    start = start_label(pool)
    if start:
        items += one_line(
            ctx,
            start,
            Box(head.x + name_w, head.y, head.w - name_w, head.h),
            TextStyle(size=8, color=ctx.color("muted"), align="right", min_size=CAPTION_MIN),
            v.source("census_start"),
        )
    labels, rest = rest.split_top(POOL_LABEL_H)
    boxes, text = rest.split_top(POOL_BOX_H, 0.6 * MM)
    count_w = min(30 * MM, boxes.w * 0.5)
    count = Box(boxes.x, boxes.y, count_w, boxes.h)
    items += one_line(ctx, "CUBES", Box(count.x, labels.y, count.w, labels.h), label_style(ctx), None, valign="top")
    items += pencil_box(ctx, count, field=f"{key}_cubes" if v.fillable else None, tooltip=f"Cubes in {pool.name}")
    right = Box(count.right + 3 * MM, boxes.y, boxes.right - count.right - 3 * MM, boxes.h)
    if pool.limit is not None:
        limit = Box(right.x, right.y, min(right.w, 18 * MM), right.h)
        items += one_line(
            ctx, "LIMIT NOW", Box(limit.x, labels.y, right.w, labels.h), label_style(ctx), None, valign="top"
        )
        items += pencil_box(
            ctx, limit, field=f"{key}_limit" if v.fillable else None, tooltip=f"{pool.name} limit now", size=12
        )
    else:
        items += one_line(
            ctx,
            "no limit" if key != "diplomacy" else "embassies",
            right,
            TextStyle(size=8.5, font="italic", color=ctx.color("muted"), min_size=6),
            None,
        )
    items += fit_blocks(
        ctx, [caption(ctx, captions.pool_rule(key, pool.limit), leading=1.1)], text, what=f"{key} reminder"
    )
    return items


def pools_panel(ctx: LayoutContext, box: Box, v: Record, color: str) -> list[Item]:
    """The six pools in two rows of three."""
    items, inner = section(ctx, box, "The six pools", color)
    grid = Box(inner.x, inner.y, inner.w, inner.h + 1 * MM)
    cells = [c for row in grid.rows(2, 2 * MM) for c in row.columns(3, 2.5 * MM)]
    group: list[Item] = []
    for cell, pool in zip(cells, v.pools):
        group += pool_cell(ctx, cell, pool, v, color)
    items.append(Group(tuple(group), id=v.element_id("pools")))
    return items


# --- eras -------------------------------------------------------------------------------------


def era_box(ctx: LayoutContext, box: Box, number: int, rule: str, v: Record, color: str, reached: bool) -> list[Item]:
    """One Era: its name with a box to tick when reached, and how it is reached."""
    items: list[Item] = [
        Rect(box.x, box.y, box.w, box.h, stroke=tint(color, 0.5), width=0.6, fill=ctx.color("paper"), radius=1.2 * MM)
    ]
    inner = box.inset(1.6 * MM, 1.4 * MM)
    tick = 4.2 * MM
    items += check_square(
        ctx,
        inner.x,
        inner.y,
        tick,
        checked=reached,
        field=f"era_{number}" if v.fillable else None,
        tooltip=f"{ordinal(number)} Era reached",
    )
    items += one_line(
        ctx,
        f"{ordinal(number)} Era",
        Box(inner.x + tick + 1.5 * MM, inner.y, inner.w - tick - 1.5 * MM, tick),
        TextStyle(size=10, font="bold", color=ctx.color("ink"), min_size=7),
        None,
    )
    text = Box(inner.x, inner.y + tick + 1.2 * MM, inner.w, inner.h - tick - 1.2 * MM)
    items += fit_blocks(ctx, [caption(ctx, rule, leading=1.08)], text, what="era rule")
    return items


def eras_panel(ctx: LayoutContext, box: Box, v: Record, color: str) -> list[Item]:
    """The Era track (1st → 2nd → 3rd or 4th → 4th) with each threshold, and the 4th Era
    ability with its recharge."""
    items, inner = section(ctx, box, "Eras and Technology", color)
    track, ability = inner.split_top(inner.h * 0.58, 2 * MM)
    cells = track.columns(4, 3 * MM)
    group: list[Item] = []
    group += era_box(ctx, cells[0], 1, captions.eras_rule(), v, color, reached=True)
    for cell, era in zip(cells[1:], ERAS):
        rule = captions.era_rule(era.at, era.reached_from, era.removes, era.forced)
        group += era_box(ctx, cell, era.number, rule, v, color, reached=False)
    for left, right in zip(cells, cells[1:]):  # arrows between the Eras
        y = left.y + left.h / 2
        x0, x1 = left.right + 0.4 * MM, right.x - 0.4 * MM
        group.append(Path(line(x0, y, x1, y), stroke=color, width=0.8))
        group.append(
            Path(
                (("M", x1 - 1.2 * MM, y - 0.9 * MM), ("L", x1, y), ("L", x1 - 1.2 * MM, y + 0.9 * MM)),
                stroke=color,
                width=0.8,
                join="round",
                cap="round",
            )
        )
    items.append(Group(tuple(group), id=v.element_id("eras")))
    items += ability_box(ctx, ability, v, color)
    return items


def ability_box(ctx: LayoutContext, box: Box, v: Record, color: str) -> list[Item]:
    """The once-per-game 4th Era ability: used and recharged, with what it does."""
    items: list[Item] = [
        Rect(box.x, box.y, box.w, box.h, stroke=tint(color, 0.5), width=0.6, fill=tint(color, 0.93), radius=1.2 * MM)
    ]
    inner = box.inset(2 * MM, 1.4 * MM)
    marks, text = inner.split_left(33 * MM, 2.5 * MM)
    items += one_line(
        ctx,
        f"{ordinal(LAST_ERA)} Era ability",
        Box(marks.x, marks.y, marks.w, 4.5 * MM),
        TextStyle(size=9, font="bold", color=ctx.color("ink"), min_size=7),
        None,
        valign="top",
    )
    tick = 4 * MM
    y = marks.y + 5.5 * MM
    for i, word in enumerate(("used", "recharged")):
        x = marks.x + i * 12.5 * MM
        items += check_square(
            ctx,
            x,
            y,
            tick,
            field=f"ability_{word.replace(' ', '_')}" if v.fillable else None,
            tooltip=f"4th Era ability {word}",
        )
        room = (12.5 * MM if i == 0 else marks.right - x) - tick - 1.2 * MM
        items += one_line(
            ctx,
            word,
            Box(x + tick + 1 * MM, y, room, tick),
            TextStyle(size=7.5, color=ctx.color("ink"), min_size=6),
            None,
        )
    items += fit_blocks(
        ctx, [caption(ctx, captions.fourth_era_ability(), leading=1.08)], text, valign="middle", what="4th Era ability"
    )
    return items


# --- the Quantumizer --------------------------------------------------------------------------


def quantumizer_panel(ctx: LayoutContext, box: Box, v: Record, color: str) -> list[Item]:
    """The six dice, the d6 face that calls each, and a box to tick when Order removes it."""
    items, inner = section(ctx, box, "The Quantumizer", color)
    dice, text = inner.split_top(inner.h - 14 * MM, 1.5 * MM)
    cols = dice.columns(len(QUANTUMIZER), 1.5 * MM)
    tick = 4.6 * MM
    r = min(cols[0].w * 0.42, (dice.h - tick - 9 * MM) / 2)
    group: list[Item] = []
    muted = TextStyle(size=7, color=ctx.color("muted"), align="center", min_size=6)
    for col, die in zip(cols, QUANTUMIZER):
        cx, cy = col.x + col.w / 2, col.y + 3.6 * MM + r
        group += one_line(ctx, f"d6 = {die.face}", Box(col.x, col.y, col.w, 3.2 * MM), muted, None, valign="top")
        group += die_glyph(ctx, die.sides, cx, cy, r, color)
        reads = f"{die.low}–{die.high}"
        group += one_line(ctx, reads, Box(col.x, cy + r + 0.8 * MM, col.w, 3 * MM), muted, None, valign="top")
        ty = cy + r + 4.4 * MM
        group += check_square(
            ctx,
            cx - tick / 2,
            ty,
            tick,
            field=f"order_{die.name}" if v.fillable else None,
            tooltip=f"{die.name} removed by Order",
        )
    items.append(Group(tuple(group), id=v.element_id("quantumizer")))
    label = Box(inner.x, dice.bottom - 3 * MM, inner.w, 3.5 * MM)  # into the gap over the reminder
    items += one_line(
        ctx,
        "Tick a die while Order has it out",
        label,
        TextStyle(size=CAPTION, color=ctx.color("muted"), align="center", min_size=CAPTION_MIN),
        None,
        valign="top",
    )
    items += fit_blocks(ctx, [caption(ctx, captions.quantumizer_rule())], text, what="Quantumizer reminder")
    return items
