"""Font files: identity, metrics, glyph coverage and outlines, from one parse.

Layout measures text with these metrics, the PDF backend embeds the same file,
and the SVG backend draws the same glyph outlines, so text can never wrap or
sit differently between formats.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

STYLES = ("regular", "bold", "italic", "bold_italic")


@dataclass(frozen=True, slots=True)
class FontFace:
    """A font by name and file; cheap to copy between processes."""

    name: str
    path: str


class FontError(ValueError):
    pass


def _reportlab_fonts_dir() -> Path:
    spec = importlib.util.find_spec("reportlab")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover
        raise FontError("reportlab is not installed")
    return Path(list(spec.submodule_search_locations)[0]) / "fonts"


def default_faces() -> dict[str, FontFace]:
    """Bitstream Vera, shipped with reportlab: the default theme's family."""
    folder = _reportlab_fonts_dir()
    files = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf", "bold_italic": "VeraBI.ttf"}
    names = {"regular": "Vera", "bold": "Vera-Bold", "italic": "Vera-Italic", "bold_italic": "Vera-BoldItalic"}
    return {style: FontFace(names[style], str(folder / files[style])) for style in STYLES}


MAX_FONT_BYTES = 64 * 1024 * 1024
_KNOWN_MAGIC = {
    b"\x00\x01\x00\x00": None,
    b"true": None,
    b"OTTO": None,
    b"ttcf": "a font collection (.ttc); give a single font file (.ttf or .otf) instead",
    b"wOFF": "a web font (WOFF); convert it to TTF or OTF",
    b"wOF2": "a web font (WOFF2); convert it to TTF or OTF",
}


def check_font_file(path: str | os.PathLike) -> None:
    """Refuse anything that is not a plain, reasonably sized TrueType/OpenType file,
    before any library tries to read it."""
    p = Path(path)
    try:
        st = p.stat()
    except OSError as exc:
        raise FontError(exc.strerror or str(exc)) from None
    import stat

    if not stat.S_ISREG(st.st_mode):
        raise FontError("it is not a regular file")
    if st.st_size > MAX_FONT_BYTES:
        raise FontError(
            f"it is {st.st_size // 1048576} MiB; a font file may be at most {MAX_FONT_BYTES // 1048576} MiB"
        )
    with open(p, "rb") as fh:
        magic = fh.read(4)
    if magic not in _KNOWN_MAGIC:
        raise FontError("it is not a TrueType or OpenType font")
    problem = _KNOWN_MAGIC[magic]
    if problem:
        raise FontError(f"it is {problem}")


def face_for_file(path: str | os.PathLike, style: str) -> FontFace:
    """A FontFace for a theme's font file, named stably after its content."""
    check_font_file(path)
    data = Path(path).read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:10]
    return FontFace(f"F{digest}-{style}", str(Path(path).resolve()))


class FontMetrics:
    """Advance widths (in em), vertical metrics and outlines of one font file.

    They are read with fontTools, or, for a font file sheetgen ships a snapshot of
    (the default family; see `SNAPSHOTS`), from that snapshot: the same integers in
    font units, scaled the same way, so the figures are identical and a build that
    draws no SVG text never imports fontTools."""

    def __init__(self, path: str):
        check_font_file(path)
        self.path = path
        self._lock = threading.Lock()
        self._outlines: dict[str, str] = {}
        self._word_cache: dict[str, float] = {}
        self._digest, units = _snapshot_of(path)
        self._font = None if units is not None else _open_font(path)
        if units is None:
            units = font_units(self._font, path)
        self._scale(units)

    def _scale(self, units: dict) -> None:
        self.upem = units["upem"]
        advances = units["advances"]
        cmap = {int(cp): glyph for cp, glyph in units["cmap"].items()}
        self.cmap: dict[int, str] = cmap
        scale = 1.0 / self.upem
        self.widths: dict[str, float] = {chr(cp): advances[g] * scale for cp, g in cmap.items() if g in advances}
        if " " in self.widths:  # a no-break space is drawn as a space (see `render.pdf`): as wide as one
            self.widths["\u00a0"] = self.widths[" "]
        self.notdef_width = units["notdef"] * scale
        self.ascent = units["ascent"] * scale
        self.descent = -units["descent"] * scale
        cap = units["cap"]
        self.cap_height = (cap * scale) if cap else self.ascent * 0.75
        # The ASCII characters the font has no glyph for (line breaks aside), as a pattern
        # that finds one; None when there are too many to be worth a pattern.
        lacking = [c for c in map(chr, range(128)) if c not in self.widths and c not in "\n\r\t"]
        pattern = "[" + "".join(re.escape(c) for c in lacking) + "]" if lacking else "(?!)"  # (?!): never
        self._ascii = re.compile(pattern) if len(lacking) <= 64 else None

    def width(self, text: str, size: float = 1.0) -> float:
        """Advance width of `text` at `size` points."""
        em = self._word_cache.get(text)
        if em is None:
            w = self.widths
            nd = self.notdef_width
            em = sum([w.get(c, nd) for c in text])
            if len(self._word_cache) > 100_000:  # bounded: memory stays flat on huge builds
                self._word_cache.clear()
            self._word_cache[text] = em
        return em * size

    def missing(self, text: str) -> set[str]:
        """Characters of `text` the font has no glyph for (line breaks aside)."""
        if self._ascii is not None and text.isascii() and not self._ascii.search(text):
            return set()  # ASCII the font draws all of: most text, answered at C speed
        missing = set(text).difference(self.widths)
        if missing:
            missing.difference_update("\n\r\t")
        return missing

    def glyph_name(self, char: str) -> str:
        if char == "\u00a0" and 0xA0 not in self.cmap:
            char = " "
        return self.cmap.get(ord(char), ".notdef")

    def glyph_advance(self, char: str) -> float:
        return self.widths.get(char, self.notdef_width)

    def outline(self, glyph: str) -> str:
        """SVG path data of a glyph in font units, y up; "" for an empty glyph."""
        with self._lock:
            cached = self._outlines.get(glyph)
            if cached is None and self._font is None:
                # Measured from a snapshot: the outlines come from one too, where it has
                # them (an empty glyph, a space, is not in it).
                snapshot = _outline_snapshot(self._digest)
                cached = snapshot.get(glyph, "") if snapshot else None
            if cached is None:
                if self._font is None:  # no snapshot of its outlines: they are in the file
                    self._font = _open_font(self.path)
                cached = _path_data(self._font.getGlyphSet(), glyph)
                self._outlines[glyph] = cached
            return cached


def _open_font(path: str):
    """The font, read lazily from a copy of the file in memory: a font opened from its
    file keeps the file open, and the workers forked from a build would share its read
    position, each reading another's table (`not enough 'glyf' table data`)."""
    import io

    from fontTools.ttLib import TTFont

    try:
        return TTFont(io.BytesIO(Path(path).read_bytes()), lazy=True)
    except Exception as exc:  # a damaged file can fail in many ways inside fontTools
        raise FontError(f"it cannot be read ({type(exc).__name__}: {exc})") from None


def font_units(font, path: str) -> dict:
    """What `FontMetrics` needs of a font, in font units, as fontTools reads it: units per
    em, the character map, the advance of each mapped glyph and of `.notdef`, ascent,
    descent and cap height; FontError for a font sheetgen cannot use."""
    try:
        upem = font["head"].unitsPerEm
        if "cmap" not in font:
            raise FontError("it has no character map (cmap table)")
        cmap = font.getBestCmap() or {}
        hmtx = font["hmtx"].metrics
        hhea = font["hhea"]
        notdef = hmtx[font.getGlyphOrder()[0]][0]
        os2 = font.get("OS/2")
        cap = getattr(os2, "sCapHeight", 0) if os2 is not None else 0
        ascent, descent = hhea.ascent, hhea.descent
    except FontError:
        raise
    except Exception as exc:  # a damaged file can fail in many ways inside fontTools
        raise FontError(f"it cannot be read ({type(exc).__name__}: {exc})") from None
    if not upem or upem < 16:
        raise FontError(f"its units per em ({upem}) are not usable")
    if not cmap:
        raise FontError("it maps no characters to glyphs")
    if "glyf" not in font:
        raise FontError(
            f"{os.path.basename(path)} has PostScript (CFF) outlines; "
            "use a TrueType-flavoured TTF or OTF, which the PDF backend can embed"
        )
    return {
        "upem": upem,
        "cmap": {str(cp): g for cp, g in sorted(cmap.items())},
        "advances": {g: hmtx[g][0] for g in sorted(set(cmap.values())) if g in hmtx},
        "notdef": notdef,
        "ascent": ascent,
        "descent": descent,
        "cap": cap,
    }


#: Snapshots of `font_units` for the font files sheetgen ships (reportlab's Vera family),
#: by the sha256 of the file: a file that differs (another reportlab) is read with fontTools.
#: `python -m sheetgen.fonts` writes it anew; a test checks it against fontTools.
SNAPSHOTS = Path(__file__).with_name("fonts.json")


@lru_cache(maxsize=2)
def _json_file(path: Path) -> dict:
    """A snapshot file, read once; empty if it is missing or damaged."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _snapshot_of(path: str) -> tuple[str | None, dict | None]:
    """(the file's sha256, its snapshot or None); no sha256 when there are no snapshots."""
    snapshots = _json_file(SNAPSHOTS)
    if not snapshots:
        return None, None
    with open(path, "rb") as fh:
        digest = hashlib.sha256(fh.read()).hexdigest()
    return digest, snapshots.get(digest)


#: The SVG path data of every glyph of the same files, by sha256 then glyph name (empty
#: glyphs left out): an SVG of text in the default family needs no fontTools either.
OUTLINE_SNAPSHOTS = Path(__file__).with_name("font-outlines.json")


def _outline_snapshot(digest: str | None) -> dict[str, str]:
    found = _json_file(OUTLINE_SNAPSHOTS).get(digest) if digest else None
    return found if isinstance(found, dict) else {}


def _path_data(glyph_set, name: str) -> str:
    """A glyph's SVG path data in font units, y up; "" for an empty glyph."""
    from fontTools.pens.svgPathPen import SVGPathPen

    pen = SVGPathPen(glyph_set, ntos=lambda v: f"{v:g}")
    glyph_set[name].draw(pen)
    return pen.getCommands()


def glyph_outlines(font) -> dict[str, str]:
    """Every non-empty glyph's SVG path data, as `FontMetrics.outline` draws it."""
    glyph_set = font.getGlyphSet()
    return {name: d for name in font.getGlyphOrder() if (d := _path_data(glyph_set, name))}


def write_snapshots() -> None:
    """Write `SNAPSHOTS` and `OUTLINE_SNAPSHOTS` for the default family's files."""
    import json

    units, outlines = {}, {}
    for face in default_faces().values():
        digest = hashlib.sha256(Path(face.path).read_bytes()).hexdigest()
        font = _open_font(face.path)
        units[digest] = font_units(font, face.path)
        outlines[digest] = glyph_outlines(font)
    for path, data in ((SNAPSHOTS, units), (OUTLINE_SNAPSHOTS, outlines)):
        path.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n", encoding="utf-8")


@lru_cache(maxsize=32)
def load_metrics(path: str) -> FontMetrics:
    return FontMetrics(path)


if __name__ == "__main__":  # python -m sheetgen.fonts: the snapshots of the shipped fonts, anew
    write_snapshots()
