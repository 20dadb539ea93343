"""The product catalogue: every product the registry declares, as rows a person (or
`sheetgen products --json`, or the reference's `docs/reference/products.md`) reads."""

from __future__ import annotations

from sheetgen.layout.products import Product
from sheetgen.layout.registry import products

SCOPES = {
    "document": "one per document",
    "collection": "one for all documents",
    "blank": "one blank, no documents needed",
}


def _game(product: Product) -> str:
    return product.game if isinstance(product.game, str) else "any (the document's `system`)"


def output_path(product: Product) -> str:
    """Where the product's output goes, relative to the output folder (`.<ext>` for each format)."""
    game = product.game if isinstance(product.game, str) else "<system>"
    if product.scope == "document":
        return f"{game}/{product.name}/<id>"
    if product.scope == "collection":
        return f"{game}/{product.name}/{product.target or product.name}"
    return f"{game}/{product.name}/{product.target or product.name}"  # as the build writes it


def catalog() -> list[dict]:
    """One row per product, in registry order."""
    rows = []
    for product in products().values():
        rows.append(
            {
                "id": product.id,
                "name": product.name,
                "game": _game(product),
                "kinds": list(product.kinds),
                "scope": product.scope,
                "formats": list(product.formats),
                "output": output_path(product),
                "summary": product.summary,
            }
        )
    return rows


def markdown_table(rows: list[dict] | None = None) -> str:
    """The catalogue as a Markdown table (`docs/reference/products.md`)."""
    rows = catalog() if rows is None else rows
    out = ["| product | game | kinds | scope | formats | output |", "|---|---|---|---|---|---|"]
    for r in rows:
        kinds = ", ".join(f"`{k}`" for k in r["kinds"]) or "—"
        formats = ", ".join(r["formats"])
        out.append(
            f"| `{r['id']}` | {r['game']} | {kinds} | {SCOPES[r['scope']]} | {formats} | `{r['output']}.<ext>` |"
        )
    return "\n".join(out)
