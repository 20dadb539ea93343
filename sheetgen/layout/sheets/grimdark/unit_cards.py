"""Unit cards: one poker card per unit of an army, imposed like every deck, with
backs. Name and size, Quality, Defense, points, weapons (range in squares, inches
in small type, attacks, AP, rules), special rules with their short text, movement
per action and square occupancy; then the army's rules in full (`glossary_cards`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sheetgen.layout.cards import (
    GAME_SHORT_TITLES,
    SAFE,
    CardGeometry,
    background,
    footer,
    generic_back,
    impose_deck,
    title_band,
)
from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.continued import continued, flow_over_cards
from sheetgen.layout.labels import fits, label_forms
from sheetgen.layout.overflow import OVERFLOW
from sheetgen.layout.primitives import Box, Item, LayoutDocument, Path, Rect, line
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.grimdark.common import GAME, GAME_ID, accent, occupancy_text, range_text, words
from sheetgen.layout.sheets.grimdark.glossary_cards import RECONSTRUCTED_MARK, rules_cards
from sheetgen.layout.text import Paragraph, TextStyle, one_line, stack_height, text_box
from sheetgen.rules.grimdark.glossary import KIND as GLOSSARY
from sheetgen.rules.grimdark.rulebook import ACTION_NAMES
from sheetgen.rules.grimdark.values import ArmyValues, UnitValues, WeaponRow
from sheetgen.units import MM

STAT_H = 10 * MM
ROW_H = 5.2 * MM
ROW_H2 = 7.6 * MM  # a row whose weapon name takes two lines
NAME_SIZE = 7.5
RULES_SIZE = 7.5  # points: the rules on a unit card, weapons' and the unit's
MOVE_LINE_H = 4.4 * MM  # movement as one line of text (`values_line`)
STAT_LINE_H = 5 * MM  # the profile as one line of text
STAT_LINE_SIZE = 9.5
HEAD_H = 3.6 * MM
MOVE_H = 8.5 * MM
OCC_H = 4.2 * MM
OCC_H2 = 6.4 * MM  # two lines, on narrow cards
#: Labels on narrow cards, where the words do not fit.
SHORT_LABELS = {
    "QUALITY": "QUA",
    "DEFENSE": "DEF",
    "POINTS": "PTS",
    "Hold": "Hold",
    "Advance": "Adv",
    "Rush": "Rush",
    "Charge": "Chg",
    "WEAPON": "WPN",
    "RANGE": "RNG",
    "A": "A",
    "AP": "AP",
    "RULES": "RUL",
}
# Weapon columns as fractions of the inner width: name, range, attacks, AP, rules.
COLUMNS = (0.36, 0.23, 0.07, 0.08, 0.26)
NARROW_W = 45 * MM  # below it (mini cards) the name gives room to the numbers and rules
NARROW_COLUMNS = (0.52, 0.24, 0.1, 0.14)  # name (and rules), range, attacks, AP


def stat_cells(
    ctx: LayoutContext, box: Box, cells: list[tuple[str, str]], color: str, sources: list, *, upper: bool = True
) -> list[Item]:
    """Boxes with a small label over a big value (Quality 4+, Defense 5+, …)."""
    items: list[Item] = []
    boxes = box.columns(len(cells), 1.5 * MM)
    style = TextStyle(size=6, font="bold", color=ctx.color("muted"), min_size=6, align="center")
    # In full, or every label of the row abbreviated (Adv, Chg …) on narrow cards.
    labels = label_forms(
        ctx,
        [label.upper() if upper else label for label, _ in cells],
        [b.w - 1 * MM for b in boxes],
        style,
        SHORT_LABELS,
    )
    for (_, value), label, cell, src in zip(cells, labels, boxes, sources):
        items.append(
            Rect(
                cell.x, cell.y, cell.w, cell.h, stroke=tint(color, 0.4), width=0.6, fill=tint(color, 0.9), radius=1 * MM
            )
        )
        top, rest = cell.split_top(3.4 * MM)
        items += one_line(ctx, label, top.inset(0.5 * MM, 0.3 * MM), style, None)
        items += one_line(
            ctx,
            value,
            rest.inset(1 * MM, 0.2 * MM),
            TextStyle(size=12, font="bold", color=ctx.color("ink"), min_size=7, align="center"),
            src,
        )
    return items


def weapon_rows(
    ctx: LayoutContext, box: Box, weapons: tuple[WeaponRow, ...], color: str, doc: DocInput
) -> tuple[list[Item], float]:
    """The weapons table; returns the items and its height. A weapon not every model
    carries is named with how many do (`1× Grenade Launcher`). A weapon's name and its rules
    wrap within their columns and the row grows to hold them; on a narrow card (mini) a
    weapon's rules follow its name rather than take a column of their own. A table taller
    than `box` is an error at the first weapon that does not fit."""
    narrow = box.w < NARROW_W
    fractions = NARROW_COLUMNS if narrow else COLUMNS
    xs = [box.x]
    for f in fractions:
        xs.append(xs[-1] + f * box.w)
    cols = [Box(xs[i], 0, xs[i + 1] - xs[i], 0) for i in range(len(fractions))]
    if not narrow:
        cols[4] = Box(cols[4].x + 1 * MM, 0, cols[4].w - 1 * MM, 0)  # clear of the AP column
    items: list[Item] = []
    head = TextStyle(size=6, font="bold", color=ctx.color("muted"), min_size=6)
    names = ["WEAPON", "RANGE", "A", "AP", "RULES"][: len(cols)]
    heads = label_forms(ctx, names, [c.w - 1 for c in cols], head, SHORT_LABELS)
    for col, label, align in zip(cols, heads, ("left", "left", "center", "center", "left")):
        items += one_line(ctx, label, Box(col.x, box.y, col.w - 1, HEAD_H), replace(head, align=align), None)
    y = box.y + HEAD_H
    items.append(Path(line(box.x, y, box.right, y), stroke=tint(color, 0.3), width=0.6))
    ink = ctx.color("ink")
    rules_style = TextStyle(size=RULES_SIZE, color=ink, min_size=6.5, leading=1.1)
    for i, w in enumerate(weapons):
        src = doc.source("weapons", i)
        # A count wherever some models do without the weapon ("1× Grenade Launcher" in a
        # squad of 5) or one model carries two ("2× Heavy Flamer" on a tank); a weapon
        # every model carries once needs none.
        name = f"{w.count}× {w.name}" if w.count != doc.values(UnitValues).size else w.name
        rules = ", ".join(r.label for r in w.rules if r.name != "AP")
        name_w = cols[0].w - 1 * MM
        name_style = TextStyle(size=NAME_SIZE, font="bold", color=ink, min_size=6, leading=1.1)
        if narrow:
            name, name_style = f"**{name}**" + (f" {rules}" if rules else ""), replace(name_style, font="regular")
        wrapped = narrow or ctx.fonts.width(name, "bold", NAME_SIZE) > name_w
        h = ROW_H
        if wrapped:  # two lines, or on a narrow card as many as the name needs
            para = Paragraph(ctx, name, name_style)
            h = max(ROW_H if narrow else ROW_H2, para.height(ctx, name_w, para.min_scale()) + 1 * MM)
        # Rules too long for their column at their size wrap there, and the row grows.
        rules_wrap = not narrow and ctx.fonts.width(rules, rules_style.font, rules_style.size) > cols[4].w
        if rules_wrap:
            h = max(h, cell_height(ctx, Paragraph(ctx, rules, rules_style), cols[4].w))
        if y + h > box.bottom + 1e-6:
            weapons_off(ctx, weapons, i, doc)
            break
        if i % 2 == 1:
            items.append(Rect(box.x, y, box.w, h, stroke=None, fill=tint(color, 0.93)))
        if wrapped:
            items += text_box(
                ctx,
                name,
                Box(cols[0].x + 0.5 * MM, y + 0.4 * MM, name_w, h - 0.8 * MM),
                name_style,
                src.child("name"),
                valign="middle",
                what="weapon name",
            )
        else:
            items += one_line(
                ctx, name, Box(cols[0].x + 0.5 * MM, y, name_w, h), name_style, src.child("name"), what="weapon name"
            )
        items += _weapon_numbers(ctx, w, [Box(c.x, y, c.w, h) for c in cols[1:4]], src)
        if rules_wrap:
            items += text_box(
                ctx,
                rules,
                Box(cols[4].x, y + 0.5 * MM, cols[4].w, h - 1 * MM),
                rules_style,
                src.child("rules"),
                valign="middle",
                what="weapon rules",
            )
        elif not narrow:
            items += one_line(
                ctx, rules or "–", Box(cols[4].x, y, cols[4].w, h), rules_style, src.child("rules"), what="weapon rules"
            )
        y += h
    items.append(Path(line(box.x, y, box.right, y), stroke=tint(color, 0.3), width=0.6))
    return items, y - box.y


def _weapon_numbers(ctx: LayoutContext, w: WeaponRow, cells: list[Box], src: Source) -> list[Item]:
    """A weapon's range (squares, and the inches it came from where they fit), attacks and
    AP, in their cells of its row."""
    rng, attacks, ap = cells
    ink = ctx.color("ink")
    squares, inches = range_text(w)
    sq_font = "bold" if not w.melee else "italic"
    sq_w = ctx.fonts.width(squares, sq_font, 7) + 0.8 * MM
    items = one_line(
        ctx,
        squares,
        Box(rng.x, rng.y, min(sq_w, rng.w), rng.h),
        TextStyle(size=7, font=sq_font, color=ink, min_size=6),
        None,
    )
    inch_style = TextStyle(size=6, color=ctx.color("muted"), min_size=6)
    if inches and fits(ctx, inches, inch_style, rng.w - sq_w):  # on narrow cards, squares alone
        items += one_line(ctx, inches, Box(rng.x + sq_w, rng.y, rng.w - sq_w, rng.h), inch_style, src.child("range"))
    centred = TextStyle(size=7.5, color=ink, min_size=6, align="center")
    items += one_line(ctx, str(w.attacks), attacks, centred, None)
    items += one_line(ctx, str(w.ap) if w.ap else "–", ap, centred, None)
    return items


def cell_height(ctx: LayoutContext, para: Paragraph, width: float) -> float:
    """The height a row needs for a paragraph wrapped in its column: at its own size, or
    at its smallest where a word would otherwise break, with room above and below."""
    scale = para.min_scale() if para.splits_words(ctx, width, 1.0) else 1.0
    return para.height(ctx, width, scale) + 1 * MM


def weapons_off(ctx: LayoutContext, weapons: tuple[WeaponRow, ...], first: int, doc: DocInput) -> None:
    """The error for a weapons table taller than the card's room under the profile, at
    the first weapon it cannot hold."""
    rest = len(weapons) - first - 1
    also = f" and the {rest} after it" if rest > 1 else (" and the one after it" if rest else "")
    ctx.error(
        doc.source("weapons", first),
        OVERFLOW,
        f"the weapons table runs off the card: there is no room for `{weapons[first].name}` "
        f"(`weapons[{first}]`){also} under the unit's profile",
        "list fewer weapons or shorter weapon rules for the unit (one line with `count` for a weapon "
        "several models carry), or choose a larger `card_size` in the theme",
    )


def rule_blocks(ctx: LayoutContext, derived: UnitValues, doc: DocInput) -> list[Paragraph]:
    """The unit's special rules, then its weapons' (AP is a column), each once, with its
    text. A rule the rulebook is silent on (or on part of it) is marked †: the card's back
    says what the mark means, the army's rules in full say what of the rule is sheetgen's."""
    seen: set[str] = set()
    blocks: list[Paragraph] = []
    style = TextStyle(size=RULES_SIZE, color=ctx.color("ink"), leading=1.18).fixed
    entries = [(r, doc.source("special_rules", i)) for i, r in enumerate(derived.special_rules)]
    for i, w in enumerate(derived.weapons):
        entries += [(r, doc.source("weapons", i, "rules", j)) for j, r in enumerate(w.rules) if r.name != "AP"]
    for rule, src in entries:
        if rule.label in seen:
            continue
        seen.add(rule.label)
        mark = f" {RECONSTRUCTED_MARK}" if rule.reconstructed and RECONSTRUCTED_MARK not in rule.text else ""
        text = f"**{rule.label}**{mark}" + (f" — {rule.text}" if rule.text else "")
        blocks.append(Paragraph(ctx, text, style, src))
    return blocks


def movement_strip(ctx: LayoutContext, box: Box, derived: UnitValues, color: str) -> list[Item]:
    """Squares per action; for an Aircraft, the one move it makes on every activation."""
    cells = movement_pairs(derived)
    return stat_cells(ctx, box, cells, color, [None] * len(cells), upper=False)


def values_text(pairs: list[tuple[str, str]]) -> str:
    """Labelled values as one line of text, `**Hold** 0 · **Advance** 3`."""
    return " · ".join(f"**{label}** {value}" for label, value in pairs)


def values_fit(ctx: LayoutContext, pairs: list[tuple[str, str]], width: float) -> bool:
    """Whether labelled values fit one line `width` wide at the rules' size."""
    labels = sum(ctx.fonts.width(label, "bold", RULES_SIZE) for label, _ in pairs)
    values = ctx.fonts.width(values_text(pairs).replace("**", ""), "regular", RULES_SIZE)
    return values - sum(ctx.fonts.width(label, "regular", RULES_SIZE) for label, _ in pairs) + labels <= width


def values_line(ctx: LayoutContext, box: Box, pairs: list[tuple[str, str]], size: float) -> list[Item]:
    """Labelled values as one centred line of text: the compact form of a strip of boxes,
    where the boxes would send the rules on to a second card (see `values_fit`)."""
    style = TextStyle(size=size, color=ctx.color("ink"), align="center", leading=1.1, min_size=RULES_SIZE)
    return text_box(ctx, values_text(pairs), box, style, None, valign="middle", what="profile")


def movement_pairs(derived: UnitValues) -> list[tuple[str, str]]:
    return [
        (words("aircraft_label"), words("aircraft_move", least=m.squares, most=m.most))
        if m.action == "aircraft"
        else (ACTION_NAMES[m.action], str(m.squares))
        for m in derived.movement
    ]


def unit_cards(
    ctx: LayoutContext, geo: CardGeometry, doc: DocInput, color: str, taken: int, joins: Sequence[str] = ()
) -> list[list[Item]]:
    """A unit's card: profile, weapons, special rules, movement and occupancy; rules that
    do not fit at their size go on to a card marked "(cont.)". A joined hero's card names
    the unit it joins."""
    d = doc.values(UnitValues)
    subtitle = (
        f"{d.cost} points"
        + (f" · taken ×{taken}" if taken > 1 else "")
        + "".join(f" · joins {name}" for name in dict.fromkeys(joins))
    )
    occupancy = occupancy_text(d.occupancy)
    occ_style = TextStyle(size=RULES_SIZE, color=ctx.color("ink"), align="center", leading=1.15).fixed
    occ_h = OCC_H if fits(ctx, occupancy, occ_style, geo.w - 2 * SAFE) else OCC_H2

    def frame(part: int) -> tuple[list[Item], Box]:
        items = background(geo, ctx.color("card"))
        band, top = title_band(
            ctx,
            geo,
            continued(d.label, part),
            color,
            doc.source("name"),
            height=12 * MM,
            subtitle=subtitle,
            longest=continued(d.label, 1),
        )
        items += band
        items += footer(ctx, geo, GAME, short=GAME_SHORT_TITLES[GAME_ID])  # impose_deck writes n/N at its right
        return items, Box(SAFE, top + 2 * MM, geo.w - 2 * SAFE, geo.h - top - 2 * MM - SAFE - 3.2 * MM)

    def room(box: Box, compact: bool) -> tuple[Box, Box]:
        """The room above movement and occupancy at the foot of `box`, and theirs."""
        move_h = MOVE_LINE_H if compact else MOVE_H
        return box.split_top(max(0.0, box.h - move_h - occ_h - 3 * MM), 1.5 * MM)

    def strips(box: Box, compact: bool = False) -> tuple[list[Item], Box]:
        """Movement and occupancy at the foot of `box` (movement as a line of text when
        `compact`); returns them and the room above."""
        above, bottom = room(box, compact)
        move, occ = bottom.split_top(MOVE_LINE_H if compact else MOVE_H, 1.5 * MM)
        place = one_line if occ_h == OCC_H else text_box
        strip = (
            values_line(ctx, move, movement_pairs(d), RULES_SIZE) if compact else movement_strip(ctx, move, d, color)
        )
        return strip + place(ctx, occupancy, occ, occ_style, None, what="occupancy"), above

    profile = [("Quality", d.quality), ("Defense", d.defense), ("Points", str(d.cost))]

    def first_card(compact: bool) -> tuple[list[Item], Box]:
        """The first card's profile and weapons (the profile a line of text when
        `compact`), and the room under them."""
        first, inner = frame(0)
        stats, rest = inner.split_top(STAT_LINE_H if compact else STAT_H, 2 * MM)
        first += (
            values_line(ctx, stats, profile, STAT_LINE_SIZE)
            if compact
            else stat_cells(
                ctx, stats, profile, color, [doc.source("quality"), doc.source("defense"), doc.source("cost")]
            )
        )
        rows, height = weapon_rows(ctx, rest, d.weapons, color, doc)
        return first + rows, Box(rest.x, rest.y + height + 2 * MM, rest.w, rest.h - height - 2 * MM)

    reported = len(ctx.issues)
    first, below = first_card(False)
    # On a short card (square) movement and occupancy go on to the next card.
    deferred = below.h < MOVE_H + occ_h + 3 * MM
    blocks = rule_blocks(ctx, d, doc)
    # The rules keep their card where the profile and movement, as lines of text, leave them room.
    compact = (
        not deferred
        and stack_height(ctx, blocks, below.w, 1.0) > room(below, False)[0].h + 1e-6
        and values_fit(ctx, profile, below.w)
        and values_fit(ctx, movement_pairs(d), below.w)
    )
    if compact:
        del ctx.issues[reported:]  # laid out again: each problem is reported once
        first, below = first_card(True)

    def card(part: int) -> tuple[list[Item], Box]:
        if part == 0:
            if deferred:
                return first, Box(below.x, below.y, below.w, max(0.0, below.h))
            bottom, rules_box = strips(below, compact)
            return first + bottom, rules_box
        items, box = frame(part)
        if deferred and part == 1:
            bottom, box = strips(box)
            items = items + bottom
        return items, box

    fronts = flow_over_cards(ctx, blocks, card, what="special rules")
    if deferred and len(fronts) == 1:  # the rules fit the first card: movement and occupancy need a second
        fronts.append(card(1)[0])
    return fronts


def army_units(job: Job) -> list[tuple[DocInput, int, list[str]]]:
    """The army's units in list order, each once, with how many times it is taken and the
    units it joins (for a hero); heroes follow the unit they join."""
    army, units = job.doc, {d.id: d for d in job.docs[1:] if d.kind != GLOSSARY}
    out: dict[str, int] = {}
    joins: dict[str, list[str]] = {}
    for entry in army.values(ArmyValues).units:
        out[entry.unit] = out.get(entry.unit, 0) + entry.count
        for hero in entry.heroes:
            out[hero.unit] = out.get(hero.unit, 0) + 1
            joins.setdefault(hero.unit, []).append(entry.name)
    return [(units[uid], n, joins.get(uid, [])) for uid, n in out.items() if uid in units]


def army_includes(doc: DocInput) -> list[tuple[str, str]]:
    """The unit documents an army's roster needs."""
    keys: list[tuple[str, str]] = []
    for entry in doc.values(ArmyValues).units:
        keys.append(("grimdark-unit", entry.unit))
        keys += [("grimdark-unit", h.unit) for h in entry.heroes]
    return list(dict.fromkeys(keys))


def cards_includes(doc: DocInput) -> list[tuple[str, str]]:
    """The documents an army's unit cards need: its units, and the glossaries their rules'
    text comes from (a glossary that cannot be read holds the cards back)."""
    return army_includes(doc) + [(GLOSSARY, gid) for gid in doc.values(ArmyValues).glossaries]


def layout_unit_cards(ctx: LayoutContext, job: Job) -> LayoutDocument:
    geo = CardGeometry(ctx.theme.card[0], ctx.theme.card[1], ctx.theme.bleed)
    color = accent(ctx)
    army = job.doc.model
    fronts = [front for doc, n, joins in army_units(job) for front in unit_cards(ctx, geo, doc, color, n, joins)]
    fronts += rules_cards(ctx, geo, job.doc.values(ArmyValues), color)
    back = generic_back(
        ctx, geo, color, army.name, words("card_back", mark=RECONSTRUCTED_MARK, game=GAME), job.doc.source("name")
    )
    pages = impose_deck(
        ctx,
        fronts,
        [back] * len(fronts),
        card=(geo.w, geo.h),
        label=f"{army.name} units",
        mode=job.option("imposition") or "sheet",
        source=Source(job.doc.key, ()),
    )
    return LayoutDocument(
        title=f"{army.name} — unit cards",
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"{GAME} unit cards",
        keywords=(GAME_ID, "units", "cards"),
    )
