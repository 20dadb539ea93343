"""Themes: fonts from files, colours, paper, card and cube sizes."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from helpers import MM, deck, read_pdf, run_cli, write

from sheetgen.fonts import default_faces


def renamed_font(src: str, dest, family: str) -> None:
    """A copy of a TrueType font under another family name."""
    font = TTFont(src)
    for record in font["name"].names:
        if record.nameID in (1, 4, 6):
            record.string = family if record.nameID != 6 else family.replace(" ", "")
    font.save(str(dest))


def cff_font(dest) -> None:
    """A tiny OpenType font with PostScript (CFF) outlines."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({65: "A"})
    pen = T2CharStringPen(500, None)
    pen.moveTo((0, 0))
    pen.lineTo((500, 0))
    pen.lineTo((250, 700))
    pen.closePath()
    charstrings = {".notdef": pen.getCharString(), "A": pen.getCharString()}
    fb.setupCFF("Tiny", {"FullName": "Tiny"}, charstrings, {})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "A": (500, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Tiny", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    fb.save(str(dest))


def test_a_theme_font_is_embedded(workdir):
    (workdir / "content/fonts").mkdir()
    renamed_font(default_faces()["regular"].path, workdir / "content/fonts/Plain.ttf", "Plain Test")
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: default
        fonts: {regular: fonts/Plain.ttf}
    """,
    )
    deck(workdir, "basics")
    assert run_cli("build").code == 0
    page = read_pdf(workdir / "output/grimdark/reference/basics.pdf").pages[0]
    names = {str(f.get_object()["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    assert any(n.endswith("+PlainTest") for n in names), names


def test_a_partial_family_sets_missing_styles_in_its_own_fonts_and_says_so(workdir):
    """A theme with a regular and a bold font and no italics: italic text prints in the
    theme's regular, bold italic in its bold (never in sheetgen's Vera, another family's
    shapes), and a warning at `fonts:` names the missing styles."""
    (workdir / "content/fonts").mkdir()
    renamed_font(default_faces()["regular"].path, workdir / "content/fonts/Plain.ttf", "Plain Test")
    renamed_font(default_faces()["bold"].path, workdir / "content/fonts/PlainBold.ttf", "Plain Test Bold")
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: default
        fonts:
          regular: fonts/Plain.ttf
          bold: fonts/PlainBold.ttf
    """,
    )
    path = deck(workdir, "basics")
    path.write_text(re.sub(r"body: Most challenges.*", 'body: "***Bold italic*** and *italic*."', path.read_text()))
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0, result.stderr
    assert "content/theme.yaml:3:1: warning[theme.partial-family]" in result.stderr
    assert "`italic`, `bold_italic`" in result.stderr and "italic text is set in the regular font" in result.stderr
    page = read_pdf(workdir / "output/grimdark/reference/basics.pdf").pages[0]
    names = {str(f.get_object()["/BaseFont"]).split("+")[-1] for f in page["/Resources"]["/Font"].values()}
    assert names == {"PlainTest", "PlainTestBold"}, names
    assert "Bold italic and italic" in page.extract_text()
    # Said on purpose (`italic: regular`), it is no warning; a style without a file is an error.
    theme = workdir / "content/theme.yaml"
    theme.write_text(theme.read_text() + "  italic: regular\n  bold_italic: bold\n")
    chosen = run_cli("build", "--format", "pdf", "--strict")
    assert chosen.code == 0 and "partial-family" not in chosen.stderr, chosen.stderr
    page = read_pdf(workdir / "output/grimdark/reference/basics.pdf").pages[0]
    assert {str(f.get_object()["/BaseFont"]).split("+")[-1] for f in page["/Resources"]["/Font"].values()} == names
    theme.write_text(theme.read_text().replace("bold_italic: bold", "bold_italic: italic"))
    wrong = run_cli("validate")
    assert wrong.code == 1 and "content/theme.yaml:7:16: error[theme.bad-font]" in wrong.stderr, wrong.stderr


def test_a_missing_or_postscript_font_is_an_error_at_its_line(workdir):
    cff_font(workdir / "content/tiny.otf")
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: default
        fonts:
          regular: tiny.otf
          bold: nowhere/Bold.ttf
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = {(d["line"], d["column"], d["code"]): d for d in json.loads(result.stdout)}
    assert (4, 12, "theme.bad-font") in found and "PostScript (CFF)" in found[(4, 12, "theme.bad-font")]["message"]
    assert (5, 9, "theme.bad-font") in found
    assert result.code == 1


def test_theme_paper_card_and_bleed_apply_and_the_command_line_wins(workdir):
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: default
        paper: letter
        card_size: mini
        bleed: 2mm
        palette: {grimdark: "#335533"}
    """,
    )
    deck(workdir, "basics")
    assert run_cli("build").code == 0
    page = read_pdf(workdir / "output/grimdark/reference/basics.pdf").pages[0]
    assert float(page.mediabox.width) == pytest.approx(8.5 * 72, abs=0.01)
    assert float(page.trimbox.width) == pytest.approx(4 * 44.45 * MM, abs=0.01)  # four columns of mini cards
    single = read_pdf(workdir / "output/grimdark/reference-print-shop/basics.pdf").pages[0]
    assert float(single.mediabox.width) == pytest.approx((44.45 + 2 * 2) * MM, abs=0.01)  # the card and 2mm bleed
    assert float(single.trimbox.left) == pytest.approx(2 * MM, abs=0.01)
    assert run_cli("build", "--paper", "a4", "--force").code == 0
    page = read_pdf(workdir / "output/grimdark/reference/basics.pdf").pages[0]
    assert float(page.mediabox.width) == pytest.approx(210 * MM, abs=0.01)


def test_another_theme_is_chosen_by_id(workdir):
    write(
        workdir,
        "content/themes.yaml",
        """
        kind: theme
        id: default
        paper: a4
        ---
        kind: theme
        id: us
        paper: letter
    """,
    )
    deck(workdir, "basics")
    assert run_cli("build", "--theme", "us").code == 0
    page = read_pdf(workdir / "output/grimdark/reference/basics.pdf").pages[0]
    assert float(page.mediabox.width) == pytest.approx(8.5 * 72, abs=0.01)


def test_an_unknown_colour_name_in_a_theme_is_an_error(workdir):
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: default
        colors: {accent: bleu}
    """,
    )
    result = run_cli("validate", "--format", "json")
    (d,) = json.loads(result.stdout)
    assert (d["line"], d["column"], d["code"]) == (3, 18, "theme.unknown-color")
    assert d["hint"] == "did you mean `blue`?"


def _damaged(src: str, dest, change) -> None:
    font = TTFont(src)
    change(font)
    font.save(str(dest))


@pytest.mark.parametrize(
    "name, make, words",
    [
        ("web.woff", lambda src, dest: _damaged(src, dest, lambda f: setattr(f, "flavor", "woff")), "web font"),
        (
            "noupem.ttf",
            lambda src, dest: _damaged(src, dest, lambda f: setattr(f["head"], "unitsPerEm", 0)),
            "units per em",
        ),
        ("nocmap.ttf", lambda src, dest: _damaged(src, dest, lambda f: f.__delitem__("cmap")), "character map"),
        ("garbage.ttf", lambda src, dest: dest.write_bytes(b"\x00\x01\x00\x00" + b"\xff" * 200), "cannot be read"),
        ("text.ttf", lambda src, dest: dest.write_text("not a font at all"), "not a TrueType"),
    ],
)
def test_damaged_or_unsupported_font_files_are_diagnostics(workdir, name, make, words):
    make(default_faces()["regular"].path, workdir / "content" / name)
    write(workdir, "content/theme.yaml", f"kind: theme\nid: default\nfonts: {{regular: {name}}}\n")
    deck(workdir, "basics")
    for command in ("validate", "build"):
        result = run_cli(command, "--format", "json") if command == "validate" else run_cli(command)
        assert result.code == 1, result.stderr
        assert "Traceback" not in result.stderr and "internal.error" not in result.stdout + result.stderr
    found = json.loads(run_cli("validate", "--format", "json").stdout)
    (d,) = [d for d in found if d["code"] == "theme.bad-font"]
    assert (d["line"], d["column"]) == (3, 18) and words in d["message"]


def test_a_device_as_a_font_is_refused_without_reading_it(workdir):
    os.mkfifo(workdir / "content/font.ttf")  # reading it would block for ever
    write(workdir, "content/theme.yaml", "kind: theme\nid: default\nfonts: {regular: font.ttf}\n")
    found = json.loads(run_cli("validate", "--format", "json").stdout)
    assert [d["code"] for d in found] == ["theme.bad-font"] and "not a regular file" in found[0]["message"]


def test_theme_sizes_out_of_range_are_errors(workdir):
    write(
        workdir,
        "content/theme.yaml",
        "kind: theme\nid: default\ncard_size: {width: 0mm, height: 88mm}\ncube_size: 0mm\nbleed: 20mm\n",
    )
    found = json.loads(run_cli("validate", "--format", "json").stdout)
    assert sorted((d["line"], d["code"]) for d in found) == [
        (3, "theme.size-out-of-range"),
        (4, "theme.size-out-of-range"),
        (5, "theme.size-out-of-range"),
    ]


def test_a_card_smaller_than_every_deck_allows_is_one_error_at_the_card_size(workdir):
    """A 40 × 60 mm card (under mini) would overflow card after card: instead one error, at
    the theme's `card_size`, names the decks; nothing is built."""
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: house
        card_size: {width: 40mm, height: 60mm}
    """,
    )
    write(
        workdir,
        "content/foes.yaml",
        """
        kind: tricube-foe
        id: bandits
        name: Bandits
        difficulty: 5
        effort: 3
        notes: Three bandits behind the fallen tree; they flee when their leader falls.
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = json.loads(result.stdout)
    assert [(d["file"], d["line"], d["column"], d["code"]) for d in found] == [
        ("content/theme.yaml", 3, 12, "theme.card-too-small")
    ]
    assert "`tricube-foe-cards`" in found[0]["message"] and "44.45mm × 63.5mm" in found[0]["message"]
    assert "card_size: mini" in found[0]["hint"] and result.code == 1
    build = run_cli("build")
    assert build.code == 1 and build.stderr.count("error[") == 1 and "theme.card-too-small" in build.stderr
    assert not (workdir / "output/tricube/foe-cards/foes.pdf").exists()
    # Counted in the line that ends the report, as every other error is.
    assert build.stderr.splitlines()[-1].startswith("sheetgen: 2 documents, 0 pages, 0 files written")
    assert ", 1 error, 0 warnings in " in build.stderr.splitlines()[-1]
    checked = run_cli("validate")
    assert checked.code == 1 and checked.stderr.splitlines()[-1] == "sheetgen: 2 documents checked, 1 error, 0 warnings"
    # At the smallest size sheetgen offers the same content builds.
    write(workdir, "content/theme.yaml", "kind: theme\nid: house\ncard_size: mini\n")
    assert run_cli("build").code == 0 and (workdir / "output/tricube/foe-cards/foes.pdf").exists()


@pytest.mark.parametrize("game", ["cubit", "tricube", "cubes", "grimdark", "kubos"])
def test_text_in_a_light_game_colour_is_darkened_to_be_read(tmp_path, monkeypatch, game):
    """A game's colour as light as yellow still fills its bands, but no text on any page of
    the game's outputs is printed in a colour that contrasts less than 3:1 with the paper
    (white text reversed out of a band aside), and the init theme names each game's colour."""
    from helpers.pdfops import read_marks
    from pypdf import PdfReader

    from sheetgen.layout.colors import contrast, to_hex

    monkeypatch.chdir(tmp_path)
    assert run_cli("init", "--game", game).code == 0
    theme = tmp_path / "content/theme.yaml"
    text = theme.read_text()
    assert f"  {game}: " in text and "# each game's colour" in text
    theme.write_text(text.replace(f"  {game}: ", f'  {game}: "#ffff00"  # was ', 1))
    assert run_cli("build", "--format", "pdf").code == 0
    faint, yellow_fills = [], 0
    for pdf in sorted((tmp_path / "output" / game).rglob("*.pdf")):
        for n, page in enumerate(PdfReader(pdf).pages, 1):
            runs, _ = read_marks(page)
            for run in runs:
                rgb = run.fill if len(run.fill) == 3 else None
                if rgb is None or len(set(rgb)) == 1:  # greys, black, white reversed out of a band
                    continue
                if contrast(to_hex(*rgb), "#ffffff") < 3:
                    faint.append((pdf.name, n, to_hex(*rgb)))
            yellow_fills += b"1 1 0 rg" in page.get_contents().get_data()
    assert not faint, faint[:5]
    assert yellow_fills  # the colour itself is still used


DEJAVU = "/usr/share/fonts/truetype/dejavu"


@pytest.mark.parametrize("family, italic", [("DejaVuSerif", "Italic"), ("DejaVuSansCondensed", "Oblique")])
def test_every_game_builds_cleanly_in_a_wider_theme_font(tmp_path, monkeypatch, family, italic):
    """The projects `sheetgen init` makes, all five games, with a theme font wider than
    sheetgen's own (DejaVu Serif) or narrower in its bold (DejaVu Sans Condensed): every
    sheet and card builds, with no error and no warning; sheetgen's own labels fit (the
    CUBES! record sheet's column headings print whole)."""
    from helpers import initialised

    files = {
        "regular": f"{family}.ttf",
        "bold": f"{family}-Bold.ttf",
        "italic": f"{family}-{italic}.ttf",
        "bold_italic": f"{family}-Bold{italic}.ttf",
    }
    if not all(os.path.exists(f"{DEJAVU}/{f}") for f in files.values()):
        pytest.skip(f"the {family} font files are not installed")
    root = initialised(tmp_path, monkeypatch)
    (root / "fonts").mkdir()
    for f in files.values():
        (root / "fonts" / f).write_bytes(Path(f"{DEJAVU}/{f}").read_bytes())
    theme = root / "content" / "theme.yaml"
    theme.write_text(
        theme.read_text() + "\nfonts: {" + ", ".join(f"{s}: ../fonts/{f}" for s, f in files.items()) + "}\n"
    )
    run = run_cli("build")
    assert run.code == 0 and "error[" not in run.stderr and "warning[" not in run.stderr, run.stderr
    for system in ("cubit", "tricube", "cubes", "grimdark", "kubos"):
        assert list((root / "output" / system).rglob("*.pdf")), system
    sheet = " ".join(read_pdf(root / "output" / "cubes" / "record-sheet" / "red.pdf").pages[0].extract_text().split())
    assert "THEIRS HERE" in sheet and "MINE THERE" in sheet and "Extra actions earned" in sheet


def test_a_theme_font_too_wide_for_sheetgens_own_labels_is_a_warning_at_the_font_never_an_error(tmp_path, monkeypatch):
    """A bold half as wide again as Vera's: the CUBES! sheets' own headings and labels no
    longer fit even at the smallest size. They print shortened, and the one to tell is the
    theme's line naming that font; nothing is reported at the civilizations or blocks the
    kit and the handout."""
    from helpers import initialised

    root = initialised(tmp_path, monkeypatch, "cubes")
    font = TTFont(default_faces()["bold"].path)
    advances = font["hmtx"].metrics
    for glyph, (width, lsb) in list(advances.items()):
        advances[glyph] = (int(width * 1.5), lsb)
    (root / "fonts").mkdir()
    font.save(str(root / "fonts" / "Wide-Bold.ttf"))
    theme = root / "content" / "theme.yaml"
    theme.write_text(theme.read_text() + "\nfonts:\n  bold: ../fonts/Wide-Bold.ttf\n")
    line = theme.read_text().splitlines().index("  bold: ../fonts/Wide-Bold.ttf") + 1
    run = run_cli("build")
    assert run.code == 0 and "error[" not in run.stderr, run.stderr
    shortened = [ln for ln in run.stderr.splitlines() if "warning[layout.label-shortened]" in ln]
    assert shortened and all(ln.startswith(f"content/theme.yaml:{line}:") for ln in shortened), run.stderr
    assert all("the font Wide-Bold.ttf is too wide for sheetgen's words" in ln for ln in shortened)
    assert not [ln for ln in run.stderr.splitlines() if ln.startswith(("content/cubes", "<"))], run.stderr
    assert (root / "output" / "cubes" / "kit" / "first-game.pdf").exists()
    assert (root / "output" / "handouts" / "bundle" / "table-kit.pdf").exists()
