"""A monster's stat block: DEFENCE, HP and attributes, boxes to tick off its HP,
its special rules spelled out, and its treasure. Cards and the GM sheet both draw
it; they differ only in the frame around it."""

from __future__ import annotations

import re
from dataclasses import replace

from sheetgen.layout.colors import readable_on, tint
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.labels import fits
from sheetgen.layout.primitives import Box, Group, Item, Rect
from sheetgen.layout.products import DocInput
from sheetgen.layout.sheets.kubos.common import monster_kind_line
from sheetgen.layout.sheets.kubos.pieces import StatCell, attribute_cells, fitted_hp_boxes, grid_rows, stat_grid
from sheetgen.layout.text import Block, Paragraph, Spacer, TextStyle, fit_blocks, one_line, stack_height
from sheetgen.rules.kubos.values import MonsterValues, SpecialRule, Treasure
from sheetgen.units import MM

GRID_ROW_H = 8.6 * MM
HEADER_H = 6.5 * MM
TWO_ROW_HEADER_H = 10.5 * MM  # a name too long to share its row with the kind line
NAME = TextStyle(size=10, font="bold", min_size=8)
KIND = TextStyle(size=7.5, font="italic", align="right", min_size=7)
PAD = 2.0 * MM
SHEET_BODY_HEIGHT = 90 * MM  # room under a GM sheet block's numbers: HP boxes stay ≤ 3.2mm and fit 216


def monster_cells(derived: MonsterValues) -> list[StatCell]:
    return [
        StatCell("DEFENCE", str(derived.defence), True),
        StatCell("HP", str(derived.hp), True),
    ] + attribute_cells(derived.attributes)


def grid_height(rows: int) -> float:
    return rows * GRID_ROW_H + (rows - 1) * 1.0 * MM


def body_blocks(ctx: LayoutContext, doc: DocInput, style: TextStyle, width: float, height: float) -> list[Block]:
    """HP boxes, then one paragraph per special rule, the treasure, and the notes.

    The boxes take what the text leaves of `height` (at least a quarter of it), so a
    dragon's many boxes shrink before its rules do."""
    text = _text_blocks(ctx, doc, style)
    spacer = Spacer(1.2 * MM)
    room = max(height / 4, height - spacer.h - stack_height(ctx, text, width, 1.0))
    boxes = fitted_hp_boxes(
        doc.values(MonsterValues).hp,
        width,
        room,
        color=ctx.color("ink"),
        source=doc.source("hp"),
        group_id=f"{doc.id}-hp",
    )
    return [boxes, spacer, *text]


def _text_blocks(ctx: LayoutContext, doc: DocInput, style: TextStyle) -> list[Block]:
    derived = doc.values(MonsterValues)
    blocks: list[Block] = []
    written = len(derived.special_rules) - len(doc.model.special_rules)
    for i, rule in enumerate(derived.special_rules):
        source = doc.source("special_rules", i - written) if i >= written else None
        blocks.append(Paragraph(ctx, rule_text(rule), style, source))
    blocks.append(Paragraph(ctx, treasure_text(derived.treasure), style, doc.source("treasure")))
    if doc.model.notes:
        blocks.append(Paragraph(ctx, "**Notes.** " + doc.model.notes, style, doc.source("notes")))
    return blocks


#: A special rule written as "Name: what it does", its name a few words with no number
#: ("Roll 1d6 each round: …" is a sentence, not a name).
_NAMED_RULE_RE = re.compile(r"([^:*_\n0-9]{1,40}):\s+(\S.*)", re.DOTALL)


def rule_text(rule: SpecialRule) -> str:
    """A special rule as printed: its name in bold, a rule of the book's (`title`) or one
    written "Curse: once per fight …", so that each rule can be told from the next."""
    if rule.title:
        return f"**{rule.title}.** {rule.text}"
    m = _NAMED_RULE_RE.fullmatch(rule.text)
    if m and len(m.group(1).split()) <= 4:
        return f"**{m.group(1)}:** {m.group(2)}"
    return rule.text


def treasure_text(treasure: Treasure) -> str:
    """The treasure as a sentence or two: coins, then each magic item and what it does."""
    parts = [f"**Treasure.** {treasure.coins} coins, perhaps hidden."]
    parts += [f"**{item.title}.** {item.described}" for item in treasure.magic_items]
    return " ".join(parts)


class StatBlock:
    """A framed stat block for a sheet: measured first, then drawn where it fits."""

    def __init__(self, ctx: LayoutContext, doc: DocInput, accent: str, style: TextStyle, width: float):
        self.doc = doc
        self.accent = accent
        self.cells = monster_cells(doc.values(MonsterValues))
        self.blocks = body_blocks(ctx, doc, style, self._inner_width(width), SHEET_BODY_HEIGHT)

    def _inner_width(self, width: float) -> float:
        return width - 2 * PAD

    def _name_width(self, ctx: LayoutContext, width: float) -> float:
        """The room for the name beside the kind line ("Large humanoid commander")."""
        kind = monster_kind_line(self.doc.values(MonsterValues))
        return self._inner_width(width) - ctx.fonts.width(kind, KIND.font, KIND.size) - 3.1 * MM - 3 * MM

    def _header_height(self, ctx: LayoutContext, width: float) -> float:
        """One row for name and kind, or, for a name too long to share it at 8pt or more,
        the name on a row of its own above the kind."""
        return HEADER_H if fits(ctx, self.doc.model.name, NAME, self._name_width(ctx, width)) else TWO_ROW_HEADER_H

    def height(self, ctx: LayoutContext, width: float) -> float:
        inner = self._inner_width(width)
        rows = grid_rows(ctx, self.cells, inner)
        return (
            self._header_height(ctx, width)
            + PAD
            + grid_height(rows)
            + 1.6 * MM
            + stack_height(ctx, self.blocks, inner, 1.0)
            + PAD
        )

    def draw(self, ctx: LayoutContext, box: Box, memo: dict | None = None) -> list[Item]:
        """The block in `box`; a `memo` shared by a sheet's blocks keeps the stat cells drawn."""
        inner = self._inner_width(box.w)
        rows = grid_rows(ctx, self.cells, inner)
        head_fill = tint(self.accent, 0.8)
        head_h = self._header_height(ctx, box.w)
        items: list[Item] = [
            Rect(
                box.x,
                box.y,
                box.w,
                box.h,
                stroke=ctx.color("rule"),
                width=0.6,
                fill=ctx.color("paper"),
                radius=1.5 * MM,
            ),
            Rect(box.x, box.y, box.w, head_h, stroke=None, fill=head_fill, radius=1.5 * MM),
            Rect(box.x, box.y + head_h - 1.5 * MM, box.w, 1.5 * MM, stroke=None, fill=head_fill),
        ]
        ink = readable_on(head_fill, dark=ctx.color("ink"))
        kind = monster_kind_line(self.doc.values(MonsterValues))
        kind_style = replace(KIND, color=ink)
        name_style = replace(NAME, color=ink, min_size=7)
        if head_h == HEADER_H:
            header = Box(box.x + PAD, box.y, inner, HEADER_H)
            name_box, kind_box = header.split_left(self._name_width(ctx, box.w), 3 * MM)
        else:  # the name across the block, the kind under it
            name_box = Box(box.x + PAD, box.y + 0.5 * MM, inner, 5.5 * MM)
            kind_box = Box(box.x + PAD, box.y + 5.6 * MM, inner, 4.2 * MM)
            kind_style = replace(kind_style, align="left")
        items += one_line(ctx, self.doc.model.name, name_box, name_style, self.doc.source("name"), what="monster name")
        items += one_line(ctx, kind, kind_box, kind_style, None)
        grid_box = Box(box.x + PAD, box.y + head_h + PAD, inner, grid_height(rows))
        items += stat_grid(ctx, grid_box, self.cells, self.accent, rows=rows, memo=memo)
        body = Box(box.x + PAD, grid_box.bottom + 1.6 * MM, inner, box.bottom - PAD - grid_box.bottom - 1.6 * MM)
        items += fit_blocks(ctx, self.blocks, body, what="stat block")
        return [Group(tuple(items), id=self.doc.id, cls="stat-block", label=self.doc.model.name)]
