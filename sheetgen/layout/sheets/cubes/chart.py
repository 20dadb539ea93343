"""A small bar chart drawn with sheetgen's primitives, as a block that stacks with
paragraphs and tables in `fit_blocks`: one series as bars, a second (optional) as a
tick at its height over each bar, gridlines with percentages, a few x labels and a
legend."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Item, Path, Rect, line
from sheetgen.layout.text import FINE_MIN, TextStyle, one_line
from sheetgen.units import MM

LABEL = FINE_MIN  # pt: axis labels and legend


@dataclass
class Series:
    label: str
    values: Mapping[int, Fraction]
    color: str


class BarChart:
    """Bars for `bars` over the integers from `low` to `high`, `ticks` drawn over them;
    `height` tall (it does not scale with text)."""

    source: Source | None = None

    def __init__(
        self,
        bars: Series,
        ticks: Series | None,
        *,
        low: int,
        high: int,
        height: float,
        x_labels: tuple[int, ...],
        grid_step: Fraction = Fraction(1, 20),
    ):
        self.bars, self.ticks = bars, ticks
        self.low, self.high = low, high
        self.h = height
        self.x_labels = x_labels
        self.grid_step = grid_step

    def min_scale(self) -> float:
        return 1.0

    def height(self, ctx: LayoutContext, width: float, scale: float) -> float:
        return self.h

    def top_value(self) -> Fraction:
        """The chart's top: the next gridline above the highest value shown."""
        highest = max([*self.bars.values.values(), *(self.ticks.values.values() if self.ticks else [])])
        steps = int(highest / self.grid_step) + 1
        return steps * self.grid_step

    def draw(self, ctx: LayoutContext, x: float, y: float, width: float, scale: float) -> list[Item]:
        muted, ink = ctx.color("muted"), ctx.color("ink")
        style = TextStyle(size=LABEL, color=muted, min_size=LABEL)
        legend_h, axis_w, x_label_h = 3.2 * MM, 6.5 * MM, 3.4 * MM
        entries = [(s, k) for s, k in ((self.bars, "bar"), (self.ticks, "tick")) if s is not None]
        widths = [ctx.fonts.width(s.label, "regular", LABEL) for s, _ in entries]
        # The legend's entries side by side, or (on a narrow card) one under the other.
        stacked = sum(3.2 * MM + w + 4 * MM for w in widths) - 4 * MM > width - axis_w
        row_h = legend_h
        if stacked:
            legend_h = row_h * len(entries)
        plot = Box(x + axis_w, y + legend_h + 1.5 * MM, width - axis_w, self.h - legend_h - 1.5 * MM - x_label_h)
        top = self.top_value()
        items: list[Item] = []
        # gridlines and their percentages
        level = self.grid_step
        while level <= top:
            gy = plot.bottom - float(level / top) * plot.h
            items.append(Path(line(plot.x, gy, plot.right, gy), stroke=tint(ctx.color("rule"), 0.4), width=0.3))
            items += one_line(
                ctx,
                f"{int(level * 100)}%",
                Box(x, gy - 1.5 * MM, axis_w - 1 * MM, 3 * MM),
                TextStyle(size=LABEL, color=muted, min_size=LABEL, align="right"),
                None,
            )
            level += self.grid_step
        slots = self.high - self.low + 1
        slot = plot.w / slots
        for value in range(self.low, self.high + 1):
            sx = plot.x + (value - self.low) * slot
            p = self.bars.values.get(value, Fraction(0))
            if p:
                bh = float(p / top) * plot.h
                items.append(
                    Rect(sx + slot * 0.15, plot.bottom - bh, slot * 0.7, bh, stroke=None, fill=self.bars.color)
                )
            if self.ticks is not None:
                q = self.ticks.values.get(value, Fraction(0))
                if q:
                    ty = plot.bottom - float(q / top) * plot.h
                    items.append(
                        Path(
                            line(sx + slot * 0.05, ty, sx + slot * 0.95, ty),
                            stroke=self.ticks.color,
                            width=1.1,
                            cap="round",
                        )
                    )
            if value in self.x_labels:
                # Centred under its bar, but never past the chart's own edges (the card's safe area).
                label_w = ctx.fonts.width(str(value), "regular", LABEL) + 0.5
                lx = min(max(sx + slot / 2 - label_w / 2, x), x + width - label_w)
                items += one_line(
                    ctx,
                    str(value),
                    Box(lx, plot.bottom + 0.6 * MM, label_w, x_label_h - 0.6 * MM),
                    TextStyle(size=LABEL, color=muted, min_size=LABEL, align="center"),
                    None,
                    valign="top",
                )
        items.append(Path(line(plot.x, plot.bottom, plot.right, plot.bottom), stroke=ink, width=0.6))
        # legend: a swatch and a label per series
        lx, ly = plot.x, y
        for (series, kind), w in zip(entries, widths):
            if kind == "bar":
                items.append(Rect(lx, ly + 0.6 * MM, 2.4 * MM, 2.2 * MM, stroke=None, fill=series.color))
            else:
                items.append(
                    Path(
                        line(lx, ly + 1.7 * MM, lx + 2.4 * MM, ly + 1.7 * MM),
                        stroke=series.color,
                        width=1.1,
                        cap="round",
                    )
                )
            items += one_line(ctx, series.label, Box(lx + 3.2 * MM, ly, w + 1, row_h), style, None)
            if stacked:
                ly += row_h
            else:
                lx += 3.2 * MM + w + 4 * MM
        return items
