"""The one interface every backend implements: a method per kind of layout primitive.

`Renderer.draw` is the only place that tells primitives apart. Its `match` names every
class of `primitives.Item`, so mypy refuses a backend that forgets one, and a value that
is not a primitive stops the render with an error instead of vanishing from the page.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Never, NoReturn

from sheetgen.layout.primitives import Circle, Field, Group, Image, Item, Path, Rect, Text


class UnknownPrimitive(TypeError):
    """Layout handed a backend something that is not one of its drawing primitives."""


def unknown_primitive(item: Never) -> NoReturn:
    """Raise for `item`; typed `Never`, so mypy proves the `match` that calls it exhaustive."""
    raise UnknownPrimitive(
        f"cannot draw a {type(item).__module__}.{type(item).__qualname__}: "
        "pages hold only the primitives of sheetgen.layout.primitives (Item)"
    )


class Renderer(ABC):
    """Draws layout primitives; a backend implements one method per kind."""

    __slots__ = ()

    def draw(self, items: Iterable[Item]) -> None:
        """Each item in order, by its kind (text first: most items are text)."""
        for item in items:
            match item:
                case Text():
                    self.text(item)
                case Path():
                    self.path(item)
                case Rect():
                    self.rect(item)
                case Group():
                    self.group(item)
                case Circle():
                    self.circle(item)
                case Image():
                    self.image(item)
                case Field():
                    self.field(item)
                case _:
                    unknown_primitive(item)

    @abstractmethod
    def text(self, t: Text) -> None: ...

    @abstractmethod
    def path(self, p: Path) -> None: ...

    @abstractmethod
    def rect(self, r: Rect) -> None: ...

    @abstractmethod
    def circle(self, o: Circle) -> None: ...

    @abstractmethod
    def image(self, im: Image) -> None: ...

    @abstractmethod
    def field(self, f: Field) -> None: ...

    @abstractmethod
    def group(self, g: Group) -> None:
        """The group's items (`self.draw(g.items)`) under its offset, rotation and clip."""
