"""The `kubos-tables` document: sheetgen's readings of what the KUBOS rules leave
open, and the lookups that use it (what an item is, what it weighs)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.kubos.core import MAGIC_ITEM_WEIGHT_MAX
from sheetgen.rules.kubos.values import TablesValues

if TYPE_CHECKING:
    from sheetgen.content.models.kubos import KubosItem, KubosItemWords, KubosTables

TABLES_KIND = "kubos-tables"
TABLES_FILE_HINT = (
    "add a `kind: kubos-tables` document to the content folder, or leave out `--no-game-data` "
    "to use the one sheetgen ships (sheetgen/data/kubos/tables.yaml)"
)

_WORD_RE = re.compile(r"[a-z0-9']+")


def check_tables(doc: Document, ctx: RuleContext) -> TablesValues:
    """A magic item weighs 0 items or more, and no more than the strongest hero carries;
    derived: which decisions are reconstructed."""
    tables: KubosTables = doc.model  # type: ignore[assignment]
    weight = tables.carrying.magic_item_weight
    if not 0 <= weight <= MAGIC_ITEM_WEIGHT_MAX:
        ctx.error(
            doc,
            ("carrying", "magic_item_weight"),
            "kubos.magic-item-weight-range",
            f"magic_item_weight is {weight}; a magic item weighs from 0 items up to the "
            f"{MAGIC_ITEM_WEIGHT_MAX} the strongest hero can carry",
            f"write a weight from 0 (magic items weigh nothing) to {MAGIC_ITEM_WEIGHT_MAX}; "
            "sheetgen's bundled reading is 1",
        )
    return TablesValues(tuple(sorted(tables.reconstructed)))


def check_single_tables(ctx: RuleContext) -> None:
    """Only one `kubos-tables` document may be loaded: which one applies would be a guess."""
    docs = ctx.library.of_kind(TABLES_KIND)
    if len(docs) < 2:
        return
    first = docs[0]
    for extra in docs[1:]:
        if not extra.target:  # a folder only read for context is not the one being checked
            continue
        ctx.error(
            extra,
            ("id",),
            "kubos.tables-duplicate",
            f"a second kubos-tables document (`{extra.id}`); "
            f"`{first.id}` ({first.file}:{first.start.line}) is already loaded",
            "keep one kubos-tables document and edit it",
        )


def find_tables(doc: Document, ctx: RuleContext) -> KubosTables | None:
    """The loaded `kubos-tables` for `doc`'s checks, or None after reporting why there is none."""
    docs = ctx.library.of_kind(TABLES_KIND)
    if not docs:
        ctx.error(
            doc,
            ("kind",),
            "kubos.tables-missing",
            f"the {doc.kind} `{doc.id}` needs the kubos-tables document, and none is loaded",
            TABLES_FILE_HINT,
        )
        return None
    if not ctx.ok(docs[0]):
        ctx.error(
            doc,
            ("kind",),
            "content.broken-reference",
            f"the kubos-tables document `{docs[0].id}` has errors of its own",
            "fix that document first",
        )
        return None
    return docs[0].model  # type: ignore[return-value]


def _words(text: str) -> list[str]:
    return _WORD_RE.findall(text.lower())


def _is_word(word: str, target: str, prefixes: tuple[str, ...] = ()) -> bool:
    """Whether a name's word is `target` (a trailing `s` or `es` allowed), alone or closed
    up behind one of `prefixes` (`greatsword`, `battleaxes`)."""
    for form in (target, target + "s", target + "es"):
        if word == form or (word.endswith(form) and word[: len(word) - len(form)] in prefixes):
            return True
    return False


def _mentions(name_words: list[str], phrase: str, prefixes: tuple[str, ...] = ()) -> bool:
    """Whether the phrase's words occur in a row in the name (a trailing `s` or `es` allowed);
    a phrase of one word may also be closed up behind one of `prefixes`."""
    target = _words(phrase)
    if not target:
        return False
    n = len(target)
    if n > 1:
        prefixes = ()
    for i in range(len(name_words) - n + 1):
        window = name_words[i : i + n]
        if all(_is_word(w, t, prefixes) for w, t in zip(window, target)):
            return True
    return False


def item_types(item: str | KubosItem, words: KubosItemWords) -> set[str]:
    """What an item serves as: its declared types, or those its name mentions. A weapon
    word counts closed up behind one of the tables' `weapon_prefixes` as well
    (`Greatsword`, `Battleaxe`, `Warbow`); ammunition words do not take them."""
    if not isinstance(item, str) and item.types:
        return set(item.types)
    name = item_name(item)
    name_words = _words(name)
    prefixes = tuple("".join(_words(p)) for p in words.weapon_prefixes)
    found = set()
    for kind, phrases, closed in (
        ("hand-weapon", words.hand_weapon, prefixes),
        ("missile-weapon", words.missile_weapon, prefixes),
        ("ammunition", words.ammunition, ()),
    ):
        if any(_mentions(name_words, p, closed) for p in phrases):
            found.add(kind)
    return found or {"ordinary"}


def item_weight(item: str | KubosItem, types: set[str]) -> int:
    """How many items an entry weighs: as declared, else 2 for a missile weapon written
    together with its ammunition (the rules count them as two), else 1."""
    if not isinstance(item, str) and item.count is not None:
        return item.count
    return 2 if {"missile-weapon", "ammunition"} <= types else 1


def item_name(item: str | KubosItem) -> str:
    return item if isinstance(item, str) else item.name
