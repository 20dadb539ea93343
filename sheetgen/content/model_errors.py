"""A content model's validation errors (pydantic's): as diagnostics, each at the value's
line and column in the author's words with a hint where one helps; and the document read
without them, so that the rules can check the rest of it."""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sheetgen.content.checks import ContentError
from sheetgen.content.yamlsrc import YAML11_BOOLEANS, Positions
from sheetgen.diagnostics import Diagnostic, Severity, closest, cut, did_you_mean, error, field_path

if TYPE_CHECKING:  # pydantic is imported only where a document has a mistake to report
    from pydantic import BaseModel, ValidationError
    from pydantic_core import ErrorDetails


# --- pydantic errors → diagnostics ------------------------------------------------

_EXPECT = {
    "string_type": "text",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "int_parsing": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "`true` or `false`",
    "bool_parsing": "`true` or `false`",
    "list_type": "a list",
    "tuple_type": "a list",
    "set_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping of fields",
    "model_attributes_type": "a mapping of fields",
    "dataclass_type": "a mapping of fields",
    "none_required": "nothing",
}


_NUMBER_WORDS = {
    word: n
    for n, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}


def describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if isinstance(value, float):
        return f"the number `{value!r}`"
    if isinstance(value, int):
        return f"the number `{value}`"
    if isinstance(value, str):
        return f"the text `{cut(value, 40)}`"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _data_path(loc: tuple, positions: Positions) -> tuple:
    path: tuple = ()
    for part in loc:
        candidate = path + (part,)
        if candidate in positions.values or candidate in positions.keys:
            path = candidate
    return path


def _unwrap(annotation: Any) -> list[Any]:
    """The concrete types inside Annotated/Optional/Union."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        out = []
        for arg in typing.get_args(annotation):
            out.extend(_unwrap(arg))
        return out
    return [annotation]


_KINDS_OF_VALUE = {
    int: "a whole number",
    float: "a number",
    str: "text",
    bool: "true or false",
    list: "a list",
    tuple: "a list",
    dict: "a mapping",
}


def _missing_hint(parent: type[BaseModel] | None, name: str, where: str) -> str:
    """How to add a missing field: the line to write, with the values it takes."""
    info = parent.model_fields.get(name) if parent is not None else None
    what = ""
    if info is not None:
        kinds = _unwrap(info.annotation)
        options = [str(a) for t in kinds if typing.get_origin(t) is typing.Literal for a in typing.get_args(t)]
        options += [str(o) for m in info.metadata for o in (getattr(m, "json_schema", None) or {}).get("enum", ())]
        if options:
            what = f": one of {', '.join(f'`{o}`' for o in options)}"
        elif info.description:
            what = f": {info.description}"
        else:
            named = [_KINDS_OF_VALUE.get(typing.get_origin(t) or t) for t in kinds]
            if named and all(named):
                what = f": {' or '.join(dict.fromkeys(n for n in named if n))}"
    return f"add a line `{name}: …`" + (f" to {where}" if where else "") + what


def _model_at(model: type[BaseModel], path: tuple) -> type[BaseModel] | None:
    """The model class that describes the mapping at `path`, if one does."""
    from pydantic import BaseModel

    current: list[Any] = [model]
    for part in path:
        nxt: list[Any] = []
        for t in current:
            if isinstance(t, type) and issubclass(t, BaseModel) and isinstance(part, str) and part in t.model_fields:
                nxt.extend(_unwrap(t.model_fields[part].annotation))
            elif typing.get_origin(t) in (list, tuple) and isinstance(part, int):
                nxt.extend(_unwrap(typing.get_args(t)[0]))
            elif typing.get_origin(t) is dict:
                nxt.extend(_unwrap(typing.get_args(t)[1]))
        current = nxt
    for t in current:
        if isinstance(t, type) and issubclass(t, BaseModel):
            return t
    return None


def _expected_options(ctx: dict) -> list[str]:
    return re.findall(r"'([^']*)'", str(ctx.get("expected", "")))


def validation_diagnostics(
    exc: ValidationError, model: type[BaseModel], data: Any, positions: Positions, file: str
) -> list[Diagnostic]:
    """A document's validation errors as diagnostics, one for each place and problem."""
    entries = [(e, _data_path(e["loc"], positions)) for e in exc.errors(include_url=False)]
    out: list[Diagnostic] = []
    type_errors: dict[tuple, list[ErrorDetails]] = {}
    for e, path in _deepest_of_unions(entries):
        if e["type"] in _EXPECT:
            type_errors.setdefault(path, []).append(e)
        else:
            out.append(_diagnostic(e, path, model, positions, file))
    out += [_wrong_type(errs, path, model, positions, file) for path, errs in type_errors.items()]
    # A misspelt key also makes its right spelling "missing": report the misspelling only.
    meant = {_meant(e, path, model) for e, path in entries if e["type"] == "extra_forbidden"}
    out = [d for d in out if d.missing_field is None or d.missing_field not in meant]
    seen = set()
    unique = []
    for d in out:
        k = (d.line, d.column, d.code, d.message)
        if k not in seen:
            seen.add(k)
            unique.append(d)
    return unique


#: A union reports one error per member: these, where another member's error lies deeper,
#: say only that the value was not that member.
_SHALLOW = ("string_type", "dict_type", "model_type", "list_type")


def _deepest_of_unions(entries: list[tuple[ErrorDetails, tuple]]) -> list[tuple[ErrorDetails, tuple]]:
    deepest: dict[tuple, int] = {}
    for _, path in entries:
        for n in range(len(path) + 1):
            deepest[path[:n]] = max(deepest.get(path[:n], 0), len(path))
    return [(e, path) for e, path in entries if not (e["type"] in _SHALLOW and deepest.get(path, 0) > len(path))]


def _wrong_type(
    errs: list[ErrorDetails], path: tuple, model: type[BaseModel], positions: Positions, file: str
) -> Diagnostic:
    """One diagnostic for the type errors at one place (a union's members merged)."""
    if len(errs) == 1:
        return _diagnostic(errs[0], path, model, positions, file)
    expects = list(dict.fromkeys(_EXPECT[e["type"]] for e in errs))
    if "a number" in expects and "a whole number" in expects:
        expects.remove("a whole number")
    m = positions.value(path)
    return error(
        file,
        m.line,
        m.column,
        "content.wrong-type",
        f"{field_path(path)}: expected {' or '.join(expects)}, got {describe(errs[0]['input'])}",
    )


def _fields_at(model: type[BaseModel], path: tuple) -> list[str]:
    """The fields the mapping at `path` allows (none known: an empty list)."""
    parent = _model_at(model, path)
    return list(parent.model_fields) if parent else []


def _meant(e: ErrorDetails, path: tuple, model: type[BaseModel]) -> str | None:
    """The field an unknown key was probably meant to be (what its hint suggests)."""
    return closest(str(e["loc"][-1]), _fields_at(model, path[:-1]))


def _diagnostic(e: ErrorDetails, path: tuple, model: type[BaseModel], positions: Positions, file: str) -> Diagnostic:
    kind = e["type"]
    loc = e["loc"]
    value = e.get("input")
    ctx = e.get("ctx") or {}
    name = field_path(path)
    hint: str | None = None
    missing_field: str | None = None
    code = "content.invalid"
    mark = positions.value(path)
    if kind == "extra_forbidden":
        key = loc[-1]
        mark = positions.key(path)
        allowed = _fields_at(model, path[:-1])
        code = "content.unknown-field"
        message = f"unknown field `{key}`"
        hint = did_you_mean(str(key), allowed)
        if hint is None and allowed:
            hint = f"fields allowed here: {', '.join(allowed)}"
    elif kind == "missing":
        missing = missing_field = str(loc[-1])
        code = "content.missing-field"
        message = f"missing required field `{missing}`"
        where = field_path(path)
        if path:
            message += f" in {where}"
        hint = _missing_hint(_model_at(model, path), missing, where if path else "")
    elif kind in _EXPECT:
        code = "content.wrong-type"
        expect = _EXPECT[kind]
        message = f"{name}: expected {expect}, got {describe(value)}"
        hint = _type_hint(kind, value)
    elif kind in ("literal_error", "enum"):
        options = _expected_options(ctx)
        code = "content.not-allowed"
        message = f"{name}: `{value}` is not one of {', '.join(f'`{o}`' for o in options)}"
        hint = did_you_mean(str(value), options) if isinstance(value, str) else None
        same = [o for o in options if isinstance(value, str) and o.lower() == value.lower()]
        if same and same[0] != value:
            hint = f"write `{same[0]}`: case matters"
    elif kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        code = "content.out-of-range"
        bound = {
            "greater_than_equal": f"at least {ctx.get('ge')}",
            "greater_than": f"more than {ctx.get('gt')}",
            "less_than_equal": f"at most {ctx.get('le')}",
            "less_than": f"less than {ctx.get('lt')}",
        }[kind]
        message = f"{name} is {value}; it must be {bound}"
    elif kind == "too_short":
        code = "content.too-few"
        message = f"{name} needs at least {ctx.get('min_length')} item(s); it has {ctx.get('actual_length')}"
    elif kind == "too_long":
        code = "content.too-many"
        message = f"{name} may have at most {ctx.get('max_length')} items; it has {ctx.get('actual_length')}"
    elif kind == "string_too_long":
        code = "content.too-long"
        message = f"{name} is longer than {ctx.get('max_length')} characters"
    elif kind == "string_too_short":
        code = "content.empty"
        message = f"{name} must not be empty"
    elif kind == "string_pattern_mismatch":
        code = "content.bad-name"
        if loc and loc[-1] == "[key]":
            mark = positions.key(path)
        message = f"{name}: `{value}` must be lowercase letters, digits and hyphens"
    elif kind == "value_error" and isinstance(ctx.get("error"), ContentError):
        err: ContentError = ctx["error"]
        code = err.code
        message = err.message if not path else f"{name}: {err.message}"
        hint = err.hint
    else:
        message = f"{name}: {e.get('msg', 'invalid value')}".replace("Value error, ", "")
    return Diagnostic(file, mark.line, mark.column, Severity.ERROR, code, message, hint, missing_field=missing_field)


def _type_hint(kind: str, value: Any) -> str | None:
    """How to write a value of the wrong type as its field expects, where that is clear."""
    if kind == "string_type" and isinstance(value, (bool, int, float)):
        return "put quotes around it to make it text"
    if kind.startswith("bool") and isinstance(value, str) and value in YAML11_BOOLEANS:
        return f"write `true` or `false`; sheetgen reads YAML 1.2, where `{value}` is just text"
    if kind.startswith("int") and isinstance(value, float) and value.is_integer():
        return f"write `{int(value)}`"
    if kind.startswith(("int", "float")) and isinstance(value, str) and re.fullmatch(r"-?[0-9.]+", value):
        return "remove the quotes to make it a number"
    if kind.startswith("int") and isinstance(value, str) and (roll := re.fullmatch(r"\s*([0-9]+)\s*\+\s*", value)):
        return f"write `{roll.group(1)}`: a roll of {roll.group(1)}+ is written as its number"
    if kind.startswith("int") and isinstance(value, str) and value.strip().lower() in _NUMBER_WORDS:
        return f"write it in digits: `{_NUMBER_WORDS[value.strip().lower()]}`"
    if kind in ("list_type", "tuple_type", "set_type") and isinstance(value, (str, int, float)):
        items = [p.strip() for p in value.split(",")] if isinstance(value, str) else [str(value)]
        return f"write it as a list, in brackets: `[{', '.join(i for i in items if i)}]`"
    return None


# --- the document read without its errors -------------------------------------------

#: Kinds whose fields are settings that stand apart (a colour, a margin, the paper): one
#: set wrong leaves the others to be checked. Their mappings of settings (a theme's
#: colours) stand apart entry by entry; anything else (a handout's sections) is one whole.
SETTINGS_KINDS = {"theme": ("colors", "fonts", "palette"), "handout": ()}


def _a_setting(kind: str, loc: tuple) -> bool:
    """Whether a wrong value at `loc` is one setting of a `SETTINGS_KINDS` document, which
    can be left out (its default in its place) without changing what the others mean."""
    return (len(loc) == 1 and isinstance(loc[0], str)) or (
        len(loc) == 2 and loc[0] in SETTINGS_KINDS[kind] and isinstance(loc[1], str)
    )


def partial_reading(
    kind: str, model_cls: type[BaseModel], data: dict, errors: list[ErrorDetails]
) -> tuple[BaseModel, tuple[tuple[Any, ...], ...]] | None:
    """The document read without what is wrong in it, for the rules to check the rest (every
    problem of a document at once), and what that reading may have changed (`unchecked`):
    a theme's or handout's wrong settings, their defaults in their place; or misspelt keys,
    left out (or, where a required field is missing and a misspelt key is close to it, read
    as that field); a value of the wrong type or out of bounds, a stand-in in its place
    (`_with_stand_ins`). None where the rest cannot be read so."""
    locs = [tuple(e["loc"]) for e in errors]
    if (
        kind in SETTINGS_KINDS
        and all(e["type"] != "missing" for e in errors)
        and all(_a_setting(kind, loc) for loc in locs)
    ):
        model, unchecked = _without_unknown_fields(model_cls, data, locs), tuple(sorted(set(locs), key=str))
        return (model, unchecked) if model is not None else None
    unknown = [tuple(e["loc"]) for e in errors if e["type"] == "extra_forbidden"]
    missing = [tuple(e["loc"]) for e in errors if e["type"] == "missing"]
    wrong = list(
        dict.fromkeys(
            _in_data(tuple(e["loc"]), data) for e in errors if e["type"] not in ("extra_forbidden", "missing")
        )
    )
    read = _with_stand_ins(model_cls, data, wrong) if wrong else data
    model = _without_unknown_fields(model_cls, read, unknown, missing) if read is not None else None
    if model is None:
        return None
    return model, tuple(sorted({*_unchecked(model_cls, data, unknown), *wrong}, key=str))


def _in_data(loc: tuple, data: Any) -> tuple:
    """The part of an error's `loc` that points into the document's data (a union's or a
    validator's tag in it left out)."""
    path: tuple = ()
    node = data
    for part in loc:
        if (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        ):
            path, node = path + (part,), node[part]
    return path


_LEAVE_OUT = object()


def _stand_ins(value: Any) -> list[Any]:
    """Values to try in place of a wrong one, most like what was meant first: the numbers
    written in a text (`3` for `3+`), then small numbers, then an empty text, list, mapping."""
    found = [int(n) for n in re.findall(r"\d+", value)[:3]] if isinstance(value, str) else []
    return [*found, *range(1, 7), 0, "", [], {}]


def _with_stand_ins(model_cls: type[BaseModel], data: dict, wrong: list[tuple]) -> dict | None:
    """A copy of the data with each wrong value replaced, so the rest of the document can be
    read and checked: left out where its field has a default, else the first stand-in the
    model takes there. None where a wrong value has no such stand-in (or is the document)."""
    import copy

    from pydantic import ValidationError

    trimmed = copy.deepcopy(data)
    for path in wrong:
        if not path:
            return None
        parent: Any = trimmed
        for part in path[:-1]:
            parent = parent[part]
        key = path[-1]
        tries = ([_LEAVE_OUT] if isinstance(parent, dict) else []) + _stand_ins(parent[key])
        for value in tries:
            if value is _LEAVE_OUT:
                held = parent.pop(key)
            else:
                held, parent[key] = parent[key], value
            try:
                model_cls.model_validate(trimmed)
                break
            except ValidationError as exc:
                if not any(
                    path in (tuple(e["loc"])[: len(path)], _in_data(tuple(e["loc"]), trimmed)[: len(path)])
                    for e in exc.errors()
                ):
                    break
            parent[key] = held
        else:
            return None
    return trimmed


def _unchecked(model_cls: type[BaseModel], data: dict, unknown: list[tuple]) -> tuple[tuple[Any, ...], ...]:
    """What a reading without its misspelt keys may have changed: the field a top-level
    key was probably meant for (`poisonus` for a `poisonous` the document lacks: the one
    its diagnostic suggests), and the mapping that held a misspelt key further in."""
    found: set[tuple[Any, ...]] = set()
    for loc in unknown:
        if len(loc) > 1:
            found.add(tuple(loc[:-1]))
        else:
            meant = closest(str(loc[0]), [f for f in model_cls.model_fields if f not in data])
            if meant:
                found.add((meant,))
    return tuple(sorted(found, key=str))


def _without_unknown_fields(
    model_cls: type[BaseModel], data: dict, unknown: list[tuple], missing: Iterable[tuple] = ()
) -> BaseModel | None:
    """The document's model read with its unknown fields left out (a copy of the data), an
    unknown key close to a missing required field of the same mapping read as that field;
    or None if it still is not valid."""
    import copy

    trimmed = copy.deepcopy(data)
    wanted: dict[tuple, list[str]] = {loc[:-1]: [] for loc in missing}
    for loc in missing:
        wanted[loc[:-1]].append(str(loc[-1]))
    for loc in unknown:
        parent: Any = trimmed
        try:
            for part in loc[:-1]:
                parent = parent[part]
            value = parent.pop(loc[-1])
        except (KeyError, IndexError, TypeError, AttributeError):
            return None
        close = difflib.get_close_matches(str(loc[-1]), wanted.get(loc[:-1], []), n=1, cutoff=0.6)
        if close:
            parent[close[0]] = value
            wanted[loc[:-1]].remove(close[0])
    from pydantic import ValidationError

    try:
        return model_cls.model_validate(trimmed)
    except ValidationError:
        return None
