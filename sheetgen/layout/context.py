"""The context every layout function works in: theme, fonts and a place for issues."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from sheetgen.diagnostics import Severity
from sheetgen.fonts import FontFace, FontMetrics, load_metrics
from sheetgen.rules.theme import ResolvedTheme


@dataclass(slots=True, unsafe_hash=True)
class Source:
    """Where a piece of laid-out text came from: a document and a field path, or a place
    outside the content (`at`: a template's file, line, column, for words a publisher's
    template writes). A value, like the primitives (never changed once made; not
    `frozen`, which makes it dearer to build, and a deck builds one per field of every
    card)."""

    doc: tuple[str, str] | None
    path: tuple[Any, ...] = ()
    at: tuple[str, int, int] | None = None

    def child(self, *parts: Any) -> Source:
        return Source(self.doc, self.path + parts, self.at)


@dataclass(frozen=True, slots=True)
class Issue:
    """A layout finding, mapped to file:line:col by the build once it is back."""

    source: Source
    severity: Severity
    code: str
    message: str
    hint: str | None = None
    at: tuple[str, int, int] | None = None  # a place outside the content (a template's file, line, column)
    # Text too long for its line or box: (the text as printed, how many of its first
    # characters fit), so the diagnostic can say how short the field must be.
    fit: tuple[str, int] | None = None
    glyphs: str = ""  # a missing-glyph finding's characters (see `glyphs_once`)
    # sheetgen's own words shortened: (the font, the words, as printed, at size) (see `overflow.labels_once`)
    label: tuple[str, str, str, float] | None = None


MISSING_GLYPH = "layout.missing-glyph"
RIGHT_TO_LEFT = "layout.right-to-left"
#: Scripts written right to left, by their blocks; sheetgen sets every line left to right.
_RTL_SCRIPTS = (
    ("Hebrew", "\u0590-\u05ff\ufb1d-\ufb4f"),
    ("Arabic", "\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff"),
    ("Syriac", "\u0700-\u074f"),
    ("Thaana", "\u0780-\u07bf"),
    ("N'Ko", "\u07c0-\u07ff"),
    ("Samaritan", "\u0800-\u083f"),
    ("Mandaic", "\u0840-\u085f"),
)
_RTL = [(name, re.compile(f"[{chars}]")) for name, chars in _RTL_SCRIPTS]
_ANY_RTL = re.compile("[" + "".join(chars for _, chars in _RTL_SCRIPTS) + "]")
_OWN_FONT_HINT = "use a theme font that has it, or write the character another way"
#: sheetgen's own family (Bitstream Vera) covers Western European letters only.
_GLYPH_HINT = (
    "sheetgen's font (Bitstream Vera) has Western European letters only: give the theme a font "
    "that has it, e.g. DejaVu Sans, which extends Vera to most European alphabets with the same shapes "
    "and widths "
    "(`fonts: {regular: fonts/DejaVuSans.ttf, bold: …, italic: …, bold_italic: …}`), "
    "or write the character another way"
)


class FontBook:
    """The theme's font styles (`regular`, `bold`, `italic`, `bold_italic`)."""

    def __init__(self, faces: dict[str, FontFace]):
        self.faces = dict(faces)
        self._metrics: dict[str, FontMetrics] = {}
        #: Text parsed and broken into lines with these fonts (`layout.text`), by text,
        #: style and width: what depends on nothing else is measured once per process
        #: (every document built with the same fonts shares it).
        self.memo = _memo_for(self.faces)

    def face(self, style: str) -> FontFace:
        return self.faces[style]

    def metrics(self, style: str) -> FontMetrics:
        m = self._metrics.get(style)
        if m is None:
            m = self._metrics[style] = load_metrics(self.faces[style].path)
        return m

    def width(self, text: str, style: str, size: float) -> float:
        return self.metrics(style).width(text, size)


class _Memo(dict):
    """A dict that forgets everything when it grows past `limit` entries, so memory
    stays flat however much text a build lays out."""

    limit = 10_000  # short texts: a few MB at most

    def __setitem__(self, key, value) -> None:
        if len(self) >= self.limit:
            self.clear()
        super().__setitem__(key, value)


_MEMOS: dict[tuple, _Memo] = {}


def _memo_for(faces: dict[str, FontFace]) -> _Memo:
    key = tuple(sorted(faces.items()))
    memo = _MEMOS.get(key)
    if memo is None:
        if len(_MEMOS) >= 8:  # a server that tried many themes
            _MEMOS.clear()
        memo = _MEMOS[key] = _Memo()
    return memo


@dataclass
class LayoutContext:
    theme: ResolvedTheme
    fonts: FontBook = None  # type: ignore[assignment]
    issues: list[Issue] = field(default_factory=list)
    # Cards one to a page at bleed size, whatever a deck asks (a print shop's bundle).
    single_cards: bool = False
    _warned_glyphs: set = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.fonts is None:
            self.fonts = FontBook(self.theme.fonts)

    def color(self, name: str) -> str:
        return self.theme.color(name)

    def error(
        self,
        source: Source | None,
        code: str,
        message: str,
        hint: str | None = None,
        *,
        fit: tuple[str, int] | None = None,
    ) -> None:
        self.report(source, Severity.ERROR, code, message, hint, fit)

    def warning(
        self,
        source: Source | None,
        code: str,
        message: str,
        hint: str | None = None,
        *,
        fit: tuple[str, int] | None = None,
    ) -> None:
        self.report(source, Severity.WARNING, code, message, hint, fit)

    def report(
        self,
        source: Source | None,
        severity: Severity,
        code: str,
        message: str,
        hint: str | None,
        fit: tuple[str, int] | None = None,
    ) -> None:
        source = source or Source(None)
        self.issues.append(Issue(source, severity, code, message, hint, source.at, fit))

    def check_glyphs(self, text: str, style: str, source: Source | None) -> None:
        """Warn about characters the font cannot draw: once per text and place, naming every
        character and every theme font without it (text set in several styles of one
        family is said once). An item of a list is reported at the list, so a name printed
        as a list on a card and line by line on a sheet is one warning."""
        # Text of no field (a contents line) written right to left is said at its fields.
        rtl = source is not None and not text.isascii() and _ANY_RTL.search(text) is not None
        missing = self.fonts.metrics(style).missing(text)
        if not (missing or rtl):
            return
        if source is not None:
            path = source.path
            while path and isinstance(path[-1], int):
                path = path[:-1]
            source = Source(source.doc, path) if path != source.path else source
        if rtl:
            self._check_direction(text, source)
        if not missing:
            return
        chars = "".join(sorted(missing))
        key = (source, chars)
        if key in self._warned_glyphs:
            return
        self._warned_glyphs.add(key)
        self.issues.append(self.missing_glyphs(chars, source))

    def _check_direction(self, text: str, source: Source | None) -> None:
        """Warn, once per place, about text in a script written right to left: every line
        is set left to right, so its words and letters print in the wrong order."""
        scripts = [name for name, chars in _RTL if chars.search(text)]
        if not scripts or (source, "rtl") in self._warned_glyphs:
            return
        self._warned_glyphs.add((source, "rtl"))
        joined = " and Arabic letters unjoined" if "Arabic" in scripts else ""
        self.warning(
            source,
            RIGHT_TO_LEFT,
            f"text in {' and '.join(scripts)}, a script written right to left: sheetgen sets every line "
            f"left to right, so it prints in the wrong order{joined}",
            "write it in a script written left to right, or set it in a picture",
        )

    def missing_glyphs(self, chars: str, source: Source | None) -> Issue:
        """The warning for characters no glyph draws (see `check_glyphs`)."""
        lacking = sorted(
            {font_label(self.fonts.face(s)) for s in self.fonts.faces if self.fonts.metrics(s).missing(chars)}
        )
        names = (
            f"the font {lacking[0]} has"
            if len(lacking) == 1
            else f"the fonts {', '.join(lacking[:-1])} and {lacking[-1]} have"
        )
        listed = ", ".join(f"`{c}` (U+{ord(c):04X})" for c in chars)
        boxes = "it prints as an empty box" if len(chars) == 1 else "they print as empty boxes"
        return Issue(
            source or Source(None),
            Severity.WARNING,
            MISSING_GLYPH,
            f"{names} no glyph for {listed}; {boxes}",
            _GLYPH_HINT if any(f.startswith("Vera") for f in lacking) else _OWN_FONT_HINT,
            glyphs=chars,
        )


def font_label(face: FontFace) -> str:
    """A font as its user knows it: sheetgen's own by name, a theme's by its file."""
    import re
    from pathlib import Path

    return Path(face.path).name if re.match(r"F[0-9a-f]{10}-", face.name) else face.name  # see `face_for_file`


def grouped(issues: list[Issue], key: Callable[[Issue], Hashable | None]) -> list[Issue | list[Issue]]:
    """The issues in their order, those with a `key` (not None) gathered into one list for
    each key, where the first of them was."""
    groups: dict[Hashable, list[Issue]] = {}
    out: list[Issue | list[Issue]] = []
    for issue in issues:
        k = key(issue)
        if k is None:
            out.append(issue)
        elif k in groups:
            groups[k].append(issue)
        else:
            groups[k] = [issue]
            out.append(groups[k])
    return out


def glyphs_once(issues: list[Issue], ctx: LayoutContext) -> list[Issue]:
    """Characters without a glyph in text that names no content field (a label made of
    several documents' names, a template's words) are reported only if no field printed
    in the same output already reports them, in one warning for the output."""
    placed: set[str] = set()
    unplaced: set[str] = set()
    kept = []
    for issue in issues:
        if issue.code == MISSING_GLYPH and issue.source.doc is None:
            unplaced.update(issue.glyphs)
            continue
        if issue.code == MISSING_GLYPH:
            placed.update(issue.glyphs)
        kept.append(issue)
    rest = "".join(sorted(unplaced - placed))
    return kept + [ctx.missing_glyphs(rest, None)] if rest else kept
