"""More panels of the CUBES! record sheet: CUBE construction (a 3 × 3 × 3 block to
tick per CUBE that can be built), the CUBES owned, first contacts and embassy cubes
per rival, and the actions a Kairotic Moment blocks."""

from __future__ import annotations

from sheetgen.layout.cards import cube_glyph
from sheetgen.layout.colors import shade, tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Field, Group, Item, Path, line
from sheetgen.layout.sheets.cubes import captions
from sheetgen.layout.sheets.cubes.common import Record
from sheetgen.layout.sheets.cubes.pieces import check_square, cube_block, iso_block_size, label_style, pencil_box
from sheetgen.layout.sheets.cubes.record_panels import GAP, caption, swatch
from sheetgen.layout.text import Paragraph, TextStyle, fit_blocks, fit_scale, one_line, restyle, text_box
from sheetgen.layout.widgets import section
from sheetgen.rules.cubes.rulebook import ACTIONS, CUBES_AT_START, CUBES_TO_WIN, ordinal
from sheetgen.rules.cubes.values import Rival
from sheetgen.units import MM

CIV_KIND = "cubes-civilization"

# --- construction -----------------------------------------------------------------------------


def construction_panel(ctx: LayoutContext, box: Box, v: Record, color: str) -> list[Item]:
    """One block of 27 cubes per CUBE that can be built, then the permanent additions
    and the rule beside them."""
    items, inner = section(ctx, box, "CUBE construction", color)
    side = 54 * MM
    blocks, rest = inner.split_left(inner.w - side, GAP)
    to_build = CUBES_TO_WIN - CUBES_AT_START
    cols = blocks.columns(to_build, GAP)
    head = 4 * MM
    s = min((cols[0].w - 2 * MM) / (6 * 0.8660254), (cols[0].h - head - 0.5 * MM) / 6)
    _, bh = iso_block_size(s)
    for n, col in enumerate(cols):
        cube_number = CUBES_AT_START + n + 1
        items += one_line(
            ctx,
            f"{ordinal(cube_number)} CUBE",
            Box(col.x, col.y, col.w, head),
            TextStyle(size=8.5, font="bold", color=ctx.color("ink"), align="center", min_size=6),
            None,
            valign="top",
        )
        top = col.y + head + (col.h - head - bh) / 2
        items.append(
            Group(
                tuple(cube_block(ctx, col.x + col.w / 2, top, s, color)), id=v.element_id(f"construction-{cube_number}")
            )
        )
    adds, text = rest.split_top(12 * MM, 1.5 * MM)
    items += one_line(ctx, "PERMANENT +1s", Box(adds.x, adds.y, adds.w, 3 * MM), label_style(ctx), None, valign="top")
    items += pencil_box(
        ctx,
        Box(adds.x, adds.y + 3.2 * MM, 16 * MM, adds.h - 3.2 * MM),
        field="construction_additions" if v.fillable else None,
        tooltip="Permanent additions to the cubes moved per Construction",
        size=12,
    )
    items += fit_blocks(ctx, [caption(ctx, captions.construction_rule())], text, what="construction reminder")
    return items


def cubes_owned_panel(ctx: LayoutContext, box: Box, v: Record, color: str) -> list[Item]:
    """A CUBE glyph and a box per CUBE a civilization may hold, the first held at start."""
    items, inner = section(ctx, box, "CUBES owned", color)
    row, text = inner.split_top(inner.h * 0.5, 1.5 * MM)
    cols = row.columns(CUBES_TO_WIN, 2 * MM)
    tick = 4.2 * MM
    size = min(cols[0].w * 0.6, row.h - tick - 2 * MM)
    group: list[Item] = []
    for n, col in enumerate(cols, start=1):
        cy = col.y + size / 2
        group += cube_glyph(
            col.x + col.w / 2,
            cy,
            size,
            tint(color, 0.8),
            tint(color, 0.45),
            shade(color, 0.1),
            stroke=shade(color, 0.4),
        )
        y = row.bottom - tick
        label = "at start" if n <= CUBES_AT_START else ("you win" if n == CUBES_TO_WIN else "limit ×2")
        style = TextStyle(size=7.5, color=ctx.color("ink"), min_size=6)
        width = tick + 1.2 * MM + min(ctx.fonts.width(label, "regular", 7.5), col.w - tick - 1.2 * MM)
        x = col.x + (col.w - width) / 2
        group += check_square(
            ctx,
            x,
            y,
            tick,
            checked=n <= CUBES_AT_START,
            field=f"cube_{n}" if v.fillable else None,
            tooltip=f"CUBE {n} owned",
        )
        group += one_line(ctx, label, Box(x + tick + 1.2 * MM, y, col.right - x - tick - 1.2 * MM, tick), style, None)
    items.append(Group(tuple(group), id=v.element_id("cubes-owned")))
    items += fit_blocks(ctx, [caption(ctx, captions.cubes_owned_rule())], text, what="CUBES reminder")
    return items


# --- contacts ---------------------------------------------------------------------------------

CONTACT_COLUMNS = (("CONTACT", 14 * MM), ("THEIRS HERE", 18 * MM), ("MINE THERE", 18 * MM))
NAME_MIN = 30 * MM  # the least the rivals' names keep of the contacts table


def contacts_panel(ctx: LayoutContext, box: Box, v: Record, color: str) -> list[Item]:
    """A row per rival (named when the civilization plays in a game): a box to tick at
    First Contact, and the embassy cubes each way."""
    items, inner = section(ctx, box, "First contacts and embassies", color)
    reminder = caption(ctx, captions.contacts_rule())
    table, text = inner.split_top(inner.h - reminder.height(ctx, inner.w, 1.0) - 1.2 * MM, 1 * MM)
    head_h = 3.4 * MM
    rows = v.rival_rows
    pitch = (table.h - head_h) / rows
    columns = contact_columns(ctx, table.w)
    name_w = table.w - sum(columns)
    x = table.x + name_w
    items += one_line(ctx, "RIVAL", Box(table.x, table.y, name_w, head_h), label_style(ctx), None, valign="top")
    for (title, _), w in zip(CONTACT_COLUMNS, columns):
        items += one_line(ctx, title, Box(x, table.y, w, head_h), label_style(ctx, "center"), None, valign="top")
        x += w
    group: list[Item] = []
    for r in range(rows):
        y = table.y + head_h + r * pitch
        rival = v.rivals[r] if r < len(v.rivals) else None
        group += contact_row(ctx, Box(table.x, y, table.w, pitch), r + 1, rival, name_w, columns, v)
    items.append(Group(tuple(group), id=v.element_id("contacts")))
    items += fit_blocks(ctx, [reminder], text, what="contacts reminder")
    return items


def contact_columns(ctx: LayoutContext, width: float) -> list[float]:
    """The widths of the contact columns in a table `width` wide: as wide as their headings
    need at the smallest size in the theme's font, taken from the rivals' names while
    these keep `NAME_MIN` (else the headings are shortened)."""
    style = label_style(ctx)
    grown = [max(w, ctx.fonts.width(title, style.font, style.min_size) + 1.5 * MM) for title, w in CONTACT_COLUMNS]
    return grown if width - sum(grown) >= NAME_MIN else [w for _, w in CONTACT_COLUMNS]


def contact_row(
    ctx: LayoutContext, row: Box, n: int, rival: Rival | None, name_w: float, columns: list[float], v: Record
) -> list[Item]:
    items: list[Item] = [
        Path(line(row.x, row.bottom, row.right, row.bottom), stroke=tint(ctx.color("rule"), 0.3), width=0.4)
    ]
    h = min(row.h - 1.6 * MM, 8 * MM)
    y = row.y + (row.h - h) / 2
    side = min(4.5 * MM, row.h - 1 * MM)  # a gap between the swatches of rows packed close on Letter
    sw = Box(row.x, row.y + (row.h - side) / 2, side, side)
    items += swatch(ctx, sw, rival.color if rival else None)
    name = Box(sw.right + 2 * MM, y, name_w - sw.w - 4 * MM, h)
    if rival:
        who = rival.player + (f" · {rival.name}" if rival.name else "")
        # Too long a name is the rival's to shorten: report it at their document.
        doc = (CIV_KIND, rival.id)
        source = Source(doc, ("name" if rival.name else "player",))
        style = TextStyle(size=8.5, color=ctx.color("ink"), min_size=6.5, leading=1.0)
        if fit_scale(ctx, [Paragraph(ctx, who, style, source)], name)[1]:
            items += text_box(ctx, who, name, style, source, valign="middle", what="rival's name")
        elif rival.name:  # the player over the civilization, each on its line (and cut, said, if need be)
            top, bottom = name.split_top(name.h / 2)
            items += one_line(
                ctx,
                rival.player,
                top,
                style,
                Source(doc, ("player",)),
                valign="bottom",
                what="rival's player",
                abbreviate=True,
            )
            items += one_line(
                ctx, rival.name, bottom, style, source, valign="top", what="rival's name", abbreviate=True
            )
        else:  # a label, not the rules: where even two lines cannot hold it, it is cut, with a warning
            items += one_line(ctx, who, name, style, source, what="rival's name", abbreviate=True)
    else:
        items.append(
            Path(
                line(name.x, name.bottom - 0.5 * MM, name.right, name.bottom - 0.5 * MM),
                stroke=ctx.color("rule"),
                width=0.5,
            )
        )
        if v.fillable:
            items.append(
                Field(
                    f"rival_{n}",
                    "text",
                    name.x,
                    name.y,
                    name.w,
                    name.h - 0.5 * MM,
                    tooltip=f"Rival {n}",
                    font=ctx.fonts.face("regular"),
                    size=10,
                )
            )
    x = row.x + name_w
    tick = min(4.6 * MM, h)
    w_contact, w_theirs, w_mine = columns
    items += check_square(
        ctx,
        x + w_contact / 2 - tick / 2,
        row.y + (row.h - tick) / 2,
        tick,
        field=f"rival_{n}_contact" if v.fillable else None,
        tooltip=f"First Contact with rival {n}",
    )
    x += w_contact
    for key, w in (("theirs", w_theirs), ("mine", w_mine)):
        bw = min(13 * MM, w - 3 * MM)
        items += pencil_box(
            ctx,
            Box(x + (w - bw) / 2, y, bw, h),
            field=f"rival_{n}_{key}" if v.fillable else None,
            tooltip=f"Embassy cubes ({key}) with rival {n}",
            size=11,
        )
        x += w
    return items


# --- blocked actions --------------------------------------------------------------------------


def blocked_panel(ctx: LayoutContext, box: Box, v: Record, color: str) -> list[Item]:
    """The twelve actions by their d12 number, each with a box for the turn its block
    ends, and a count of extra actions earned."""
    items, inner = section(ctx, box, "Blocked actions", color)
    reminder = caption(ctx, captions.blocked_rule())
    grid, bottom = inner.split_top(inner.h - reminder.height(ctx, inner.w, 1.0) - 1.2 * MM, 1 * MM)
    per_column = len(ACTIONS) // 2
    columns = grid.columns(2, GAP)
    rows = [column.rows(per_column + 1, 0.8 * MM) for column in columns]
    # The boxes give up to 3 mm to the actions' names where the theme's font is wide.
    widest = max(ctx.fonts.width(a, ACTION_STYLE.font, ACTION_STYLE.min_size) for a in (*ACTIONS, EXTRA_ACTIONS))
    box_w = max(7 * MM, min(10 * MM, columns[0].w - 6.4 * MM - widest))
    group: list[Item] = []
    for i, action in enumerate(ACTIONS):
        group += action_cell(ctx, rows[i // per_column][i % per_column], str(i + 1), action, v, box_w)
    group += action_cell(ctx, rows[0][per_column], "+", EXTRA_ACTIONS, v, box_w, field="extra_actions")
    items.append(Group(tuple(group), id=v.element_id("blocked")))
    items += fit_blocks(ctx, [reminder], bottom, what="blocked reminder")
    return items


EXTRA_ACTIONS = "Extra actions earned"
ACTION_STYLE = TextStyle(size=8.5, color="#000000", min_size=6)


def action_cell(
    ctx: LayoutContext, cell: Box, n: str, action: str, v: Record, box_w: float, field: str | None = None
) -> list[Item]:
    """`7 Movement` with a box `box_w` wide for the turn its block ends."""
    items: list[Item] = []
    items += one_line(
        ctx,
        n,
        Box(cell.x, cell.y, 4 * MM, cell.h),
        TextStyle(size=8, font="bold", color=ctx.color("muted"), min_size=6, align="right"),
        None,
    )
    items += one_line(
        ctx,
        action,
        Box(cell.x + 5.2 * MM, cell.y, cell.w - box_w - 6.4 * MM, cell.h),
        restyle(ACTION_STYLE, color=ctx.color("ink")),
        None,
    )
    items += pencil_box(
        ctx,
        Box(cell.right - box_w, cell.y + 0.2 * MM, box_w, cell.h - 0.4 * MM),
        field=(field or f"blocked_{action.lower().replace(' ', '_')}") if v.fillable else None,
        tooltip=action if field else f"{action} blocked until the end of turn",
        size=9,
    )
    return items
