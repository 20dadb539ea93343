"""A card holds its thing whole: read back from the decks the bundled content and the
five-game kit build, on A4 and Letter, at poker and mini size. A card continues on a
second only where its content cannot fit one at the minimum type size (the cases left are
listed below, each with why), and a table never splits across cards."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from helpers import read_pdf
from helpers.builds import CONT, decks

#: Every card that still continues at poker size, by its deck and title, and why.
TOO_LONG_FOR_A_POKER_CARD = {
    (
        "cubes-reference",
        "Countdown to extinction",
    ): "the rule and its 13-row, five-column table of odds are taller than a poker card at 7.5pt",
    (
        "upgrades",
        "Specialization",
    ): "the upgrade's text and its six-row table of actions are taller than a poker card at 7.5pt",
    ("iron-wardens", "Rules of Iron Wardens"): "the army's rules in full, a glossary longer than a card",
    ("kor-swarm", "Rules of The Kor Swarm"): "the army's rules in full, a glossary longer than a card",
}
POKER = [("bundled", "a4", "poker"), ("bundled", "letter", "poker"), ("kit", "a4", "poker"), ("kit", "letter", "poker")]
EVERY = POKER + [("bundled", "a4", "mini"), ("kit", "letter", "mini")]


def _flat(text: str) -> str:
    return " ".join(text.split())


def continuations(output) -> list[tuple[str, str]]:
    """(deck, title) of each continuation card, read from the print-shop twins (a card a page)."""
    found = []
    for path in decks(output, print_shop=True):
        for page in read_pdf(path).pages:
            text = _flat(page.extract_text())
            if CONT in text:
                found.append((path.stem, text[: text.index(CONT)].strip()))
    return found


@pytest.mark.parametrize("config", POKER, ids="-".join)
def test_poker_cards_continue_only_where_their_content_cannot_fit(card_build, config):
    found = continuations(card_build(*config))
    assert set(found) <= set(TOO_LONG_FOR_A_POKER_CARD), sorted(set(found) - set(TOO_LONG_FOR_A_POKER_CARD))
    assert len(found) == len(set(found)), found  # each goes on to one card, no more


def test_the_cards_the_review_found_continuing_hold_whole(card_build):
    """The QUANTUMIZATION table, "Throwing minis", the Captain's card, the Burrower's Blast(3)
    and the KUBOS Ember card: each on one card at poker size."""
    output = card_build("bundled", "a4", "poker")
    titles = {title for _, title in continuations(output)}
    for title in (
        "What Order buys",
        "Throwing minis",
        "Warden Captain [1]",
        "Burrower [1]",
        "Ember the ash drake",
        "Kairotic Moment",
        "Double quantum events",
    ):
        assert title not in titles
    assert "Burrower [1]" in _flat(
        read_pdf(output / "grimdark" / "unit-cards" / "kor-swarm.pdf").pages[0].extract_text()
    )


#: The cards that take more than three mini cards, and why.
LONGER_THAN_THREE_MINI_CARDS = {
    "Countdown to extinction": "a 13-row, five-column table, a line a row on a mini card",
    "Specialization": "a six-row table of long lists of actions, a line a row on a mini card",
    "Talk — listener bonuses": "a table of a dozen rows, a line a row on a mini card",
    "Throwing minis": "a ten-row, seven-column table of odds, a line a row on a mini card",
    "Treasure": "the rule and a table of magic items, a line a row on a mini card",
    "Rules of Iron Wardens": "the army's rules in full",
    "Rules of The Kor Swarm": "the army's rules in full",
}


@pytest.mark.parametrize("config", EVERY[4:], ids="-".join)
def test_a_mini_card_takes_at_most_three_cards(card_build, config):
    """On a mini card most rules do not fit at 7.5pt: a card goes on to a second and a
    third at most, but for the few whose content is longer (listed, with why)."""
    found = Counter(title for _, title in continuations(card_build(*config)))
    assert found, config  # mini cards do continue: the count below is not vacuous
    longer = {title: n for title, n in found.items() if n > 2}
    assert set(longer) <= set(LONGER_THAN_THREE_MINI_CARDS), longer


def _norm(text: object) -> str:
    return re.sub(r"[^0-9A-Za-z%]+", "", str(text))


def _tables(root) -> list[tuple[str, str, list[list[object]]]]:
    """(deck id, card title, rows) of every table on the reference cards of a project."""
    from sheetgen.content.loader import load
    from sheetgen.rules import check

    checked = check(load([str(root / "content")]))
    found = []
    for doc in checked.documents("reference-deck"):
        computed = checked.derived[doc.key].tables
        for i, card in enumerate(doc.model.cards):
            if card.table is None:
                continue
            hit = computed.get(i)
            rows = hit.rows if hit is not None else card.table.rows
            found.append((doc.id, card.title, [list(r) for r in rows]))
    return found


@pytest.mark.parametrize("config", EVERY, ids="-".join)
def test_every_table_of_a_reference_card_prints_on_one_card(card_build, config):
    """Every row of every table on one card (a page of the print-shop twin): as a table
    (folded in two where it is long and narrow), or on a small card, a line per row. Only a
    table taller than a card splits, and it starts a card of its own (a "(cont.)" card:
    it went on whole from the text before it)."""
    output = card_build(*config)
    tables = _tables(output.parent)
    assert len(tables) >= 5
    whole = 0
    for deck, title, rows in tables:
        (path,) = [p for p in decks(output, print_shop=True) if p.stem == deck]
        texts = [page.extract_text() for page in read_pdf(path).pages]
        pages = [_norm(text) for text in texts]
        patterns = [re.compile(".*?".join(re.escape(_norm(c)) for c in row if _norm(c))) for row in rows]
        if any(all(p.search(page) for p in patterns) for page in pages):
            whole += 1
            continue
        first = next(i for i, page in enumerate(pages) if patterns[0].search(page) and _norm(title) in page)
        assert _flat(texts[first]).startswith(f"{title} {CONT}"), f"{deck}: the table of “{title}” is split"
    if config in POKER:  # at poker size no table is taller than a card
        assert whole == len(tables)
