"""Rules for the kinds every game shares: themes and reference decks."""

from __future__ import annotations

from pathlib import Path

from sheetgen.content.loader import Document
from sheetgen.content.models.common import ReferenceDeck, Theme
from sheetgen.fonts import STYLES, FontError, face_for_file, load_metrics
from sheetgen.rules.base import RuleContext


def check_theme(doc: Document, ctx: RuleContext) -> dict:
    theme: Theme = doc.model  # type: ignore[assignment]
    base = Path(doc.file).parent
    for style in STYLES:
        rel = getattr(theme.fonts, style)
        if rel is None:
            continue
        try:
            load_metrics(face_for_file(base / rel, style).path)
        except (OSError, FontError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            ctx.error(doc, ("fonts", style), "theme.bad-font", f"cannot use the font `{rel}`: {reason}",
                      "give a path to a .ttf or .otf file, relative to the theme file")
    return {}


def check_deck(doc: Document, ctx: RuleContext) -> dict:
    deck: ReferenceDeck = doc.model  # type: ignore[assignment]
    for i, card in enumerate(deck.cards):
        if card.table is None:
            continue
        width = len(card.table.columns)
        for r, row in enumerate(card.table.rows):
            if len(row) != width:
                ctx.error(
                    doc,
                    ("cards", i, "table", "rows", r),
                    "deck.table-row-width",
                    f"row {r + 1} of the table on card {i + 1} has {len(row)} cells; the table has {width} columns",
                    "give every row one cell per column",
                )
    return {"cards": len(deck.cards)}


RULES = {
    "theme": check_theme,
    "reference-deck": check_deck,
}
LIBRARY_RULES: list = []
