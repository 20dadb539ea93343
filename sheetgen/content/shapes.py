"""The content models' shapes, written out for `sheetgen.content.plain` to read valid
content without importing pydantic.

`shapes.json` beside this module is generated from the pydantic models, which stay the
one place a kind is declared: `python -m sheetgen.content.shapes` writes it again after
a model changes, and a test fails while the file and the models disagree. A shape
holds what the fast reading needs to accept exactly what pydantic accepts and to give
the same values: each field's type (strict: YAML types taken as written), its
constraints (lengths, bounds, patterns), the checks it runs before or after its type
(`sheetgen.content.checks`, by name), and its default.
"""

from __future__ import annotations

import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, WithJsonSchema
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from sheetgen.content import checks, registry
from sheetgen.content.plain import is_own
from sheetgen.games import records

SHAPES_FILE = Path(__file__).with_name("shapes.json")

_CONSTRAINTS = {
    "min_length": "min",
    "max_length": "max",
    "ge": "ge",
    "le": "le",
    "gt": "gt",
    "lt": "lt",
    "pattern": "pattern",
}


class Unsupported(TypeError):
    """A model uses something the shapes cannot say; it is read with pydantic alone."""


def _check_ref(func: Any) -> Any:
    """A check by name (`checks.check_slug`), or a vocabulary (`checks.OneOf`)."""
    if isinstance(func, checks.OneOf):
        return {"one_of": list(func.options)}
    name = getattr(func, "__name__", None)
    if getattr(func, "__module__", None) == checks.__name__ and name and getattr(checks, name, None) is func:
        return name
    raise Unsupported(f"check {func!r} is not one of sheetgen.content.checks")


def _constraints(node: dict, metadata: list) -> dict:
    for m in metadata:
        if isinstance(m, FieldInfo):
            if m.discriminator or m.default_factory is not None:
                raise Unsupported(f"{m!r}")
            _constraints(node, m.metadata)
        elif isinstance(m, AfterValidator):
            node.setdefault("after", []).append(_check_ref(m.func))
        elif isinstance(m, BeforeValidator):
            if "before" in node:
                raise Unsupported("more than one check before a type")
            node["before"] = _check_ref(m.func)
        elif isinstance(m, WithJsonSchema):
            continue
        else:
            found = {name: getattr(m, name) for name in _CONSTRAINTS if getattr(m, name, None) is not None}
            if not found or any(getattr(m, name, None) not in (None, False) for name in _UNSAID):
                raise Unsupported(f"constraint {m!r}")
            if "after" in node:  # pydantic applies them in the order written; the plain reading first
                raise Unsupported(f"constraint {m!r} after a check")
            for name, value in found.items():
                node[_CONSTRAINTS[name]] = value
    return node


#: Options that change a value or how a type is chosen, which the shapes cannot say.
_UNSAID = (
    "strip_whitespace",
    "to_lower",
    "to_upper",
    "coerce_numbers_to_str",
    "multiple_of",
    "max_digits",
    "decimal_places",
    "union_mode",
    "discriminator",
    "allow_inf_nan",
    "fail_fast",
)


def _type(annotation: Any, models: dict) -> dict:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        inner, *metadata = typing.get_args(annotation)
        node = _type(inner, models)
        if any(k in node for k in ("before", "after")) and any(
            isinstance(m, (AfterValidator, BeforeValidator)) for m in metadata
        ):
            raise Unsupported("checks on checks")
        return _constraints(node, metadata)
    if origin in (typing.Union, types.UnionType):
        return {"t": "union", "of": [_type(a, models) for a in typing.get_args(annotation)]}
    if origin is typing.Literal:
        values = list(typing.get_args(annotation))
        if not all(type(v) in (str, int, bool) for v in values):
            raise Unsupported(f"literal {annotation!r}")
        return {"t": "literal", "values": values}
    if origin is list:
        (item,) = typing.get_args(annotation)
        return {"t": "list", "item": _type(item, models)}
    if origin is dict:
        key, value = typing.get_args(annotation)
        return {"t": "dict", "key": _type(key, models), "value": _type(value, models)}
    if annotation is type(None):
        return {"t": "none"}
    if annotation in (str, int, float, bool):
        return {"t": annotation.__name__}
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        _model(annotation, models)
        return {"t": "model", "name": annotation.__name__}
    raise Unsupported(f"type {annotation!r}")


def _value(value: Any) -> Any:
    """A default as JSON: a model instance as its class name and fields."""
    if isinstance(value, BaseModel):
        return {
            "$model": type(value).__name__,
            "$fields": {k: _value(getattr(value, k)) for k in type(value).model_fields},
        }
    if isinstance(value, list):
        return [_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _value(v) for k, v in value.items()}
    if value is None or type(value) in (str, int, float, bool):
        return value
    raise Unsupported(f"default {value!r}")


def _model(cls: type[BaseModel], models: dict) -> None:
    name = cls.__name__
    if name in models:
        if models[name]["class"] != f"{cls.__module__}.{cls.__qualname__}":
            raise Unsupported(f"two models named {name}")
        return
    shape: dict[str, Any] = {"class": f"{cls.__module__}.{cls.__qualname__}", "fields": []}
    models[name] = shape  # before its fields: a model inside itself finds it
    try:
        _fields(cls, shape, models)
    except Unsupported:
        del models[name]  # no part of a model that cannot be said
        raise


def _fields(cls: type[BaseModel], shape: dict[str, Any], models: dict) -> None:
    name = cls.__name__
    config = cls.model_config
    if not (
        config.get("strict")
        and config.get("extra") == "forbid"
        and config.get("frozen")
        and not config.get("validate_default")
        and config.get("allow_inf_nan") is False
    ):
        raise Unsupported(f"{name}: not strict, closed and frozen")
    decorators = cls.__pydantic_decorators__
    if (
        decorators.field_validators
        or decorators.field_serializers
        or decorators.model_serializers
        or decorators.computed_fields
    ):
        raise Unsupported(f"{name}: validators or serializers of its own")
    if decorators.model_validators:
        # A model's own validator says, by `__plain_checks__`, which check finds what it refuses.
        shape["refuse_if"] = [_check_ref(f) for f in getattr(cls, "__plain_checks__", ())]
        if len(shape["refuse_if"]) != len(decorators.model_validators):
            raise Unsupported(f"{name}: a validator without its check in `__plain_checks__`")
    for field_name, info in cls.model_fields.items():
        if info.alias or info.validation_alias or info.default_factory is not None or info.discriminator:
            raise Unsupported(f"{name}.{field_name}: an alias or a default factory")
        node = _constraints(_type(info.annotation, models), info.metadata)
        entry: list[Any] = [field_name, node]
        if info.default is not PydanticUndefined:
            entry.append(_value(info.default))
        shape["fields"].append(entry)


def shapes() -> dict[str, Any]:
    """Every kind's model and the models inside it, as `shapes.json` holds them."""
    models: dict[str, Any] = {}
    kinds: dict[str, str | None] = {}
    for kind, spec in registry.kinds().items():
        if not is_own(spec.model):  # a game plugin's kinds are read by pydantic
            continue
        try:
            _model(spec.model, models)
            kinds[kind] = spec.model.__name__
        except Unsupported:
            kinds[kind] = None
    for extra in _extra_models():
        _model(extra, models)
    return {"kinds": kinds, "models": models}


def _extra_models() -> list[type[BaseModel]]:
    """Models that are not a kind's but are built as plain records elsewhere (a game's
    limits): each game's models module lists them as `PLAIN_MODELS`."""
    import importlib

    return [m for r in records() for m in getattr(importlib.import_module(r.models), "PLAIN_MODELS", ())]


def written() -> str:
    return json.dumps(shapes(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # python -m sheetgen.content.shapes
    SHAPES_FILE.write_text(written(), encoding="utf-8")
    sys.stdout.write(f"wrote {SHAPES_FILE}\n")
