"""Build benchmarks: prints figures, asserts nothing.

    python bench/build.py            # N = 100 and 1,000, the 1,000-card deck, the bundled content
    python bench/build.py --n 100    # only N = 100

For each N it generates N synthetic documents in a temporary folder and runs
`sheetgen build` as a separate process (as a user would), reporting documents/s,
pages/s, peak memory of the build process, and the time of a no-op rebuild. It also
times 1,000 reference cards imposed into one PDF against hand-written reportlab code
drawing the same cards, and a no-op rebuild of the bundled content.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

BODY = (
    "Roll the dice and compare each with the difficulty. **Any** die that meets it is a success; "
    "two or more are an *exceptional* success. All ones is a critical failure."
)


def deck_yaml(i: int, cards: int) -> str:
    lines = [f"kind: reference-deck\nid: deck-{i:05d}\nsystem: grimdark\ntitle: Synthetic deck {i}\nback: Deck {i}\ncards:"]
    for c in range(cards):
        lines.append(f"  - title: Rule {i}.{c + 1}\n    body: \"{BODY}\"")
        if c % 3 == 0:
            lines.append("    table: {columns: [Roll, Result], rows: [[1, fail], [4, pass], [6, great]]}")
    return "\n".join(lines) + "\n"


def run_build(folder: Path, *args: str) -> tuple[float, int, str]:
    """Seconds, peak RSS (KiB) and stderr of one `sheetgen build` process."""
    code = (
        "import resource, sys\n"
        "from sheetgen.cli import main\n"
        "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\nelse:\n    code = 0\n"
        "print('PEAK', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code, "build", *args], cwd=folder, capture_output=True, text=True,
                          env={**os.environ, "CI": "1"})
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"build failed in {folder}:\n{proc.stderr[-2000:]}")
    peak = int(next(line.split()[1] for line in proc.stderr.splitlines() if line.startswith("PEAK")))
    return elapsed, peak, proc.stderr


def pages_of(folder: Path) -> int:
    manifest = json.loads((folder / "output" / "manifest.json").read_text())
    return sum(e["pages"] for e in manifest["outputs"] if e["format"] == "pdf")


def bench_documents(n: int, jobs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        content = folder / "content"
        content.mkdir()
        for i in range(n):
            (content / f"deck-{i:05d}.yaml").write_text(deck_yaml(i, 4))
        seconds, peak, _ = run_build(folder, "--format", "pdf", "--jobs", str(jobs))
        pages = pages_of(folder)
        noop, _, _ = run_build(folder, "--format", "pdf")
        print(f"N={n:>5} documents, --jobs {jobs}: {seconds:6.2f} s  {n / seconds:7.1f} documents/s  "
              f"{pages / seconds:7.1f} pages/s  peak {peak / 1024:6.1f} MB  no-op rebuild {noop:5.2f} s")


def bench_big_deck(cards: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "content").mkdir()
        (folder / "content" / "big.yaml").write_text(deck_yaml(0, cards))
        seconds, peak, _ = run_build(folder, "--format", "pdf")
        pages = pages_of(folder)
        baseline = reportlab_baseline(cards, folder / "baseline.pdf")
        print(f"{cards} reference cards → one PDF of {pages} pages: {seconds:5.2f} s as a whole process, "
              f"peak {peak / 1024:.0f} MB; hand-written reportlab drawing the same cards: {baseline:5.2f} s "
              f"(ratio {seconds / baseline:.1f}×)")


def reportlab_baseline(cards: int, out: Path) -> float:
    """The same cards drawn by hand with reportlab, as a process: fronts 9-up with a title
    band, wrapped body text and every third card a table, crop marks, and a page of
    mirrored backs (cube motif, title, text) after each page of fronts."""
    code = textwrap.dedent(f"""
        from reportlab.pdfgen.canvas import Canvas
        from reportlab.lib.pagesizes import A4
        from reportlab.lib.units import mm
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont
        from reportlab.lib.utils import simpleSplit
        import reportlab, os
        fonts = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
        pdfmetrics.registerFont(TTFont("Vera", os.path.join(fonts, "Vera.ttf")))
        pdfmetrics.registerFont(TTFont("VeraBd", os.path.join(fonts, "VeraBd.ttf")))
        W, H = A4
        cw, ch, b = 63.5 * mm, 88.9 * mm, 3 * mm
        x0, y0 = (W - 3 * cw) / 2, (H - 3 * ch) / 2
        body = {BODY!r}.replace("**", "").replace("*", "")

        def marks():
            for i in range(4):
                for x in (x0 + i * cw,):
                    c.line(x, H - y0 + b + 1 * mm, x, H - y0 + b + 6 * mm)
                    c.line(x, y0 - b - 1 * mm, x, y0 - b - 6 * mm)
                y = y0 + i * ch
                c.line(x0 - b - 1 * mm, y, x0 - b - 6 * mm, y)
                c.line(W - x0 + b + 1 * mm, y, W - x0 + b + 6 * mm, y)

        def front(n, x, y):
            c.setFillColorRGB(0.98, 0.97, 0.94); c.rect(x - b, y - b, cw + 2 * b, ch + 2 * b, stroke=0, fill=1)
            c.setFillColorRGB(0.36, 0.25, 0.55); c.rect(x - b, y + ch - 11 * mm, cw + 2 * b, 11 * mm + b, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1); c.setFont("VeraBd", 11.5); c.drawString(x + 4 * mm, y + ch - 7 * mm, f"Rule {{n}}")
            c.setFillColorRGB(0.1, 0.1, 0.1); c.setFont("Vera", 8.6)
            ty = y + ch - 16 * mm
            for line in simpleSplit(body, "Vera", 8.6, cw - 8 * mm):
                c.drawString(x + 4 * mm, ty, line); ty -= 10.75
            if n % 3 == 0:
                ty -= 4 * mm
                for row in (("Roll", "Result"), ("1", "fail"), ("4", "pass"), ("6", "great")):
                    c.setFont("VeraBd" if row[0] == "Roll" else "Vera", 8)
                    c.drawString(x + 5 * mm, ty, row[0]); c.drawString(x + 30 * mm, ty, row[1])
                    c.line(x + 4 * mm, ty - 2, x + cw - 4 * mm, ty - 2); ty -= 10
            c.setFont("Vera", 5.5); c.drawString(x + 4 * mm, y + 4 * mm, "Synthetic deck")
            c.drawRightString(x + cw - 4 * mm, y + 4 * mm, f"{{n + 1}}/{cards}")

        def back(x, y):
            c.setFillColorRGB(0.36, 0.25, 0.55); c.rect(x - b, y - b, cw + 2 * b, ch + 2 * b, stroke=0, fill=1)
            c.setStrokeColorRGB(0.7, 0.6, 0.8); c.roundRect(x + 3 * mm, y + 3 * mm, cw - 6 * mm, ch - 6 * mm, 2 * mm)
            cx, cy, r = x + cw / 2, y + ch * 0.62, 12 * mm
            for shade, pts in ((0.8, [(0, r), (r * .87, r / 2), (0, 0), (-r * .87, r / 2)]),
                               (0.6, [(-r * .87, r / 2), (0, 0), (0, -r), (-r * .87, -r / 2)]),
                               (0.4, [(0, 0), (r * .87, r / 2), (r * .87, -r / 2), (0, -r)])):
                c.setFillColorRGB(shade, shade * .8, shade)
                p = c.beginPath(); p.moveTo(cx + pts[0][0], cy + pts[0][1])
                for px, py in pts[1:]:
                    p.lineTo(cx + px, cy + py)
                p.close(); c.drawPath(p, stroke=1, fill=1)
            c.setFillColorRGB(1, 1, 1); c.setFont("VeraBd", 11); c.drawCentredString(x + cw / 2, y + ch * 0.35, "Synthetic deck")
            c.setFont("Vera", 7.5); c.drawCentredString(x + cw / 2, y + ch * 0.28, "Deck 0")

        c = Canvas({str(out)!r}, pagesize=A4, invariant=1)
        for start in range(0, {cards}, 9):
            chunk = range(start, min(start + 9, {cards}))
            for n in chunk:
                slot = n - start
                front(n, x0 + (slot % 3) * cw, H - y0 - (slot // 3 + 1) * ch)
            marks(); c.showPage()
            for n in chunk:
                slot = n - start
                back(W - x0 - (slot % 3 + 1) * cw, H - y0 - (slot // 3 + 1) * ch)
            marks(); c.showPage()
        c.save()
    """)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - started


def bench_bundled() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        subprocess.run(["cp", "-r", str(REPO / "content"), str(folder / "content")], check=True)
        first, peak, _ = run_build(folder)
        noop, _, _ = run_build(folder)
        print(f"bundled content: first build {first:5.2f} s (peak {peak / 1024:.0f} MB), no-op rebuild {noop:5.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, action="append", help="number of synthetic documents (repeatable)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cards", type=int, default=1000)
    args = parser.parse_args()
    print(f"sheetgen build benchmarks ({os.cpu_count()} cores, Python {sys.version.split()[0]})")
    for n in args.n or [100, 1000]:
        bench_documents(n, args.jobs)
    bench_big_deck(args.cards)
    bench_bundled()


if __name__ == "__main__":
    main()
