"""Building blocks shared by every content model.

Each kind is one pydantic declaration: it gives validation, defaults and the JSON
Schema editors use. Models are strict: YAML types are taken as written, never
coerced (`"5"` is not a number, `no` is not false).
"""

from __future__ import annotations

import os
import sys
import types
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

from sheetgen.content.checks import MAX_ID_LENGTH, SLUG_PATTERN, card_size, check_color, check_slug, length
from sheetgen.units import CARD_SIZES, LENGTH_PATTERN

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

    vars(stand_in).update(get_plugins=lambda: (), __getattr__=real)
    sys.modules[_PLUGIN_LOADER] = stand_in


_skip_plugin_discovery()

Slug = Annotated[
    str,
    AfterValidator(check_slug),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": SLUG_PATTERN,
            "maxLength": MAX_ID_LENGTH,
            "description": "an id: lowercase letters and digits, words joined by hyphens (`orc-captain`)",
        }
    ),
]
Length = Annotated[
    float,
    BeforeValidator(length),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": LENGTH_PATTERN,
            "examples": ["50mm", "2in", "12pt"],
            "description": "a length with its unit: mm, cm, in or pt (`50mm`, `2in`)",
        }
    ),
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
    id: Slug = Field(description="the document's id, unique within its kind: other documents name it by this")


class CardSize(ContentModel):
    width: Length = Field(description="the card's width as cut (bleed is added outside it)")
    height: Length = Field(description="the card's height as cut (bleed is added outside it)")


CardSizeField = Annotated[
    CardSize,
    BeforeValidator(card_size),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "enum": list(CARD_SIZES)},
                {
                    "type": "object",
                    "properties": {
                        "width": {"type": "string", "pattern": LENGTH_PATTERN, "description": "the width as cut"},
                        "height": {"type": "string", "pattern": LENGTH_PATTERN, "description": "the height as cut"},
                    },
                    "required": ["width", "height"],
                    "additionalProperties": False,
                },
            ],
            "description": "a card size by name (poker 63.5 × 88.9 mm, bridge, mini, tarot, square) or "
            "`{width, height}` as cut",
        }
    ),
]
