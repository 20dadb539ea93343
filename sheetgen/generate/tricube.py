"""Generators for tricube."""

from __future__ import annotations

GENERATORS: list = []
