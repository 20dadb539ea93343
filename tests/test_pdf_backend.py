"""The PDF backend's shortcuts write what reportlab itself would: text encoded into font
subsets, numbers, and whole documents, whatever was rendered before in the process."""

from __future__ import annotations

import io
import random

import pypdf
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from sheetgen.fonts import default_faces, load_metrics
from sheetgen.layout.primitives import Box, Group, LayoutDocument, Page, Path, Rect, Text
from sheetgen.render import rlfast
from sheetgen.render.pdf import _register, _TextCache, render_pdf


def _texts(seed: int, count: int) -> list[str]:
    """Strings over every character Vera has, a no-break space and two it lacks, in an
    order that numbers them into a second subset (Vera has 256 characters)."""
    face = default_faces()["regular"]
    chars = [chr(c) for c in sorted(load_metrics(face.path).cmap)] + ["\u00a0", "→", "漢"]
    rng = random.Random(seed)
    out = ["", "plain words", "plain words"]
    for n in range(count):
        pool = chars[: 40 + n * 4]  # new characters keep arriving, as in a real document
        out.append("".join(rng.choice(pool) for _ in range(rng.randint(1, 30))))
    shuffled = chars[:]
    rng.shuffle(shuffled)
    return out + ["".join(shuffled), "plain words"] + out[3:20]


def test_text_is_split_into_subsets_as_reportlab_splits_it():
    name = _register(default_faces()["regular"])
    font = pdfmetrics.getFont(name)
    ours = _TextCache(Canvas(io.BytesIO(), invariant=1))
    theirs = Canvas(io.BytesIO(), invariant=1)
    for text in _texts(seed=7, count=80):
        assert ours._split(name, text) == font.splitString(text, theirs._doc), text
    # both documents numbered the same characters the same way, second subset included
    assert font.state[ours.c._doc].subsets == font.state[theirs._doc].subsets
    assert len(font.state[theirs._doc].subsets) == 2


def test_numbers_are_written_as_reportlab_writes_them():
    rng = random.Random(3)
    values = [0, 0.0, -0.0, 1, 1.0, True, 1e-8, -1e-8, 0.5, -0.5, 1e-7, 2.5e-7, 1e19, 12345678.9, -841.8898]
    values += [rng.uniform(-2000, 2000) for _ in range(2000)] + [rng.randint(-5000, 5000) for _ in range(200)]
    values += [round(rng.uniform(0, 1), 7) for _ in range(200)]
    for _ in range(2):  # the second time from memory
        for v in values:
            assert rlfast.num(v) == fp_str(v), v
        assert rlfast.nums(*values[:50]) == fp_str(*values[:50])
        assert rlfast.fp_str_remembered(values[:50]) == fp_str(values[:50])
        assert rlfast.fp_str_remembered(tuple(values[50:60])) == fp_str(tuple(values[50:60]))


def _document(title: str, cards: int) -> LayoutDocument:
    face = default_faces()["regular"]
    bold = default_faces()["bold"]
    art = Path(
        (("M", 10.0, 10.0), ("L", 50.0, 10.0), ("C", 60.0, 20.0, 60.0, 30.0, 50.0, 40.0), ("Z",)), fill="#4a7a9c"
    )
    items = []
    for n in range(cards):
        items.append(
            Group(
                (
                    Rect(0, 0, 180, 250, stroke=None, fill="#faf7f0"),
                    art,
                    Text(12, 30, f"{title} card {n + 1}", bold, 11.5, fill="#ffffff"),
                    Text(12, 60, f"Body text of card {n + 1}: éüß — “quoted” · {n * 7}", face, 8.4),
                    Rect(12, 70, 150, 20, stroke="#555555", width=0.4 + n % 2, dash=(2, 1) if n % 3 else None),
                ),
                label=f"card {n + 1}",
                dx=20 + 190 * (n % 3),
                dy=30 + 260 * (n // 3),
                clip=Box(0, 0, 180, 250),
            )
        )
    return LayoutDocument(title=title, pages=(Page(595.0, 842.0, tuple(items)),))


def test_a_document_renders_the_same_whatever_was_rendered_before():
    first = render_pdf(_document("Alpha", 6))
    render_pdf(_document("Beta", 9))  # other text, other numbers, other subsets in the memos
    again = render_pdf(_document("Alpha", 6))
    assert again == first
    reader = pypdf.PdfReader(io.BytesIO(again))
    text = reader.pages[0].extract_text()
    assert "Alpha card 6" in text and "éüß" in text and "“quoted”" in text
    assert "Beta" not in text


def test_font_parts_remembered_in_a_small_memo_give_the_same_document(monkeypatch):
    """The memos of font subsets and CMaps are emptied when full; a document rendered while
    they keep emptying is the one rendered with room to spare, and they stay bounded."""
    from sheetgen.render import pdfembed

    documents = [_document(name, n) for name, n in (("Alpha", 6), ("Beta", 9), ("Gamma", 4))]
    roomy = [render_pdf(d) for d in documents]
    monkeypatch.setattr(pdfembed, "_SUBSET_LIMIT", 1)
    pdfembed._cmaps.clear()  # as a full memo is: it fills afresh from here
    for _ in range(2):
        assert [render_pdf(d) for d in documents] == roomy
        assert len(pdfembed._cmaps) <= 1 and len(pdfembed._compressed_cmaps) <= 1


def _backs(shared: bool) -> LayoutDocument:
    """Nine card backs: one tuple of items for all of them (as a deck lays its shared back
    out), or a copy for each."""
    face = default_faces()["bold"]
    items = (
        Rect(-8, -8, 196, 266, stroke=None, fill="#a65a1c"),
        Rect(8, 8, 164, 234, stroke="#d0b090", width=0.8, radius=4),
        Path((("M", 90.0, 60.0), ("L", 120.0, 78.0), ("L", 90.0, 96.0), ("Z",)), fill="#d8b090", stroke="#5a3010"),
        Text(40, 150, "Synthetic deck", face, 11, fill="#ffffff"),
    )
    groups = tuple(
        Group(
            items if shared else tuple(list(items)),
            label=f"back of card {n + 1}",
            dx=20 + 190 * (n % 3),
            dy=30 + 260 * (n // 3),
            clip=Box(0, 0, 180, 250),
        )
        for n in range(9)
    )
    return LayoutDocument(title="Backs", pages=(Page(595.0, 842.0, groups), Page(595.0, 842.0, groups)))


def test_a_group_drawn_again_writes_what_drawing_it_writes():
    shared = _backs(shared=True)
    assert shared.pages[0].items[0].items is shared.pages[0].items[8].items
    copied = _backs(shared=False)
    assert copied.pages[0].items[0].items is not copied.pages[0].items[8].items
    data = render_pdf(shared)
    assert data == render_pdf(copied)
    page = pypdf.PdfReader(io.BytesIO(data)).pages[1]
    assert page.extract_text().count("Synthetic deck") == 9
    assert page.get_contents().get_data().count(b" re W* n") == 9  # each back clipped to its card


def test_a_document_that_lets_its_pages_go_as_they_are_drawn_gives_the_same_pdf():
    """`release` (a build that writes no SVG) draws the same bytes, every page, and leaves
    the document without its pages: they are not kept beside the PDF being made."""

    def several() -> LayoutDocument:
        one = _document("Alpha", 6)
        return LayoutDocument(title="Alpha", pages=one.pages + _document("Beta", 3).pages * 2)

    kept = render_pdf(several())
    released = several()
    assert render_pdf(released, release=True) == kept
    assert released.pages == ()
    assert len(pypdf.PdfReader(io.BytesIO(kept)).pages) == 3
