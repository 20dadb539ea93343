"""Builders: pages of the workbench that make and edit documents of one kind field by
field, each offered by a game (its record's `builder`, a module declaring `BUILDER`).
The workbench adds their routes, links to them in its header, and offers "edit in the
builder" on the outputs of the kind they make; it knows no builder by name."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.routing import Route

from sheetgen.games import stage_modules


@dataclass(frozen=True)
class Builder:
    kind: str  # the kind of document it makes and edits
    name: str  # as a sentence says it: "cubit builder"
    path: str  # its page; a document opens in it at `<path>/<id>/edit`
    routes: tuple[Route, ...]
    products: tuple[str, ...] = ()  # outputs (product folder names) whose cards offer "edit in the builder"

    @property
    def title(self) -> str:
        return self.name[:1].upper() + self.name[1:]

    def edit_url(self, doc_id: str) -> str:
        return f"{self.path}/{doc_id}/edit"


def builders() -> list[Builder]:
    """Every game's builder, in the games' order."""
    return [module.BUILDER for module in stage_modules("builder")]
