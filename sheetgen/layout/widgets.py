"""Pieces of printed sheets shared by every game: the page frame, labelled boxes,
token circles, check boxes, writing lines and section headings.

Every function returns primitives for an explicit box; nothing depends on the
order of calls.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from sheetgen.layout.colors import legible, readable_on, tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Circle, Field, Group, Item, Page, Path, Rect, Text, line, walk
from sheetgen.layout.text import Paragraph, TextStyle, fit_blocks, one_line, text_box
from sheetgen.units import INCH, MM

MARGIN = 12 * MM
# Lines to write on: wide and dark enough that a 600 dpi black-and-white laser prints them
# as lines rather than a trail of screened dots.
WRITING_WIDTH = 0.5  # points
WRITING_INK = "#6e6e6e"  # 57% black
SAFE = 4.0 * MM  # from a trim (or the printable margin) to text
SCALE_BAR_H = 3.0 * MM


def sheet_margin(ctx: LayoutContext) -> float:
    """How far a sheet's frame stays from the paper's edge at its top and sides: `MARGIN`,
    or the printable margin where that is wider (the header band may reach it; its
    words are inset). At its foot the frame keeps its footer inside the printable
    margin too (`page_frame`)."""
    return max(MARGIN, ctx.theme.printable_margin)


def scale_bar(ctx: LayoutContext, box: Box, align: str = "center") -> list[Item]:
    """A bar of known length (50 mm on A4, 2 in on Letter) and its caption, to check a
    print came out at 100 %: across `box` when it is wide (at its foot), up it when it is
    tall; centred along it, or at its end (`align="end"`). Nothing when it does not fit."""
    letter = ctx.theme.paper_name == "letter"
    length, parts, name = (2 * INCH, 4, "2 in") if letter else (50 * MM, 5, "50 mm")
    caption = f"{name}: measure this bar to check the print is at 100 %"
    style = TextStyle(size=6.5, color=ctx.color("ink"), min_size=6.5)
    text_w = ctx.fonts.width(caption, "regular", 6.5)
    vertical = box.h > box.w
    span, room = (box.h, box.w) if vertical else (box.w, box.h)
    depth = SCALE_BAR_H
    if length + 2 * MM + text_w > span:
        caption, text_w = name, ctx.fonts.width(name, "regular", 6.5)
    total = length + 2 * MM + text_w
    if total > span or room < depth - 1e-6:
        return []
    bar_h = 1.2 * MM
    y = (depth - bar_h) / 2
    ink = ctx.color("ink")
    items: list[Item] = [Rect(0, y, length, bar_h, stroke=ink, width=0.4, fill=None)]
    step = length / parts
    items += [Rect(i * step, y, step, bar_h, stroke=None, fill=ink) for i in range(0, parts, 2)]
    items += one_line(ctx, caption, Box(length + 2 * MM, 0, text_w + 1, depth), style, None)
    start = span - total if align == "end" else (span - total) / 2
    if vertical:  # read from the bottom up
        return [Group(tuple(items), cls="scale-bar", label="scale bar", dx=box.x, dy=box.bottom - start, rotate=90)]
    return [Group(tuple(items), cls="scale-bar", label="scale bar", dx=box.x + start, dy=box.bottom - depth)]


def first_scale_bar(ctx: LayoutContext, boxes: list[Box], align: str = "center") -> list[Item]:
    """A scale bar in the first of `boxes` (free margins, best first) that holds one."""
    for box in boxes:
        items = scale_bar(ctx, box, align)
        if items:
            return items
    return []


def scale_bar_around(
    ctx: LayoutContext, content: Box, clearance: tuple[float, float, float, float], floor: float
) -> list[Item]:
    """A scale bar beside `content` (a mat's grid, whose marks reach `clearance` outside it:
    top, right, bottom, left), 1 mm clear of them and inside the printable margin: above
    it, or else below it (above `floor`, where a footer starts), or else up its left or
    right side."""
    W, _ = ctx.theme.paper
    m = ctx.theme.printable_margin
    top, right, bottom, left = (c + 1 * MM for c in clearance)
    boxes = [
        Box(m, m, W - 2 * m, content.y - top - m),
        Box(m, content.bottom + bottom, W - 2 * m, floor - content.bottom - bottom),
        Box(m, content.y, content.x - left - m, content.h),
        Box(content.right + right, content.y, W - m - content.right - right, content.h),
    ]
    return first_scale_bar(ctx, [b for b in boxes if b.h > 0 and b.w > 0])


def title_lines(
    ctx: LayoutContext, title: str, box: Box, style: TextStyle, source: Source | None = None, floor: float = 8
) -> list[Item]:
    """A title as a typesetter sets it: one line, shrunk down to the style's minimum size;
    if it is longer even so, over as many lines as the box holds, as large as they fit down
    to `floor`. Too long even then is an error at its source, never a title cut short."""
    if ctx.fonts.width(title, style.font, style.min_size) <= box.w:
        return one_line(ctx, title, box, style, source, what="title")
    return fit_blocks(
        ctx,
        [Paragraph(ctx, title, replace(style, min_size=floor, leading=1.0, markup=False), source)],
        box,
        valign="middle",
        what="title",
    )


def page_frame(
    ctx: LayoutContext,
    title: str,
    *,
    game: str,
    accent: str,
    subtitle: str | None = None,
    notice: str | None = None,
    source: Source | None = None,
    subtitle_source: Source | None = None,
    notice_source: Source | None = None,
    wrap_title: bool = False,
) -> tuple[list[Item], Box]:
    """A sheet page's header band and footer; returns the items and the free content box.
    The sources say which content field the title, subtitle and notice show, so one too
    long is reported there. With `wrap_title`, a title too long for one line takes more
    (see `title_lines`) rather than being an error."""
    W, H = ctx.theme.paper
    m = sheet_margin(ctx)
    items: list[Item] = []
    head = Box(m, m, W - 2 * m, 13 * MM)
    if ctx.theme.ink_saver:  # a light band and a coloured edge instead of a solid block
        band = tint(accent, 0.85)
        items.append(Rect(head.x, head.y, head.w, head.h, stroke=accent, width=0.8, fill=band, radius=1.5 * MM))
        ink = readable_on(band, dark=ctx.color("ink"))
    else:
        items.append(Rect(head.x, head.y, head.w, head.h, stroke=None, fill=accent, radius=1.5 * MM))
        ink = readable_on(accent)
    title_box = Box(head.x + 4 * MM, head.y + 1.5 * MM, head.w * 0.68, head.h - 3 * MM)
    title_style = TextStyle(size=17, font="bold", color=ink, min_size=9)
    lay_title = title_lines if wrap_title else partial(one_line, what="title")
    items += lay_title(ctx, title, title_box, title_style, source)
    if subtitle:
        sub_box = Box(head.x + head.w * 0.68, head.y + 1.5 * MM, head.w * 0.32 - 4 * MM, head.h - 3 * MM)
        items += one_line(
            ctx,
            subtitle,
            sub_box,
            TextStyle(size=9, font="italic", color=ink, align="right", min_size=6),
            subtitle_source,
            what="subtitle",
        )
    left = notice or game
    foot_y = H - m + 2 * MM
    footer = _footer(ctx, left, notice_source, m, foot_y)
    # The notice runs on below the frame (a line or two of it): where that would cross the
    # printable margin, the footer and the frame's foot rise by as much.
    lowest = max((t.y + dy + 0.25 * t.size for t, _, dy in walk(footer) if isinstance(t, Text)), default=foot_y)
    rise = max(0.0, lowest - (H - ctx.theme.printable_margin))
    if rise:
        foot_y -= rise
        footer = _footer(ctx, left, notice_source, m, foot_y)
    items += footer
    content = Box(m, head.bottom + 4 * MM, W - 2 * m, foot_y - 5 * MM - head.bottom - 4 * MM)
    return items, content


def _footer(ctx: LayoutContext, left: str, source: Source | None, m: float, foot_y: float) -> list[Item]:
    """A sheet's footer: a rule, the notice (or the game's name) under it, `sheetgen` at its right."""
    W, _ = ctx.theme.paper
    items: list[Item] = [
        Path(line(m, foot_y - 3.5 * MM, W - m, foot_y - 3.5 * MM), stroke=ctx.color("rule"), width=0.5)
    ]
    foot = Box(m, foot_y - 3 * MM, W - 2 * m, 3.6 * MM)
    items += text_box(
        ctx,
        left,
        Box(foot.x, foot.y, foot.w * 0.8, foot.h + 2 * MM),
        TextStyle(size=6.5, color=ctx.color("muted"), min_size=6, leading=1.15),
        source,
        what="notice",
    )
    if "sheetgen" not in left:  # credits that already name sheetgen need no second mention
        items += one_line(
            ctx,
            "sheetgen",
            Box(foot.x + foot.w * 0.8, foot.y, foot.w * 0.2, 3 * MM),
            TextStyle(size=6, color=ctx.color("muted"), align="right", min_size=6),
            None,
            valign="top",
        )
    return items


def sheet_page(items: list[Item], ctx: LayoutContext, label: str = "") -> Page:
    W, H = ctx.theme.paper
    return Page(W, H, tuple(items), label=label)


def section(
    ctx: LayoutContext, box: Box, title: str, accent: str, source: Source | None = None
) -> tuple[list[Item], Box]:
    """A heading strip over a panel; returns items and the panel's inner box. `source`
    names the content field the title shows, if it comes from content."""
    items: list[Item] = [
        Rect(box.x, box.y, box.w, box.h, stroke=ctx.color("rule"), width=0.6, fill=ctx.color("paper"), radius=1.2 * MM)
    ]
    strip = Box(box.x, box.y, box.w, 5.2 * MM)
    items.append(Rect(strip.x, strip.y, strip.w, strip.h, stroke=None, fill=tint(accent, 0.82), radius=1.2 * MM))
    items.append(Rect(strip.x, strip.bottom - 1.2 * MM, strip.w, 1.2 * MM, stroke=None, fill=tint(accent, 0.82)))
    items += one_line(
        ctx,
        title.upper(),
        strip.inset(2.5 * MM, 0.6 * MM),
        TextStyle(size=7.5, font="bold", color=legible(accent, tint(accent, 0.82)), min_size=6),
        source,
        what="section title",
    )
    inner = Box(box.x + 2.5 * MM, strip.bottom + 2 * MM, box.w - 5 * MM, box.h - strip.h - 3.5 * MM)
    return items, inner


def labeled_value(
    ctx: LayoutContext,
    box: Box,
    label: str,
    value: str,
    source: Source | None = None,
    *,
    size: float = 11,
    field: str | None = None,
    multiline: bool = False,
    wrap: bool = False,
    min_size: float = 6,
) -> list[Item]:
    """A small label over a value written on a line (or a fillable field when `field` names one),
    shrunk to fit down to `min_size`; `wrap`: a value too long for the line at that size takes
    two, over the line."""
    items: list[Item] = []
    label_box = Box(box.x, box.y, box.w, 3 * MM)
    items += one_line(
        ctx,
        label.upper(),
        label_box,
        TextStyle(size=6, font="bold", color=ctx.color("muted"), min_size=6),
        None,
        valign="top",
    )
    value_box = Box(box.x, box.y + 3.4 * MM, box.w, box.h - 3.4 * MM)
    if field:
        items.append(
            Field(
                field,
                "text",
                value_box.x,
                value_box.y,
                value_box.w,
                value_box.h,
                value=value,
                tooltip=label,
                font=ctx.fonts.face("regular"),
                size=min(size, 10),
                multiline=multiline,
            )
        )
    elif value:
        style = TextStyle(size=size, min_size=min_size, color=ctx.color("ink"))
        if multiline:
            items += text_box(ctx, value, value_box, style, source, what=label.lower())
        elif wrap and ctx.fonts.width(value, "regular", style.min_size) > value_box.w:
            items += text_box(
                ctx, value, value_box, replace(style, leading=1.05), source, valign="bottom", what=label.lower()
            )
        else:
            items += one_line(
                ctx,
                value,
                value_box,
                style,
                source,
                valign="bottom" if value_box.h < 9 * MM else "middle",
                what=label.lower(),
            )
    if not multiline:
        items.append(Path(line(box.x, box.bottom, box.right, box.bottom), stroke=WRITING_INK, width=WRITING_WIDTH))
    return items


def token_circles(
    ctx: LayoutContext,
    x: float,
    cy: float,
    count: int,
    filled: int,
    *,
    r: float = 2.4 * MM,
    gap: float = 1.6 * MM,
    color: str | None = None,
    field_prefix: str | None = None,
    start: int = 1,
) -> tuple[list[Item], float]:
    """A row of token circles, the first `filled` ones filled; returns items and the row's width.
    With `field_prefix`, each circle also gets a check box field `<prefix>_<n>`, n counting
    from `start`."""
    color = color or ctx.color("ink")
    items: list[Item] = []
    for i in range(count):
        cx = x + r + i * (2 * r + gap)
        items.append(Circle(cx, cy, r, stroke=color, width=0.8, fill=color if i < filled else None))
        if field_prefix:
            s = r * 1.3
            items.append(
                Field(f"{field_prefix}_{i + start}", "checkbox", cx - s / 2, cy - s / 2, s, s, value=i < filled)
            )
    return items, count * 2 * r + (count - 1) * gap


def check_boxes(
    ctx: LayoutContext,
    x: float,
    y: float,
    count: int,
    *,
    checked: int = 0,
    size: float = 3.2 * MM,
    gap: float = 1.2 * MM,
    per_row: int | None = None,
    color: str | None = None,
    field_prefix: str | None = None,
) -> tuple[list[Item], Box]:
    """Boxes to tick (hit points, charges); returns items and the area they cover."""
    color = color or ctx.color("ink")
    per_row = per_row or count or 1
    items: list[Item] = []
    for i in range(count):
        r, c = divmod(i, per_row)
        bx, by = x + c * (size + gap), y + r * (size + gap)
        items.append(Rect(bx, by, size, size, stroke=color, width=0.6, fill=None))
        if i < checked:
            items.append(
                Path(
                    (
                        ("M", bx + size * 0.2, by + size * 0.55),
                        ("L", bx + size * 0.42, by + size * 0.78),
                        ("L", bx + size * 0.82, by + size * 0.22),
                    ),
                    stroke=color,
                    width=0.9,
                    cap="round",
                    join="round",
                )
            )
        if field_prefix:
            items.append(Field(f"{field_prefix}_{i + 1}", "checkbox", bx, by, size, size, value=i < checked))
    rows = (count + per_row - 1) // per_row if count else 0
    cols = min(count, per_row)
    return items, Box(x, y, cols * size + max(0, cols - 1) * gap, rows * size + max(0, rows - 1) * gap)


def writing_lines(
    ctx: LayoutContext,
    box: Box,
    *,
    pitch: float = 6.5 * MM,
    start: int = 1,
    field: str | None = None,
    tooltip: str = "",
) -> list[Item]:
    """Ruled lines to write on, `pitch` apart, filling the box; with `field`, a form field
    to type into on each line (`<field>_1`, `<field>_2` …)."""
    items: list[Item] = []
    y = box.y + pitch * start
    n = 0
    while y <= box.bottom + 0.01:
        items.append(Path(line(box.x, y, box.right, y), stroke=WRITING_INK, width=WRITING_WIDTH))
        n += 1
        if field:
            items.append(line_field(ctx, f"{field}_{n}", Box(box.x, y - pitch, box.w, pitch), tooltip))
        y += pitch
    return items


def line_field(ctx: LayoutContext, name: str, row: Box, tooltip: str = "") -> Field:
    """A text field on a ruled line (the bottom of `row`), its type sized to the line's pitch."""
    h = min(row.h - 0.5 * MM, 6 * MM)
    return Field(
        name,
        "text",
        row.x,
        row.bottom - h,
        row.w,
        h,
        tooltip=tooltip,
        font=ctx.fonts.face("regular"),
        size=min(10.0, round(h * 0.6, 1)),
    )
