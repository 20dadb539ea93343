"""What a PDF needs for print shops and for printing at home, beside its drawing:
viewer preferences, font subset names, and the colours of the print-shop profile.

Called by `pdf.py`; nothing here decides anything about the pages' content.
"""

from __future__ import annotations

import hashlib
import threading

from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

PRINT_SHOP = "print-shop"


def set_viewer_preferences(canvas: Canvas, duplex: bool) -> None:
    """Ask readers to print at actual size and, for a document with backs, double-sided,
    flipped on the long edge (how every sheet with backs is imposed)."""
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex:
        canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")


# --- font subset prefixes -----------------------------------------------------------
# reportlab names the n-th subset of a font `AAAAAA+`, `AAAAAB+`…, so every file's first
# subset of Vera is `AAAAAA+Vera` whatever glyphs it holds: a print shop merging files
# then swaps glyphs. The prefix here is derived from the subset itself (the font and the
# characters in their order), so equal names mean equal subsets and builds stay
# byte-identical.

_adding = threading.local()
_reportlab_subset_name = ttfonts.SUBSETN


def subset_prefix(font_name: str, codes: list[int] | tuple[int, ...]) -> bytes:
    """Six capital letters from a hash of the font's name and the subset's characters."""
    digest = hashlib.sha256(font_name.encode("utf-8") + b"\0" + ",".join(map(str, codes)).encode("ascii")).digest()
    return bytes(65 + b % 26 for b in digest[:6])


def _subset_name(n: int, *args) -> bytes:
    current = getattr(_adding, "font", None)
    if current is None or args:
        return _reportlab_subset_name(n, *args)
    name, subsets = current
    return subset_prefix(name, subsets[n])


ttfonts.SUBSETN = _subset_name


def name_subsets_by_content(font: TTFont) -> None:
    """Make the font's subsets in a PDF carry prefixes derived from their contents."""
    add = font.addObjects

    def add_objects(doc):
        state = font.state[doc]
        _adding.font = (font.face.name.decode("latin-1") if isinstance(font.face.name, bytes) else str(font.face.name),
                        [tuple(s) for s in state.subsets])
        try:
            add(doc)
        finally:
            _adding.font = None

    font.addObjects = add_objects


# --- colours --------------------------------------------------------------------------

_rgb: dict[str, HexColor] = {}
_cmyk: dict[str, CMYKColor] = {}


def rgb_color(value: str) -> HexColor:
    c = _rgb.get(value)
    if c is None:
        c = _rgb[value] = HexColor(value)
    return c


def cmyk_color(value: str) -> CMYKColor:
    """A colour for the print-shop profile: greys (text and line work among them) in black
    ink alone, near-black as solid black, every other colour in process CMYK."""
    c = _cmyk.get(value)
    if c is None:
        c = _cmyk[value] = CMYKColor(*cmyk(value))
    return c


def cmyk(value: str) -> tuple[float, float, float, float]:
    h = value.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    r, g, b = (int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))
    if max(r, g, b) - min(r, g, b) <= 2 / 255:  # a grey: black ink only, never rich black
        k = 1 - (r + g + b) / 3
        return (0.0, 0.0, 0.0, 1.0 if k >= 0.85 else round(k, 4))
    k = 1 - max(r, g, b)
    return tuple(round(v, 4) for v in ((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k))  # type: ignore[return-value]


def color_function(profile: str):
    """How a document's hex colours become reportlab colours in its profile."""
    return cmyk_color if profile == PRINT_SHOP else rgb_color
