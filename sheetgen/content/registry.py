"""The registry of content kinds: `kind:` value → model and the game it belongs to."""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.content.models.base import DocumentModel


@dataclass(frozen=True, slots=True)
class KindSpec:
    kind: str
    model: type[DocumentModel]
    system: str | None
    summary: str


_KINDS: dict[str, KindSpec] = {}


def register(kind: str, model: type[DocumentModel], system: str | None, summary: str) -> None:
    if kind in _KINDS:
        raise ValueError(f"kind {kind!r} registered twice")
    _KINDS[kind] = KindSpec(kind, model, system, summary)


def kinds() -> dict[str, KindSpec]:
    _ensure_loaded()
    return dict(_KINDS)


def get(kind: str) -> KindSpec | None:
    _ensure_loaded()
    return _KINDS.get(kind)


def _ensure_loaded() -> None:
    if not _KINDS:
        import sheetgen.content.kinds  # noqa: F401  (registers every kind)
