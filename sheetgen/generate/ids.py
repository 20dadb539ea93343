"""Ids for generated documents: none taken by a document of the content folder, the file
added to, or an earlier document of the same run (`sheetgen new`, the workbench's forms)."""

from __future__ import annotations

from collections.abc import Set
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sheetgen.content.loader import Library


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
