"""Generators for kubos."""

from __future__ import annotations

GENERATORS: list = []
