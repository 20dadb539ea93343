"""Valid content read without pydantic, as plain, frozen records.

The pydantic models (`sheetgen.content.models`) declare every kind and stay the authority
on what is wrong with a document: its diagnostics come from them. Most content is valid,
though, and for a build of valid content pydantic's import and its model building cost
more time and memory than reading the documents themselves. So a document is first read
here, against the models' shapes (`shapes.json`, generated from the models by
`sheetgen.content.shapes`): where everything in it is exactly what its model accepts, it
becomes a `Record` with the values pydantic would give; at the first thing that is not
(or that this reading cannot be sure of), `read` answers None and the loader asks pydantic,
which says what is wrong. What pydantic accepts becomes a record too (`from_model`), so
everything after loading sees one kind of object.

A record answers what the rest of sheetgen asks of a model: its fields as attributes,
`model_dump()`, `model_dump_json()`, equality and hashing by value, pickling (for the
worker processes). Like the models, it cannot be changed.
"""

from __future__ import annotations

import enum
import json
import math
import operator
import os
import re
import threading
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from sheetgen.content import checks

SHAPES_FILE = Path(__file__).with_name("shapes.json")


class _Unsure(Exception):
    """The value is not exactly what the shape accepts: pydantic decides. (Raised as the
    class, a new exception each time: one instance raised again and again would keep a
    growing traceback, and every frame in it.)"""


class Record:
    """A document or a part of one, read and checked: fields by name, frozen."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    model_fields: dict[str, None] = {}

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: `{name}` cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: `{name}` cannot be deleted")

    def _values(self) -> tuple:
        return tuple(getattr(self, f) for f in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._values()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{f}={getattr(self, f)!r}' for f in self._fields)})"

    def __reduce__(self):
        return (_rebuild, (type(self).__name__, self._values()))

    def model_dump(self, mode: str = "python", exclude_none: bool = False) -> dict[str, Any]:
        """The record as a dict, records inside it too (as pydantic's `model_dump`; its
        values are JSON's types already, so `mode` changes nothing)."""
        out = {}
        for f in self._fields:
            value = getattr(self, f)
            if not (exclude_none and value is None):
                out[f] = dumped(value, exclude_none)
        return out

    def model_dump_json(self) -> str:
        return json.dumps(self.model_dump(), ensure_ascii=False, separators=(",", ":"))


def dumped(value: Any, exclude_none: bool = False) -> Any:
    """A value with its records as dicts, lists and dicts copied."""
    if isinstance(value, Record):
        return value.model_dump(exclude_none=exclude_none)
    if type(value) is list:
        return [dumped(v, exclude_none) for v in value]
    if type(value) is dict:
        return {k: dumped(v, exclude_none) for k, v in value.items()}
    return value


def jsonable(value: Any) -> Any:
    """A value as JSON can hold it: records and dataclasses as dicts, tuples as lists."""
    import dataclasses

    if isinstance(value, Record):
        return jsonable(value.model_dump())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {_json_key(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((jsonable(v) for v in value), key=repr)
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if isinstance(value, Path):
        return str(value)
    if hasattr(value, "model_dump"):  # a pydantic model, where one is still about
        return jsonable(value.model_dump())
    return value


def _json_key(key: Any) -> str:
    """A mapping's key as JSON writes it (`true`, an enum's value)."""
    if isinstance(key, str):
        return key
    if isinstance(key, bool):
        return "true" if key else "false"
    if isinstance(key, enum.Enum):
        return _json_key(key.value)
    return str(key)


def kind_of(value: Any) -> str | None:
    """The model a record (or a pydantic model) is of, by its class name; None for a
    value that is neither (a string, a number)."""
    if isinstance(value, Record) or hasattr(type(value), "model_fields"):
        return type(value).__name__
    return None


@lru_cache(maxsize=1)
def _shapes() -> dict[str, Any]:
    return json.loads(SHAPES_FILE.read_text(encoding="utf-8"))


_CLASSES: dict[str, type[Record]] = {}
_READERS: dict[str, Callable[[Any], Record]] = {}


#: Record classes and readers are made once per process, on first use; the workbench
#: reads content in several threads at once, so each is made under this lock.
_LOCK = threading.RLock()


def record_class(name: str) -> type[Record]:
    """The record class of a model, by the model's class name."""
    cls = _CLASSES.get(name)
    if cls is None:
        with _LOCK:
            cls = _CLASSES.get(name)
            if cls is None:
                fields = tuple(f[0] for f in _shapes()["models"][name]["fields"])
                cls = type(
                    name,
                    (Record,),
                    {
                        "__slots__": fields,
                        "_fields": fields,
                        "__module__": __name__,
                        "model_fields": dict.fromkeys(fields),
                    },
                )
                _CLASSES[name] = cls
    return cls


def _build(cls: type[Record], values) -> Record:
    obj = object.__new__(cls)
    for name, value in zip(cls._fields, values):
        object.__setattr__(obj, name, value)
    return obj


def _rebuild(name: str, values: tuple) -> Record:
    return _build(record_class(name), values)


def make(name: str, **values: Any) -> Record:
    """A record of model `name` from values already checked, defaults for the others."""
    cls = record_class(name)
    fields = _shapes()["models"][name]["fields"]
    unknown = set(values) - set(cls._fields)
    if unknown:
        raise TypeError(f"{name} has no field {', '.join(sorted(unknown))}")
    out = []
    for entry in fields:
        if entry[0] in values:
            out.append(values[entry[0]])
        elif len(entry) > 2:
            out.append(_default(entry[2]))
        else:
            raise TypeError(f"{name} needs `{entry[0]}`")
    return _build(cls, out)


def _default(value: Any) -> Any:
    if isinstance(value, dict):
        if "$model" in value:
            return make(value["$model"], **{k: _default(v) for k, v in value["$fields"].items()})
        return {k: _default(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_default(v) for v in value]
    return value


def is_own(model: type) -> bool:
    """A model of sheetgen's own, which `shapes.json` describes (a game plugin's is not)."""
    return model.__module__.startswith("sheetgen.")


def read(kind: str, data: Any) -> Record | None:
    """The document `data` of `kind` as a record, where it is exactly what its model
    accepts; None where pydantic must decide (a mistake, or something unusual)."""
    name = _shapes()["kinds"].get(kind)
    if name is None:
        return None
    reader = _READERS.get(name) or _model_reader(name)
    try:
        return reader(data)
    except (_Unsure, RecursionError):
        return None
    except Exception:  # a value this reading did not foresee: pydantic decides
        if os.environ.get("SHEETGEN_DEBUG"):
            raise
        return None


def from_model(model: Any) -> Any:
    """A pydantic model instance (and everything in it) as records."""
    if isinstance(model, Record):
        return model
    if hasattr(type(model), "model_fields") and not isinstance(model, type):
        if not is_own(type(model)):  # a game plugin's model: read as pydantic made it
            return model
        cls = record_class(type(model).__name__)
        return _build(cls, [from_model(getattr(model, f)) for f in cls._fields])
    if type(model) is list:
        return [from_model(v) for v in model]
    if type(model) is dict:
        return {k: from_model(v) for k, v in model.items()}
    return model


# ---- readers, compiled once per model from its shape ------------------------------------


def _model_reader(name: str) -> Callable[[Any], Record]:
    with _LOCK:
        return _READERS.get(name) or _compile_model(name)


def _compile_model(name: str) -> Callable[[Any], Record]:
    shape = _shapes()["models"][name]
    cls = record_class(name)
    fields = []  # (name, its slot's setter, its reader, its default's maker or None if required)
    for entry in shape["fields"]:
        fields.append(
            (
                entry[0],
                getattr(cls, entry[0]).__set__,
                _reader(entry[1]),
                _default_maker(entry[2]) if len(entry) > 2 else None,
            )
        )
    names = frozenset(cls._fields)
    refuse = [_check(c) for c in shape.get("refuse_if", ())]
    new = object.__new__

    def read_model(value: Any) -> Record:
        if type(value) is not dict or not names.issuperset(value):
            raise _Unsure
        for check in refuse:
            if check(value):
                raise _Unsure
        obj = new(cls)
        for field_name, set_field, read_field, default in fields:
            if field_name in value:
                set_field(obj, read_field(value[field_name]))
            elif default is not None:
                set_field(obj, default())
            else:
                raise _Unsure
        return obj

    _READERS[name] = read_model
    return read_model


def _default_maker(value: Any) -> Callable[[], Any]:
    """A default for each document that leaves the field out: its own copy where the
    default holds a list or a mapping (even inside a record), as pydantic gives it."""
    if value is None or type(value) in (str, int, float, bool):
        return lambda: value
    return lambda: _default(value)


def _check(ref: Any) -> Callable[[Any], Any]:
    if isinstance(ref, dict):
        return checks.OneOf(tuple(ref["one_of"]), "", "")
    return getattr(checks, ref)


def _text_ok(value: str) -> None:
    """Text pydantic takes as it is: a string that is valid Unicode (no lone surrogates)."""
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise _Unsure from None


def _reader(node: dict) -> Callable[[Any], Any]:
    read = _type_reader(node)
    lo, hi = node.get("min"), node.get("max")
    if lo is not None or hi is not None:
        lo, hi = (0 if lo is None else lo), (math.inf if hi is None else hi)
        read = _tested(read, lambda value: lo <= len(value) <= hi)
    bounds = [
        (op, node[k])
        for k, op in (("ge", operator.ge), ("le", operator.le), ("gt", operator.gt), ("lt", operator.lt))
        if k in node
    ]
    if bounds:
        read = _tested(read, lambda value: all(op(value, bound) for op, bound in bounds))
    if "pattern" in node:
        pattern = re.compile(node["pattern"])
        # Python's `$` also matches before a final line break, pydantic's does not: text
        # with a line break is left to pydantic.
        read = _tested(read, lambda value: "\n" not in value and pattern.search(value) is not None)
    after = [_check(c) for c in node.get("after", ())]
    if after:
        read = _then(read, after)
    if "before" in node:
        read = _first(_check(node["before"]), read)
    return read


def _tested(read: Callable[[Any], Any], passes: Callable[[Any], bool]) -> Callable[[Any], Any]:
    """`read`, and the value refused unless it `passes` (a length, a bound, a pattern)."""

    def tested(value):
        value = read(value)
        if not passes(value):
            raise _Unsure
        return value

    return tested


def _then(read, after):
    def then(value):
        value = read(value)
        for check in after:
            try:
                value = check(value)
            except Exception:
                raise _Unsure from None
        return value

    return then


def _first(before, read):
    def first(value):
        try:
            value = before(value)
        except Exception:
            raise _Unsure from None
        return read(value)

    return first


def _read_str(value):
    if type(value) is not str:
        raise _Unsure
    if not value.isascii():
        _text_ok(value)
    return value


def _read_float(value):
    if type(value) is float:
        if not math.isfinite(value):
            raise _Unsure
        return value
    if type(value) is int:
        try:
            return float(value)
        except OverflowError:
            raise _Unsure from None
    raise _Unsure


def _exactly(kind: type) -> Callable[[Any], Any]:
    """A reader of values of exactly this type (strict: `True` is not an int)."""

    def read(value):
        if type(value) is not kind:
            raise _Unsure
        return value

    return read


_read_int, _read_bool, _read_none = _exactly(int), _exactly(bool), _exactly(type(None))


def _type_reader(node: dict) -> Callable[[Any], Any]:
    t = node["t"]
    if t == "str":
        return _read_str
    if t == "int":
        return _read_int
    if t == "float":
        return _read_float
    if t == "bool":
        return _read_bool
    if t == "none":
        return _read_none
    if t == "literal":
        allowed = {(type(v), v) for v in node["values"]}
        types_ = {type(v) for v in node["values"]}

        def literal(value):
            if type(value) not in types_ or (type(value), value) not in allowed:
                raise _Unsure
            return value

        return literal
    if t == "list":
        item = _reader(node["item"])

        def list_of(value):
            if type(value) is not list:
                raise _Unsure
            return [item(v) for v in value]

        return list_of
    if t == "dict":
        key, val = _reader(node["key"]), _reader(node["value"])

        def dict_of(value):
            if type(value) is not dict:
                raise _Unsure
            return {key(k): val(v) for k, v in value.items()}

        return dict_of
    if t == "model":
        name = node["name"]
        return lambda value: (_READERS.get(name) or _model_reader(name))(value)
    if t == "union":
        options = [n for n in node["of"] if n != {"t": "none"}]
        if len(options) == 1 and len(node["of"]) == 2:  # `X | None`, the usual union: no trial
            read = _reader(options[0])
            return lambda value: None if value is None else read(value)
        return _union([(_inputs(n), _reader(n)) for n in node["of"]])
    raise ValueError(f"unknown shape type {t!r}")


#: The Python types each shape's type takes, before its constraints and checks.
_INPUT_TYPES = {
    "str": (str,),
    "int": (int,),
    "float": (int, float),
    "bool": (bool,),
    "none": (type(None),),
    "list": (list,),
    "dict": (dict,),
    "model": (dict,),
}


def _inputs(node: dict) -> tuple[type, ...] | None:
    """The types of value a shape may take; None where a check before it takes any."""
    if "before" in node:
        return None
    if node["t"] == "literal":
        return tuple({type(v) for v in node["values"]})
    if node["t"] == "union":
        parts = [_inputs(n) for n in node["of"]]
        known = [part for part in parts if part is not None]
        return None if len(known) < len(parts) else tuple({t for part in known for t in part})
    return _INPUT_TYPES[node["t"]]


def _union(options: list[tuple[tuple[type, ...] | None, Callable[[Any], Any]]]) -> Callable[[Any], Any]:
    """One of several types. Only the options that take the value's type are tried.
    Strict types hardly overlap: where more than one reads the value, the reading that
    keeps the value's own type wins (an int stays an int where a cell may be an int or a
    float); where that does not settle it, pydantic decides."""
    anything = [read for types, read in options if types is None]
    by_type: dict[type, list[Callable[[Any], Any]]] = {}
    for types, _ in options:
        for t in types or ():
            by_type[t] = [read for ts, read in options if ts is None or t in ts]

    def union(value):
        found = []
        for option in by_type.get(type(value), anything):
            try:
                found.append(option(value))
            except _Unsure:
                continue
        if len(found) == 1:
            return found[0]
        exact = [v for v in found if type(v) is type(value)]
        if len(exact) == 1:
            return exact[0]
        raise _Unsure

    return union
