"""Robustness at scale: prints figures, asserts nothing.

    python bench/robustness.py                 # everything (several minutes)
    python bench/robustness.py --only recovery # one part: recovery, validate, rebuild

- recovery: error recovery over N broken documents in one file (`id: a: b`), in this
  process, for growing N up to the 10,000 documents a file may hold: linear time means
  each 4× step costs about 4× (it was 22×).
- validate: `sheetgen validate` of 10,000 KUBOS monsters in 100 files, as a process:
  wall time and peak memory (aim: ≤ 20 s, ≤ 500 MB).
- rebuild: 5,000 reference decks built once, then one edited and built again, as
  processes: time and peak memory of the rebuild (aim: ≤ 5 s, ≤ 300 MB) and the size of
  the manifest (it grows with outputs, not outputs × sources).

Every figure depends on how busy the machine is: each part first times a fixed piece of
pure-Python work (`calibration`) so runs on a loaded machine can be compared with one
measured in the same run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

MONSTER = """kind: kubos-monster
id: m-{i:05d}
name: Monster {i}
type: vermin
attributes: {{skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}}
defence: 2
hp: 4
poisonous: false
"""


def calibration() -> float:
    """Seconds for a fixed piece of pure-Python work: about 0.25 s on an idle core."""
    started = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i % 7
    return time.perf_counter() - started


def measure(cmd: list[str], cwd: Path) -> tuple[float, float, int]:
    """(wall seconds, peak MB, exit status) of one process, peak from wait4."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        cmd, cwd=cwd, env={**os.environ, "CI": "1"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - started, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def sheetgen(*args: str) -> list[str]:
    return [sys.executable, "-m", "sheetgen", *args]


def bench_recovery() -> None:
    from sheetgen.content.yamlsrc import load_documents

    print(f"recovery (calibration {calibration():.2f} s)")
    previous = None
    for n in (625, 2_500, 10_000):
        text = "---\nkind: kubos-monster\nid: a: b\n" * n
        started = time.perf_counter()
        docs, problems = load_documents(text, "broken.yaml")
        took = time.perf_counter() - started
        step = f"   {took / previous:4.1f}× the time of 4× fewer" if previous else ""
        print(
            f"  {n:>6} broken documents ({len(text) / 1024:5.0f} KiB): {took:6.2f} s, {len(problems)} diagnostics{step}"
        )
        previous = took


def bench_validate(n: int = 10_000, per_file: int = 100) -> None:
    print(f"validate (calibration {calibration():.2f} s)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "content").mkdir()
        for f in range(n // per_file):
            docs = (MONSTER.format(i=f * per_file + j) for j in range(per_file))
            (folder / "content" / f"m{f:04d}.yaml").write_text("---\n".join(docs))
        wall, peak, status = measure(sheetgen("validate"), folder)
        print(
            f"  {n:,} documents in {n // per_file} files: {wall:6.2f} s wall, peak {peak:5.0f} MB "
            f"(exit {status})   aim ≤ 20 s, ≤ 500 MB"
        )


def deck(i: int, title: str) -> str:
    return (
        f"kind: reference-deck\nid: deck-{i:05d}\nsystem: grimdark\ntitle: {title}\ncards:\n"
        f"  - title: Rule {i}\n    body: Roll and compare each die with the difficulty.\n"
    )


def bench_rebuild(n: int = 5_000) -> None:
    print(f"rebuild (calibration {calibration():.2f} s)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "content").mkdir()
        for i in range(n):
            (folder / "content" / f"deck-{i:05d}.yaml").write_text(deck(i, f"Deck {i}"))
        wall, peak, status = measure(sheetgen("build", "--format", "pdf"), folder)
        manifest = folder / "output" / "manifest.json"
        print(
            f"  {n:,} documents, first build: {wall:6.2f} s wall, peak {peak:5.0f} MB (exit {status}); "
            f"manifest {manifest.stat().st_size / 1e6:.1f} MB"
        )
        (folder / "content" / "deck-00042.yaml").write_text(deck(42, "Deck 42, edited"))
        wall, peak, status = measure(sheetgen("build", "--format", "pdf"), folder)
        print(
            f"  one document edited, rebuild: {wall:6.2f} s wall, peak {peak:5.0f} MB (exit {status})   "
            f"aim ≤ 5 s, ≤ 300 MB"
        )
        wall, peak, status = measure(sheetgen("build", "--format", "pdf"), folder)
        print(f"  nothing changed, rebuild: {wall:6.2f} s wall, peak {peak:5.0f} MB (exit {status})")


PARTS = {"recovery": bench_recovery, "validate": bench_validate, "rebuild": bench_rebuild}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(PARTS), action="append")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name in args.only or PARTS:
        PARTS[name]()


if __name__ == "__main__":
    main()
