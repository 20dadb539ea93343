"""Handouts: a publisher's bundle of other products, duplex-ready, for home printers or print shops."""

from __future__ import annotations

import json
import re

import pytest
from helpers import MM, WORDS_ALONE, built_kit, deck, initialised, png, rasterize_pdf, read_pdf, run_cli, write
from helpers.pdfops import read_geometry, read_marks

HANDOUT = """
kind: handout
id: kit
title: Starter Kit
author: Grid Press
paper: letter
sections:
  - title: Rules at a glance
    text: Cut these out.
    include: {kind: reference-deck, product: reference, ids: [basics]}
  - title: More cards
    include: {kind: reference-deck, product: reference}
"""


def test_a_handout_bundles_sections_duplex_ready(workdir):
    reader = built_kit(workdir, HANDOUT)
    assert reader.metadata.title == "Starter Kit" and reader.metadata.author == "Grid Press"
    texts = [page.extract_text() for page in reader.pages]
    assert all(float(p.mediabox.width) == pytest.approx(8.5 * 72) for p in reader.pages)
    # The cover lists each section with the page it starts on; that page is right-hand (odd).
    cover = texts[0]
    assert "Contents" in cover
    starts = {}
    for title in ("Rules at a glance", "More cards"):
        number = int(cover.split(title, 1)[1].split("page", 1)[1].split()[0])
        starts[title] = number
        assert number % 2 == 1
    assert "Rules at a glance" in texts[starts["Rules at a glance"] - 1]
    # Card fronts sit on right-hand pages with their mirrored backs right behind them.
    for n, page in enumerate(reader.pages, 1):
        _, placements, _ = read_geometry(page)
        if any(p.name.startswith("card ") for p in placements):
            assert n % 2 == 1, f"card fronts on a left-hand page {n}"
            _, behind, _ = read_geometry(reader.pages[n])
            assert any(p.name.startswith("back of card") for p in behind)
    assert sum("Second deck" in t for t in texts) >= 1


LONG_TITLE = "The Complete Tricube Tales Starter Kit for Publishers, Game Masters and New Players"


def _cover_title(reader, words: set[str]) -> list:
    """The cover's runs of the title (white type in the band), top line first."""
    runs, _ = read_marks(reader.pages[0])
    title = [r for r in runs if r.fill in ((1.0,), (1.0, 1.0, 1.0)) and set(r.text.split()) <= words]
    return sorted(title, key=lambda r: -r.y)


@pytest.mark.parametrize("title, lines", [("Starter Kit", 1), (LONG_TITLE, (2, 3))])
def test_a_long_cover_title_wraps_in_the_band_above_the_byline(workdir, title, lines):
    """A cover title too long for one line (even shrunk to 24pt) takes two or three lines,
    one size for all, stacked inside the cover's band above the byline, and shrinks only
    as far as that needs; a short title keeps its one line at 34pt. The PDF's title is
    the whole title; only one too long for three lines at 14pt is an error."""
    reader = built_kit(workdir, HANDOUT.replace("title: Starter Kit", f"title: {title}"))
    assert reader.metadata.title == title
    printed = _cover_title(reader, set(title.split()))
    assert " ".join(r.text for r in printed) == title
    assert len(printed) == lines if isinstance(lines, int) else len(printed) in lines
    (size,) = {round(r.size, 2) for r in printed}
    assert size == 34 if lines == 1 else 14 <= size < 34
    height = float(reader.pages[0].mediabox.height)
    byline = next(r for r in read_marks(reader.pages[0])[0] if r.text == "Grid Press")
    for upper, lower in zip(printed, printed[1:]):
        assert upper.y - lower.y >= size  # one line under the other, no overlap
    assert height - printed[0].y - size * 0.75 >= 20 * MM - 0.5  # inside the band, below its words' margin
    assert printed[-1].y - byline.y >= size * 0.25 + byline.size  # above the byline, its descenders clear of it
    if lines != 1:  # too long even for three lines at 14pt: an error at the title
        write(workdir, "content/handout.yaml", HANDOUT.replace("title: Starter Kit", f"title: {title * 3}"))
        run = run_cli("build")
        assert run.code == 1 and "handout.yaml:3:8: error[layout.text-overflow]" in run.stderr
        assert "is too long for three lines even at 14pt" in run.stderr and "shorten it to" in run.stderr


def test_print_shop_pages_have_bleed_and_marks_outside_the_trim(workdir):
    deck(workdir, "basics")
    write(
        workdir,
        "content/handout.yaml",
        """
        kind: handout
        id: shop
        title: For the printer
        profile: print-shop
        sections:
          - title: Rules
            include: {kind: reference-deck, product: reference}
          - title: Notes
            text: A divider page, which also gets crop marks.
    """,
    )
    assert run_cli("build").code == 0
    reader = read_pdf(workdir / "output/handouts/bundle/shop.pdf")
    cards = read_pdf(workdir / "output/handouts/bundle/shop-cards.pdf").pages
    assert len(cards) == 4  # two cards, each followed by its back, one to a page, in their own PDF
    for page in cards:
        assert float(page.bleedbox.width) == pytest.approx(69.5 * MM, abs=0.01)
    divider = next(p for p in reader.pages if "A divider page" in p.extract_text())
    trim = divider.trimbox
    assert float(trim.width) == pytest.approx(210 * MM, abs=0.01)
    assert float(divider.mediabox.width) > float(trim.width) + 6 * MM
    segments, _, _ = read_geometry(divider)
    marks = [s for s in segments if "crop-marks" in s.group]
    assert len(marks) == 8
    for s in marks:
        assert abs(s.x2 - s.x1) + abs(s.y2 - s.y1) == pytest.approx(3 * MM, abs=0.01)  # as long as a deck sheet's
        for x, y in ((s.x1, s.y1), (s.x2, s.y2)):
            assert not (
                float(trim.left) - 3 * MM < x < float(trim.right) + 3 * MM
                and float(trim.bottom) - 3 * MM < y < float(trim.top) + 3 * MM
            )


def test_a_handout_names_unknown_documents_and_products(workdir):
    deck(workdir, "basics")
    write(
        workdir,
        "content/handout.yaml",
        """
        kind: handout
        id: kit
        title: Kit
        sections:
          - title: Typo in an id
            include: {kind: reference-deck, product: reference, ids: [basic]}
          - title: Typo in a kind
            include: {kind: reference-dek, product: reference}
        ---
        kind: handout
        id: other
        title: Other
        sections:
          - title: Typo in a product
            include: {kind: reference-deck, product: refrence}
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = {(d["line"], d["column"], d["code"]): d for d in json.loads(result.stdout)}
    assert found[(6, 63, "content.unknown-reference")]["hint"] == "did you mean `basics`?"
    assert found[(8, 21, "handout.unknown-kind")]["hint"] == "did you mean `reference-deck`?"
    assert "products of `reference-deck`: reference" in found[(15, 46, "handout.unknown-product")]["hint"]
    assert result.code == 1


def sections_printed(reader) -> list[str]:
    """The titles of the sections a handout prints: its top-level bookmarks but the contents'."""
    return [m.title for m in reader.outline if not isinstance(m, list) and m.title != "Contents"]


def section_starts(reader) -> dict[str, tuple[int, int]]:
    """Each printed section's first page and the page after its last (0-based)."""
    marks = [m for m in reader.outline if not isinstance(m, list) and m.title != "Contents"]
    firsts = [reader.get_destination_page_number(m) for m in marks]
    return {m.title: (first, end) for m, first, end in zip(marks, firsts, [*firsts[1:], len(reader.pages)])}


def viewer_preferences(path) -> dict:
    return dict(read_pdf(path).trailer["/Root"].get("/ViewerPreferences", {}))


def is_blank(page) -> bool:
    """Nothing drawn: the page's content only sets up its coordinates."""
    return {op for _, op in page.get_contents().operations} <= {b"cm", b"q", b"Q"}


def page_in_bundle(text: str, bundle: list[str]) -> int | None:
    """Where a product's page (by its text) is in a bundle: as it is, or with the bundle's
    page number after it."""
    for n, page in enumerate(bundle):
        if page == text or (page.startswith(text) and page[len(text) :].strip().isdigit()):
            return n
    return None


GRIMDARK_KIT = """
kind: handout
id: kit
title: Grimdark Kit
sections:
  - title: Units
    include: {kind: grimdark-army, product: unit-cards}
  - title: Battlefield
    include: {kind: grimdark-mission}
"""


def test_an_armys_unit_cards_come_with_its_units_and_mat_tiles_print_one_sided(tmp_path, monkeypatch):
    root = initialised(tmp_path, monkeypatch, "grimdark")
    write(root, "content/handout.yaml", GRIMDARK_KIT)
    alone = run_cli("build", "content/handout.yaml")  # the handout's file alone: the units are read for it
    assert alone.code == 0 and "warning[" not in alone.stderr and "not built" not in alone.stderr, alone.stderr
    assert run_cli("build").code == 0
    out = root / "output"
    bundle = read_pdf(out / "handouts/bundle/kit.pdf").pages
    texts = [p.extract_text() for p in bundle]
    cards = [p.extract_text() for p in read_pdf(out / "grimdark/unit-cards/first-army.pdf").pages]
    assert any("Rifle Squad" in t and "Sergeant" in t for t in cards)
    for page in cards:  # every sheet of unit cards (fronts and backs) is in the bundle
        assert page_in_bundle(page, texts) is not None
    # Cards have backs and ask for duplex; a tiled mat and the bundle's own PDF say what they need.
    assert viewer_preferences(out / "grimdark/unit-cards/first-army.pdf").get("/Duplex") == "/DuplexFlipLongEdge"
    mat = viewer_preferences(out / "grimdark/mat/hold-the-line.pdf")
    assert "/Duplex" not in mat and mat["/PrintScaling"] == "/None"
    assert viewer_preferences(out / "handouts/bundle/kit.pdf").get("/Duplex") == "/DuplexFlipLongEdge"
    # In the duplex bundle every tile is on a right-hand page with a blank back.
    tiles = [p.extract_text() for p in read_pdf(out / "grimdark/mat/hold-the-line.pdf").pages]
    at = [page_in_bundle(t, texts) for t in tiles]
    assert len(tiles) > 2 and len(set(at)) == len(tiles)
    assert all(n % 2 == 0 and is_blank(bundle[n + 1]) for n in at)


def test_every_product_a_section_may_include_prints_and_one_that_prints_nothing_says_so(tmp_path, monkeypatch):
    from sheetgen.content import registry
    from sheetgen.layout.registry import products
    from sheetgen.layout.sheets.handout import blank_choices, section_choices

    root = initialised(tmp_path, monkeypatch)  # every game's examples
    for publisher_example in ("reference-deck.yaml", "handout.yaml"):  # no reference deck, one handout
        (root / "content" / publisher_example).unlink()
    for rules_deck in (root / "content").glob("*/reference.yaml"):  # nor the games' rules decks
        rules_deck.unlink()
    lines = ["kind: handout", "id: all", "title: Everything", "dividers: true", "sections:"]
    one_sided = set()
    for kind in registry.names():
        for name, product_id in section_choices(kind):
            lines += [f"  - title: {kind} {name}", f"    include: {{kind: {kind}, product: {name}}}"]
            if products()[product_id].one_sided:
                one_sided.add(f"{kind} {name}")
    for product_id in blank_choices():  # and every blank product, which needs no documents
        lines += [f"  - title: blank {product_id}", f"    include: {{blank: {product_id}}}"]
        if products()[product_id].one_sided:
            one_sided.add(f"blank {product_id}")
    write(root, "content/all.yaml", "\n".join(lines) + "\n")
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0, result.stderr
    # The example cubit carries no temporary upgrade, so its stickers are none; there are no decks.
    silent = {"cubit stickers": "handout.nothing-printed", "reference-deck reference": "handout.empty-section"}
    for title, code in silent.items():
        line = lines.index(f"  - title: {title}") + 2
        assert f"content/all.yaml:{line}:14: warning[{code}]" in result.stderr
    assert "the `stickers` product of its `cubit` documents (`sparky`) has no pages" in result.stderr
    reader = read_pdf(root / "output/handouts/bundle/all.pdf")
    expected = [line.split(": ", 1)[1] for line in lines if line.startswith("  - title: ")]
    assert sections_printed(reader) == [t for t in expected if t not in silent]
    contents = reader.pages[0].extract_text()
    assert "grimdark-army unit-cards" in contents and not any(t in contents for t in silent)
    assert not any(t in page.extract_text() for page in reader.pages for t in silent)  # no divider either
    # Every section's divider is a right-hand page with a blank back; a sheet to cut out or
    # to keep in pencil (`one_sided`) has every page on a right-hand page with a blank back.
    starts = section_starts(reader)
    assert {"kubos-monster stat-blocks", "blank cubes-blank-record-sheet"} <= one_sided
    assert len(starts) == len(expected) - len(silent)
    for title, (first, end) in starts.items():
        assert first % 2 == 0 and is_blank(reader.pages[first + 1]), f"{title}: something on its divider's back"
        if title in one_sided:
            drawn = [n for n in range(first + 2, end) if not is_blank(reader.pages[n])]
            assert drawn and all(n % 2 == 0 and is_blank(reader.pages[n + 1]) for n in drawn), title


def test_a_handout_not_built_for_a_document_it_was_not_given_says_why(tmp_path, monkeypatch):
    root = initialised(tmp_path, monkeypatch, "grimdark")
    write(root, "content/handout.yaml", GRIMDARK_KIT)
    army = root / "content/grimdark/grimdark-army.yaml"
    army.write_text(army.read_text().replace("points_limit: 150", "points_limit: 15"))
    said = (
        "content/grimdark/grimdark-army.yaml:3:1: warning[build.not-rebuilt]: handouts/bundle/kit is not "
        "{} while grimdark-army `first-army` has errors"
    )
    built = run_cli("build", "content/handout.yaml")
    assert said.format("built") in built.stderr and "1 not built" in built.stderr  # never built before
    assert "`sheetgen validate content/grimdark/grimdark-army.yaml` shows its errors" in built.stderr
    checked = run_cli("validate", "content/handout.yaml")
    assert said.format("built") in checked.stderr and "Traceback" not in checked.stderr  # as the build said
    assert not (root / "output/handouts/bundle/kit.pdf").exists()


@pytest.mark.parametrize("asked, paper", [((), "Letter"), (("--paper", "a4"), "A4")])
def test_a_margin_too_wide_for_a_handout_names_the_paper_it_is_printed_on(workdir, asked, paper):
    """The handout asks for Letter over the theme's A4, and the command line's `--paper`
    over both: the error names the paper the handout was laid out on."""
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: house
        paper: a4
        printable_margin: 25mm
    """,
    )
    write(
        workdir,
        "content/hero.yaml",
        """
        kind: tricube-character
        id: hedda
        name: Hedda Stonebrook
        trait: brawny
        concept: Dwarven caravan guard
        combat_style: melee
        perks: [Berserker]
        quirks: [Short-tempered]
        karma: 3
        resolve: 3
    """,
    )
    write(
        workdir,
        "content/handout.yaml",
        """
        kind: handout
        id: kit
        title: Kit
        paper: letter
        sections:
          - title: Heroes
            include: {kind: tricube-character, product: tricube-character-sheet}
    """,
    )
    run = run_cli("validate", "--format", "json", *asked)
    found = [d for d in json.loads(run.stdout) if d["code"] == "theme.margin-too-wide"]
    kit = [d for d in found if "`handouts/bundle/kit`" in d["message"]]
    assert len(kit) == 1, run.stdout
    assert f"printable margin on {paper} paper" in kit[0]["message"]
    sheet = [d for d in found if "`tricube/character-sheet/hedda`" in d["message"]]
    assert sheet and "on A4 paper" in sheet[0]["message"]  # the theme's paper, or --paper a4


def test_without_dividers_a_section_of_words_alone_prints_and_only_an_includes_text_is_warned_of(workdir):
    deck(workdir, "basics")
    write(
        workdir,
        "content/handout.yaml",
        """
        kind: handout
        id: kit
        title: Kit
        dividers: false
        sections:
          - title: Blank sheets
            text: Photocopy these.
          - title: Rules
            text: Cut these out.
            include: {kind: reference-deck}
    """,
    )
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning[" in line]
    assert warnings == [
        "content/handout.yaml:9:11: warning[handout.text-without-divider]: a section's text prints "
        "on its divider page, and this handout has `dividers: false`"
    ], result.stderr
    reader = read_pdf(workdir / "output/handouts/bundle/kit.pdf")
    starts = section_starts(reader)
    assert list(starts) == ["Blank sheets", "Rules"]
    words = reader.pages[starts["Blank sheets"][0]].extract_text()
    assert "Blank sheets" in words and "Photocopy these." in words
    assert not any("Cut these out." in page.extract_text() for page in reader.pages)


def test_a_print_shop_handout_has_no_pages_for_sections_of_cards_alone(tmp_path, monkeypatch):
    root = initialised(tmp_path, monkeypatch)  # every game's examples: two sections are cards alone
    handout = root / "content/handout.yaml"
    handout.write_text(handout.read_text().replace("profile: print-and-play", "profile: print-shop"))
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0, result.stderr
    # The deck's section has text, which a section with no page cannot print: said at the text.
    warnings = [line for line in result.stderr.splitlines() if "warning[" in line]
    assert len(warnings) == 1 and warnings[0].startswith(
        "content/handout.yaml:11:11: warning[handout.text-not-printed]:"
    ), result.stderr
    folder = root / "output/handouts/bundle"
    reader = read_pdf(folder / "table-kit.pdf")
    cards_only = ["House rules", "The party"]
    assert sections_printed(reader) == ["Record sheets", "Your cubits", "Army rosters", "Monsters for tonight"]
    contents = " ".join(reader.pages[0].extract_text().split())
    assert "House rules cards 1–2 (cards PDF)" in contents and "The party card 3 (cards PDF)" in contents
    for page in reader.pages[1:]:  # no divider for them, nor a note that their cards are elsewhere
        text = page.extract_text()
        assert not any(t in text for t in cards_only) and "separate print job" not in text
    starts = section_starts(reader)
    assert starts["Record sheets"][0] == 2  # the body starts with the first section that has pages
    cards = read_pdf(folder / "table-kit-cards.pdf")
    assert [m.title for m in cards.outline if not isinstance(m, list)] == cards_only
    # The card numbers the contents give are the cards PDF's page labels: each front, then its back.
    party = next(m for m in cards.outline if not isinstance(m, list) and m.title == "The party")
    at = cards.get_destination_page_number(party)
    assert cards.page_labels[at : at + 2] == ["card 3", "card 3 back"]
    assert cards.page_labels[:4] == ["card 1", "card 1 back", "card 2", "card 2 back"]


BLANKS = """
kind: handout
id: blanks
title: Print and play
sections:
  - title: The party
    include: {kind: tricube-character, product: character-sheet}
  - title: Spare sheets
    text: Photocopy these.
    include: {blank: tricube-blank-sheet}
  - title: KUBOS sheets
    include: {blank: kubos-blank-character-sheet}
  - title: Odds
    include: {blank: cubes-odds-cards}
"""


def form_fields(reader) -> list[str]:
    return [
        a.get_object()["/T"]
        for page in reader.pages
        for a in page.get("/Annots") or []
        if a.get_object().get("/Subtype") == "/Widget"
    ]


def test_a_handout_includes_blank_products_one_sided_with_their_own_fields(tmp_path, monkeypatch):
    root = initialised(tmp_path, monkeypatch, "tricube")  # no KUBOS or CUBES! documents
    write(root, "content/handout.yaml", BLANKS)
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0 and "warning[" not in result.stderr, result.stderr
    reader = read_pdf(root / "output/handouts/bundle/blanks.pdf")
    starts = section_starts(reader)
    assert list(starts) == ["The party", "Spare sheets", "KUBOS sheets", "Odds"]
    texts = [page.extract_text() for page in reader.pages]
    assert "Photocopy these." in texts[starts["Spare sheets"][0]]
    for title in ("Spare sheets", "KUBOS sheets"):  # a sheet to fill in: right-hand pages, blank backs
        first, end = starts[title]
        drawn = [n for n in range(first + 1, end) if not is_blank(reader.pages[n])]
        assert drawn and all(n % 2 == 0 and is_blank(reader.pages[n + 1]) for n in drawn), title
    sheet = texts[starts["Spare sheets"][0] + 2]
    assert "Tricube Tales character sheet" in sheet and "Hedda" not in sheet
    assert "KUBOS character sheet" in texts[starts["KUBOS sheets"][0] + 2]
    assert "QUANTUMIZATION" in " ".join(texts[starts["Odds"][0] :]).upper()
    # The KUBOS blank brings the KUBOS notice, though no KUBOS document is in the bundle.
    assert "Liam Brennan" in texts[1]
    # Each sheet's form fields are its own: typing a name into one fills no other.
    fields = form_fields(reader)
    alone = form_fields(read_pdf(root / "output/tricube/blank/character-sheet.pdf"))
    assert len(fields) > len(alone) > 0 and len(set(fields)) == len(fields)


def test_a_blank_product_a_handout_cannot_include_is_an_error_at_its_name(workdir):
    write(
        workdir,
        "content/handout.yaml",
        """
        kind: handout
        id: kit
        title: Kit
        sections:
          - title: Typo
            include: {blank: cubes-blank-recordsheet}
          - title: Both
            include: {blank: cubit-grid-mat, kind: cubit}
          - title: Neither
            include: {product: nets}
          - title: A print-shop twin is not a choice
            include: {blank: cubes-odds-cards-print-shop}
    """,
    )
    result = run_cli("validate", "--format", "json")
    assert result.code == 1
    found = {(d["line"], d["column"], d["code"]): d for d in json.loads(result.stdout)}
    typo = found[(6, 22, "handout.unknown-blank")]
    assert typo["message"] == "there is no blank product `cubes-blank-recordsheet`"
    assert typo["hint"].startswith(
        "did you mean `cubes-blank-record-sheet`? (blank products: cubes-blank-record-sheet,"
    )
    assert "kubos-blank-character-sheet" in typo["hint"] and "print-shop" not in typo["hint"]
    assert "`kind:`" in found[(8, 44, "handout.blank-with-documents")]["message"]
    assert (10, 14, "handout.include-nothing") in found
    assert (12, 22, "handout.unknown-blank") in found
    text = run_cli("validate")
    assert text.code == 1 and "Traceback" not in text.stderr
    assert "content/handout.yaml:6:22: error[handout.unknown-blank]" in text.stderr


def test_a_print_shop_handout_has_no_form_fields_and_every_font_embedded(tmp_path, monkeypatch):
    """Blank sheets carry form fields to fill in on screen; a print shop's file has none:
    their appearances use a standard font no PDF embeds, which a preflight check refuses.
    The print-and-play bundle keeps them."""
    root = initialised(tmp_path, monkeypatch, "tricube")
    write(root, "content/handout.yaml", BLANKS + "profile: print-shop\n")
    write(root, "content/play.yaml", BLANKS.replace("id: blanks", "id: play"))
    assert run_cli("build", "--format", "pdf").code == 0
    shop = read_pdf(root / "output/handouts/bundle/blanks.pdf")
    assert form_fields(shop) == [] and "/AcroForm" not in shop.trailer["/Root"]
    for page in shop.pages:
        for font in (page.get("/Resources") or {}).get("/Font", {}).values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant.get("/FontDescriptor")
            assert descriptor is not None and any(k in descriptor.get_object() for k in ("/FontFile2", "/FontFile3")), (
                font.get("/BaseFont")
            )
    assert form_fields(read_pdf(root / "output/handouts/bundle/play.pdf"))  # on screen: still fillable


def pages_as_images(path, out, dpi: int = 60) -> list:
    """Every page of a PDF rasterised (greyscale)."""
    import subprocess

    from PIL import Image

    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", str(dpi), str(path), str(out / "p")], check=True)
    return [Image.open(p).convert("L") for p in sorted(out.glob("p-*.png"), key=lambda p: int(p.stem.split("-")[1]))]


@pytest.mark.parametrize("profile", ["print-and-play", "print-shop"])
def test_a_handout_prints_each_pages_number_on_empty_paper_inside_the_printable_area(workdir, profile):
    """The numbers the contents give are printed on the pages: every section's first page
    and every other page with room for it (a blank back keeps none). A number goes where
    the paper was empty, nothing else on the page changes, and it stays inside the
    printable margin (inside the trim, for a print shop). `page_numbers: false` prints none."""
    from PIL import ImageChops

    handout = HANDOUT.replace("paper: letter", f"paper: letter\nprofile: {profile}") + (
        "  - title: Notes\n    text: Photocopy these for your players.\n"
    )  # a page in either profile
    reader = built_kit(workdir, handout)
    numbered = workdir / "numbered.pdf"
    numbered.write_bytes((workdir / "output/handouts/bundle/kit.pdf").read_bytes())
    write(workdir, "content/handout.yaml", handout.replace("paper: letter", "paper: letter\npage_numbers: false"))
    assert run_cli("build").code == 0
    plain = read_pdf(workdir / "output/handouts/bundle/kit.pdf")
    with_numbers = pages_as_images(numbered, workdir / "with")
    without = pages_as_images(workdir / "output/handouts/bundle/kit.pdf", workdir / "without")
    assert len(with_numbers) == len(without) == len(reader.pages) == len(plain.pages)
    dpi_mm = 60 / 25.4
    labels = reader.page_labels
    front = labels.index("1")
    printed = set()
    for n, (a, b) in enumerate(zip(with_numbers, without)):
        changed = ImageChops.difference(a, b).getbbox()
        extra = [w for w in reader.pages[n].extract_text().split() if w not in plain.pages[n].extract_text().split()]
        if changed is None:
            assert n < front or is_blank(plain.pages[n]) or not extra, f"page {labels[n]}"
            continue
        printed.add(labels[n])
        assert n >= front and extra == [labels[n]], (labels[n], extra)  # the body's own number, alone
        x0, y0, x1, y1 = changed
        page = reader.pages[n]
        box = page.trimbox if profile == "print-shop" else page.mediabox  # the paper, trimmed
        height = float(page.mediabox.height)
        trim = (
            float(box.left) / 72 * 60,
            (height - float(box.top)) / 72 * 60,
            float(box.right) / 72 * 60,
            (height - float(box.bottom)) / 72 * 60,
        )
        inside = 5 * dpi_mm  # the default printable margin, from the paper's edge or the trim
        assert x0 >= trim[0] + inside - 1 and y0 >= trim[1] + inside - 1, labels[n]
        assert x1 <= trim[2] - inside + 1 and y1 <= trim[3] - inside + 1, labels[n]
        around = b.crop((max(0, x0 - 2), max(0, y0 - 2), x1 + 2, y1 + 2))  # 1 mm of empty paper round it
        assert around.getextrema()[0] >= 250, f"page {labels[n]}: its number is printed over something"
    cited = re.findall(r"page (\d+)", reader.pages[0].extract_text())  # the contents
    assert set(cited) <= printed and (cited or profile == "print-shop")  # a shop's cards have no page
    body = [n for n in range(front, len(reader.pages)) if not is_blank(plain.pages[n])]
    assert len(printed) == len(body)  # these pages (dividers, card sheets and backs) all have room


def test_the_ink_a_page_number_avoids_is_where_the_page_prints_it(tmp_path):
    """The boxes a page number keeps clear of are where the PDF puts the ink: rectangles,
    paths and text, moved and turned by their groups as the backends turn them."""
    from PIL import Image

    from sheetgen.fonts import default_faces, load_metrics
    from sheetgen.layout.folios import ink_boxes
    from sheetgen.layout.lines import measure
    from sheetgen.layout.primitives import Group, LayoutDocument, Page, Path, Rect, Text
    from sheetgen.render.pdf import render_pdf

    face = default_faces()["bold"]
    shapes = [
        Group((Rect(0, 0, 40 * MM, 8 * MM, stroke=None, fill="#000000"),), dx=60 * MM, dy=60 * MM, rotate=30),
        Group(
            (
                Group(
                    (
                        Path(
                            (("M", 0, 0), ("L", 30 * MM, 0), ("L", 30 * MM, 12 * MM), ("Z",)),
                            stroke=None,
                            fill="#000000",
                        ),
                    ),
                    dx=5 * MM,
                    rotate=-50,
                ),
            ),
            dx=120 * MM,
            dy=150 * MM,
        ),
        Text(
            40 * MM,
            230 * MM,
            "Turned words",
            face,
            18,
            "#000000",
            measure(load_metrics(face.path), "Turned words") * 18,
            angle=20,
        ),
    ]
    for n, item in enumerate(shapes):
        pdf = tmp_path / f"shape{n}.pdf"
        pdf.write_bytes(render_pdf(LayoutDocument("t", (Page(210 * MM, 297 * MM, (item,)),))))
        image = Image.open(rasterize_pdf(pdf, tmp_path / f"shape{n}.png", dpi=72)).convert("L")
        x0, y0, x1, y1 = image.point(lambda v: 255 if v < 128 else 0).getbbox()  # the ink, in points
        (box,) = ink_boxes((item,))
        slack = 2 if isinstance(item, Text) else 1  # a run of text: its font's height, not its letters'
        assert box.x <= x0 + 1 and box.y <= y0 + 1 and box.right >= x1 - 1 and box.bottom >= y1 - 1, (
            n,
            box,
            (x0, y0, x1, y1),
        )
        assert box.x >= x0 - slack * MM and box.right <= x1 + slack * MM, (n, box, (x0, y0, x1, y1))
        assert box.y >= y0 - 3 * slack * MM and box.bottom <= y1 + 3 * slack * MM, (n, box, (x0, y0, x1, y1))


@pytest.mark.parametrize("right_hand", [True, False])
def test_a_page_number_goes_to_the_outer_corner_when_the_foot_is_taken(right_hand):
    """A right-hand page's number goes to the foot's right corner, a left-hand page's to
    the left, when something is printed across the middle of the foot; over a credit line
    a line higher when the corners are taken too; nowhere when the page is full."""
    from sheetgen.content.loader import Library
    from sheetgen.layout.context import LayoutContext
    from sheetgen.layout.folios import ink_boxes, with_folio
    from sheetgen.layout.primitives import Group, Page, Rect
    from sheetgen.rules import check

    ctx = LayoutContext(check(Library()).theme)
    W, H = 210 * MM, 297 * MM

    def number_box(items):
        page = with_folio(ctx, Page(W, H, tuple(items)), "42", right_hand)
        added = [i for i in page.items if isinstance(i, Group) and i.cls == "folio"]
        return next(iter(ink_boxes(added)), None)

    middle = Rect(70 * MM, H - 12 * MM, 70 * MM, 8 * MM, stroke=None, fill="#000000")
    box = number_box([middle])
    assert box is not None and box.bottom <= H - 5 * MM
    assert (box.x > 150 * MM) if right_hand else (box.right < 60 * MM)
    credit = Rect(5 * MM, H - 10 * MM, W - 10 * MM, 5 * MM, stroke=None, fill="#000000")
    box = number_box([credit])
    assert box is not None and box.bottom <= H - 13 * MM and abs(box.x + box.w / 2 - W / 2) < 2 * MM
    full = Rect(0, 0, W, H, stroke=None, fill="#eeeeee")
    assert number_box([full]) is None


def test_a_handout_s_text_wraps_lines_as_markdown_and_its_cover_has_a_subtitle_and_a_picture(workdir):
    """One line break in a `|` block is a space, a blank line a new paragraph; the cover
    prints the subtitle and the picture, scaled to keep its shape."""
    (workdir / "content" / "art").mkdir()
    (workdir / "content" / "art" / "cover.png").write_bytes(png(40, 20))
    write(workdir, "content/handout.yaml", WORDS_ALONE)
    result = run_cli("build", "--format", "pdf")
    assert result.code == 0, result.stderr
    reader = read_pdf(workdir / "output/handouts/bundle/kit.pdf")
    texts = [page.extract_text() for page in reader.pages]
    assert "Everything for a first evening" in texts[0]
    body = next(t for t in texts if "Before you play" in t and "Contents" not in t)
    assert "Read the cards aloud at the table." in body  # one line, not two
    assert "Then deal them out." in body.split("aloud at the table.", 1)[1]
    images = [img for img in reader.pages[0].images]
    assert len(images) == 1 and images[0].image.size == (40, 20)


@pytest.mark.parametrize(
    "where, code, words",
    [
        ("../../outside.png", "handout.image-outside-project", "outside the project"),
        ("art/missing.png", "handout.bad-image", "looked for content/art/missing.png"),
        ("art/not-a-picture.png", "handout.bad-image", "not a PNG or JPEG"),
    ],
)
def test_a_cover_image_outside_the_project_missing_or_not_a_picture_is_an_error_at_its_line(
    workdir, where, code, words
):
    (workdir / "content" / "art").mkdir()
    (workdir / "content" / "art" / "not-a-picture.png").write_text("hello")
    (workdir.parent / "outside.png").write_bytes(png(4, 4))  # beside the project folder
    write(workdir, "content/handout.yaml", WORDS_ALONE.replace("art/cover.png", where))
    result = run_cli("validate", "--format", "json")
    assert result.code == 1
    (found,) = [d for d in json.loads(result.stdout) if d["code"] == code]
    assert found["line"] == 5 and words in found["message"]


def test_a_missing_font_names_the_path_it_looked_for(workdir):
    write(workdir, "content/theme.yaml", "kind: theme\nid: house\nfonts: {regular: fonts/body.ttf}\n")
    result = run_cli("validate", "--format", "json")
    (found,) = [d for d in json.loads(result.stdout) if d["code"] == "theme.bad-font"]
    assert "No such file" in found["message"] and "content/fonts/body.ttf" in found["message"]
