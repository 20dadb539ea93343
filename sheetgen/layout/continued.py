"""Text that keeps its size and flows on to further cards instead of shrinking."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sheetgen.layout.context import LayoutContext
from sheetgen.layout.primitives import Box, Item
from sheetgen.layout.text import BODY_MIN, fit_blocks, split_blocks


def flow_over_cards(
    ctx: LayoutContext, blocks: list, card: Callable[[int], tuple[list[Item], Box]], what: str = "card text"
) -> list[list[Item]]:
    """The blocks over as many cards as they need at their own size. `card(k)` draws the
    k-th card's own parts (0 for the first; a continuation says so in its title) and
    returns them with the box its text goes in. What does not fit even one card alone (a
    word or table row taller than a card) is an error at its field."""
    cards: list[list[Item]] = []
    remaining = [b for b in blocks if b is not None]
    while True:
        items, area = card(len(cards))
        head, rest = split_blocks(ctx, remaining, area)
        if not head and remaining and not cards and card(1)[1].h > area.h:
            # The first card's own parts (a profile, a table) leave no room: the text starts
            # on the next card, which has more.
            cards.append(items)
            continue
        if not head:  # not even the first block fits a card of its own: reported there
            cards.append(items + fit_blocks(ctx, remaining, area, what=what, continues=True))
            return cards
        cards.append(items + fit_blocks(ctx, head, area, what=what))
        if not rest:
            return cards
        remaining = rest


def continued(title: str, part: int) -> str:
    """A card's title, marked on the cards its text continues on."""
    return title if part == 0 else f"{title} (cont.)"


def type_steps(size: float, floor: float = BODY_MIN, step: float = 0.3) -> list[float]:
    """The sizes a deck's body text may take, largest first: its own, then smaller by
    `step`, down to `floor` (the minimum body size)."""
    steps = [size]
    while steps[-1] - step > floor + 1e-6:
        steps.append(round(steps[-1] - step, 2))
    return steps + [floor] if size > floor + 1e-6 else steps


def beside(size: float, body_pt: float, body_size: float) -> float:
    """The size of text set beside a deck's body (its tables) when the body shrinks from
    `body_size` to `body_pt`: as much smaller, never under the minimum body size."""
    return max(BODY_MIN, round(min(size, size - (body_size - body_pt)), 2))


def cards_needed(ctx: LayoutContext, blocks: list, first: Box, rest: Box) -> int:
    """How many cards `flow_over_cards` prints the blocks on: `first` the box of the first
    card's text, `rest` that of the cards after it."""
    remaining, area, count = [b for b in blocks if b is not None], first, 0
    while remaining:
        head, remaining = split_blocks(ctx, remaining, area)
        if not head and (count or rest.h <= area.h):
            return count + 1  # not even one block fits a card alone: reported where it is laid out
        count, area = count + 1, rest  # (a first card with no room: the text starts on the next)
    return max(count, 1)


def deck_size(sizes: Sequence[float], cards: Callable[[int, float], int], count: int) -> float:
    """One body size for a deck: the largest of `sizes` (largest first) at which each of
    its `count` cards prints on as few cards as at the smallest size (`cards(card, size)`,
    see `cards_needed`): one where its content fits one card there, and a card continues
    only where its content does not fit one at the smallest size."""
    at, last = 0, len(sizes) - 1
    for card in range(count):
        if at == last:
            break
        needed = cards(card, sizes[at])
        if needed == 1:
            continue
        least = cards(card, sizes[last])
        while needed > least:
            at += 1
            needed = cards(card, sizes[at])
    return sizes[at]
