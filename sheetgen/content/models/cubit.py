"""Content models for cubit."""

from __future__ import annotations

KINDS: dict = {}
