"""Forms: a generator's fields from its `Option` declarations (as `sheetgen new` derives its
command-line options from them), and reading them back; the readers a game's builder
(`sheetgen.serve.builders`) reads its own fields with.

Input is data only: every value is length-limited, checked against its choices or
bounds, and ends up in YAML (written by the YAML dumper), never in code.
"""

from __future__ import annotations

import dataclasses
import random
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sheetgen.content.loader import Library
from sheetgen.generate import Generator, Option, dump_documents

MAX_FIELD = 200  # characters in one text field
MAX_NUMBER = 100  # whole-number options declared without bounds take 0 to this
MAX_SEED = 10**9
MAX_FORM_COUNT = 12  # documents one form makes at a time (`sheetgen new --count` makes more)
# The lowest and highest value of each whole-number field: the pages' `min` and `max` say
# exactly what the server accepts.
SEED_LIMITS = (0, MAX_SEED)


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    help: str
    widget: str  # select | number | text
    value: str
    choices: tuple[str, ...] = ()
    required: bool = False
    limits: tuple[int, int] | None = None  # a number's lowest and highest value


class FormError(ValueError):
    """A field's value is refused: which field and why (`errors`: every refused field's why,
    the first of them `field` and `message`)."""

    def __init__(self, field: str, message: str, errors: Mapping[str, str] | None = None) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.errors = dict(errors or {field: message})

    @classmethod
    def of(cls, errors: Mapping[str, str]) -> FormError:
        name, message = next(iter(errors.items()))
        return cls(name, message, errors)


def form_words(message: str) -> str:
    """A generator's message in the form's words: its fields, not the command line's options."""
    return re.sub(r"--([a-z][a-z-]*)", lambda m: m.group(1).replace("-", " "), message)


def field_of(message: str, names: tuple[str, ...]) -> str:
    """The field a generator's message is about: the first option it names ("" if none)."""
    return next(
        (m.replace("-", "_") for m in re.findall(r"--([a-z][a-z-]*)", message) if m.replace("-", "_") in names), ""
    )


def text_value(params: Mapping[str, str], name: str, limit: int = MAX_FIELD) -> str:
    value = str(params.get(name, "") or "").strip()
    if len(value) > limit:
        raise FormError(name, f"at most {limit} characters")
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
        raise FormError(name, "control characters are not allowed")
    return value


def number_value(
    params: Mapping[str, str], name: str, default: int | None, low: int = 0, high: int = MAX_NUMBER
) -> int | None:
    raw = text_value(params, name, 12)
    if raw == "":
        return default
    if not raw.lstrip("-").isascii() or not raw.lstrip("-").isdigit():
        raise FormError(name, "a whole number, please")
    value = int(raw)
    if not low <= value <= high:
        raise FormError(name, f"a whole number from {low} to {high}")
    return value


def seed_value(params: Mapping[str, str]) -> int:
    """The form's seed; a new random one when asked to re-roll or when there is none."""
    if params.get("reroll") or not str(params.get("seed", "")).strip():
        return random.SystemRandom().randrange(1, MAX_SEED)
    return number_value(params, "seed", None, *SEED_LIMITS) or 0


# --- generators -------------------------------------------------------------------------


def option_limits(opt: Option) -> tuple[int, int]:
    """A whole-number option's lowest and highest value: its declared bounds, else 0 to
    MAX_NUMBER; a count at most MAX_FORM_COUNT (each is checked and laid out on every change)."""
    low, high = opt.bounds or (0, MAX_NUMBER)
    return (low, min(high, MAX_FORM_COUNT)) if opt.name == "count" else (low, high)


def generator_fields(gen: Generator, params: Mapping[str, str]) -> list[Field]:
    """One field per option, as the command line has one option per declaration (its help
    in the form's words)."""
    fields = []
    for opt in gen.options:
        opt = dataclasses.replace(opt, help=form_words(opt.help))
        current = str(params.get(opt.name, "") or "")[:MAX_FIELD]
        default = "" if opt.default is None else str(opt.default)
        value = current if opt.name in params else default
        if opt.choices:
            choices = tuple(opt.choices) if opt.default is not None else ("", *opt.choices)
            fields.append(Field(opt.name, opt.name.replace("_", " "), opt.help, "select", value, choices))
        elif opt.type is int:
            limits = option_limits(opt)
            narrower = opt.bounds is not None and limits != tuple(opt.bounds)
            fields.append(
                Field(
                    opt.name,
                    opt.name.replace("_", " "),
                    opt.help + (f" (this form: {limits[0]} to {limits[1]})" if narrower else ""),
                    "number",
                    value,
                    limits=limits,
                )
            )
        else:
            fields.append(Field(opt.name, opt.name.replace("_", " "), opt.help, "text", value))
    return fields


def generator_values(gen: Generator, params: Mapping[str, str]) -> dict[str, Any]:
    """The options' values from a form, checked as the command line checks them; every
    refused field is named in the `FormError`."""
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for opt in gen.options:
        try:
            values[opt.name] = _option_value(opt, params)
        except FormError as exc:
            errors[exc.field] = exc.message
    if errors:
        raise FormError.of(errors)
    return values


def _option_value(opt: Option, params: Mapping[str, str]) -> Any:
    if opt.choices:
        raw = text_value(params, opt.name)
        if raw == "":
            return opt.default
        if raw not in opt.choices:
            raise FormError(opt.name, f"choose one of: {', '.join(opt.choices)}")
        return raw
    if opt.type is int:
        return number_value(params, opt.name, opt.default, *option_limits(opt))
    return text_value(params, opt.name) or opt.default


def generate(gen: Generator, seed: int, values: dict[str, Any], library: Library) -> str:
    """The generator's YAML as `sheetgen new` prints it (ids made unique against the
    content folder the same way), headed by the command that gives the same document."""
    from sheetgen.generate import unique_ids as _unique_ids

    documents = gen.generate(random.Random(seed), {**values, "seed": seed}, library)
    _unique_ids(documents, library, None, explicit=values.get("id"))
    args = " ".join(f"--{k.replace('_', '-')} {shlex.quote(str(v))}" for k, v in values.items() if v is not None)
    header = (f"sheetgen new {gen.kind} --seed {seed}" + (f" {args}" if args else "")).replace("\n", "\\n")
    return dump_documents(documents, header)
