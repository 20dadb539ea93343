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

import svgwrite

from sheetgen import __version__
from sheetgen.fonts import FontFace, load_metrics
from sheetgen.layout.primitives import Circle, Field, Group, Image, Page, Path, Rect, Text
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


class _SvgWriter:
    def __init__(self, page: Page, title: str):
        self.page = page
        self.dwg = svgwrite.Drawing(
            size=(f"{num(page.width / MM)}mm", f"{num(page.height / MM)}mm"),
            viewBox=f"0 0 {num(page.width)} {num(page.height)}",
            profile="full",
            debug=False,
        )
        self.dwg.attribs["data-generator"] = f"sheetgen {__version__}"
        self.dwg.set_desc(title=title)
        self.defs = self.dwg.defs
        self.fonts: dict[str, int] = {}
        self.glyphs: dict[tuple[str, str], str | None] = {}
        self.clips = 0

    def _stroke(self, el, role: str, stroke: str | None, width: float, dash, fill: str | None, cls: str | None = None) -> None:
        # The class is the element's own (`face`) if layout gave one, else its line role
        # (`cut`, `fold`, `tab`, …): what cutting software and scripts select on.
        a = el.attribs
        a["class"] = cls or role
        a["fill"] = fill or "none"
        if stroke and width > 0:
            a["stroke"] = stroke
            a["stroke-width"] = num(width)
            if dash:
                a["stroke-dasharray"] = " ".join(num(d) for d in dash)
        else:
            a["stroke"] = "none"

    def add(self, parent, items) -> None:
        for item in items:
            kind = type(item)
            if kind is Text:
                self.text(parent, item)  # type: ignore[arg-type]
            elif kind is Path:
                p: Path = item  # type: ignore[assignment]
                el = self.dwg.path(d=_path_data(p.commands))
                self._stroke(el, p.role, p.stroke, p.width, p.dash, p.fill, p.cls)
                if p.cap != "butt":
                    el.attribs["stroke-linecap"] = p.cap
                if p.join != "miter":
                    el.attribs["stroke-linejoin"] = p.join
                if p.fill_rule != "nonzero" and p.fill:
                    el.attribs["fill-rule"] = p.fill_rule
                if p.id:
                    el.attribs["id"] = p.id
                parent.add(el)
            elif kind is Rect:
                r: Rect = item  # type: ignore[assignment]
                el = self.dwg.rect(insert=(num(r.x), num(r.y)), size=(num(r.w), num(r.h)))
                if r.radius:
                    el.attribs["rx"] = el.attribs["ry"] = num(r.radius)
                self._stroke(el, r.role, r.stroke, r.width, r.dash, r.fill, r.cls)
                if r.id:
                    el.attribs["id"] = r.id
                parent.add(el)
            elif kind is Circle:
                o: Circle = item  # type: ignore[assignment]
                el = self.dwg.circle(center=(num(o.cx), num(o.cy)), r=num(o.r))
                self._stroke(el, o.role, o.stroke, o.width, o.dash, o.fill, o.cls)
                if o.id:
                    el.attribs["id"] = o.id
                parent.add(el)
            elif kind is Group:
                self.group(parent, item)  # type: ignore[arg-type]
            elif kind is Image:
                im: Image = item  # type: ignore[assignment]
                href = f"data:{im.mime};base64,{base64.b64encode(im.data).decode()}"
                parent.add(self.dwg.image(href=href, insert=(num(im.x), num(im.y)), size=(num(im.w), num(im.h))))
            elif kind is Field:
                f: Field = item  # type: ignore[assignment]
                el = self.dwg.rect(insert=(num(f.x), num(f.y)), size=(num(f.w), num(f.h)))
                self._stroke(el, "guide", "#7a7a7a", 0.5, None, None, "field")
                el.attribs["data-field"] = f.name
                parent.add(el)

    def group(self, parent, g: Group) -> None:
        el = self.dwg.g()
        if g.id:
            el.attribs["id"] = g.id
        if g.cls:
            el.attribs["class"] = g.cls
        if g.label:
            el.attribs["aria-label"] = g.label
        transform = []
        if g.dx or g.dy:
            transform.append(f"translate({num(g.dx)} {num(g.dy)})")
        if g.rotate:
            transform.append(f"rotate({num(-g.rotate)})")
        if transform:
            el.attribs["transform"] = " ".join(transform)
        if g.clip is not None:
            self.clips += 1
            cid = f"clip{self.clips}"
            clip = self.dwg.clipPath(id=cid)
            clip.add(self.dwg.rect(insert=(num(g.clip.x), num(g.clip.y)), size=(num(g.clip.w), num(g.clip.h))))
            self.defs.add(clip)
            inner = self.dwg.g(clip_path=f"url(#{cid})")
            el.add(inner)
            self.add(inner, g.items)
        else:
            self.add(el, g.items)
        parent.add(el)

    def _glyph(self, face: FontFace, glyph: str) -> str | None:
        key = (face.path, glyph)
        if key in self.glyphs:
            return self.glyphs[key]
        idx = self.fonts.setdefault(face.path, len(self.fonts))
        d = load_metrics(face.path).outline(glyph)
        gid = None
        if d:
            gid = f"g{idx}-{_GLYPH_ID_RE.sub('_', glyph)}"
            self.defs.add(self.dwg.path(d=d, id=gid))
        self.glyphs[key] = gid
        return gid

    def text(self, parent, t: Text) -> None:
        metrics = load_metrics(t.font.path)
        k = t.size / metrics.upem
        el = self.dwg.g(class_="text")
        el.attribs["aria-label"] = t.text
        el.attribs["fill"] = t.fill
        rotate = f" rotate({num(-t.angle)})" if t.angle else ""
        el.attribs["transform"] = f"translate({num(t.x)} {num(t.y)}){rotate} scale({k:.6g} {-k:.6g})"
        x = 0.0
        upem = metrics.upem
        for ch in t.text:
            gid = self._glyph(t.font, metrics.glyph_name(ch))
            if gid is not None:
                use = self.dwg.use(f"#{gid}")
                if x:
                    use.attribs["x"] = num(x)
                el.add(use)
            x += metrics.glyph_advance(ch) * upem
        parent.add(el)


def render_svg(page: Page, title: str = "") -> bytes:
    """One page as SVG bytes, `width`/`height` in millimetres and a viewBox in points."""
    w = _SvgWriter(page, title)
    w.add(w.dwg, page.items)
    return ('<?xml version="1.0" encoding="utf-8"?>\n' + w.dwg.tostring() + "\n").encode("utf-8")
