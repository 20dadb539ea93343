"""Continuation cards: how many "(cont.)" cards the bundled content and the five-game
`init` kit print, poker and mini, A4 and Letter. Prints figures, asserts nothing.

    python bench/continuations.py             # the table of counts
    python bench/continuations.py --list      # and the cards themselves
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from pypdf import PdfReader

REPO = Path(__file__).resolve().parent.parent
PAPERS = ("a4", "letter")
SIZES = ("poker", "mini")
MARK = "(cont.)"


def sheetgen(*args: str, cwd: Path) -> None:
    subprocess.run([sys.executable, "-m", "sheetgen", *args], cwd=cwd, check=True, capture_output=True)


def project(kind: str, root: Path) -> Path:
    """A copy of the bundled content, or a fresh kit with every game."""
    if kind == "bundled":
        shutil.copytree(REPO / "content", root / "content")
    else:
        sheetgen("init", str(root), cwd=REPO)
    return root


def set_card_size(root: Path, size: str) -> None:
    for theme in (root / "content").rglob("*.yaml"):
        text = theme.read_text()
        if re.search(r"^kind: theme$", text, re.M):
            theme.write_text(re.sub(r"^card_size: .*$", f"card_size: {size}", text, flags=re.M))


def continuations(output: Path) -> Counter:
    """`(cont.)` titles per PDF: each continuation card prints its title once on its front
    (the print-shop twins, one card a page, are left out: they repeat the decks)."""
    found: Counter = Counter()
    for pdf in sorted(output.rglob("*.pdf")):
        if pdf.parent.name.endswith("-print-shop") or "handouts" in pdf.parts:
            continue
        n = sum(page.extract_text().count(MARK) for page in PdfReader(pdf).pages)
        if n:
            found[str(pdf.relative_to(output))] = n
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="name the PDFs that hold continuation cards")
    args = parser.parse_args()
    print(f"{'project':8} {'paper':7} {'card':6} {'(cont.) cards':>13}")
    for kind in ("bundled", "kit"):
        for size in SIZES:
            for paper in PAPERS:
                with tempfile.TemporaryDirectory() as tmp:
                    root = project(kind, Path(tmp) / "p")
                    set_card_size(root, size)
                    sheetgen("build", "--format", "pdf", "--paper", paper, "-j", "1", cwd=root)
                    found = continuations(root / "output")
                print(f"{kind:8} {paper:7} {size:6} {sum(found.values()):>13}")
                if args.list:
                    for name, n in found.items():
                        print(f"    {n:3}  {name}")


if __name__ == "__main__":
    main()
