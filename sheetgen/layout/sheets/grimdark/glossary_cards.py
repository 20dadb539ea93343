"""The rules of an army in full, at the end of its unit cards: every special rule its
units and weapons carry with the glossary's full text, in alphabetical order, flowed
over as many cards as it needs; the rules and parts of rules that are sheetgen's reading
(`reconstructed`) are marked † with what is sheetgen's, and how heroes join closes them
when the army has a joined hero."""

from __future__ import annotations

from sheetgen.layout.cards import GAME_SHORT_TITLES, CardGeometry, footer
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Item
from sheetgen.layout.sheets.grimdark.common import GAME, GAME_ID, words
from sheetgen.layout.sheets.reference_deck import card_pages
from sheetgen.layout.text import Paragraph, Spacer, TextStyle
from sheetgen.rules.grimdark.glossary import KIND as GLOSSARY
from sheetgen.rules.grimdark.values import ArmyValues
from sheetgen.units import MM

RECONSTRUCTED_MARK = "†"


def _source(glossary: str | None, *path) -> Source | None:
    return Source((GLOSSARY, glossary), path) if glossary else None


def _note(ctx: LayoutContext, text: str, source: Source | None) -> Paragraph:
    style = TextStyle(size=6.5, font="italic", color=ctx.color("ink"), leading=1.15)
    return Paragraph(ctx, f"{RECONSTRUCTED_MARK} {text}", style, source)


def rules_blocks(ctx: LayoutContext, army: ArmyValues) -> list:
    """Each rule by name with its full text and what of it is sheetgen's; then how heroes join."""
    body = TextStyle(size=7.5, color=ctx.color("ink"), leading=1.18).fixed
    blocks: list = []
    for rule in army.rules:
        mark = f" {RECONSTRUCTED_MARK}" if rule.reconstructed and RECONSTRUCTED_MARK not in rule.text else ""
        blocks.append(
            Paragraph(
                ctx,
                f"**{rule.label}**{mark} — {rule.text}",
                body,
                _source(rule.glossary, "rules", rule.index, rule.field),
            )
        )
        if rule.reconstructed:
            blocks.append(_note(ctx, rule.reconstructed, _source(rule.glossary, "rules", rule.index, "reconstructed")))
        blocks.append(Spacer(1.2 * MM))
    joining = army.joining
    if joining:
        blocks.append(
            Paragraph(
                ctx,
                words(
                    "joining",
                    heroes=joining.heroes_per_unit,
                    size=joining.min_unit_size,
                    mark=RECONSTRUCTED_MARK if joining.reconstructed else "",
                ),
                body,
                _source(joining.glossary, "joining"),
            )
        )
        if joining.reconstructed:
            blocks.append(_note(ctx, joining.reconstructed, _source(joining.glossary, "joining", "reconstructed")))
    return blocks


def rules_cards(ctx: LayoutContext, geo: CardGeometry, army: ArmyValues, color: str) -> list[list[Item]]:
    """The cards of the army's rules in full (none for an army whose units carry none)."""
    blocks = rules_blocks(ctx, army)
    if not blocks:
        return []
    title = words("rules_title", army=army.name)
    return [
        items + footer(ctx, geo, GAME, short=GAME_SHORT_TITLES[GAME_ID])
        for items in card_pages(ctx, geo, title, blocks, color, None)
    ]
