"""The KUBOS character sheet (one page, A4 or Letter): identity, attributes with
the ACTION roll, HP and DEFENCE, fate points, items with a capacity meter, coins,
magic items and notes. The same layout prints a character or a fillable blank."""

from __future__ import annotations

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Circle, Field, Group, Item, LayoutDocument, Path, Rect, line
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.kubos.character_values import (
    IDENTITY_FIELDS,
    SheetValues,
    blank_values,
    character_values,
)
from sheetgen.layout.sheets.kubos.common import NOTICE, SYSTEM, accent
from sheetgen.layout.sheets.kubos.pieces import HpBoxes
from sheetgen.layout.text import Paragraph, Spacer, TextStyle, fit_blocks, one_line, stack_height, text_box
from sheetgen.layout.widgets import check_boxes, labeled_value, page_frame, section, sheet_page, writing_lines
from sheetgen.rules.kubos_core import ATTRIBUTES, CARRY_BASE, ITEMS_PER_DV
from sheetgen.rules.kubos_text import (
    ACTION_ROLL,
    AFTER_ADVENTURE,
    ATTRIBUTE_LABELS,
    ATTRIBUTE_USES,
    CARRYING,
    FATE_POINTS,
    HEROIC_ACTION,
    HIT_POINTS,
    MAGIC_ITEMS,
)
from sheetgen.units import MM

GAP = 3.5 * MM
LINE_PITCH = 6.5 * MM
MIN_LINE_PITCH = 4.8 * MM
FP_CIRCLES = 24


def _body(ctx: LayoutContext, size: float = 7.5, **kw) -> TextStyle:
    """Sheet body text: never below 7pt."""
    return TextStyle(size=size, min_size=7.0, leading=1.2, color=ctx.color(kw.pop("color", "ink")), **kw)


def layout_character_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    return _document(ctx, character_values(job.doc))


def layout_blank_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    return _document(ctx, blank_values())


def _document(ctx: LayoutContext, v: SheetValues) -> LayoutDocument:
    color = accent(ctx)
    items, content = page_frame(ctx, v.title, system=SYSTEM, accent=color, subtitle="KUBOS character sheet",
                                notice=NOTICE, source=v.src("name"))
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
    items += _items(ctx, gear_list, v, color)
    items += _carrying(ctx, carrying, v, color)
    magic, notes = bottom.columns(2, GAP)
    items += _magic(ctx, magic, v, color)
    items += _notes(ctx, notes, v, color)
    return LayoutDocument(
        title=f"{v.title} — KUBOS character sheet",
        pages=(sheet_page(items, ctx, v.title),),
        author=ctx.theme.author,
        subject=f"KUBOS character sheet. {NOTICE}",
        keywords=(SYSTEM, "character sheet"),
    )


def _field(v: SheetValues, name: str) -> str | None:
    return name if v.fillable else None


def _identity(ctx: LayoutContext, box: Box, v: SheetValues) -> list[Item]:
    items: list[Item] = []
    for row, row_box in enumerate(box.rows(2, 2 * MM)):
        x = row_box.x
        fields = [f for f in IDENTITY_FIELDS if f[3] == row]
        gap = 3 * MM
        free = row_box.w - gap * (len(fields) - 1)
        for name, label, share, _ in fields:
            w = free * share
            items += labeled_value(ctx, Box(x, row_box.y, w, row_box.h), label, v.identity.get(name, ""), v.src(name),
                                   size=10, field=_field(v, name))
            x += w + gap
    return items


def _value_tile(ctx: LayoutContext, box: Box, label: str, value: str, color: str, *, field: str | None,
                size: float = 18) -> list[Item]:
    """A label over a boxed number (or a fillable field for it)."""
    items = one_line(ctx, label, Box(box.x, box.y, box.w, 3.2 * MM),
                     TextStyle(size=6.5, font="bold", color=ctx.color("muted"), align="center", min_size=5), None,
                     valign="top")
    square = Box(box.x, box.y + 3.8 * MM, box.w, box.h - 3.8 * MM)
    items.append(Rect(square.x, square.y, square.w, square.h, stroke=color, width=1.1, fill=ctx.color("paper"), radius=1.5 * MM))
    if field:
        items.append(Field(field, "text", square.x + 1, square.y + 1, square.w - 2, square.h - 2, tooltip=label,
                           font=ctx.fonts.face("bold"), size=14))
    elif value:
        items += one_line(ctx, value, square.inset(1 * MM), TextStyle(size=size, font="bold", color=ctx.color("ink"),
                                                                        align="center", min_size=8), None)
    return items


def _attributes(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Attributes", color)
    tiles_box, rule_box = inner.split_top(inner.h - 10 * MM, 2 * MM)
    for name, tile in zip(ATTRIBUTES, tiles_box.columns(len(ATTRIBUTES), 3 * MM)):
        label = ATTRIBUTE_LABELS[name]
        items += one_line(ctx, label, Box(tile.x, tile.y, tile.w, 4 * MM),
                          TextStyle(size=8.5, font="bold", color=color, align="center", min_size=7), None, valign="top")
        side = min(13 * MM, tile.h - 15 * MM)
        square = Box(tile.x + (tile.w - side) / 2, tile.y + 5 * MM, side, side)
        items.append(Rect(square.x, square.y, square.w, square.h, stroke=color, width=1.2, fill=ctx.color("paper"),
                          radius=1.5 * MM))
        if v.fillable:
            items.append(Field(f"attribute_{name}", "text", square.x + 1, square.y + 1, side - 2, side - 2,
                               tooltip=label, font=ctx.fonts.face("bold"), size=16))
        elif v.attributes:
            items += one_line(ctx, v.attributes[name], square.inset(1 * MM),
                              TextStyle(size=20, font="bold", color=ctx.color("ink"), align="center", min_size=10),
                              v.src("attributes", name))
        uses = Box(tile.x, square.bottom + 1.5 * MM, tile.w, tile.bottom - square.bottom - 1.5 * MM)
        items += text_box(ctx, ATTRIBUTE_USES[name], uses, _body(ctx, 7, color="muted", align="center"), None,
                          what="attribute uses")
    items.append(Rect(rule_box.x - 1 * MM, rule_box.y, rule_box.w + 2 * MM, rule_box.h, stroke=None,
                      fill=tint(color, 0.9), radius=1 * MM))
    items += text_box(ctx, ACTION_ROLL, rule_box.inset(1.5 * MM, 0.8 * MM), _body(ctx, 7.5), None, valign="middle",
                      what="action roll reminder")
    return items


def _health(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Hit points and DEFENCE", color)
    top, rest = inner.split_top(14 * MM, 2.5 * MM)
    defence, rest_top = top.split_left(17 * MM, 3 * MM)
    hp, armour = rest_top.split_left(17 * MM, 4 * MM)
    items += _value_tile(ctx, defence, "DEFENCE", v.defence, color, field=_field(v, "defence"))
    items += _value_tile(ctx, hp, "NORMAL HP", v.hp, color, field=_field(v, "hp"))
    name_box = Box(armour.x, armour.y, armour.w, 9 * MM)
    items += labeled_value(ctx, name_box, "Armour", v.armour, v.src("armour", "name"), size=9, field=_field(v, "armour"))
    dv_text = (f"DV {v.armour_dv}: weighs {ITEMS_PER_DV * int(v.armour_dv)} items" if v.armour_dv
               else f"DV 0–4: each DV weighs {ITEMS_PER_DV} items")
    items += one_line(ctx, dv_text, Box(armour.x, name_box.bottom + 1 * MM, armour.w, armour.bottom - name_box.bottom - 1 * MM),
                      _body(ctx, 7, color="muted"), v.src("armour", "dv"), valign="top")
    blank_note = " Shade the boxes beyond your HP." if v.fillable else ""
    blocks = [
        HpBoxes(v.hp_boxes, v.hp_lost, size=4.2 * MM, gap=1.0 * MM, color=ctx.color("ink"), min_scale=0.6,
                group_id="hp"),
        Spacer(2 * MM),
        Paragraph(ctx, HIT_POINTS + blank_note, _body(ctx, 7)),
    ]
    items += fit_blocks(ctx, blocks, rest, what="hit points")
    return items


def _fate(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Fate points", color)
    top, rest = inner.split_top(14 * MM, 2.5 * MM)
    tile, track = top.split_left(17 * MM, 4 * MM)
    items += _value_tile(ctx, tile, "FP NOW", v.fate_points, color, field=_field(v, "fate_points"))
    per_row = FP_CIRCLES // 2
    gap = 1.2 * MM
    r = min(2.3 * MM, (track.w - gap * (per_row - 1)) / (2 * per_row))
    circles: list[Item] = []
    for i in range(FP_CIRCLES):
        row, col = divmod(i, per_row)
        cx = track.x + r + col * (2 * r + gap)
        cy = track.y + 4.6 * MM + r + row * (2 * r + 1.6 * MM)
        owned = i < v.fate_owned
        circles.append(Circle(cx, cy, r, stroke=color, width=0.8, fill=tint(color, 0.7) if owned else None,
                              cls="fp owned" if owned else "fp"))
    items.append(Group(tuple(circles), id="fp-track", cls="fp-track"))
    items += one_line(ctx, "Shade one per FP earned; cross out FP spent.",
                      Box(track.x, track.y, track.w, 3.4 * MM), _body(ctx, 7, color="muted"), None, valign="top")
    blocks = [Paragraph(ctx, FATE_POINTS, _body(ctx, 7)), Spacer(1.2 * MM), Paragraph(ctx, HEROIC_ACTION, _body(ctx, 7))]
    items += fit_blocks(ctx, blocks, rest, what="fate points")
    return items


def _line_pitch(ctx: LayoutContext, box: Box, entries: int, source) -> float:
    """The ruling for a list: generous, tighter if the entries need it, an error if they cannot fit."""
    pitch = min(LINE_PITCH, box.h / max(entries + 1, 1))
    if pitch < MIN_LINE_PITCH:
        ctx.error(source, "layout.text-overflow",
                  f"{entries} entries do not fit the sheet's list (room for {int(box.h // MIN_LINE_PITCH) - 1})",
                  "merge some entries (a `Sack of tools`), or keep a second list on paper")
        pitch = MIN_LINE_PITCH
    return pitch


def _items(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Items", color)
    weight_w = 16 * MM
    head = Box(inner.x, inner.y, inner.w, 3.4 * MM)
    label = TextStyle(size=6.5, font="bold", color=ctx.color("muted"), min_size=5)
    items += one_line(ctx, "ITEM", Box(head.x, head.y, head.w - weight_w, head.h), label, None, valign="top")
    items += one_line(ctx, "WEIGHS", Box(head.right - weight_w, head.y, weight_w, head.h), TextStyle(
        size=6.5, font="bold", color=ctx.color("muted"), min_size=5, align="right"), None, valign="top")
    lines = Box(inner.x, head.bottom, inner.w, inner.bottom - head.bottom)
    pitch = _line_pitch(ctx, lines, len(v.items), v.src("items"))
    items += writing_lines(ctx, lines, pitch=pitch)
    items.append(Path(line(lines.right - weight_w, lines.y + 1 * MM, lines.right - weight_w, lines.bottom),
                      stroke=tint(ctx.color("rule"), 0.3), width=0.4))
    text = _body(ctx, 9)
    for i, entry in enumerate(v.items):
        row = Box(lines.x, lines.y + i * pitch, lines.w, pitch - 0.6 * MM)
        items += one_line(ctx, entry.text, Box(row.x + 1 * MM, row.y, row.w - weight_w - 2 * MM, row.h), text,
                          entry.source, valign="bottom", what="item")
        items += one_line(ctx, entry.detail, Box(row.right - weight_w, row.y, weight_w - 1 * MM, row.h),
                          _body(ctx, 9, align="right"), None, valign="bottom")
    return items


def _carrying(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Carrying", color)
    top, rest = inner.split_top(12 * MM, 2 * MM)
    cap, rest_top = top.split_left(16 * MM, 3 * MM)
    carried, enc = rest_top.split_left(16 * MM, 3 * MM)
    cap_text = str(v.capacity) if v.capacity is not None else ""
    items += _value_tile(ctx, cap, "CAPACITY", cap_text, color, field=_field(v, "capacity"), size=14)
    items += _value_tile(ctx, carried, "CARRIED", str(v.carried) if v.carried is not None else "", color,
                         field=_field(v, "carried"), size=14)
    box_items, mark = check_boxes(ctx, enc.x, enc.y + 4.5 * MM, 1, checked=1 if v.encumbered else 0, size=5 * MM,
                                  color=color, field_prefix="encumbered" if v.fillable else None)
    items.append(Group(tuple(box_items), id="encumbered", cls="checked" if v.encumbered else "unchecked"))
    items += one_line(ctx, "ENCUMBERED", Box(mark.right + 2 * MM, mark.y, enc.right - mark.right - 2 * MM, mark.h),
                      TextStyle(size=9, font="bold", color=color if v.encumbered else ctx.color("muted"), min_size=6),
                      None)
    meter, rest = rest.split_top(min(rest.h * 0.45, 16 * MM), 2 * MM)
    items += _capacity_meter(ctx, meter, v, color)
    coins, rest = rest.split_top(9 * MM, 2 * MM)
    coin_box, load_box = coins.split_left(24 * MM, 3 * MM)
    items += labeled_value(ctx, coin_box, "Coins", v.coins, v.src("coins"), size=10, field=_field(v, "coins"))
    if v.load:
        load = v.load
        breakdown = (f"items {load['items']} · armour {load['armour']} · coins {load['coins']} · "
                     f"magic {load['magic_items']}")
        items += labeled_value(ctx, load_box, "Made up of", breakdown, None, size=8)
    items += text_box(ctx, CARRYING, rest, _body(ctx, 7), None, what="carrying reminder")
    return items


def _capacity_meter(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    """Numbered cells, one per item: shaded up to what is carried, with a bar after the
    last item that can be carried unencumbered."""
    per_row = 10
    wanted = max(20, v.carried or 0, v.capacity or 0)
    count = -(-wanted // per_row) * per_row
    rows = count // per_row
    gap = 0.8 * MM
    cell_w = (box.w - gap * (per_row - 1)) / per_row
    cell_h = min(5 * MM, (box.h - gap * (rows - 1)) / rows)
    items: list[Item] = []
    cells: list[Item] = []
    carried = v.carried or 0
    capacity = v.capacity
    for i in range(count):
        r, c = divmod(i, per_row)
        x, y = box.x + c * (cell_w + gap), box.y + r * (cell_h + gap)
        n = i + 1
        over = capacity is not None and n > capacity
        fill = None
        if n <= carried:
            fill = tint("#c0392b", 0.55) if over else tint(color, 0.65)
        cls = "cell" + (" carried" if n <= carried else "") + (" over" if over else "")
        cells.append(Rect(x, y, cell_w, cell_h, stroke=ctx.color("rule"), width=0.5, fill=fill, radius=0.6 * MM,
                          dash=(1.2, 1.0) if over else None, cls=cls))
        items += one_line(ctx, str(n), Box(x, y, cell_w, cell_h),
                          TextStyle(size=6, color=ctx.color("muted"), align="center", min_size=4), None)
        if capacity is not None and n == capacity:
            items.append(Path(line(x + cell_w + gap / 2, y - 0.8 * MM, x + cell_w + gap / 2, y + cell_h + 0.8 * MM),
                              stroke=color, width=1.6))
        if capacity is None and n == CARRY_BASE:
            items.append(Path(line(x + cell_w + gap / 2, y - 0.5 * MM, x + cell_w + gap / 2, y + cell_h + 0.5 * MM),
                              stroke=ctx.color("muted"), width=0.8))
    return [Group(tuple(cells), id="capacity-meter", cls="capacity-meter")] + items


def _entry_paragraphs(ctx: LayoutContext, entries) -> list:
    blocks: list = []
    for entry in entries:
        text = f"**{entry.text}.** {entry.detail}" if entry.detail else entry.text
        blocks += [Paragraph(ctx, text, _body(ctx, 7.5), entry.source), Spacer(1.2 * MM)]
    return blocks


def _written_then_lines(ctx: LayoutContext, box: Box, blocks: list) -> list[Item]:
    """Entries at the top of the box, then ruled lines for more below them."""
    if not blocks:
        return writing_lines(ctx, box, pitch=LINE_PITCH)
    items = fit_blocks(ctx, blocks, box, what="list")
    used = min(box.h, stack_height(ctx, blocks, box.w, 1.0))
    free = Box(box.x, box.y + used, box.w, box.h - used)
    if free.h >= LINE_PITCH:
        items += writing_lines(ctx, free, pitch=LINE_PITCH)
    return items


def _magic(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Magic items", color)
    body, rule = inner.split_top(inner.h - 7.5 * MM, 1.5 * MM)
    items += _written_then_lines(ctx, body, _entry_paragraphs(ctx, v.magic_items))
    items += text_box(ctx, MAGIC_ITEMS, rule, _body(ctx, 7, color="muted"), None, valign="bottom", what="magic reminder")
    return items


def _notes(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Background and notes", color)
    body, rule = inner.split_top(inner.h - 7.5 * MM, 1.5 * MM)
    blocks: list = []
    for entry in v.notes:
        blocks += [Paragraph(ctx, entry.text, _body(ctx, 8), entry.source), Spacer(1.2 * MM)]
    items += _written_then_lines(ctx, body, blocks)
    items += text_box(ctx, AFTER_ADVENTURE, rule, _body(ctx, 7, color="muted"), None, valign="bottom",
                      what="after the adventure reminder")
    return items
