"""Font metrics: the snapshot of the shipped family measures (and draws its glyphs) exactly
as the font files do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from sheetgen.fonts import FontMetrics, default_faces


@pytest.mark.parametrize("style", ["regular", "bold", "italic", "bold_italic"])
def test_the_shipped_family_measures_from_its_snapshot_as_from_the_file(style):
    face = default_faces()[style]
    measured = FontMetrics(face.path)
    assert measured._font is None  # measured from the snapshot: the file was not parsed
    font = TTFont(face.path)
    upem = font["head"].unitsPerEm
    hmtx = font["hmtx"].metrics
    cmap = font.getBestCmap()
    assert measured.cmap == cmap
    assert len(measured.widths) >= len(cmap)
    for cp, glyph in cmap.items():
        # A no-break space is drawn with the space's glyph (reportlab's way), so it measures as one.
        wanted = hmtx[cmap[32] if cp == 0xA0 else glyph][0] / upem
        assert measured.widths[chr(cp)] == wanted, chr(cp)
    assert measured.notdef_width == hmtx[font.getGlyphOrder()[0]][0] / upem
    assert (measured.ascent, measured.descent) == (font["hhea"].ascent / upem, -font["hhea"].descent / upem)
    cap = getattr(font["OS/2"], "sCapHeight", 0)  # an old OS/2 table (Vera's) has none
    assert measured.cap_height == (cap / upem if cap else measured.ascent * 0.75)
    # Outlines (for SVG text) come from a snapshot too, each as fontTools draws it.
    from fontTools.pens.svgPathPen import SVGPathPen

    glyph_set = font.getGlyphSet()
    for glyph in font.getGlyphOrder():
        pen = SVGPathPen(glyph_set, ntos=lambda v: f"{v:g}")
        glyph_set[glyph].draw(pen)
        assert measured.outline(glyph) == pen.getCommands(), glyph
    assert measured.outline(cmap[ord("A")]).startswith("M") and measured.outline(cmap[ord(" ")]) == ""
    assert measured._font is None  # the file was never parsed


def test_a_font_file_unlike_its_snapshot_is_read_from_the_file(tmp_path):
    original = default_faces()["regular"].path
    copy = tmp_path / "Vera-changed.ttf"
    copy.write_bytes(Path(original).read_bytes() + b"\0\0\0\0")  # other bytes, same tables
    measured = FontMetrics(str(copy))
    assert measured._font is not None  # no snapshot has these bytes: fontTools read them
    assert measured.widths == FontMetrics(original).widths


@pytest.mark.parametrize("fmt, renderer", [("pdf", "sheetgen.render.pdf"), ("svg", "sheetgen.render.svg")])
def test_a_build_in_the_default_family_does_not_import_fonttools(tmp_path, fmt, renderer):
    """Metrics and (for SVG text) glyph outlines of the shipped family come from snapshots."""
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "d.yaml").write_text(
        "kind: reference-deck\nid: d\nsystem: kubos\ntitle: T\ncards:\n  - {title: A, body: B}\n", encoding="utf-8"
    )
    code = (
        "import sys\nfrom sheetgen.cli import main\n"
        f"try:\n    main(['build', '--format', '{fmt}'])\nexcept SystemExit:\n    pass\n"
        f"print('fontTools' in sys.modules, '{renderer}' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
    assert list((tmp_path / "output").rglob(f"*.{fmt}"))


def test_missing_glyphs_are_found_in_ascii_and_beyond():
    measured = FontMetrics(default_faces()["regular"].path)
    assert measured.missing("Plain text, tabs\tand\nlines.") == set()
    assert measured.missing("a\x01b\x1fc") == {"\x01", "\x1f"}  # controls: no glyph in the font
    assert measured.missing("naïve ✓ ☃") == {"✓", "☃"}
    assert measured.missing("") == set()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a build forks its workers only where there is fork")
def test_workers_forked_from_a_build_read_a_theme_fonts_outlines_each_whole(tmp_path):
    # A build opens the theme's fonts and forks its workers, which draw SVG text from the
    # fonts' outlines at once: each must read the whole glyph table, not a part another
    # worker moved the shared file's read position past.
    original = default_faces()["regular"].path
    copy = tmp_path / "Vera-changed.ttf"
    copy.write_bytes(Path(original).read_bytes() + b"\0\0\0\0")  # read with fontTools, not the snapshot
    failed = 0
    for _ in range(30):
        measured = FontMetrics(str(copy))
        workers = []
        for _ in range(4):
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the worker's exit status says it
                try:
                    ok = all(measured.outline(measured.glyph_name(c)) for c in "AZaz")
                except Exception:
                    ok = False
                os._exit(0 if ok else 1)
            workers.append(pid)
        failed += sum(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0 for pid in workers)
    assert failed == 0
