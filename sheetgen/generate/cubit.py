"""`sheetgen new cubit`: a new standard player cubit, by either of the rulebook's methods.

* `assign` (method 1): the skill levels 1 to 6, one per face, in a random order;
* `roll` (method 2): every face starts at 1, then the cube is rolled 15 times and the
  face that comes up gets +1.

The cubit gets no name unless one is asked for: in Cubit, the other players name you.
Interfaces and their standard order come from the content folder.
"""

from __future__ import annotations

import random
from typing import Any

from sheetgen.content.loader import Library
from sheetgen.diagnostics import did_you_mean
from sheetgen.generate import Generator, Option

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


def generate_cubit(rng: random.Random, options: dict[str, Any], library: Library) -> list[dict[str, Any]]:
    interfaces = standard_interfaces(library)
    faction = options.get("faction")
    if faction and not library.has("faction", faction):
        known = ", ".join(sorted(library.ids("faction"))) or "none in the content folder"
        hint = did_you_mean(faction, library.ids("faction"))
        raise ValueError(f"there is no faction `{faction}`; " + (hint or f"factions: {known}"))
    skills = rolled_skills(rng) if options.get("method") == "roll" else assigned_skills(rng)
    doc: dict[str, Any] = {"kind": "cubit", "id": options.get("id") or f"cubit-{rng.randrange(16**6):06x}"}
    if options.get("name"):
        doc["name"] = options["name"]
    if faction:
        doc["faction"] = faction
    doc["configuration"] = "standard"
    doc["advancement"] = 0
    doc["faces"] = [{"interface": iface, "skill": skill} for iface, skill in zip(interfaces, skills)]
    return [doc]


GENERATORS = [
    Generator(
        kind="cubit",
        summary="a new standard player cubit: skills assigned (method 1) or rolled (method 2), unnamed",
        options=(
            Option("method", "assign: the numbers 1-6, one per face; roll: 15 rolls of the cube, +1 to the top face",
                   choices=("assign", "roll"), default="assign"),
            Option("faction", "id of the cubit's faction (default: none)"),
            Option("name", "a name (default: none; other players name cubits)"),
            Option("id", "the document id (default: one made from the seed)"),
        ),
        generate=generate_cubit,
    ),
]
