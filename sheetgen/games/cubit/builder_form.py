"""The cubit builder's form: its fields read from a request, each on its own, the cubit
they make as a content document, and an existing cubit as fields.

Input is data only: every value is length-limited, checked against its choices or
bounds, and ends up in YAML (written by the YAML dumper), never in code.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml

from sheetgen.generate.cubit import FACES, assigned_skills, rolled_skills
from sheetgen.rules.cubit.character import STARTING_SKILLS
from sheetgen.rules.cubit.notation import UpgradeUse, parse_faces
from sheetgen.serve.forms import MAX_FIELD, FormError, number_value, seed_value, text_value

# The rules set no highest skill or advancement: these bounds only keep a form's numbers
# (and the net drawn from them) small enough to lay out.
ADVANCEMENT_LIMITS = (0, 999)
SKILL_LIMITS = (0, 999)
CUBIT_LIMITS = {"advancement": ADVANCEMENT_LIMITS, "skill": SKILL_LIMITS}


@dataclass
class CubitForm:
    """The cubit builder's state, read from a request: the values it could read, and for
    each field it refused, why and what was typed (shown back as typed)."""

    id: str = "new-cubit"
    name: str = ""
    aliases: tuple[str, ...] = ()
    function: str = ""
    faction: str = ""
    configuration: str = "standard"
    advancement: int = 0
    skills: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    interfaces: tuple[str, ...] = ("",) * FACES  # a custom cubit's interface ids ("": the standard one)
    upgrades: tuple[str, ...] = ("",) * FACES
    cube_size: str = "50mm"
    paper: str = "a4"
    seed: int | None = None
    file: str = ""  # the content file being edited (as pages show it); "" for a new cubit
    errors: dict[str, str] = field(default_factory=dict)
    typed: dict[str, str] = field(default_factory=dict)

    @property
    def skill_total(self) -> int:
        return sum(self.skills)

    @property
    def budget(self) -> int:
        return STARTING_SKILLS + self.advancement

    @property
    def budget_unknown(self) -> bool:
        """A skill or the advancement is refused: the total and the budget are not known."""
        return any(name.startswith("skill") or name == "advancement" for name in self.errors)

    @property
    def custom(self) -> bool:
        return self.configuration == "custom"

    def shown(self, name: str, value: object) -> str:
        """A field's value as the page shows it: as typed, if it was refused."""
        return self.typed.get(name, str(value))


PAPERS = ("a4", "letter")
CONFIGURATIONS = ("standard", "custom")


def cubit_form(params: Mapping[str, str]) -> CubitForm:
    """Read the builder's fields, each on its own: a refused field is noted (`errors`,
    `typed`) and keeps its default. `roll` or `assign` draw the skills from a seed, by the
    same methods as `sheetgen new cubit`."""
    form = CubitForm()

    def read(name: str, get, default):
        try:
            return get()
        except FormError as exc:
            form.errors[name] = exc.message
            form.typed[name] = str(params.get(name, ""))[:MAX_FIELD]
            return default

    def choice(name: str, choices: tuple[str, ...], default: str) -> str:
        value = text_value(params, name, 16) or default
        if value not in choices:
            raise FormError(name, f"choose {' or '.join(choices)}")
        return value

    form.id = read("id", lambda: text_value(params, "id", 64), "") or form.id
    form.name = read("name", lambda: text_value(params, "name", 120), "")
    form.aliases = tuple(
        a.strip() for a in read("aliases", lambda: text_value(params, "aliases", 240), "").split(",") if a.strip()
    )
    form.function = read("function", lambda: text_value(params, "function", 200), "")
    form.faction = read("faction", lambda: text_value(params, "faction", 64), "")
    form.configuration = read("configuration", lambda: choice("configuration", CONFIGURATIONS, "standard"), "standard")
    form.advancement = read("advancement", lambda: number_value(params, "advancement", 0, *ADVANCEMENT_LIMITS), 0) or 0
    skills = [
        read(
            f"skill{n}",
            lambda n=n: number_value(params, f"skill{n}", form.skills[n - 1], *SKILL_LIMITS),
            form.skills[n - 1],
        )
        or 0
        for n in range(1, FACES + 1)
    ]
    form.interfaces = tuple(
        read(f"interface{n}", lambda n=n: text_value(params, f"interface{n}", 64), "") for n in range(1, FACES + 1)
    )
    form.upgrades = tuple(
        read(f"upgrades{n}", lambda n=n: text_value(params, f"upgrades{n}", 120), "") for n in range(1, FACES + 1)
    )
    form.cube_size = read("cube_size", lambda: text_value(params, "cube_size", 16), "") or form.cube_size
    form.paper = read("paper", lambda: choice("paper", PAPERS, "a4"), "a4")
    form.file = read("file", lambda: text_value(params, "file", 1024), "")
    if params.get("roll") and form.custom:
        form.errors["configuration"] = "Roll makes a standard cubit's skills; a custom NPC's are yours to choose"
    elif params.get("roll") or params.get("assign"):
        form.seed = seed_value({"reroll": "1"})
        rng = random.Random(form.seed)
        skills = rolled_skills(rng) if params.get("roll") else assigned_skills(rng)
        for n in range(1, FACES + 1):
            form.errors.pop(f"skill{n}", None)
            form.typed.pop(f"skill{n}", None)
    form.skills = tuple(skills)
    return form


def cubit_yaml(form: CubitForm, codes: list[str]) -> str:
    """The builder's cubit as a content document, faces in the compact notation (`codes`:
    each face's interface code)."""
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
    doc["configuration"] = form.configuration
    doc["advancement"] = form.advancement
    doc["faces"] = " ".join(terms)
    body = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, default_flow_style=False, width=200)
    return "# made with the cubit builder of sheetgen serve\n" + body


# The fields the builder writes: a document with others (storage, temporary upgrades,
# notes …) is opened all the same, but saved only as a new file, never over its own.
BUILDER_FIELDS = frozenset(
    {"kind", "id", "name", "aliases", "function", "faction", "configuration", "advancement", "faces"}
)


def cubit_params(model: Any, codes: dict[str, str], names: dict[str, str]) -> dict[str, str]:
    """An existing cubit as the builder's fields (`codes`, `names`: interface codes and
    names to ids, for faces written in the compact notation)."""
    params = {
        "id": model.id,
        "name": model.name or "",
        "aliases": ", ".join(model.aliases or ()),
        "function": model.function or "",
        "faction": model.faction or "",
        "configuration": model.configuration,
        "advancement": str(model.advancement),
    }
    for n, (iface, skill, uses) in enumerate(_faces(model.faces, codes, names), 1):
        params[f"skill{n}"] = str(skill)
        params[f"upgrades{n}"] = ", ".join(uses)
        if model.configuration == "custom":
            params[f"interface{n}"] = iface
    return params


def _faces(faces: Any, codes: dict[str, str], names: dict[str, str]) -> list[tuple[str, int, list[str]]]:
    """(interface id, skill, upgrades as the notation writes them) of each face."""
    if isinstance(faces, str):
        return [(f.interface, f.skill, [u.token() for u in f.upgrades]) for f in parse_faces(faces, codes, names)]
    out = []
    for face in faces[:FACES]:
        uses = []
        for entry in face.upgrades:
            if isinstance(entry, str):
                uses.append(entry)
            elif entry.specialization is not None:
                uses.append(UpgradeUse("specialization", action=entry.specialization).token())
            else:
                uses.append(UpgradeUse(entry.upgrade or "", action=entry.action, capacity=entry.capacity).token())
        out.append((face.interface, face.skill, uses))
    return out
