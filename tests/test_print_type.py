"""Print type: text keeps a size a 600 dpi laser prints, lines to write on are drawn,
blank sheets fill in by pen and by form, and card sizes build the card products.

Read from the PDFs a build writes (text runs and strokes from the content streams,
form fields with pypdf), for every product the registry declares."""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from helpers import MM, REPO, read_pdf, run_cli, write
from helpers.pdfops import darkness, read_marks

BODY_MIN, FINE_MIN = 7.5, 6.5


@pytest.fixture
def built(bundled_a4) -> Path:
    """The shared A4 build of the bundled content (its PDFs are read)."""
    return bundled_a4


def pdfs(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("*.pdf") if "handouts" not in p.parts)


def test_every_product_of_the_registry_is_read(built):
    """The checks below cover every product with bundled content, games added later included."""
    import json

    from sheetgen.layout.registry import products

    made = {(e["system"], e["product"]) for e in json.loads((built / "manifest.json").read_text())["outputs"]}
    declared = {(p.game, p.name) for p in products().values() if isinstance(p.game, str)}
    assert declared - made <= set(), declared - made


def test_every_text_run_keeps_its_minimum_size_in_solid_black(built):
    checked = 0
    for path in pdfs(built):
        for n, page in enumerate(read_pdf(path).pages, 1):
            runs, _ = read_marks(page)
            for run in runs:
                if not run.text.strip():
                    continue
                checked += 1
                where = f"{path.relative_to(built)} p{n}: `{run.text[:30]}` at {run.size:.2f}pt"
                assert run.size >= FINE_MIN - 0.01, where
                if run.size < BODY_MIN - 0.01:  # fine print: solid black, never grey or reversed
                    assert darkness(run.fill) >= 0.99, f"{where} in {run.fill}"
    assert checked > 5000


def _font_names(page) -> dict[str, str]:
    fonts = page["/Resources"]["/Font"]
    return {name: str(fonts[name].get_object()["/BaseFont"]) for name in fonts}


def test_each_deck_keeps_one_body_size(built):
    """Regular-weight text on a deck's card fronts comes in at most three sizes (body,
    table, the back's line), whatever each card says: nothing shrinks alone."""
    decks = [p for p in pdfs(built) if p.parent.name in ("reference", "cards")]
    assert len(decks) >= 5
    for path in decks:
        sizes = Counter()
        for page in read_pdf(path).pages:
            names = _font_names(page)
            runs, _ = read_marks(page)
            for run in runs:
                base = names.get(run.font, "")
                if run.size >= BODY_MIN - 0.01 and not any(w in base for w in ("Bold", "Bd", "Oblique", "It")):
                    sizes[round(run.size, 1)] += 1
        assert len(sizes) <= 3, f"{path.relative_to(built)}: {dict(sizes)}"


def _field_rects(reader) -> list[tuple[int, str, tuple[float, float, float, float], bool]]:
    out = []
    for n, page in enumerate(reader.pages):
        for annot in page.get("/Annots") or []:
            a = annot.get_object()
            if a.get("/Subtype") != "/Widget":
                continue
            rect = tuple(float(v) for v in a["/Rect"])
            kind = str(a.get("/FT", a.get("/Parent", {}).get("/FT", "")))
            out.append((n, str(a.get("/T")), rect, kind == "/Tx"))
    return out


@pytest.mark.parametrize(
    "sheet",
    [
        "cubit/blank/cubit-sheet.pdf",
        "cubit/blank/cube-net.pdf",
        "kubos/blank/character-sheet.pdf",
        "tricube/blank/character-sheet.pdf",
    ],
)
def test_blank_sheets_fill_in_by_form_and_by_pen(built, sheet):
    """Every text field reads back with pypdf, and has a drawn line to write on (at least
    0.5pt and dark enough for a laser) along its foot or inside it."""
    reader = read_pdf(built / sheet)
    fields = reader.get_fields()
    rects = [r for r in _field_rects(reader) if r[3]]
    assert rects and fields and all(name in fields for _, name, _, _ in rects)
    pages = [read_marks(p)[1] for p in reader.pages]
    for n, name, (x0, y0, x1, y1), _ in rects:
        lines = [
            (ax, ay, bx, by)
            for s in pages[n]
            if s.width >= 0.5 - 1e-6 and darkness(s.color) >= 0.5
            for ax, ay, bx, by in s.segments
            if abs(ay - by) < 0.01
        ]
        under = [
            seg
            for seg in lines
            if y0 - 2.5 * MM <= seg[1] <= y1 + 0.01
            and min(seg[0], seg[2]) < x1
            and max(seg[0], seg[2]) > x0
            and abs(seg[2] - seg[0]) >= min(x1 - x0, 8 * MM) * 0.6
        ]
        assert under, f"{sheet}: the field {name} has no line to write on"


def test_writing_lines_on_sheets_are_wide_and_dark(built):
    """The faint 0.4pt lines at a quarter grey are gone: every stroke of a blank sheet
    that is a long horizontal line is at least 0.5pt and 50% dark."""
    for sheet in [
        "cubit/blank/cubit-sheet.pdf",
        "kubos/blank/character-sheet.pdf",
        "tricube/blank/character-sheet.pdf",
    ]:
        for page in read_pdf(built / sheet).pages:
            for s in read_marks(page)[1]:
                for ax, ay, bx, by in s.segments:
                    if abs(ay - by) < 0.01 and abs(bx - ax) > 20 * MM and s.width < 0.5 - 1e-6:
                        raise AssertionError(f"{sheet}: a {s.width:.2f}pt line")


CARD_WORDS = ("card", "deck", "sticker")


def _card_issues(size: str) -> list[str]:
    from sheetgen.content.loader import load
    from sheetgen.files.plan import plan
    from sheetgen.files.run import lay_out
    from sheetgen.rules import check
    from sheetgen.units import CARD_SIZES

    checked = check(load([str(REPO / "content")]))
    theme = dataclasses.replace(checked.theme, card=CARD_SIZES[size])
    found = []
    targets = [t for t in plan(checked, ["pdf"]) if any(w in t.product for w in CARD_WORDS)]
    assert len({t.product for t in targets}) >= 8
    for t in targets:
        _, issues = lay_out(t, theme)
        found += [f"{t.key}: {i.severity.value}[{i.code}] {i.message}" for i in issues]
    return found


@pytest.mark.parametrize("size", ["poker", "tarot", "bridge", "mini", "square"])
def test_each_card_size_builds_every_card_product(size):
    """No errors at any size. The one thing a small card may do is shorten a deck's own
    footer (content: the deck's title or `footer:`) with an ellipsis, saying so."""
    issues = _card_issues(size)
    assert [i for i in issues if "error[" in i] == []
    assert all("warning[layout.text-abbreviated] the footer" in i and "/reference" in i for i in issues), issues
    assert bool(issues) == (size == "mini")


def _card_texts(size: str, key: str, *, at: bool = False) -> list[list]:
    """The text of each card front of the target `key` (`kubos/stat-cards/monsters`) laid
    out from the bundled content at card `size`, one list of runs per card (with `at`,
    each run as (text, y))."""
    from sheetgen.content.loader import load
    from sheetgen.files.plan import plan
    from sheetgen.files.run import lay_out
    from sheetgen.layout.primitives import Group, Text, walk
    from sheetgen.rules import check
    from sheetgen.units import CARD_SIZES

    checked = check(load([str(REPO / "content")]))
    theme = dataclasses.replace(checked.theme, card=CARD_SIZES[size])
    (target,) = [t for t in plan(checked, ["pdf"]) if t.key == key]
    document, issues = lay_out(target, theme)
    assert not [i for i in issues if i.severity.value == "error"]
    cards = []
    for page in document.pages:
        if page.is_back:
            continue
        for card in (g for g in page.items if isinstance(g, Group) and (g.cls or "").startswith("card")):
            cards.append(
                [
                    (item.text, round(item.y + dy, 2)) if at else item.text
                    for item, _, dy in walk(card.items)
                    if isinstance(item, Text)
                ]
            )
    return cards


def test_stat_labels_abbreviate_together_on_narrow_cards():
    """Poker cards print the KUBOS attribute names whole; bridge cards, too narrow for
    STRENGTH, print every label of the grid short (never STRENGTH beside SKL)."""
    poker = _card_texts("poker", "kubos/stat-cards/monsters")
    bridge = _card_texts("bridge", "kubos/stat-cards/monsters")
    assert all({"STRENGTH", "SKILL", "DEFENCE"} <= set(runs) for runs in poker if "HP" in runs)
    grids = [set(runs) for runs in bridge if "HP" in runs]
    assert grids and all({"STR", "SKL", "SNK", "DEF"} <= g and not g & {"STRENGTH", "SKILL", "DEFENCE"} for g in grids)


def test_text_a_small_card_cannot_hold_continues_on_a_card_marked_cont():
    """Square cards are short: a Tricube character's perks and quirks, and a Grimdark
    unit's special rules, go on to a second card titled "(cont.)", the rules whole."""
    party = _card_texts("square", "tricube/character-cards/party")
    assert len(party) == 8  # four characters, two cards each
    names = [
        yaml.safe_load(p.read_text())["name"] for p in (REPO / "content" / "tricube" / "characters").glob("*.yaml")
    ]
    for first, second in zip(party[::2], party[1::2]):
        (name,) = [n for n in names if " ".join(first).startswith(n)]  # the title may take two lines
        assert " ".join(second).startswith(f"{name} (cont.)")
        assert any(r.startswith("Perks:") or r == "Perks:" for r in second) and "KARMA" in first
    units = _card_texts("square", "grimdark/unit-cards/kor-swarm")
    burrower = [runs for runs in units if runs[0].startswith("Burrower")]
    assert [runs[0] for runs in burrower] == ["Burrower [1]", "Burrower [1] (cont.)"]
    text = " ".join(" ".join(runs) for runs in burrower)
    assert "Blast(3)" in text and "Ambush" in text and "Hold" in text


def test_long_titles_take_two_lines_on_narrow_cards():
    """A subtitle too wide for a bridge card's band is printed whole, over two lines."""
    cards = _card_texts("bridge", "cubit/cards/upgrades")
    martial = next(runs for runs in cards if runs[0] == "Martial Arts")
    assert " ".join(martial[1:3]).replace("· ", "·").startswith("permanent or temporary ·")


def test_the_cards_of_a_deck_share_one_band_height():
    """On bridge cards some upgrades' subtitles take two lines: every upgrade card's band
    then makes room for two, so each card's text starts at the same height."""
    cards = _card_texts("bridge", "cubit/cards/upgrades", at=True)
    starts = {y for runs in cards for text, y in runs if text == "Cost:"}
    assert len(cards) >= 9 and len(starts) == 1


def _title_runs(reader, words: set[str]) -> list[list[tuple[str, float]]]:
    """The title's runs (text, size) on each card of a deck printed one card a page."""
    cards = []
    for page in reader.pages:
        runs, _ = read_marks(page)
        title = [(r.text, round(r.size, 2)) for r in runs if r.text.split() and set(r.text.split()) <= words]
        if title:
            cards.append(title)
    return cards


@pytest.mark.parametrize(
    "title, size",
    [
        ("Into the Crimson Tooth Keep", 11.5),  # two lines at the deck's size
        ("The Long and Winding Road to the Crimson Tooth Stronghold", None),  # two lines, smaller
    ],
)
def test_a_title_wraps_before_it_shrinks_and_prints_alike_on_its_cont_cards(workdir, title, size):
    """A card title too long for one line takes two at the deck's title size, and shrinks
    only if two lines cannot hold it; its "(cont.)" cards print it at the same size."""
    body = "\n\n".join(
        f"Paragraph {n}: alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu. " * 3 for n in range(12)
    )
    (workdir / "content" / "deck.yaml").write_text(
        f"kind: reference-deck\nid: deck\nsystem: kubos\ntitle: Deck\nimposition: single\n"
        f'cards:\n  - title: "{title}"\n    body: |\n' + "".join(f"      {line}\n" for line in body.split("\n"))
    )
    run = run_cli("build", "--format", "pdf")
    assert run.code == 0, run.stderr
    cards = _title_runs(
        read_pdf(workdir / "output" / "kubos" / "reference" / "deck.pdf"), set(title.split()) | {"(cont.)"}
    )
    assert len(cards) >= 2  # the card and a "(cont.)" card
    assert " ".join(t for t, _ in cards[0]) == title and " ".join(t for t, _ in cards[1]) == f"{title} (cont.)"
    sizes = {s for card in cards for _, s in card}
    assert len(sizes) == 1, cards  # one size on every card of the title
    assert all(len(card) <= 2 for card in cards) and len(cards[0]) == 2  # at most two lines; wrapped
    (printed,) = sizes
    assert (printed == size) if size else (6.5 <= printed < 11.5), cards


def test_mini_stat_cards_carry_a_short_licence_notice_and_hold_a_monster_on_one_or_two_cards():
    """A mini card's front carries the short KUBOS notice (not for sale, the link to the
    rules whole on one line: never `…/rpg/kub` `os`); its back carries the whole notice.
    With the room that leaves, a monster takes one or two mini cards."""
    fronts = _card_texts("mini", "kubos/stat-cards/monsters")
    for runs in fronts:
        assert any(r.endswith("1km1kt.net/rpg/kubos") for r in runs), runs  # the link on one line
        assert "Not for sale" in " ".join(runs) and "© 2008" not in " ".join(runs)
    names = [
        d["name"]
        for p in (REPO / "content" / "kubos" / "monsters").glob("*.yaml")
        for d in yaml.safe_load_all(p.read_text())
    ]
    counts = Counter(
        next(n for n in sorted(names, key=len, reverse=True) if " ".join(runs).startswith(n)) for runs in fronts
    )
    assert set(counts) == set(names) and max(counts.values()) <= 3, counts
    assert sum(n <= 2 for n in counts.values()) >= 0.9 * len(names), counts  # one or two cards, as a rule
    from sheetgen.content.loader import load
    from sheetgen.files.plan import plan
    from sheetgen.files.run import lay_out
    from sheetgen.layout.primitives import Text, walk
    from sheetgen.rules import check
    from sheetgen.units import CARD_SIZES

    checked = check(load([str(REPO / "content")]))
    (target,) = [t for t in plan(checked, ["pdf"]) if t.key == "kubos/stat-cards/monsters"]
    document, _ = lay_out(target, dataclasses.replace(checked.theme, card=CARD_SIZES["mini"]))
    backs = " ".join(
        item.text
        for page in document.pages
        if page.is_back
        for item, _, _ in walk(page.items)
        if isinstance(item, Text)
    )
    # The whole notice, its link broken (if at all) only after a slash.
    assert re.search(r"http://(\s?)www\.1km1kt\.net/(\s?)rpg/(\s?)kubos", backs) and "may not be sold" in backs


def test_a_deck_title_too_long_for_its_back_is_reported_at_the_title(workdir):
    """The back prints the deck's title over the deck's `back:` text: a title too long
    for a mini card's back is an error at `title:` (not at `back:`), naming the title."""
    write(
        workdir,
        "content/loc.yaml",
        """
        kind: reference-deck
        id: loc
        system: grimdark
        title: "A title with a very long name that will not fit on a mini card back at all"
        back: B
        card_size: mini
        cards: [{title: A}]
    """,
    )
    result = run_cli("validate", "--format", "json")
    found = [d for d in json.loads(result.stdout) if "back title" in d["message"]]
    assert [(d["line"], d["code"]) for d in found] == [(4, "layout.text-overflow")], found
    assert "(`title`)" in found[0]["message"] and result.code == 1


def _deck_cards(workdir, cards: str, card_size: str) -> list[list[str]]:
    """The lines of text (as pypdf reads them) of each card front of a KUBOS reference deck
    of these cards (YAML, indented as `cards:` items), built one card a page at `card_size`."""
    (workdir / "content" / "deck.yaml").write_text(
        f"kind: reference-deck\nid: deck\nsystem: kubos\ntitle: Deck\nimposition: single\ncard_size: {card_size}\n"
        f"cards:\n{cards}"
    )
    run = run_cli("build", "--format", "pdf")
    assert run.code == 0, run.stderr
    pages = read_pdf(workdir / "output" / "kubos" / "reference" / "deck.pdf").pages
    return [page.extract_text().splitlines() for page in pages[::2]]  # each front, then its back


def test_a_link_too_wide_for_its_line_breaks_after_a_slash_or_a_mark_never_between_letters(workdir):
    """A link breaks after a `/`; where a part between slashes is wider than the line (on
    a poker card the domain alone), after a `-`, `.` (`?`, `&`, `=`, `_`) inside it too;
    never between two letters, whatever the card."""
    link = "https://www.example-publisher-with-a-long-domain.com/rules/tricube/quick-reference/errata-and-faq-2025.html"
    cards = f'  - title: Errata\n    body: "Errata and FAQ: {link} and more text after."\n'
    for size in ("poker", "mini"):
        lines = _deck_cards(workdir, cards, size)[0]
        first = next(i for i, line in enumerate(lines) if "https:" in line)
        last = next(i for i, line in enumerate(lines) if line.startswith("html") or ".html" in line)
        pieces = [lines[first].split(" ")[-1], *lines[first + 1 : last], lines[last].split(" ")[0]]
        assert "".join(pieces) == link and len(pieces) > 2, (size, lines)
        assert all(piece[-1] in "/-.?&=_" for piece in pieces[:-1]), (size, pieces)  # never between letters
        if size == "poker":  # every part between slashes but the domain fits a line: it breaks after `/`
            domain = "www.example-publisher-with-a-long-domain.com/"
            assert all(piece.endswith("/") or (piece.split("//")[-1] in domain) for piece in pieces[:-1]), pieces


def test_a_table_printed_a_row_a_line_keeps_every_value_with_its_column_name(workdir):
    """Too wide for a mini card, a table prints a row a line, and every value keeps its
    column's name on its line: `Str 10 · Dex 12 …` (never `10: Dex 12`, with nothing to say
    what 10 is), a line breaking only between two values, after the `·`. A first column
    of names leads its row (`Sword: Damage 3 · …`) without its column's name."""
    stats = ["Str", "Dex", "Con", "Int", "Wis", "Cha", "Luck", "Sanity"]
    rows = [[10, 12, 14, 9, 11, 8, 3, 50], [8, 9, 10, 11, 12, 13, 4, 45]]
    weapons = ["Weapon", "Damage", "Weight", "Range", "Hands", "Cost", "Notes"]
    arms = [["Sword", 3, "heavy", "melee", 1, 15, "sharp and long"], ["Bow", 2, "light", 20, 2, 25, "needs arrows"]]
    cards = (
        f"  - title: Attributes\n    table: {{columns: {stats}, rows: {rows}}}\n"
        f"  - title: Arms\n    table: {{columns: {weapons}, rows: {arms}}}\n"
    ).replace("'", "")
    text = "\n".join(line for lines in _deck_cards(workdir, cards, "mini") for line in lines)
    for table, names in ((rows, stats), ([row[1:] for row in arms], weapons[1:])):
        for row in table:
            for name, value in zip(names, row):
                # on one line: the name, the value, then the `·` (or the row's end)
                assert re.search(rf"(^|· |• |: ){name} {value}( ·$| · |$)", text, re.M), (name, value, text)
    assert not re.search(r"^\s*·", text, re.M) and "• 10" not in text
    bullets = [line for line in text.splitlines() if line.startswith("• ")]
    assert [b.split(" ·")[0] for b in bullets] == ["• Str 10", "• Str 8", "• Sword: Damage 3", "• Bow: Damage 2"]


def test_a_tables_short_headings_keep_their_line_beside_a_column_of_prose(workdir):
    """Where a table has room to give its short columns their whole text (here on a tarot
    card), a heading such as `Result 1` or `Hit on` prints on one line and the column of
    prose wraps, never the other way round (its heading was cut for rounding, or went short
    where a wider cell had taken the room first)."""
    cards = """\
  - title: Attacks
    table:
      columns: [Weapon, Hit on, Notes]
      rows:
        - [Sword, 4+, The wielder may parry one blow each round instead of attacking]
        - [Bow, 5+, Needs both hands and a clear line of sight to its target]
  - title: Fumbles
    table:
      columns: [d6, Result 1, Result 2, Notes]
      rows:
        - [1–2 or 6, miss, graze, The character stumbles and loses the initiative; unconsciousness follows]
        - [3, hit, crit, Success]
"""
    attacks, fumbles, _ = _deck_cards(workdir, cards, "tarot")
    assert attacks[1] == "Weapon Hit on Notes" and fumbles[1] == "d6 Result 1 Result 2 Notes"  # the header row
    assert len([line for line in attacks if line.startswith(("Sword", "Bow"))]) == 2
    for lines, notes in (
        (attacks, "The wielder may parry one blow each round instead of attacking"),
        (fumbles, "The character stumbles and loses the initiative; unconsciousness follows"),
    ):
        printed = " ".join(lines[2:]).split()
        assert all(word in printed for word in notes.split()) and not any(notes in line for line in lines)  # wrapped
