"""Both backends implement one renderer interface: every kind of layout primitive is
drawn by each, and anything else stops the render instead of vanishing from the page."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import get_args

import pypdf
import pytest
from PIL import Image as PILImage

from sheetgen.fonts import default_faces
from sheetgen.layout.primitives import (
    Box,
    Circle,
    Field,
    Group,
    Image,
    Item,
    LayoutDocument,
    Page,
    Path,
    Rect,
    Text,
)
from sheetgen.render.base import UnknownPrimitive
from sheetgen.render.pdf import render_pdf
from sheetgen.render.svg import render_svg

SVG = "{http://www.w3.org/2000/svg}"


def _png() -> bytes:
    out = io.BytesIO()
    PILImage.new("RGB", (4, 4), (200, 40, 40)).save(out, format="PNG")
    return out.getvalue()


def _sample(kind: type) -> Item:
    """One primitive of each kind, each with something to recognise it by."""
    samples: dict[type, Item] = {
        Text: Text(20, 40, "Quokka", default_faces()["regular"], 12),
        Path: Path((("M", 10.0, 10.0), ("L", 90.0, 10.0), ("L", 50.0, 80.0), ("Z",)), id="tri"),
        Rect: Rect(10, 10, 80, 40, id="box"),
        Circle: Circle(50, 50, 20, id="dot"),
        Image: Image(10, 10, 40, 40, _png()),
        Field: Field("notes", "text", 10, 10, 120, 20),
        Group: Group((Rect(0, 0, 5, 5),), id="cluster", dx=30, dy=30),
    }
    return samples[kind]


def _page(*items: object) -> Page:
    return Page(200.0, 200.0, tuple(items))  # type: ignore[arg-type]


def _svg(page: Page) -> ET.Element:
    return ET.fromstring(render_svg(page))


def _pdf(page: Page) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(render_pdf(LayoutDocument(title="t", pages=(page,)))))


def _content(reader: pypdf.PdfReader) -> bytes:
    return reader.pages[0].get_contents().get_data()


def _in_svg(kind: type, root: ET.Element) -> bool:
    if kind is Text:
        return any(g.get("aria-label") == "Quokka" and g.find(f"{SVG}use") is not None for g in root.iter(f"{SVG}g"))
    if kind is Field:
        return any(r.get("data-field") == "notes" for r in root.iter(f"{SVG}rect"))
    if kind is Image:
        return any(
            (i.get("{http://www.w3.org/1999/xlink}href") or "").startswith("data:image/png")
            for i in root.iter(f"{SVG}image")
        )
    tag, id_ = {Path: ("path", "tri"), Rect: ("rect", "box"), Circle: ("circle", "dot"), Group: ("g", "cluster")}[kind]
    return any(e.get("id") == id_ for e in root.iter(f"{SVG}{tag}"))


def _in_pdf(kind: type, reader: pypdf.PdfReader) -> bool:
    page = reader.pages[0]
    ops = _content(reader)
    if kind is Text:
        return "Quokka" in page.extract_text()
    if kind is Field:
        return any(a.get_object().get("/T") == "notes" for a in page.get("/Annots", []))
    if kind is Image:
        return b" Do" in ops and bool(page["/Resources"].get("/XObject"))
    operators = ops.split()
    if kind is Group:
        return b"/SG <</Name (cluster)>> BDC" in ops and b"re" in operators
    return {Path: b"l", Rect: b"re", Circle: b"c"}[kind] in operators


@pytest.mark.parametrize("kind", get_args(Item), ids=lambda k: k.__name__)
def test_every_primitive_is_drawn_by_both_backends(kind):
    page = _page(_sample(kind))
    assert _in_svg(kind, _svg(page)), f"the SVG backend does not draw a {kind.__name__}"
    assert _in_pdf(kind, _pdf(page)), f"the PDF backend does not draw a {kind.__name__}"
    empty = _page()
    assert not _in_svg(kind, _svg(empty)) and not _in_pdf(kind, _pdf(empty))


@dataclass(slots=True)
class Sparkle:
    """Not a layout primitive: a shape a backend has never heard of."""

    x: float
    y: float


@pytest.mark.parametrize("where", ["page", "group"])
@pytest.mark.parametrize("backend", ["pdf", "svg"])
def test_an_unknown_primitive_stops_the_render(backend, where):
    odd = Sparkle(1, 2)
    items = (Rect(0, 0, 5, 5), odd) if where == "page" else (Group((Rect(0, 0, 5, 5), odd), dx=3),)
    page = _page(*items)
    with pytest.raises(UnknownPrimitive, match="cannot draw a .*Sparkle"):
        if backend == "pdf":
            render_pdf(LayoutDocument(title="t", pages=(page,)))
        else:
            render_svg(page)


def test_nested_clips_are_numbered_outside_in_in_the_svg():
    """A clip is defined before the clips inside it, so ids follow the page's reading order."""
    inner = Group((Rect(0, 0, 50, 50),), id="inner", clip=Box(0, 0, 10, 10))
    outer = Group((inner,), id="outer", clip=Box(0, 0, 40, 40))
    root = _svg(_page(outer))
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("id")}
    assert groups["outer"][0].get("clip-path") == "url(#clip1)"
    assert groups["inner"][0].get("clip-path") == "url(#clip2)"
    widths = [r.get("width") for r in root.find(f"{SVG}defs").iter(f"{SVG}rect")]
    assert widths == ["40", "10"]
