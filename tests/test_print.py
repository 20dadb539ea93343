"""Print conventions, checked on the PDFs and SVGs a build writes: true paper sizes,
cards N-up with bleed, crop marks outside the trim, mirrored duplex backs, embedded
fonts, metadata, SVG in millimetres, and PDF and SVG that look the same."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import (
    MM,
    SVG_NS,
    deck,
    many_cards,
    pdf_text,
    rasterize_pdf,
    rasterize_svg,
    read_pdf,
    run_cli,
    svg_root,
    svg_text,
    write,
)
from helpers.pdfops import read_geometry

from sheetgen.layout.imposition import plan_imposition
from sheetgen.units import CARD_SIZES, PAPER_SIZES

PAPERS = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_are_exactly_the_paper_size(workdir, paper):
    pdf = many_cards(workdir, 3)
    assert run_cli("build", "--paper", paper).code == 0
    w, h = PAPERS[paper]
    for page in read_pdf(pdf).pages:
        box = page.mediabox
        assert float(box.left) == 0 and float(box.bottom) == 0
        assert float(box.width) == pytest.approx(w, abs=0.01)
        assert float(box.height) == pytest.approx(h, abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_cards_impose_nine_up_with_neutral_edges_inside_the_margin(workdir, paper):
    pdf = many_cards(workdir, 9)
    assert run_cli("build", "--paper", paper).code == 0
    reader = read_pdf(pdf)
    assert len(reader.pages) == 2  # nine fronts, then their backs
    front = reader.pages[0]
    _, placements, rects = read_geometry(front)
    cards = [p for p in placements if p.name.startswith("card ")]
    assert len(cards) == 9
    cw, ch = 63.5 * MM, 88.9 * MM
    trim = front.trimbox
    # The trim box is exactly the block of 3 × 3 butted cards; with neutral edges nothing
    # is printed outside it, so the bleed box is the same.
    assert float(trim.width) == pytest.approx(3 * cw, abs=0.05)
    assert float(trim.height) == pytest.approx(3 * ch, abs=0.05)
    assert [float(v) for v in front.bleedbox] == pytest.approx([float(v) for v in trim], abs=0.01)
    W, H = PAPERS[paper]
    for p in cards:
        x, top = p.matrix[4], p.matrix[5]
        assert x >= 5 * MM and x + cw <= W - 5 * MM
        assert top <= H - 5 * MM and top - ch >= 5 * MM
        # Each card's art is clipped 2.5mm inside its trim: a cut 1mm off shows only paper.
        clip = next(r for r in rects if p.name in r[4])
        assert clip[0] - x == pytest.approx(2.5 * MM, abs=0.01) and clip[2] == pytest.approx(cw - 5 * MM, abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_lie_outside_every_card_and_on_its_trim_lines(workdir, paper):
    pdf = many_cards(workdir, 9)
    run_cli("build", "--paper", paper)
    page = read_pdf(pdf).pages[0]
    segments, placements, _ = read_geometry(page)
    marks = [s for s in segments if "crop-marks" in s.group]
    assert marks, "no crop marks found"
    cw, ch = 63.5 * MM, 88.9 * MM
    cards = [(p.matrix[4], p.matrix[5] - ch, cw, ch) for p in placements if p.name.startswith("card ")]
    trim = page.trimbox
    bleed = page.bleedbox
    xs = {round(x, 2) for x, _, w, _ in cards for x in (x, x + w)}
    ys = {round(y, 2) for _, y, _, h in cards for y in (y, y + h)}
    W, H = PAPERS[paper]
    for s in marks:
        for px, py in ((s.x1, s.y1), (s.x2, s.y2)):
            assert 0 <= px <= W and 0 <= py <= H, "mark off the paper"
            inside_bleed = float(bleed.left) < px < float(bleed.right) and float(bleed.bottom) < py < float(bleed.top)
            assert not inside_bleed, f"crop mark point {(px, py)} inside the bleed box"
            for x, y, w, h in cards:
                assert not (x < px < x + w and y < py < y + h), "crop mark inside a card"
        if s.x1 == pytest.approx(s.x2):  # vertical mark: on a vertical trim line
            assert round(s.x1, 2) in xs
        else:
            assert s.y1 == pytest.approx(s.y2) and round(s.y1, 2) in ys
    # Every trim line has marks at both ends.
    vertical = {round(s.x1, 2) for s in marks if s.x1 == pytest.approx(s.x2)}
    horizontal = {round(s.y1, 2) for s in marks if s.y1 == pytest.approx(s.y2)}
    assert vertical == xs and horizontal == ys
    assert float(trim.left) == pytest.approx(min(x for x, *_ in cards), abs=0.01)
    # Every mark is 3 mm long, on Letter as on A4.
    lengths = sorted({round((abs(s.x2 - s.x1) + abs(s.y2 - s.y1)) / MM, 2) for s in marks})
    assert lengths == [3.0], f"crop marks of {lengths} mm"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_decks_last_sheet_is_filled_with_blank_cards_that_share_its_back(workdir, paper):
    """Ten cards on 9-up sheets: the second sheet holds card 10 and eight blank cards,
    bare paper inside crop marks on the front, the deck's back on the back (spares, on
    the sheet printed anyway)."""
    pdf = many_cards(workdir, 10)
    assert run_cli("build", "--paper", paper).code == 0
    reader = read_pdf(pdf)
    assert len(reader.pages) == 4
    marked = []
    for front, back in ((reader.pages[0], reader.pages[1]), (reader.pages[2], reader.pages[3])):
        segments, placed, _ = read_geometry(front)
        _, placed_backs, _ = read_geometry(back)
        fronts = sorted(p.name for p in placed if p.name.startswith(("card ", "blank card ")))
        backs = sorted(p.name for p in placed_backs if p.name.startswith("back of "))
        assert len(fronts) == 9 and backs == sorted(f"back of {name}" for name in fronts)
        marked.append(sorted((round(s.x1, 2), round(s.y1, 2)) for s in segments if "crop-marks" in s.group))
    assert marked[0] == marked[1]  # the last sheet's crop marks mark all nine slots, as a full sheet's do
    last = read_pdf(pdf).pages[2]
    _, placed, _ = read_geometry(last)
    assert sorted(p.name for p in placed if p.name.startswith(("card ", "blank card "))) == [
        "blank card 11",
        "blank card 12",
        "blank card 13",
        "blank card 14",
        "blank card 15",
        "blank card 16",
        "blank card 17",
        "blank card 18",
        "card 10",
    ]
    assert "Card 10" in last.extract_text() and "Card 9" not in last.extract_text()
    assert reader.pages[3].extract_text().count("The back") == 9  # every blank has the deck's back


def test_a_deck_on_one_sheet_prints_just_its_cards(workdir):
    pdf = many_cards(workdir, 3)
    assert run_cli("build").code == 0
    for page in read_pdf(pdf).pages:
        _, placed, _ = read_geometry(page)
        names = [p.name for p in placed if "card" in p.name]
        assert len(names) == 3 and not any("blank" in name for name in names)


def test_backs_are_mirrored_for_long_edge_duplex(workdir):
    pdf = many_cards(workdir, 7)  # a partial sheet: mirroring must still pair every card
    run_cli("build")
    reader = read_pdf(pdf)
    W = float(reader.pages[0].mediabox.width)
    cw = 63.5 * MM
    _, fronts, _ = read_geometry(reader.pages[0])
    _, backs, _ = read_geometry(reader.pages[1])
    front_at = {p.name: (p.matrix[4], p.matrix[5]) for p in fronts if p.name.startswith("card ")}
    back_at = {
        p.name.removeprefix("back of "): (p.matrix[4], p.matrix[5]) for p in backs if p.name.startswith("back of card")
    }
    assert front_at.keys() == back_at.keys() and len(front_at) == 7
    for name, (x, top) in front_at.items():
        bx, btop = back_at[name]
        # Flipped on the long (vertical) edge, a card's back lands mirrored left-right.
        assert bx == pytest.approx(W - x - cw, abs=0.01)
        assert btop == pytest.approx(top, abs=0.01)
    assert "The back" in reader.pages[1].extract_text()


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_n_up_follows_from_paper_and_card_size(size, paper):
    W, H = PAPER_SIZES[paper]
    w, h = CARD_SIZES[size]
    margin, bleed = 5 * MM, 3 * MM
    plan = plan_imposition((W, H), (w, h), bleed, margin)
    # No more cards could fit: even butted, one more column or row would cross the
    # printable margin and its 1.3mm of crop mark.
    room_w, room_h = W - 2 * (margin + 1.3 * MM), H - 2 * (margin + 1.3 * MM)
    assert (plan.cols + 1) * w > room_w or (plan.rows + 1) * h > room_h
    # Ink (each card's bleed, or its art inside a neutral edge) stays inside the margin,
    # neighbours' ink never touches, and the marks stay between the ink and the margin.
    inks = [plan.ink_box(i) for i in range(plan.per_page)]
    for i, a in enumerate(inks):
        assert (
            a.x >= margin - 1e-6
            and a.y >= margin - 1e-6
            and a.right <= W - margin + 1e-6
            and a.bottom <= H - margin + 1e-6
        )
        for b in inks[i + 1 :]:
            assert a.right <= b.x + 1e-6 or b.right <= a.x + 1e-6 or a.bottom <= b.y + 1e-6 or b.bottom <= a.y + 1e-6
    block = plan.block()
    # Every crop mark is 3 mm long on every paper. It lies wholly inside the printable
    # margin, 1 mm clear of the ink, wherever the margin leaves room for that; where it
    # does not (9 poker or bridge cards on Letter leave 1.35 mm top and bottom), its
    # first millimetre at least still lies inside, and the rest runs into the margin.
    assert plan.mark_length == pytest.approx(3 * MM)
    room = min(block.x, block.y) - plan.outset - margin
    inside = room - plan.mark_gap
    assert inside >= 1 * MM - 1e-6 and plan.mark_gap >= 0.3 * MM - 1e-6
    if room >= 4 * MM:
        assert plan.mark_gap == pytest.approx(1 * MM) and inside >= plan.mark_length - 1e-6
    else:
        assert paper == "letter" and plan.rows == 3 and plan.butted
    for slot in range(plan.per_page):
        t = plan.trim(slot)
        assert t.x > 0 and t.right < W and t.y > 0 and t.bottom < H


def test_nine_poker_cards_fit_on_both_papers():
    for paper in ("a4", "letter"):
        assert plan_imposition(PAPER_SIZES[paper], CARD_SIZES["poker"], 3 * MM).per_page == 9


def test_cards_keep_their_own_bleed_where_a_gutter_costs_nothing():
    plan = plan_imposition(PAPER_SIZES["a4"], CARD_SIZES["tarot"], 3 * MM)
    assert not plan.butted and plan.per_page == 4
    assert plan.trim(1).x - plan.trim(0).right == pytest.approx(6 * MM)  # two bleeds in the gutter


def test_custom_card_size_and_single_card_pages(workdir):
    write(
        workdir,
        "content/tarot.yaml",
        """
        kind: reference-deck
        id: tarot
        system: cubit
        title: Big cards
        card_size: {width: 70mm, height: 120mm}
        imposition: single
        cards:
          - title: One
            body: A card on its own page, as print shops want it.
    """,
    )
    assert run_cli("build").code == 0
    page = read_pdf(workdir / "output/cubit/reference/tarot.pdf").pages[0]
    assert float(page.mediabox.width) == pytest.approx(76 * MM, abs=0.01)
    assert float(page.trimbox.width) == pytest.approx(70 * MM, abs=0.01)
    assert float(page.trimbox.height) == pytest.approx(120 * MM, abs=0.01)
    assert float(page.trimbox.left) == pytest.approx(3 * MM, abs=0.01)
    assert float(page.bleedbox.width) == pytest.approx(76 * MM, abs=0.01)


def test_fonts_are_embedded_and_metadata_is_set(workdir):
    pdf = many_cards(workdir, 2)
    run_cli("build")
    reader = read_pdf(pdf)
    assert reader.metadata.title == "Many cards"
    assert reader.metadata.author
    assert reader.metadata.creator.startswith("sheetgen ")
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font)["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
    assert "Rule number 2" in pdf_text(pdf)


def test_svg_is_true_size_in_millimetres_and_keeps_its_words(workdir):
    from sheetgen.content.loader import Library
    from sheetgen.layout.context import LayoutContext
    from sheetgen.layout.primitives import Box, Page, Rect
    from sheetgen.layout.text import TextStyle, text_box
    from sheetgen.render.svg import render_svg
    from sheetgen.rules import check
    from sheetgen.rules.theme import ResolvedTheme

    theme = check(Library()).theme
    ctx = LayoutContext(theme)
    W, H = PAPER_SIZES["a4"]
    items = [Rect(50 * MM, 50 * MM, 50 * MM, 50 * MM, role="cut", stroke="#000000", width=0.5)]
    items += text_box(ctx, "Fold on the dashed lines", Box(20 * MM, 20 * MM, 100 * MM, 20 * MM), TextStyle(size=12))
    svg = workdir / "page.svg"
    svg.write_bytes(render_svg(Page(W, H, tuple(items)), "A test page"))
    root = svg_root(svg)
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    vb = [float(v) for v in root.get("viewBox").split()]
    assert vb == pytest.approx([0, 0, W, H], abs=0.001)
    rect = root.find(".//svg:rect[@class='cut']", SVG_NS)
    # 50 mm in viewBox units (points) is 50 mm on paper.
    assert float(rect.get("width")) * 210 / vb[2] == pytest.approx(50, abs=0.01)
    assert svg_text(svg) == "Fold on the dashed lines"
    assert isinstance(theme, ResolvedTheme)


def test_svg_keeps_any_text_and_every_reference_resolves(tmp_path):
    """Text with XML's special characters, tabs and line breaks comes back unchanged from
    an XML parser, in a title, a run's words, a group's label, an id and a field's name;
    every glyph and clip path an element refers to is defined."""
    import xml.etree.ElementTree as ET

    from sheetgen.fonts import default_faces
    from sheetgen.layout.primitives import Box, Field, Group, Image, Page, Rect, Text
    from sheetgen.render.svg import render_svg

    face = default_faces()["regular"]
    odd = 'Q&A <b> "said" it\'s\ttab\nline é — ☃'
    items = (
        Text(10, 20, odd, face, 9),
        Group((Rect(0, 0, 5, 5, id=odd),), id="g", label=odd, clip=Box(0, 0, 10, 10)),
        Group((), id="empty"),
        Image(1, 2, 3, 4, b"\x89PNG"),
        Field(odd, "text", 1, 2, 30, 8),
    )
    svg = tmp_path / "odd.svg"
    svg.write_bytes(render_svg(Page(200, 100, items), odd))
    root = ET.parse(svg).getroot()  # well-formed, or this raises
    ns = {"svg": "http://www.w3.org/2000/svg"}
    xlink = "{http://www.w3.org/1999/xlink}href"
    assert root.find("svg:title", ns).text == odd
    run = root.find(".//svg:g[@class='text']", ns)
    assert run.get("aria-label") == odd
    assert root.find(".//svg:g[@id='g']", ns).get("aria-label") == odd
    assert root.find(".//svg:rect[@data-field]", ns).get("data-field") == odd
    assert [r.get("id") for r in root.iterfind(".//svg:rect[@id]", ns)] == [odd]
    assert root.find(".//svg:image", ns).get(xlink).startswith("data:image/png;base64,")
    defined = {e.get("id") for e in root.find("svg:defs", ns)}
    used = [u.get(xlink) for u in run.iterfind("svg:use", ns)]
    assert len(used) >= len("".join(odd.split()))  # a glyph for every character that shows
    assert all(h.startswith("#") and h[1:] in defined for h in used)
    clipped = [e.get("clip-path") for e in root.iter() if e.get("clip-path")]
    assert clipped and all(c[len("url(#") : -1] in defined for c in clipped)


def test_a_pdf_page_and_its_svg_look_the_same(workdir, tmp_path):
    """Render the same layout both ways and compare the pixels."""
    from PIL import Image

    from sheetgen.content.loader import load
    from sheetgen.layout.context import LayoutContext
    from sheetgen.layout.primitives import LayoutDocument
    from sheetgen.layout.products import DocInput, Job
    from sheetgen.layout.registry import products
    from sheetgen.render.pdf import render_pdf
    from sheetgen.render.svg import render_svg
    from sheetgen.rules import check

    deck(workdir, "look")
    checked = check(load([workdir / "content"]))
    doc = checked.library.get("reference-deck", "look")
    ctx = LayoutContext(checked.theme)
    job = Job("reference-deck", "look", (DocInput(doc.kind, doc.id, doc.model, checked.derived[doc.key], doc.file),))
    laid = products()["reference-deck"].layout(ctx, job)
    page = laid.pages[0]
    pdf = tmp_path / "look.pdf"
    pdf.write_bytes(render_pdf(LayoutDocument("look", (page,))))
    svg = tmp_path / "look.svg"
    svg.write_bytes(render_svg(page))
    a = Image.open(rasterize_pdf(pdf, tmp_path / "pdf.png", dpi=60)).convert("L")
    b = Image.open(rasterize_svg(svg, tmp_path / "svg.png", dpi=60)).convert("L")
    assert a.size == b.size
    assert sum(a.histogram()[:128]) > 500, "the page is blank: the comparison would mean nothing"
    assert look_alike(a, b)
    # The comparison can fail: the same SVG without the card titles does not pass.
    titles = {"Difficulty", "Outcomes"}
    stripped = replace(page, items=tuple(_without_texts(page.items, titles)))
    svg.write_bytes(render_svg(stripped))
    c = Image.open(rasterize_svg(svg, tmp_path / "svg2.png", dpi=60)).convert("L")
    assert not look_alike(a, c)


def look_alike(a, b) -> bool:
    """Two rasters look the same when, blurred past anti-aliasing and hinting differences,
    no region differs strongly."""
    from PIL import ImageChops, ImageFilter

    diff = ImageChops.difference(a.filter(ImageFilter.GaussianBlur(2)), b.filter(ImageFilter.GaussianBlur(2)))
    return max(i for i, n in enumerate(diff.histogram()) if n) < 64


def _without_texts(items, words):
    from sheetgen.layout.primitives import Group, Text

    for item in items:
        if isinstance(item, Group):
            yield replace(item, items=tuple(_without_texts(item.items, words)))
        elif not (isinstance(item, Text) and item.text in words):
            yield item


def test_images_render_in_both_formats(tmp_path):
    import io

    from PIL import Image as PILImage

    from sheetgen.layout.primitives import Image, LayoutDocument, Page
    from sheetgen.render.pdf import render_pdf
    from sheetgen.render.svg import render_svg

    buf = io.BytesIO()
    PILImage.new("RGB", (8, 4), (200, 30, 30)).save(buf, format="PNG")
    page = Page(200, 100, (Image(20, 10, 80, 40, buf.getvalue()),))
    pdf = tmp_path / "img.pdf"
    pdf.write_bytes(render_pdf(LayoutDocument("img", (page,))))
    xobjects = read_pdf(pdf).pages[0]["/Resources"]["/XObject"]
    (img,) = [x.get_object() for x in xobjects.values()]
    assert (img["/Width"], img["/Height"]) == (8, 4)
    svg = tmp_path / "img.svg"
    svg.write_bytes(render_svg(page))
    el = svg_root(svg).find(".//svg:image", SVG_NS)
    assert (el.get("width"), el.get("height")) == ("80", "40")
    href = el.get("{http://www.w3.org/1999/xlink}href") or el.get("href")
    assert href.startswith("data:image/png;base64,")
