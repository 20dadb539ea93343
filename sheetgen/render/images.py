"""Pages of a PDF as pictures: rasterised by pdfium from the very PDF sheetgen writes, so
an image can never differ from the printed card, and written as PNG files.

A PNG is written the same way every time (no dates, no text chunks): sRGB, with its
resolution in a `pHYs` chunk, the rows unfiltered and deflated at one level.
"""

from __future__ import annotations

import itertools
import math
import struct
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

DPI = 300  # print-on-demand printers' resolution
POINTS_PER_INCH = 72.0
_BAND = 128  # rows deflated at a time
_COMPRESSION = 3  # a third of level 6's time, a third bigger

#: pdfium may serve one call at a time in a process, whatever the document.
_PDFIUM = threading.Lock()


@dataclass(frozen=True)
class Picture:
    """RGB pixels, row after row (`stride` bytes each, of which `width * 3` are the row)."""

    width: int
    height: int
    stride: int
    pixels: bytes | bytearray

    def rows(self) -> Iterator[bytes | bytearray]:
        row = self.width * 3
        for y in range(self.height):
            start = y * self.stride
            yield self.pixels[start : start + row]


def pixels_for(points: float, dpi: float) -> int:
    """How many pixels `points` take at `dpi` (as pdfium and pdftoppm count them)."""
    return math.ceil(points * dpi / POINTS_PER_INCH - 1e-9)


@contextmanager
def opened(pdf: bytes) -> Iterator[object]:
    """A PDF opened by pdfium for as long as the block runs."""
    import pypdfium2

    with _PDFIUM:
        document = pypdfium2.PdfDocument(pdf)
    try:
        yield document
    finally:
        with _PDFIUM:
            document.close()


def rasterise(document, index: int, dpi: float = DPI, crop: float = 0.0) -> Picture:
    """Page `index` of an opened PDF at `dpi`, less `crop` points on every side."""
    scale = dpi / POINTS_PER_INCH
    with _PDFIUM:
        page = document[index]
        try:
            bitmap = page.render(
                scale=scale,
                crop=(crop, crop, crop, crop),
                rev_byteorder=True,
                fill_color=(255, 255, 255, 255),
                may_draw_forms=False,
                draw_annots=False,
            )
            try:
                picture = Picture(bitmap.width, bitmap.height, bitmap.stride, bytes(bitmap.buffer))
            finally:
                bitmap.close()
        finally:
            page.close()
    return picture


def png(picture: Picture, dpi: float = DPI) -> bytes:
    """`picture` as PNG bytes: 8-bit RGB, sRGB, `dpi` recorded."""
    per_metre = round(dpi / 0.0254)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", picture.width, picture.height, 8, 2, 0, 0, 0)),
            _chunk(b"sRGB", b"\x00"),  # perceptual
            _chunk(b"gAMA", struct.pack(">I", 45455)),  # sRGB's, for readers that ignore sRGB
            _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
            _chunk(b"IDAT", _deflated(picture)),
            _chunk(b"IEND", b""),
        )
    )


def _deflated(picture: Picture) -> bytes:
    """The rows, each after its filter type (0: none), deflated a band of rows at a time:
    a sheet of cards is not copied whole."""
    deflate = zlib.compressobj(_COMPRESSION)
    rows = picture.rows()
    parts = []
    while band := b"".join(b"\x00" + row for row in itertools.islice(rows, _BAND)):
        parts.append(deflate.compress(band))
    parts.append(deflate.flush())
    return b"".join(parts)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
