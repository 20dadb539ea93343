"""Tricube Tales outputs, read back as a user would: character sheets (PDF and SVG,
A4 and Letter), the fillable blank sheet's form fields, character and foe cards
9-up at card size, and same input giving the same bytes."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from helpers import DATA, MM, REPO, SVG, pdf_text, read_pdf, run_cli, svg_group, svg_root, svg_words, write
from helpers.pdfops import read_marks

POKER = (63.5 * MM, 88.9 * MM)
PAPER = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}


def build(root: Path, *args: str) -> Path:
    run = run_cli("build", "content", "-o", "out", *args)
    assert run.code == 0, run.stderr
    return root / "out" / "tricube"


@pytest.fixture
def built(bundled_a4) -> Path:
    """The bundled Tricube Tales content's outputs (the shared A4 build)."""
    return bundled_a4 / "tricube"


def bundled_characters() -> list[dict]:
    return [yaml.safe_load(p.read_text()) for p in sorted((REPO / "content/tricube/characters").glob("*.yaml"))]


def bundled_limits() -> dict:
    return yaml.safe_load((DATA / "tricube/rules.yaml").read_text())


def text_sizes(path: Path) -> list[tuple[float, str]]:
    """(size in points, text) of every text run in a PDF."""
    out: list[tuple[float, str]] = []
    for page in read_pdf(path).pages:
        page.extract_text(
            visitor_text=lambda text, cm, tm, font, size: (
                out.append((abs(size * tm[0]), text)) if text.strip() else None
            )
        )
    return out


# --- character sheets ------------------------------------------------------------------------------


@pytest.mark.parametrize("character", bundled_characters(), ids=lambda c: c["id"])
def test_character_sheet_shows_the_character(built, character):
    pdf = built / "character-sheet" / f"{character['id']}.pdf"
    reader = read_pdf(pdf)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(PAPER["a4"], abs=0.1)
    text = " ".join(pdf_text(pdf).split())
    for value in [
        character["name"],
        character["concept"],
        character["trait"].capitalize(),
        character["combat_style"].capitalize(),
        *character["perks"],
        *character["quirks"],
        *character.get("advances", []),
    ]:
        assert value in text, value
    for affliction in character.get("afflictions", []):
        assert (affliction if isinstance(affliction, str) else affliction["name"]) in text
    for heading in ("KARMA", "RESOLVE", "AFFLICTIONS", "ADVANCES", "PERKS", "QUIRKS", "DICE"):
        assert heading in text
    assert "more than three" in text  # the retirement rule


@pytest.mark.parametrize("character", bundled_characters(), ids=lambda c: c["id"])
def test_token_circles_show_current_and_earned_tokens(built, character):
    """Six circles (the campaign's maximum) per pool, the current tokens filled."""
    root = svg_root(built / "character-sheet" / f"{character['id']}.svg")
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    limits = bundled_limits()
    for token in ("karma", "resolve"):
        circles = list(svg_group(root, f"{character['id']}-{token}").iter(f"{SVG}circle"))
        radius = max(float(c.get("r")) for c in circles)
        tokens = [c for c in circles if float(c.get("r")) == radius]
        current = character.get(f"current_{token}", character[token])
        assert len(tokens) == limits[f"max_{token}"]
        assert sum(1 for c in tokens if c.get("fill") != "none") == current
        # Circles still to be earned with advances carry a dot.
        assert len(circles) - len(tokens) == limits[f"max_{token}"] - character[token]


def dice_on_sheet(root, doc_id: str) -> dict[str, tuple[int, int]]:
    out = {}
    for challenge in ("agile", "brawny", "crafty", "melee", "ranged", "mental"):
        labels = svg_words(svg_group(root, f"{doc_id}-dice-{challenge}"))
        out[challenge] = (int(labels[-2]), int(labels[-1]))
    return out


CHARACTER = """
    kind: tricube-character
    id: {id}
    name: {name}
    trait: {trait}
    concept: {concept}
    combat_style: {style}
    perks: [Strong]
    quirks: [Rude]
    karma: 3
    resolve: 3
"""


def test_sheet_dice_follow_the_rulebook_examples(workdir):
    """ "A brawny barbarian rolls 3d6 to swing a sword, 2d6 to throw a spear, and 1d6 to
    pick a lock. [...] A crafty wizard rolls 3d6 to throw a fireball at someone, 2d6 to
    climb a rope, and 1d6 to swing a greatsword in combat." """
    write(
        workdir,
        "content/barbarian.yaml",
        CHARACTER.format(id="conan", name="Conan", trait="brawny", concept="Barbarian", style="melee"),
    )
    write(
        workdir,
        "content/wizard.yaml",
        CHARACTER.format(id="merla", name="Merla", trait="crafty", concept="Wizard", style="mental"),
    )
    out = build(workdir, "--format", "svg")
    barbarian = dice_on_sheet(svg_root(out / "character-sheet/conan.svg"), "conan")
    assert barbarian["melee"][0] == 3  # swing a sword
    assert barbarian["ranged"][0] == 2  # throw a spear
    assert barbarian["agile"][1] == 1  # pick a lock: dexterity, outside a barbarian's concept
    wizard = dice_on_sheet(svg_root(out / "character-sheet/merla.svg"), "merla")
    assert wizard["mental"][0] == 3  # a fireball
    assert wizard["brawny"][0] == 2  # climb a rope
    assert wizard["melee"][1] == 1  # a greatsword, outside a wizard's concept


def test_sheet_dice_follow_the_chosen_combat_style(workdir):
    """ "An agile thief might prefer melee weapons": the chosen style gets the 3 dice,
    not the trait's usual one."""
    write(
        workdir,
        "content/thief.yaml",
        CHARACTER.format(id="nim", name="Nim", trait="agile", concept="Thief", style="melee"),
    )
    out = build(workdir, "--format", "svg")
    thief = dice_on_sheet(svg_root(out / "character-sheet/nim.svg"), "nim")
    assert thief["agile"] == (3, 2)
    assert thief["melee"] == (3, 2) and thief["ranged"] == (2, 1) and thief["mental"] == (2, 1)


def test_letter_paper(workdir):
    write(
        workdir,
        "content/barbarian.yaml",
        CHARACTER.format(id="conan", name="Conan", trait="brawny", concept="Barbarian", style="melee"),
    )
    out = build(workdir, "--paper", "letter")
    box = read_pdf(out / "character-sheet/conan.pdf").pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(PAPER["letter"], abs=0.1)
    assert svg_root(out / "character-sheet/conan.svg").get("width") == "215.9mm"
    assert "Conan" in pdf_text(out / "character-sheet/conan.pdf")


def test_readable_text_sizes(built):
    """Nothing on a sheet or card below 6pt; every rules reminder on a sheet at 7pt or more."""
    sheet = text_sizes(built / "character-sheet/brann.pdf")
    assert min(size for size, _ in sheet) >= 6 - 0.01
    reminders = [
        size
        for size, text in sheet
        if len(text.split()) >= 4 and text[:1].isupper() and not text.isupper() and "Richard Wilson" not in text
    ]  # the credit is footer fine print
    assert reminders and min(reminders) >= 7 - 0.01
    for cards in ("character-cards/party.pdf", "foe-cards/foes.pdf"):
        assert min(size for size, _ in text_sizes(built / cards)) >= 6 - 0.01


# --- the fillable blank ---------------------------------------------------------------------------


def test_blank_sheet_has_readable_form_fields(built):
    fields = read_pdf(built / "blank/character-sheet.pdf").get_fields()
    limits = bundled_limits()
    text = {"name", "player", "trait", "concept", "combat_style", "perks", "quirks", "advances", "notes"}
    text |= {f"affliction_{n}" for n in range(1, limits["max_afflictions"] + 1)}
    text |= {
        f"{c}_{s}" for c in ("agile", "brawny", "crafty", "melee", "ranged", "mental") for s in ("dice", "outside")
    }
    boxes = {f"{t}_{n}" for t in ("karma", "resolve") for n in range(1, 7)}
    boxes |= {f"affliction_{n}_permanent" for n in range(1, limits["max_afflictions"] + 1)}
    assert set(fields) == text | boxes
    assert {name for name, f in fields.items() if f.get("/FT") == "/Tx"} == text
    assert {name for name, f in fields.items() if f.get("/FT") == "/Btn"} == boxes
    assert fields["perks"].get("/Ff", 0) & (1 << 12)  # multi-line


def test_blank_sheet_is_built_with_any_tricube_content(workdir):
    write(workdir, "content/foe.yaml", "kind: tricube-foe\nid: rat\nname: Rat\ndifficulty: 4\neffort: 1\n")
    out = build(workdir)
    assert "name" in read_pdf(out / "blank/character-sheet.pdf").get_fields()


def test_blank_sheet_follows_the_campaigns_limits(workdir):
    write(workdir, "content/foe.yaml", "kind: tricube-foe\nid: rat\nname: Rat\ndifficulty: 4\neffort: 1\n")
    write(
        workdir,
        "content/rules.yaml",
        """
        kind: tricube-rules
        id: heroic
        title: A heroic campaign
        max_karma: 8
        max_afflictions: 4
    """,
    )
    fields = read_pdf(build(workdir) / "blank/character-sheet.pdf").get_fields()
    assert {f"karma_{n}" for n in range(1, 9)} <= set(fields) and "karma_9" not in fields
    assert "affliction_4" in fields and "resolve_7" not in fields


# --- cards --------------------------------------------------------------------------------------


def test_character_cards_nine_up_with_crop_marks(workdir):
    names = [f"Hero {chr(ord('A') + i)}" for i in range(10)]
    for i, name in enumerate(names):
        write(
            workdir,
            f"content/c{i}.yaml",
            CHARACTER.format(id=f"hero-{i}", name=name, trait="agile", concept="Scout", style="ranged"),
        )
    out = build(workdir)
    reader = read_pdf(out / "character-cards/party.pdf")
    assert len(reader.pages) == 4  # two sheets, each followed by its backs
    assert [p.extract_text().count("Hero") for p in reader.pages] == [9, 0, 1, 0]
    trim = reader.pages[0].trimbox
    assert (float(trim.width), float(trim.height)) == pytest.approx((3 * POKER[0], 3 * POKER[1]), abs=0.05)
    first = svg_root(out / "character-cards/party-p1.svg")
    cards = [g for g in first.iter(f"{SVG}g") if (g.get("class") or "").split() == ["card"]]
    assert len(cards) == 9
    assert any(g.get("id") == "crop-marks" for g in first.iter(f"{SVG}g"))
    text = " ".join(pdf_text(out / "character-cards/party.pdf").split())
    assert all(name in text for name in names)


def test_a_character_card_whose_long_name_and_concept_crowd_it_keeps_its_perks_and_quirks(workdir):
    """A two-line name and a two-line concept leave too little room for the perks, the
    quirks and the roll reminder: the reminder is left out and the card keeps its own
    text, at a size still easy to read; only more perks than the card holds go on to a
    card marked "(cont.)", with the reminder."""
    name = "Hedda Stonebrook-Ironfoot of the Seven Caravans"
    concept = "Dwarven caravan guard who once protected a princess from a dragon"
    write(
        workdir,
        "content/hedda.yaml",
        CHARACTER.format(id="hedda", name=name, trait="brawny", style="melee", concept=concept),
    )
    reader = read_pdf(build(workdir) / "character-cards/party.pdf")
    text = " ".join(reader.pages[0].extract_text().split())
    assert text.count("Tricube Tales by") == 1 and "1/1" in text and "(cont.)" not in text  # one card
    assert "Perks: Strong" in text and "Quirks: Rude" in text and "critical failure" not in text
    runs, _ = read_marks(reader.pages[0])
    perks = next(r for r in runs if r.text.startswith("Perks"))
    assert perks.size >= 9 * 0.85 - 0.01
    many = "[" + ", ".join(f"Perk number {n} of many" for n in range(1, 10)) + "]"
    write(
        workdir,
        "content/hedda.yaml",
        CHARACTER.format(id="hedda", name=name, trait="brawny", style="melee", concept=concept).replace(
            "[Strong]", many
        ),
    )
    reader = read_pdf(build(workdir) / "character-cards/party.pdf")
    text = " ".join(reader.pages[0].extract_text().split())
    assert "of the Seven Caravans (cont.)" in text and "critical failure" in text
    assert text.index("(cont.)") < text.index("Perks: Perk number 1") and "Quirks: Rude" in text


def test_a_name_too_long_for_the_card_is_an_error_at_the_name_only(workdir):
    """A name that two lines of the title band cannot hold even at the smallest size is an
    error at `name`, saying how long it may be; the perks and quirks (which go on to the
    next card) are not blamed."""
    name = "Hedda Stonebrook-Ironfoot of the Seven Caravans of the Northern Waste"
    write(
        workdir,
        "content/hedda.yaml",
        CHARACTER.format(
            id="hedda",
            name=name,
            trait="brawny",
            style="melee",
            concept="Dwarven caravan guard who once protected a princess from a dragon",
        ),
    )
    run = run_cli("validate", "content", "--format", "json")
    found = [d for d in json.loads(run.stdout) if d["code"] == "layout.text-overflow"]
    assert found and all(d["line"] == 3 for d in found), found  # `name:`
    cards = [d for d in found if "`tricube-character-cards`" in d["message"]]
    assert len(cards) == 1 and re.search(r"shorten it to \d+ characters or fewer \(it has 69\)", cards[0]["hint"])


def test_the_example_foe_s_notes_print_whole_on_square_cards(tmp_path, monkeypatch):
    """On a square card the example foe's notes and the rules reminder under them do not
    both fit beside its effort boxes: the notes print whole, the reminder left out, and
    nothing fails."""
    from helpers import initialised

    root = initialised(tmp_path, monkeypatch, "tricube")
    theme = root / "content" / "theme.yaml"
    theme.write_text(theme.read_text().replace("card_size: poker", "card_size: square"))
    run = run_cli("build")
    assert run.code == 0 and "error[" not in run.stderr, run.stderr
    text = " ".join(pdf_text(root / "output" / "tricube" / "foe-cards" / "foes.pdf").split())
    assert "they flee when their leader falls" in text


def test_character_card_tokens(built):
    root = svg_root(built / "character-cards/party-p1.svg")  # fronts; p2 is their backs
    circles = list(svg_group(root, "brann-karma").iter(f"{SVG}circle"))
    radius = max(float(c.get("r")) for c in circles)
    filled = [c for c in circles if float(c.get("r")) == radius and c.get("fill") != "none"]
    brann = next(c for c in bundled_characters() if c["id"] == "brann")
    assert len(filled) == brann["current_karma"]


def test_foe_cards_show_difficulty_and_effort_boxes(built):
    foes = list(yaml.safe_load_all((REPO / "content/tricube/foes/ruins.yaml").read_text()))
    root = svg_root(built / "foe-cards/foes-p1.svg")
    text = " ".join(svg_words(root))
    for foe in foes:
        assert foe["name"] in text
        assert f"hit on {foe['difficulty']}+" in text
        assert len(list(svg_group(root, f"{foe['id']}-effort").iter(f"{SVG}rect"))) == foe["effort"]
    trim = read_pdf(built / "foe-cards/foes.pdf").pages[0].trimbox
    cols = min(3, len(foes))
    assert float(trim.width) == pytest.approx(cols * POKER[0], abs=0.05)


# --- words on every product ------------------------------------------------------------------


def test_every_product_credits_the_game_and_names_no_files(built):
    """Sheets and cards carry a credit line with the game's author; the reference deck
    carries it on its backs. Nothing printed names a content file."""
    demo = {yaml.safe_load(p.read_text())["id"] for p in (REPO / "content/decks").glob("*.yaml")}
    pdfs = sorted(p for p in built.rglob("*.pdf") if p.stem not in demo)  # Tricube Tales' own
    assert len(pdfs) >= 5
    for pdf in pdfs:
        reader = read_pdf(pdf)
        for number, page in enumerate(reader.pages, 1):
            text = " ".join(page.extract_text().split())
            assert "content/" not in text and ".yaml" not in text, (pdf.name, number)
            if "reference" not in pdf.parts:
                assert "Tricube Tales by Richard Wilson" in text, (pdf.name, number)
    deck = " ".join(pdf_text(built / "reference/tricube-basics.pdf").split())
    assert "Tricube Tales by Richard Wilson" in deck


def test_long_concept_is_reported_at_the_concept(workdir):
    """Text drawn from content that does not fit is reported at its own line and column,
    on the sheet and on the card's subtitle, never at the product."""
    concept = "Retired " + " ".join(["lighthouse-keeping"] * 9) + " astronomer"
    assert len(concept) <= 200  # within what the model allows
    write(
        workdir,
        "content/long.yaml",
        CHARACTER.format(id="long", name="Lee", trait="crafty", concept=concept, style="mental"),
    )
    run = run_cli("validate", "--format", "json", "content")
    everything = json.loads(run.stdout)
    found = [d for d in everything if d["code"] != "build.not-rebuilt"]
    assert found and run.code == 1
    assert {(d["file"], d["line"], d["column"], d["code"]) for d in found} == {
        ("content/long.yaml", 5, 10, "layout.text-overflow")
    }
    assert len(found) == 2  # the sheet's concept field and the card's subtitle
    # As a build says: the party's cards wait for a member whose own sheet has errors.
    assert any(d["code"] == "build.not-rebuilt" and "character-cards/party" in d["message"] for d in everything)
    assert any("subtitle" in d["message"] for d in found)


def test_karma_below_the_start_builds(workdir):
    """Karma spent for good (below the 3 characters start with) is a valid character:
    the sheet and card show what is left."""
    text = CHARACTER.format(id="spent", name="Spent", trait="agile", concept="Scout", style="ranged")
    write(workdir, "content/spent.yaml", text.replace("karma: 3", "karma: 1"))
    out = build(workdir, "--format", "svg")
    root = svg_root(out / "character-sheet/spent.svg")
    circles = list(svg_group(root, "spent-karma").iter(f"{SVG}circle"))
    radius = max(float(c.get("r")) for c in circles)
    assert sum(1 for c in circles if float(c.get("r")) == radius and c.get("fill") != "none") == 1
    assert "1 of 1" in " ".join(svg_words(root))


# --- determinism and the output tree ------------------------------------------------------------


def test_same_input_same_bytes(built, tmp_path, monkeypatch):
    """The content whose outputs are under `tricube/` (the game's, and a demo deck of its
    system), built again: the same bytes."""
    for folder in ("tricube", "decks"):
        shutil.copytree(REPO / "content" / folder, tmp_path / "content" / folder)
    shutil.copy(REPO / "content" / "theme.yaml", tmp_path / "content" / "theme.yaml")
    monkeypatch.chdir(tmp_path)
    again = build(tmp_path)
    files = sorted(p.relative_to(built) for p in built.rglob("*") if p.is_file())
    assert files
    for rel in files:
        assert (again / rel).read_bytes() == (built / rel).read_bytes(), rel


def test_manifest_lists_every_product(built):
    manifest = json.loads((built.parent / "manifest.json").read_text())
    paths = {e["path"] for e in manifest["outputs"]}
    expected = {f"tricube/character-sheet/{c['id']}.{ext}" for c in bundled_characters() for ext in ("pdf", "svg")}
    expected |= {
        "tricube/blank/character-sheet.pdf",
        "tricube/character-cards/party.pdf",
        "tricube/character-cards/party-p1.svg",
        "tricube/character-cards/party-p2.svg",
        "tricube/foe-cards/foes.pdf",
        "tricube/foe-cards/foes-p1.svg",
        "tricube/character-cards-print-shop/party.pdf",
        "tricube/foe-cards-print-shop/foes.pdf",
        "tricube/reference/tricube-basics.pdf",
        "tricube/reference-print-shop/tricube-basics.pdf",
    }
    assert expected <= paths


def test_a_name_too_long_is_one_error_per_product_with_the_length_that_fits(workdir):
    """A character's name too long for the card's title and the sheet's: one error for
    each product, each naming it, at the name; the hint is to shorten the name (never to
    split it over cards) to a length that fits, and a name that long builds."""
    name = "Brannigan Ironfist the Unbreakable Son of Thorgrim Stonehammer of the Deep Halls Under the Mountain"
    write(
        workdir,
        "content/long.yaml",
        CHARACTER.format(id="long", name=name, trait="brawny", concept="Guard", style="melee"),
    )
    run = run_cli("validate", "--format", "json")
    found = [d for d in json.loads(run.stdout) if d["code"] != "build.not-rebuilt"]  # the party's cards wait
    assert run.code == 1 and {(d["file"], d["line"], d["column"], d["code"]) for d in found} == {
        ("content/long.yaml", 3, 7, "layout.text-overflow")
    }, found
    products = sorted(d["message"].split("`")[3] for d in found)
    assert products == ["tricube-character-cards", "tricube-character-sheet"], found  # once each
    fits = []
    for d in found:
        assert d["message"].startswith(f"tricube-character `long` in `{d['message'].split('`')[3]}`: ")
        assert "split" not in d["hint"], d
        m = re.fullmatch(r"shorten it to (\d+) characters or fewer \(it has (\d+)\)", d["hint"])
        assert m and int(m.group(2)) == len(name), d
        fits.append(int(m.group(1)))
    shorter = name[: min(fits)].rstrip()
    write(
        workdir,
        "content/long.yaml",
        CHARACTER.format(id="long", name=shorter, trait="brawny", concept="Guard", style="melee"),
    )
    run = run_cli("build", "--format", "pdf")
    assert run.code == 0, run.stderr
    assert shorter in " ".join(pdf_text(workdir / "output/tricube/character-sheet/long.pdf").split())


def test_a_characters_notes_print_on_its_card_where_they_fit(workdir):
    """An NPC's notes are what a GM looks for: on the card under the perks and quirks when
    they fit there at a size easy to read; when they do not, the card says they are on
    the character sheet, and its own text keeps its size."""
    write(
        workdir,
        "content/tomas.yaml",
        CHARACTER.format(id="tomas", name="Tomas", trait="crafty", style="mental", concept="Ferryman")
        + "    notes: Charges a silver coin each way, two if you look rich.\n",
    )
    reader = read_pdf(build(workdir) / "character-cards/party.pdf")
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Notes: Charges a silver coin each way, two if you look rich." in text and "(cont.)" not in text
    write(
        workdir,
        "content/tomas.yaml",
        CHARACTER.format(id="tomas", name="Tomas", trait="crafty", style="mental", concept="Ferryman")
        + "    notes: "
        + "A long story of the river, its tolls and its ghosts. " * 12
        + "\n",
    )
    reader = read_pdf(build(workdir) / "character-cards/party.pdf")
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Notes: on the character sheet." in text and "ghosts" not in text and "(cont.)" not in text
    runs, _ = read_marks(reader.pages[0])
    assert next(r for r in runs if r.text.startswith("Perks")).size == pytest.approx(9, abs=0.01)
    assert "ghosts" in pdf_text(workdir / "out/tricube/character-sheet/tomas.pdf")


def test_a_characters_notes_are_never_left_off_its_cards_unsaid(workdir):
    """However much the perks and quirks take of a card, a character's notes are on its
    cards or the cards say they are on the character sheet: where the perks and quirks
    fill the card, the notes go on to a card of their own (marked "(cont.)"), and where
    the perks and quirks go on to a next card, the notes join them there when they fit."""
    words = ["Keen-eyed", "archer", "of", "woods", "and", "hills"]
    notes = "A long story of the river, its tolls and its ghosts. " * 4
    for n in range(24):
        perks = [" ".join((words * 3)[i : i + 3 + (n // 4) % 4]) for i in range(1 + n % 4)]
        quirks = ["Afraid of deep water and the dark", "Owes money to half the town", "Sings badly at every feast"][
            : 1 + (n // 8) % 3
        ]
        write(
            workdir,
            f"content/c{n:02d}.yaml",
            CHARACTER.format(id=f"c{n:02d}", name=f"Char {n}", trait="crafty", concept="Ferryman", style="mental")
            .replace("[Strong]", json.dumps(perks))
            .replace("[Rude]", json.dumps(quirks))
            + f"    notes: {notes if n else 'Charges a silver coin each way.'}\n",
        )
    reader = read_pdf(build(workdir) / "character-cards-print-shop/party.pdf")  # a card a page
    cards: dict[str, list[str]] = {}
    for page in reader.pages:
        text = " ".join(page.extract_text().split())
        found = re.search(r"Char (\d+)", text)
        if found:
            cards.setdefault(found.group(1), []).append(text)
    assert len(cards) == 24
    ways = {"on the card": 0, "on a card of their own": 0, "with the perks on the next card": 0, "on the sheet": 0}
    for n, texts in cards.items():
        on_cards = [t for t in texts if "ghosts" in t or "silver coin" in t]
        pointed = [t for t in texts if "Notes: on the character sheet." in t]
        assert len(on_cards) + len(pointed) == 1, (n, texts)  # said once, one way or the other
        if pointed:
            ways["on the sheet"] += 1
        elif len(texts) == 1:
            ways["on the card"] += 1
        else:
            assert len(texts) == 2 and "(cont.)" in on_cards[0], texts
            ways["with the perks on the next card" if "Perks:" in on_cards[0] else "on a card of their own"] += 1
    assert all(ways.values()), ways  # the characters above take each way


def test_a_party_cards_share_one_body_size_easy_to_read(workdir):
    """One body size per deck (README, "Type that prints"): a character whose perks fill
    the card and five whose perks are a word each print theirs at the same size, and not
    shrunk below what is easy to read on a card (85 % of 9pt)."""
    for n, perks in enumerate(["[Marksman]"] * 5 + ["[Shield wall, Veteran of the Long War, Battle cry]"]):
        write(
            workdir,
            f"content/c{n}.yaml",
            CHARACTER.format(
                id=f"c{n}",
                name="Elowen of the Greenwood" if n == 0 else f"Char {n}",
                trait="brawny",
                concept="Mercenary",
                style="melee",
            )
            .replace("[Strong]", perks)
            .replace("[Rude]", "[Bad knee, Drinks too much]"),
        )
    reader = read_pdf(build(workdir) / "character-cards/party.pdf")
    runs, _ = read_marks(reader.pages[0])
    sizes = {round(r.size, 2) for r in runs if r.text.startswith(("Perks:", "Quirks:"))}
    assert len([r for r in runs if r.text.startswith("Perks:")]) == 6
    assert len(sizes) == 1 and 9 * 0.85 - 0.01 <= sizes.pop() <= 9, sizes


def test_every_affliction_prints_on_mini_cards(workdir):
    """Three afflictions are legal; on a mini card, with no room for three ruled lines,
    they run on as text in the room the perks leave (those go on to a second card)."""
    write(workdir, "content/theme.yaml", "kind: theme\nid: t\ncard_size: mini\n")
    write(
        workdir,
        "content/vet.yaml",
        CHARACTER.format(id="vet", name="Old Veteran", trait="brawny", concept="Retired mercenary", style="melee")
        + "    afflictions: [Broken arm, Fear of fire, Scarred face]\n",
    )
    reader = read_pdf(build(workdir) / "character-cards/party.pdf")
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Broken arm · Fear of fire · Scarred face" in text, text
    assert "Old Veteran (cont.)" in text and "Perks: Strong" in text


# Words for perks that read apart from every other word on a card.
ALPHABET = [
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliet",
    "kilo",
    "lima",
    "mike",
    "november",
    "oscar",
    "papa",
    "quebec",
    "romeo",
    "sierra",
    "tango",
    "uniform",
    "victor",
    "whiskey",
    "xray",
    "yankee",
    "zulu",
]


@pytest.mark.parametrize("perks, notes", [(11, ""), (8, "A long story of the river, its tolls and its ghosts. " * 4)])
def test_text_longer_than_a_mini_card_goes_on_and_its_notes_are_said(workdir, perks, notes):
    """On mini cards the perks go on to a "(cont.)" card: eleven perks (a list with no
    sentence to break at) shrink there rather than refuse to print, and a character's
    notes are on the cards, or the cards say they are on the sheet."""
    listed = ", ".join(" ".join(ALPHABET[(3 * i + k) % len(ALPHABET)] for k in range(3)) for i in range(perks))
    write(workdir, "content/theme.yaml", "kind: theme\nid: t\ncard_size: mini\n")
    write(
        workdir,
        "content/x.yaml",
        CHARACTER.format(id="x", name="X", trait="agile", concept="Scout", style="ranged")
        .replace("[Strong]", f"[{listed}]")
        .replace("[Rude]", "[Shy]")
        + f"    advances: [{', '.join('abcdefghijk'[: perks - 1])}]\n"
        + (f"    notes: {notes}\n" if notes else ""),
    )
    text = " ".join(pdf_text(build(workdir) / "character-cards/party.pdf").split())
    assert "X (cont.)" in text and "Perks:" in text
    if notes:
        assert "ghosts" in text or "Notes: on the character sheet." in text, text


def test_perks_longer_than_a_card_go_on_between_perks_with_no_card_for_the_reminder(workdir):
    """Eleven four-word perks on mini cards: more than one "(cont.)" card holds, so the
    list goes on between two perks (never inside one, and no card starts or ends with
    `·`); the roll reminder is left out rather than given a card of its own."""
    perks = [" ".join(ALPHABET[(4 * i + k) % len(ALPHABET)] for k in range(4)) for i in range(11)]
    write(workdir, "content/theme.yaml", "kind: theme\nid: t\ncard_size: mini\n")
    write(
        workdir,
        "content/x.yaml",
        CHARACTER.format(id="x", name="X", trait="agile", concept="Scout", style="ranged")
        .replace("[Strong]", "[" + ", ".join(perks) + "]")
        .replace("[Rude]", "[Shy]")
        + "    advances: [a, b, c, d, e, f, g, h, i, j]\n",
    )
    reader = read_pdf(build(workdir) / "character-cards-print-shop/party.pdf")  # a card a page
    cards = [" ".join(p.extract_text().split()) for p in reader.pages if "X" in p.extract_text()]
    texts = [re.sub(r" \d+/\d+$", "", t.split("Tricube Tales", 1)[1]).strip() for t in cards]  # the card's own text
    assert len(cards) >= 3 and all(t for t in texts[1:]), texts  # a face, then the text over several cards
    assert not any("A die that meets" in t for t in texts), texts
    assert not any(t.startswith("·") or t.endswith("·") for t in texts), texts
    flowed = " · ".join(t.removeprefix("Perks: ").split(" Quirks:")[0] for t in texts[1:])
    assert [p.strip() for p in flowed.split(" · ")] == perks, flowed


def test_text_over_several_cards_keeps_its_reminder_where_the_last_card_has_room(workdir):
    """Ten four-word perks on mini cards take two "(cont.)" cards; the last has room under
    "Quirks: Shy" for the roll reminder, which is there, once."""
    words = ALPHABET[:17]
    perks = [" ".join(words[(4 * i + j) % len(words)] for j in range(4)) + "." for i in range(10)]
    write(workdir, "content/theme.yaml", "kind: theme\nid: t\ncard_size: mini\n")
    write(
        workdir,
        "content/x.yaml",
        CHARACTER.format(id="x", name="X", trait="agile", concept="Scout", style="ranged")
        .replace("[Strong]", "[" + ", ".join(perks) + "]")
        .replace("[Rude]", "[Shy]")
        + "    advances: [a, b, c, d, e, f, g, h, i]\n",
    )
    reader = read_pdf(build(workdir) / "character-cards-print-shop/party.pdf")
    texts = [" ".join(p.extract_text().split()) for p in reader.pages if "X" in p.extract_text()]
    assert sum("(cont.)" in t for t in texts) >= 2, texts
    last = texts[-1]
    assert "Quirks: Shy" in last and "A die that meets the difficulty" in last, last
    assert sum("A die that meets" in t for t in texts) == 1
