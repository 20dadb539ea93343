"""Text layout: measured with the font's own metrics, wrapped inside its box, shrunk
to fit down to a minimum size, and an error (never a silent cut) when it cannot fit."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from fontTools.ttLib import TTFont
from helpers import examples, run_cli, write
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.content.loader import Library
from sheetgen.fonts import FontFace, default_faces
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.lines import parse_inline
from sheetgen.layout.primitives import Box, Text
from sheetgen.layout.tables import Table
from sheetgen.layout.text import Paragraph, TextStyle, fit_blocks, one_line, text_box
from sheetgen.rules import check
from sheetgen.units import MM


@pytest.fixture(scope="module")
def theme():
    return check(Library()).theme


@pytest.fixture
def ctx(theme):
    return LayoutContext(theme)


def advance(font_path: str, text: str, size: float) -> float:
    """Width of text from the font file's hmtx table, independently of sheetgen."""
    font = TTFont(font_path)
    cmap = font.getBestCmap()
    hmtx = font["hmtx"].metrics
    upem = font["head"].unitsPerEm
    return sum(hmtx[cmap[ord(c)]][0] for c in text) * size / upem


def runs(items):
    return [i for i in items if isinstance(i, Text)]


def test_widths_come_from_the_font_file(ctx):
    face = ctx.fonts.face("regular")
    (run,) = runs(one_line(ctx, "Blue Stripes", Box(0, 0, 500, 20), TextStyle(size=12)))
    assert run.width == pytest.approx(advance(face.path, "Blue Stripes", 12))
    assert run.size == 12


WORDS = st.text(alphabet=st.sampled_from("abcdefghij KLMNOP-.,'"), min_size=1, max_size=300)


@settings(max_examples=examples(60), deadline=None)
@given(text=WORDS, width=st.floats(min_value=25, max_value=300))
def test_wrapped_lines_never_leave_their_box(theme, text, width):
    ctx = LayoutContext(theme)
    box = Box(10, 10, width, 400)
    items = text_box(ctx, text, box, TextStyle(size=9, min_size=9, markup=False))
    for run in runs(items):
        assert run.x >= box.x - 1e-6
        assert run.x + run.width <= box.right + 1e-6
    # Every non-space character is still there, in order: nothing is cut.
    assert "".join(r.text for r in runs(items)).replace(" ", "") == text.replace(" ", "")


def test_text_shrinks_to_fit_and_stops_at_its_minimum(ctx):
    box = Box(0, 0, 60 * MM, 20 * MM)
    text = "A fairly long rule that has to share a small box with its friends. " * 3
    items = text_box(ctx, text, box, TextStyle(size=12, min_size=5))
    sizes = {r.size for r in runs(items)}
    assert len(sizes) == 1 and 5 <= sizes.pop() < 12
    assert ctx.issues == []
    last = max(r.y for r in runs(items))
    assert last <= box.bottom


def test_text_that_cannot_fit_is_an_error_naming_its_source(ctx):
    source = Source(("reference-deck", "d"), ("cards", 3, "body"))
    text_box(ctx, "word " * 500, Box(0, 0, 40 * MM, 10 * MM), TextStyle(size=9, min_size=6), source)
    (issue,) = ctx.issues
    assert issue.code == "layout.text-overflow" and issue.severity.value == "error"
    assert issue.source == source
    assert "`cards[3].body`" in issue.message


def test_one_line_shrinks_a_long_name_and_reports_one_that_is_hopeless(ctx):
    box = Box(0, 0, 55 * MM, 8 * MM)
    (run,) = runs(one_line(ctx, "Figuring Out The Source Of Grid Energy", box, TextStyle(size=14, min_size=5)))
    assert run.width <= box.w + 1e-6 and run.size < 14
    one_line(ctx, "x" * 400, box, TextStyle(size=14, min_size=6), Source(("cubit", "c"), ("name",)))
    assert [i.code for i in ctx.issues] == ["layout.text-overflow"]


def test_markup_makes_bold_and_italic_runs(ctx):
    assert parse_inline("a **bold** and *italic* word", "regular", True) == [
        ("a ", "regular"),
        ("bold", "bold"),
        (" and ", "regular"),
        ("italic", "italic"),
        (" word", "regular"),
    ]
    assert parse_inline("5 * 3 = 15", "regular", True) == [("5 * 3 = 15", "regular")]
    items = text_box(ctx, "Roll **three** dice", Box(0, 0, 200, 50), TextStyle(size=10))
    fonts = {r.text: r.font.name for r in runs(items)}
    assert fonts["three"] == ctx.fonts.face("bold").name
    assert fonts["Roll "] == ctx.fonts.face("regular").name


def test_bullets_hang_and_paragraphs_break(ctx):
    items = runs(
        text_box(
            ctx,
            "Intro line.\n- first point that is long enough to wrap onto a second line\n- second",
            Box(0, 0, 45 * MM, 80 * MM),
            TextStyle(size=9),
        )
    )
    bullets = [r for r in items if r.text == "•"]
    assert len(bullets) == 2
    wrapped = [r for r in items if r.text not in ("•",) and r.x > bullets[0].x + 1]
    assert wrapped, "bullet text should be indented past the bullet"
    assert len({round(r.x, 3) for r in wrapped}) == 1  # continuation lines align with the text


def test_a_word_longer_than_the_line_is_broken_not_lost(ctx):
    word = "Supercalifragilisticexpialidocious"
    items = runs(text_box(ctx, word, Box(0, 0, 20 * MM, 40 * MM), TextStyle(size=10, min_size=10)))
    assert len(items) > 1
    assert "".join(r.text for r in items) == word
    assert all(r.x + r.width <= 20 * MM + 1e-6 for r in items)


def test_missing_glyphs_are_one_warning_naming_each_character(ctx):
    text_box(ctx, "Check ✓ and ☐", Box(0, 0, 200, 40), TextStyle(size=9), Source(("x", "y"), ("body",)))
    (issue,) = ctx.issues
    assert issue.code == "layout.missing-glyph" and issue.severity.value == "warning"
    assert "`☐` (U+2610), `✓` (U+2713)" in issue.message and "they print as empty boxes" in issue.message


def test_missing_glyphs_of_a_label_are_said_once_where_a_field_prints_them(ctx):
    """A label made of several documents' names (no field of its own) adds no warning for
    characters a field of the same output already reports; others are reported once."""
    from sheetgen.layout.context import glyphs_once

    text_box(ctx, "Ewa Wężyk", Box(0, 0, 200, 40), TextStyle(size=9), Source(("x", "ewa"), ("name",)))
    text_box(ctx, "Ewa Wężyk, Jan Dvořák", Box(0, 0, 200, 40), TextStyle(size=9), None)
    text_box(ctx, "Ewa Wężyk, Jan Dvořák", Box(0, 0, 200, 40), TextStyle(size=9, font="bold"), None)
    found = glyphs_once(ctx.issues, ctx)
    assert [(i.source.doc, i.glyphs) for i in found] == [(("x", "ewa"), "ęż"), (None, "ř")]


def test_a_table_and_a_paragraph_shrink_together(ctx):
    rows = [[d, f"{d / 6:.0%}", "text that wraps in a narrow column"] for d in range(1, 7)]
    blocks = [
        Paragraph(ctx, "Chances per die:", TextStyle(size=10)),
        Table(ctx, ["Die", "Chance", "Note"], rows, TextStyle(size=10, min_size=5)),
    ]
    box = Box(0, 0, 55 * MM, 45 * MM)
    items = fit_blocks(ctx, blocks, box)
    assert ctx.issues == []
    texts = runs(items)
    assert max(r.y for r in texts) <= box.bottom and all(r.x + r.width <= box.right + 1e-6 for r in texts)
    assert {r.text for r in texts} >= {"Die", "Chance", "17%", "100%"}


def test_a_table_shrinks_rather_than_split_a_word(ctx):
    rows = [["Thrashing", "heroes who failed their roll cannot act"], ["Acid", "1d6 damage"]]
    table = Table(ctx, ["Rule", "Effect"], rows, TextStyle(size=12, min_size=5))
    box = Box(0, 0, 30 * MM, 60 * MM)
    items = runs(fit_blocks(ctx, [table], box))
    assert "Thrashing" in {r.text for r in items}, "the word was split across lines"
    assert max(r.size for r in items) < 12


def test_tables_of_the_same_cells_are_measured_by_their_own_style_and_box(ctx):
    """Tables share what they measured only with tables of the same cells and style: each
    is drawn in its own box, its rows as tall as its own text, and its cells' text where
    a table laid out for the first time would put it."""
    rows = [["1", "the hero stumbles and drops what they hold"], ["6", "a clean success"]]
    width = 40 * MM

    def drawn(style, x, y, fresh=False):
        table = Table(LayoutContext(ctx.theme) if fresh else ctx, ["Roll", "Result"], rows, style)
        return table.height(ctx, width, 1.0), runs(table.draw(ctx, x, y, width, 1.0))

    small, large = TextStyle(size=7.5, min_size=7.5), TextStyle(size=11, min_size=11)
    h_small, first = drawn(small, 10, 20)
    h_again, moved = drawn(small, 110, 70)
    h_large, big = drawn(large, 10, 20)
    assert h_again == h_small < h_large
    assert {r.size for r in big} == {11} and {r.size for r in first} == {7.5}
    assert [r.text for r in moved] == [r.text for r in first]
    assert [(r.x - 100, r.y - 50) for r in moved] == [pytest.approx((r.x, r.y)) for r in first]
    assert len(big) > len(first)  # the longer result wraps onto more lines at 11pt
    assert drawn(small, 10, 20, fresh=True)[1] == first


def test_each_block_keeps_its_own_minimum(ctx):
    from sheetgen.layout.text import Spacer

    class Fixed(Spacer):
        def min_scale(self) -> float:
            return 1.0  # never shrinks

    body = Paragraph(ctx, "word " * 60, TextStyle(size=12, min_size=6))
    items = runs(fit_blocks(ctx, [Fixed(20 * MM, scales=True), body], Box(0, 0, 50 * MM, 50 * MM)))
    assert ctx.issues == []
    assert 6 <= min(r.size for r in items) < 12
    assert min(r.y for r in items) >= 20 * MM  # the fixed block kept its full height


def test_markup_edge_cases_keep_their_stars(ctx):
    # An escaped star is a star; `***` opens bold then italics; a star before a space
    # does not open italics, a star after a space does not close them.
    assert parse_inline(r"2 \* 3", "regular", True) == [("2 * 3", "regular")]
    assert parse_inline("***both*** plain", "regular", True) == [("both", "bold_italic"), (" plain", "regular")]
    assert parse_inline("*a * b*", "regular", True) == [("a * b", "italic")]
    assert parse_inline("**bold *both* bold**", "regular", True) == [
        ("bold ", "bold"),
        ("both", "bold_italic"),
        (" bold", "bold"),
    ]
    assert parse_inline("**no markup**", "regular", False) == [("**no markup**", "regular")]


@pytest.mark.parametrize("upem", [2048, 2000])
def test_runs_in_mixed_styles_are_as_wide_as_their_letters(theme, tmp_path, upem):
    """Each run of a line that changes style is as wide as its letters and the spaces in
    it, in a font whose widths add up exactly (units per em a power of two) and in one
    whose widths do not."""
    faces = {}
    for style, face in default_faces().items():
        font = TTFont(face.path)
        font["head"].unitsPerEm = upem
        font.save(str(tmp_path / f"{style}.ttf"))
        faces[style] = FontFace(f"{face.name}-{upem}", str(tmp_path / f"{style}.ttf"))
    ctx = LayoutContext(replace(theme, fonts=faces))
    text = (
        "Roll the **dice** and compare *each* with the difficulty, then **bold**ly go on to the end.\n"
        "- a bullet with **more** words in it"
    )
    got = runs(text_box(ctx, text, Box(0, 0, 45 * MM, 80 * MM), TextStyle(size=9, min_size=9)))
    assert {r.font for r in got} == {faces["regular"], faces["bold"], faces["italic"]}
    assert any(r.text.endswith(" ") for r in got)  # a run that a bold word follows keeps its space
    letters = "".join("".join(r.text for r in got if r.text != "•").split())
    assert letters == "".join(text.replace("*", "").replace("- ", "").split())
    for r in got:
        assert r.width == pytest.approx(advance(r.font.path, r.text, 9), rel=1e-12), r.text


def test_paragraphs_of_the_same_text_are_placed_by_their_own_box_and_alignment(ctx):
    # Short paragraphs share their measured layout (table cells repeat); each still goes
    # where its own box and alignment put it.
    box_w = 40 * MM
    left = runs(Paragraph(ctx, "Roll two", TextStyle(size=9)).draw(ctx, 10, 20, box_w, 1.0))
    moved = runs(Paragraph(ctx, "Roll two", TextStyle(size=9)).draw(ctx, 110, 70, box_w, 1.0))
    right = runs(Paragraph(ctx, "Roll two", TextStyle(size=9, align="right")).draw(ctx, 10, 20, box_w, 1.0))
    bold = runs(Paragraph(ctx, "Roll two", TextStyle(size=9, font="bold")).draw(ctx, 10, 20, box_w, 1.0))
    assert [r.text for r in left] == [r.text for r in moved] == ["Roll two"]
    assert (moved[0].x - left[0].x, moved[0].y - left[0].y) == pytest.approx((100, 50))
    assert right[0].x + right[0].width == pytest.approx(10 + box_w)
    assert left[0].x == pytest.approx(10)
    face = ctx.fonts.face("regular")
    assert left[0].width == pytest.approx(advance(face.path, "Roll two", 9))
    assert bold[0].font == ctx.fonts.face("bold") and bold[0].width > left[0].width


def test_a_line_longer_than_a_card_continues_after_a_sentence(ctx):
    """A paragraph of one long line splits after a sentence (not inside `**bold**`), so
    text continues on another card rather than overflow."""
    from sheetgen.layout.text import split_blocks

    style = TextStyle(size=8.4).fixed
    text = "First sentence here. **Bold. Still bold** then more words. " + "Another sentence follows here. " * 12
    para = Paragraph(ctx, text.strip(), style)
    box = Box(0, 0, 40 * MM, 20 * MM)
    head, rest = split_blocks(ctx, [para], box)
    assert len(head) == 1 and len(rest) == 1
    assert head[0].text.endswith(".") and head[0].height(ctx, box.w, 1.0) <= box.h
    assert (head[0].text + " " + rest[0].text).split() == text.split()
    assert head[0].text.count("**") % 2 == 0


def test_a_table_too_wide_for_a_small_card_is_printed_a_row_a_line(ctx):
    from sheetgen.layout.tables import table_or_rows

    style, body = TextStyle(size=7.5).fixed, TextStyle(size=8.4).fixed
    columns, rows = ["Action", "Move", "Fast", "Slow", "Notes"], [["Advance", 2, 3, 1, "moves, then shoots"]]
    assert isinstance(table_or_rows(ctx, columns, rows, style, body, None, 80 * MM), Table)
    narrow = table_or_rows(ctx, columns, rows, style, body, None, 30 * MM)
    assert isinstance(narrow, Paragraph)
    # (no-break spaces keep each value with its column's name, and the `·` after it)
    assert narrow.text.replace("\u00a0", " ") == "- **Advance**: Move 2 · Fast 3 · Slow 1 · Notes moves, then shoots"


def test_labels_take_their_game_s_abbreviation_only_where_the_word_does_not_fit(ctx):
    from sheetgen.layout.labels import label_forms, short_form

    shorts = {"Strength": "Str", "Skill": "Skl"}
    style = TextStyle(size=6, font="bold")
    assert short_form("STRENGTH", shorts) == "STR" and short_form("Effort tokens", shorts) == "Effort tokens"
    assert label_forms(ctx, ["STRENGTH", "SKILL"], [30 * MM, 30 * MM], style, shorts) == ["STRENGTH", "SKILL"]
    assert label_forms(ctx, ["STRENGTH", "SKILL"], [6 * MM, 30 * MM], style, shorts) == ["STR", "SKL"]


def test_overflows_at_no_place_of_their_own_are_not_merged_into_one():
    """Two different labels too long for their lines, neither from a content field, are two
    findings; the same field too long twice is one, with how often."""
    from sheetgen.diagnostics import Severity
    from sheetgen.layout.context import Issue
    from sheetgen.layout.overflow import once_per_place

    def overflow(source, message):
        return Issue(source, Severity.ERROR, "layout.text-overflow", message, fit=("x" * 20, 10))

    name = Source(("tricube-character", "hedda"), ("name",))
    merged = once_per_place(
        [
            overflow(Source(None), "the karma reminder does not fit"),
            overflow(Source(None), "the resolve reminder does not fit"),
            overflow(name, "the name does not fit"),
            overflow(name, "the name does not fit"),
        ],
        cards=False,
    )
    assert [i.message for i in merged] == [
        "the karma reminder does not fit",
        "the resolve reminder does not fit",
        "the name does not fit (in 2 places)",
    ]


def test_sheetgens_own_label_too_wide_takes_two_lines_where_its_box_is_high_enough(ctx):
    style = TextStyle(size=6.5, font="bold")
    items = runs(one_line(ctx, "THEIRS HERE", Box(0, 0, 12 * MM, 6 * MM), style, None, valign="top"))
    assert [r.text for r in items] == ["THEIRS", "HERE"] and all(r.size >= 6.5 for r in items)
    assert all(r.x + r.width <= 12 * MM + 1e-6 for r in items) and not ctx.issues


def test_sheetgens_own_label_too_wide_for_one_line_is_shortened_with_a_warning_at_the_theme_font(ctx):
    (run,) = runs(one_line(ctx, "THEIRS HERE", Box(0, 0, 14 * MM, 3.4 * MM), TextStyle(size=6, font="bold"), None))
    assert run.text == "THEIRS…" and run.width <= 14 * MM and run.size == 6.5
    (issue,) = ctx.issues
    assert issue.code == "layout.label-shortened" and issue.severity.value == "warning"
    assert "Vera-Bold is too wide for sheetgen's words `THEIRS HERE`" in issue.message
    assert "they print as `THEIRS…`" in issue.message


def test_sheetgens_own_words_too_long_for_their_box_are_cut_at_a_word_with_a_warning(ctx):
    text = "Roll the d6: its face names the second die, which gives the result of the roll."
    items = runs(text_box(ctx, text, Box(0, 0, 30 * MM, 6 * MM), TextStyle(size=7, min_size=6.5)))
    printed = " ".join(r.text for r in items)
    assert printed.endswith("…") and text.startswith(printed[:-1]) and text[len(printed) - 1] in " ,"
    assert [(i.code, i.severity.value) for i in ctx.issues] == [("layout.label-shortened", "warning")]


def test_diagnostics_quote_long_text_cut_at_a_word(ctx):
    source = Source(("kubos-monster", "m"), ("name",))
    one_line(
        ctx,
        "The Crimson Tooth Clan of the Northern Waste and more",
        Box(0, 0, 10 * MM, 4 * MM),
        TextStyle(size=9),
        source,
    )
    (issue,) = ctx.issues
    assert "`The Crimson Tooth Clan of the Northern…`" in issue.message


@pytest.mark.parametrize(
    "what, verb", [("perks and quirks", "do"), ("weapon rules", "do"), ("card text", "does"), ("rival's name", "does")]
)
def test_overflow_messages_agree_with_what_they_name(ctx, what, verb):
    source = Source(("tricube-character", "c"), ("perks",))
    text_box(ctx, "word " * 500, Box(0, 0, 40 * MM, 10 * MM), TextStyle(size=9, min_size=6), source, what=what)
    (issue,) = ctx.issues
    assert f"the {what} (`perks`) {verb} not fit its box" in issue.message


def test_a_link_wider_than_its_line_breaks_only_after_a_slash(ctx):
    text = "Unaltered rules: http://www.1km1kt.net/rpg/kubos"
    lines = [r.text for r in runs(text_box(ctx, text, Box(0, 0, 27 * MM, 30 * MM), TextStyle(size=6.5)))]
    assert "".join(ln if ln.endswith("/") else ln + " " for ln in lines).strip() == text and len(lines) > 1
    assert all(line.endswith(("/", "kubos", "rules:")) for line in lines), lines
    # Where a smaller size keeps it whole, the link shrinks rather than break.
    (line,) = runs(
        text_box(ctx, "http://www.1km1kt.net/rpg/kubos", Box(0, 0, 45 * MM, 30 * MM), TextStyle(size=9, min_size=6.5))
    )
    assert line.text == "http://www.1km1kt.net/rpg/kubos" and line.size < 9


def test_text_written_right_to_left_is_said_to_print_in_the_wrong_order(workdir):
    """sheetgen sets every line left to right: Hebrew or Arabic on a card would print
    backwards (Arabic unjoined too) with nothing said; a warning at the field says so,
    once, and text in left-to-right scripts says nothing."""
    write(
        workdir,
        "content/d.yaml",
        """
        kind: reference-deck
        id: d
        system: kubos
        title: Rules
        cards:
          - {title: Hebrew, body: "Hebrew: כללי המשחק הבסיסיים"}
          - {title: Arabic, body: "Arabic: القواعد الأساسية للعبة"}
          - {title: Latin, body: "Café — naïve, Łódź"}
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = [d for d in json.loads(result.stdout) if d["code"] == "layout.right-to-left"]
    assert [(d["line"], d["column"]) for d in found] == [(6, 27), (7, 27)], found  # at each body
    assert "Hebrew" in found[0]["message"] and "wrong order" in found[0]["message"]
    assert "Arabic" in found[1]["message"] and "unjoined" in found[1]["message"]


def test_right_to_left_is_said_once_per_field_and_not_for_a_contents_line(workdir):
    """A list of quirks in Hebrew is one warning at the list, and a name once however
    many products print it; the handout's contents, made of fields, says nothing more."""
    write(
        workdir,
        "content/c.yaml",
        """
        kind: tricube-character
        id: c
        name: שלום
        trait: brawny
        concept: Guard
        combat_style: melee
        perks: [Strong]
        quirks: [שלום, עולם]
        karma: 3
        resolve: 3
        ---
        kind: handout
        id: h
        title: H
        sections: [{title: Party, include: {kind: tricube-character, product: character-cards}}]
    """,
    )
    found = [
        d for d in json.loads(run_cli("validate", "--format", "json").stdout) if d["code"] == "layout.right-to-left"
    ]
    assert sorted((d["line"], d["column"]) for d in found) == [(3, 7), (8, 9)], found


def test_text_going_on_to_another_card_is_never_cut_inside_emphasis():
    """A list inside `**bold**` is not cut between its items (the bold would flip on the
    next card); outside it, it is."""
    from sheetgen.layout.text import _split_points

    text = "**Actions: one · two · three.** Then four · five"
    cuts = [text[:c] for c in _split_points(text)]
    assert all(c.count("**") % 2 == 0 for c in cuts), cuts
    assert cuts == ["**Actions: one · two · three.** Then four · "], cuts
