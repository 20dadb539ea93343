"""Generators for cubit."""

from __future__ import annotations

GENERATORS: list = []
