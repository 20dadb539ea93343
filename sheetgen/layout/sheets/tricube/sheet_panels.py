"""The panels of the Tricube Tales character sheet, each drawn into an explicit box:
identity, dice, a token pool, a list (perks, quirks, advances), afflictions, notes.
On a fillable sheet each writing place is a form field with a readable name."""

from __future__ import annotations

from dataclasses import replace

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Field, Group, Item, Path, Rect, line
from sheetgen.layout.sheets.tricube import captions
from sheetgen.layout.sheets.tricube.common import Tokens, affliction_labels, token_track
from sheetgen.layout.sheets.tricube.sheet_values import SheetValues
from sheetgen.layout.text import Paragraph, TextStyle, fit_blocks, one_line, text_box
from sheetgen.layout.widgets import WRITING_INK, WRITING_WIDTH, check_boxes, labeled_value, section, writing_lines
from sheetgen.rules.tricube.dice import dice_by_challenge
from sheetgen.rules.tricube.values import DiceRow
from sheetgen.units import MM

GAP = 4 * MM
LINE_PITCH = 7 * MM
CAPTION = 7.5  # pt: reminders under each panel (rules: at body size)
BODY = 9.5  # pt: what the player wrote
DICE_ROW = 5.6 * MM
DICE_HEAD = 3.5 * MM
DICE_COLUMNS = (24 * MM, 16 * MM, 32 * MM)  # challenge name, dice, dice outside the concept; "covers" takes the rest


def caption(ctx: LayoutContext, text: str) -> Paragraph:
    """A rules reminder in the sheet's caption style."""
    return Paragraph(ctx, text, TextStyle(size=CAPTION, color=ctx.color("muted"), leading=1.15).fixed)


# --- sections ---------------------------------------------------------------------------------


def identity(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    """Name, player, trait, concept and combat style."""
    items, inner = section(ctx, box, "Character", color)
    top, bottom = inner.split_top((inner.h - 2 * MM) / 2, 2 * MM)
    name_box, player_box = top.split_left(top.w * 0.62, GAP)
    trait_box, rest = bottom.split_left(bottom.w * 0.2, GAP)
    concept_box, style_box = rest.split_left(rest.w * 0.62, GAP)

    def value(b: Box, label: str, text: str, key: str, size: float = 11) -> list[Item]:
        return labeled_value(ctx, b, label, text, v.source(key), size=size, field=key if v.fillable else None)

    items += value(name_box, "Name", v.name, "name", 14)
    items += value(player_box, "Player", v.player, "player")
    items += value(trait_box, "Trait", v.trait.capitalize(), "trait")
    items += value(concept_box, "Concept", v.concept, "concept")
    items += value(style_box, "Combat style", v.combat_style.capitalize(), "combat_style")
    return items


def dice_panel_height() -> float:
    """The dice panel's height: heading, column labels, six rows, the reminder."""
    return 8.7 * MM + DICE_HEAD + 6 * DICE_ROW + 11 * MM


def dice_columns(inner: Box) -> tuple[Box, Box, Box, Box]:
    """The four columns (name, covers, dice, outside the concept) as full-height boxes."""
    name_w, dice_w, out_w = DICE_COLUMNS
    name, rest = inner.split_left(name_w)
    covers, rest = rest.split_left(rest.w - dice_w - out_w)
    dice, outside = rest.split_left(dice_w)
    return name, covers, dice, outside


def dice_panel(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    """One row per kind of challenge with the dice rolled in and outside the concept,
    then the rolling reminder."""
    items, inner = section(ctx, box, "Dice", color)
    rows = list(v.dice) or dice_by_challenge("", "")
    name, covers, dice, outside = dice_columns(inner)
    head = TextStyle(size=6, font="bold", color=ctx.color("muted"), min_size=6)
    for column, text, align in (
        (name.moved(1 * MM, 0), "CHALLENGE", "left"),
        (covers, "COVERS", "left"),
        (dice, "DICE", "center"),
        (outside, "OUTSIDE CONCEPT", "center"),
    ):
        items += one_line(
            ctx, text, Box(column.x, column.y, column.w, DICE_HEAD), replace(head, align=align), None, valign="top"
        )
    most = max(r.dice for r in rows)
    for i, row in enumerate(rows):
        y = inner.y + DICE_HEAD + i * DICE_ROW
        if i == 3:  # combat styles start here
            items.append(Path(line(inner.x, y, inner.right, y), stroke=ctx.color("rule"), width=0.5))
        strip = Box(inner.x, y, inner.w, DICE_ROW)
        highlight = bool(v.dice) and row.dice == most
        row_items = dice_row(ctx, strip, row, v, color, highlight)
        items.append(Group(tuple(row_items), id=v.element_id(f"dice-{row.challenge}")))
    below = inner.y + DICE_HEAD + 6 * DICE_ROW + 1.5 * MM
    notes = Box(inner.x, below, inner.w, inner.bottom - below)
    items += fit_blocks(
        ctx, [caption(ctx, captions.dice_rule() + " " + captions.dice_reminder())], notes, what="dice reminder"
    )
    return items


def dice_row(ctx: LayoutContext, strip: Box, row: DiceRow, v: SheetValues, color: str, highlight: bool) -> list[Item]:
    """One kind of challenge across `strip`: its name, what it covers, and the dice
    (fields to fill in on a fillable sheet)."""
    name, covers, dice, outside = (Box(c.x, strip.y, c.w, strip.h) for c in dice_columns(strip))
    muted, ink = ctx.color("muted"), ctx.color("ink")
    items: list[Item] = []
    if highlight:
        items.append(
            Rect(
                strip.x,
                strip.y + 0.3 * MM,
                strip.w,
                strip.h - 0.6 * MM,
                stroke=None,
                fill=tint(color, 0.86),
                radius=1 * MM,
            )
        )
    items += one_line(
        ctx,
        row.challenge.capitalize(),
        Box(name.x + 1 * MM, name.y, name.w - 2 * MM, name.h),
        TextStyle(size=9.5, font="bold", color=ink, min_size=7),
        None,
    )
    items += one_line(
        ctx,
        row.covers,
        Box(covers.x, covers.y, covers.w - 2 * MM, covers.h),
        TextStyle(size=8, color=muted, min_size=7),
        None,
    )
    if v.fillable:
        for cell, suffix, tip in ((dice, "dice", ""), (outside, "outside", " outside your concept")):
            f = Box(cell.x + cell.w / 2 - 4 * MM, cell.y + 0.7 * MM, 8 * MM, cell.h - 1.4 * MM)
            # Fields draw no border of their own: a box shows where to write, on paper too.
            items.append(Rect(f.x, f.y, f.w, f.h, stroke=WRITING_INK, width=0.6, fill=None, radius=1 * MM))
            items.append(
                Field(
                    f"{row.challenge}_{suffix}",
                    "text",
                    f.x,
                    f.y,
                    f.w,
                    f.h,
                    tooltip=f"Dice for {row.challenge}{tip}",
                    font=ctx.fonts.face("regular"),
                    size=10,
                )
            )
    else:
        items += one_line(
            ctx, str(row.dice), dice, TextStyle(size=11, font="bold", color=ink, align="center", min_size=8), None
        )
        items += one_line(
            ctx, str(row.outside_concept), outside, TextStyle(size=10, color=muted, align="center", min_size=8), None
        )
    return items


def token_panel(
    ctx: LayoutContext, box: Box, title: str, tokens: Tokens, key: str, v: SheetValues, color: str, reminder: str
) -> list[Item]:
    """A token track with its count and what the tokens are for."""
    items, inner = section(ctx, box, title, color)
    label_room = 21 * MM  # "3 to start" / "at most 6" beside the track
    r = min(3.3 * MM, (inner.w - label_room) / (tokens.limit * 2 + (tokens.limit - 1) * 0.9))
    track, width = token_track(
        ctx,
        inner.x + 0.5 * MM,
        inner.y + r + 0.5 * MM,
        tokens,
        r=r,
        gap=r * 0.9,
        color=color,
        field_prefix=key if v.fillable else None,
    )
    items.append(Group(tuple(track), id=v.element_id(key)))
    status_box = Box(
        inner.x + width + 3 * MM, inner.y, inner.right - inner.x - width - 3 * MM, max(2 * r + 1 * MM, 7.6 * MM)
    )
    count_box, limit_box = status_box.split_top(status_box.h * 0.55)
    status = f"{tokens.current} of {tokens.maximum}" if not v.fillable else f"{tokens.maximum} to start"
    source = v.source(f"current_{key}" if tokens.current != tokens.maximum else key)
    items += one_line(
        ctx,
        status,
        count_box,
        TextStyle(size=9, font="bold", color=ctx.color("ink"), min_size=7, align="right"),
        source,
        valign="bottom",
        what=f"{key} count",
    )
    items += one_line(
        ctx,
        f"at most {tokens.limit}",
        limit_box,
        TextStyle(size=7, color=ctx.color("muted"), min_size=7, align="right"),
        None,
        valign="top",
    )
    top = max(2 * r, status_box.h - 1 * MM) + 2.5 * MM
    text = Box(inner.x, inner.y + top, inner.w, inner.bottom - inner.y - top)
    items += fit_blocks(ctx, [caption(ctx, reminder)], text, what=f"{key} reminder")
    return items


def listed_lines(
    ctx: LayoutContext, box: Box, entries: tuple[str, ...], key: str, v: SheetValues, *, pitch: float = LINE_PITCH
) -> list[Item]:
    """Entries written one a line on ruled lines, with room to add more (a multi-line
    field on a fillable sheet). More entries than lines run on, wrapped to fit."""
    lines = int(box.h // pitch)
    if len(entries) > lines:
        style = TextStyle(size=BODY, color=ctx.color("ink"), min_size=7, leading=1.3)
        return text_box(ctx, " · ".join(entries), box.inset(1 * MM, 0.8 * MM), style, v.source(key), what=key)
    items = writing_lines(ctx, box, pitch=pitch)
    if v.fillable:
        items.append(
            Field(
                key,
                "text",
                box.x,
                box.y + 0.8 * MM,
                box.w,
                box.h - 0.8 * MM,
                tooltip=key.capitalize(),
                font=ctx.fonts.face("regular"),
                size=10,
                multiline=True,
            )
        )
    for i, entry in enumerate(entries):
        slot = Box(box.x + 1 * MM, box.y + i * pitch + 0.6 * MM, box.w - 2 * MM, pitch - 1 * MM)
        items += one_line(
            ctx,
            entry,
            slot,
            TextStyle(size=BODY, color=ctx.color("ink"), min_size=7),
            v.source(key, i),
            valign="bottom",
            what=key,
        )
    return items


def list_panel(
    ctx: LayoutContext,
    box: Box,
    title: str,
    entries: tuple[str, ...],
    key: str,
    v: SheetValues,
    color: str,
    reminder: str,
) -> list[Item]:
    """A titled list on ruled lines with its rules reminder under it."""
    items, inner = section(ctx, box, title, color)
    lines_box, text = inner.split_top(inner.h - 8 * MM, 1 * MM)
    items += listed_lines(ctx, lines_box, entries, key, v)
    items += fit_blocks(ctx, [caption(ctx, reminder)], text, valign="bottom", what=f"{key} reminder")
    return items


def afflictions_panel(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    """A slot per affliction a character may carry, each with a box to tick when it is
    permanent, then the retirement rule. A retired character's afflictions (more than
    the slots) run on as wrapped text."""
    items, inner = section(ctx, box, "Afflictions", color)
    rows, text = inner.split_top(inner.h - 10 * MM, 1 * MM)
    if v.retired:
        stamp = Box(box.x + box.w / 2, box.y, box.w / 2 - 2.5 * MM, 5.2 * MM)
        items += one_line(
            ctx,
            "RETIRED FROM PLAY",
            stamp.inset(0, 0.6 * MM),
            TextStyle(size=7.5, font="bold", color=ctx.color("red"), align="right", min_size=7),
            None,
        )
    items += fit_blocks(
        ctx, [caption(ctx, captions.retirement_rule(v.limits))], text, valign="bottom", what="retirement rule"
    )
    slots = v.limits.max_afflictions
    if len(v.afflictions) > slots:
        style = TextStyle(size=BODY, color=ctx.color("ink"), min_size=7, leading=1.3)
        listed = " · ".join(affliction_labels(v.afflictions, v.permanent))
        return items + text_box(
            ctx, listed, rows.inset(1 * MM, 0.8 * MM), style, v.source("afflictions"), what="afflictions"
        )
    pitch = min(LINE_PITCH, rows.h / slots)
    tick, label_w = min(3.2 * MM, pitch - 1 * MM), 18 * MM
    items += one_line(
        ctx,
        "PERMANENT",
        Box(rows.right - label_w, rows.y - 2.2 * MM, label_w, 3 * MM),
        TextStyle(size=6, font="bold", color=ctx.color("muted"), min_size=6, align="right"),
        None,
        valign="top",
    )
    for i in range(slots):
        y = rows.y + i * pitch
        items.append(
            Path(line(rows.x, y + pitch, rows.right - label_w, y + pitch), stroke=WRITING_INK, width=WRITING_WIDTH)
        )
        tick_box = Box(rows.right - tick - 1 * MM, y + pitch - tick - 1 * MM, tick, tick)
        boxes, _ = check_boxes(ctx, tick_box.x, tick_box.y, 1, checked=int(i in v.permanent), size=tick)
        items += boxes
        if v.fillable:
            f = Box(rows.x, y + 0.8 * MM, rows.w - label_w - 2 * MM, pitch - 1.2 * MM)
            items.append(
                Field(
                    f"affliction_{i + 1}",
                    "text",
                    f.x,
                    f.y,
                    f.w,
                    f.h,
                    tooltip=f"Affliction {i + 1}",
                    font=ctx.fonts.face("regular"),
                    size=10,
                )
            )
            items.append(
                Field(
                    f"affliction_{i + 1}_permanent",
                    "checkbox",
                    tick_box.x,
                    tick_box.y,
                    tick,
                    tick,
                    tooltip=f"Affliction {i + 1} is permanent",
                )
            )
        elif i < len(v.afflictions):
            slot = Box(rows.x + 1 * MM, y + 0.3 * MM, rows.w - label_w - 3 * MM, pitch - 0.6 * MM)
            items += one_line(
                ctx,
                v.afflictions[i],
                slot,
                TextStyle(size=BODY, color=ctx.color("ink"), min_size=7),
                v.source("afflictions", i),
                valign="bottom",
                what="affliction",
            )
    return items


def advances_panel(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    """The advances taken, what they buy, and how many raises are used."""
    items, inner = section(ctx, box, "Advances", color)
    lines_box, text = inner.split_top(inner.h - 10 * MM, 1 * MM)
    items += listed_lines(ctx, lines_box, v.advances, "advances", v)
    rule = captions.advances_rule(v.limits)
    if v.raises is not None:
        rule += f" Raises taken: {v.raises.used} of {v.raises.allowed}."
    items += fit_blocks(ctx, [caption(ctx, rule)], text, valign="bottom", what="advances rule")
    return items


def notes_panel(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    """Ruled lines for notes, with the character's notes written on them."""
    items, inner = section(ctx, box, "Notes", color)
    items += writing_lines(ctx, inner, pitch=LINE_PITCH)
    if v.fillable:
        items.append(
            Field(
                "notes",
                "text",
                inner.x,
                inner.y + 0.8 * MM,
                inner.w,
                inner.h - 0.8 * MM,
                tooltip="Notes",
                font=ctx.fonts.face("regular"),
                size=10,
                multiline=True,
            )
        )
    elif v.notes:
        # Written on the ruled lines: the leading makes each line's pitch the ruling's.
        style = TextStyle(size=BODY, color=ctx.color("ink"), min_size=7, leading=LINE_PITCH / BODY, paragraph_gap=0)
        text = Box(inner.x + 1 * MM, inner.y + 0.9 * MM, inner.w - 2 * MM, inner.h)
        items += text_box(ctx, v.notes, text, style, v.source("notes"), what="notes")
    return items
