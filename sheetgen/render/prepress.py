"""What a PDF needs for print shops and for printing at home, beside its drawing:
viewer preferences, font subset names, and the colours of the print-shop profile
(converted through the CMYK output profile that `pdfx.py` embeds as the PDF/X output intent).

Called by `pdf.py`; nothing here decides anything about the pages' content.
"""

from __future__ import annotations

import hashlib
import io
import threading
from functools import lru_cache
from importlib import resources
from pathlib import Path

from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

PRINT_SHOP = "print-shop"
#: The print-shop output profile: Ghostscript's "Artifex CMYK SWOP Profile" (Debian
#: `libgs-common`, AGPL-3.0-or-later; see `LICENSE.txt` beside it).
OUTPUT_PROFILE = "icc/artifex-cmyk-swop.icc"


def output_profile_path() -> Path:
    return Path(str(resources.files("sheetgen") / "data" / OUTPUT_PROFILE))


@lru_cache(maxsize=1)
def output_profile() -> bytes:
    """The ICC output profile's bytes, as embedded in every print-shop PDF."""
    return output_profile_path().read_bytes()


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
        _adding.font = (
            font.face.name.decode("latin-1") if isinstance(font.face.name, bytes) else str(font.face.name),
            [tuple(s) for s in state.subsets],
        )
        try:
            add(doc)
        finally:
            _adding.font = None

    font.addObjects = add_objects


# --- colours --------------------------------------------------------------------------

_rgb: dict[str, HexColor | CMYKColor] = {}
_cmyk: dict[str, CMYKColor] = {}
# Solid black (text, rules) as black ink alone: an RGB black is printed by many inkjet
# drivers with all their inks.
BLACK_INK = CMYKColor(0, 0, 0, 1)


def rgb_color(value: str) -> HexColor | CMYKColor:
    """A colour for a home printer's PDF: RGB, but solid black in black ink alone."""
    c = _rgb.get(value)
    if c is None:
        hexed = HexColor(value)
        c = _rgb[value] = BLACK_INK if (hexed.red, hexed.green, hexed.blue) == (0, 0, 0) else hexed
    return c


def cmyk_color(value: str) -> CMYKColor:
    """A colour for the print-shop profile: greys (text and line work among them) in black
    ink alone, near-black as solid black, every other colour in process CMYK."""
    c = _cmyk.get(value)
    if c is None:
        c = _cmyk[value] = CMYKColor(*cmyk(value))
    return c


def cmyk(value: str) -> tuple[float, float, float, float]:
    """A hex colour in CMYK ink fractions: a grey in black ink alone, anything else
    through the output profile (sRGB to CMYK, relative colorimetric with black point
    compensation, by littleCMS)."""
    r, g, b = _rgb_bytes(value)
    if max(r, g, b) - min(r, g, b) <= 2:  # a grey: black ink only, never rich black
        k = 1 - (r + g + b) / 765
        return (0.0, 0.0, 0.0, 1.0 if k >= 0.85 else round(k, 4))
    return _profile_cmyk(r, g, b)


def _rgb_bytes(value: str) -> tuple[int, int, int]:
    h = value.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


@lru_cache(maxsize=4096)
def _profile_cmyk(r: int, g: int, b: int) -> tuple[float, float, float, float]:
    from PIL import Image, ImageCms

    converted = ImageCms.applyTransform(Image.new("RGB", (1, 1), (r, g, b)), _srgb_to_cmyk())
    pixel = converted.getpixel((0, 0)) if converted is not None else None
    if not isinstance(pixel, tuple) or len(pixel) != 4:
        raise ValueError(f"the output profile gave no CMYK pixel for #{r:02x}{g:02x}{b:02x}")
    c, m, y, k = (round(v / 255, 4) for v in pixel)
    return c, m, y, k


def cmyk_image(data: bytes):
    """An image's pixels through the output profile, as a CMYK Pillow image; transparent
    parts become white paper (a print-shop file has no RGB left for them to blend with)."""
    from PIL import Image, ImageCms

    im = Image.open(io.BytesIO(data))
    if im.mode == "CMYK":
        return im
    rgba = im.convert("RGBA")
    flat = Image.new("RGB", rgba.size, "white")
    flat.paste(rgba, mask=rgba.getchannel("A"))
    return ImageCms.applyTransform(flat, _srgb_to_cmyk())


@lru_cache(maxsize=1)
def _srgb_to_cmyk():
    """The littleCMS transform from sRGB to the output profile, built once."""
    from PIL import ImageCms

    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"),
        ImageCms.ImageCmsProfile(io.BytesIO(output_profile())),
        "RGB",
        "CMYK",
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
    )


def color_function(profile: str):
    """How a document's hex colours become reportlab colours in its profile."""
    return cmyk_color if profile == PRINT_SHOP else rgb_color
