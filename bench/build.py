"""Build benchmarks: prints figures, asserts nothing.

    python bench/build.py                 # everything below
    python bench/build.py --only deck     # one part: deck | big-deck | documents | collection | bundled
    python bench/build.py --repeat 5      # best of 5 runs for each figure (default 3)

Every figure is a whole `sheetgen build` process, as a user runs it:

- **deck**: 1,000 reference cards (every body different) from YAML into one PDF, against
  hand-written reportlab code drawing the same cards into the same pages with the same
  embedded font, run side by side; the ratio is the yardstick in DESIGN.md (aim: ≤ 1.5×,
  time and peak memory).
- **big-deck**: 10,000 cards, to show time grows linearly with cards (aim: ≤ 10.5× the
  1,000-card time, peak < 300 MB).
- **documents**: N small documents with `--jobs 1` and `--jobs 2` (aim at N = 1,000: ≤ 6 s
  with one job, two jobs ≥ 1.7× faster).
- **collection**: 600 Tricube characters: a sheet each and the party's cards, one output
  made of all of them, with `--jobs 1` and `--jobs 2` (a collection waits for its members'
  own outputs; in parallel it starts first, so the second core is not left idle at the end).
- **bundled**: the bundled content: first build, a no-op rebuild (aim ≤ 0.25 s) and a rebuild
  after editing one document (aim ≤ 0.5 s), twice: a comment added (the file changed, so
  everything is read and checked, but no output changes) and the document's name changed
  (its own outputs are laid out and written again).

Times are the best of `--repeat` runs, wall clock and CPU (user + system) of the process;
on a machine busy with other work, CPU time is the steadier of the two. Bytecode is compiled
first, as `pip install` does for a regular install, so no run pays for compiling sheetgen.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

BODY = (
    "Roll the dice and compare each with the difficulty. **Any** die that meets it is a success; "
    "two or more are an *exceptional* success. All ones is a critical failure."
)
WORDS = ("ready", "hidden", "bright", "narrow", "second", "quiet", "heavy", "open", "distant", "spare")


def card_body(i: int, c: int) -> str:
    """A different body for every card, so nothing is laid out once and reused."""
    return f"Card {i}.{c + 1}, the {WORDS[c % 10]} {WORDS[(c // 10) % 10]} case. {BODY}"


def deck_yaml(i: int, cards: int, system: str = "cubes") -> str:
    lines = [
        f"kind: reference-deck\nid: deck-{i:05d}\nsystem: {system}\ntitle: Synthetic deck {i}\nback: Deck {i}\ncards:"
    ]
    for c in range(cards):
        lines.append(f'  - title: Rule {i}.{c + 1}\n    body: "{card_body(i, c)}"')
        if c % 3 == 0:
            lines.append("    table: {columns: [Roll, Result], rows: [[1, fail], [4, pass], [6, great]]}")
    return "\n".join(lines) + "\n"


@dataclass
class Run:
    wall: float
    cpu: float
    peak_mb: float

    def __str__(self) -> str:
        return f"{self.wall:6.2f} s wall {self.cpu:6.2f} s CPU  peak {self.peak_mb:5.0f} MB"


def measure(cmd: list[str], cwd: Path, env: dict | None = None) -> Run:
    """One process: wall time, CPU time and peak RSS (from wait4, so nothing is added to it)."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        cmd, cwd=cwd, env={**os.environ, "CI": "1", **(env or {})}, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.stdout.close()
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed in {cwd}:\n{(out + err).decode(errors='replace')[-2000:]}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def best(runs: list[Run]) -> Run:
    return Run(min(r.wall for r in runs), min(r.cpu for r in runs), min(r.peak_mb for r in runs))


def sheetgen(*args: str) -> list[str]:
    return [sys.executable, "-m", "sheetgen", *args]


def run_build(folder: Path, *args: str, repeat: int = 1, prepare=None) -> Run:
    runs = []
    for _ in range(repeat):
        if prepare:
            prepare()
        runs.append(measure(sheetgen("build", *args), folder))
    return best(runs)


def fresh(folder: Path) -> list[str]:
    """Arguments for a clean build: a new output folder, so every run writes every file
    anew. The folders of earlier runs are removed with the bench's temporary folder, not
    between runs: a file system finishes a big removal later (freeing and discarding its
    blocks), and on this machine writing a thousand files just after removing a thousand
    takes 0.5–0.9 s longer, whichever process writes them (one or two)."""
    runs = sorted(folder.glob("output-*"))
    return ["-o", str(folder / f"output-{len(runs) + 1:03d}")]


def last_output(folder: Path) -> Path:
    return max(folder.glob("output-*"))


def pages_of(folder: Path) -> int:
    manifest = json.loads((last_output(folder) / "manifest.json").read_text())
    return sum(e.get("pages", 0) for e in manifest["outputs"] if e["format"] == "pdf")


def deck_folder(tmp: Path, cards: int) -> Path:
    """A deck and a theme that asks for the sheets alone: the hand-written code draws no
    one-card-a-page print-shop export, so sheetgen is not asked for one either."""
    (tmp / "content").mkdir()
    (tmp / "content" / "deck.yaml").write_text(deck_yaml(0, cards))
    (tmp / "content" / "theme.yaml").write_text("kind: theme\nid: bench\nprint_shop: false\n")
    return tmp


def bench_deck(cards: int, repeat: int) -> Run:
    with tempfile.TemporaryDirectory() as tmp:
        folder = deck_folder(Path(tmp), cards)
        script = folder / "baseline.py"
        script.write_text(reportlab_baseline(cards, folder / "baseline.pdf"))
        # Turn about, so that both sides meet the same load on a shared machine.
        ours_runs, their_runs = [], []
        for _ in range(repeat):
            ours_runs.append(run_build(folder, "content/deck.yaml", "--format", "pdf", *fresh(folder)))
            their_runs.append(measure([sys.executable, str(script)], folder))
        ours, theirs = best(ours_runs), best(their_runs)
        pages = pages_of(folder)
        print(f"{cards:>6} reference cards → one PDF of {pages} pages")
        print(f"         sheetgen      {ours}")
        print(f"         hand-written  {theirs}")
        print(
            f"         ratio         {ours.wall / theirs.wall:6.2f}× wall {ours.cpu / theirs.cpu:6.2f}× CPU  "
            f"{ours.peak_mb / theirs.peak_mb:5.2f}× peak   (aim ≤ 1.5×)"
        )
        # What importing the libraries alone costs, before any card: the floor under the ratio.
        floors = [
            (name, best([measure([sys.executable, "-c", code], folder) for _ in range(repeat)]))
            for name, code in IMPORT_FLOORS
        ]
        for name, run in floors:
            print(f"         imports only: {name:42s} {run}")
        return ours


#: Processes that only import: reportlab as the hand-written script does; with the libraries
#: a deck build uses (valid content is read without pydantic); sheetgen's own modules too.
IMPORT_FLOORS = (
    ("reportlab", "import reportlab.pdfgen.canvas, reportlab.pdfbase.ttfonts, reportlab.lib.utils"),
    (
        "reportlab, jinja2, click, PyYAML",
        "import reportlab.pdfgen.canvas, reportlab.pdfbase.ttfonts, reportlab.lib.utils, jinja2.sandbox, click, yaml\n",
    ),
    (
        "sheetgen's modules a deck build uses",
        "import sheetgen.cli, sheetgen.content.loader, sheetgen.rules, sheetgen.files.pipeline, sheetgen.render.pdf\n"
        "import sheetgen.layout.sheets.cubes, sheetgen.layout.sheets.reference_deck, sheetgen.rules.cubes\n",
    ),
)


def bench_big_deck(cards: int, small: Run | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = deck_folder(Path(tmp), cards)
        run = run_build(folder, "content/deck.yaml", "--format", "pdf", *fresh(folder))
        line = f"{cards:>6} reference cards → one PDF of {pages_of(folder)} pages: {run}"
        if small:
            line += f"   ({run.cpu / small.cpu:.1f}× the CPU of {cards // 10} cards; linear would be 10×)"
        print(line)


def one_and_two_jobs(folder: Path, repeat: int) -> tuple[Run, Run]:
    """The best of `repeat` whole builds with one job and with two, taken in turn, as for
    the deck: a shared machine's load then falls on both alike."""
    ones, twos = [], []
    for _ in range(repeat):
        ones.append(run_build(folder, "--format", "pdf", "--jobs", "1", *fresh(folder)))
        twos.append(run_build(folder, "--format", "pdf", "--jobs", "2", *fresh(folder)))
    return best(ones), best(twos)


def bench_documents(n: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        content = folder / "content"
        content.mkdir()
        for i in range(n):
            (content / f"deck-{i:05d}.yaml").write_text(deck_yaml(i, 4))
        # The sheets alone, as in the deck figures (no one-card-a-page print-shop exports).
        (content / "theme.yaml").write_text("kind: theme\nid: bench\nprint_shop: false\n")
        one, two = one_and_two_jobs(folder, repeat)
        pages = pages_of(folder)
        print(f"{n:>6} documents ({pages} pages), --jobs 1: {one}   {n / one.wall:6.0f} documents/s")
        print(f"{n:>6} documents ({pages} pages), --jobs 2: {two}   {one.wall / two.wall:4.2f}× faster than one job")
        print(f"        the machine's own ceiling: {parallel_ceiling(repeat)}")


SPIN = "def spin():\n    s = 0\n    for i in range(6_000_000):\n        s += i * i % 7\n"


def parallel_ceiling(repeat: int) -> str:
    """How much faster two processes do a task that needs nothing of each other than one
    process does it twice: on a virtual machine, two cores are seldom twice one. The
    figure to hold the build's own speed-up against, taken in the same run."""
    one_code = SPIN + "spin(); spin()\n"
    two_code = SPIN + "import os\nif os.fork() == 0:\n    spin(); os._exit(0)\nspin(); os.wait()\n"
    ones, twos = [], []
    for _ in range(repeat):
        ones.append(measure([sys.executable, "-c", one_code], REPO))
        twos.append(measure([sys.executable, "-c", two_code], REPO))
    one, two = best(ones), best(twos)
    return f"a loop run twice in one process {one.wall:5.2f} s, in two at once {two.wall:5.2f} s: {one.wall / two.wall:4.2f}×"


CHARACTER = """kind: tricube-character
id: c{i:05d}
name: Character {i}
trait: brawny
concept: Caravan guard number {i}
combat_style: melee
perks: [Berserker]
quirks: [Short-tempered]
karma: 3
resolve: 3
"""


def bench_collection(n: int, repeat: int) -> None:
    """N characters: a sheet each and one collection of all (the party's cards), which a
    parallel build must not leave to run alone at the end."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        content = folder / "content"
        content.mkdir()
        for i in range(n):
            (content / f"c{i:05d}.yaml").write_text(CHARACTER.format(i=i))
        (content / "theme.yaml").write_text("kind: theme\nid: bench\nprint_shop: false\n")
        one, two = one_and_two_jobs(folder, repeat)
        print(f"{n:>6} characters and their party's cards, --jobs 1: {one}")
        print(
            f"{n:>6} characters and their party's cards, --jobs 2: {two}   {one.wall / two.wall:4.2f}× faster than one job"
        )


def bench_bundled(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(REPO / "content", folder / "content")
        first = run_build(folder)
        noop = run_build(folder, repeat=repeat)
        victim = next(p for p in sorted((folder / "content").rglob("*.yaml")) if "monsters" in p.parts)
        original = victim.read_text(encoding="utf-8")
        flip = [0]

        def comment() -> None:  # a different comment each time: the file changed, its content did not
            flip[0] += 1
            victim.write_text(original + f"\n# edited {flip[0]}\n", encoding="utf-8")

        def retitle() -> None:  # a different name each time: the document's own outputs are rebuilt
            flip[0] += 1
            victim.write_text(original.replace("\nname: ", f"\nname: ({flip[0]}) ", 1), encoding="utf-8")

        commented = run_build(folder, repeat=repeat, prepare=comment)
        edited = run_build(folder, repeat=repeat, prepare=retitle)
        print(f"bundled content: first build {first}")
        print(f"bundled content: no-op rebuild {noop}   (aim ≤ 0.25 s)")
        print(
            f"bundled content: one document's comment edited ({victim.name}, nothing to rebuild) {commented}   "
            "(aim ≤ 0.5 s)"
        )
        print(
            f"bundled content: one document's name edited ({victim.name}, its outputs rebuilt) {edited}   (aim ≤ 0.5 s)"
        )


def reportlab_baseline(cards: int, out: Path) -> str:
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
        bodies = {[card_body(0, n).replace("**", "").replace("*", "") for n in range(cards)]!r}

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
            for line in simpleSplit(bodies[n], "Vera", 8.6, cw - 8 * mm):
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
    return code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["deck", "big-deck", "documents", "collection", "bundled"], action="append")
    parser.add_argument("--n", type=int, action="append", help="number of small documents (repeatable; default 1000)")
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    parts = args.only or ["deck", "big-deck", "documents", "collection", "bundled"]
    compileall.compile_dir(REPO / "sheetgen", quiet=1)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"sheetgen build benchmarks ({cores} cores, Python {sys.version.split()[0]}, best of {args.repeat})")
    small = None
    if "deck" in parts:
        small = bench_deck(args.cards, args.repeat)
    if "big-deck" in parts:
        bench_big_deck(args.cards * 10, small)
    if "documents" in parts:
        for n in args.n or [1000]:
            bench_documents(n, args.repeat)
    if "collection" in parts:
        bench_collection(600, args.repeat)
    if "bundled" in parts:
        bench_bundled(args.repeat)


if __name__ == "__main__":
    main()
