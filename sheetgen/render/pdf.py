"""PDF backend: serializes laid-out pages with reportlab.

It owns the y-flip (pages are drawn in a y-down user space) and nothing else:
every position, size and colour was decided by layout. Fonts are embedded as
subsets; invariant mode makes rebuilds byte-identical.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable

from reportlab.lib.rl_accel import escapePDF
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, PATH_OPS, Canvas

from sheetgen.fonts import FontFace
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
    walk,
)
from sheetgen.render.base import Renderer
from sheetgen.render.pdfembed import pack_last_page
from sheetgen.render.pdfembed import register as _register
from sheetgen.render.pdfmeta import apply_metadata, finish_navigation, mark_page
from sheetgen.render.pdfx import OVERPRINT_OFF, OVERPRINT_ON, apply_pdfx
from sheetgen.render.prepress import PRINT_SHOP, cmyk_image, color_function, rgb_color, set_viewer_preferences
from sheetgen.render.rlfast import num, nums, remembered_number


def _pdf_string(text: str) -> str:
    """A PDF literal string for ASCII text (anything else becomes `?`)."""
    if text.isascii() and text.isprintable():
        safe = text
    else:
        safe = "".join(ch if 32 <= ord(ch) < 127 else "?" for ch in text)
    return "(" + safe.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def _pdf_box(box: Box, page: Page) -> tuple[float, float, float, float]:
    return (round(box.x, 3), round(page.height - box.bottom, 3), round(box.right, 3), round(page.height - box.y, 3))


class _TextCache:
    """Per-document memo of the operators a document writes again and again: fill and
    stroke state, font selections, each string split into font subsets and escaped,
    paths, clips, and groups drawn more than twice. Valid for one canvas only, since
    font subsets are numbered per document."""

    def __init__(self, canvas: Canvas, profile: str = "print-and-play"):
        self.c = canvas
        self.color = color_function(profile)
        # Form fields are for filling in on screen; a print shop's file has none (their
        # appearances would need fonts it cannot embed, which preflight checks refuse).
        self.print_shop = profile == PRINT_SHOP
        self.forms = not self.print_shop
        self.solid_black: dict[str, bool] = {}
        self.fills: dict[str, str] = {}
        self.runs: dict[str, dict[str, list[tuple[int, str]]]] = {}  # per font, per text
        self.fonts: dict[str, TTFont] = {}
        self.subset_names: dict[tuple[str, int], str] = {}
        self.paths: dict[int, tuple[tuple, str]] = {}
        self.shape_fills: dict[str, tuple[object, str | None]] = {}
        self.ops: dict[tuple, str] = {}
        self.font_ops: dict[tuple[str, int, float], str] = {}
        # per font: the characters numbered in its first subset, their numbers, and a table deleting them
        self.known: dict[str, tuple[set[str], dict[int, int], dict[int, None]]] = {}
        self.seen: set[tuple] = set()  # groups' items drawn once (see `_PageWriter._body`)
        self.bodies: dict[tuple, list[str]] = {}

    def op(self, key: tuple, write) -> None:
        """Write an operator with reportlab's canvas call `write` the first time, then
        the one operator it wrote, from memory (unless it wrote more or none)."""
        code = self.c._code
        hit = self.ops.get(key)
        if hit is not None:
            code.append(hit)
            return
        start = len(code)
        write()
        if len(code) == start + 1:
            self.ops[key] = code[start]

    def font_op(self, name: str, subset: int, size: float) -> str:
        key = (name, subset, size)
        hit = self.font_ops.get(key)
        if hit is None:
            hit = self.font_ops[key] = f"{self.subset_name(name, subset)} {num(size)} Tf"
        return hit

    def fill(self, color: str) -> str:
        op = self.fills.get(color)
        if op is None:
            probe = self.c.beginText()
            probe._code = []
            probe.setFillColor(self.color(color))
            op = self.fills[color] = " ".join(probe._code)
        return op

    def overprints(self, color: str) -> bool:
        """Whether text in `color` overprints: print-shop text in 100 % black ink alone."""
        hit = self.solid_black.get(color)
        if hit is None:
            ink = self.color(color)
            hit = self.solid_black[color] = (
                self.print_shop and ink.cyan == ink.magenta == ink.yellow == 0 and ink.black == 1
            )
        return hit

    def set_fill(self, color: str) -> None:
        """The canvas's fill colour: reportlab's own call the first time, then the one
        operator it wrote, written again (unless it wrote more, an opacity too)."""
        c = self.c
        hit = self.shape_fills.get(color)
        if hit is not None and hit[1] is not None:
            c._code.append(hit[1])
            c._fillColorObj = hit[0]
            return
        obj = self.color(color)
        start = len(c._code)
        c.setFillColor(obj)
        written = c._code[start:]
        self.shape_fills[color] = (obj, written[0] if len(written) == 1 else None)

    def encode(self, name: str, text: str) -> list[tuple[int, str]]:
        """`text` in font `name` as (subset, `(string) Tj` operator) pairs."""
        runs = self.runs.get(name)
        if runs is None:
            runs = self.runs[name] = {}
        hit = runs.get(text)
        if hit is None:
            hit = runs[text] = [(subset, "(" + escapePDF(chunk) + ") Tj") for subset, chunk in self._split(name, text)]
        return hit

    def _split(self, name: str, text: str) -> list[tuple[int, bytes]]:
        """reportlab's `splitString`: the text as bytes of the font's subsets, characters
        numbered in their order of first use in the document.

        Numbering changes reportlab's state only at a character's first use, so the
        characters not seen before are handed to `splitString` alone, in their order
        (that numbers them exactly as the whole text would); text whose every character
        then has a number in the first subset (nearly all text) is translated in one
        step, to the same bytes. Anything else goes to `splitString` whole."""
        font = self.fonts.get(name)
        if font is None:
            font = self.fonts[name] = pdfmetrics.getFont(name)
        known = self.known.get(name)
        if known is None:
            known = self.known[name] = (set(), {}, {})
        chars, table, drop = known
        if not text:
            return []
        if not chars.issuperset(text):
            new = text.translate(drop)  # the characters not known yet, in order
            doc = self.c._doc
            font.splitString(new, doc)
            assigned = font.state[doc].assignments
            glyphs = font.face.charToGlyph
            for ch in set(new):
                code = ord(ch)
                n = assigned.get(32 if code == 0xA0 else code)  # reportlab sets a no-break space as a space
                if n is None and code not in glyphs and code != 0xA0:
                    n = 0  # no glyph: reportlab writes code 0 (.notdef) and numbers nothing
                if n is not None and n < 256:
                    chars.add(ch)
                    table[code] = n
                    drop[code] = None
            if not chars.issuperset(text):
                return font.splitString(text, doc)
        return [(0, text.translate(table).encode("latin-1"))]

    def path(self, commands: tuple) -> str:
        """A path's construction operators, as reportlab's path object writes them
        (`n x y m x y l … h`); a path drawn again (a card's art, under another offset)
        is written from memory."""
        hit = self.paths.get(id(commands))
        if hit is not None and hit[0] is commands:
            return hit[1]
        if not commands:
            code = ""
        elif commands[0][0] != "M":
            raise ValueError("a path must start with a move")
        else:
            ops = ["n"]
            add = ops.append
            for cmd in commands:
                op = cmd[0]
                if op == "L":
                    add(nums(cmd[1], cmd[2]) + " l")
                elif op == "M":
                    add(nums(cmd[1], cmd[2]) + " m")
                elif op == "C":
                    add(nums(*cmd[1:]) + " c")
                elif op == "Z":
                    add("h")
            code = " ".join(ops)
        self.paths[id(commands)] = (commands, code)  # keeps the commands alive, so the id stays theirs
        return code

    def subset_name(self, name: str, subset: int) -> str:
        key = (name, subset)
        hit = self.subset_names.get(key)
        if hit is None:
            hit = self.subset_names[key] = self.fonts[name].getSubsetInternalName(subset, self.c._doc)
        return hit


_PLAIN = frozenset({Text, Rect, Path, Circle})  # items whose operators depend on nothing but themselves
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
# What reportlab's setLineCap / setLineJoin write.
_CAP_OPS = {name: f"{mode} J" for name, mode in _CAPS.items()}
_JOIN_OPS = {name: f"{mode} j" for name, mode in _JOINS.items()}


class _PageWriter(Renderer):
    """Writes one page's content stream."""

    __slots__ = ("c", "page", "cache", "fill", "stroke", "offset", "run")

    def __init__(self, canvas: Canvas, page: Page, cache: _TextCache | None = None):
        self.c = canvas
        self.page = page
        self.cache = cache or _TextCache(canvas)
        self.fill: str | None = None
        self.stroke: tuple | None = None  # the stroke state last sent, so it is not sent again
        self.offset = (0.0, 0.0)  # of enclosing groups, for form fields
        self.run: list[Text] = []  # text runs not written yet

    def set_stroke(self, color: str, width: float, dash, cap: str = "butt", join: str = "miter") -> None:
        state = (color, width, dash, cap, join)
        last = self.stroke
        if last == state:
            return
        c, op = self.c, self.cache.op
        if last is None or last[0] != color:
            op(("K", color), lambda: c.setStrokeColor(self.cache.color(color)))
        if last is None or last[1] != width:
            c._code.append(num(width) + " w")
        if last is None or last[2] != dash:
            op(("d", dash), lambda: c.setDash(list(dash) if dash else [], 0))
        if last is None or last[3] != cap:
            c._code.append(_CAP_OPS[cap])
        if last is None or last[4] != join:
            c._code.append(_JOIN_OPS[join])
        self.stroke = state

    def set_fill(self, color: str) -> None:
        if self.fill != color:
            self.cache.set_fill(color)
            self.fill = color

    def draw(self, items: Iterable[Item]) -> None:
        super().draw(items)
        if self.run:
            self.texts()

    def text(self, t: Text) -> None:
        self.run.append(t)  # consecutive runs become one text object (`texts`)

    def _paint(
        self, stroke: str | None, width: float, fill: str | None, dash=None, cap="butt", join="miter"
    ) -> tuple[int, int]:
        do_stroke = 1 if stroke and width > 0 else 0
        if do_stroke:
            self.set_stroke(stroke, width, dash, cap, join)  # type: ignore[arg-type]
        if fill:
            self.set_fill(fill)
        return do_stroke, 1 if fill else 0

    def texts(self) -> None:
        """Consecutive text runs as one text object; each run's matrix flips its glyphs
        back upright inside the page's y-down space. The operators are written directly
        (what reportlab's text object would write), with each string's subset encoding
        memoized for the document. Print-shop text in solid black overprints, switched on
        and off inside the text object, so nothing drawn after it overprints."""
        cache = self.cache
        get = remembered_number
        code = ["BT"]
        add = code.append
        fill: str | None = None
        face = None
        font = ""
        known: dict[str, list[tuple[int, str]]] = {}
        size = -1.0
        subset = -1
        over = False
        runs, self.run = self.run, []
        for t in runs:
            if t.fill != fill:
                fill = t.fill
                if cache.print_shop and cache.overprints(fill) != over:
                    over = not over
                    add(OVERPRINT_ON if over else OVERPRINT_OFF)
                add(cache.fill(fill))
            if t.angle:
                a = math.radians(t.angle)
                cos, sin = math.cos(a), math.sin(a)
                add(nums(cos, -sin, -sin, -cos, t.x, t.y) + " Tm")
            else:
                x, y = t.x, t.y
                add("1 0 0 -1 " + (get(x) or num(x)) + " " + (get(y) or num(y)) + " Tm")
            if t.font is not face:
                face = t.font
                name = _register(face)
            if name != font or t.size != size:
                font, size, subset = name, t.size, -1
                runs_in = cache.runs.get(name)
                if runs_in is None:
                    runs_in = cache.runs[name] = {}
                known = runs_in
            text = t.text
            parts = known.get(text) or cache.encode(name, text)
            if len(parts) == 1:
                part, show = parts[0]
                if part != subset:
                    add(cache.font_op(name, part, size))
                    subset = part
                add(show)
                continue
            for part, show in parts:
                if part != subset:
                    add(cache.font_op(name, part, size))
                    subset = part
                add(show)
        if over:
            add(OVERPRINT_OFF)
        add("ET")
        self.c._code.append(" ".join(code))
        self.fill = None  # the text object changed the fill colour

    def path(self, p: Path) -> None:
        if self.run:
            self.texts()
        stroke, fill = self._paint(p.stroke, p.width, p.fill, p.dash, p.cap, p.join)
        if not (stroke or fill):
            return
        code = self.c._code
        code.append(self.cache.path(p.commands))
        code.append(PATH_OPS[stroke, fill, FILL_EVEN_ODD if p.fill_rule == "evenodd" else FILL_NON_ZERO])

    def rect(self, r: Rect) -> None:
        if self.run:
            self.texts()
        stroke, fill = self._paint(r.stroke, r.width, r.fill, r.dash)
        if not (stroke or fill):
            return
        if r.radius:
            self.c.roundRect(r.x, r.y, r.w, r.h, r.radius, stroke=stroke, fill=fill)
        else:  # what canvas.rect writes
            self.c._code.append("n " + nums(r.x, r.y, r.w, r.h) + " re " + PATH_OPS[stroke, fill, self.c._fillMode])

    def circle(self, o: Circle) -> None:
        if self.run:
            self.texts()
        stroke, fill = self._paint(o.stroke, o.width, o.fill, o.dash)
        if stroke or fill:
            self.c.circle(o.cx, o.cy, o.r, stroke=stroke, fill=fill)

    def group(self, g: Group) -> None:
        # Named groups become marked content, so tools (and tests) can find crop marks
        # and cards in the page's content stream.
        if self.run:
            self.texts()
        name = g.id or g.label
        if not name:
            self._group(g)
            return
        code = self.c._code
        code.append(f"/SG <</Name {_pdf_string(name)}>> BDC")  # names are mostly unique (cards): not remembered
        self._group(g)
        code.append("EMC")

    def _group(self, g: Group) -> None:
        if not (g.dx or g.dy or g.rotate or g.clip):
            self.draw(g.items)
            return
        # The graphics state is saved and restored in the content stream alone: nothing
        # drawn here reads reportlab's copy of it (colours, widths and dashes are
        # tracked by this writer), so the canvas's state stack is left alone.
        c = self.c
        code = c._code
        code.append("q")
        outer, stroke = self.offset, self.stroke
        self.offset = (outer[0] + g.dx, outer[1] + g.dy)
        code.append("1 0 0 1 " + nums(g.dx, g.dy) + " cm")  # canvas.translate, after a `q`
        if g.rotate:
            c.rotate(-g.rotate)
        box = g.clip
        if box is not None:
            self.cache.op(("clip", box.x, box.y, box.w, box.h), lambda: self._clip(box))
        self._body(g.items)
        code.append("Q")
        self.offset = outer
        self.fill = None
        self.stroke = stroke  # restoring the graphics state brought back the outer stroke

    def _clip(self, box: Box) -> None:
        path = self.c.beginPath()
        path.rect(box.x, box.y, box.w, box.h)
        self.c.clipPath(path, stroke=0, fill=0)

    def _body(self, items: tuple[Item, ...]) -> None:
        """A transformed group's items. A group drawn again (a deck's shared back, under
        another offset) writes the same operators, given the same colours and stroke on
        entry: the second time they are kept, and from the third on written from memory.
        Only groups of plain shapes and text qualify: their operators depend on nothing
        else (text's font numbering is fixed once the text has been drawn once), and
        drawing them again changes nothing in the document. Seen once, a group costs
        a key, not its operators, so unique cards keep memory flat."""
        cache = self.cache
        key = (id(items), self.fill, self.stroke)  # the document keeps the items alive, so the id stays theirs
        body = cache.bodies.get(key)
        if body is not None:
            self.c._code.extend(body)
            return
        code = self.c._code
        start = len(code)
        self.draw(items)
        if key not in cache.seen:
            cache.seen.add(key)
        elif all(type(item) in _PLAIN for item in items):
            cache.bodies[key] = code[start:]

    def image(self, im: Image) -> None:
        if self.run:
            self.texts()
        c = self.c
        c.saveState()
        c.translate(im.x, im.y + im.h)
        c.scale(1, -1)
        if self.cache.print_shop:  # in the output profile's inks, on white paper
            c.drawImage(ImageReader(cmyk_image(im.data)), 0, 0, im.w, im.h)
        else:
            c.drawImage(ImageReader(io.BytesIO(im.data)), 0, 0, im.w, im.h, mask="auto")
        c.restoreState()
        self.fill = None
        self.stroke = None

    def field(self, f: Field) -> None:
        if self.run:
            self.texts()
        if not self.cache.forms:
            return
        # AcroForm rectangles live in default (y-up) page space, outside the CTM.
        form = self.c.acroForm
        x = f.x + self.offset[0]
        y = self.page.height - (f.y + self.offset[1]) - f.h
        # The page draws the box, line or circle to write in; the field itself stays
        # invisible so the printout looks the same filled or blank.
        common = dict(
            name=f.name,
            tooltip=f.tooltip or None,
            borderColor=None,
            fillColor=None,
            borderWidth=0,
        )
        if f.kind == "checkbox":
            size = min(f.w, f.h)
            form.checkbox(
                checked=bool(f.value),
                x=x + (f.w - size) / 2,
                y=y + (f.h - size) / 2,
                size=size,
                buttonStyle="check",
                textColor=rgb_color("#1b1b1b"),
                **common,
            )
        else:
            # AcroForm text appearances must use one of the PDF standard fonts.
            form.textfield(
                value=str(f.value or ""),
                x=x,
                y=y,
                width=f.w,
                height=f.h,
                fontName="Helvetica",
                fontSize=f.size,
                maxlen=2000 if f.multiline else 200,
                fieldFlags="multiline" if f.multiline else "",
                **common,
            )


def _first_font(doc: LayoutDocument) -> FontFace | None:
    for page in doc.pages:
        for item, _, _ in walk(page.items):
            if isinstance(item, Text):
                return item.font
    return None


def render_pdf(doc: LayoutDocument, release: bool = False) -> bytes:
    """The document as PDF bytes; the same document always gives the same bytes.

    With `release`, the document gives up its pages (`doc.pages` is emptied) and each is
    let go once drawn, so that a big deck's layout and its PDF are not held in memory
    together: the memory of the pages drawn serves the PDF still being made."""
    buf = io.BytesIO()
    first = doc.pages[0] if doc.pages else Page(595.0, 842.0, ())
    font = _first_font(doc)
    # reportlab starts every page with an initial font; make it an embedded one.
    initial = {"initialFontName": _register(font), "initialFontSize": 10} if font else {}
    c = Canvas(buf, pagesize=(first.width, first.height), invariant=1, pageCompression=1, **initial)
    apply_metadata(c, doc)
    if doc.profile == PRINT_SHOP:
        apply_pdfx(c, doc)
    set_viewer_preferences(c, doc.double_sided)
    cache = _TextCache(c, doc.profile)
    pages = list(doc.pages or (first,))
    if release:
        doc.pages = ()
    pages.reverse()  # drawn from the end of the list, so that each is let go as it is drawn
    index = 0
    while pages:
        page = pages.pop()
        c.setPageSize((page.width, page.height))
        c.setTrimBox(_pdf_box(page.trim, page) if page.trim else None)
        c.setBleedBox(_pdf_box(page.bleed, page) if page.bleed else None)
        c.saveState()
        c.transform(1, 0, 0, -1, 0, page.height)
        _PageWriter(c, page, cache).draw(page.items)
        c.restoreState()
        mark_page(c, doc, index, page, links=not cache.print_shop)  # PDF/X: no annotations on the page
        c.showPage()
        pack_last_page(c)
        index += 1
    del page
    finish_navigation(c, doc)
    return c.getpdfdata()
