"""What can be built: products, the jobs that build them and the inputs they get.

A product is one kind of output (a cube net, a character sheet, a deck of cards).
Its layout function turns a `Job` (validated documents plus their derived values)
into a `LayoutDocument`. Products are declared by the sheet modules and listed in
`sheetgen.layout.registry`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import LayoutDocument

Scope = Literal["document", "collection", "blank"]
V = TypeVar("V")


@dataclass(frozen=True)
class DocInput:
    """A validated document as layout sees it: the model and the rules' derived values."""

    kind: str
    id: str
    model: Any
    derived: Any
    file: str = ""

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, self.id)

    def source(self, *path: Any) -> Source:
        return Source(self.key, tuple(path))

    def values(self, kind: type[V]) -> V:
        """The rules' derived values, as the record (`kind`) the game's rules return for it."""
        if not isinstance(self.derived, kind):
            raise TypeError(
                f"{self.kind} `{self.id}`: its derived values are a {type(self.derived).__name__}, not {kind.__name__}"
            )
        return self.derived


@dataclass(frozen=True)
class Job:
    product: str  # the product's registry id
    target: str  # the output id
    docs: tuple[DocInput, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)

    @property
    def doc(self) -> DocInput:
        return self.docs[0]


@dataclass(frozen=True)
class Product:
    """One kind of output.

    `game` names the output folder; for kinds shared by every game (reference
    decks) it may be a function of the document. `scope` says whether there is
    one output per document, one for all documents of the kinds, or one blank
    that needs no documents at all.
    """

    id: str  # unique registry key, e.g. "cubit-net"
    name: str  # the output folder, e.g. "net"
    game: str | Callable[[DocInput], str]
    kinds: tuple[str, ...]
    scope: Scope
    layout: Callable[[LayoutContext, Job], LayoutDocument]
    summary: str
    target: str | None = None  # output id of collection and blank products
    formats: tuple[str, ...] = ("pdf", "svg")
    options: dict[str, Any] = field(default_factory=dict)
    # Pages meant to be cut out (cube nets, stickers), laid side by side (mat tiles) or
    # kept in pencil, one sheet each (character and record sheets, turn logs, rosters):
    # in a bundle printed double-sided each needs a blank back, so bundles insert one
    # after every page.
    one_sided: bool = False
    # Other documents a document's layout needs besides its own (a handout's sections):
    # a function of the document giving (kind, id) keys.
    includes: Callable[[DocInput], list[tuple[str, str]]] | None = None
    # A deck of cards (imposed with `cards.impose_deck`): the registry adds its
    # one-card-a-page twin for print shops, `<name>-print-shop`.
    deck: bool = False
    print_shop_of: str | None = None  # the id of the deck a print-shop twin exports
    # The paper a document asks for over the theme's (a handout's `paper`), or None.
    paper: Callable[[DocInput], str | None] | None = None

    def game_of(self, doc: DocInput | None) -> str:
        if callable(self.game):
            assert doc is not None
            return self.game(doc)
        return self.game
