"""Import an army list from a list builder's export (Army Forge): its JSON export or
its plain-text export, turned into one `grimdark-army` document and its
`grimdark-unit` documents, ranges converted to the content format.

JSON: the army (`name`, `points`, `pointsLimit`, `units`) and each unit (`name`,
`customName`, `size`, `quality`, `defense`, `cost`, `specialRules[{key, name, rating}]`,
`selectionId`, `joinToUnit`, `combined`, and its weapons in `loadout` when present and not
empty, else in `equipment`: `name`, `label`, `range` in inches (0 is melee), `attacks`,
`count`, `specialRules`). Equipment without attacks is gear: its rules become the unit's.
A hero whose `joinToUnit` names a unit's `selectionId` joins that unit (the army entry's
`heroes`); a `combined` unit with a `joinToUnit` is merged into that copy of itself (one
unit of both sizes and costs). The export's `points` is compared with the units' costs.

Text: an optional army line (`++ Name [500pts] ++`), then for each unit a line
`Name [5] | Qua 4+ Def 5+ | 100pts` or `Name [5] Q4+ D5+ | 100pts` (rules may follow after
another `|`), then lines of weapon labels (`5x Rifle (24", A1, AP(1))`) and of rules
(`Tough(3), Hero`).

Every problem is a diagnostic at its line and column; nothing here writes files. The
documents remember where in the export each of their values came from, so that a check of
the written content (points over the limit, a hero that may not join) is reported at the
export's own line (`relocate`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sheetgen.diagnostics import CONSEQUENCES, Diagnostic, Severity
from sheetgen.importers import Importer, ImportResult, Origins, Where
from sheetgen.rules.grimdark.profile import weapon_count_fits
from sheetgen.rules.grimdark.rulebook import QUALITY_RANGE

MAX_BYTES = 2_000_000
MAX_ID = 64


class ImportFailure(Exception):
    """The export cannot be read: the diagnostics say where and why."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics = diagnostics


@dataclass
class WeaponIn:
    name: str
    range_in: float
    attacks: int
    count: int
    rules: list[str]


@dataclass
class UnitIn:
    name: str
    size: int
    quality: int
    defense: int
    cost: int
    rules: list[str] = field(default_factory=list)
    weapons: list[WeaponIn] = field(default_factory=list)
    where: Where = (1, 1)
    selection: str | None = None  # the export's `selectionId`
    join: str | None = None  # the `selectionId` this unit joins (`joinToUnit`)
    join_where: Where = (1, 1)
    combined: bool = False
    base_name: str | None = None  # the list builder's name when `customName` replaces it


@dataclass
class ArmyIn:
    name: str
    points_limit: int | None
    units: list[UnitIn]
    limit_where: Where = (1, 1)
    declared_points: int | None = None  # the export's own total (`points`)
    points_where: Where = (1, 1)


def slug(text: str, limit: int = MAX_ID) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s[:limit].strip("-") or "unit"


def rule_label(name: str, rating: Any) -> str:
    if rating is None or rating == "" or isinstance(rating, bool):
        return name
    if isinstance(rating, float) and rating == int(rating):
        rating = int(rating)
    return f"{name}({rating})"


def value_problem(key: str, value: int) -> tuple[str, str] | None:
    """What is wrong with a unit's number, as (message, hint), or None."""
    low, high = QUALITY_RANGE
    if key in ("quality", "defense") and not low <= value <= high:
        return f"{key} {value} is not a roll of {low}+ to {high}+", f"a {key} of 4 means 4+"
    if key == "size" and value < 1:
        return f"size {value}: a unit has at least one model", "check the export"
    if key == "cost" and value < 0:
        return f"cost {value} is negative", "check the export"
    return None


# --- JSON -------------------------------------------------------------------------------------


class _Where:
    """Line and column of every value of a JSON text, by path (from a YAML parse of it)."""

    def __init__(self, text: str):
        self.marks: dict[tuple, tuple[int, int]] = {}
        try:
            import yaml

            node = yaml.compose(text, Loader=yaml.SafeLoader)
        except Exception:  # positions are a courtesy: without them errors point at the start
            node = None
        if node is not None:
            self._walk(node, ())

    def _walk(self, node, path: tuple) -> None:
        self.marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if node.tag.endswith(":map"):
            for k, v in node.value:
                self._walk(v, path + (k.value,))
                self.marks[path + (k.value, "<key>")] = (k.start_mark.line + 1, k.start_mark.column + 1)
        elif node.tag.endswith(":seq"):
            for i, v in enumerate(node.value):
                self._walk(v, path + (i,))

    def __call__(self, path: tuple) -> tuple[int, int]:
        while path and path not in self.marks:
            path = path[:-1]
        return self.marks.get(path, (1, 1))


def _path_text(path: tuple) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out or "the export"


class _JsonReader:
    def __init__(self, file: str, text: str):
        self.file = file
        self.where = _Where(text)
        self.problems: list[Diagnostic] = []

    def fail(self, path: tuple, code: str, message: str, hint: str) -> None:
        line, col = self.where(path)
        self.problems.append(Diagnostic(self.file, line, col, Severity.ERROR, code, message, hint))

    def get(self, obj: dict, path: tuple, key: str, kind: type | tuple, *, required: bool = True, default: Any = None):
        if not isinstance(obj, dict):
            return default
        if key not in obj:
            if required:
                self.fail(
                    path,
                    "import.missing-field",
                    f"{_path_text(path)} has no `{key}`",
                    "export the list again from the list builder; the file may be cut short or edited",
                )
            return default
        value = obj[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            names = " or ".join(
                {int: "a number", float: "a number", str: "text", list: "a list", dict: "an object"}[k] for k in kinds
            )
            self.fail(
                path + (key,),
                "import.wrong-type",
                f"{_path_text(path + (key,))} is {json.dumps(value)[:40]}; expected {names}",
                "this does not look like a list builder's army export",
            )
            return default
        return value

    def number(
        self, obj: dict, path: tuple, key: str, *, required: bool = True, default: int | None = None
    ) -> int | None:
        value = self.get(obj, path, key, (int, float, str), required=required, default=default)
        if isinstance(value, str):  # some exports write numbers as text
            if re.fullmatch(r"\s*-?\d+(\.\d+)?\s*", value):
                value = float(value)
            else:
                self.fail(
                    path + (key,),
                    "import.wrong-type",
                    f"{_path_text(path + (key,))} is `{value}`, not a number",
                    "this does not look like a list builder's army export",
                )
                return default
        if isinstance(value, float):
            value = int(value) if value == int(value) else value
        return value

    def rules(self, obj: dict, path: tuple) -> list[str]:
        out = []
        items = self.get(obj, path, "specialRules", list, required=False, default=[]) or []
        for i, r in enumerate(items):
            where = path + ("specialRules", i)
            if not isinstance(r, dict):
                self.fail(
                    where,
                    "import.wrong-type",
                    f"{_path_text(where)} is not an object",
                    "each special rule is {key, name, rating}",
                )
                continue
            name = self.get(r, where, "name", str)
            if name:
                out.append(rule_label(name.strip(), r.get("rating")))
        return out

    def weapon(self, obj: Any, path: tuple) -> WeaponIn | list[str] | None:
        if not isinstance(obj, dict):
            self.fail(path, "import.wrong-type", f"{_path_text(path)} is not an object", "each weapon is an object")
            return None
        name = self.get(obj, path, "name", str) or self.get(obj, path, "label", str, required=False) or ""
        rules = self.rules(obj, path)
        attacks = self.number(obj, path, "attacks", required=False, default=0)
        if not attacks:
            return rules  # gear: no attacks, its rules are the unit's
        rng = self.number(obj, path, "range", required=False, default=0) or 0
        count = self.number(obj, path, "count", required=False, default=1) or 1
        return WeaponIn(name.strip(), rng, int(attacks), int(count), rules)

    def unit(self, obj: Any, path: tuple) -> UnitIn | None:
        if not isinstance(obj, dict):
            self.fail(path, "import.wrong-type", f"{_path_text(path)} is not an object", "each unit is an object")
            return None
        before = len(self.problems)
        name = self.get(obj, path, "name", str)
        values = {k: self.number(obj, path, k) for k in ("size", "quality", "defense", "cost")}
        rules = self.rules(obj, path)
        key = "loadout" if obj.get("loadout") else "equipment"
        weapons: list[WeaponIn] = []
        items = self.get(obj, path, key, list, required=key == "loadout", default=[]) or []
        for i, w in enumerate(items):
            got = self.weapon(w, path + (key, i))
            if isinstance(got, WeaponIn):
                size = values["size"]
                if isinstance(size, int) and not weapon_count_fits(got.count, size):
                    self.fail(
                        path + (key, i, "count"),
                        "import.out-of-range",
                        f"{got.count} models carry {got.name}, but the unit has {size}",
                        "check the export",
                    )
                weapons.append(got)
            elif got:
                rules += [r for r in got if r not in rules]
        if len(self.problems) == before:
            for key, value in values.items():
                problem = value_problem(key, value) if value is not None else None
                if problem:
                    self.fail(
                        path + (key,), "import.out-of-range", f"{_path_text(path + (key,))}: {problem[0]}", problem[1]
                    )
        custom = self.get(obj, path, "customName", str, required=False)
        selection = self.get(obj, path, "selectionId", (str, int), required=False)
        join = obj.get("joinToUnit")
        if join is not None and not isinstance(join, (str, int)) or isinstance(join, bool):
            self.fail(
                path + ("joinToUnit",),
                "import.wrong-type",
                f"{_path_text(path + ('joinToUnit',))} is "
                f"{json.dumps(join)[:40]}; expected a unit's selectionId or null",
                "check the export",
            )
        combined = obj.get("combined") is True
        known = {k: int(v) for k, v in values.items() if v is not None}
        if len(self.problems) > before or len(known) < len(values):
            return None
        numbers = (known["size"], known["quality"], known["defense"], known["cost"])
        unit = UnitIn(name.strip(), *numbers, rules, weapons, self.where(path))
        if custom and custom.strip() and custom.strip() != unit.name:
            unit.base_name, unit.name = unit.name, custom.strip()
        unit.selection = None if selection is None else str(selection)
        unit.join = None if join is None else str(join)
        unit.join_where = self.where(path + ("joinToUnit",))
        unit.combined = combined
        return unit


def read_json(file: str, text: str) -> ArmyIn:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        end = exc.pos >= len(text.rstrip())
        raise ImportFailure(
            [
                Diagnostic(
                    file,
                    exc.lineno,
                    exc.colno,
                    Severity.ERROR,
                    "import.bad-json",
                    f"the export is not valid JSON: {exc.msg}" + (" (the file ends early)" if end else ""),
                    "export the list again; the file may be cut short",
                )
            ]
        ) from None
    r = _JsonReader(file, text)
    if not isinstance(data, dict):
        r.fail(
            (),
            "import.wrong-type",
            "the export is not a JSON object",
            "export the army list as JSON from the list builder",
        )
        raise ImportFailure(r.problems)
    name = r.get(data, (), "name", str)
    limit = r.number(data, (), "pointsLimit", required=False)
    points = r.number(data, (), "points", required=False)
    units_raw = r.get(data, (), "units", list, default=[])
    units = []
    for i, raw in enumerate(units_raw or []):
        unit = r.unit(raw, ("units", i))
        if unit is not None:
            units.append(unit)
    if not r.problems and not units:
        r.fail(("units",), "import.no-units", "the army has no units", "add units in the list builder and export again")
    r.problems += join_problems(file, units)
    if r.problems:
        raise ImportFailure(r.problems)
    return ArmyIn(
        name.strip(),
        limit,
        units,
        r.where(("pointsLimit",)) if limit is not None else r.where(("name",)),
        points if isinstance(points, int) else None,
        r.where(("points",)),
    )


def join_problems(file: str, units: list[UnitIn]) -> list[Diagnostic]:
    """A `joinToUnit` must name another unit's `selectionId`, one that joins no unit itself."""
    by_id = {u.selection: u for u in units if u.selection is not None}
    out = []
    for u in units:
        if u.join is None:
            continue
        target = by_id.get(u.join)
        if target is None or target is u:
            message = f"{u.name} joins `{u.join}`, " + ("itself" if target is u else "which is no unit's selectionId")
        elif target.join is not None:
            message = f"{u.name} joins {target.name}, which joins another unit itself"
        else:
            continue
        out.append(
            Diagnostic(
                file,
                *u.join_where,
                Severity.ERROR,
                "import.bad-join",
                message,
                "a hero joins one unit of the army: export the list again from the list builder",
            )
        )
    return out


# --- text -------------------------------------------------------------------------------------

_UNIT_RE = re.compile(
    r"^(?P<name>[^|\[\]]+?)\s*\[(?P<size>\d+)\]\s*(?:\|\s*)?(?:Qua|Q)\s*(?P<q>\d)\+?\s*(?:Def|D)\s*(?P<d>\d)\+?\s*"
    r"\|\s*(?P<cost>\d+)\s*pts?\s*(?:\|\s*(?P<rules>.*))?$",
    re.IGNORECASE,
)
UNIT_LINE_HINT = "a unit line reads `Name [5] | Qua 4+ Def 5+ | 100pts` or `Name [5] Q4+ D5+ | 100pts`"
_HEADER_RE = re.compile(r"^\+*\s*(?P<name>.+?)\s*(?:\[(?:[A-Za-z ]+\s)?(?P<limit>\d+)\s*pts?\])?\s*\+*$", re.IGNORECASE)
_WEAPON_RE = re.compile(r"^(?:(?P<count>\d+)\s*x\s+)?(?P<name>[^(]+?)\s*\((?P<inner>.*)\)$")
_ATTACKS_RE = re.compile(r"^A(\d+)$")
_RANGE_RE = re.compile(r'^(\d+(?:\.\d+)?)\s*(?:"|in|″)$')


def split_top(text: str) -> list[tuple[int, str]]:
    """Comma-separated items outside brackets, with their offsets."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text + ","):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            item = text[start:i]
            if item.strip():
                out.append((start + len(item) - len(item.lstrip()), item.strip()))
            start = i + 1
    return out


def _weapon_from_label(label: str) -> WeaponIn | None:
    m = _WEAPON_RE.match(label)
    if not m:
        return None
    rng, attacks, rules = 0.0, None, []
    for _, part in split_top(m.group("inner")):
        if (a := _ATTACKS_RE.match(part)) is not None:
            attacks = int(a.group(1))
        elif (r := _RANGE_RE.match(part)) is not None:
            rng = float(r.group(1))
        else:
            rules.append(part)
    if attacks is None:
        return None
    return WeaponIn(m.group("name").strip(), rng, attacks, int(m.group("count") or 1), rules)


def _is_rule(item: str) -> bool:
    """`Hero`, `Tough(3)`: a name, with at most a number in brackets."""
    return re.fullmatch(r"[A-Za-z][A-Za-z' -]*(\(\s*[+-]?\d+\s*\))?", item) is not None


def read_text(file: str, text: str) -> ArmyIn:
    problems: list[Diagnostic] = []

    def fail(line: int, col: int, code: str, message: str, hint: str) -> None:
        problems.append(Diagnostic(file, line, col, Severity.ERROR, code, message, hint))

    name, limit, limit_where = Path(file).stem, None, (1, 1)
    units: list[UnitIn] = []
    seen_unit = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        col = len(raw) - len(raw.lstrip()) + 1
        if not line:
            continue
        m = _UNIT_RE.match(line)
        if m:
            seen_unit = True
            for key, group in (("size", "size"), ("quality", "q"), ("defense", "d"), ("cost", "cost")):
                problem = value_problem(key, int(m.group(group)))
                if problem:
                    fail(n, col + m.start(group), "import.out-of-range", problem[0], problem[1])
            rules = [p for _, p in split_top(m.group("rules") or "")]
            units.append(
                UnitIn(
                    m.group("name").strip(),
                    int(m.group("size")),
                    int(m.group("q")),
                    int(m.group("d")),
                    int(m.group("cost")),
                    rules,
                    where=(n, col),
                )
            )
            continue
        if not seen_unit:
            h = _HEADER_RE.match(line)
            if "|" in line or not h:
                fail(
                    n, col, "import.bad-line", f"`{line[:60]}` is neither the army line nor a unit line", UNIT_LINE_HINT
                )
                continue
            name = h.group("name").strip()
            limit = int(h.group("limit")) if h.group("limit") else None
            limit_where = (n, col + h.start("limit")) if limit is not None else (n, col)
            continue
        if "|" in line:
            fail(n, col, "import.bad-line", f"`{line[:60]}` looks like a unit line but cannot be read", UNIT_LINE_HINT)
            continue
        unit = units[-1]
        for offset, item in split_top(line):
            if _is_rule(item):
                unit.rules.append(item)
                continue
            weapon = _weapon_from_label(item)
            if weapon is None:
                fail(
                    n,
                    col + offset,
                    "import.bad-weapon",
                    f"`{item[:60]}` cannot be read as a weapon or a rule",
                    'a weapon reads `5x Rifle (24", A1, AP(1))`, a rule `Tough(3)`',
                )
            elif not weapon_count_fits(weapon.count, unit.size):
                fail(
                    n,
                    col + offset,
                    "import.out-of-range",
                    f"{weapon.count} models carry {weapon.name}, but {unit.name} has {unit.size}",
                    "check the export",
                )
            else:
                unit.weapons.append(weapon)
    if not units and not problems:
        fail(1, 1, "import.no-units", "the export has no unit lines", UNIT_LINE_HINT)
    if problems:
        raise ImportFailure(problems)
    return ArmyIn(name, limit, units, limit_where)


# --- both -------------------------------------------------------------------------------------


def read_export(path: Path) -> ArmyIn:
    """The army in an export file, JSON or text (told apart by the first character)."""
    file = str(path)
    try:
        data = path.read_bytes()[: MAX_BYTES + 1]
    except OSError as exc:
        raise ImportFailure(
            [
                Diagnostic(
                    file,
                    1,
                    1,
                    Severity.ERROR,
                    "import.unreadable",
                    f"cannot read the export: {exc.strerror or exc}",
                    "check the path",
                )
            ]
        ) from None
    if len(data) > MAX_BYTES:
        raise ImportFailure(
            [
                Diagnostic(
                    file,
                    1,
                    1,
                    Severity.ERROR,
                    "import.too-large",
                    f"the export is larger than {MAX_BYTES // 1_000_000} MB",
                    "export one army at a time",
                )
            ]
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ImportFailure(
            [
                Diagnostic(
                    file,
                    line,
                    1,
                    Severity.ERROR,
                    "import.not-utf8",
                    "the export is not UTF-8 text",
                    "export the list again as text or JSON",
                )
            ]
        ) from None
    if not text.strip():
        raise ImportFailure(
            [
                Diagnostic(
                    file,
                    1,
                    1,
                    Severity.ERROR,
                    "import.empty",
                    "the export is empty",
                    "export the list again from the list builder",
                )
            ]
        )
    return read_json(file, text) if text.lstrip()[0] in "{[" else read_text(file, text)


def _weapon_doc(w: WeaponIn) -> dict:
    doc: dict[str, Any] = {"name": w.name}
    if w.range_in:
        doc["range"] = f"{w.range_in:g}in"
    doc["attacks"] = w.attacks
    if w.count != 1:
        doc["count"] = w.count
    if w.rules:
        doc["rules"] = list(w.rules)
    return doc


def merge_combined(units: list[UnitIn]) -> list[UnitIn]:
    """The units on the table: a `combined` unit that joins a copy of itself is merged into
    it (sizes, costs and weapon counts added), one unit activating once."""
    out = [replace(u, weapons=[replace(w) for w in u.weapons]) for u in units]
    by_id = {u.selection: u for u in out if u.selection is not None}
    kept = []
    for u in out:
        partner = by_id.get(u.join) if u.combined and u.join is not None else None
        if partner is None:
            kept.append(u)
            continue
        partner.size += u.size
        partner.cost += u.cost
        carried = {w.name: w for w in partner.weapons}
        for w in u.weapons:
            if w.name in carried and (carried[w.name].range_in, carried[w.name].attacks) == (w.range_in, w.attacks):
                carried[w.name].count += w.count
            else:
                partner.weapons.append(w)
    return kept


@dataclass
class Imported:
    army_id: str
    docs: list[dict]
    origins: list[Origins]  # one for each document, in the same order


def _unit_body(u: UnitIn) -> dict[str, Any]:
    body: dict[str, Any] = {"name": u.name, "size": u.size, "quality": u.quality, "defense": u.defense, "cost": u.cost}
    if u.rules:
        body["special_rules"] = list(u.rules)
    body["weapons"] = [_weapon_doc(w) for w in u.weapons]
    if u.base_name:
        body["notes"] = f"{u.base_name} in the list builder"
    return body


def _unit_documents(army_id: str, units: list[UnitIn]) -> tuple[list[dict], list[Origins], dict[int, str]]:
    """One unit document per distinct profile (a joined hero always one of its own), where
    each came from, and each unit's document id (by the unit's `id()`)."""
    docs: list[dict] = []
    origins: list[Origins] = []
    uid_of: dict[int, str] = {}
    by_profile: dict[str, str] = {}
    ids: set[str] = set()
    for u in units:
        body = _unit_body(u)
        key = json.dumps(body, sort_keys=True) + (f"#{u.selection}" if u.join is not None else "")
        if key not in by_profile:
            base = slug(f"{army_id}-{u.name}")
            uid, n = base, 2
            while uid in ids:
                uid, n = slug(f"{base[: MAX_ID - 4]}-{n}"), n + 1
            ids.add(uid)
            by_profile[key] = uid
            docs.append({"kind": "grimdark-unit", "id": uid, **body})
            origins.append({(): u.where})
        uid_of[id(u)] = by_profile[key]
    return docs, origins, uid_of


def _entries(units: list[UnitIn], uid_of: dict[int, str]) -> tuple[list[dict], Origins]:
    """The army's entries: a unit a hero joins is an entry of its own with the hero in its
    `heroes`; other units of one profile are one entry taken several times."""
    joined = {u.join for u in units if u.join is not None}
    entries: list[dict] = []
    origins: Origins = {}
    merged: dict[str, int] = {}  # unit id → its entry, for units no hero joins
    for u in units:
        if u.join is not None:
            continue
        uid = uid_of[id(u)]
        if u.selection not in joined and uid in merged:
            entries[merged[uid]]["count"] += 1
            continue
        i = len(entries)
        entry: dict[str, Any] = {"unit": uid, "count": 1}
        origins[("units", i)] = u.where
        heroes = [h for h in units if h.join is not None and h.join == u.selection]
        if heroes:
            entry["heroes"] = [uid_of[id(h)] for h in heroes]
            origins.update({("units", i, "heroes", j): h.join_where for j, h in enumerate(heroes)})
        else:
            merged[uid] = i
        entries.append(entry)
    return entries, origins


def documents(army: ArmyIn) -> Imported:
    """The army's id and its documents, the army first, then its units; with where in the
    export each came from."""
    army_id = slug(army.name, 40)
    units = merge_combined(army.units)
    unit_docs, unit_origins, uid_of = _unit_documents(army_id, units)
    entries, entry_origins = _entries(units, uid_of)
    total = sum(u.cost for u in units)
    limit = army.points_limit if army.points_limit else total
    army_doc = {"kind": "grimdark-army", "id": army_id, "name": army.name, "points_limit": limit, "units": entries}
    army_origins = {(): (1, 1), ("points_limit",): army.limit_where, **entry_origins}
    return Imported(army_id, [army_doc] + unit_docs, [army_origins] + unit_origins)


def points_warnings(file: str, army: ArmyIn) -> list[Diagnostic]:
    """The export's own total (`points`) against the costs of its units."""
    total = sum(u.cost for u in army.units)
    if army.declared_points is None or army.declared_points == total:
        return []
    return [
        Diagnostic(
            file,
            *army.points_where,
            Severity.WARNING,
            "import.points-mismatch",
            f"the export says the army costs {army.declared_points} points, but its units cost {total}",
            f"the imported army counts {total}: check the list in the list builder and export it again",
        )
    ]


def _export_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    except OSError:
        return []


def import_yaml(path: Path) -> ImportResult:
    """An export as one YAML file: the army, then its units."""
    from sheetgen.generate import dump_documents

    try:
        army = read_export(path)
    except ImportFailure as exc:
        return ImportResult("", "", exc.diagnostics, _export_lines(path))
    got = documents(army)
    header = f"Imported by `sheetgen import army-forge` from {path.name}."
    if army.points_limit is None:
        header += "\nThe export named no points limit: the army's total is used; edit points_limit."
    return ImportResult(
        f"{got.army_id}.yaml",
        dump_documents(got.docs, header),
        [],
        _export_lines(path),
        points_warnings(str(path), army),
        got.origins,
    )


def _spans(node, path: tuple, out: list[tuple[tuple, Where, Where]]) -> None:
    """Every value of a YAML node with where it starts and ends."""
    out.append(
        (
            path,
            (node.start_mark.line + 1, node.start_mark.column + 1),
            (node.end_mark.line + 1, node.end_mark.column + 1),
        )
    )
    if node.tag.endswith(":map"):
        for k, v in node.value:
            _spans(v, path + (k.value,), out)
    elif node.tag.endswith(":seq"):
        for i, v in enumerate(node.value):
            _spans(v, path + (i,), out)


def relocate(result: ImportResult, file: str, found: list[Diagnostic]) -> list[Diagnostic]:
    """Findings in the generated YAML moved to the export's lines they came from: each at
    the export's place of the deepest value around it that the export gave."""
    import yaml

    docs = list(yaml.compose_all(result.text, Loader=yaml.SafeLoader))
    if any(d.code not in CONSEQUENCES for d in found):  # a unit's error, not also its army's broken reference
        found = [d for d in found if d.code not in CONSEQUENCES]
    out = []
    for d in found:
        where: Where = (1, 1)
        for node, origins in zip(docs, result.origins):
            spans: list[tuple[tuple, Where, Where]] = []
            _spans(node, (), spans)
            around = [p for p, start, end in spans if start <= (d.line, d.column) <= end]
            if not around:
                continue
            path = max(around, key=len)
            while path not in origins:
                path = path[:-1]
            where = origins[path]
            break
        out.append(replace(d, file=file, line=where[0], column=where[1]))
    return out


IMPORTER = Importer(
    name="army-forge",
    help="A list builder's army export (JSON or text) → a grimdark-army and its grimdark-units.",
    kinds=("grimdark-army", "grimdark-unit"),
    file="<army-id>.yaml",
    read=import_yaml,
    relocate=relocate,
)
