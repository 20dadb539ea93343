"""JSON Schema for content, derived from the models: one per kind, and one for any
document (dispatching on `kind`) for editors with the YAML language server."""

from __future__ import annotations

from typing import Any

from sheetgen.content import registry

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def kind_schema(kind: str) -> dict[str, Any]:
    spec = registry.get(kind)
    if spec is None:
        raise KeyError(kind)
    schema = spec.model.model_json_schema(mode="validation")
    schema["$schema"] = SCHEMA_DIALECT
    schema["title"] = kind
    schema["description"] = spec.summary
    return schema


def all_schemas() -> dict[str, dict[str, Any]]:
    return {kind: kind_schema(kind) for kind in registry.kinds()}


def combined_schema() -> dict[str, Any]:
    """A schema for any sheetgen document: `kind` picks the kind's schema."""
    defs: dict[str, Any] = {}
    branches = []
    for kind in registry.kinds():
        schema = kind_schema(kind)
        inner = schema.pop("$defs", {})
        schema.pop("$schema", None)
        for name, d in inner.items():
            defs[name] = d
        defs[f"kind-{kind}"] = schema
        branches.append(
            {
                "if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
                "then": {"$ref": f"#/$defs/kind-{kind}"},
            }
        )
    return {
        "$schema": SCHEMA_DIALECT,
        "title": "sheetgen content document",
        "type": "object",
        "required": ["kind", "id"],
        "properties": {"kind": {"enum": list(registry.kinds())}},
        "allOf": branches,
        "$defs": defs,
    }
