"""SVG backend: one page per SVG, at true size, with line roles as classes.

Text is drawn as glyph outlines taken from the same font file the PDF embeds
(each glyph defined once in `<defs>` and placed with `<use>`), so an SVG looks
the same on a machine without the font and in a cutting machine's software.
Each text run keeps its words in `aria-label`, so the text stays searchable.
Numbers are written with fixed precision, so the same page gives the same bytes.
"""

from __future__ import annotations

import base64
import re

from sheetgen import __version__
from sheetgen.fonts import FontFace, load_metrics
from sheetgen.layout.primitives import Circle, Field, Group, Image, Item, Page, Path, Rect, Text
from sheetgen.render.base import Renderer
from sheetgen.units import MM


def num(v: float) -> str:
    """A number with at most three decimals and no trailing zeros."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _path_data(commands) -> str:
    out = []
    for cmd in commands:
        op = cmd[0]
        if op == "Z":
            out.append("Z")
        else:
            out.append(op + " ".join(num(v) for v in cmd[1:]))
    return "".join(out)


_GLYPH_ID_RE = re.compile(r"[^A-Za-z0-9_-]")

_SVG_ATTRS = {
    "baseProfile": "full",
    "version": "1.1",
    "xmlns": "http://www.w3.org/2000/svg",
    "xmlns:ev": "http://www.w3.org/2001/xml-events",
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
}


#: XML's escapes for character data; an attribute value (in double quotes) also keeps
#: its quotes, line breaks and tabs as references.
_TEXT_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_ATTR_ESCAPES = (*_TEXT_ESCAPES, ('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))


def _replace(text: str, escapes: tuple[tuple[str, str], ...]) -> str:
    for char, ref in escapes:
        if char in text:
            text = text.replace(char, ref)
    return text


def _escape(text: str) -> str:
    """Text as XML character data."""
    return _replace(text, _TEXT_ESCAPES)


def _escape_attr(text: str) -> str:
    """Text as a double-quoted XML attribute value."""
    return _replace(text, _ATTR_ESCAPES)


def _open(tag: str, attrs: dict[str, str]) -> str:
    """A start tag without its closing `>`: attributes in name order, empty ones left out."""
    return "<" + tag + "".join(f' {k}="{_escape_attr(v)}"' for k, v in sorted(attrs.items()) if v)


def _element(tag: str, attrs: dict[str, str], children: list[str]) -> str:
    head = _open(tag, attrs)
    return f"{head}>{''.join(children)}</{tag}>" if children else head + " />"


class _SvgWriter(Renderer):
    """Writes the SVG text itself: the elements and attributes this backend uses are few,
    and each is written in one fixed form (attributes in name order, empty elements
    closed with ` />`), so the same page always gives the same bytes."""

    def __init__(self, page: Page):
        self.page = page
        self.defs: list[str] = []
        self.fonts: dict[str, int] = {}
        self.glyphs: dict[tuple[str, str], str | None] = {}
        self.clips = 0
        self.out: list[str] = []  # the elements of the page, or of the group being drawn

    def _stroke(
        self,
        a: dict[str, str],
        role: str,
        stroke: str | None,
        width: float,
        dash,
        fill: str | None,
        cls: str | None = None,
    ) -> None:
        # The class is the element's own (`face`) if layout gave one, else its line role
        # (`cut`, `fold`, `tab`, …): what cutting software and scripts select on.
        a["class"] = cls or role
        a["fill"] = fill or "none"
        if stroke and width > 0:
            a["stroke"] = stroke
            a["stroke-width"] = num(width)
            if dash:
                a["stroke-dasharray"] = " ".join(num(d) for d in dash)
        else:
            a["stroke"] = "none"

    def path(self, p: Path) -> None:
        a = {"d": _path_data(p.commands)}
        self._stroke(a, p.role, p.stroke, p.width, p.dash, p.fill, p.cls)
        if p.cap != "butt":
            a["stroke-linecap"] = p.cap
        if p.join != "miter":
            a["stroke-linejoin"] = p.join
        if p.fill_rule != "nonzero" and p.fill:
            a["fill-rule"] = p.fill_rule
        if p.id:
            a["id"] = p.id
        self.out.append(_element("path", a, []))

    def rect(self, r: Rect) -> None:
        a = {"x": num(r.x), "y": num(r.y), "width": num(r.w), "height": num(r.h)}
        if r.radius:
            a["rx"] = a["ry"] = num(r.radius)
        self._stroke(a, r.role, r.stroke, r.width, r.dash, r.fill, r.cls)
        if r.id:
            a["id"] = r.id
        self.out.append(_element("rect", a, []))

    def circle(self, o: Circle) -> None:
        a = {"cx": num(o.cx), "cy": num(o.cy), "r": num(o.r)}
        self._stroke(a, o.role, o.stroke, o.width, o.dash, o.fill, o.cls)
        if o.id:
            a["id"] = o.id
        self.out.append(_element("circle", a, []))

    def image(self, im: Image) -> None:
        href = f"data:{im.mime};base64,{base64.b64encode(im.data).decode()}"
        a = {"xlink:href": href, "x": num(im.x), "y": num(im.y), "width": num(im.w), "height": num(im.h)}
        self.out.append(_element("image", a, []))

    def field(self, f: Field) -> None:
        a = {"x": num(f.x), "y": num(f.y), "width": num(f.w), "height": num(f.h)}
        self._stroke(a, "guide", "#7a7a7a", 0.5, None, None, "field")
        a["data-field"] = f.name
        self.out.append(_element("rect", a, []))

    def _drawn(self, items: tuple[Item, ...]) -> list[str]:
        """The elements `items` make, apart from the elements drawn so far."""
        outer, self.out = self.out, []
        try:
            self.draw(items)
            return self.out
        finally:
            self.out = outer

    def group(self, g: Group) -> None:
        a: dict[str, str] = {}
        if g.id:
            a["id"] = g.id
        if g.cls:
            a["class"] = g.cls
        if g.label:
            a["aria-label"] = g.label
        transform = []
        if g.dx or g.dy:
            transform.append(f"translate({num(g.dx)} {num(g.dy)})")
        if g.rotate:
            transform.append(f"rotate({num(-g.rotate)})")
        if transform:
            a["transform"] = " ".join(transform)
        c = g.clip
        if c is None:
            self.out.append(_element("g", a, self._drawn(g.items)))
            return
        # The clip is numbered and defined before the items it clips (which may hold clips of their own).
        self.clips += 1
        cid = f"clip{self.clips}"
        box = _element("rect", {"x": num(c.x), "y": num(c.y), "width": num(c.w), "height": num(c.h)}, [])
        self.defs.append(_element("clipPath", {"id": cid}, [box]))
        clipped = _element("g", {"clip-path": f"url(#{cid})"}, self._drawn(g.items))
        self.out.append(_element("g", a, [clipped]))

    def _glyph(self, face: FontFace, glyph: str) -> str | None:
        key = (face.path, glyph)
        if key in self.glyphs:
            return self.glyphs[key]
        idx = self.fonts.setdefault(face.path, len(self.fonts))
        d = load_metrics(face.path).outline(glyph)
        gid = None
        if d:
            gid = f"g{idx}-{_GLYPH_ID_RE.sub('_', glyph)}"
            self.defs.append(_element("path", {"d": d, "id": gid}, []))
        self.glyphs[key] = gid
        return gid

    def text(self, t: Text) -> None:
        metrics = load_metrics(t.font.path)
        k = t.size / metrics.upem
        rotate = f" rotate({num(-t.angle)})" if t.angle else ""
        a = {
            "class": "text",
            "aria-label": t.text,
            "fill": t.fill,
            "transform": f"translate({num(t.x)} {num(t.y)}){rotate} scale({k:.6g} {-k:.6g})",
        }
        uses: list[str] = []
        x = 0.0
        upem = metrics.upem
        for ch in t.text:
            gid = self._glyph(t.font, metrics.glyph_name(ch))
            if gid is not None:  # a glyph id is letters, digits, `_` and `-`: nothing to escape
                uses.append(f'<use x="{num(x)}" xlink:href="#{gid}" />' if x else f'<use xlink:href="#{gid}" />')
            x += metrics.glyph_advance(ch) * upem
        self.out.append(_element("g", a, uses))


def render_svg(page: Page, title: str = "") -> bytes:
    """One page as SVG bytes, `width`/`height` in millimetres and a viewBox in points."""
    w = _SvgWriter(page)
    w.draw(page.items)
    body = w.out
    root = {
        **_SVG_ATTRS,
        "data-generator": f"sheetgen {__version__}",
        "width": f"{num(page.width / MM)}mm",
        "height": f"{num(page.height / MM)}mm",
        "viewBox": f"0 0 {num(page.width)} {num(page.height)}",
    }
    title_el = f"<title>{_escape(title)}</title>" if title else "<title />"
    svg = _element("svg", root, [title_el, _element("defs", {}, w.defs), *body])
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + svg + "\n").encode("utf-8")
