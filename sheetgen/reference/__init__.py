"""The reference under `docs/reference/`, written from the code: kinds from the models,
products from the games' records, diagnostic codes from their registry, commands from the
command line. `python -m sheetgen.reference` writes the pages anew; a test fails while the
pages in the repository differ from what it would write."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

FOLDER = Path("docs") / "reference"
RENEW = "python -m sheetgen.reference"


def cell(text: str) -> str:
    """Text fit for one Markdown table cell: on one line, its bars escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def products_page() -> str:
    from sheetgen.layout.catalog import catalog, markdown_table

    rows = catalog()
    return "\n".join(
        [
            "# Products",
            "",
            "Every product sheetgen makes, from the games' records (`sheetgen products`, or `--json`). "
            "A handout section names one as its `product` (it may leave it out where the kind has only one); "
            "a product of scope *blank* is included with `include: {blank: ID}`. Outputs go under the output "
            "folder (`output/` by default). How each product is laid out and printed: [policies](policies.md).",
            "",
            markdown_table(rows),
            "",
            "## What each product holds",
            "",
            *(f"- `{row['id']}`: {cell(row['summary'])}" for row in rows),
            "",
        ]
    )


def diagnostics_page() -> str:
    from sheetgen.reference.codes import all_codes

    lines = [
        "# Diagnostics",
        "",
        "Every code sheetgen reports, with what it means and how to fix it. A diagnostic reads "
        "`file:line:col: error[code]: message`, then the source line, a caret and a hint; "
        "`sheetgen validate --format json` gives the same as objects. Warnings fail a build only "
        "with `--strict`.",
        "",
    ]
    area = None
    for code, (meaning, fix) in sorted(all_codes().items()):
        if code.split(".")[0] != area:
            area = code.split(".")[0]
            lines += ["", f"## {area}", "", "| code | what it means | how to fix it |", "|---|---|---|"]
        lines.append(f"| `{code}` | {cell(meaning)} | {cell(fix)} |")
    return "\n".join(lines) + "\n"


def index_page() -> str:
    return "\n".join(
        [
            "# Reference",
            "",
            "What sheetgen reads, makes, says and takes, written from its code "
            f"(`{RENEW}` writes these pages anew; a test checks they are current).",
            "",
            "- [Kinds](kinds.md): every kind of document and each of its fields: type, default, limits.",
            "- [Products](products.md): every product, the kinds it is made from and where its files go.",
            "- [Policies](policies.md): how products are laid out and printed (cards, nets, type, bleed, "
            "print-shop files, images, builds and the output folder).",
            "- [Diagnostics](diagnostics.md): every error and warning code, what it means and how to fix it.",
            "- [Commands](commands.md): every command and option.",
            "",
        ]
    )


def pages() -> dict[str, Callable[[], str]]:
    """Each generated page's file name and what writes it (`policies.md` is written by hand)."""
    from sheetgen.reference import commands, kinds

    return {
        "index.md": index_page,
        "kinds.md": kinds.page,
        "products.md": products_page,
        "diagnostics.md": diagnostics_page,
        "commands.md": commands.page,
    }


def write(root: Path) -> list[Path]:
    """Write every generated page under `root/docs/reference/`; the files that changed."""
    folder = root / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, make in pages().items():
        path, text = folder / name, make()
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed
