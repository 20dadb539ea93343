"""The registry of content kinds: `kind:` value → model and the game it belongs to."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheetgen.games import COMMON_KINDS, GAMES, all_kinds, game_of_kind

if TYPE_CHECKING:
    from sheetgen.content.models.base import DocumentModel


@dataclass(frozen=True, slots=True)
class KindSpec:
    kind: str
    model: type[DocumentModel]
    system: str | None
    summary: str


_KINDS: dict[str, KindSpec] = {}
_LOADED: set[str] = set()


def register(kind: str, model: type[DocumentModel], system: str | None, summary: str) -> None:
    if kind in _KINDS:
        raise ValueError(f"kind {kind!r} registered twice")
    _KINDS[kind] = KindSpec(kind, model, system, summary)


def _load(module: str) -> None:
    """Register the kinds one models module declares (`common` or a game's)."""
    if module in _LOADED:
        return
    _LOADED.add(module)
    declared = importlib.import_module(f"sheetgen.content.models.{module}").KINDS
    for kind, (model, system, summary) in declared.items():
        register(kind, model, system, summary)


def names() -> tuple[str, ...]:
    """Every kind's name, without importing any game's models."""
    return all_kinds()


def kinds() -> dict[str, KindSpec]:
    """Every kind, in the order rules run (this imports every game's models)."""
    for module in ("common", *GAMES):
        _load(module)
    return {kind: _KINDS[kind] for kind in all_kinds()}


def get(kind: str) -> KindSpec | None:
    spec = _KINDS.get(kind)
    if spec is None:
        game = game_of_kind(kind)
        if game is not None:
            _load(game)
        elif kind in COMMON_KINDS:
            _load("common")
        spec = _KINDS.get(kind)
    return spec


def system_of(doc) -> str | None:
    """The game a document belongs to: its kind's, or the `system:` a shared kind (a
    reference deck, say) names, which may be a game of the publisher's own."""
    return game_of_kind(doc.kind) or getattr(doc.model, "system", None)


def games_of(documents) -> set[str]:
    """The games of sheetgen's five that some documents belong to (`system_of`)."""
    return {game for doc in documents if (game := system_of(doc)) in GAMES}
