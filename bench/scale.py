"""Many documents in one file: prints figures, asserts nothing.

    python bench/scale.py                      # N = 1,000, 5,000, 10,000, 20,000 and 50,000
    python bench/scale.py --counts 1000 5000   # the counts given
    python bench/scale.py --jobs 1             # with one job (default 2)
    python bench/scale.py --profile 5000       # where the time of one build goes (cProfile)

Each figure is a whole `sheetgen build --format pdf,svg --jobs 2` process of N valid KUBOS
monsters in a single YAML file (the stat blocks, stat cards and print-shop cards of all of
them): wall time, CPU time (the workers' included) and the peak memory of the build's
processes together (aim: time linear in N, peak under 1 GB). A file of more than
10,000 documents is refused before any is read (`content.too-many-documents`). The
machine's load changes every figure: each run first times a fixed piece of pure-Python work
(`calibration`, about 0.25 s on an idle core) so runs can be compared.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import os
import pstats
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "bench"))

from robustness import calibration

# As short as a valid monster gets, so that 50,000 fit in one file of at most 8 MiB.
MONSTER = """kind: kubos-monster
id: m{i}
name: M{i}
type: vermin
poisonous: false
attributes: {{skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}}
defence: 2
hp: 4
"""


def monsters(n: int) -> str:
    return "---\n".join(MONSTER.format(i=i) for i in range(n))


def project(root: Path, n: int) -> Path:
    (root / "content").mkdir(parents=True)
    (root / "content" / "monsters.yaml").write_text(monsters(n), encoding="utf-8")
    return root


def build_command(out: Path, jobs: int) -> list[str]:
    return [sys.executable, "-m", "sheetgen", "build", "--format", "pdf,svg", "--jobs", str(jobs), "-o", str(out)]


def _tree_pss(pid: int) -> int:
    """KiB of memory a process and its children hold together (proportional set size:
    what forked workers share with their parent is counted once)."""
    pids = [pid] + [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    total = 0
    for p in pids:
        with contextlib.suppress(OSError):
            total += sum(
                int(line.split()[1])
                for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines()
                if line.startswith("Pss:")
            )
    return total


def _sample(pid: int, peak: list[int], done: threading.Event) -> None:
    while not done.wait(0.2):
        with contextlib.suppress(OSError):
            peak[0] = max(peak[0], _tree_pss(pid))


@dataclass
class Run:
    wall: float  # seconds
    cpu: float  # seconds, the workers' included
    peak: float  # MB of the build's processes together, sampled
    status: int
    first: str  # the report's first line


def measure(n: int, jobs: int) -> Run:
    """One build of n monsters, as a process."""
    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp), n)
        started = time.perf_counter()
        proc = subprocess.Popen(
            build_command(root / "output", jobs),
            cwd=root,
            env={**os.environ, "CI": "1"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        peak, done = [0], threading.Event()
        sampler = threading.Thread(target=_sample, args=(proc.pid, peak, done))
        sampler.start()
        first = proc.stderr.readline().strip()
        proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
        done.set()
        sampler.join()
        wall = time.perf_counter() - started
    return Run(wall, usage.ru_utime + usage.ru_stime, peak[0] / 1024, os.waitstatus_to_exitcode(status), first)


def bench(counts: list[int], jobs: int) -> None:
    print(f"builds of N KUBOS monsters in one file, --jobs {jobs} (calibration {calibration():.2f} s)")
    previous: tuple[int, float] | None = None
    for n in counts:
        run = measure(n, jobs)
        if run.status:  # refused: say why
            print(f"  N = {n:>6,}: exit {run.status} in {run.wall:.1f} s, peak {run.peak:.0f} MB: {run.first}")
            continue
        per = f"{run.cpu / n * 1000:6.2f} ms CPU a monster"
        step = f", {run.cpu / previous[1]:4.1f}× the CPU of {previous[0]:,}" if previous else ""
        print(f"  N = {n:>6,}: {run.wall:7.1f} s wall, {run.cpu:7.1f} s CPU, peak {run.peak:6.0f} MB; {per}{step}")
        previous = (n, run.cpu)


def profile(n: int) -> None:
    """One build in this process under cProfile: the 25 functions with the most time of their own."""
    from click.testing import CliRunner

    from sheetgen.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp), n)
        cwd = os.getcwd()
        os.chdir(root)
        try:
            profiler = cProfile.Profile()
            profiler.enable()
            result = CliRunner().invoke(main, build_command(root / "output", 1)[3:])
            profiler.disable()
        finally:
            os.chdir(cwd)
    print(f"exit {result.exit_code}")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counts", type=int, nargs="+", default=[1_000, 5_000, 10_000, 20_000, 50_000])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--profile", type=int, metavar="N", help="profile one build of N monsters (one job) instead")
    args = parser.parse_args()
    if args.profile:
        profile(args.profile)
    else:
        bench(args.counts, args.jobs)


if __name__ == "__main__":
    main()
