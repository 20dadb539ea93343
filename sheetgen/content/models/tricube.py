"""Content models for tricube."""

from __future__ import annotations

KINDS: dict = {}
