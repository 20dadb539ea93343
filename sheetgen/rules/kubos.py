"""Rules for kubos: checks and derived values."""

from __future__ import annotations

RULES: dict = {}
LIBRARY_RULES: list = []
TABLES: dict = {}  # computed tables cards may ask for: name -> () -> (columns, rows)
