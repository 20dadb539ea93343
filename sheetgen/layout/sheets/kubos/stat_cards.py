"""Monster stat cards: one card per monster, imposed N-up with crop marks."""

from __future__ import annotations

from sheetgen.layout.cards import FOOTER_H, SAFE, CardGeometry, background, impose_deck, number_width, title_band
from sheetgen.layout.context import LayoutContext
from sheetgen.layout.continued import continued
from sheetgen.layout.primitives import Box, Item, LayoutDocument
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.kubos.common import (
    GAME_ID,
    NOTICE,
    SHORT_NOTICE,
    accent,
    card_notice,
    fine_print,
    fine_print_height,
    fine_print_unbroken,
    in_table_order,
    monster_kind_line,
)
from sheetgen.layout.sheets.kubos.pieces import grid_rows, stat_grid
from sheetgen.layout.sheets.kubos.stat_block import body_blocks, grid_height, monster_cells
from sheetgen.layout.text import TextStyle, fit_blocks, split_blocks
from sheetgen.rules.kubos.values import MonsterValues
from sheetgen.units import MM

BODY = 7.5  # points: the body text of every stat card


def monster_cards(
    ctx: LayoutContext, geo: CardGeometry, doc: DocInput, color: str, number_w: float, memo: dict | None = None
) -> list[list[Item]]:
    """One monster's card fronts: name band, numbers, HP boxes, rules, treasure, licence
    (beside the card's number, `number_w` wide). Where the whole licence would send the
    rules on to a second card, the front carries the short one (its back has the whole);
    rules that do not fit even so go on to a second card. A `memo` shared by the deck's
    cards keeps what they draw alike in the same place (stat cells, the licence), drawn once."""
    memo = {} if memo is None else memo
    reported = len(ctx.issues)
    fronts = _monster_cards(ctx, geo, doc, color, number_w, memo, short=False)
    if len(fronts) > 1:
        del ctx.issues[reported:]  # laid out again: each problem is reported once
        fronts = _monster_cards(ctx, geo, doc, color, number_w, memo, short=True)
    return fronts


def _monster_cards(
    ctx: LayoutContext, geo: CardGeometry, doc: DocInput, color: str, number_w: float, memo: dict, short: bool
) -> list[list[Item]]:
    style = TextStyle(size=BODY, leading=1.18, color=ctx.color("ink")).fixed
    cells = monster_cells(doc.values(MonsterValues))
    fronts: list[list[Item]] = []
    remaining: list | None = None
    while True:
        items = background(geo, ctx.color("card"))
        title = continued(doc.model.name, len(fronts))
        band, top = title_band(
            ctx,
            geo,
            title,
            color,
            doc.source("name"),
            height=12 * MM,
            subtitle=monster_kind_line(doc.values(MonsterValues)),
            longest=continued(doc.model.name, 1),
        )
        items += band
        inner = Box(SAFE, top + 2 * MM, geo.w - 2 * SAFE, geo.h - top - 2 * MM - SAFE)
        if ("notice", inner.w, number_w, short) not in memo:
            notice_w, below = inner.w - number_w - 1.5 * MM, 0.0  # n/N at its right
            # A small card's is short: its back has the whole.
            text = SHORT_NOTICE if short else card_notice(ctx, notice_w, geo.h)
            if not fine_print_unbroken(ctx, notice_w, text):  # a deck's number too long for that: a line of its own
                notice_w, below = inner.w, FOOTER_H
            memo[("notice", inner.w, number_w, short)] = (
                text,
                notice_w,
                below,
                fine_print_height(ctx, notice_w, text) + below,
            )
        text, notice_w, below, notice_h = memo[("notice", inner.w, number_w, short)]
        if remaining is None:
            rows = grid_rows(ctx, cells, inner.w)
            grid_box, rest = inner.split_top(grid_height(rows), 2 * MM)
            items += stat_grid(ctx, grid_box, cells, color, rows=rows, memo=memo)
        else:
            rest = inner
        body, notice = rest.split_top(rest.h - notice_h - 1 * MM, 1 * MM)
        if remaining is None:
            blocks = body_blocks(ctx, doc, style, body.w, body.h)
            head, remaining = split_blocks(ctx, blocks, body)
            if not head and inner.h - notice_h - 1 * MM > body.h:
                # A small card's numbers leave no room under them: the hit points and rules
                # start on the next card, which has more.
                items += fine_print(ctx, Box(notice.x, notice.y, notice_w, notice.h), text=text)
                fronts.append(items)
                remaining = body_blocks(ctx, doc, style, body.w, inner.h - notice_h - 1 * MM)
                continue
        else:
            blocks = remaining
            head, remaining = split_blocks(ctx, blocks, body)
        if not head:
            head, remaining = blocks, []  # nothing fits even alone: reported where it is
        items += fit_blocks(ctx, head, body, what="stat card")
        licence = Box(notice.x, notice.y, notice_w, notice.h - below)
        if ("licence", licence) not in memo:
            memo[("licence", licence)] = fine_print(ctx, licence, text=text)
        items += memo[("licence", licence)]
        fronts.append(items)
        if not remaining:
            return fronts


def layout_stat_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    geo = CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)
    color = accent(ctx)
    docs = in_table_order(job.docs)
    # The licence notice leaves room for the widest `n/N`: the deck has a card per monster,
    # and more when one continues, so the room is checked against the count once laid out.
    room, issues = number_width(ctx, len(docs)), len(ctx.issues)
    while True:
        memo: dict = {}  # what every card draws alike, drawn once
        fronts = [front for doc in docs for front in monster_cards(ctx, geo, doc, color, room, memo)]
        if number_width(ctx, len(fronts)) <= room:
            break
        room = number_width(ctx, len(fronts))
        del ctx.issues[issues:]  # laid out again: each problem is reported once
    pages = impose_deck(
        ctx,
        fronts,
        None,
        card=(geo.w, geo.h),
        label="KUBOS monsters",
        job=job,
        game=GAME_ID,
        back_title="KUBOS monster",
        back_text=NOTICE,
    )
    return LayoutDocument(
        title="KUBOS monsters — stat cards",
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"KUBOS monster stat cards. {NOTICE}",
        keywords=(GAME_ID, "monsters", "cards"),
    )
