"""`sheetgen new`: seeded generators that write new content documents as YAML.

A generator declares its options once (`Option`); the command line is derived from
the declaration. The same seed and options always give the same YAML, and every
generated document is loaded and checked like hand-written content before it is
printed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

import yaml

from sheetgen.content.loader import Library


@dataclass(frozen=True)
class Option:
    name: str
    help: str
    choices: tuple[str, ...] | None = None
    default: Any = None
    type: type = str


@dataclass(frozen=True)
class Generator:
    kind: str
    summary: str
    options: tuple[Option, ...]
    generate: Callable[[random.Random, dict[str, Any], Library], list[dict[str, Any]]]


def generators() -> dict[str, Generator]:
    from sheetgen.generate.registry import MODULES

    out: dict[str, Generator] = {}
    for module in MODULES:
        for gen in module.GENERATORS:
            out[gen.kind] = gen
    return out


class _Dumper(yaml.SafeDumper):
    pass


def _str_representer(dumper: yaml.SafeDumper, value: str):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str_representer)


def dump_documents(documents: list[dict[str, Any]], header: str = "") -> str:
    """Documents as a YAML stream: block style, with lists of plain values inline."""
    parts = []
    for doc in documents:
        parts.append(
            yaml.dump(doc, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)
        )
    text = "---\n".join(parts)
    if header:
        text = "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines()) + text
    return text
