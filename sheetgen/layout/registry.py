"""Every product sheetgen can build: each sheet module declares its `PRODUCTS`.

A module may also declare `check_settings(theme) -> str | None` to refuse build
settings it cannot honour (a cube too big for the paper), before anything is built.
"""

from __future__ import annotations

from sheetgen.layout.products import Product
from sheetgen.layout.sheets import cubes, cubit, handout, kubos, reference_deck, tricube
from sheetgen.rules.theme import ResolvedTheme

MODULES = [reference_deck, handout, cubit, tricube, kubos, cubes]


def products() -> dict[str, Product]:
    out: dict[str, Product] = {}
    for module in MODULES:
        for product in module.PRODUCTS:
            if product.id in out:
                raise ValueError(f"product id {product.id!r} declared twice")
            out[product.id] = product
    return out


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
