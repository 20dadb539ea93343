"""Every product sheetgen can build: each sheet module declares its `PRODUCTS`."""

from __future__ import annotations

from sheetgen.layout.products import Product
from sheetgen.layout.sheets import reference_deck

MODULES = [reference_deck]


def products() -> dict[str, Product]:
    out: dict[str, Product] = {}
    for module in MODULES:
        for product in module.PRODUCTS:
            if product.id in out:
                raise ValueError(f"product id {product.id!r} declared twice")
            out[product.id] = product
    return out
