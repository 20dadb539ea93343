"""Render docs/example.png from a build of the bundled content.

    sheetgen build && python docs/render_example.py

Needs `pdftoppm` (poppler-utils) and Pillow.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
PAGES = [
    "output/cubit/net/bloost.pdf",
    "output/tricube/character-sheet/brann.pdf",
    "output/kubos/stat-cards/monsters.pdf",
]


def main() -> None:
    images = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, rel in enumerate(PAGES):
            stem = Path(tmp) / f"page{i}"
            subprocess.run(
                ["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", str(ROOT / rel), str(stem)],
                check=True,
            )
            images.append(Image.open(f"{stem}.png").convert("RGB"))
        gap = 24
        width = sum(im.width for im in images) + gap * (len(images) + 1)
        height = max(im.height for im in images) + 2 * gap
        sheet = Image.new("RGB", (width, height), (214, 210, 200))
        x = gap
        for im in images:
            sheet.paste(im, (x, gap))
            x += im.width + gap
        sheet.save(ROOT / "docs" / "example.png", optimize=True)


if __name__ == "__main__":
    main()
