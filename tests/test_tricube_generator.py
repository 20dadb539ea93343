"""`sheetgen new tricube-character`: reproducible by seed, always a valid character,
drawn from the content tables."""

from __future__ import annotations

import random

import pytest
import yaml
from helpers import DATA, REPO, examples, run_cli, write
from hypothesis import given, settings
from hypothesis import strategies as st

TABLES = DATA / "tricube" / "tables"


def table(name: str) -> dict:
    return yaml.safe_load((TABLES / f"{name}.yaml").read_text())


def genres() -> list[str]:
    return sorted({g for e in table("concepts")["entries"] for g in e.get("genres", [])})


@pytest.fixture(scope="module")
def library():
    from sheetgen.content.loader import load

    return load([REPO / "content" / "tricube"])


def check_text(text: str, library) -> list:
    """Load generated YAML like a content file, next to the bundled rules, and run the
    rules over it; the errors and warnings found."""
    from sheetgen.content.loader import Library, validate_document
    from sheetgen.content.yamlsrc import load_documents
    from sheetgen.rules import check

    raws, problems = load_documents(text, "generated.yaml")
    checked_library = Library()
    for doc in library.of_kind("tricube-rules"):
        checked_library.add(doc)
    for raw in raws:
        doc, found = validate_document(raw, "generated.yaml")
        problems += found
        if doc is not None:
            checked_library.add(doc)
    return problems + check(checked_library).diagnostics


def generate(seed: int, library, **options):
    from sheetgen.generate import dump_documents, generators

    gen = generators()["tricube-character"]
    docs = gen.generate(random.Random(seed), {"trait": None, "genre": None, **options}, library)
    return docs, dump_documents(docs)


def test_tables_have_enough_entries_for_several_genres():
    for name in ("concepts", "perks", "quirks"):
        assert len(table(name)["entries"]) >= 20, name
    assert len(genres()) >= 3


@settings(max_examples=examples(150), deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    trait=st.sampled_from([None, "agile", "brawny", "crafty"]),
    genre=st.sampled_from([None, *genres()]),
)
def test_generated_character_is_always_valid(library, seed, trait, genre):
    docs, text = generate(seed, library, trait=trait, genre=genre)
    assert check_text(text, library) == []
    (character,) = docs
    assert character["kind"] == "tricube-character"
    if trait:
        assert character["trait"] == trait
    entries = {
        name: {e["text"]: e for e in table(name)["entries"]} for name in ("concepts", "perks", "quirks", "names")
    }
    concept = entries["concepts"][character["concept"]]
    assert character["name"] in entries["names"]
    assert set(character["perks"]) <= set(entries["perks"]) and set(character["quirks"]) <= set(entries["quirks"])
    if genre:
        for name, picked in (
            ("concepts", [character["concept"]]),
            ("perks", character["perks"]),
            ("quirks", character["quirks"]),
            ("names", [character["name"]]),
        ):
            for text_ in picked:
                tagged = entries[name][text_].get("genres", [])
                assert not tagged or genre in tagged, (name, text_, genre)
    if concept.get("combat_style"):
        assert character["combat_style"] == concept["combat_style"]


def test_same_seed_same_yaml_through_the_command_line(bundled):
    first = run_cli("new", "tricube-character", "--seed", "1234", "--trait", "brawny")
    second = run_cli("new", "tricube-character", "--seed", "1234", "--trait", "brawny")
    assert first.code == 0, first.stderr
    assert first.stdout == second.stdout
    assert first.stdout.startswith("# sheetgen new tricube-character --seed 1234 --trait brawny")
    assert yaml.safe_load(first.stdout)["trait"] == "brawny"
    others = {run_cli("new", "tricube-character", "--seed", str(seed)).stdout for seed in range(8)}
    assert len(others) > 1


def test_generated_file_builds(bundled):
    run = run_cli("new", "tricube-character", "--seed", "5", "-o", "content/tricube/characters/npc.yaml")
    assert run.code == 0, run.stderr
    npc = yaml.safe_load((bundled / "content/tricube/characters/npc.yaml").read_text())
    build = run_cli("build", "content/tricube", "-o", "out")
    assert build.code == 0, build.stderr
    assert (bundled / "out/tricube/character-sheet" / f"{npc['id']}.pdf").exists()


def test_unknown_genre_is_a_usage_error(bundled):
    run = run_cli("new", "tricube-character", "--seed", "1", "--genre", "elves")
    assert run.code == 2
    assert "elves" in run.stderr and "fantasy" in run.stderr


def test_missing_tables_are_a_usage_error(workdir):
    run = run_cli("--no-game-data", "new", "tricube-character", "--seed", "1")
    assert run.code == 2
    assert "concepts" in run.stderr


def test_generator_follows_the_campaign_limits(workdir):
    """A campaign that starts characters with two perks and 4 resolve gets them."""
    for name in ("concepts", "perks", "quirks", "names"):
        (workdir / "content" / f"{name}.yaml").write_text((TABLES / f"{name}.yaml").read_text())
    write(
        workdir,
        "content/rules.yaml",
        """
        kind: tricube-rules
        id: heroic
        starting_perks: 2
        starting_resolve: 4
    """,
    )
    run = run_cli("new", "tricube-character", "--seed", "3")
    assert run.code == 0, run.stderr
    character = yaml.safe_load(run.stdout)
    assert len(character["perks"]) == 2 and character["resolve"] == 4 and character["karma"] == 3


def test_a_generated_challenge_says_so_in_its_file_and_on_its_card(workdir):
    """`--type challenge` writes `type: challenge`; its card is titled a challenge and says
    it is overcome, where a foe's card says the foe falls."""
    from pypdf import PdfReader

    run = run_cli("new", "tricube-foe", "--type", "challenge", "--seed", "3", "-o", "content/challenge.yaml")
    assert run.code == 0, run.stderr
    (challenge,) = yaml.safe_load_all((workdir / "content/challenge.yaml").read_text())
    assert challenge["type"] == "challenge"
    foe = run_cli("new", "tricube-foe", "--seed", "3")
    assert "type:" not in foe.stdout  # a foe is the default
    (workdir / "content/foe.yaml").write_text(foe.stdout)
    assert run_cli("build", "--format", "pdf").code == 0
    cards = [
        " ".join(page.extract_text().split()) for page in PdfReader(workdir / "output/tricube/foe-cards/foes.pdf").pages
    ]
    text = " ".join(cards)
    assert f"{challenge['name']} Challenge" in text and "the challenge is overcome when all are ticked" in text
    assert "the foe falls when all are ticked" in text and "to defend on the foe's" in text


@pytest.mark.parametrize("seed", range(12))
def test_a_group_repeats_no_concept_perk_or_quirk_while_others_fit(seed, library):
    """`--count` NPCs of one trait are told apart by more than their names: as long as the
    tables have concepts, perks and quirks the group has not drawn, none is given twice."""
    from sheetgen.generate.tricube import fitting, load_tables

    genre = genres()[seed % len(genres())]
    docs, _ = generate(seed, library, trait="crafty", genre=genre, count=4)
    tables = load_tables(library)
    concepts = {e.text for e in fitting(tables["concepts"], genre, "crafty")}
    drawn = [d["concept"] for d in docs]
    assert len(set(drawn)) == min(len(drawn), len(concepts)), drawn
    for field in ("perks", "quirks"):
        items = [item for d in docs for item in d[field]]
        available = {e.text for e in fitting(tables[field], genre)}
        assert len(set(items)) == min(len(items), len(available)), (field, items)


def fits(entry: dict, genre: str) -> bool:
    return not entry.get("genres") or genre in entry["genres"]


@pytest.mark.parametrize("genre", ["fantasy", "horror", "sci-fi"])
def test_a_generated_foe_has_its_description_and_a_tactic_of_its_genre_and_a_plain_id(workdir, genre):
    """Each foe's notes are its table entry's description and a tactic that fits the genre
    (no two alike in a group while others fit); its id is its name's slug, no random tag;
    its card prints the notes."""
    from pypdf import PdfReader

    run = run_cli("new", "tricube-foe", "--seed", "8", "--count", "3", "--genre", genre, "-o", "content/foes.yaml")
    assert run.code == 0, run.stderr
    foes = list(yaml.safe_load_all((workdir / "content/foes.yaml").read_text()))
    entries = {e["text"]: e for e in table("foes")["entries"]}
    tactics = [e["text"] for e in table("tactics")["entries"] if fits(e, genre)]
    used = []
    for foe in foes:
        description = entries[foe["name"]]["description"]
        assert foe["notes"].startswith(description + " ")
        tactic = foe["notes"][len(description) + 1 :]
        assert tactic in tactics
        used.append(tactic)
        assert foe["id"] == foe["name"].lower().replace(" ", "-").replace("'", "")
    assert len(set(used)) == len(used)
    assert run_cli("build", "--format", "pdf").code == 0
    text = " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(workdir / "output/tricube/foe-cards/foes.pdf").pages
    )
    assert used[0].split(": ", 1)[1] in text


def test_a_generated_challenge_gets_a_twist(workdir):
    run = run_cli("new", "tricube-foe", "--type", "challenge", "--seed", "2")
    (challenge,) = yaml.safe_load_all(run.stdout)
    entry = next(e for e in table("challenges")["entries"] if e["text"] == challenge["name"])
    twist = challenge["notes"][len(entry["description"]) + 1 :]
    assert challenge["notes"].startswith(entry["description"]) and twist in {
        e["text"] for e in table("twists")["entries"]
    }


def test_append_adds_documents_to_a_file_with_ids_of_their_own(workdir):
    """`-o FILE --append` adds after `---`: an id the file already has gets a number; the
    whole file is checked, and a file that would not pass is left as it was."""
    assert run_cli("new", "tricube-foe", "--seed", "3", "-o", "content/foes.yaml").code == 0
    again = run_cli("new", "tricube-foe", "--seed", "3", "-o", "content/foes.yaml", "--append")
    assert again.code == 0, again.stderr
    first, second = yaml.safe_load_all((workdir / "content/foes.yaml").read_text())
    assert first["name"] == second["name"] and second["id"] == f"{first['id']}-2"
    assert run_cli("validate").code == 0
    broken = (workdir / "content/foes.yaml").read_text().replace("difficulty: ", "difficulty: 9", 1)
    (workdir / "content/foes.yaml").write_text(broken)
    refused = run_cli("new", "tricube-foe", "--seed", "4", "-o", "content/foes.yaml", "--append")
    assert refused.code != 0 and "tricube.difficulty-out-of-range" in refused.stderr
    assert (workdir / "content/foes.yaml").read_text() == broken
    assert run_cli("new", "tricube-foe", "--seed", "4", "--append").code != 0  # no file to add to
