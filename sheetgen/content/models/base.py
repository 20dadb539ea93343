"""Building blocks shared by every content model.

Each kind is one pydantic declaration: it gives validation, defaults and the JSON
Schema editors use. Models are strict: YAML types are taken as written, never
coerced (`"5"` is not a number, `no` is not false).
"""

from __future__ import annotations

import os
import re
import sys
import types
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

from sheetgen.units import CARD_SIZES, LENGTH_PATTERN, LengthError, parse_length

_PLUGIN_LOADER = "pydantic.plugin._loader"


def _skip_plugin_discovery() -> None:
    """With plugins turned off (`PYDANTIC_DISABLE_PLUGINS=__all__`, as the command line
    sets it), pydantic's plugin loader still imports `importlib.metadata` (and `email`,
    `zipfile`, `csv` … with it) the first time a model is built, only to find nothing:
    a sixth of the start-up imports. Its one function, `get_plugins`, then answers
    `()`; so does this stand-in. Anything else asked of it loads the real module."""
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in ("__all__", "1", "true") or _PLUGIN_LOADER in sys.modules:
        return
    stand_in = types.ModuleType(_PLUGIN_LOADER)

    def real(name: str) -> Any:
        if name.startswith("__"):  # what the import system looks for (`__path__` …)
            raise AttributeError(name)
        del sys.modules[_PLUGIN_LOADER]
        import importlib

        return getattr(importlib.import_module(_PLUGIN_LOADER), name)

    stand_in.get_plugins = lambda: ()  # type: ignore[attr-defined]
    stand_in.__getattr__ = real  # type: ignore[attr-defined]
    sys.modules[_PLUGIN_LOADER] = stand_in


_skip_plugin_discovery()

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
_SLUG_RE = re.compile(SLUG_PATTERN)
MAX_ID_LENGTH = 64
HEX_COLOR_PATTERN = r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"
_HEX_RE = re.compile(HEX_COLOR_PATTERN)
_COLOR_NAME_RE = re.compile(r"^[a-z][a-z0-9-]*$")

SYSTEMS = ("cubit", "tricube", "cubes", "grimdark", "kubos")


class ContentError(ValueError):
    """A value that is wrong in a way the author can fix; carries a stable code and a hint."""

    def __init__(self, message: str, *, code: str = "content.invalid", hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.hint = hint


def slugify(text: str) -> str:
    """A best-effort slug to suggest for a bad id."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")
    return slug[:MAX_ID_LENGTH] or "my-id"


def check_slug(value: str) -> str:
    if len(value) > MAX_ID_LENGTH or not _SLUG_RE.match(value):
        raise ContentError(
            f"`{value}` is not a valid id: ids are lowercase letters, digits and single hyphens, "
            f"at most {MAX_ID_LENGTH} characters",
            code="content.bad-id",
            hint=f"try `{slugify(value)}`",
        )
    return value


def _length(value: Any) -> float:
    try:
        return parse_length(value)
    except LengthError as exc:
        raise ContentError(str(exc), code="content.bad-length") from None


def check_color(value: str) -> str:
    if _HEX_RE.match(value):
        if len(value) == 4:
            value = "#" + "".join(c * 2 for c in value[1:])
        return value.lower()
    if _COLOR_NAME_RE.match(value):
        return value
    raise ContentError(
        f"`{value}` is not a colour",
        code="content.bad-color",
        hint="write a colour name such as `blue` or a hex value such as `\"#1f5fbf\"` (quoted: # starts a comment)",
    )


def _card_size(value: Any) -> Any:
    if isinstance(value, str):
        if value not in CARD_SIZES:
            raise ContentError(
                f"`{value}` is not a card size",
                code="content.bad-card-size",
                hint=f"use one of {', '.join(CARD_SIZES)} or {{width: 63.5mm, height: 88.9mm}}",
            )
        w, h = CARD_SIZES[value]
        return {"width": f"{w}pt", "height": f"{h}pt"}
    return value


Slug = Annotated[
    str,
    AfterValidator(check_slug),
    WithJsonSchema({"type": "string", "pattern": SLUG_PATTERN, "maxLength": MAX_ID_LENGTH}),
]
Length = Annotated[
    float,
    BeforeValidator(_length),
    WithJsonSchema({"type": "string", "pattern": LENGTH_PATTERN, "examples": ["50mm", "2in", "12pt"]}),
]
Color = Annotated[
    str,
    AfterValidator(check_color),
    WithJsonSchema({"type": "string", "description": "a colour name (blue) or hex value (#1f5fbf)"}),
]
Text = Annotated[str, Field(max_length=20_000)]
ShortText = Annotated[str, Field(max_length=500)]


class ContentModel(BaseModel):
    """Base of every content model: strict, closed, immutable."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, validate_default=False, allow_inf_nan=False)


class DocumentModel(ContentModel):
    """Every YAML document has a kind and an id."""

    kind: str
    id: Slug


class CardSize(ContentModel):
    width: Length
    height: Length


CardSizeField = Annotated[
    CardSize,
    BeforeValidator(_card_size),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "enum": list(CARD_SIZES)},
                {
                    "type": "object",
                    "properties": {
                        "width": {"type": "string", "pattern": LENGTH_PATTERN},
                        "height": {"type": "string", "pattern": LENGTH_PATTERN},
                    },
                    "required": ["width", "height"],
                    "additionalProperties": False,
                },
            ]
        }
    ),
]
