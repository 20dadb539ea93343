"""Every product sheetgen can build: each sheet module declares its `PRODUCTS`.

A module may also declare `check_settings(theme) -> str | None` to refuse build
settings it cannot honour (a cube too big for the paper), before anything is built.
"""

from __future__ import annotations

import dataclasses

from sheetgen.layout.products import Product
from sheetgen.layout.sheets import cubit, handout, kubos, reference_deck, tricube
from sheetgen.rules.theme import ResolvedTheme

MODULES = [reference_deck, handout, cubit, tricube, kubos]


def products() -> dict[str, Product]:
    out: dict[str, Product] = {}
    for module in MODULES:
        for product in module.PRODUCTS:
            if product.id in out:
                raise ValueError(f"product id {product.id!r} declared twice")
            out[product.id] = product
            if product.deck:
                twin = print_shop_twin(product)
                out[twin.id] = twin
    return out


def print_shop_twin(deck: Product) -> Product:
    """A deck one card a page (trim plus bleed, TrimBox and BleedBox per card), as print shops ask."""
    return dataclasses.replace(deck, id=f"{deck.id}-print-shop", name=f"{deck.name}-print-shop",
                               options={**deck.options, "imposition": "single"}, formats=("pdf",), deck=False,
                               summary=f"{deck.summary}: one card a page with bleed, for print shops")


def notices() -> dict[str, str]:
    """Notices (licences) that every output of a game carries: a module's `SYSTEM` and `NOTICE`."""
    out: dict[str, str] = {}
    for module in MODULES:
        notice = getattr(module, "NOTICE", None)
        if notice:
            out[module.SYSTEM] = notice
    return out


def check_settings(theme: ResolvedTheme) -> str | None:
    """The first problem any product module has with the build settings, or None."""
    for module in MODULES:
        check = getattr(module, "check_settings", None)
        if check is not None:
            problem = check(theme)
            if problem:
                return problem
    return None
