"""Drawing pieces KUBOS sheets and cards share: body text style, boxed numbers, a
grid of labelled numbers and a track of hit point boxes."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.labels import label_forms
from sheetgen.layout.primitives import Box, Field, Group, Item, Path, Rect, Text
from sheetgen.layout.text import TextStyle, one_line
from sheetgen.rules.kubos.core import ATTRIBUTES
from sheetgen.rules.kubos.text import ATTRIBUTE_LABELS, ATTRIBUTE_SHORT
from sheetgen.units import MM

LABEL_SIZE = 6.0
CELL_PAD = 0.9 * MM
CELL_GAP = 0.8 * MM
WIDEST_VALUE = "888"  # room for any value the rules accept (HP up to 500, attributes up to 9)


def body_style(ctx: LayoutContext, size: float = 7.5, **kw) -> TextStyle:
    """Sheet body text: the sheet gives it room at 7.5pt (the floor for rules and body text);
    under a wider printable margin it gives way down to 6.5pt (the fine-print floor)."""
    return TextStyle(size=size, min_size=6.5, leading=1.2, color=ctx.color(kw.pop("color", "ink")), **kw)


def value_tile(
    ctx: LayoutContext,
    box: Box,
    label: str,
    value: str,
    color: str,
    *,
    field: str | None,
    source: Source | None = None,
    size: float = 18,
) -> list[Item]:
    """A label over a boxed number (or a fillable field for it); `source` is where the number comes from."""
    items = one_line(
        ctx,
        label,
        Box(box.x, box.y, box.w, 3.2 * MM),
        TextStyle(size=6.5, font="bold", color=ctx.color("muted"), align="center", min_size=6),
        None,
        valign="top",
    )
    square = Box(box.x, box.y + 3.8 * MM, box.w, box.h - 3.8 * MM)
    items.append(
        Rect(square.x, square.y, square.w, square.h, stroke=color, width=1.1, fill=ctx.color("paper"), radius=1.5 * MM)
    )
    if field:
        items.append(
            Field(
                field,
                "text",
                square.x + 1,
                square.y + 1,
                square.w - 2,
                square.h - 2,
                tooltip=label,
                font=ctx.fonts.face("bold"),
                size=14,
            )
        )
    elif value:
        items += one_line(
            ctx,
            value,
            square.inset(1 * MM),
            TextStyle(size=size, font="bold", color=ctx.color("ink"), align="center", min_size=8),
            source,
        )
    return items


@dataclass(frozen=True, slots=True)
class StatCell:
    label: str
    value: str
    strong: bool = False  # DEFENCE and HP stand out from the attributes


def attribute_cells(attributes: dict[str, int]) -> list[StatCell]:
    return [StatCell(ATTRIBUTE_LABELS[name], str(attributes[name])) for name in ATTRIBUTES]


def grid_rows(ctx: LayoutContext, cells: list[StatCell], width: float, value_size: float = 11.0) -> int:
    """1 when the labels (with room for three-digit numbers) fit side by side in `width`, else 2:
    the same answer for every monster, so blocks of one width share a grid."""
    value = ctx.fonts.width(WIDEST_VALUE, "bold", value_size)
    natural = sum(max(ctx.fonts.width(c.label, "bold", LABEL_SIZE), value) + 2 * CELL_PAD for c in cells)
    return 1 if natural + CELL_GAP * (len(cells) - 1) <= width else 2


def stat_grid(
    ctx: LayoutContext,
    box: Box,
    cells: list[StatCell],
    accent: str,
    *,
    rows: int = 1,
    value_size: float = 11.0,
    memo: dict | None = None,
) -> list[Item]:
    """Cells of a label over a number, in `rows` rows filling `box`.

    Every column has the same width whatever its label or number, so the grids of
    blocks of the same width line up with one another down a page. A `memo` (one per
    layout) keeps each cell drawn, for grids drawn again in the same place (a deck's cards)."""
    items: list[Item] = []
    per_row = math.ceil(len(cells) / rows)
    row_boxes = box.rows(rows, CELL_GAP)
    widths = _column_widths(ctx, cells, per_row, box.w, value_size)
    label_style = TextStyle(size=LABEL_SIZE, font="bold", color=ctx.color("muted"), align="center", min_size=6)
    # Every label in full, or (on narrow cards) every label abbreviated: STR, SKL …
    room = [widths[i % per_row] - CELL_PAD for i in range(len(cells))]
    forms_key = ("labels", tuple(c.label for c in cells), tuple(room))
    labels = memo.get(forms_key) if memo is not None else None
    if labels is None:
        labels = label_forms(ctx, [c.label for c in cells], room, label_style, ATTRIBUTE_SHORT)
        if memo is not None:
            memo[forms_key] = labels
    for r, row_box in enumerate(row_boxes):
        row = cells[r * per_row : (r + 1) * per_row]
        x = row_box.x
        for n, (cell, w) in enumerate(zip(row, widths)):
            key = (cell, labels[r * per_row + n], x, w, row_box.h, accent, value_size)
            if memo is not None and key in memo:
                y0, drawn = memo[key]
                items += drawn if y0 == row_box.y else _moved_down(drawn, row_box.y - y0)
                x += w + CELL_GAP
                continue
            start = len(items)
            fill = tint(accent, 0.8) if cell.strong else ctx.color("panel")
            items.append(Rect(x, row_box.y, w, row_box.h, stroke=None, fill=fill, radius=1.0 * MM, cls="stat-cell"))
            label_box = Box(x + CELL_PAD / 2, row_box.y + 0.7 * MM, w - CELL_PAD, 3.0 * MM)
            items += one_line(ctx, labels[r * per_row + n], label_box, label_style, None, valign="top")
            value_box = Box(
                x + CELL_PAD / 2, label_box.bottom, w - CELL_PAD, row_box.bottom - label_box.bottom - 0.4 * MM
            )
            items += one_line(
                ctx,
                cell.value,
                value_box,
                TextStyle(size=value_size, font="bold", color=ctx.color("ink"), align="center", min_size=6),
                None,
            )
            if memo is not None:
                plain_items = [item for item in items[start:] if isinstance(item, (Rect, Text))]
                if len(plain_items) == len(items) - start:  # only these can be moved down
                    memo[key] = (row_box.y, plain_items)
            x += w + CELL_GAP
    return items


def _moved_down(items: list[Rect | Text], dy: float) -> list[Item]:
    """Rects and text runs `dy` lower: a cell drawn once, placed again further down."""
    return [replace(item, y=item.y + dy) for item in items]


def _column_widths(
    ctx: LayoutContext, cells: list[StatCell], per_row: int, width: float, value_size: float
) -> list[float]:
    """Column widths shared by every row, from the labels alone (numbers are given
    room for three digits), so they are the same for every monster."""
    value = ctx.fonts.width(WIDEST_VALUE, "bold", value_size)
    natural = [0.0] * per_row
    for i, cell in enumerate(cells):
        label = ctx.fonts.width(cell.label, "bold", LABEL_SIZE)
        natural[i % per_row] = max(natural[i % per_row], label, value) + 2 * CELL_PAD
    free = width - CELL_GAP * (per_row - 1)
    return [free * n / sum(natural) for n in natural]


class HpBoxes:
    """A block of boxes to tick, one per hit point, grouped in fives for counting.

    It is a text-layout block (see `sheetgen.layout.text.fit_blocks`), so the boxes
    shrink together with the text they share a card with, down to half size (or
    keep a fixed size). More HP than any KUBOS roll gives get a line to keep a
    tally on instead of thousands of boxes."""

    group = 5
    max_boxes = 250  # a dragon has at most 216 HP
    tally_height = 5 * MM

    def __init__(
        self,
        count: int,
        ticked: int = 0,
        *,
        size: float = 3.2 * MM,
        gap: float = 0.8 * MM,
        color: str = "#1b1b1b",
        source: Source | None = None,
        min_scale: float = 0.5,
        scales: bool = True,
        group_id: str | None = None,
        field_prefix: str | None = None,
    ):
        self.group_id = group_id  # the SVG id of the track, so programs can find it
        self.field_prefix = field_prefix  # a fillable sheet's checkbox per box: `<prefix>_1` …
        self.scales = scales  # False: a fixed size, whatever the text around it does
        self.count = max(0, count)
        self.ticked = max(0, min(ticked, self.count))
        self.size = size
        self.gap = gap
        self.color = color
        self.source = source
        self._min_scale = min_scale

    def min_scale(self) -> float:
        return self._min_scale if self.scales else 0.0

    def _x(self, i: int, s: float, g: float) -> float:
        """Left edge of the i-th box in its row: an extra gap after every group of five."""
        return i * (s + g) + (i // self.group) * g * 1.5

    def per_row(self, width: float, scale: float) -> int:
        scale = scale if self.scales else 1.0
        s, g = self.size * scale, self.gap * scale
        n = 1
        while n < max(self.count, 1) and self._x(n, s, g) + s <= width + 1e-6:
            n += 1
        if n >= self.group and n < self.count:
            n -= n % self.group  # whole groups per row keep the columns lined up
        return n

    def rows(self, width: float, scale: float) -> int:
        return math.ceil(self.count / self.per_row(width, scale)) if self.count else 0

    def height(self, ctx: LayoutContext, width: float, scale: float) -> float:
        return self.extent(width, scale)

    @property
    def tally(self) -> bool:
        return self.count > self.max_boxes

    def extent(self, width: float, scale: float = 1.0) -> float:
        """The height of the boxes laid out in `width`."""
        if self.tally:
            return self.tally_height
        rows = self.rows(width, scale)
        if not rows:
            return 0.0
        scale = scale if self.scales else 1.0
        s, g = self.size * scale, self.gap * scale
        return rows * s + (rows - 1) * g + g

    def draw(self, ctx: LayoutContext, x: float, y: float, width: float, scale: float) -> list[Item]:
        if self.tally:
            return self._tally_line(ctx, x, y, width)
        per_row = self.per_row(width, scale)
        scale = scale if self.scales else 1.0
        s, g = self.size * scale, self.gap * scale
        items: list[Item] = []
        for i in range(self.count):
            r, c = divmod(i, per_row)
            bx, by = x + self._x(c, s, g), y + r * (s + g)
            items.append(Rect(bx, by, s, s, stroke=self.color, width=0.6, fill=None))
            if i < self.ticked:
                items.append(
                    Path(
                        (
                            ("M", bx + s * 0.18, by + s * 0.18),
                            ("L", bx + s * 0.82, by + s * 0.82),
                            ("M", bx + s * 0.82, by + s * 0.18),
                            ("L", bx + s * 0.18, by + s * 0.82),
                        ),
                        stroke=self.color,
                        width=0.8,
                        cap="round",
                    )
                )
            if self.field_prefix:
                items.append(
                    Field(
                        f"{self.field_prefix}_{i + 1}",
                        "checkbox",
                        bx,
                        by,
                        s,
                        s,
                        value=i < self.ticked,
                        tooltip=f"Hit point {i + 1}",
                    )
                )
        return [Group(tuple(items), id=self.group_id, cls="hp-boxes", label=f"{self.count} HP, {self.ticked} lost")]

    def _tally_line(self, ctx: LayoutContext, x: float, y: float, width: float) -> list[Item]:
        label = Box(x, y, width * 0.5, self.tally_height - 1 * MM)
        items = one_line(
            ctx,
            f"{self.count} HP, tally:",
            label,
            TextStyle(size=7, color=ctx.color("muted"), min_size=6),
            None,
            valign="bottom",
        )
        items.append(
            Path(
                (
                    ("M", label.right + 1 * MM, y + self.tally_height - 1 * MM),
                    ("L", x + width, y + self.tally_height - 1 * MM),
                ),
                stroke=self.color,
                width=0.5,
            )
        )
        return [Group(tuple(items), id=self.group_id, cls="hp-tally", label=f"{self.count} HP")]


def fitted_hp_boxes(
    count: int,
    width: float,
    max_height: float,
    *,
    ticked: int = 0,
    color: str = "#1b1b1b",
    source: Source | None = None,
    largest: float = 3.2 * MM,
    smallest: float = 1.5 * MM,
    group_id: str | None = None,
) -> HpBoxes:
    """HP boxes as large as they can be (up to `largest`) while staying within `max_height`;
    their size then stays fixed, so the text beside them shrinks instead."""
    size = largest
    while True:
        boxes = HpBoxes(
            count, ticked, size=size, gap=size / 4, color=color, source=source, scales=False, group_id=group_id
        )
        if size <= smallest or boxes.extent(width) <= max_height:
            return boxes
        size = max(smallest, size - 0.1 * MM)
