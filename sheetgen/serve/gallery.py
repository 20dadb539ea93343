"""What the gallery and the document pages show, made from the last build's state.

Outputs are grouped by game, then product; a deck's print-shop twin is folded into the
deck's card; each card knows its preview (a versioned URL: the same URL always gives the
same image, so browsers keep it), its problems and what the filter matches it by.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from sheetgen.content.checks import natural_key
from sheetgen.files.outputs import OutputEntry
from sheetgen.games import title
from sheetgen.layout import registry
from sheetgen.layout.products import Product
from sheetgen.serve.exports import export_links
from sheetgen.serve.workspace import BuildState, Shown

SCOPE_ORDER = {"document": 0, "collection": 1, "blank": 2}  # the project's own documents first
BLANK = "blank"  # the kind filter's name for outputs made from no document


def humanize(slug: str) -> str:
    """ "character-sheet" → "Character sheet"."""
    words = slug.replace("-", " ").replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def game_title(game: str) -> str:
    return title(game) or humanize(game)


def anchor(key: str) -> str:
    """A target's key as an HTML id (the card's and the live events')."""
    return key.replace("/", "--")


def versioned(entry: OutputEntry) -> str:
    return f"/output/{entry.path}?v={entry.sha256[:12]}"


@dataclass
class Card:
    """One output (a target) as the gallery shows it."""

    key: str
    id: str
    title: str
    game: str
    product: str  # the output folder's name
    summary: str
    scope: str
    kinds: tuple[str, ...]
    pdfs: list[OutputEntry]
    svgs: list[OutputEntry]
    preview: str | None
    digest: str  # what the outputs were made from: the version of PDF-only previews
    sources: tuple[str, ...]
    pages: int
    print_shop: list[OutputEntry] = field(default_factory=list)
    exports: list[tuple[str, str]] = field(default_factory=list)  # (label, path): its card images, tabletop deck
    problems: list[Shown] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return anchor(self.key)

    @property
    def link(self) -> str:
        return f"/doc/{self.key}"

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> int:
        return len(self.problems) - self.errors

    @property
    def search(self) -> str:
        """What the name filter looks in, lower case: titles, id, product, and a document's
        files (not those of the collections that draw on them)."""
        files = self.sources if self.scope == "document" else ()
        return " ".join([self.title, self.id, humanize(self.product), game_title(self.game), *files]).casefold()

    def page_previews(self) -> list[str]:
        """A versioned image of every page: the SVG files, or pages laid out again."""
        if self.svgs:
            return [versioned(e) for e in self.svgs]
        first = [self.preview] if self.preview else []  # the gallery's, which the browser may have
        return first + [
            f"/preview/{self.key}.svg?page={n}&v={self.digest}" for n in range(len(first) + 1, self.pages + 1)
        ]

    def matches(self, query: str, kind: str) -> bool:
        return (not query or query.casefold() in self.search) and (not kind or kind in self.kinds)


@dataclass
class Group:
    """The outputs of one product of one game."""

    product: str
    title: str
    summary: str
    cards: list[Card]

    @property
    def anchor(self) -> str:
        return f"{self.cards[0].game}--{self.product}"


@dataclass
class Game:
    id: str
    title: str
    groups: list[Group]

    @property
    def count(self) -> int:
        return sum(len(g.cards) for g in self.groups)

    @property
    def errors(self) -> int:
        return sum(c.errors for g in self.groups for c in g.cards)


def _product(record_product: str | None, game: str) -> Product | None:
    if not record_product:
        return None
    try:
        return registry.product(record_product, game)
    except KeyError:
        return None


def _title(state: BuildState, key: str, fallback: str) -> str:
    """The document's own name or title, else the output id in words."""
    target = state.targets.get(key)
    if target is not None and target.scope == "document" and target.job.docs:
        model = target.job.docs[0].model
        for attr in ("name", "title"):
            value = getattr(model, attr, None)
            if isinstance(value, str) and value.strip():
                return value
    return humanize(fallback)


def cards(state: BuildState, root: Path | None = None) -> list[Card]:
    """Every output of the last build, print-shop twins folded into their decks' cards;
    given the project's root, with their problems."""
    by_target: dict[str, list[OutputEntry]] = {}
    for e in state.entries:
        by_target.setdefault(e.target or e.path, []).append(e)
    made: dict[str, Card] = {}
    twins: dict[str, list[OutputEntry]] = {}
    exports, folded = export_links(by_target)
    for key, entries in by_target.items():
        if key in folded:
            continue
        first = entries[0]
        record = state.records.get(key)
        product = _product(record.product if record else None, first.game)
        if product is not None and product.print_shop_of:
            deck = _product(product.print_shop_of, first.game)
            if deck is not None:
                twins[f"{first.game}/{deck.name}/{first.id}"] = entries
                continue
        made[key] = _card(state, key, entries, product)
        made[key].exports = exports.get(key, [])
    for key, entries in twins.items():
        if key in made:
            made[key].print_shop = entries
        else:  # its deck failed: the twin is shown as it is
            made[entries[0].target] = _card(state, entries[0].target, entries, None)
    if root is not None:
        _attach_problems(list(made.values()), state.problems, root)
    return list(made.values())


def _card(state: BuildState, key: str, entries: list[OutputEntry], product: Product | None) -> Card:
    first = entries[0]
    record = state.records.get(key)
    svgs = sorted((e for e in entries if e.format == "svg"), key=lambda e: natural_key(e.path))
    pdfs = [e for e in entries if e.format == "pdf"]
    digest = (record.input if record else first.sha256)[:12]
    if svgs:
        preview = versioned(svgs[0])
    elif key in state.targets:
        preview = f"/preview/{key}.svg?v={digest}"
    else:
        preview = None
    scope = record.scope if record else "document"
    kinds = (
        (BLANK,)
        if scope == "blank"
        else (record.kinds if record and record.kinds else ((first.kind,) if first.kind else ()))
    )
    sources = record.sources if record and record.sources else ((first.source,) if first.source else ())
    return Card(
        key=key,
        id=first.id,
        title=_title(state, key, first.id),
        game=first.game or "other",
        product=first.product,
        summary=product.summary if product else "",
        scope=scope,
        kinds=tuple(kinds),
        pdfs=pdfs,
        svgs=svgs,
        preview=preview,
        digest=digest,
        sources=tuple(sources),
        pages=max((e.pages for e in pdfs), default=len(svgs)),
    )


def _attach_problems(all_cards: list[Card], problems: list[Shown], root: Path) -> None:
    """Each problem on the cards made from its file."""
    by_file: dict[Path, list[Shown]] = {}
    for p in problems:
        by_file.setdefault(Path(p.file).resolve(), []).append(p)
    if not by_file:
        return
    for card in all_cards:
        for source in card.sources:
            card.problems += by_file.get((root / source).resolve(), [])


def games(all_cards: list[Card]) -> list[Game]:
    """Cards by game and product: games with the project's own documents first, products
    made from documents before collections and blanks, ids in natural order."""
    by_game: dict[str, dict[str, list[Card]]] = {}
    for card in all_cards:
        by_game.setdefault(card.game, {}).setdefault(card.product, []).append(card)
    out = []
    for game, by_product in by_game.items():
        groups = []
        for product, members in by_product.items():
            members.sort(key=lambda c: natural_key(c.id))
            summary = members[0].summary if len({c.summary for c in members}) == 1 else ""
            title = "Blanks" if product == BLANK else humanize(product)
            groups.append(Group(product, title, summary, members))
        groups.sort(
            key=lambda g: (min(SCOPE_ORDER.get(c.scope, 1) for c in g.cards), g.product == BLANK, natural_key(g.title))
        )
        out.append(Game(game, game_title(game), groups))
    out.sort(key=lambda g: (all(c.scope == "blank" for grp in g.groups for c in grp.cards), natural_key(g.title)))
    return out


def kinds(all_cards: list[Card]) -> list[str]:
    """The kind filter's choices: every kind of document an output is made from, then blanks."""
    found = {k for c in all_cards for k in c.kinds}
    return sorted(found - {BLANK}) + ([BLANK] if BLANK in found else [])


def preview_urls(state: BuildState) -> dict[str, str]:
    """Each card's preview, by its anchor: what live events compare to find changed images."""
    return {c.anchor: c.preview for c in cards(state) if c.preview}
