"""The army roster (A4/Letter): every unit with its count and points, the total
against the limit, activation boxes for each round and wounds to tick for units
with Tough."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Item, LayoutDocument, Path, Rect, line
from sheetgen.layout.products import Job
from sheetgen.layout.sheets.grimdark.common import GAME, GAME_ID, accent, words
from sheetgen.layout.text import TextStyle, one_line, text_box
from sheetgen.layout.widgets import check_boxes, page_frame, section, sheet_page, writing_lines
from sheetgen.rules.grimdark.army import UNIT
from sheetgen.rules.grimdark.rulebook import ROUNDS
from sheetgen.rules.grimdark.values import ArmyValues, UnitRow
from sheetgen.units import MM

BOX = 3.4 * MM
GAP = 1.0 * MM
PAD = 1.8 * MM
HEAD_H = 6 * MM
# Columns as fractions of the width: unit, Q, D, points, activations, wounds.
COLUMNS = (0.32, 0.06, 0.06, 0.08, 0.2, 0.28)
LABELS = ("Unit", "Qua", "Def", "Points", "Activated", "Wounds (Tough) or models lost")


@dataclass(frozen=True, slots=True)
class RosterRow:
    """A line of the roster: a unit on the table, or a hero joined to the unit above it."""

    unit: UnitRow
    label: str
    joined: bool

    @property
    def wounds(self) -> int:
        """Boxes to tick: each Tough model's wounds, or one box a model lost for the others."""
        return self.unit.tough * self.unit.size if self.unit.tough else self.unit.size


def roster_rows(army: ArmyValues) -> list[RosterRow]:
    """One row for each unit on the table (a unit taken twice activates twice), each
    joined hero on its own row under the unit it leads."""
    rows: list[RosterRow] = []
    for entry in army.units:
        for copy in range(max(entry.count, 0)):
            label = entry.label + (f" ({copy + 1} of {entry.count})" if entry.count > 1 else "")
            rows.append(RosterRow(entry, label, joined=False))
            if copy == 0:
                rows += [RosterRow(h, h.label, joined=True) for h in entry.heroes]
    return rows


def _row_height(row: RosterRow, per_row: int) -> float:
    lines = max(1, -(-row.wounds // per_row)) if row.wounds else 1
    return max(10 * MM, lines * BOX + (lines - 1) * GAP + 2 * PAD)


def _columns(box: Box) -> list[Box]:
    xs = [box.x]
    for f in COLUMNS:
        xs.append(xs[-1] + f * box.w)
    return [Box(xs[i], box.y, xs[i + 1] - xs[i], box.h) for i in range(len(COLUMNS))]


def _header(ctx: LayoutContext, box: Box, color: str) -> list[Item]:
    items: list[Item] = [Rect(box.x, box.y, box.w, HEAD_H, stroke=None, fill=tint(color, 0.82))]
    style = TextStyle(size=7.5, font="bold", color=ctx.color("ink"), min_size=7.5)
    for col, label in zip(_columns(Box(box.x, box.y, box.w, HEAD_H)), LABELS):
        align = "left" if label in (LABELS[0], LABELS[4], LABELS[5]) else "center"
        text = label if label != "Activated" else f"Activated, rounds 1–{ROUNDS}"
        items += one_line(ctx, text, col.inset(PAD, 0.8 * MM), replace(style, align=align), None)
    return items


def _row(ctx: LayoutContext, box: Box, row: RosterRow, color: str, shade: bool) -> list[Item]:
    items: list[Item] = []
    if shade:
        items.append(Rect(box.x, box.y, box.w, box.h, stroke=None, fill=tint(color, 0.94)))
    cols = _columns(box)
    ink = ctx.color("ink")
    name_box = cols[0].inset(PAD, 0)
    name = row.label
    if row.joined:
        name_box = Box(name_box.x + 3 * MM, name_box.y, name_box.w - 3 * MM, name_box.h)
    top = Box(name_box.x, name_box.y + PAD, name_box.w, 4.6 * MM)
    # A name too long for its column is the unit's, at its `name:` (the army only lists it).
    items += one_line(
        ctx,
        name,
        top,
        TextStyle(size=9, font="bold", color=ink, min_size=6),
        Source((UNIT, row.unit.unit), ("name",)),
        valign="top",
        what="unit name",
    )
    if row.joined:
        items += one_line(
            ctx,
            "joins the unit above",
            Box(top.x, top.bottom - 0.6 * MM, top.w, 3.2 * MM),
            TextStyle(size=7.5, font="italic", color=ctx.color("muted"), min_size=7.5),
            None,
            valign="top",
        )
    cell = TextStyle(size=9, color=ink, min_size=6, align="center")
    for col, value in zip(cols[1:4], (row.unit.quality, row.unit.defense, str(row.unit.cost))):
        items += one_line(ctx, value or "", Box(col.x, box.y + PAD, col.w, 4.6 * MM), cell, None, valign="top")
    act = cols[4]
    for r in range(0 if row.joined else ROUNDS):  # a joined hero activates with its unit
        x = act.x + PAD + r * (BOX + 2.4 * MM)
        boxes, _ = check_boxes(ctx, x, box.y + PAD + 0.4 * MM, 1, size=BOX)
        items += boxes
        items += one_line(
            ctx,
            str(r + 1),
            Box(x - 1 * MM, box.y + PAD + BOX + 1.2 * MM, BOX + 2 * MM, 3 * MM),
            TextStyle(size=6, color=ctx.color("muted"), min_size=6, align="center"),
            None,
            valign="top",
        )
    wounds = row.wounds
    wound_box = cols[5].inset(PAD, 0)
    if wounds:
        per_row = _per_row(wound_box.w)
        # One group of Tough boxes per model: per_row is a whole number of models where it can be.
        tough = row.unit.tough or 1
        if per_row >= tough:
            per_row -= per_row % tough
        boxes, _ = check_boxes(ctx, wound_box.x, box.y + PAD, wounds, size=BOX, gap=GAP, per_row=per_row, color=ink)
        items += boxes
    items.append(Path(line(box.x, box.bottom, box.right, box.bottom), stroke=ctx.color("rule"), width=0.4))
    return items


def _per_row(width: float) -> int:
    return max(1, int((width + GAP) // (BOX + GAP)))


def layout_roster(ctx: LayoutContext, job: Job) -> LayoutDocument:
    doc = job.doc
    army = doc.values(ArmyValues)
    color = accent(ctx)
    rows = roster_rows(army)
    pages = []
    i = 0
    while True:
        items, content = page_frame(
            ctx,
            army.name,
            game=GAME,
            accent=color,
            subtitle=army.faction,
            source=doc.source("name"),
            subtitle_source=doc.source("faction"),
        )
        summary, body = content.split_top(17.5 * MM, 3 * MM)
        total = f"{army.total} of {army.points_limit} points"
        left = army.left
        items += one_line(
            ctx,
            total,
            Box(summary.x, summary.y, summary.w * 0.5, 8 * MM),
            TextStyle(size=16, font="bold", color=ctx.color("ink"), min_size=9),
            None,
        )
        items += one_line(
            ctx,
            f"{left} points left · {sum(not r.joined for r in rows)} activations · {army.models} models",
            Box(summary.x + summary.w * 0.5, summary.y, summary.w * 0.5, 8 * MM),
            TextStyle(size=9, color=ctx.color("muted"), min_size=6, align="right"),
            None,
        )
        items += text_box(
            ctx,
            words("roster_help", rounds=ROUNDS),
            Box(summary.x, summary.y + 8.5 * MM, summary.w, 9 * MM),
            TextStyle(size=7.5, color=ctx.color("muted"), min_size=7.5),
            None,
            what="roster help",
        )
        items += _header(ctx, body, color)
        y = body.y + HEAD_H
        per_row = _per_row(_columns(body)[5].w - 2 * PAD)
        start = i
        while i < len(rows):
            h = _row_height(rows[i], per_row)
            if y + h > body.bottom and i > start:
                break
            items += _row(ctx, Box(body.x, y, body.w, h), rows[i], color, (i - start) % 2 == 1)
            y += h
            i += 1
        if i >= len(rows) and body.bottom - y > 30 * MM:
            notes, inner = section(ctx, Box(body.x, y + 6 * MM, body.w, body.bottom - y - 6 * MM), "Notes", color)
            items += notes + writing_lines(ctx, inner, pitch=7 * MM)
        pages.append(sheet_page(items, ctx, label=f"{army.name} roster"))
        if i >= len(rows):
            break
    return LayoutDocument(
        title=f"{army.name} — army roster",
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"{GAME} army roster",
        keywords=(GAME_ID, "army", "roster"),
    )
