"""`kinds.md`: every kind and its fields, read from the models' JSON Schema."""

from __future__ import annotations

import json
from typing import Any

from sheetgen.content.checks import DATE_PATTERN, HEX_COLOR_PATTERN, LANGUAGE_PATTERN, RANGE_PATTERN, SLUG_PATTERN
from sheetgen.reference import cell
from sheetgen.units import LENGTH_PATTERN

Schema = dict[str, Any]

#: Patterns a type is named by rather than shown.
NAMED = {
    SLUG_PATTERN: "slug",
    LENGTH_PATTERN: "length",
    HEX_COLOR_PATTERN: "hex colour",
    RANGE_PATTERN: "range",
    DATE_PATTERN: "date (YYYY-MM-DD)",
    LANGUAGE_PATTERN: "language tag (BCP 47)",
}


def type_of(node: Schema) -> str:
    """A field's type in words: `string`, `list of CubitFace`, `` `a` | `b` ``."""
    if "$ref" in node:
        return f"`{node['$ref'].rsplit('/', 1)[1]}`"
    if "const" in node:
        return f"`{node['const']}`"
    if "enum" in node:
        return " | ".join(f"`{v}`" for v in node["enum"])
    if "anyOf" in node:
        return " or ".join(type_of(n) for n in node["anyOf"] if n.get("type") != "null")
    kind = node.get("type", "any")
    if kind == "array":
        return f"list of {type_of(node.get('items', {}))}"
    if kind == "object" and isinstance(node.get("additionalProperties"), dict):
        return f"map of {type_of(node['additionalProperties'])}"
    if kind == "object" and node.get("patternProperties"):
        return "map of " + " or ".join(type_of(n) for n in node["patternProperties"].values())
    if kind == "object" and node.get("properties"):
        return "{" + ", ".join(f"`{name}`" for name in node["properties"]) + "}"
    return NAMED.get(node.get("pattern", ""), str(kind))


LIMITS = (
    ("minLength", "at least {} character{}"),
    ("maxLength", "at most {} character{}"),
    ("minimum", "≥ {}"),
    ("exclusiveMinimum", "> {}"),
    ("maximum", "≤ {}"),
    ("exclusiveMaximum", "< {}"),
    ("minItems", "at least {} item{}"),
    ("maxItems", "at most {} item{}"),
    ("minProperties", "at least {} entr{}"),
    ("maxProperties", "at most {} entr{}"),
)


def _plural(text: str, count: int) -> str:
    if text.endswith("entr{}"):
        return "y" if count == 1 else "ies"
    return "" if count == 1 else "s"


def limits_of(node: Schema) -> list[str]:
    """The limits a field's value keeps, from every branch of its type."""
    found = [text.format(node[key], _plural(text, node[key])) for key, text in LIMITS if key in node]
    if "pattern" in node and node["pattern"] not in NAMED:
        found.append(f"matches `{node['pattern']}`")
    for branch in node.get("anyOf", []):
        found += limits_of(branch)
    for sub in ("items", "additionalProperties"):
        if isinstance(node.get(sub), dict):
            found += limits_of(node[sub])
    return found


def description_of(node: Schema) -> str:
    """The field's description, or that of what it holds where it holds one kind of value."""
    branches = [n for n in node.get("anyOf", []) if n.get("type") != "null"]
    for candidate in (node, *(branches if len(branches) == 1 else []), node.get("items") or {}):
        if candidate.get("description"):
            return candidate["description"]
    return ""


def default_of(name: str, node: Schema, required: list[str]) -> str:
    if name in required:
        return "required"
    if "default" not in node or node["default"] is None or node["default"] == [] or node["default"] == {}:
        return "—"
    return f"`{json.dumps(node['default'], ensure_ascii=False)}`"


def field_table(schema: Schema) -> list[str]:
    rows = ["| field | type | default | limits | description |", "|---|---|---|---|---|"]
    required = schema.get("required", [])
    for name, node in schema.get("properties", {}).items():
        limits = "; ".join(dict.fromkeys(limits_of(node))) or "—"
        rows.append(
            f"| `{name}` | {cell(type_of(node))} | {cell(default_of(name, node, required))} "
            f"| {cell(limits)} | {cell(description_of(node))} |"
        )
    return rows


def kind_section(kind: str, game: str | None, schema: Schema) -> list[str]:
    lines = [f"## `{kind}`", "", f"{schema.get('description', '')} ({game or 'any game'})", ""]
    lines += field_table(schema)
    for name, sub in schema.get("$defs", {}).items():
        if "properties" not in sub:
            continue
        lines += ["", f"### `{name}` (in `{kind}`)", ""]
        if sub.get("description"):
            lines += [cell(sub["description"]), ""]
        lines += field_table(sub)
    return lines + [""]


def page() -> str:
    from sheetgen.content import registry
    from sheetgen.content.schema import kind_schema

    specs = registry.kinds()
    lines = [
        "# Kinds",
        "",
        "Every kind of document sheetgen reads and every field it takes, from the models "
        "(`sheetgen schema KIND` prints the same as JSON Schema). A field marked required must be "
        "written; the others take the default shown. Lengths are strings with a unit (`50mm`, `2in`, "
        '`12pt`), colours a name (`blue`) or a hex value (`"#1f5fbf"`), ids lowercase slugs.',
        "",
        "| kind | game | what it is |",
        "|---|---|---|",
    ]
    lines += [f"| [`{kind}`](#{kind}) | {spec.game or 'any'} | {cell(spec.summary)} |" for kind, spec in specs.items()]
    lines.append("")
    for kind, spec in specs.items():
        lines += kind_section(kind, spec.game, kind_schema(kind))
    return "\n".join(lines)
