"""What `sheetgen build` makes of the bundled KUBOS content, read back as a user would:
PDF text and page sizes with pypdf, SVG structure as XML."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml
from helpers import (
    DATA,
    MM,
    REPO,
    SVG,
    SVG_NS,
    WORDY_MONSTER,
    character,
    pdf_text,
    read_pdf,
    run_cli,
    svg_group,
    svg_root,
    svg_text,
    svg_words,
    write,
)

KUBOS_CONTENT = REPO / "content" / "kubos"
LINK = "http://www.1km1kt.net/rpg/kubos"


def normalized(text: str) -> str:
    return " ".join(text.split())


def has_notice(text: str) -> bool:
    text = normalized(text)
    return LINK in text and "free to use" in text and "may not be sold" in text


@pytest.fixture
def built(bundled_a4) -> Path:
    """The bundled content's outputs (the shared A4 build; the KUBOS ones under `kubos/`)."""
    return bundled_a4


def bundled_monsters() -> list[dict]:
    docs = []
    for path in sorted((KUBOS_CONTENT / "monsters").glob("*.yaml")):
        docs += [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d]
    return docs


# --- the licence ----------------------------------------------------------------------


def test_every_kubos_pdf_carries_the_licence_notice(built):
    pdfs = sorted((built / "kubos").rglob("*.pdf"))
    products = {p.parent.name for p in pdfs}
    assert {"character-sheet", "blank", "stat-blocks", "stat-cards", "reference"} <= products
    for path in pdfs:
        reader = read_pdf(path)
        if path.parent.name.startswith(
            "reference"
        ):  # the foundation's deck (and its print-shop twin): a last card and the subject
            assert has_notice(pdf_text(path)), path
            assert LINK in reader.metadata.subject
            continue
        for n, page in enumerate(reader.pages, 1):
            text = page.extract_text()
            # A stat card whose rules need the room carries the short notice on its front
            # (not for sale, the link): its back, a page of its own, carries the whole.
            short = path.parent.name.startswith("stat-cards") and "Not for sale · 1km1kt.net/rpg/kubos" in text
            assert has_notice(text) or short, f"{path.name} page {n} lacks the licence notice"


def test_every_kubos_svg_carries_the_licence_notice(built):
    svgs = sorted((built / "kubos").rglob("*.svg"))
    assert svgs
    for path in svgs:
        assert has_notice(svg_text(path)), path


# --- character sheets -----------------------------------------------------------------


def test_character_sheet_is_one_a4_page_with_the_character(built):
    path = built / "kubos" / "character-sheet" / "wren.pdf"
    reader = read_pdf(path)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width) / MM), round(float(box.height) / MM)) == (210, 297)
    text = normalized(pdf_text(path))
    for word in (
        "Wren",
        "Halfling",
        "Scout",
        "SKILL",
        "SHOOT",
        "STRENGTH",
        "SNEAK",
        "SLIGHT",
        "SENSES",
        "ACTION roll",
        "EFFECT",
        "Short sword",
        "Bow and arrows",
        "Padded jacket",
        "Heroic action",
        "ENCUMBERED",
        "MAGIC ITEMS",
    ):
        assert word in text, word


def test_letter_paper_gives_letter_sheets(tmp_path, monkeypatch):
    shutil.copytree(KUBOS_CONTENT, tmp_path / "content" / "kubos")
    monkeypatch.chdir(tmp_path)
    assert run_cli("build", "-o", "out", "--paper", "letter").code == 0
    for path in (tmp_path / "out" / "kubos").rglob("*.pdf"):
        if path.parent.name in ("character-sheet", "blank", "stat-blocks"):
            box = read_pdf(path).pages[0].mediabox
            assert (float(box.width), float(box.height)) == pytest.approx((612, 792), abs=0.01), path


def test_hp_boxes_fp_track_and_capacity_meter_show_brakka(built):
    # Brakka: 8 HP with 5 left, 9 FP, carries 20 of 13 items (worked out in test_kubos_rules).
    root = svg_root(built / "kubos" / "character-sheet" / "brakka.svg")
    hp = svg_group(root, "hp")
    assert len(hp.findall("svg:rect", SVG_NS)) == 8
    assert len(hp.findall("svg:path", SVG_NS)) == 3  # one cross per HP lost
    circles = svg_group(root, "fp-track").findall("svg:circle", SVG_NS)
    assert len(circles) == 24
    assert sum("owned" in c.get("class", "") for c in circles) == 9
    cells = svg_group(root, "capacity-meter").findall("svg:rect", SVG_NS)
    carried = [c for c in cells if "carried" in c.get("class", "").split()]
    over = [c for c in cells if "over" in c.get("class", "").split()]
    assert len(carried) == 20
    assert len(over) == len(cells) - 13  # every cell past the capacity is in the encumbered zone
    assert svg_group(root, "encumbered").get("class") == "checked"


def test_wren_is_not_encumbered(built):
    root = svg_root(built / "kubos" / "character-sheet" / "wren.svg")
    assert svg_group(root, "encumbered").get("class") == "unchecked"
    assert len(svg_group(root, "hp").findall("svg:rect", SVG_NS)) == 6


def test_the_blank_sheet_is_fillable(built):
    path = built / "kubos" / "blank" / "character-sheet.pdf"
    assert (built / "kubos" / "blank" / "character-sheet.svg").exists()
    fields = set(read_pdf(path).get_fields() or {})
    expected = {
        "name",
        "player",
        "race",
        "profession",
        "defence",
        "hp",
        "fate_points",
        "armour",
        "coins",
        "capacity",
        "carried",
        "encumbered_1",
    }
    expected |= {f"attribute_{a}" for a in ("skill", "shoot", "strength", "sneak", "slight", "senses")}
    assert expected <= fields
    assert "ACTION roll" in normalized(pdf_text(path))


# --- monsters -------------------------------------------------------------------------


def test_gm_sheet_packs_many_stat_blocks_to_a_page(built):
    monsters = bundled_monsters()
    path = built / "kubos" / "stat-blocks" / "monsters.pdf"
    pages = read_pdf(path).pages
    assert len(pages) < len(monsters) / 6
    text = normalized(pdf_text(path))
    for m in monsters:
        assert m["name"] in text
    first = svg_root(built / "kubos" / "stat-blocks" / f"monsters{'-p1' if len(pages) > 1 else ''}.svg")
    blocks = [g for g in first.iter(f"{SVG}g") if g.get("class") == "stat-block"]
    assert len(blocks) >= 8


def stat_blocks(built) -> dict[str, object]:
    blocks = {}
    for path in sorted((built / "kubos" / "stat-blocks").glob("*.svg")):
        for g in svg_root(path).iter(f"{SVG}g"):
            if g.get("class") == "stat-block":
                blocks[g.get("id")] = g
    return blocks


def test_each_stat_block_has_one_box_per_hp_and_its_treasure(built):
    blocks = stat_blocks(built)
    for m in bundled_monsters():
        block = blocks[m["id"]]
        hp = m.get("hp", 1)
        assert len(svg_group(block, f"{m['id']}-hp").findall("svg:rect", SVG_NS)) == hp, m["id"]
        assert f"{hp * 10} coins" in normalized(" ".join(svg_words(block))), m["id"]


def test_special_rules_are_spelled_out(built):
    blocks = stat_blocks(built)
    for m in bundled_monsters():
        text = normalized(" ".join(svg_words(blocks[m["id"]])))
        poisonous = m.get("poisonous", False)
        assert ("Poison." in text) == poisonous, m["id"]
        if poisonous:
            assert "paralysed" in text and "STRENGTH" in text
        assert ("Undead." in text) == (m["type"] == "undead"), m["id"]
        if m["type"] == "undead":
            assert "no damage" in text
        assert ("Thrashing." in text and "Flaming acid." in text) == (m["type"] == "dragon"), m["id"]


def test_magic_treasure_is_described(built):
    blocks = stat_blocks(built)
    for m in bundled_monsters():
        for item in m.get("treasure", {}).get("magic_items", []):
            text = normalized(" ".join(svg_words(blocks[m["id"]])))
            if item["attribute"] == "unique":
                assert item["name"] in text and "code word" in text
            else:
                assert f"{item['attribute'].upper()} rolls" in text


def test_stat_cards_are_imposed_nine_to_a_page_with_every_monster(built):
    monsters = bundled_monsters()
    path = built / "kubos" / "stat-cards" / "monsters.pdf"
    reader = read_pdf(path)
    text = normalized(pdf_text(path))
    # A monster whose rules do not fit one card at the deck's text size goes on to a second.
    continued = sum(1 for m in monsters if f"{m['name']} (cont.)" in text)
    cards = len(monsters) + continued
    assert len(reader.pages) == 2 * -(-cards // 9)  # poker cards on A4: 3 × 3, each sheet with its backs
    for m in monsters:
        assert len(re.findall(rf"{re.escape(m['name'])}(?![0-9])(?! \(cont\.\))", text)) == 1, m["name"]


def test_a_216_hp_dragon_with_a_unique_item_still_fits_its_card(workdir):
    shutil.copy(DATA / "kubos" / "tables.yaml", workdir / "content" / "tables.yaml")
    write(
        workdir,
        "content/wyrm.yaml",
        """
        kind: kubos-monster
        id: great-wyrm
        name: The Great Wyrm
        type: dragon
        hp: 216
        treasure:
          magic_items:
            - {table: equipment, attribute: unique, name: Lantern that burns without oil and shows hidden doors}
        """,
    )
    run = run_cli("build", "-o", "out")
    assert run.code == 0, run.stderr
    root = svg_root(workdir / "out" / "kubos" / "stat-blocks" / "monsters.svg")
    assert len(svg_group(root, "great-wyrm-hp").findall("svg:rect", SVG_NS)) == 216


def test_text_that_cannot_fit_a_card_is_an_error_at_its_field(workdir):
    shutil.copy(DATA / "kubos" / "tables.yaml", workdir / "content" / "tables.yaml")
    write(workdir, "content/talker.yaml", WORDY_MONSTER)
    run = run_cli("build", "-o", "out")
    assert run.code == 1
    assert "content/talker.yaml:6:8: error[layout.text-overflow]" in run.stderr
    assert not (workdir / "out" / "kubos" / "stat-cards" / "monsters.pdf").exists()


ORDINARY = [
    "50' rope",
    "Lantern",
    "Tinderbox",
    "Bedroll",
    "Waterskin",
    "Crowbar",
    "Chalk",
    "Torch",
    "Whistle",
    "Flask of oil",
    "Iron spikes and mallet",
    "Grandad's pig-sticker",
    "Potion of healing",
    "Small mirror",
    "Fishing line",
    "Grappling hook",
]


def hero(root, doc_id: str, strength: int, items: list[str]) -> None:
    """A valid character of this STRENGTH carrying these entries (quoted: some hold commas)."""
    character(root, doc_id, strength=strength, items="[" + ", ".join(f'"{name}"' for name in items) + "]")


def test_strength_two_carrying_thirteen_items_in_twelve_entries_prints(workdir):
    # The report: STRENGTH 2 carries 9 + 2² = 13 items; a short sword, a bow and arrows
    # (2 items) and ten ordinary things weigh 13, so the hero is not ENCUMBERED and
    # every entry is on the sheet.
    shutil.copy(DATA / "kubos" / "tables.yaml", workdir / "content" / "tables.yaml")
    entries = ["Short sword", "Bow and arrows"] + ORDINARY[:10]
    hero(workdir, "porter", 2, entries)
    shown = run_cli("show", "--json", "content/porter.yaml")
    derived = json.loads(shown.stdout)["derived"]
    assert (derived["carried"], derived["capacity"], derived["encumbered"]) == (13, 13, False)
    run = run_cli("build", "-o", "out")
    assert run.code == 0, run.stderr
    text = normalized(pdf_text(workdir / "out" / "kubos" / "character-sheet" / "porter.pdf"))
    for name in entries:
        assert name in text, name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_strongest_heros_full_load_prints_on_either_paper(workdir, paper):
    # STRENGTH 3 carries 18 items: eighteen one-item entries all print, in two columns
    # read down the left first, each with its weight.
    shutil.copy(DATA / "kubos" / "tables.yaml", workdir / "content" / "tables.yaml")
    entries = ["Short sword", "Sling"] + ORDINARY
    hero(workdir, "mule", 3, entries)
    run = run_cli("build", "-o", "out", "--paper", paper)
    assert run.code == 0, run.stderr
    sheet = workdir / "out" / "kubos" / "character-sheet"
    text = normalized(pdf_text(sheet / "mule.pdf"))
    for name in entries:
        assert name in text, name
    x_of = {
        g.get("aria-label"): float(re.match(r"translate\(([-\d.]+)", g.get("transform")).group(1))
        for g in svg_root(sheet / "mule.svg").iter(f"{SVG}g")
        if g.get("class") == "text"
    }
    assert x_of["Short sword"] == x_of[ORDINARY[6]] < x_of[ORDINARY[7]] == x_of["Grappling hook"]


def test_a_list_longer_than_the_sheet_holds_is_one_error_in_the_rules_terms(workdir):
    shutil.copy(DATA / "kubos" / "tables.yaml", workdir / "content" / "tables.yaml")
    hero(workdir, "hoarder", 3, ["Short sword", "Sling"] + ORDINARY + [f"Trinket {n}" for n in range(1, 8)])
    run = run_cli("validate", "--format", "json")
    found = [d for d in json.loads(run.stdout) if d["severity"] == "error"]
    assert [(d["code"], d["line"]) for d in found] == [("layout.text-overflow", 7)]
    (d,) = found
    assert "25 entries do not fit" in d["message"] and "two columns" in d["message"]
    assert "ENCUMBERED" in d["hint"] and "STRENGTH 3" in d["hint"] and "count: 4" in d["hint"]


def test_the_blank_sheet_has_a_line_for_every_item_the_strongest_hero_carries(built):
    # 9 + 3² = 18 ruled lines in the item list, in two columns of nine.
    lines = svg_group(svg_root(built / "kubos" / "blank" / "character-sheet.svg"), "item-lines")
    rows = []
    for path in lines.findall("svg:path", SVG_NS):
        x1, y1, x2, y2 = map(float, re.findall(r"-?\d+(?:\.\d+)?", path.get("d")))
        if y1 == y2:
            rows.append((x1, y1))
    assert len(rows) == 18
    assert sorted(Counter(x for x, _ in rows).values()) == [9, 9]


# --- readable, reproducible -----------------------------------------------------------


def laid_out(root: Path):
    """Every KUBOS target of the content under root, laid out in-process."""
    from sheetgen.content.loader import load
    from sheetgen.files.plan import plan
    from sheetgen.files.run import lay_out
    from sheetgen.rules import check

    checked = check(load([root / "content"]))
    for target in plan(checked):
        if target.game == "kubos":
            document, issues = lay_out(target, checked.theme)
            assert not issues, issues
            yield target, document


def test_sentences_are_readable_sizes(tmp_path):
    from sheetgen.layout.primitives import Text, walk
    from sheetgen.layout.sheets.kubos import NOTICE

    shutil.copytree(KUBOS_CONTENT, tmp_path / "content" / "kubos")
    for target, document in laid_out(tmp_path):
        name = target.name.removesuffix("-print-shop")  # a deck's print-shop twin has the same cards
        if name == "reference":  # the foundation's product
            continue
        floor = 6.0 if name == "stat-cards" else 7.0
        for page in document.pages:
            for item, _, _ in walk(page.items):
                if isinstance(item, Text) and len(item.text) >= 12 and item.text not in NOTICE and " " in item.text:
                    assert item.size >= floor - 1e-6, f"{target.key}: {item.text!r} at {item.size:.1f}pt"


def test_the_same_content_builds_the_same_bytes(tmp_path, monkeypatch):
    shutil.copytree(KUBOS_CONTENT, tmp_path / "content" / "kubos")
    monkeypatch.chdir(tmp_path)
    assert run_cli("build", "-o", "a").code == 0
    assert run_cli("build", "-o", "b").code == 0
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a" / "kubos").rglob("*.*"))
    assert files
    for rel in files:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


def test_absurd_numbers_give_diagnostics_or_a_tally_not_a_crash(workdir):
    # 400 HP is more than any roll gives but within sheetgen's bounds: a warning, and a
    # tally line instead of 400 boxes. Coins beyond any hoard are an error at their value.
    shutil.copy(DATA / "kubos" / "tables.yaml", workdir / "content" / "tables.yaml")
    write(
        workdir,
        "content/absurd.yaml",
        """
        kind: kubos-monster
        id: colossus
        name: Colossus
        type: vermin
        hp: 400
        poisonous: false
        ---
        kind: kubos-character
        id: dragon-hoarder
        name: Hoarder
        attributes: {skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}
        hp: 6
        fate_points: 6
        coins: 99999999999999999999
        items: [Dagger, Bow and arrows, Rope, Lantern]
        """,
    )
    run = run_cli("build", "-o", "out")
    assert "Traceback" not in run.stdout + run.stderr
    assert "content/absurd.yaml:5:5: warning[kubos.monster-hp-range]" in run.stderr
    assert "content/absurd.yaml:14:8: error[kubos.number-too-high]" in run.stderr
    assert "layout." not in run.stderr
    root = svg_root(workdir / "out" / "kubos" / "stat-blocks" / "monsters.svg")
    tally = svg_group(root, "colossus-hp")
    assert tally.get("class") == "hp-tally" and "400 HP" in " ".join(svg_words(tally))


# --- review fixes: grids, balance, readings, fields -----------------------------------


def cell_boxes(block) -> list[tuple[float, float]]:
    return [
        (round(float(r.get("x")), 2), round(float(r.get("width")), 2))
        for r in block.iter(f"{SVG}rect")
        if r.get("class") == "stat-cell"
    ]


def test_stat_grids_line_up_between_blocks(built):
    # Whatever a monster's numbers, its grid has the same columns as every other block's
    # in the same page column, and the second row's cells sit under the first row's.
    for path in sorted((built / "kubos" / "stat-blocks").glob("*.svg")):
        by_column: dict[float, set] = {}
        for g in svg_root(path).iter(f"{SVG}g"):
            if g.get("class") != "stat-block":
                continue
            cells = cell_boxes(g)
            assert len(cells) == 8, g.get("id")  # DEFENCE, HP and six attributes
            assert cells[:4] == cells[4:], g.get("id")
            by_column.setdefault(cells[0][0], set()).add(tuple(cells))
        assert by_column
        for layouts in by_column.values():
            assert len(layouts) == 1, path.name


def test_the_last_gm_page_uses_both_columns(built):
    pages = sorted((built / "kubos" / "stat-blocks").glob("*.svg"))
    last = svg_root(pages[-1])
    blocks = [g for g in last.iter(f"{SVG}g") if g.get("class") == "stat-block"]
    assert len(blocks) >= 2
    columns = {cell_boxes(g)[0][0] for g in blocks}
    assert len(columns) == 2


def test_a_long_last_page_is_balanced(workdir):
    # Nine skeletons after a full page: the last page splits them between its columns
    # (in reading order) instead of stacking all of them on the left.
    shutil.copy(DATA / "kubos" / "tables.yaml", workdir / "content" / "tables.yaml")
    docs = [
        f"kind: kubos-monster\nid: skeleton-{n:02d}\nname: Skeleton {n:02d}\ntype: undead\nundead_type: skeleton\n"
        for n in range(1, 30)
    ]
    (workdir / "content" / "skeletons.yaml").write_text("---\n".join(docs), encoding="utf-8")
    assert run_cli("build", "-o", "out").code == 0
    pages = sorted((workdir / "out" / "kubos" / "stat-blocks").glob("*.svg"))
    assert len(pages) >= 2
    blocks = [g for g in svg_root(pages[-1]).iter(f"{SVG}g") if g.get("class") == "stat-block"]
    lefts = [cell_boxes(g)[0][0] for g in blocks]
    left, right = min(lefts), max(lefts)
    assert left != right
    assert abs(lefts.count(left) - lefts.count(right)) <= 1  # equal blocks: an even split
    ids = [g.get("id") for g in blocks]
    assert ids == sorted(ids)  # reading order: down the left column, then the right


def test_the_blank_sheet_fields_sit_in_their_drawn_boxes(tmp_path):
    # Fields draw no border or background of their own: each needs a drawn box or line around it.
    from sheetgen.layout.primitives import Circle, Field, Path, Rect, walk

    shutil.copytree(KUBOS_CONTENT, tmp_path / "content" / "kubos")
    blank = [doc for target, doc in laid_out(tmp_path) if target.name == "blank"]
    assert len(blank) == 1
    items = [(item, dx, dy) for page in blank[0].pages for item, dx, dy in walk(page.items)]
    rects = [(r.x + dx, r.y + dy, r.w, r.h) for r, dx, dy in items if isinstance(r, Rect) and r.stroke]
    lines = [(p, dx, dy) for p, dx, dy in items if isinstance(p, Path)]
    circles = [(c.cx + dx, c.cy + dy, c.r) for c, dx, dy in items if isinstance(c, Circle) and c.stroke]
    fields = [(f.x + dx, f.y + dy, f.w, f.h, f.name) for f, dx, dy in items if isinstance(f, Field)]
    assert len(fields) >= 20

    def boxed(x, y, w, h) -> bool:
        return any(
            rx - 0.1 <= x
            and ry - 0.1 <= y
            and x + w <= rx + rw + 0.1
            and y + h <= ry + rh + 0.1
            and rw <= w + 4
            and rh <= h + 4
            for rx, ry, rw, rh in rects
        )

    def underlined(x, y, w, h) -> bool:
        for p, dx, dy in lines:
            ys = {round(c[2] + dy, 1) for c in p.commands if len(c) == 3}
            xs = [c[1] + dx for c in p.commands if len(c) == 3]
            if len(ys) == 1 and abs(ys.pop() - (y + h)) <= 2.5 and min(xs) <= x + 1 and max(xs) >= x + w - 1:
                return True
        return False

    def ringed(x, y, w, h) -> bool:  # a check box in a drawn circle (the fate points)
        return any(
            abs(x + w / 2 - cx) < 0.1 and abs(y + h / 2 - cy) < 0.1 and (w * w + h * h) ** 0.5 <= 2 * r + 0.1
            for cx, cy, r in circles
        )

    for x, y, w, h, name in fields:
        assert boxed(x, y, w, h) or underlined(x, y, w, h) or ringed(x, y, w, h), name


def test_the_reference_deck_states_the_fine_points_without_tool_commentary(built):
    text = normalized(pdf_text(built / "kubos" / "reference" / "kubos-reference.pdf"))
    points = text[text.index("Fine points") :]
    for phrase in ("exactly 10 HP", "roll again", "arms and armour", "full hundreds", "toughest"):
        assert phrase in points, phrase
    assert "sheetgen's reading" not in text and "sheetgen reads" not in text and "sheetgen decides" not in text
    assert "content/" not in text and ".yaml" not in text  # no file paths on print
    # the rulebook's own examples of unique items are not repeated
    for phrase in ("flying carpet", "points north", "see in the dark"):
        assert phrase not in text.lower(), phrase
    # a grunt's unraised attributes are 0, a captain's and a commander's 1
    assert "Any attribute not raised is 0" not in text
    assert "further 1d6 hours" in text  # poison: FP stay blocked after the paralysis


def test_stat_blocks_say_the_poison_lasts_beyond_the_paralysis(built):
    blocks = stat_blocks(built)
    poisonous = [m for m in bundled_monsters() if m.get("poisonous")]
    assert poisonous
    for m in poisonous:
        assert "further 1d6 hours" in normalized(" ".join(svg_words(blocks[m["id"]])))


def test_magic_arms_print_their_power_and_show_says_it_is_a_reading(built):
    """On the table, a magic weapon's power is stated as the rule played; that it is
    sheetgen's reading is told by `sheetgen show`, not printed on any table product."""
    blocks = stat_blocks(built)
    armed = [
        m
        for m in bundled_monsters()
        if any(i["table"] == "arms-armour" for i in m.get("treasure", {}).get("magic_items", []))
    ]
    assert armed
    for m in armed:
        words = normalized(" ".join(svg_words(blocks[m["id"]])))
        assert "Spend FP one for two on" in words and "sheetgen" not in words, m["id"]
    for pdf in sorted((built / "kubos").rglob("*.pdf")):
        assert "sheetgen's reading" not in normalized(pdf_text(pdf)), pdf.name
    path = next(p for p in sorted((KUBOS_CONTENT / "monsters").glob("*.yaml")) if armed[0]["name"] in p.read_text())
    shown = run_cli("show", "--json", "--id", armed[0]["id"], str(path))
    items = json.loads(shown.stdout)["derived"]["treasure"]["magic_items"]
    assert any(i.get("reading", "").startswith("sheetgen's reading") for i in items if i["table"] == "arms-armour")


def test_stat_blocks_and_cards_follow_the_files_order_or_the_order_field(workdir):
    """The boss written first stays first (not filed among the goblins by name); `order:`
    moves a monster whatever its file."""
    shutil.copy(DATA / "kubos" / "tables.yaml", workdir / "content" / "tables.yaml")
    goblins = [
        f"kind: kubos-monster\nid: goblin-{n}\nname: Goblin {n}\ntype: undead\nundead_type: skeleton\n" for n in (1, 2)
    ]
    boss = "kind: kubos-monster\nid: warlord\nname: Zog the Warlord\ntype: undead\nundead_type: zombie\n"
    (workdir / "content" / "a-band.yaml").write_text("---\n".join([boss, *goblins]), encoding="utf-8")
    (workdir / "content" / "b-later.yaml").write_text(
        "kind: kubos-monster\nid: archer\nname: Archer\ntype: undead\nundead_type: skeleton\norder: -1\n",
        encoding="utf-8",
    )
    assert run_cli("build", "-o", "out", "--format", "pdf").code == 0
    for product in ("stat-blocks", "stat-cards"):
        text = normalized(pdf_text(workdir / "out" / "kubos" / product / "monsters.pdf"))
        at = [text.index(name) for name in ("Archer", "Zog the Warlord", "Goblin 1", "Goblin 2")]
        assert at == sorted(at), (product, at)


def test_a_stat_block_names_a_long_named_monster_whole_and_its_rules_by_name(workdir):
    """A name too long to share the header with "Large humanoid commander" gets a row of its
    own, whole and with no error; a special rule written "Curse: …" prints its name in
    bold, and the notes say they are notes, so each part of the block can be told apart."""
    from helpers.pdfops import read_marks

    write(
        workdir,
        "content/hag.yaml",
        """
        kind: kubos-monster
        id: bog-hag
        name: The Bog Hag of Mirewood Hollow
        type: humanoid
        rank: commander
        size: large
        attributes: {skill: 3, shoot: 1, strength: 3, sneak: 2, slight: 2, senses: 1}
        hp: 14
        special_rules:
          - "Curse: once per fight, one hero rolls with one die fewer until the end of the fight."
        notes: She trades in names and memories.
        """,
    )
    run = run_cli("build", "--format", "pdf")
    assert run.code == 0 and "error[" not in run.stderr, run.stderr
    page = read_pdf(workdir / "output/kubos/stat-blocks/monsters.pdf").pages[0]
    runs, _ = read_marks(page)
    texts = [r.text for r in runs]
    assert "The Bog Hag of Mirewood Hollow" in texts
    name = next(r for r in runs if r.text == "The Bog Hag of Mirewood Hollow")
    assert name.size >= 8
    curse = next(r for r in runs if r.text.startswith("Curse:"))
    rest = next(r for r in runs if "once per fight" in r.text)
    assert curse.font != rest.font  # the rule's name in another (the bold) face
    assert any(t.startswith("Notes.") for t in texts)
