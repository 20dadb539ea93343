"""The gear half of the KUBOS character sheet: items, carrying (with the capacity
meter and the ENCUMBERED mark), coins, magic items, background and notes."""

from __future__ import annotations

from sheetgen.layout.colors import legible, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Group, Item, Path, Rect, line
from sheetgen.layout.sheets.kubos import captions
from sheetgen.layout.sheets.kubos.character_values import SheetValues
from sheetgen.layout.sheets.kubos.pieces import body_style, value_tile
from sheetgen.layout.text import Paragraph, Spacer, TextStyle, fit_blocks, one_line, stack_height, text_box
from sheetgen.layout.widgets import check_boxes, labeled_value, line_field, section, writing_lines
from sheetgen.rules.kubos.core import ATTRIBUTE_MAX, CARRY_BASE, carry_capacity
from sheetgen.units import MM

LINE_PITCH = 6.5 * MM
MIN_LINE_PITCH = 4.8 * MM
OVERLOAD = "#c0392b"  # the encumbered part of the capacity meter
METER_MAX = 40  # cells: STRENGTH 3 carries 18, so 40 shows even a badly overloaded hero
MOST_ITEMS = carry_capacity(ATTRIBUTE_MAX)  # 18: what the strongest hero carries unencumbered
LIST_GAP = 5 * MM  # between the item list's two columns
WEIGHT_W = 16 * MM  # the WEIGHS column of a list one column wide
NARROW_WEIGHT_W = 11.5 * MM  # … and of each of two ("WEIGHS" is 10.4mm wide at 6.5pt)


def _list_shape(ctx: LayoutContext, h: float, v: SheetValues) -> tuple[int, int, float]:
    """How the item list is ruled: (columns, entries per column, pitch).

    A character's items take one column, its ruling tightened as the list grows; a
    list too long for one column goes on in a second, so that each of the 18 items
    the strongest hero carries before being ENCUMBERED (9 + STRENGTH², STRENGTH 3)
    has a line of its own: two columns hold 18 entries on Letter paper, 22 on A4. A
    blank sheet is ruled in two columns, a line for each of those 18 items. A longer
    list (only an ENCUMBERED hero's heavy load) is an error whose hint says how to
    write it in fewer entries."""
    if v.fillable:
        rows = -(-MOST_ITEMS // 2)
        return 2, rows, min(LINE_PITCH, h / rows)
    n = len(v.items)
    fits = int(h // MIN_LINE_PITCH) - 1  # entries a column holds, with a free line under them
    if n <= fits:
        return 1, max(n, 1), min(LINE_PITCH, h / max(n + 1, 1))
    rows = -(-n // 2)
    pitch = min(LINE_PITCH, h / (rows + 1))
    if pitch < MIN_LINE_PITCH:
        ctx.error(
            v.src("items"),
            "layout.text-overflow",
            f"{n} entries do not fit the sheet's list (room for {2 * fits}, in two columns)",
            f"the rules count items, not entries, and the list has a line for each of the {MOST_ITEMS} items "
            f"even STRENGTH {ATTRIBUTE_MAX} carries before being ENCUMBERED; for a heavier load, write what is "
            "carried together as one entry with its count (`{name: Sack of tools, count: 4}` still weighs "
            "4 items)",
        )
        pitch = MIN_LINE_PITCH
    return 2, rows, pitch


def items_section(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    """The items a character carries, one a line with what each weighs: in one column,
    or in two (read down the left, then the right) when the list is long, and on a
    blank sheet."""
    items, inner = section(ctx, box, "Items", color)
    head_h = 3.4 * MM
    columns, rows, pitch = _list_shape(ctx, inner.h - head_h, v)
    weight_w = WEIGHT_W if columns == 1 else NARROW_WEIGHT_W
    label = TextStyle(size=6.5, font="bold", color=ctx.color("muted"), min_size=6)
    ruling: list[Item] = []
    written: list[Item] = []
    for c, column in enumerate(inner.columns(columns, LIST_GAP)):
        head = Box(column.x, column.y, column.w, head_h)
        items += one_line(ctx, "ITEM", Box(head.x, head.y, head.w - weight_w, head.h), label, None, valign="top")
        items += one_line(
            ctx,
            "WEIGHS",
            Box(head.right - weight_w, head.y, weight_w, head.h),
            TextStyle(size=6.5, font="bold", color=ctx.color("muted"), min_size=6, align="right"),
            None,
            valign="top",
        )
        lines = Box(column.x, head.bottom, column.w, column.bottom - head.bottom)
        ruling += writing_lines(ctx, lines, pitch=pitch)
        if v.fillable:
            items += _item_fields(ctx, lines, pitch, weight_w, c)
        ruling.append(
            Path(
                line(lines.right - weight_w, lines.y + 1 * MM, lines.right - weight_w, lines.bottom),
                stroke=tint(ctx.color("rule"), 0.3),
                width=0.4,
            )
        )
        text = body_style(ctx, 9)
        for i, entry in enumerate(v.items[c * rows : (c + 1) * rows]):
            row = Box(lines.x, lines.y + i * pitch, lines.w, pitch - 0.6 * MM)
            written += one_line(
                ctx,
                entry.text,
                Box(row.x + 1 * MM, row.y, row.w - weight_w - 2 * MM, row.h),
                text,
                entry.source,
                valign="bottom",
                what="item",
            )
            written += one_line(
                ctx,
                entry.detail,
                Box(row.right - weight_w, row.y, weight_w - 1 * MM, row.h),
                body_style(ctx, 9, align="right"),
                None,
                valign="bottom",
            )
    return items + [Group(tuple(ruling), id="item-lines", cls=f"item-lines columns-{columns}")] + written


def _item_fields(ctx: LayoutContext, lines: Box, pitch: float, weight_w: float, column: int) -> list[Item]:
    """A blank sheet's fields on a column's item lines: the item, and what it weighs."""
    count = int((lines.h + 0.01) // pitch)
    out: list[Item] = []
    for k in range(count):
        n = column * count + k + 1
        row = Box(lines.x, lines.y + k * pitch, lines.w, pitch)
        out.append(line_field(ctx, f"item_{n}", Box(row.x, row.y, row.w - weight_w - 1 * MM, row.h), f"Item {n}"))
        out.append(
            line_field(ctx, f"item_{n}_weighs", Box(row.right - weight_w, row.y, weight_w, row.h), f"Item {n}: weighs")
        )
    return out


def carrying_section(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Carrying", color)
    top, rest = inner.split_top(12 * MM, 2 * MM)
    cap, rest_top = top.split_left(16 * MM, 3 * MM)
    carried, enc = rest_top.split_left(16 * MM, 3 * MM)
    cap_text = str(v.capacity) if v.capacity is not None else ""
    items += value_tile(
        ctx,
        cap,
        "CAPACITY",
        cap_text,
        color,
        field=v.field("capacity"),
        source=v.src("attributes", "strength"),
        size=14,
    )
    items += value_tile(
        ctx,
        carried,
        "CARRIED",
        str(v.carried) if v.carried is not None else "",
        color,
        field=v.field("carried"),
        source=v.src("items"),
        size=14,
    )
    box_items, mark = check_boxes(
        ctx,
        enc.x,
        enc.y + 4.5 * MM,
        1,
        checked=1 if v.encumbered else 0,
        size=5 * MM,
        color=color,
        field_prefix="encumbered" if v.fillable else None,
    )
    items.append(Group(tuple(box_items), id="encumbered", cls="checked" if v.encumbered else "unchecked"))
    items += one_line(
        ctx,
        "ENCUMBERED",
        Box(mark.right + 2 * MM, mark.y, enc.right - mark.right - 2 * MM, mark.h),
        TextStyle(
            size=9,
            font="bold",
            color=legible(color, ctx.color("paper")) if v.encumbered else ctx.color("muted"),
            min_size=6,
        ),
        None,
    )
    meter, rest = rest.split_top(min(rest.h * 0.45, 16 * MM), 2 * MM)
    items += _capacity_meter(ctx, meter, v, color)
    coins, rest = rest.split_top(9 * MM, 2 * MM)
    coin_box, load_box = coins.split_left(18 * MM, 3 * MM)
    items += labeled_value(ctx, coin_box, "Coins", v.coins, v.src("coins"), size=10, field=v.field("coins"))
    if v.load is not None:
        load = v.load
        breakdown = f"items {load.items} · armour {load.armour} · coins {load.coins} · magic {load.magic_items}"
        items += _breakdown(ctx, load_box, breakdown, v.src("items"))
    items += text_box(ctx, captions.carrying(), rest, body_style(ctx), None, what="carrying reminder")
    return items


def _breakdown(ctx: LayoutContext, box: Box, text: str, source) -> list[Item]:
    """The load's parts, as a labelled value on a line that may wrap to two lines
    when a heavy load makes the numbers long."""
    items = one_line(
        ctx,
        "MADE UP OF",
        Box(box.x, box.y, box.w, 3 * MM),
        TextStyle(size=6, font="bold", color=ctx.color("muted"), min_size=6),
        None,
        valign="top",
    )
    value = Box(box.x, box.y + 3.4 * MM, box.w, box.h - 3.4 * MM - 0.4 * MM)
    items += text_box(
        ctx,
        text,
        value,
        TextStyle(size=8, min_size=7.5, leading=1.1, color=ctx.color("ink")),
        source,
        valign="bottom",
        what="load breakdown",
    )
    items.append(Path(line(box.x, box.bottom, box.right, box.bottom), stroke=ctx.color("rule"), width=0.5))
    return items


def _capacity_meter(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    """Numbered cells, one per item: shaded up to what is carried, with a bar after the
    last item that can be carried unencumbered."""
    per_row = 10
    wanted = min(METER_MAX, max(20, v.carried or 0, v.capacity or 0))  # a hoard beyond the meter fills it
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
            fill = tint(OVERLOAD, 0.55) if over else tint(color, 0.65)
        cls = "cell" + (" carried" if n <= carried else "") + (" over" if over else "")
        cells.append(
            Rect(
                x,
                y,
                cell_w,
                cell_h,
                stroke=ctx.color("rule"),
                width=0.5,
                fill=fill,
                radius=0.6 * MM,
                dash=(1.2, 1.0) if over else None,
                cls=cls,
            )
        )
        items += one_line(
            ctx,
            str(n),
            Box(x, y, cell_w, cell_h),
            TextStyle(size=6, color=ctx.color("muted"), align="center", min_size=6),
            None,
        )
        if capacity is not None and n == capacity:
            items.append(
                Path(
                    line(x + cell_w + gap / 2, y - 0.8 * MM, x + cell_w + gap / 2, y + cell_h + 0.8 * MM),
                    stroke=color,
                    width=1.6,
                )
            )
        if capacity is None and n == CARRY_BASE:
            items.append(
                Path(
                    line(x + cell_w + gap / 2, y - 0.5 * MM, x + cell_w + gap / 2, y + cell_h + 0.5 * MM),
                    stroke=ctx.color("muted"),
                    width=0.8,
                )
            )
    return [Group(tuple(cells), id="capacity-meter", cls="capacity-meter")] + items


def _entry_paragraphs(ctx: LayoutContext, entries) -> list:
    blocks: list = []
    for entry in entries:
        text = f"**{entry.text}.** {entry.detail}" if entry.detail else entry.text
        blocks += [Paragraph(ctx, text, body_style(ctx, 7.5), entry.source), Spacer(1.2 * MM)]
    return blocks


def _written_then_lines(
    ctx: LayoutContext, box: Box, blocks: list, field: str | None = None, tooltip: str = ""
) -> list[Item]:
    """Entries at the top of the box, then ruled lines for more below them (on a blank
    sheet, with a form field named after `field` on each)."""
    if not blocks:
        return writing_lines(ctx, box, pitch=LINE_PITCH, field=field, tooltip=tooltip)
    items = fit_blocks(ctx, blocks, box, what="list")
    used = min(box.h, stack_height(ctx, blocks, box.w, 1.0))
    free = Box(box.x, box.y + used, box.w, box.h - used)
    if free.h >= LINE_PITCH:
        items += writing_lines(ctx, free, pitch=LINE_PITCH)
    return items


def magic_section(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Magic items", color)
    body, rule = inner.split_top(inner.h - 12.5 * MM, 1.5 * MM)
    items += _written_then_lines(ctx, body, _entry_paragraphs(ctx, v.magic_items), v.field("magic_item"), "Magic item")
    items += text_box(
        ctx, captions.magic_items(), rule, body_style(ctx, color="muted"), None, valign="bottom", what="magic reminder"
    )
    return items


def notes_section(ctx: LayoutContext, box: Box, v: SheetValues, color: str) -> list[Item]:
    items, inner = section(ctx, box, "Background and notes", color)
    body, rule = inner.split_top(inner.h - 11 * MM, 1.5 * MM)
    blocks: list = []
    for entry in v.notes:
        blocks += [Paragraph(ctx, entry.text, body_style(ctx, 8), entry.source), Spacer(1.2 * MM)]
    items += _written_then_lines(ctx, body, blocks, v.field("notes"), "Background and notes")
    items += text_box(
        ctx,
        captions.after_adventure(),
        rule,
        body_style(ctx, color="muted"),
        None,
        valign="bottom",
        what="after the adventure reminder",
    )
    return items
