"""`sheetgen init`: a small project that builds at once.

It writes a theme, one example document per kind a user writes for each chosen game
(from `templates/init/<game>/`), a reference deck and a handout bundling the games' outputs
(`templates/init/shared/`), the JSON Schemas with a `.vscode/settings.json` that maps
them onto `content/` for the YAML language server, and a four-line README. The game data
(interfaces, tables …) is not copied: it ships with sheetgen and loads by default.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sheetgen

SCHEMA_FILE = "schemas/sheetgen.schema.json"


def with_product_names(schema: dict[str, Any]) -> dict[str, Any]:
    """A content schema with the product names a handout section may include spelled out:
    `include.kind` among the kinds that have products, `include.product` an enum, narrowed to
    the kind's own products (folder names and registry ids, as `find_product` accepts), or
    instead `include.blank` among the blank products' ids.
    Product names live in layout, which the content stage cannot see, hence this step."""
    from sheetgen.content.registry import names
    from sheetgen.layout.sheets.handout import blank_choices, section_products

    include = schema.get("$defs", {}).get("Include")
    if include is None:
        return schema
    per_kind = {k: sorted({p.name for p in section_products(k)} | {p.id for p in section_products(k)}) for k in names()}
    per_kind = {k: v for k, v in per_kind.items() if v}
    every = sorted(set().union(*per_kind.values()))
    props = include["properties"]
    props["kind"] = {
        "type": "string",
        "enum": sorted(per_kind),
        "title": "Kind",
        "description": "the kind of the documents the section takes",
    }
    props["blank"] = {
        "type": "string",
        "enum": sorted(blank_choices()),
        "title": "Blank",
        "description": "instead of documents, a blank product (`sheetgen products` lists them with scope `blank`)",
    }
    props["product"] = {
        "anyOf": [{"type": "string", "enum": every}, {"type": "null"}],
        "default": None,
        "title": "Product",
        "description": "a product of the kind (`sheetgen products` lists them); may be left out where the kind has one",
    }
    include["allOf"] = [
        {
            "if": {"properties": {"kind": {"const": k}}, "required": ["kind"]},
            "then": {"properties": {"product": {"enum": [*v, None]}}},
        }
        for k, v in per_kind.items()
    ]
    # Documents of a kind, or a blank product, which is made from none.
    include["oneOf"] = [
        {"required": ["kind"], "not": {"required": ["blank"]}},
        {"required": ["blank"], "not": {"anyOf": [{"required": [k]} for k in ("kind", "product", "ids")]}},
    ]
    return schema


def init_dir() -> Path:
    """`templates/init`: in the wheel under the package, in a checkout beside it (as
    `sheetgen.layout.templates` finds it; not imported here, to keep the CLI quick)."""
    package = Path(sheetgen.__file__).parent
    for candidate in (package / "templates" / "init", package.parent / "templates" / "init"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("sheetgen's templates/init folder is missing")


def rules_deck(game: str) -> bytes | None:
    """The game's rules reference deck, as the bundled content has it (`content/<game>/
    reference.yaml`; in the wheel under the package), or None."""
    package = Path(sheetgen.__file__).parent
    for candidate in (package / "rules-decks" / f"{game}.yaml", package.parent / "content" / game / "reference.yaml"):
        if candidate.is_file():
            return candidate.read_bytes()
    return None


def init_games() -> list[str]:
    """The games `init` has examples for (each a folder of `templates/init/`)."""
    return sorted(
        p.name for p in init_dir().iterdir() if p.is_dir() and not p.name.startswith((".", "_")) and p.name != "shared"
    )


#: The section the example handout gives each game: a title, a kind and its product.
HANDOUT_SECTIONS = {
    "cubit": ("Your cubits", "cubit", "nets"),
    "tricube": ("The party", "tricube-character", "character-cards"),
    "kubos": ("Monsters for tonight", "kubos-monster", "stat-blocks"),
    "cubes": ("Record sheets", "cubes-civilization", "record-sheet"),
    "grimdark": ("Army rosters", "grimdark-army", "roster"),
}


@dataclass(frozen=True)
class PlannedFile:
    path: str  # relative to the project folder
    data: bytes


def plan_project(games: list[str]) -> list[PlannedFile]:
    """The files of a new project with examples for `games`, in a stable order."""
    from sheetgen.content.schema import combined_schema

    root = init_dir()
    files = [
        PlannedFile("README.md", (root / "README.md").read_bytes()),
        PlannedFile("content/theme.yaml", (root / "theme.yaml").read_bytes()),
    ]
    for game in games:
        for example in sorted((root / game).glob("*.yaml")):
            files.append(PlannedFile(f"content/{game}/{example.name}", example.read_bytes()))
        deck = rules_deck(game)  # the game's rules on cards, ready to print
        if deck is not None:
            files.append(PlannedFile(f"content/{game}/reference.yaml", deck))
    if games:  # for publishers: a deck of one's own, and a handout bundling the games' outputs
        deck = (root / "shared" / "reference-deck.yaml").read_text(encoding="utf-8")
        files.append(PlannedFile("content/reference-deck.yaml", deck.replace("{system}", games[0]).encode()))
        sections = "".join(
            f"  - title: {title}\n    include: {{kind: {kind}, product: {product}}}\n"
            for title, kind, product in (HANDOUT_SECTIONS[g] for g in games if g in HANDOUT_SECTIONS)
        )
        handout = (root / "shared" / "handout.yaml").read_text(encoding="utf-8")
        files.append(PlannedFile("content/handout.yaml", handout.replace("{sections}\n", sections).encode()))
    files.append(
        PlannedFile(SCHEMA_FILE, (json.dumps(with_product_names(combined_schema()), indent=2) + "\n").encode())
    )
    settings = {"yaml.schemas": {f"./{SCHEMA_FILE}": ["content/**/*.yaml", "content/**/*.yml"]}}
    files.append(PlannedFile(".vscode/settings.json", (json.dumps(settings, indent=2) + "\n").encode()))
    return files


def existing(folder: Path, files: list[PlannedFile]) -> list[str]:
    """The planned files that are already there (init never overwrites)."""
    return [f.path for f in files if (folder / f.path).exists()]
