"""What the rules of the kinds every game shares hand layout: reference decks and handouts.

Field names are the keys `sheetgen show` prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

ImageType = Literal["image/png", "image/jpeg"]


@runtime_checkable
class DisplayNamed(Protocol):
    """Derived values that say how their document is named in print (an unnamed cubit
    is `Unnamed cubit · its-id`)."""

    @property
    def display_name(self) -> str: ...


@dataclass(frozen=True, slots=True)
class ComputedTable:
    """A table the rules worked out for a card (`table: {computed: name}`)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]


@dataclass(frozen=True, slots=True)
class DeckValues:
    cards: int
    tables: dict[int, ComputedTable]  # by card index
    # By card index: a computed figure's plain data, its `draw` naming the layout function.
    figures: dict[int, dict[str, Any]]


@dataclass(frozen=True, slots=True)
class HandoutSection:
    """A handout's section: its words, and the documents (`kind`, `product`, `ids`) or the
    blank product (`blank`, with the settings documents it reads) it includes."""

    title: str
    text: str | None
    kind: str | None = None
    product: str | None = None
    ids: tuple[str, ...] = ()
    blank: str | None = None
    settings: tuple[tuple[str, str], ...] = ()  # (kind, id) keys


@dataclass(frozen=True, slots=True)
class CoverImage:
    """A handout's cover picture; its digest rebuilds the handout when the picture changes."""

    path: str
    mime: ImageType
    width: int
    height: int
    sha256: str


@dataclass(frozen=True, slots=True)
class HandoutValues:
    sections: tuple[HandoutSection, ...]
    cover_image: CoverImage | None
