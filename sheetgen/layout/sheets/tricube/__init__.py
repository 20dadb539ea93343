"""tricube products."""

from __future__ import annotations

PRODUCTS: list = []
