"""kubos products."""

from __future__ import annotations

SYSTEM = "kubos"
NOTICE: str | None = None  # a notice every kubos output must carry (a licence), if any
PRODUCTS: list = []
