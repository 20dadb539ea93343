"""`sheetgen new cubit`: new standard player cubits, by either of the rulebook's methods,
or NPCs with custom faces (`--configuration custom`).

* `assign` (method 1): the skill levels 1 to 6, one per face, in a random order;
* `roll` (method 2): every face starts at 1, then the cube is rolled 15 times and the
  face that comes up gets +1.

The cubit gets no name unless one is asked for: in Cubit, the other players name you.
Interfaces and their standard order come from the shipped data (or the project's own).
"""

from __future__ import annotations

import random
from typing import Any

from sheetgen.content.checks import MAX_ID_LENGTH, slugify
from sheetgen.content.loader import Library
from sheetgen.diagnostics import did_you_mean
from sheetgen.generate import COUNT_BOUNDS, MAX_COUNT, Generator, Option, count_of, tag_for

ROLLS = 15  # method 2: rolls of the cube, each adding 1 to the face on top
FACES = 6


def standard_interfaces(library: Library) -> list[str]:
    """Interface ids in die order, from the library's `cubit-interface` documents."""
    by_order: dict[int, str] = {}
    for doc in library.of_kind("cubit-interface"):
        by_order.setdefault(doc.model.order, doc.id)  # type: ignore[attr-defined]
    if sorted(by_order) != list(range(1, FACES + 1)):
        raise ValueError(
            "the content folder needs the six cubit interfaces (kind: cubit-interface, order 1 to 6); "
            "point --content at a folder that has them, or leave out --no-game-data to use the ones sheetgen ships"
        )
    return [by_order[n] for n in range(1, FACES + 1)]


def assigned_skills(rng: random.Random) -> list[int]:
    """Method 1: the numbers 1 to 6, one per face."""
    skills = list(range(1, FACES + 1))
    rng.shuffle(skills)
    return skills


def rolled_skills(rng: random.Random) -> list[int]:
    """Method 2: all faces at 1, then +1 to the face on top of each of 15 rolls."""
    skills = [1] * FACES
    for _ in range(ROLLS):
        skills[rng.randrange(FACES)] += 1
    return skills


def custom_faces(rng: random.Random, interfaces: list[str]) -> list[dict[str, Any]]:
    """An NPC's faces: any interfaces in any order (one may repeat, one may be missing),
    each with a skill of 1 to 6; nothing else binds a custom cubit."""
    faces = [rng.choice(interfaces) for _ in range(FACES)]
    return [{"interface": iface, "skill": rng.randint(1, FACES)} for iface in faces]


def name_slug(name: str | None, tag: str, count: int) -> str:
    """The start of a cubit's id: its name as a slug, short enough that the id with its
    tag (and its number, with --count) stays a valid id; `cubit` if the name has no
    letters to make one of."""
    room = MAX_ID_LENGTH - len(tag) - 1 - (len(f"-{count}") if count > 1 else 0)
    return slugify(name or "", default="cubit", limit=room)


def generate_cubit(rng: random.Random, options: dict[str, Any], library: Library) -> list[dict[str, Any]]:
    """`--count` cubits: standard player cubits (skills assigned or rolled) or, with
    `--configuration custom`, NPCs with faces of any interfaces."""
    interfaces = standard_interfaces(library)
    faction = options.get("faction")
    if faction and not library.has("faction", faction):
        known = ", ".join(sorted(library.ids("faction"))) or "none in the content folder"
        hint = did_you_mean(faction, library.ids("faction"))
        raise ValueError(f"there is no faction `{faction}`; " + (hint or f"factions: {known}"))
    count = count_of(options)
    custom = options.get("configuration") == "custom"
    if custom and options.get("method") == "roll":
        raise ValueError("--method roll makes a standard cubit; a custom NPC's faces are drawn freely")
    if options.get("id") and count > 1:
        raise ValueError("--id names one document; leave it out with --count")
    tag = tag_for(options, rng)
    base = options.get("id") or f"{name_slug(options.get('name'), tag, count)}-{tag}"
    out = []
    for n in range(1, count + 1):
        doc: dict[str, Any] = {"kind": "cubit", "id": base if count == 1 else f"{base}-{n}"}
        if options.get("name"):
            doc["name"] = options["name"] if count == 1 else f"{options['name']} {n}"
        if faction:
            doc["faction"] = faction
        doc["configuration"] = "custom" if custom else "standard"
        doc["advancement"] = 0
        if custom:
            doc["faces"] = custom_faces(rng, interfaces)
        else:
            skills = rolled_skills(rng) if options.get("method") == "roll" else assigned_skills(rng)
            doc["faces"] = [{"interface": iface, "skill": skill} for iface, skill in zip(interfaces, skills)]
        out.append(doc)
    return out


GENERATORS = [
    Generator(
        kind="cubit",
        summary="new cubits: standard player cubits (skills assigned or rolled), or NPCs with custom faces",
        options=(
            Option(
                "method",
                "standard cubits: assign the numbers 1-6, one per face, or roll the cube 15 times, +1 to the top face",
                choices=("assign", "roll"),
                default="assign",
            ),
            Option(
                "configuration",
                "standard (each interface once, in the standard order) or custom (an NPC: any interfaces on any faces)",
                choices=("standard", "custom"),
                default="standard",
            ),
            Option("faction", "id of the cubits' faction (default: none)"),
            Option("name", "a name (default: none; other players name cubits); numbered with --count"),
            Option("count", f"how many cubits, 1 to {MAX_COUNT}", default=1, type=int, bounds=COUNT_BOUNDS),
            Option("id", "the document id (default: one made from the name or `cubit` and the seed)"),
        ),
        generate=generate_cubit,
    ),
]
