"""What a build makes: the targets the checked content asks for, and digests of what
each is made from (the same digest: the same bytes)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sheetgen import __version__
from sheetgen.content import registry as kinds_registry
from sheetgen.content.gamedata import is_game_data
from sheetgen.content.loader import Document
from sheetgen.content.plain import jsonable
from sheetgen.diagnostics import Severity
from sheetgen.files.outputs import TargetRecord
from sheetgen.files.report import issue_json
from sheetgen.files.stamp import code_fingerprint
from sheetgen.games import game_of_kind
from sheetgen.layout.context import Issue
from sheetgen.layout.products import DocInput, Job, Product
from sheetgen.layout.registry import products
from sheetgen.render.card_exports import EXPORTS
from sheetgen.rules import Checked
from sheetgen.rules.theme import ResolvedTheme
from sheetgen.rules.values import HandoutValues

FORMATS = ("pdf", "svg")


@dataclass(frozen=True)
class Target:
    """One product to build for one output id."""

    product: str
    game: str
    name: str
    id: str
    kind: str | None
    sources: tuple[str, ...]  # content files, relative to the project root
    formats: tuple[str, ...]
    job: Job
    scope: str = "document"
    blocked_by: tuple[tuple[str, str], ...] = ()  # documents with errors this output needs
    kinds: tuple[str, ...] = ()  # kinds of document the output draws on
    blocked_files: tuple[str, ...] = ()  # files with unreadable documents of those kinds

    @property
    def key(self) -> str:
        return f"{self.game}/{self.name}/{self.id}"

    @property
    def draws_on_several(self) -> bool:
        """A collection, or an output of one document that includes others (a handout, a kit)."""
        return self.scope == "collection" or len(self.job.docs) > 1

    def relpath(self, fmt: str, page: int | None = None, suffix: str | None = None) -> str:
        end = (f"-p{page}" if page is not None else "") + (f"-{suffix}" if suffix else "")
        return f"{self.game}/{self.name}/{self.id}{end}.{fmt}"

    def record(self, digest: str, issues: Iterable[Issue] = (), root: Path | None = None) -> TargetRecord:
        """What its outputs were made from; `root`: the project root, which names templates."""
        warnings = tuple(issue_json(i, root) for i in issues if i.severity is Severity.WARNING)
        return TargetRecord(self.product, self.scope, digest, self.sources, self.kinds, warnings)


def _included_kinds(di: DocInput, wanted: list[tuple[str, str]]) -> set[str]:
    """Kinds a document's output includes (a handout's sections), even when none of
    them loaded."""
    kinds = {k for k, _ in wanted}
    sections = di.derived.sections if isinstance(di.derived, HandoutValues) else ()
    kinds.update(section.kind for section in sections if section.kind)
    return kinds


def _needed(
    product: Product, doc: DocInput, inputs: dict[tuple[str, str], DocInput], includers: dict[str, list[Product]]
) -> list[tuple[str, str]]:
    """The other documents an output of `doc` needs: those its product includes, and in turn
    those the included documents' own products need (a handout's army brings its units)."""
    keys = dict.fromkeys(product.includes(doc) if product.includes else [])
    todo = list(keys)
    while todo:
        other = inputs.get(todo.pop())
        if other is None:
            continue
        for p in includers.get(other.kind, []):
            for key in p.includes(other) if p.includes else []:
                if key not in keys and key != doc.key:
                    keys[key] = None
                    todo.append(key)
    return list(keys)


def plan(
    checked: Checked,
    formats: Iterable[str] = FORMATS,
    *,
    whole: bool = True,
    spoiled: dict[str, set[str]] | None = None,
    members: bool = False,
) -> list[Target]:
    """Every target the checked content asks for, in a stable order.

    `spoiled` maps files holding documents that could not be read (so neither their kind
    nor id is known) to the kinds they may be: outputs drawing on those kinds wait.
    In a partial build (`whole` false) a collection is planned only when one of its
    members was asked for; it is made from every member, those read for reference too.
    With `members`, documents read for reference get their own outputs planned too."""
    planner = _Planner(checked, formats, whole, spoiled or {}, members)
    targets = [apart for t in planner.targets() for apart in _exports_apart(t)]
    targets.sort(key=lambda t: t.key)
    return targets


class _Planner:
    """What `plan` gathers once from the checked content, and its targets of each scope."""

    def __init__(
        self, checked: Checked, formats: Iterable[str], whole: bool, spoiled: dict[str, set[str]], members: bool
    ):
        self.checked, self.whole, self.spoiled = checked, whole, spoiled
        self.library = library = checked.library
        self.wanted = tuple(f for f in FORMATS if f in set(formats))
        self.exports = tuple(f for f in EXPORTS if f in set(formats))
        docs = [d for d in checked.documents(*kinds_registry.names(), targets_only=not members) if d.kind != "theme"]
        self.game_ids = {s for s in (kinds_registry.game_of(d) for d in docs) if s}
        self.docs = docs + shipped_documents(checked, self.game_ids)
        # A partial build prints a game's blank sheets only when it was given documents of that
        # game's own kinds (a deck that merely names the game is not enough).
        self.asked_games = {g for g in (game_of_kind(d.kind) for d in self.docs if d.target) if g}
        self.valid = [d for d in checked.documents(*kinds_registry.names(), targets_only=False) if d.kind != "theme"]
        self.inputs = {d.key: DocInput(d.kind, d.id, d.model, checked.derived.get(d.key), d.file) for d in self.valid}
        # Documents with errors, whether the loader or the rules found them.
        # (Those read for reference too: a collection made of them must wait for them as well.)
        self.broken = sorted({d.key for d in library.documents if d.key in checked.failed} | library.invalid)

    def targets(self) -> Iterator[Target]:
        known = products(self.game_ids | kinds_registry.games_of(self.valid))
        includers = {
            kind: [p for p in known.values() if p.includes and kind in p.kinds]
            for kind in {k for p in known.values() for k in p.kinds}
        }
        for product in known.values():
            fmts = tuple(f for f in product.formats if f in self.wanted) + (self.exports if product.deck else ())
            if not fmts or (product.print_shop_of and not self.checked.theme.print_shop):
                continue
            if product.scope == "document":
                yield from self.documents(product, fmts, includers)
            elif product.scope == "collection":
                yield from self.collection(product, fmts)
            elif product.scope == "blank":
                yield from self.blank(product, fmts)

    def failed_of(self, kinds: Iterable[str]) -> tuple[tuple[str, str], ...]:
        kinds = set(kinds)
        return tuple(k for k in self.broken if k[0] in kinds)

    def spoiled_of(self, kinds: Iterable[str]) -> tuple[str, ...]:
        kinds = set(kinds)
        return tuple(sorted(self.library.project_name(f) for f, ks in self.spoiled.items() if ks & kinds))

    def source(self, file: str) -> str:
        return self.library.project_name(file)

    def documents(
        self, product: Product, fmts: tuple[str, ...], includers: dict[str, list[Product]]
    ) -> Iterator[Target]:
        options = tuple(sorted(product.options.items()))
        for d in self.docs:
            if d.kind not in product.kinds:
                continue
            di = self.inputs[d.key]
            wanted_keys = _needed(product, di, self.inputs, includers)
            extra = [self.inputs[k] for k in wanted_keys if k in self.inputs]
            included = _included_kinds(di, wanted_keys)
            yield Target(
                product.id,
                product.game_of(di),
                product.name,
                di.id,
                di.kind,
                tuple(dict.fromkeys([self.source(di.file)] + [self.source(e.file) for e in extra])),
                fmts,
                Job(product.id, di.id, (di, *extra), options),
                blocked_by=tuple(k for k in wanted_keys if k not in self.inputs),
                kinds=tuple(sorted({di.kind} | included)),
                blocked_files=self.spoiled_of(included),
            )

    def collection(self, product: Product, fmts: tuple[str, ...]) -> Iterator[Target]:
        # Every member, in the order of a whole build, whichever were asked for.
        members: list[Document] = sorted(
            (d for d in self.valid if d.kind in product.kinds), key=lambda d: (self.source(d.file), d.index)
        )
        if not members or not (self.whole or any(d.target for d in members)):
            return
        first = self.inputs[members[0].key]
        tid = product.target or product.name
        yield Target(
            product.id,
            product.game_of(first),
            product.name,
            tid,
            first.kind,
            tuple(sorted({self.source(m.file) for m in members})),
            fmts,
            Job(product.id, tid, tuple(self.inputs[m.key] for m in members), tuple(sorted(product.options.items()))),
            "collection",
            blocked_by=self.failed_of(product.kinds),
            kinds=tuple(product.kinds),
            blocked_files=self.spoiled_of(product.kinds),
        )

    def blank(self, product: Product, fmts: tuple[str, ...]) -> Iterator[Target]:
        sys_ = product.game_of(None)
        if sys_ not in (self.game_ids if self.whole else self.asked_games):
            return
        # A blank needs no documents, but gets the game's settings documents
        # (its `kinds`) when there are any, so it follows a campaign's own rules.
        settings_docs = tuple(self.inputs[d.key] for d in self.valid if d.kind in product.kinds)
        tid = product.target or product.name
        yield Target(
            product.id,
            sys_,
            product.name,
            tid,
            None,
            tuple(sorted({self.source(d.file) for d in settings_docs})),
            fmts,
            Job(product.id, tid, settings_docs, tuple(sorted(product.options.items()))),
            "blank",
            blocked_by=self.failed_of(product.kinds),
            kinds=tuple(product.kinds),
            blocked_files=self.spoiled_of(product.kinds),
        )


def _exports_apart(target: Target) -> Iterator[Target]:
    """A deck's target, and its card exports (`--format png,tts`) as targets of their own
    (`<product>-png`, `<product>-tts`), laid out one card a page."""
    own = tuple(f for f in target.formats if f not in EXPORTS)
    if own:
        yield replace(target, formats=own)
    single = tuple(sorted({**dict(target.job.options), "imposition": "single"}.items()))
    for fmt in target.formats:
        if fmt in EXPORTS:
            yield replace(target, name=f"{target.name}-{fmt}", formats=(fmt,), job=replace(target.job, options=single))


def shipped_documents(checked: Checked, game_ids: set[str]) -> list:
    """The game data sheetgen ships (upgrade catalog, factions …) for the games the
    project has content of: built like the project's own documents."""
    return [
        d
        for d in checked.documents(*kinds_registry.names(), targets_only=False)
        if is_game_data(d.file) and d.kind != "theme" and kinds_registry.game_of(d) in game_ids
    ]


_THEME_DIGEST: list[tuple[ResolvedTheme, str]] = []


def theme_digest(theme: ResolvedTheme) -> str:
    """A digest of the resolved theme, made once per build rather than once per target."""
    if _THEME_DIGEST and _THEME_DIGEST[0][0] is theme:
        return _THEME_DIGEST[0][1]
    blob = json.dumps(jsonable(dataclasses.asdict(theme)), sort_keys=True, ensure_ascii=False, default=str)
    digest = hashlib.sha256(blob.encode("utf-8")).hexdigest()
    _THEME_DIGEST[:] = [(theme, digest)]
    return digest


def doc_digest(doc: DocInput) -> str:
    """A digest of one document as layout sees it: its model (as pydantic writes it, in
    its fields' order) and the rules' derived values."""
    h = hashlib.sha256(f"{doc.kind}\n{doc.id}\n".encode("utf-8", "backslashreplace"))
    h.update(doc.model.model_dump_json().encode("utf-8", "backslashreplace"))
    derived = json.dumps(jsonable(doc.derived), sort_keys=True, ensure_ascii=False, default=str)
    h.update(b"\n" + derived.encode("utf-8", "backslashreplace"))
    return h.hexdigest()


def target_digest(target: Target, theme: ResolvedTheme, docs: dict[Any, str] | None = None) -> str:
    """A digest of everything a target's output is made from. `docs` keeps, for the
    targets of one build, each document's digest (by the DocInput's identity) and the
    digest of what targets of one product share (code, theme, options)."""
    docs = {} if docs is None else docs
    shared_key = ("product", target.product, target.formats, repr(target.job.options))
    if shared_key not in docs:
        payload = {
            "sheetgen": __version__,
            "code": code_fingerprint(),
            "product": target.product,
            "formats": target.formats,
            "options": target.job.options,
            "theme": theme_digest(theme),
            "date": os.environ.get("SOURCE_DATE_EPOCH", ""),  # the PDFs carry it
        }
        blob = json.dumps(jsonable(payload), sort_keys=True, ensure_ascii=False, default=str)
        docs[shared_key] = hashlib.sha256(blob.encode("utf-8")).hexdigest()
    h = hashlib.sha256(f"{docs[shared_key]}\n{target.key}\n".encode("utf-8", "backslashreplace"))
    for d in target.job.docs:
        digest = docs.get(id(d))
        if digest is None:
            digest = docs[id(d)] = doc_digest(d)
        h.update(digest.encode("ascii"))
    return h.hexdigest()
