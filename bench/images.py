"""Card image benchmarks: prints figures, asserts nothing.

    python bench/images.py               # everything below
    python bench/images.py --repeat 1    # one run of each (default: best of 3)

Every figure is a whole `sheetgen build` process with `--jobs 2`, as a user runs it, into a
fresh output folder:

- **one deck**: 1,000 cards read from a CSV file, `--format png` (1,000 fronts and one
  back at 300 dpi; aim: ≤ 15 s), then 3,000 cards, to show that peak memory stays flat in
  the number of cards (each image is written as it is made);
- **ten decks**: the same 1,000 cards as ten decks of 100, which the two workers share;
- **tabletop**: the 1,000-card deck as `--format tts` (15 sheets of 10 × 7 and the back).

Times are wall clock and CPU (user + system, the workers' included) of the process; on a
machine busy with other work, CPU time is the steadier of the two.
"""

from __future__ import annotations

import argparse
import compileall
import csv
import io
import os
import sys
import tempfile
from pathlib import Path

from build import REPO, Run, best, card_body, fresh, last_output, measure, sheetgen

DECK = "kind: reference-deck\nid: deck-{i:03d}\nsystem: cubes\ntitle: Deck {i}\nback: Deck {i}\ncards: {{from: cards-{i:03d}.csv}}\n"


def project(tmp: Path, decks: int, cards: int) -> Path:
    """`decks` decks of `cards` cards each, every card's row in a CSV file beside its deck."""
    folder = tmp / f"p-{decks}x{cards}"
    if folder.exists():
        return folder
    (folder / "content").mkdir(parents=True)
    for i in range(decks):
        rows = io.StringIO()
        writer = csv.writer(rows, lineterminator="\n")
        writer.writerow(["title", "body"])
        writer.writerows((f"Rule {i}.{c + 1}", card_body(i, c)) for c in range(cards))
        (folder / f"content/cards-{i:03d}.csv").write_text(rows.getvalue(), encoding="utf-8")
        (folder / f"content/deck-{i:03d}.yaml").write_text(DECK.format(i=i), encoding="utf-8")
    return folder


def build(folder: Path, fmt: str, repeat: int) -> Run:
    return best(
        [measure(sheetgen("build", "--jobs", "2", "--format", fmt, *fresh(folder)), folder) for _ in range(repeat)]
    )


def images(folder: Path) -> int:
    return sum(1 for p in last_output(folder).rglob("*.png"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    compileall.compile_dir(REPO / "sheetgen", quiet=1)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(
        f"sheetgen card image benchmarks ({cores} cores, Python {sys.version.split()[0]}, best of {args.repeat}, "
        "--jobs 2)"
    )
    with tempfile.TemporaryDirectory(prefix="sheetgen-images-") as tmp:
        root = Path(tmp)
        for decks, cards, fmt, aim in (
            (1, 1000, "png", "   (aim ≤ 15 s)"),
            (1, 3000, "png", ""),
            (10, 100, "png", "   (aim ≤ 15 s)"),
            (1, 1000, "tts", ""),
        ):
            folder = project(root, decks, cards)
            run = build(folder, fmt, args.repeat)
            what = f"{decks} deck{'s' if decks > 1 else ''} of {cards:,} cards, --format {fmt}"
            print(f"  {what:<38} {images(folder):5d} images  {run}{aim}")


if __name__ == "__main__":
    main()
