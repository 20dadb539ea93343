"""The KUBOS character sheet (one page, A4 or Letter): identity, attributes with
the ACTION roll, HP and DEFENCE, fate points, then the gear (`character_gear`).
The same layout prints a character or a fillable blank."""

from __future__ import annotations

from sheetgen.layout.colors import legible, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Circle, Field, Group, Item, LayoutDocument, Rect
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.kubos import captions
from sheetgen.layout.sheets.kubos.character_gear import carrying_section, items_section, magic_section, notes_section
from sheetgen.layout.sheets.kubos.character_values import (
    IDENTITY_FIELDS,
    SheetValues,
    blank_values,
    character_values,
)
from sheetgen.layout.sheets.kubos.common import GAME_ID, NOTICE, accent
from sheetgen.layout.sheets.kubos.pieces import HpBoxes, body_style, value_tile
from sheetgen.layout.text import Block, Paragraph, Spacer, TextStyle, fit_blocks, one_line, text_box
from sheetgen.layout.widgets import labeled_value, page_frame, section, sheet_page
from sheetgen.rules.kubos.core import ATTRIBUTES, ITEMS_PER_DV
from sheetgen.rules.kubos.text import ATTRIBUTE_LABELS, ATTRIBUTE_USES
from sheetgen.units import MM

GAP = 3.5 * MM
FP_CIRCLES = 24


def layout_character_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    return _document(ctx, character_values(job.doc))


def layout_blank_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    return _document(ctx, blank_values())


def _document(ctx: LayoutContext, v: SheetValues) -> LayoutDocument:
    color = accent(ctx)
    items, content = page_frame(
        ctx,
        v.title,
        game=GAME_ID,
        accent=color,
        subtitle="KUBOS character sheet",
        notice=NOTICE,
        source=v.src("name"),
    )
    identity, rest = content.split_top(19 * MM, GAP)
    attrs, rest = rest.split_top(49 * MM, GAP)
    middle, rest = rest.split_top(47 * MM, GAP)
    gear, bottom = rest.split_top(rest.h * 0.56, GAP)
    items += _identity(ctx, identity, v)
    items += _attributes(ctx, attrs, v, color)
    health, fate = middle.columns(2, GAP)
    items += _health(ctx, health, v, color)
    items += _fate(ctx, fate, v, color)
    gear_list, carrying = gear.split_left(gear.w * 0.56, GAP)
    items += items_section(ctx, gear_list, v, color)
    items += carrying_section(ctx, carrying, v, color)
    magic, notes = bottom.columns(2, GAP)
    items += magic_section(ctx, magic, v, color)
    items += notes_section(ctx, notes, v, color)
    return LayoutDocument(
        title=f"{v.title} — KUBOS character sheet",
        pages=(sheet_page(items, ctx, v.title),),
        author=ctx.theme.author,
        subject=f"KUBOS character sheet. {NOTICE}",
        keywords=(GAME_ID, "character sheet"),
    )


def _identity(ctx: LayoutContext, box: Box, v: SheetValues) -> list[Item]:
    items: list[Item] = []
    for row, row_box in enumerate(box.rows(2, 2 * MM)):
        x = row_box.x
        fields = [f for f in IDENTITY_FIELDS if f[3] == row]
        gap = 3 * MM
        free = row_box.w - gap * (len(fields) - 1)
        for name, label, share, _ in fields:
            w = free * share
            items += labeled_value(
                ctx,
                Box(x, row_box.y, w, row_box.h),
                label,
                v.identity.get(name, ""),
                v.src(name),
                size=10,
                field=v.field(name),
            )
            x += w + gap
    return items


def _attributes(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Attributes", color)
    tiles_box, rule_box = inner.split_top(inner.h - 10 * MM, 2 * MM)
    for name, tile in zip(ATTRIBUTES, tiles_box.columns(len(ATTRIBUTES), 3 * MM)):
        label = ATTRIBUTE_LABELS[name]
        items += one_line(
            ctx,
            label,
            Box(tile.x, tile.y, tile.w, 4 * MM),
            TextStyle(size=8.5, font="bold", color=legible(color, ctx.color("paper")), align="center", min_size=7),
            None,
            valign="top",
        )
        side = min(13 * MM, tile.h - 15 * MM)
        square = Box(tile.x + (tile.w - side) / 2, tile.y + 5 * MM, side, side)
        items.append(
            Rect(
                square.x,
                square.y,
                square.w,
                square.h,
                stroke=color,
                width=1.2,
                fill=ctx.color("paper"),
                radius=1.5 * MM,
            )
        )
        if v.fillable:
            items.append(
                Field(
                    f"attribute_{name}",
                    "text",
                    square.x + 1,
                    square.y + 1,
                    side - 2,
                    side - 2,
                    tooltip=label,
                    font=ctx.fonts.face("bold"),
                    size=16,
                )
            )
        elif v.attributes:
            items += one_line(
                ctx,
                v.attributes[name],
                square.inset(1 * MM),
                TextStyle(size=20, font="bold", color=ctx.color("ink"), align="center", min_size=10),
                v.src("attributes", name),
            )
        uses = Box(tile.x, square.bottom + 1.5 * MM, tile.w, tile.bottom - square.bottom - 1.5 * MM)
        items += text_box(
            ctx, ATTRIBUTE_USES[name], uses, body_style(ctx, color="muted", align="center"), None, what="attribute uses"
        )
    items.append(
        Rect(
            rule_box.x - 1 * MM,
            rule_box.y,
            rule_box.w + 2 * MM,
            rule_box.h,
            stroke=None,
            fill=tint(color, 0.9),
            radius=1 * MM,
        )
    )
    items += text_box(
        ctx,
        captions.action_roll(),
        rule_box.inset(1.5 * MM, 0.8 * MM),
        body_style(ctx, 7.5),
        None,
        valign="middle",
        what="action roll reminder",
    )
    return items


def _health(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Hit points and DEFENCE", color)
    top, rest = inner.split_top(14 * MM, 2.5 * MM)
    defence, rest_top = top.split_left(17 * MM, 3 * MM)
    hp, armour = rest_top.split_left(17 * MM, 4 * MM)
    items += value_tile(
        ctx, defence, "DEFENCE", v.defence, color, field=v.field("defence"), source=v.src("armour", "dv")
    )
    items += value_tile(ctx, hp, "NORMAL HP", v.hp, color, field=v.field("hp"), source=v.src("hp"))
    name_box = Box(armour.x, armour.y, armour.w, 9 * MM)
    items += labeled_value(ctx, name_box, "Armour", v.armour, v.src("armour", "name"), size=9, field=v.field("armour"))
    dv_text = (
        f"DV {v.armour_dv}: weighs {ITEMS_PER_DV * int(v.armour_dv)} items"
        if v.armour_dv
        else f"DV 0–4: each DV weighs {ITEMS_PER_DV} items"
    )
    items += one_line(
        ctx,
        dv_text,
        Box(armour.x, name_box.bottom + 1 * MM, armour.w, armour.bottom - name_box.bottom - 1 * MM),
        body_style(ctx, color="muted"),
        v.src("armour", "dv"),
        valign="top",
    )
    blank_note = " Shade the boxes beyond your HP." if v.fillable else ""
    blocks: list[Block] = [
        HpBoxes(
            v.hp_boxes,
            v.hp_lost,
            size=4.2 * MM,
            gap=1.0 * MM,
            color=ctx.color("ink"),
            min_scale=0.6,
            group_id="hp",
            field_prefix=v.field("hp_box"),
        ),
        Spacer(2 * MM),
        Paragraph(ctx, captions.hit_points() + blank_note, body_style(ctx)),
    ]
    items += fit_blocks(ctx, blocks, rest, what="hit points")
    return items


def _fate(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Fate points", color)
    top, rest = inner.split_top(14 * MM, 2.5 * MM)
    tile, track = top.split_left(17 * MM, 4 * MM)
    items += value_tile(
        ctx, tile, "FP NOW", v.fate_points, color, field=v.field("fate_points"), source=v.src("fate_points")
    )
    per_row = FP_CIRCLES // 2
    gap = 1.2 * MM
    r = min(2.3 * MM, (track.w - gap * (per_row - 1)) / (2 * per_row))
    circles: list[Item] = []
    fields: list[Item] = []
    for i in range(FP_CIRCLES):
        row, col = divmod(i, per_row)
        cx = track.x + r + col * (2 * r + gap)
        cy = track.y + 4.6 * MM + r + row * (2 * r + 1.6 * MM)
        owned = i < v.fate_owned
        circles.append(
            Circle(
                cx,
                cy,
                r,
                stroke=color,
                width=0.8,
                fill=tint(color, 0.7) if owned else None,
                cls="fp owned" if owned else "fp",
            )
        )
        if v.fillable:  # a check box in each circle, to mark a fate point earned
            side = r * 1.4
            fields.append(
                Field(
                    f"fate_point_{i + 1}",
                    "checkbox",
                    cx - side / 2,
                    cy - side / 2,
                    side,
                    side,
                    tooltip=f"Fate point {i + 1}",
                )
            )
    items.append(Group(tuple(circles), id="fp-track", cls="fp-track"))
    items += fields
    items += one_line(
        ctx,
        "Shade one per FP earned; cross out FP spent.",
        Box(track.x, track.y, track.w, 3.4 * MM),
        body_style(ctx, color="muted"),
        None,
        valign="top",
    )
    blocks: list[Block] = [
        Paragraph(ctx, captions.fate_points(), body_style(ctx)),
        Spacer(1.2 * MM),
        Paragraph(ctx, captions.heroic_action(), body_style(ctx)),
    ]
    items += fit_blocks(ctx, blocks, rest, what="fate points")
    return items
