"""tricube products."""

from __future__ import annotations

SYSTEM = "tricube"
NOTICE: str | None = None  # a notice every tricube output must carry (a licence), if any
PRODUCTS: list = []
