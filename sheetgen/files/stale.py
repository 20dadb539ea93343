"""Which earlier outputs a build keeps: up to date, moved to another file, or belonging to
content that is gone (removed once the manifest no longer lists them)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from sheetgen.content import registry as kinds_registry
from sheetgen.content.loader import Library
from sheetgen.files.outputs import Manifest, OutputEntry, Seen, TargetRecord, safe_output_path
from sheetgen.files.plan import Target
from sheetgen.games import game_of_kind
from sheetgen.layout.registry import products


def moved(
    target: Target, entries: list[OutputEntry], record: TargetRecord
) -> tuple[list[OutputEntry], TargetRecord] | None:
    """An up-to-date target's outputs and record naming the files it is now made from,
    if they name others (its document moved to another file, its bytes the same); else None."""
    source = target.sources[0] if target.sources else None
    if record.sources == target.sources and all(e.source == source for e in entries):
        return None
    return [replace(e, source=source) for e in entries], replace(record, sources=target.sources)


def spoiled_kinds(library: Library, manifest: Manifest) -> dict[str, set[str]]:
    """Files holding documents that could not be read → the kinds they may be: those
    their text names, and those the last build made from them."""
    if not library.spoiled:
        return {}
    made: dict[str, set[str]] = {}
    for e in manifest.entries:
        if e.source and e.kind:
            made.setdefault(e.source, set()).add(e.kind)
    return {f: set(kinds) | made.get(library.project_name(f), set()) for f, kinds in library.spoiled.items()}


def up_to_date(
    seen: Seen, target: Target, entries: list[OutputEntry], record: TargetRecord | None, digest: str
) -> bool:
    if not entries or record is None or record.input != digest:
        return False
    if {e.format for e in entries} != set(target.formats):
        return False
    return all(seen.sha256(e.path) == e.sha256 for e in entries)


@dataclass
class Present:
    """What this build read, gathered once to judge the outputs it did not plan."""

    spoiled: set[str]  # files (as the manifest names them) with unidentified documents
    kinds: set[str]  # kinds with documents, valid or not (or maybe, in spoiled files)
    game_ids: set[str]
    read: set[str]  # files read as targets
    seen: set[str]  # every file read
    print_shop: bool  # the theme asks for decks' print-shop exports

    @classmethod
    def of(cls, library: Library, spoiled: dict[str, set[str]], print_shop: bool = True) -> Present:
        kinds = {d.kind for d in library.documents} | {k for k, _ in library.invalid}
        for found in spoiled.values():
            kinds |= found
        game_ids = {game for k in kinds if (game := game_of_kind(k))}
        game_ids |= {s for s in (kinds_registry.game_of(d) for d in library.documents) if s}
        return cls(
            {library.project_name(f) for f in spoiled},
            kinds,
            game_ids,
            {name for file, name in library.files.items() if library.is_target_file(file)},
            set(library.files.values()),
            print_shop,
        )


def is_stale(
    key: str, entries: list[OutputEntry], record: TargetRecord | None, library: Library, present: Present, whole: bool
) -> bool:
    """Whether the outputs of a target this build did not plan belong to content that is
    gone. Never for a file holding a document that cannot be read, nor for a document
    that still exists (with errors, or outside what a partial build was given); outputs
    made from many documents or none only in a whole build, once no document of their
    kinds (valid or not) is left."""
    scope = record.scope if record and record.scope else "document"
    product = products().get(record.product) if record and record.product else None
    if product is not None and product.print_shop_of and not present.print_shop:
        # A print-shop export the theme no longer asks for: gone with the build that reads
        # what it was made from (a whole build, or its document's file).
        return whole or (scope == "document" and entries[0].source in present.read)
    if scope == "document":
        first = entries[0]
        if not first.kind or not first.source or first.source in present.spoiled:
            return False
        if library.has(first.kind, first.id) or (first.kind, first.id) in library.invalid:
            return False
        return first.source in present.read or (whole and first.source not in present.seen)
    if not whole:
        return False
    if product is None:
        return True  # a product sheetgen no longer makes
    if scope == "blank":
        return key.split("/", 1)[0] not in present.game_ids
    kinds = record.kinds if record else ()
    return not (set(kinds or product.kinds) & present.kinds)


def remove_output(out_dir: Path, rel: str) -> None:
    """Remove an output, and the folders it leaves empty (`<system>/<product>/`)."""
    try:
        path = safe_output_path(out_dir, rel)
        path.unlink()
    except (OSError, ValueError):
        return
    root = out_dir.resolve()
    folder = path.parent
    while folder != root and root in folder.parents:
        try:
            folder.rmdir()  # only while empty
        except OSError:
            break
        folder = folder.parent
