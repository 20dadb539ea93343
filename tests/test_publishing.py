"""Publishing: a handout's outline, page labels and links; one imposition per profile
(print-shop cards in their own PDF); dates and metadata on every PDF; the product catalogue."""

from __future__ import annotations

import json
import re

import pytest
from helpers import MM, REPO, built_kit, deck, read_pdf, run_cli, validate_json, write

HANDOUT = """
kind: handout
id: kit
title: Starter Kit
author: Grid Press
date: 2026-03-14
keywords: [cards, reference]
paper: letter
sections:
  - title: Rules at a glance
    text: Cut these out.
    include: {kind: reference-deck, ids: [basics]}
  - title: More cards
    include: {kind: reference-deck, product: reference, ids: [second, basics]}
"""


def outline_tree(reader, entries=None):
    """[(title, page index, [children])] from pypdf's nested outline list."""
    entries = reader.outline if entries is None else entries
    out: list = []
    for e in entries:
        if isinstance(e, list):
            out[-1][2].extend(outline_tree(reader, e))
        else:
            out.append((e.title, reader.get_destination_page_number(e), []))
    return out


def test_a_handout_has_an_outline_page_labels_named_destinations_and_linked_contents(workdir):
    reader = built_kit(workdir, HANDOUT)
    tree = outline_tree(reader)
    assert [t for t, _, _ in tree] == ["Contents", "Rules at a glance", "More cards"]
    assert tree[0][1] == 0
    assert [t for t, _, _ in tree[1][2]] == ["Grid basics"]
    assert [t for t, _, _ in tree[2][2]] == ["Second deck", "Grid basics"]  # the section's order, not the ids'
    labels = reader.page_labels
    # Front matter in roman numerals, then the body from 1; sections on right-hand (odd) pages.
    assert labels[:2] == ["i", "ii"] and labels[2] == "1"
    assert labels == ["i", "ii"] + [str(n) for n in range(1, len(labels) - 1)]
    texts = [p.extract_text() for p in reader.pages]
    for title, page, docs in tree[1:]:
        assert int(labels[page]) % 2 == 1, f"{title} starts on a left-hand page"
        assert title in texts[page]
        for doc_title, doc_page, _ in docs:
            assert doc_page >= page and doc_title in texts[doc_page]
    named = {k.lstrip("/"): reader.get_destination_page_number(v) for k, v in reader.named_destinations.items()}
    assert named["section-1"] == tree[1][1] and named["section-2"] == tree[2][1]
    assert named["section-2.second"] == tree[2][2][0][1]
    # The contents entries are links to the sections, and they say the page numbers the labels show.
    links = [a.get_object() for a in reader.pages[0]["/Annots"] if a.get_object()["/Subtype"] == "/Link"]
    targets = sorted(_page_of(reader, link["/Dest"][0]) for link in links)
    assert targets == [tree[1][1], tree[2][1]]
    for title, page, _ in tree[1:]:
        assert re.search(re.escape(title) + r"\s*page " + labels[page], texts[0])
    assert reader.trailer["/Root"]["/PageMode"] == "/UseOutlines"


def _page_of(reader, ref) -> int:
    return next(n for n, p in enumerate(reader.pages) if p.indirect_reference.idnum == ref.idnum)


def test_a_section_takes_the_only_product_of_its_kind_and_names_a_wrong_one(workdir):
    deck(workdir, "basics")
    write(
        workdir,
        "content/monster.yaml",
        """
        kind: kubos-monster
        id: rat
        name: Giant rat
        type: vermin
        size: small
    """,
    )
    write(
        workdir,
        "content/handout.yaml",
        """
        kind: handout
        id: kit
        title: Kit
        sections:
          - title: Monsters, but which product?
            include: {kind: kubos-monster}
          - title: A typo
            include: {kind: kubos-monster, product: stat-blokcs}
          - title: Fine
            include: {kind: reference-deck}
          - title: Nothing to print from settings
            include: {kind: kubos-tables}
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = {(d["file"], d["line"], d["column"], d["code"]): d for d in json.loads(result.stdout)}
    needed = found[("content/handout.yaml", 6, 14, "handout.product-needed")]
    assert "stat-blocks" in needed["hint"] and "stat-cards" in needed["hint"]
    typo = found[("content/handout.yaml", 8, 45, "handout.unknown-product")]
    assert typo["hint"].startswith("did you mean `stat-blocks`?")
    assert not any(k[3].startswith("handout.") and k[1] == 10 for k in found)
    assert ("content/handout.yaml", 12, 21, "handout.no-product") in found
    assert result.code == 1


def _shop_kit(root):
    text = (REPO / "content/handouts/starter-kit.yaml").read_text()
    assert "profile: print-and-play" in text
    write(root, "content/handouts/starter-kit.yaml", text.replace("profile: print-and-play", "profile: print-shop"))


def test_a_print_shop_bundle_has_one_page_size_and_its_cards_in_a_second_pdf(bundled):
    _shop_kit(bundled)
    result = run_cli("build", "content/handouts", "--format", "pdf")
    assert result.code == 0, result.stderr
    folder = bundled / "output/handouts/bundle"
    main, cards = read_pdf(folder / "starter-kit.pdf"), read_pdf(folder / "starter-kit-cards.pdf")
    sizes = {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in main.pages}
    assert len(sizes) == 1, sizes
    for page in main.pages:  # A4 trimmed, with bleed around it
        assert float(page.trimbox.width) == pytest.approx(210 * MM, abs=0.01)
        assert float(page.trimbox.height) == pytest.approx(297 * MM, abs=0.01)
        assert float(page.bleedbox.width) == pytest.approx(216 * MM, abs=0.01)
    # Every card (the Cubit reference deck and the Tricube party) one to a page at bleed size.
    assert len(cards.pages) >= 17
    for page in cards.pages:
        assert float(page.trimbox.width) == pytest.approx(63.5 * MM, abs=0.01)
        assert float(page.trimbox.height) == pytest.approx(88.9 * MM, abs=0.01)
        assert float(page.bleedbox.width) == pytest.approx(69.5 * MM, abs=0.01)
        assert float(page.mediabox.width) == pytest.approx(69.5 * MM, abs=0.01)
    card_text = " ".join(p.extract_text() for p in cards.pages)
    assert "Brann Hammerfall" in card_text and "Skill checks" in card_text
    assert "Brann Hammerfall" not in " ".join(
        p.extract_text() for p in main.pages[2:] if "In this section" not in p.extract_text()
    )
    assert [t for t, _, _ in outline_tree(cards)] == ["Cubit at a glance", "A Tricube Tales party"]
    # The contents says where each section's cards are; only blanks duplex needs remain.
    contents = main.pages[0].extract_text()
    ranges = [tuple(map(int, m)) for m in re.findall(r"cards (\d+)–(\d+)", contents)]
    assert len(ranges) == 2 and ranges[0][0] == 1 and ranges[1][0] == ranges[0][1] + 1
    assert ranges[1][1] - ranges[1][0] + 1 == 4  # the party's four characters
    texts = [p.extract_text() for p in main.pages]
    starts = {page for _, page, _ in outline_tree(main)}
    one_sided = {n for n, t in enumerate(texts) if "Cubit nets" in t or "KUBOS stat blocks" in t}
    blanks = [n for n, t in enumerate(texts) if not t.strip()]
    assert blanks
    for n in blanks:  # behind a net to cut out, a sheet kept in pencil or a divider, or turning to a right-hand page
        assert n - 1 in one_sided | starts or n + 1 in one_sided | starts, n


def test_print_and_play_keeps_every_page_at_paper_size(bundled):
    result = run_cli("build", "content/handouts", "--format", "pdf")
    assert result.code == 0, result.stderr
    reader = read_pdf(bundled / "output/handouts/bundle/starter-kit.pdf")
    assert {round(float(p.mediabox.width), 1) for p in reader.pages} == {round(210 * MM, 1)}
    assert not (bundled / "output/handouts/bundle/starter-kit-cards.pdf").exists()
    tree = outline_tree(reader)
    assert [t for t, _, _ in tree] == [
        "Contents",
        "Your cubits",
        "Cubit at a glance",
        "A Tricube Tales party",
        "Foes for tonight",
    ]
    # Documents in the content's order, each bookmark on the page that prints it.
    texts = [p.extract_text() for p in reader.pages]
    for _, _, docs in tree[1:]:
        for title, page, _ in docs:
            assert title in texts[page], (title, page)


def test_source_date_epoch_dates_every_pdf_and_builds_stay_identical(workdir, monkeypatch):
    deck(workdir, "basics")
    write(workdir, "content/handout.yaml", HANDOUT.replace("ids: [second, basics]", "ids: [basics]"))
    assert run_cli("build", "-o", "undated").code == 0
    dated = read_pdf(workdir / "undated/handouts/bundle/kit.pdf")
    assert dated.metadata["/CreationDate"].startswith("D:20260314000000")  # the handout's date
    plain = read_pdf(workdir / "undated/grimdark/reference/basics.pdf")
    assert plain.metadata["/CreationDate"].startswith("D:20000101")  # nothing dates it: the fixed date
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767268800")  # 2026-01-01T12:00:00Z
    assert run_cli("build", "-o", "a").code == 0
    assert run_cli("build", "-o", "b").code == 0
    for rel in ("handouts/bundle/kit.pdf", "grimdark/reference/basics.pdf"):
        first, second = (workdir / "a" / rel).read_bytes(), (workdir / "b" / rel).read_bytes()
        assert first == second
        meta = read_pdf(workdir / "a" / rel).metadata
        assert meta["/CreationDate"].startswith("D:20260101120000") and meta["/ModDate"] == meta["/CreationDate"]
    # A new date rebuilds what an earlier date built.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767355200")
    assert "0 outputs unchanged" in run_cli("build", "-o", "a").stderr
    assert read_pdf(workdir / "a/grimdark/reference/basics.pdf").metadata["/CreationDate"].startswith("D:20260102")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    bad = run_cli("build", "-o", "a")
    assert bad.code == 2 and "SOURCE_DATE_EPOCH" in bad.stderr


def test_every_pdf_has_title_author_subject_keywords_and_language(bundled):
    assert run_cli("build", "--format", "pdf").code == 0
    pdfs = sorted((bundled / "output").rglob("*.pdf"))
    assert len(pdfs) > 20
    for path in pdfs:
        reader = read_pdf(path)
        meta = reader.metadata
        for key in ("/Title", "/Author", "/Subject", "/Keywords"):
            assert (meta.get(key) or "").strip(), f"{path.relative_to(bundled)} has no {key}"
        assert reader.trailer["/Root"]["/Lang"] == "en"


def test_a_wrong_handout_date_is_an_error_at_its_line(workdir):
    deck(workdir, "basics")
    write(
        workdir,
        "content/handout.yaml",
        """
        kind: handout
        id: kit
        title: Kit
        date: 2026-02-30
        sections:
          - title: Cards
            include: {kind: reference-deck}
    """,
    )
    result = run_cli("validate", "--format", "json")
    codes = {(d["line"], d["column"], d["code"]) for d in json.loads(result.stdout)}
    assert (4, 7, "handout.bad-date") in codes and result.code == 1


def test_a_handouts_settings_are_all_reported_at_once_each_in_its_own_terms(workdir):
    """A language written as its name, a month 13 and a yes-or-no that is neither: three
    errors in one run, each saying what the field wants (not "lowercase letters")."""
    deck(workdir, "basics")
    write(
        workdir,
        "content/handout.yaml",
        """
        kind: handout
        id: kit
        title: Kit
        language: English
        date: 2025-13-45
        dividers: maybe
        sections:
          - title: Cards
            include: {kind: reference-deck}
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = {d["line"]: d for d in json.loads(result.stdout)}
    assert result.code == 1 and sorted(found) == [4, 5, 6], found
    assert found[4]["code"] == "content.bad-language" and "not a language tag" in found[4]["message"]
    assert found[4]["hint"] == "write `en`" and "lowercase" not in found[4]["message"]
    assert found[5]["code"] == "handout.bad-date" and "calendar" in found[5]["message"]
    assert found[6]["code"] == "content.wrong-type"
    write(
        workdir,
        "content/handout.yaml",
        (workdir / "content/handout.yaml")
        .read_text()
        .replace("English", "en-GB")
        .replace("2025-13-45", "2025-12-31")
        .replace("maybe", "true"),
    )
    assert run_cli("validate").code == 0
    # A tag or a date with a line break after it is not one, and is quoted back on one line.
    write(
        workdir,
        "content/handout.yaml",
        (workdir / "content/handout.yaml").read_text().replace("language: en-GB", 'language: "en\\n"'),
    )
    _, found = validate_json()
    assert [d["message"] for d in found] == ["`language`: `en\\n` is not a language tag"], found


def test_products_lists_the_registry_and_the_reference_table_matches_it():
    from sheetgen.layout.catalog import markdown_table
    from sheetgen.layout.registry import products

    result = run_cli("products", "--json")
    assert result.code == 0
    rows = json.loads(result.stdout)
    assert [r["id"] for r in rows] == list(products())
    nets = next(r for r in rows if r["id"] == "cubit-nets")
    assert nets == {
        **nets,
        "game": "cubit",
        "kinds": ["cubit"],
        "scope": "collection",
        "formats": ["pdf", "svg"],
        "output": "cubit/nets/all-cubits",
    }
    text = run_cli("products").stdout
    assert all(r["id"] in text for r in rows)
    page = (REPO / "docs" / "reference" / "products.md").read_text()
    assert markdown_table() in page, "renew the reference: python -m sheetgen.reference"
    assert (
        "| `cubit-nets` | cubit | `cubit` | one for all documents | pdf, svg | `cubit/nets/all-cubits.<ext>` |" in page
    )


def test_dividers_every_section_or_none_and_cards_only_sections_live_in_the_cards_pdf(workdir):
    deck(workdir, "basics")
    write(
        workdir,
        "content/theme.yaml",
        """
        kind: theme
        id: default
        dividers: true
    """,
    )
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
            include: {kind: reference-deck}
          - title: Notes
            text: Bring dice.
    """,
    )
    assert run_cli("build").code == 0
    folder = workdir / "output/handouts/bundle"
    with_dividers = read_pdf(folder / "shop.pdf")
    tree = outline_tree(with_dividers)
    # The theme asks for dividers, but a section of cards alone has no page here: only its
    # line in the contents, which says where its cards are.
    assert [t for t, _, _ in tree] == ["Contents", "Notes"]
    assert re.search(r"Rules\s*cards 1–2 \(cards PDF\)", with_dividers.pages[0].extract_text())
    assert len(with_dividers.pages) == 3  # cover, imprint, the notes
    assert "Bring dice." in with_dividers.pages[tree[1][1]].extract_text()
    # The handout's own choice wins: no dividers, so the cards-only section has no page here.
    text = (workdir / "content/handout.yaml").read_text()
    write(
        workdir,
        "content/handout.yaml",
        text.replace("profile: print-shop", "profile: print-shop\ndividers: false").replace(
            "    text: Bring dice.\n", "    text: Bring dice.\n    include: {kind: reference-deck}\n"
        ),
    )
    result = run_cli("build")
    assert result.code == 0, result.stderr
    assert "handout.text-without-divider" in result.stderr
    reader = read_pdf(folder / "shop.pdf")
    assert [t for t, _, _ in outline_tree(reader)] == ["Contents"]
    assert len(reader.pages) == 2  # cover and imprint: every page of the body went to the cards
    contents = reader.pages[0].extract_text()
    assert re.search(r"Rules\s*cards 1–2", contents) and re.search(r"Notes\s*cards 3–4", contents)
    cards = read_pdf(folder / "shop-cards.pdf")
    assert [t for t, _, _ in outline_tree(cards)] == ["Rules", "Notes"]
