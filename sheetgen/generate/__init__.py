"""`sheetgen new`: seeded generators that write new content documents as YAML.

A generator declares its options once (`Option`); the command line is derived from
the declaration. The same seed and options always give the same YAML, and every
generated document is loaded and checked like hand-written content before it is
printed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Set
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from sheetgen.content.loader import Library


@dataclass(frozen=True)
class Option:
    name: str
    help: str
    choices: tuple[str, ...] | None = None
    default: Any = None
    type: type = str
    bounds: tuple[int, int] | None = None  # a whole number's lowest and highest values


@dataclass(frozen=True)
class Generator:
    kind: str
    summary: str
    options: tuple[Option, ...]
    generate: Callable[[random.Random, dict[str, Any], Library], list[dict[str, Any]]]


MAX_COUNT = 100
_TAG_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_TAG_SPAN = 36**5


def seed_tag(seed: int) -> str:
    """Five letters and digits that tell a seed's documents apart: different seeds (below
    36**5, some sixty million) always give different tags, so ids made with them are unique
    across any range of seeds."""
    n = (seed * 1_000_003 + 7_777_777) % _TAG_SPAN  # a bijection: 1_000_003 shares no factor with 36**5
    out = ""
    for _ in range(5):
        n, r = divmod(n, 36)
        out += _TAG_DIGITS[r]
    return out


def tag_for(options: dict[str, Any], rng: random.Random) -> str:
    """The run's tag: from its `seed` (given by `sheetgen new`), else drawn from `rng`."""
    seed = options.get("seed")
    return seed_tag(seed if seed is not None else rng.randrange(_TAG_SPAN))


COUNT_BOUNDS = (1, MAX_COUNT)


def count_of(options: dict[str, Any]) -> int:
    """The `--count` option (declared with `bounds=COUNT_BOUNDS`), checked: 1 to MAX_COUNT."""
    count = 1 if options.get("count") is None else options["count"]
    if not COUNT_BOUNDS[0] <= count <= COUNT_BOUNDS[1]:
        raise ValueError(f"--count must be 1 to {MAX_COUNT}, not {count}")
    return count


def draw_distinct(rng: random.Random, items: list, count: int) -> list:
    """`count` items, none twice until every item has been drawn (then the table starts over)."""
    out: list = []
    while len(out) < count:
        out += rng.sample(items, min(len(items), count - len(out)))
    return out


def generators() -> dict[str, Generator]:
    from sheetgen.generate.registry import modules

    out: dict[str, Generator] = {}
    for module in modules():
        for gen in module.GENERATORS:
            out[gen.kind] = gen
    return out


class _Dumper(yaml.SafeDumper):
    pass


def _str_representer(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str_representer)


class _Document(dict):
    """A whole document: always written in block style, one key a line."""


_Dumper.add_representer(
    _Document, lambda dumper, value: dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=False)
)


def dump_documents(documents: list[dict[str, Any]], header: str = "") -> str:
    """Documents as a YAML stream: block style, with lists of plain values inline."""
    parts = []
    for doc in documents:
        parts.append(
            yaml.dump(
                _Document(doc), Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
            )
        )
    text = "---\n".join(parts)
    if header:
        text = "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines()) + text
    return text


def ids_in(text: str, output: str | None) -> set[tuple[str, str]]:
    """The (kind, id) of every document in a file's text (the one `--append` adds to)."""
    from sheetgen.content.yamlsrc import load_documents

    docs, _ = load_documents(text, output or "<appended>") if text else ([], [])
    return {
        (d.data["kind"], d.data["id"])
        for d in docs
        if isinstance(d.data, dict) and isinstance(d.data.get("kind"), str) and isinstance(d.data.get("id"), str)
    }


def unique_ids(
    documents: list[dict[str, Any]],
    library: Library,
    output: str | None,
    explicit: str | None,
    taken_there: Set[tuple[str, str]] = frozenset(),
) -> None:
    """Give each generated document an id no document of its kind in the content folder (nor
    one of `taken_there`, the file appended to, nor an earlier one of this run) has, by
    adding `-2`, `-3` …; an id asked for with --id that is taken is refused. Documents in the
    file being written over do not count, except those `taken_there`."""

    def elsewhere(file: str) -> bool:
        return not output or Path(file).resolve() != Path(output).resolve()

    # Every project document read, those with errors too (their ids are taken all the same).
    taken = {key for key, claims in library.claims.items() if any(elsewhere(c.file) for c in claims)}
    taken |= set(taken_there)
    for doc in documents:
        base = doc["id"]
        if explicit and (doc["kind"], base) in taken:
            raise ValueError(
                f"a {doc['kind']} with the id `{base}` is already in the content folder; choose another --id"
            )
        n, new = 1, base
        while (doc["kind"], new) in taken:
            n += 1
            new = f"{base}-{n}"
        doc["id"] = new
        taken.add((doc["kind"], new))
