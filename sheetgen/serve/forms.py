"""Forms: a generator's fields from its `Option` declarations (as `sheetgen new` derives its
command-line options from them), the cubit builder's fields, and reading both back.

Input is data only: every value is length-limited, checked against its choices or
bounds, and ends up in YAML (written by the YAML dumper), never in code.
"""

from __future__ import annotations

import random
import shlex
from dataclasses import dataclass
from typing import Any, Mapping

import yaml

from sheetgen.content.loader import Library
from sheetgen.generate import Generator, Option, dump_documents
from sheetgen.generate.cubit import FACES, assigned_skills, rolled_skills
from sheetgen.rules.cubit.character import STARTING_SKILLS

MAX_FIELD = 200  # characters in one text field
MAX_NUMBER = 100  # whole-number options declared without bounds take 0 to this
MAX_SEED = 10**9
MAX_FORM_COUNT = 12  # documents one form makes at a time (`sheetgen new --count` makes more)
# The lowest and highest value of each whole-number field: the pages' `min` and `max` say
# exactly what the server accepts.
SEED_LIMITS = (0, MAX_SEED)
ADVANCEMENT_LIMITS = (0, 50)
SKILL_LIMITS = (0, 30)
CUBIT_LIMITS = {"advancement": ADVANCEMENT_LIMITS, "skill": SKILL_LIMITS}


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
    """A field's value is refused: which field and why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def text_value(params: Mapping[str, str], name: str, limit: int = MAX_FIELD) -> str:
    value = str(params.get(name, "") or "").strip()
    if len(value) > limit:
        raise FormError(name, f"at most {limit} characters")
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
        raise FormError(name, "control characters are not allowed")
    return value


def number_value(params: Mapping[str, str], name: str, default: int | None, low: int = 0, high: int = MAX_NUMBER
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
    """One field per option, as the command line has one option per declaration."""
    fields = []
    for opt in gen.options:
        current = str(params.get(opt.name, "") or "")[:MAX_FIELD]
        default = "" if opt.default is None else str(opt.default)
        value = current if opt.name in params else default
        if opt.choices:
            choices = tuple(opt.choices) if opt.default is not None else ("", *opt.choices)
            fields.append(Field(opt.name, opt.name.replace("_", " "), opt.help, "select", value, choices))
        elif opt.type is int:
            fields.append(Field(opt.name, opt.name.replace("_", " "), opt.help, "number", value,
                                limits=option_limits(opt)))
        else:
            fields.append(Field(opt.name, opt.name.replace("_", " "), opt.help, "text", value))
    return fields


def generator_values(gen: Generator, params: Mapping[str, str]) -> dict[str, Any]:
    """The options' values from a form, checked as the command line checks them."""
    values: dict[str, Any] = {}
    for opt in gen.options:
        if opt.choices:
            raw = text_value(params, opt.name)
            if raw == "":
                values[opt.name] = opt.default
            elif raw in opt.choices:
                values[opt.name] = raw
            else:
                raise FormError(opt.name, f"choose one of: {', '.join(opt.choices)}")
        elif opt.type is int:
            values[opt.name] = number_value(params, opt.name, opt.default, *option_limits(opt))
        else:
            values[opt.name] = text_value(params, opt.name) or opt.default
    return values


def generate(gen: Generator, seed: int, values: dict[str, Any], library: Library) -> str:
    """The generator's YAML as `sheetgen new` prints it (ids made unique against the
    content folder the same way), headed by the command that gives the same document."""
    from sheetgen.cli import _unique_ids

    documents = gen.generate(random.Random(seed), {**values, "seed": seed}, library)
    _unique_ids(documents, library, None, explicit=values.get("id"))
    args = " ".join(f"--{k.replace('_', '-')} {shlex.quote(str(v))}" for k, v in values.items() if v is not None)
    header = (f"sheetgen new {gen.kind} --seed {seed}" + (f" {args}" if args else "")).replace("\n", "\\n")
    return dump_documents(documents, header)


# --- the cubit builder --------------------------------------------------------------------


@dataclass
class CubitForm:
    """The cubit builder's state, read from a request."""

    id: str = "new-cubit"
    name: str = ""
    aliases: tuple[str, ...] = ()
    function: str = ""
    faction: str = ""
    advancement: int = 0
    skills: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    upgrades: tuple[str, ...] = ("",) * FACES
    cube_size: str = "50mm"
    paper: str = "a4"
    seed: int | None = None

    @property
    def skill_total(self) -> int:
        return sum(self.skills)

    @property
    def budget(self) -> int:
        return STARTING_SKILLS + self.advancement


PAPERS = ("a4", "letter")


def cubit_form(params: Mapping[str, str]) -> CubitForm:
    """Read the builder's fields; `roll` or `assign` draw the skills from a seed, by the
    same methods as `sheetgen new cubit`."""
    form = CubitForm()
    form.id = text_value(params, "id", 64) or form.id
    form.name = text_value(params, "name", 120)
    form.aliases = tuple(a.strip() for a in text_value(params, "aliases", 240).split(",") if a.strip())
    form.function = text_value(params, "function", 200)
    form.faction = text_value(params, "faction", 64)
    form.advancement = number_value(params, "advancement", 0, *ADVANCEMENT_LIMITS) or 0
    skills = [number_value(params, f"skill{n}", form.skills[n - 1], *SKILL_LIMITS) or 0 for n in range(1, FACES + 1)]
    form.upgrades = tuple(text_value(params, f"upgrades{n}", 120) for n in range(1, FACES + 1))
    form.cube_size = text_value(params, "cube_size", 16) or form.cube_size
    paper = text_value(params, "paper", 8) or form.paper
    if paper not in PAPERS:
        raise FormError("paper", "choose a4 or letter")
    form.paper = paper
    if params.get("roll") or params.get("assign"):
        form.seed = seed_value({"reroll": "1"})
        rng = random.Random(form.seed)
        skills = rolled_skills(rng) if params.get("roll") else assigned_skills(rng)
    form.skills = tuple(skills)
    return form


def cubit_yaml(form: CubitForm, codes: list[str]) -> str:
    """The builder's cubit as a content document, faces in the compact notation."""
    terms = []
    for code, skill, ups in zip(codes, form.skills, form.upgrades):
        ups = ",".join(u.strip() for u in ups.split(",") if u.strip())
        terms.append(f"{code}{skill}" + (f"[{ups}]" if ups else ""))
    doc: dict[str, Any] = {"kind": "cubit", "id": form.id}
    if form.name:
        doc["name"] = form.name
    if form.aliases:
        doc["aliases"] = list(form.aliases)
    if form.function:
        doc["function"] = form.function
    if form.faction:
        doc["faction"] = form.faction
    doc["configuration"] = "standard"
    doc["advancement"] = form.advancement
    doc["faces"] = " ".join(terms)
    body = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, default_flow_style=False, width=200)
    return "# made with the cubit builder of sheetgen serve\n" + body
