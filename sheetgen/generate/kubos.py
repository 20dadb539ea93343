"""`sheetgen new kubos-monster`: monsters rolled by the KUBOS rules, with treasure.

Rolls happen in a fixed order (HP, attributes, poison for each monster, then the
magic item rolls), so the same seed always gives the same monsters. Names, unique
items and who carries a group's find come from the `kubos-tables` document.
"""

from __future__ import annotations

import random
import re
from typing import Any

from sheetgen.content.loader import Library
from sheetgen.content.models.kubos import KubosTables
from sheetgen.generate import COUNT_BOUNDS, MAX_COUNT, Generator, Option, count_of, draw_distinct, tag_for
from sheetgen.rules.kubos.core import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_POINTS,
    ATTRIBUTES,
    HP_FOR_OWN_MAGIC_ROLL,
    MAGIC_ITEM_ROLL,
    MAGIC_TABLES,
    MONSTER_TYPES,
    POISON_ALWAYS,
    POISON_HALF,
    RANKS,
    SIZES,
    STARTING_FP,
    STARTING_HP,
    UNDEAD_TYPES,
    UNIQUE,
    coins_for,
    humanoid_attributes,
    magic_table_for,
    monster_profile,
)
from sheetgen.rules.kubos.tables import TABLES_FILE_HINT, TABLES_KIND


def generate_monsters(rng: random.Random, options: dict[str, Any], library: Library) -> list[dict[str, Any]]:
    """`count` monsters of one type (a group), each with rolled HP and treasure."""
    type_ = options.get("type") or "humanoid"
    rank, size, undead_type, count = _check_options(type_, options)
    tables = _tables(library)
    if undead_type is None and type_ == "undead":
        undead_type = rng.choice(UNDEAD_TYPES)
    base_name = options.get("name") or _name(rng, tables, type_, rank, size, undead_type)
    tag = tag_for(options, rng)
    profile = monster_profile(type_, rank, size or "normal", undead_type)
    monsters = []
    for n in range(1, count + 1):
        name = base_name if count == 1 else f"{base_name} {n}"
        doc_id = f"{_slug(base_name)}-{tag}" + (f"-{n}" if count > 1 else "")
        monsters.append(_monster(rng, profile, doc_id, name, type_, rank, size, undead_type))
    _roll_magic(rng, monsters, tables)
    return monsters


def _check_options(type_: str, options: dict[str, Any]) -> tuple[str | None, str | None, str | None, int]:
    rank, size, undead_type = options.get("rank"), options.get("size"), options.get("undead_type")
    count = count_of(options)
    if type_ != "humanoid":
        if rank is not None:
            raise ValueError(
                f"--rank is for humanoids; {'an' if type_[0] in 'aeiou' else 'a'} {type_} has no rank "
                "(grunt, captain or commander)"
            )
        if size not in (None, "normal"):
            raise ValueError(f"--size is for humanoids; the rules give {type_} no size changes")
        size = None
    else:
        rank = rank or "grunt"
        size = size or "normal"
    if undead_type is not None and type_ != "undead":
        raise ValueError("--undead-type is for --type undead")
    return rank, size, undead_type, count


def _tables(library: Library) -> KubosTables:
    docs = library.of_kind(TABLES_KIND)
    if not docs:
        raise ValueError(
            f"the kubos-monster generator reads names and treasure rules from a kubos-tables document: "
            f"{TABLES_FILE_HINT}, or point --content at a folder that has it"
        )
    return docs[0].model  # type: ignore[return-value]


def _name(
    rng: random.Random, tables: KubosTables, type_: str, rank: str | None, size: str | None, undead_type: str | None
) -> str:
    names = tables.monster_names
    if type_ == "humanoid":
        race = rng.choice(getattr(names.humanoid, size or "normal"))
        return f"{race} {rank}"
    if type_ == "undead":
        return (undead_type or "undead").capitalize()
    return rng.choice(names.vermin if type_ == "vermin" else names.dragon)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40].strip("-") or "monster"


def _monster(rng, profile, doc_id, name, type_, rank, size, undead_type) -> dict[str, Any]:
    hp = profile.hp.roll(rng)
    if profile.pattern is not None:
        raised = rng.sample(ATTRIBUTES, len(profile.pattern.raised))
        attributes = humanoid_attributes(profile.pattern, raised, profile.size_bonus or {})
    else:
        attributes = dict(profile.attributes or {})
    doc: dict[str, Any] = {"kind": "kubos-monster", "id": doc_id, "name": name, "type": type_}
    if rank:
        doc["rank"] = rank
    if size:
        doc["size"] = size
    if undead_type:
        doc["undead_type"] = undead_type
    doc["attributes"] = attributes
    doc["defence"] = profile.defence
    doc["hp"] = hp
    if profile.poison == POISON_HALF:
        doc["poisonous"] = rng.randint(1, 6) % 2 == 0  # half the time: an even die
    elif profile.poison == POISON_ALWAYS:
        doc["poisonous"] = True
    doc["treasure"] = {"coins": coins_for(hp)}
    return doc


def _roll_magic(rng: random.Random, monsters: list[dict[str, Any]], tables: KubosTables) -> None:
    """A magic roll for each monster over 10 HP, and one for the rest as a group.

    The rules give the group roll to monsters with less than 10 HP; sheetgen's reading
    puts one of exactly 10 HP in the group too (`reconstructed.ten_hp_monsters`)."""
    group = [m for m in monsters if m["hp"] <= HP_FOR_OWN_MAGIC_ROLL]
    for m in monsters:
        if m["hp"] > HP_FOR_OWN_MAGIC_ROLL and rng.randint(1, 6) == MAGIC_ITEM_ROLL:
            _give(m, _magic_item(rng, tables))
    if group and rng.randint(1, 6) == MAGIC_ITEM_ROLL:
        holder = max(group, key=lambda m: m["hp"]) if tables.group_treasure == "toughest" else group[0]
        _give(holder, _magic_item(rng, tables))


def _magic_item(rng: random.Random, tables: KubosTables) -> dict[str, Any]:
    table = magic_table_for(rng.randint(1, 6))
    attribute = MAGIC_TABLES[table][rng.randint(1, 6) - 1]
    item: dict[str, Any] = {"table": table, "attribute": attribute}
    if attribute == UNIQUE:  # the equipment table's 6, read as a unique item (`reconstructed.equipment_six`)
        item["name"] = rng.choice(tables.unique_items)
    return item


def _give(monster: dict[str, Any], item: dict[str, Any]) -> None:
    monster["treasure"].setdefault("magic_items", []).append(item)


def generate_characters(rng: random.Random, options: dict[str, Any], library: Library) -> list[dict[str, Any]]:
    """`--count` new characters by the rules: six attribute points (none above 3), 6 HP,
    6 FP and the starting kit (a hand weapon, a missile weapon with ammunition, two
    ordinary items), with names, races and professions from the kubos-tables."""
    tables = _tables(library).characters
    if tables is None:
        raise ValueError(
            "the kubos-tables document has no `characters:` tables (names, races, professions, "
            "items) for the character generator; sheetgen's own has them"
        )
    count = count_of(options)
    given = options.get("name")
    names = (
        ([given] if count == 1 else [f"{given} {n}" for n in range(1, count + 1)])
        if given
        else draw_distinct(rng, list(tables.names), count)
    )
    tag = tag_for(options, rng)
    out = []
    for name in names:
        points = dict.fromkeys(ATTRIBUTES, 0)
        for _ in range(ATTRIBUTE_POINTS):
            points[rng.choice([a for a in ATTRIBUTES if points[a] < ATTRIBUTE_MAX])] += 1
        out.append(
            {
                "kind": "kubos-character",
                "id": f"{_slug(name)}-{tag}",
                "name": name,
                "race": rng.choice(tables.races),
                "profession": rng.choice(tables.professions),
                "attributes": points,
                "hp": STARTING_HP,
                "fate_points": STARTING_FP,
                "items": [
                    rng.choice(tables.hand_weapons),
                    rng.choice(tables.missile_weapons),
                    *rng.sample(tables.ordinary_items, min(2, len(tables.ordinary_items))),
                ],
            }
        )
    return out


GENERATORS = [
    Generator(
        kind="kubos-character",
        summary="new KUBOS characters by the rules (attribute points, HP, FP, starting kit), named from the tables",
        options=(
            Option(
                "count",
                f"how many characters, 1 to {MAX_COUNT}; names do not repeat",
                default=1,
                type=int,
                bounds=COUNT_BOUNDS,
            ),
            Option("name", "a name (default: drawn from the kubos-tables names); numbered with --count"),
        ),
        generate=generate_characters,
    ),
    Generator(
        kind="kubos-monster",
        summary="KUBOS monsters rolled by the rules (a group with --count), with coins and magic items",
        options=(
            Option("type", "humanoid, vermin, undead or dragon", choices=MONSTER_TYPES, default="humanoid"),
            Option("rank", "humanoids: grunt, captain or commander (default grunt)", choices=RANKS),
            Option("size", "humanoids: small (+1 SNEAK), normal, or large (+1 STRENGTH, double HP)", choices=SIZES),
            Option("undead_type", "undead: skeleton, ghoul or zombie (default: rolled)", choices=UNDEAD_TYPES),
            Option(
                "count", f"how many monsters in the group, 1 to {MAX_COUNT}", default=1, type=int, bounds=COUNT_BOUNDS
            ),
            Option("name", "the monsters' name (default: drawn from the kubos-tables names)"),
        ),
        generate=generate_monsters,
    ),
]
