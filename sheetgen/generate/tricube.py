"""`sheetgen new tricube-character`: ready-to-play characters (or NPCs) drawn from the
tables shipped in `sheetgen/data/tricube/tables/` (concepts, perks, quirks, names), which a
project's own `tricube-table` documents of the same id replace.

A genre is picked first (or given), then a trait, then a concept that suits both, a
combat style (the concept's own or the trait's usual one), perks, quirks and a name
of that genre. Tokens and how many perks and quirks come from the campaign's limits.

`sheetgen new tricube-foe`: foes (or challenges) named from the `foes` (`challenges`)
table, with a difficulty (standard most often), effort tokens that grow with it and notes
worth printing: the entry's description and a tactic (a twist) from the `tactics`
(`twists`) table of its genre.
Ids are the names' slugs: the command numbers one a document of the content folder (or
of the file appended to) already has.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from sheetgen.content.checks import TRAITS, slugify
from sheetgen.content.loader import Library
from sheetgen.generate import COUNT_BOUNDS, MAX_COUNT, Generator, Option, count_of, draw_distinct
from sheetgen.rules.tricube.dice import DIFFICULTIES, USUAL_COMBAT_STYLE
from sheetgen.rules.tricube.limits import campaign_limits

if TYPE_CHECKING:
    from sheetgen.content.models.tricube import TableEntry, TricubeTable

TABLE_KIND = "tricube-table"
TABLES = ("concepts", "perks", "quirks", "names")


def load_tables(library: Library, ids: tuple[str, ...] = TABLES) -> dict[str, TricubeTable]:
    """The generator's tables by id; a missing one is a usage error."""
    tables: dict[str, TricubeTable] = {}
    for table_id in ids:
        doc = library.get(TABLE_KIND, table_id)
        if doc is None:
            raise ValueError(
                f"the content folder has no {TABLE_KIND} `{table_id}`; the generator needs tables with the ids "
                f"{', '.join(ids)} (sheetgen ships them; leave out --no-game-data), "
                "or pass --content with a folder that has them"
            )
        tables[table_id] = doc.model  # type: ignore[assignment]
    return tables


def genres_of(tables: dict[str, TricubeTable], table_id: str = "concepts") -> list[str]:
    """Every genre an entry of a table (the concepts) is tagged with, sorted."""
    return sorted({g for e in tables[table_id].entries for g in e.genres})


def fitting(table: TricubeTable, genre: str, trait: str | None = None) -> list[TableEntry]:
    """Entries that fit the genre (untagged entries fit any) and, when given, the trait;
    if none suit the trait, the genre's entries; if none fit the genre, all of them."""
    in_genre = [e for e in table.entries if not e.genres or genre in e.genres] or list(table.entries)
    if trait is None:
        return in_genre
    return [e for e in in_genre if not e.traits or trait in e.traits] or in_genre


def unused(entries: list[TableEntry], used: set[str]) -> list[TableEntry]:
    """The entries a group has not drawn yet; all of them once every one has been."""
    return [e for e in entries if e.text not in used] or entries


def pick(rng: random.Random, entries: list[TableEntry], count: int) -> list[str]:
    """`count` different entries' texts (fewer if the table has fewer)."""
    return [e.text for e in rng.sample(entries, min(count, len(entries)))]


def _genre(rng: random.Random, tables: dict[str, TricubeTable], options: dict[str, Any]) -> str:
    genres = genres_of(tables)
    genre = options.get("genre")
    if genre is not None and genre not in genres:
        raise ValueError(f"no concept has the genre `{genre}`; genres in the tables: {', '.join(genres) or 'none'}")
    return genre or (rng.choice(genres) if genres else "")


def _drawn(
    rng: random.Random, table: TricubeTable, genre: str, options: dict[str, Any], count: int
) -> list[tuple[str, TableEntry | None]]:
    """`count` names, each with its table entry: the name given (numbered when several, no
    entry), else entries drawn without repeats."""
    given = options.get("name")
    if given:
        return [(given, None)] if count == 1 else [(f"{given} {n}", None) for n in range(1, count + 1)]
    return [(e.text, e) for e in draw_distinct(rng, fitting(table, genre), count)]


def _names(rng: random.Random, table: TricubeTable, genre: str, options: dict[str, Any], count: int) -> list[str]:
    return [name for name, _ in _drawn(rng, table, genre, options, count)]


def generate_character(rng: random.Random, options: dict[str, Any], library: Library) -> list[dict[str, Any]]:
    """`--count` characters of one genre (a party), each with its own name."""
    tables = load_tables(library)
    limits = campaign_limits(library)
    genre = _genre(rng, tables, options)
    count = count_of(options)
    names = _names(rng, tables["names"], genre, options, count)
    out = []
    used: set[str] = set()  # concepts, perks and quirks the group has: not given twice while others fit
    for name in names:
        trait = options.get("trait") or rng.choice(TRAITS)
        concept = rng.choice(unused(fitting(tables["concepts"], genre, trait), used))
        perks = pick(rng, unused(fitting(tables["perks"], genre), used), limits.starting_perks)
        quirks = pick(rng, unused(fitting(tables["quirks"], genre), used), limits.starting_quirks)
        used.update([concept.text, *perks, *quirks])
        out.append(
            {
                "kind": "tricube-character",
                "id": slugify(name),
                "name": name,
                "trait": trait,
                "concept": concept.text,
                "combat_style": concept.combat_style or USUAL_COMBAT_STYLE[trait],
                "perks": perks,
                "quirks": quirks,
                "karma": limits.starting_karma,
                "resolve": limits.starting_resolve,
                "afflictions": [],
                "advances": [],
            }
        )
    return out


FOE_TYPES = ("foe", "challenge")
#: The table a foe (a challenge) is named from, and the one its tactic (twist) is drawn from.
FOE_TABLES = {"foe": ("foes", "tactics"), "challenge": ("challenges", "twists")}
#: How often each difficulty comes up: most foes are standard (5).
DIFFICULTY_WEIGHTS = {4: 1, 5: 2, 6: 1}
#: Effort tokens a generated foe or challenge gets, by difficulty: tougher ones last longer.
EFFORT_RANGE = {4: (1, 3), 5: (2, 4), 6: (3, 6)}


def generate_foe(rng: random.Random, options: dict[str, Any], library: Library) -> list[dict[str, Any]]:
    """`--count` foes (or challenges) of one genre, from the `foes` or `challenges` table,
    each with notes: its entry's description and a tactic (or twist) of the genre."""
    type_ = options.get("type") or "foe"
    table_id, notes_id = FOE_TABLES[type_]
    tables = load_tables(library, (table_id, notes_id))
    genres = genres_of(tables, table_id)
    genre = options.get("genre")
    if genre is not None and genre not in genres:
        raise ValueError(f"no {type_} has the genre `{genre}`; genres in the table: {', '.join(genres) or 'none'}")
    genre = genre or (rng.choice(genres) if genres else "")
    count = count_of(options)
    drawn = _drawn(rng, tables[table_id], genre, options, count)
    wanted = {name: level for level, name in DIFFICULTIES.items()}
    out = []
    used: set[str] = set()  # tactics the group has: not given twice while others fit
    for name, entry in drawn:
        tactic = rng.choice(unused(fitting(tables[notes_id], genre), used)).text
        used.add(tactic)
        level = options.get("difficulty")
        difficulty = (
            wanted[level] if level else rng.choices(list(DIFFICULTY_WEIGHTS), list(DIFFICULTY_WEIGHTS.values()))[0]
        )
        low, high = EFFORT_RANGE[difficulty]
        doc = {"kind": "tricube-foe", "id": slugify(name), "name": name}
        if type_ != "foe":
            doc["type"] = type_
        notes = " ".join(t for t in (entry.description if entry else "", tactic) if t)
        out.append({**doc, "difficulty": difficulty, "effort": rng.randint(low, high), "notes": notes})
    return out


GENERATORS = [
    Generator(
        kind="tricube-character",
        summary="Tricube Tales characters or NPCs: concept, perk, quirk and name drawn from the shipped tables.",
        options=(
            Option("trait", "the characters' trait (default: drawn at random)", choices=TRAITS),
            Option(
                "genre",
                "draw from entries of this genre, as tagged in the tables: fantasy, sci-fi, modern, "
                "horror, western (default: drawn at random)",
            ),
            Option(
                "count",
                f"how many characters (a party), 1 to {MAX_COUNT}; names do not repeat",
                default=1,
                type=int,
                bounds=COUNT_BOUNDS,
            ),
            Option("name", "a name (default: drawn from the names table); numbered with --count"),
        ),
        generate=generate_character,
    ),
    Generator(
        kind="tricube-foe",
        summary="Tricube Tales foes or challenges: a name, a line of description and a tactic (a challenge's twist) "
        "from the shipped tables, a difficulty and effort tokens.",
        options=(
            Option(
                "type",
                "foe (fights back) or challenge (an obstacle that needs effort)",
                choices=FOE_TYPES,
                default="foe",
            ),
            Option(
                "difficulty",
                "easy (4), standard (5) or hard (6) (default: drawn, standard most often)",
                choices=tuple(DIFFICULTIES.values()),
            ),
            Option(
                "genre",
                "draw names and tactics of this genre: fantasy, sci-fi, modern, horror, western "
                "(default: drawn at random)",
            ),
            Option(
                "count", f"how many, 1 to {MAX_COUNT}; names do not repeat", default=1, type=int, bounds=COUNT_BOUNDS
            ),
            Option("name", "a name (default: drawn from the table); numbered with --count"),
        ),
        generate=generate_foe,
    ),
]
