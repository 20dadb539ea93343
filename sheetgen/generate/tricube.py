"""`sheetgen new tricube-character`: a ready-to-play character (or NPC) drawn from the
tables shipped in `sheetgen/data/tricube/tables/` (concepts, perks, quirks, names), which a
project's own `tricube-table` documents of the same id replace.

A genre is picked first (or given), then a trait, then a concept that suits both, a
combat style (the concept's own or the trait's usual one), perks, quirks and a name
of that genre. Tokens and how many perks and quirks come from the campaign's limits.
"""

from __future__ import annotations

import random
from typing import Any

from sheetgen.content.loader import Library
from sheetgen.content.models.base import slugify
from sheetgen.content.models.tricube import TRAITS, TableEntry, TricubeTable
from sheetgen.generate import Generator, Option
from sheetgen.rules.tricube.dice import USUAL_COMBAT_STYLE
from sheetgen.rules.tricube.limits import campaign_limits

TABLE_KIND = "tricube-table"
TABLES = ("concepts", "perks", "quirks", "names")


def load_tables(library: Library) -> dict[str, TricubeTable]:
    """The generator's tables by id; a missing one is a usage error."""
    tables: dict[str, TricubeTable] = {}
    for table_id in TABLES:
        doc = library.get(TABLE_KIND, table_id)
        if doc is None:
            raise ValueError(
                f"the content folder has no {TABLE_KIND} `{table_id}`; the generator needs tables with the ids "
                f"{', '.join(TABLES)} (sheetgen ships them; leave out --no-game-data), or pass --content with a folder that has them"
            )
        tables[table_id] = doc.model  # type: ignore[assignment]
    return tables


def genres_of(tables: dict[str, TricubeTable]) -> list[str]:
    """Every genre a concept is tagged with, sorted."""
    return sorted({g for e in tables["concepts"].entries for g in e.genres})


def fitting(table: TricubeTable, genre: str, trait: str | None = None) -> list[TableEntry]:
    """Entries that fit the genre (untagged entries fit any) and, when given, the trait;
    if none suit the trait, the genre's entries; if none fit the genre, all of them."""
    in_genre = [e for e in table.entries if not e.genres or genre in e.genres] or list(table.entries)
    if trait is None:
        return in_genre
    return [e for e in in_genre if not e.traits or trait in e.traits] or in_genre


def pick(rng: random.Random, entries: list[TableEntry], count: int) -> list[str]:
    """`count` different entries' texts (fewer if the table has fewer)."""
    return [e.text for e in rng.sample(entries, min(count, len(entries)))]


def generate_character(rng: random.Random, options: dict[str, Any], library: Library) -> list[dict[str, Any]]:
    tables = load_tables(library)
    limits = campaign_limits(library)
    genres = genres_of(tables)
    genre = options.get("genre")
    if genre is not None and genre not in genres:
        raise ValueError(f"no concept has the genre `{genre}`; genres in the tables: {', '.join(genres) or 'none'}")
    genre = genre or (rng.choice(genres) if genres else "")
    trait = options.get("trait") or rng.choice(TRAITS)
    concept = rng.choice(fitting(tables["concepts"], genre, trait))
    name = rng.choice(fitting(tables["names"], genre)).text
    return [{
        "kind": "tricube-character",
        "id": slugify(name),
        "name": name,
        "trait": trait,
        "concept": concept.text,
        "combat_style": concept.combat_style or USUAL_COMBAT_STYLE[trait],
        "perks": pick(rng, fitting(tables["perks"], genre), limits.starting_perks),
        "quirks": pick(rng, fitting(tables["quirks"], genre), limits.starting_quirks),
        "karma": limits.starting_karma,
        "resolve": limits.starting_resolve,
        "afflictions": [],
        "advances": [],
    }]


GENERATORS = [
    Generator(
        kind="tricube-character",
        summary="A Tricube Tales character or NPC: concept, perk, quirk and name drawn from the shipped tables.",
        options=(
            Option("trait", "the character's trait (default: drawn at random)", choices=TRAITS),
            Option("genre", "draw from entries of this genre, as tagged in the tables (default: drawn at random)"),
        ),
        generate=generate_character,
    ),
]
