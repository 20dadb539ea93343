"""Content models for kubos."""

from __future__ import annotations

KINDS: dict = {}
