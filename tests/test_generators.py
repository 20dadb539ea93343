"""`sheetgen new` for every kind a GM generates: ids that never collide across seeds or with
the content folder, names that do not repeat within a run, output that passes its checks."""

from __future__ import annotations

import random

import pytest
import yaml
from helpers import run_cli

from sheetgen.content.loader import load
from sheetgen.games import game_of_kind
from sheetgen.generate import dump_documents, generators, unique_ids

KINDS = [
    ("cubit",),
    ("cubit", "--configuration", "custom"),
    ("tricube-character",),
    ("tricube-foe",),
    ("tricube-foe", "--type", "challenge"),
    ("kubos-character",),
    ("kubos-monster",),
]


def generate(*args: str) -> list[dict]:
    run = run_cli("new", *args)
    assert run.code == 0, run.stderr
    return list(yaml.safe_load_all(run.stdout))


@pytest.mark.parametrize("args", KINDS, ids=[" ".join(a) for a in KINDS])
def test_twenty_seeds_give_twenty_different_ids_that_pass_their_checks(workdir, args):
    """As `sheetgen new KIND --seed N -o FILE --append` runs it (defaults, the seed), twenty
    seeds in a row: ids a run draws (a seed's tag) or the command numbers (a Tricube name's
    slug, taken by an earlier run) never collide."""
    gen = generators()[args[0]]
    options = {o.name: o.default for o in gen.options}
    options.update({k.lstrip("-"): v for k, v in zip(args[1::2], args[2::2])})
    library = load([], game_data=[game_of_kind(gen.kind)])
    docs: list[dict] = []
    for seed in range(1, 21):
        made = gen.generate(random.Random(seed), {**options, "seed": seed}, library)
        unique_ids(made, library, None, None, taken_there={(d["kind"], d["id"]) for d in docs})
        docs += made
    ids = [d["id"] for d in docs]
    assert len(ids) == 20 and len(set(ids)) == 20, ids
    (workdir / "content/all.yaml").write_text(dump_documents(docs))
    check = run_cli("validate", "--strict")
    assert check.code == 0, check.stderr
    assert "20 documents checked, 0 errors, 0 warnings" in check.stderr


@pytest.mark.parametrize(
    "kind, genre",
    [("tricube-character", g) for g in ("fantasy", "sci-fi", "modern", "horror", "western")]
    + [("tricube-foe", "horror"), ("kubos-character", None)],
)
def test_a_group_of_twenty_repeats_no_name(workdir, kind, genre):
    docs = generate(kind, "--seed", "3", "--count", "20", *(["--genre", genre] if genre else []))
    names = [d["name"] for d in docs]
    assert len(names) == 20 and len(set(names)) == 20, names
    assert len({d["id"] for d in docs}) == 20


def test_ids_taken_in_the_content_folder_are_not_given_again(workdir):
    first = generate("tricube-foe", "--seed", "5")[0]
    (workdir / "content/foes.yaml").write_text(yaml.safe_dump(first, sort_keys=False))
    again = generate("tricube-foe", "--seed", "5")[0]
    assert again["id"] == first["id"] + "-2" and again["name"] == first["name"]
    # A file that is there is not replaced unless asked, and is left as it was.
    before = (workdir / "content/foes.yaml").read_bytes()
    kept = run_cli("new", "tricube-foe", "--seed", "6", "-o", "content/foes.yaml")
    assert kept.code == 2 and "--force" in kept.stderr and "already there" in kept.stderr
    assert (workdir / "content/foes.yaml").read_bytes() == before
    # Replaced with --force, and writing over the same file is not a clash with itself.
    run = run_cli("new", "tricube-foe", "--seed", "5", "--force", "-o", "content/foes.yaml")
    assert run.code == 0 and f"id: {first['id']}\n" in (workdir / "content/foes.yaml").read_text()
    taken = run_cli("new", "cubit", "--seed", "1", "--id", first["id"])
    assert taken.code == 0  # another kind: no clash
    (workdir / "content/c.yaml").write_text("kind: cubit\nid: mine\nfaces: 'Ai1 Ma2 At3 De4 Ta5 Mo6'\n")
    refused = run_cli("new", "cubit", "--seed", "1", "--id", "mine")
    assert refused.code == 2 and "already" in refused.stderr


def test_custom_npcs_have_faces_of_any_interface_and_a_name(workdir):
    docs = generate("cubit", "--seed", "11", "--configuration", "custom", "--count", "4", "--name", "Gate guard")
    assert [d["name"] for d in docs] == ["Gate guard 1", "Gate guard 2", "Gate guard 3", "Gate guard 4"]
    assert all(d["configuration"] == "custom" and len(d["faces"]) == 6 for d in docs)
    standard = ["aid", "manipulate", "attack", "defense", "talk", "move"]
    assert any([f["interface"] for f in d["faces"]] != standard for d in docs)


def test_foes_follow_the_asked_difficulty_and_every_option_states_its_choices(workdir):
    docs = generate("tricube-foe", "--seed", "2", "--count", "10", "--difficulty", "hard")
    assert {d["difficulty"] for d in docs} == {6} and all(3 <= d["effort"] <= 6 for d in docs)
    text = run_cli("new", "tricube-foe", "--help").stdout
    assert "foe|challenge" in text and "easy|standard|hard" in text
    bad = run_cli("new", "tricube-foe", "--seed", "1", "--count", "0")
    assert bad.code == 2 and "1 to 100" in bad.stderr
