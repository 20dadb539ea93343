"""Embedding fonts and writing a PDF's objects, remembered across documents.

Cutting a font subset, making its CMap and compressing both are the dearest steps of
embedding a font; documents built in one process mostly use the same few subsets, so each
is done once, as are the formatting of a subset's streams and glyph widths. Each memo gives
the bytes reportlab would make, so an output never depends on what was built before it;
each is bounded. Installed into reportlab when `pdf.py` is imported.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from sheetgen.fonts import FontFace
from sheetgen.render import rlfast
from sheetgen.render.prepress import name_subsets_by_content

_registered: dict[str, str] = {}


class _Widths(dict):
    """A font's character widths with its default width for anything else: what
    `TTFontFace.getCharWidth` returns, looked up without a Python call per character."""

    def __init__(self, widths: dict, default) -> None:
        super().__init__(widths)
        self.default = default

    def __missing__(self, code):
        return self.default


def register(face: FontFace) -> str:
    """Register the face with reportlab (once per file), its embedding remembered; its name."""
    if _registered.get(face.name) != face.path:
        font = TTFont(face.name, face.path)
        font.face.getCharWidth = _Widths(font.face.charWidths, font.face.defaultWidth).__getitem__
        _memoize_subsets(font)
        name_subsets_by_content(font)
        pdfmetrics.registerFont(font)
        _registered[face.name] = face.path
    return face.name


_SUBSET_LIMIT = 512
# Font subsets already cut and CMaps already made → their compressed form once a document
# compressed one (b"" until then).
_compressed_subsets: dict[bytes, bytes] = {}
_compressed_cmaps: dict[str, bytes] = {}
# Font subsets' and CMaps' whole stream objects as formatted, by content, dictionary and filters.
_font_streams: dict[tuple, bytes] = {}


def _remember_font_part(memo: dict, key, make, compressed: dict):
    """`make()`, kept in `memo` and marked in `compressed` as a font part to compress once.
    A memo that is full is emptied with what was made from its parts, so memory stays flat."""
    value = memo.get(key)
    if value is None:
        if len(memo) >= _SUBSET_LIMIT:
            memo.clear()
            compressed.clear()
            _font_streams.clear()
        value = memo[key] = make()
        compressed[value] = b""
    return value


def _memoize_subsets(font: TTFont) -> None:
    """Cutting a subset out of a TrueType file and compressing it are the dearest steps of
    embedding a font, and documents built in one process mostly use the same few glyph
    sets: do each once. The bytes are the same either way, so an output does not depend
    on what was built before it."""
    cut = font.face.makeSubset
    memo: dict[tuple[int, ...], bytes] = {}

    def make_subset(subset) -> bytes:
        key = tuple(subset)
        return _remember_font_part(memo, key, lambda: cut(subset), _compressed_subsets)

    font.face.makeSubset = make_subset


_cmaps: dict[tuple[str, tuple[int, ...]], str] = {}
_make_cmap = ttfonts.makeToUnicodeCMap


def _remembered_cmap(fontname: str, subset) -> str:
    """reportlab's ToUnicode CMap of a font subset, made once per subset (subset names
    come from their contents, see `prepress`, so the same name is the same CMap)."""
    return _remember_font_part(
        _cmaps, (fontname, tuple(subset)), lambda: _make_cmap(fontname, subset), _compressed_cmaps
    )


ttfonts.makeToUnicodeCMap = _remembered_cmap


class _FlateRemembersFonts(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's Flate filter, which compresses a font subset or a subset's CMap it has
    seen before only once."""

    pack = staticmethod(pdfdoc.PDFStreamFilterZCompress().encode)

    def encode(self, text):
        if type(text) is _Packed:  # compressed already
            return text
        # `.get`, not `in` then `[]`: another thread (`sheetgen serve`) may empty a memo between
        kind = type(text)
        memo = _compressed_subsets if kind is bytes else _compressed_cmaps if kind is str else None
        packed = memo.get(text) if memo is not None else None
        if packed is None:  # not a font part
            return super().encode(text)
        if not packed:
            packed = memo[text] = super().encode(text)  # type: ignore[index]
        return packed


_stream_format = pdfdoc.PDFStream.format


def _remembered_stream_format(self, document):
    """reportlab's `PDFStream.format`, remembered for a font subset's file and CMap seen
    before (their dictionaries hold only lengths and filters, no references, so the
    same subset always formats to the same bytes)."""
    content = self.content
    kind = type(content)
    if ((kind is bytes and content in _compressed_subsets) or (kind is str and content in _compressed_cmaps)) and type(
        document.encrypt
    ) is pdfdoc.NoEncryption:
        filters = self.filters if self.filters is not None else document.defaultStreamFilters
        entries = self.dictionary.dict
        if not all(type(v) is int for v in entries.values()):
            return _stream_format(self, document)
        key = (content, tuple(sorted(entries.items())), tuple(filters or ()))
        hit = _font_streams.get(key)
        if hit is None:
            if len(_font_streams) >= _SUBSET_LIMIT:
                _font_streams.clear()
            hit = _font_streams[key] = _stream_format(self, document)
        return hit
    return _stream_format(self, document)


class _ArrayRemembersNumbers(pdfdoc.PDFArray):
    """reportlab's PDF array, which formats a long array of plain numbers (a font's glyph
    widths) once per process instead of once per document."""

    _memo: dict[tuple, bytes] = {}

    def format(self, document, IND=b"\n "):
        seq = self.sequence
        if len(seq) < 32:
            return super().format(document, IND)
        key = (tuple(seq), self.multiline, IND)
        try:
            hit = self._memo.get(key)  # only arrays of numbers are stored, so a hit is one
        except TypeError:  # something unhashable in it
            return super().format(document, IND)
        if hit is None:
            if not all(type(e) is float or type(e) is int for e in seq):
                return super().format(document, IND)
            if len(self._memo) >= _SUBSET_LIMIT:
                self._memo.clear()
            hit = self._memo[key] = super().format(document, IND)
        return hit


class _Packed(bytes):
    """A page's content stream compressed as soon as the page is finished (the bytes
    reportlab's Flate filter would make when saving; its ASCII85 filter, which comes
    after, still runs then), so a long document keeps its pages compressed, not as
    text, until it is written."""


def pack_last_page(c: Canvas) -> None:
    """Compress the content of the page the canvas has just finished."""
    page = c._doc.Pages.pages[-1]
    if page.compression and type(page.stream) is str:
        page.stream = _Packed(_FlateRemembersFonts.pack(page.stream))


rlfast.install()
pdfdoc.PDFZCompress = _FlateRemembersFonts()
pdfdoc.PDFArray = _ArrayRemembersNumbers
pdfdoc.PDFStream.format = _remembered_stream_format
