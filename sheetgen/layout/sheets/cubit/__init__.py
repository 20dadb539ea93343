"""cubit products."""

from __future__ import annotations

SYSTEM = "cubit"
NOTICE: str | None = None  # a notice every cubit output must carry (a licence), if any
PRODUCTS: list = []
