"""The registry of content kinds: `kind:` value → model and the game it belongs to.

The kinds and their games come from the games' records (`sheetgen.games`); a game's
models module (`KINDS = {kind: Model}`) is imported the first time one of its kinds is
asked for."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from sheetgen.games import COMMON_KINDS, all_kinds, game, game_module, game_of_kind, games, records

if TYPE_CHECKING:
    from sheetgen.content.models.base import DocumentModel

COMMON_MODELS = "sheetgen.content.models.common"


@dataclass(frozen=True, slots=True)
class KindSpec:
    kind: str
    model: type[DocumentModel]
    game: str | None
    summary: str


_KINDS: dict[str, KindSpec] = {}
_LOADED: set[str] = set()


def register(kind: str, model: type[DocumentModel], game: str | None, summary: str) -> None:
    if kind in _KINDS:
        raise ValueError(f"kind {kind!r} registered twice")
    _KINDS[kind] = KindSpec(kind, model, game, summary)


def _load(name: str, game: str | None, summaries: dict[str, str], load: Callable[[str], ModuleType]) -> None:
    """Register the kinds one models module declares (the shared one or a game's)."""
    if name in _LOADED:
        return
    _LOADED.add(name)
    declared: dict[str, type[DocumentModel]] = load(name).KINDS
    for kind, model in declared.items():
        register(kind, model, game, summaries.get(kind, ""))


def _load_game(game_id: str) -> None:
    record = games()[game_id]
    _load(record.models, record.id, dict(record.kinds), lambda name: game_module(record, name))


def names() -> tuple[str, ...]:
    """Every kind's name, without importing any game's models."""
    return all_kinds()


def kinds() -> dict[str, KindSpec]:
    """Every kind, in the order rules run (this imports every game's models)."""
    _load(COMMON_MODELS, None, COMMON_KINDS, importlib.import_module)
    for record in records():
        _load_game(record.id)
    return {kind: _KINDS[kind] for kind in all_kinds()}


def get(kind: str) -> KindSpec | None:
    spec = _KINDS.get(kind)
    if spec is None:
        game_id = game_of_kind(kind)
        if game_id is not None:
            _load_game(game_id)
        elif kind in COMMON_KINDS:
            _load(COMMON_MODELS, None, COMMON_KINDS, importlib.import_module)
        spec = _KINDS.get(kind)
    return spec


def game_of(doc) -> str | None:
    """The game a document belongs to: its kind's, or the `system:` a shared kind (a
    reference deck, say) names, which may be a game of the publisher's own."""
    return game_of_kind(doc.kind) or getattr(doc.model, "system", None)


def games_of(documents) -> set[str]:
    """The registered games that some documents belong to (`game_of`)."""
    found = {game_of(doc) for doc in documents}
    return {game_id for game_id in found if game_id is not None and game(game_id) is not None}
