"""Valid content read without pydantic (`sheetgen.content.plain`) is read exactly as the
pydantic models read it, and nothing they refuse gets through."""

from __future__ import annotations

import copy
import pickle
import random
from pathlib import Path

import pytest
from pydantic import ValidationError

from sheetgen.content import plain, registry, shapes
from sheetgen.content.yamlsrc import load_documents

REPO = Path(__file__).resolve().parent.parent


def _documents() -> list[tuple[str, dict]]:
    """Every document of the YAML files in the repository (content, game data, the
    `init` kit, test fixtures), as the loader reads them."""
    found = []
    for path in sorted(REPO.glob("**/*.yaml")):
        if any(part.startswith(".") or part in ("output", "build") for part in path.relative_to(REPO).parts):
            continue
        try:
            raws, _ = load_documents(path.read_text(encoding="utf-8"), str(path))
        except (UnicodeDecodeError, OSError):
            continue
        for raw in raws:
            if raw.ok and isinstance(raw.data, dict) and registry.get(str(raw.data.get("kind"))) is not None:
                found.append((raw.data["kind"], raw.data))
    return found


DOCUMENTS = _documents()


def _pydantic(kind: str, data) -> object | None:
    try:
        return plain.from_model(registry.get(kind).model.model_validate(data))
    except (ValidationError, UnicodeEncodeError):  # (YAML gives no lone surrogate; pydantic fails on one)
        return None


def _typed(value):
    """A value with every type spelt out: 1 and 1.0, a list and a tuple differ."""
    if isinstance(value, plain.Record):
        return (type(value).__name__, tuple((f, _typed(getattr(value, f))) for f in value._fields))
    if isinstance(value, dict):
        return ("dict", tuple((k, _typed(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_typed(v) for v in value))
    return (type(value).__name__, value)


def test_the_shapes_file_is_written_from_the_models():
    """`shapes.json` says what the models say; after a model changes, regenerate it with
    `python -m sheetgen.content.shapes`."""
    assert shapes.SHAPES_FILE.read_text(encoding="utf-8") == shapes.written()
    assert all(shapes.shapes()["kinds"].values()), "every kind can be read without pydantic"


def test_every_valid_document_in_the_repository_reads_the_same_without_pydantic():
    assert len(DOCUMENTS) > 150
    valid = 0
    for kind, data in DOCUMENTS:
        model = _pydantic(kind, data)
        record = plain.read(kind, data)
        if model is None:
            assert record is None, (kind, data.get("id"))
            continue
        valid += 1
        assert record is not None, f"{kind} {data.get('id')} is valid but was not read without pydantic"
        assert _typed(record) == _typed(model)
        assert record.model_dump(exclude_none=True) == registry.get(kind).model.model_validate(data).model_dump(
            mode="json", exclude_none=True
        )
    assert valid > 150


_REPLACEMENTS = (
    "",
    "x",
    "Ready Now",
    0,
    1,
    -1,
    3,
    7,
    2.5,
    -0.5,
    True,
    False,
    None,
    [],
    {},
    ["a"],
    [1, 2],
    {"a": 1},
    {"title": "T"},
    "a" * 121,
    "b" * 501,
    "c" * 20_001,
    "#ABC",
    "#1f5fbf",
    "blue",
    "no-such-colour",
    "12mm",
    "2in",
    "poker",
    "24in",
    "8sq",
    "24",
    "agile",
    "melee",
    "x\n",
    "Bad Id!",
    "good-id",
    "\ud800",
    float("inf"),
    float("nan"),
    10**400,
    "2026-02-30",
    "2026-03-14",
    "en",
    "English",
    "charge",
    {"per": "charge"},
    [{"interface": "ai", "skill": 2}],
    "Ai2 Ma6 At5 De4 Ta3 Mo1",
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from _paths(v, path + (i,))


def _mutations(data: dict, rng: random.Random, n: int):
    paths = [p for p in _paths(data) if p]
    for _ in range(n):
        path = rng.choice(paths)
        changed = copy.deepcopy(data)
        parent = changed
        for part in path[:-1]:
            parent = parent[part]
        how = rng.random()
        if how < 0.1 and isinstance(parent, dict):
            del parent[path[-1]]
        elif how < 0.15 and isinstance(parent, dict):
            parent["not_a_field"] = 1
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(_REPLACEMENTS))
        yield changed


def test_nothing_pydantic_refuses_is_read_and_what_both_read_is_the_same(monkeypatch):
    """Thousands of documents changed at random (a value of another type, out of range,
    too long, a key removed or added): wherever the plain reading accepts one, pydantic
    accepts it too and reads the same values."""
    monkeypatch.setenv("SHEETGEN_DEBUG", "1")  # a value the reading did not foresee fails here
    rng = random.Random(20261126)
    accepted = refused = declined = 0
    for kind, data in DOCUMENTS:
        for changed in _mutations(data, rng, 30):
            record = plain.read(kind, changed)
            model = _pydantic(kind, changed)
            if record is None:
                refused += model is None
                declined += model is not None
                continue
            assert model is not None, (kind, changed)
            assert _typed(record) == _typed(model), (kind, changed)
            accepted += 1
    # Both outcomes are well represented, and valid documents hardly ever need pydantic.
    assert accepted > 1000 and refused > 1000
    assert declined <= accepted // 50, (declined, accepted)


def test_a_record_is_frozen_compares_by_value_and_survives_pickling():
    kind, data = next((k, d) for k, d in DOCUMENTS if k == "reference-deck")
    record = plain.read(kind, data)
    with pytest.raises(AttributeError):
        record.title = "Another"
    again = pickle.loads(pickle.dumps(record))
    assert again == record and again is not record
    assert hash(plain.read(kind, copy.deepcopy(data)).cards[0]) == hash(record.cards[0])
    assert plain.kind_of(record.cards[0]) == "ReferenceCard" and plain.kind_of("text") is None
    assert record.model_dump()["cards"][0]["title"] == data["cards"][0]["title"]


def test_defaults_are_the_models_and_are_not_shared_between_documents():
    theme = plain.read("theme", {"kind": "theme", "id": "t"})
    assert theme.colors.ink == "#1b1b1b" and theme.fonts.regular is None and theme.palette == {}
    other = plain.read("theme", {"kind": "theme", "id": "u"})
    assert theme.palette is not other.palette  # a mutable default is each document's own
    monsters = [
        plain.read("kubos-monster", {"kind": "kubos-monster", "id": i, "name": "Rat", "type": "vermin"})
        for i in ("a", "b")
    ]
    assert monsters[0].treasure == monsters[1].treasure  # a record default holding a list: a copy each
    assert monsters[0].treasure.magic_items is not monsters[1].treasure.magic_items
    assert plain.make("CharacterLimits").max_afflictions == 3
    assert plain.make("CharacterLimits", max_karma=8).max_karma == 8
    with pytest.raises(TypeError):
        plain.make("CharacterLimits", no_such_limit=1)


def test_checks_run_as_the_models_run_them():
    """A check changes the value as pydantic's does (lengths in points, hex colours in
    lowercase, a card size by name), and a value a check refuses goes to pydantic."""
    theme = plain.read(
        "theme", {"kind": "theme", "id": "t", "cube_size": "2in", "card_size": "poker", "colors": {"ink": "#ABC"}}
    )
    assert theme.cube_size == 144.0 and theme.colors.ink == "#aabbcc"
    assert theme.card_size.width == pytest.approx(63.5 * 72 / 25.4)
    assert plain.read("theme", {"kind": "theme", "id": "t", "colors": {"ink": "inky"}}) is None  # unknown name
    assert plain.read("theme", {"kind": "theme", "id": "t", "cube_size": "2 furlongs"}) is None
    assert (
        plain.read("tricube-foe", {"kind": "tricube-foe", "id": "f", "name": "Rat", "difficulty": 4.0, "effort": 1})
        is None
    )  # strict: 4.0 is not a whole number


def test_records_made_in_several_threads_at_once_are_of_one_class():
    """The workbench reads content in threads: the first reading of a kind, in eight
    threads at once, gives each thread the record, all of one class."""
    import subprocess
    import sys

    code = (
        "import sys, threading\nfrom sheetgen.content import plain\n"
        "sys.setswitchinterval(1e-6)\n"
        "for _ in range(40):  # each round as a fresh process meets it: nothing made yet\n"
        "    plain._CLASSES.clear(); plain._READERS.clear()\n"
        "    gate, out = threading.Barrier(8), []\n"
        "    def read():\n        gate.wait()\n"
        "        out.append(plain.read('kubos-monster', {'kind': 'kubos-monster', 'id': 'm', 'name': 'N',"
        " 'type': 'vermin'}))\n"
        "    threads = [threading.Thread(target=read) for _ in range(8)]\n"
        "    [t.start() for t in threads]; [t.join() for t in threads]\n"
        "    print(sum(r is not None for r in out), len({type(r) for r in out}), all(r == out[0] for r in out))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert set(out.splitlines()) == {"8 1 True"}


def test_a_model_the_shapes_cannot_say_is_read_by_pydantic_alone():
    """An option that changes a value (whitespace stripped), or a check before a limit, is
    not copied into the shapes half-way: the model is left out, with nothing of it kept."""
    from typing import Annotated

    from pydantic import AfterValidator, Field, StringConstraints

    from sheetgen.content.checks import check_slug
    from sheetgen.content.models.base import ContentModel

    class Inner(ContentModel):
        name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=5)]

    class Outer(ContentModel):
        inner: Inner

    class Ordered(ContentModel):
        name: Annotated[str, AfterValidator(check_slug), Field(max_length=5)]

    for model in (Outer, Ordered):
        models: dict = {}
        with pytest.raises(shapes.Unsupported):
            shapes._model(model, models)
        assert model.__name__ not in models and "Inner" not in models
