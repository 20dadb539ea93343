"""Handouts: a publisher's bundle of other products, duplex-ready, for home printers or print shops."""

from __future__ import annotations

import json

import pytest

from conftest import MM, read_pdf, run_cli, write
from pdfops import read_geometry
from test_build import deck

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


def built_kit(workdir, handout: str):
    """Two decks (one Grimdark, one CUBES!) and the handout `kit` bundling them, built:
    the handout's PDF, read."""
    deck(workdir, "basics")
    deck(workdir, "second", system="cubes", title="Second deck")
    write(workdir, "content/handout.yaml", handout)
    result = run_cli("build")
    assert result.code == 0, result.stderr
    return read_pdf(workdir / "output/handouts/bundle/kit.pdf")


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


def test_print_shop_pages_have_bleed_and_marks_outside_the_trim(workdir):
    deck(workdir, "basics")
    write(workdir, "content/handout.yaml", """
        kind: handout
        id: shop
        title: For the printer
        profile: print-shop
        sections:
          - title: Rules
            text: A divider page, which also gets crop marks.
            include: {kind: reference-deck, product: reference}
    """)
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
        for x, y in ((s.x1, s.y1), (s.x2, s.y2)):
            assert not (float(trim.left) - 3 * MM < x < float(trim.right) + 3 * MM
                        and float(trim.bottom) - 3 * MM < y < float(trim.top) + 3 * MM)


def test_a_handout_names_unknown_documents_and_products(workdir):
    deck(workdir, "basics")
    write(workdir, "content/handout.yaml", """
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
    """)
    result = run_cli("validate", "--format", "json")
    found = {(d["line"], d["column"], d["code"]): d for d in json.loads(result.stdout)}
    assert found[(6, 63, "content.unknown-reference")]["hint"] == "did you mean `basics`?"
    assert found[(8, 21, "handout.unknown-kind")]["hint"] == "did you mean `reference-deck`?"
    assert "products of `reference-deck`: reference" in found[(15, 46, "handout.unknown-product")]["hint"]
    assert result.code == 1


@pytest.mark.parametrize("asked, paper", [((), "Letter"), (("--paper", "a4"), "A4")])
def test_a_margin_too_wide_for_a_handout_names_the_paper_it_is_printed_on(workdir, asked, paper):
    """The handout asks for Letter over the theme's A4, and the command line's `--paper`
    over both: the error names the paper the handout was laid out on."""
    write(workdir, "content/theme.yaml", """
        kind: theme
        id: house
        paper: a4
        printable_margin: 20mm
    """)
    write(workdir, "content/hero.yaml", """
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
    """)
    write(workdir, "content/handout.yaml", """
        kind: handout
        id: kit
        title: Kit
        paper: letter
        sections:
          - title: Heroes
            include: {kind: tricube-character, product: tricube-character-sheet}
    """)
    run = run_cli("validate", "--format", "json", *asked)
    found = [d for d in json.loads(run.stdout) if d["code"] == "theme.margin-too-wide"]
    kit = [d for d in found if "`handouts/bundle/kit`" in d["message"]]
    assert len(kit) == 1, run.stdout
    assert f"printable margin on {paper} paper" in kit[0]["message"]
    sheet = [d for d in found if "`tricube/character-sheet/hedda`" in d["message"]]
    assert sheet and "on A4 paper" in sheet[0]["message"]  # the theme's paper, or --paper a4
