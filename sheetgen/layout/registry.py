"""Every product sheetgen can build: each sheet module declares its `PRODUCTS`.

A module may also declare `check_settings(theme) -> str | None` to refuse build
settings it cannot honour (a cube too big for the paper), before anything is built.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from types import ModuleType

from sheetgen.diagnostics import Diagnostic
from sheetgen.games import game as game_record
from sheetgen.games import stage_modules
from sheetgen.layout.products import Product
from sheetgen.layout.sheets import handout, reference_deck
from sheetgen.rules.theme import ResolvedTheme

SHARED: list[ModuleType] = [reference_deck, handout]


def modules(games: Iterable[str] | None = None) -> list[ModuleType]:
    """The shared product modules and those of `games` (default: every game); a game's
    module (its record's `products`) is imported the first time it is asked for."""
    return SHARED + stage_modules("products", None if games is None else set(games))


def products(games: Iterable[str] | None = None) -> dict[str, Product]:
    """Products by id: the shared ones and those of `games` (default: every game)."""
    out: dict[str, Product] = {}
    for module in modules(games):
        for product in module.PRODUCTS:
            if product.id in out:
                raise ValueError(f"product id {product.id!r} declared twice")
            out[product.id] = product
            if product.deck:
                twin = print_shop_twin(product)
                out[twin.id] = twin
    return out


def print_shop_twin(deck: Product) -> Product:
    """A deck one card a page (trim plus bleed, TrimBox and BleedBox per card) in the
    print-shop colour profile, as print shops ask."""
    lay_out = deck.layout

    def layout(ctx, job):
        return dataclasses.replace(lay_out(ctx, job), profile="print-shop")

    return dataclasses.replace(
        deck,
        id=f"{deck.id}-print-shop",
        name=f"{deck.name}-print-shop",
        layout=layout,
        options={**deck.options, "imposition": "single"},
        formats=("pdf",),
        deck=False,
        print_shop_of=deck.id,
        summary=f"{deck.summary}: one card a page with bleed, for print shops",
    )


def product(product_id: str, game: str | None = None) -> Product:
    """One product by id, looking first among the shared products and `game`'s."""
    found = products([game] if game is not None and game_record(game) is not None else []).get(product_id)
    return found if found is not None else products()[product_id]


def figure_drawers() -> dict:
    """Functions that draw computed figures on cards, from every game's sheet module
    (`FIGURES`): `draw(ctx, box, data, accent) -> items`."""
    out: dict = {}
    for module in modules():
        out.update(getattr(module, "FIGURES", {}))
    return out


def notices(games: Iterable[str] | None = None) -> dict[str, str]:
    """Notices (licences) that every output of a game carries: a module's `GAME_ID` and `NOTICE`."""
    out: dict[str, str] = {}
    for module in modules(games):
        notice = getattr(module, "NOTICE", None)
        if notice:
            out[module.GAME_ID] = notice
    return out


SMALLEST_CARD = "mini"  # every card product is laid out and checked down to this size


def card_size_problem(theme: ResolvedTheme, deck_ids: Iterable[str]) -> str | None:
    """Why the theme's card size cannot serve the decks `deck_ids`, or None: a card
    narrower or shorter than the smallest size every card product is made for."""
    from sheetgen.units import CARD_SIZES, MM

    def mm(points: float) -> str:
        return f"{round(points / MM, 2):g}mm"

    (w, h), (min_w, min_h) = theme.card, CARD_SIZES[SMALLEST_CARD]
    decks = sorted(deck_ids)
    if not decks or (w >= min_w - 1e-6 and h >= min_h - 1e-6):
        return None
    return (
        f"a {mm(w)} × {mm(h)} card is smaller than the smallest card sheetgen lays out "
        f"({SMALLEST_CARD}, {mm(min_w)} × {mm(min_h)}): {', '.join(f'`{d}`' for d in decks)} "
        f"cannot be laid out on it"
    )


def deck_products(games: Iterable[str] | None, kinds: set[str]) -> list[str]:
    """The card decks built from documents of `kinds` (and the games' blank decks)."""
    return [p.id for p in products(games).values() if p.deck and (p.scope == "blank" or kinds & set(p.kinds))]


def card_size_error(theme: ResolvedTheme, library) -> Diagnostic | None:
    """`theme.card-too-small` at the theme's `card_size`, naming the decks the project's
    content would make that cannot be laid out on its cards; None when they can."""
    from sheetgen.content.registry import games_of
    from sheetgen.diagnostics import error

    doc = library.get("theme", theme.id)
    if doc is None or doc.model.card_size is None:
        return None
    games = games_of([d for d in library.documents if d.target])  # not the shipped game data alone
    kinds = {d.kind for d in library.documents if d.target or games_of([d]) & games}
    problem = card_size_problem(theme, deck_products(games, kinds))
    if not problem:
        return None
    m = doc.mark(("card_size",))
    return error(
        doc.file,
        m.line,
        m.column,
        "theme.card-too-small",
        problem,
        f"use `card_size: {SMALLEST_CARD}` or a larger size",
    )


def check_settings(theme: ResolvedTheme, games: Iterable[str] | None = None) -> str | None:
    """The first problem any product module has with the build settings, or None."""
    for module in modules(games):
        check = getattr(module, "check_settings", None)
        if check is not None:
            problem = check(theme)
            if problem:
                return problem
    return None
