"""`sheetgen init`: a small project that builds at once.

It writes a theme, one example document per kind a user writes for each chosen game
(from the folder its record names, `examples`), the game's rules deck (its record's
`rules_deck`), a reference deck and a handout bundling the games' outputs
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
from sheetgen.games import games

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


def _examples(game_id: str) -> Path | None:
    record = games()[game_id]
    folder = record.path(record.examples)
    return folder if folder is not None and folder.is_dir() else None


def init_games() -> list[str]:
    """The games `init` has examples for (their records' `examples` folders), by id."""
    return sorted(g for g in games() if _examples(g) is not None)


@dataclass(frozen=True)
class PlannedFile:
    path: str  # relative to the project folder
    data: bytes


def plan_project(chosen: list[str]) -> list[PlannedFile]:
    """The files of a new project with examples for the `chosen` games, in a stable order."""
    from sheetgen.content.schema import combined_schema

    root = init_dir()
    records = [games()[g] for g in chosen]
    palette = "".join(f'  {r.id}: "{r.color}"\n' for r in records) or "  {}\n"
    theme = (root / "theme.yaml").read_text(encoding="utf-8").replace("{palette}\n", palette)
    files = [
        PlannedFile("README.md", (root / "README.md").read_bytes()),
        PlannedFile("content/theme.yaml", theme.encode()),
    ]
    for record in records:
        folder = _examples(record.id)
        for example in sorted(folder.glob("*.yaml")) if folder is not None else []:
            files.append(PlannedFile(f"content/{record.id}/{example.name}", example.read_bytes()))
        deck = record.path(record.rules_deck)  # the game's rules on cards, ready to print
        if deck is not None:
            files.append(PlannedFile(f"content/{record.id}/reference.yaml", deck.read_bytes()))
    if records:  # for publishers: a deck of one's own, and a handout bundling the games' outputs
        deck_text = (root / "shared" / "reference-deck.yaml").read_text(encoding="utf-8")
        files.append(PlannedFile("content/reference-deck.yaml", deck_text.replace("{system}", chosen[0]).encode()))
        sections = "".join(
            f"  - title: {s.title}\n    include: {{kind: {s.kind}, product: {s.product}}}\n"
            for s in (r.init_section for r in records)
            if s is not None
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
