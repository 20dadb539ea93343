"""A deck's card exports (`sheetgen build --format png,tts` into the workbench's output
folder) as links on the deck's own entry of the gallery, instead of entries of their own."""

from __future__ import annotations

from sheetgen.render.card_exports import EXPORTS

_LABELS = {"png": "PNG", "tts": "Tabletop"}


def export_links(by_target: dict[str, list]) -> tuple[dict[str, list[tuple[str, str]]], set[str]]:
    """(label, path) links by the deck's target key, and the export targets so folded into
    a deck: the first card image (the label counts them) and the tabletop saved object."""
    links: dict[str, list[tuple[str, str]]] = {}
    folded: set[str] = set()
    for key, entries in sorted(by_target.items()):
        game, _, rest = key.partition("/")
        product, _, deck_id = rest.partition("/")
        fmt = product.rpartition("-")[2]
        deck = f"{game}/{product[: -len(fmt) - 1]}/{deck_id}"
        if fmt not in EXPORTS or deck not in by_target:
            continue
        if fmt == "png":
            label, path = f"{_LABELS[fmt]} ({len(entries)} images)", entries[0].path
        else:
            label, path = _LABELS[fmt], next((e.path for e in entries if e.path.endswith(".json")), entries[0].path)
        links.setdefault(deck, []).append((label, path))
        folded.add(key)
    return links, folded
