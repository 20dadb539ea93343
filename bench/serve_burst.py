"""`sheetgen serve` under a burst of costly requests: how many are answered, how long the
server goes on working after its clients gave up, and its memory before, during and after.
Prints figures, asserts nothing.

    python bench/serve_burst.py                    # 200 generator previews, 20 at a time
    python bench/serve_burst.py --requests 400 --at-once 40 --count 12

The bundled content is copied to a temporary folder and `sheetgen serve` runs on it in its
own process, on a free port of 127.0.0.1 (nothing else is contacted). Each request asks for
a generator's preview (`/new/cubit/preview.svg`, a new seed each time) and gives up after
`--timeout` seconds, as a browser's abandoned request does. Then the same burst again as
another site would send it (`Sec-Fetch-Site: cross-site`). The server's resident memory
(VmRSS) is sampled all along; "idle" is measured after one request, which imports the
generators and reads the content they draw from (kept until the next build).
"""

from __future__ import annotations

import argparse
import collections
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
QUIET_SECONDS = 1.0  # the server is idle once its CPU time stands still this long
MAX_WAIT = 120.0  # seconds to wait for the first build, or for the server to go quiet


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Sampler(threading.Thread):
    """The server's peak resident memory while it runs."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak, self.stopped = pid, 0.0, threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(0.05):
            self.peak = max(self.peak, rss_mb(self.pid))


def wait_quiet(pid: int) -> float:
    """Seconds until the server's CPU time stops moving (at most MAX_WAIT)."""
    started = time.monotonic()
    last, still = cpu_seconds(pid), time.monotonic()
    while time.monotonic() - started < MAX_WAIT:
        time.sleep(0.1)
        now = cpu_seconds(pid)
        if now != last:
            last, still = now, time.monotonic()
        elif time.monotonic() - still >= QUIET_SECONDS:
            return still - started
    return MAX_WAIT


def one(port: int, path: str, site: str, timeout: float) -> str:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Host": f"{HOST}:{port}", "Sec-Fetch-Site": site})
        response = conn.getresponse()
        response.read()
        return str(response.status)
    except (TimeoutError, OSError):
        return "gave up"
    finally:
        conn.close()


def burst(pid: int, port: int, args: argparse.Namespace, site: str) -> None:
    sampler = Sampler(pid)
    before = rss_mb(pid)
    sampler.start()
    started = time.perf_counter()
    paths = [f"/new/cubit/preview.svg?seed={n + 1}&count={args.count}" for n in range(args.requests)]
    with ThreadPoolExecutor(args.at_once) as pool:
        answers = collections.Counter(pool.map(lambda p: one(port, p, site, args.timeout), paths))
    took = time.perf_counter() - started
    busy = wait_quiet(pid)
    sampler.stopped.set()
    sampler.join()
    after = rss_mb(pid)
    shown = ", ".join(f"{k}: {v}" for k, v in sorted(answers.items()))
    print(
        f"{site}: {args.requests} requests, {args.at_once} at a time, in {took:.1f}s ({shown}); "
        f"busy {busy:.1f}s after the last one; RSS before {before:.0f} MB, peak {max(sampler.peak, after):.0f} MB, "
        f"after {after:.0f} MB"
    )


def start(root: Path) -> tuple[subprocess.Popen, int]:
    """`sheetgen serve` in `root`, after its first build: the process and its port."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheetgen.cli", "serve", "--port", "0"],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    port = 0
    deadline = time.monotonic() + MAX_WAIT
    for line in proc.stderr:
        m = re.search(rf"at http://{re.escape(HOST)}:(\d+)/", line)
        port = int(m.group(1)) if m else port
        if line.startswith("sheetgen: built:") or time.monotonic() > deadline:
            print(line.strip())
            break
    threading.Thread(target=proc.stderr.read, daemon=True).start()  # keep its pipe drained
    return proc, port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--at-once", type=int, default=20)
    parser.add_argument("--count", type=int, default=12, help="cubits per preview (the forms allow 1 to 12)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds a client waits before it gives up")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(REPO / "content", root / "content")
        proc, port = start(root)
        try:
            wait_quiet(proc.pid)
            fresh = rss_mb(proc.pid)
            one(port, f"/new/cubit/preview.svg?seed=0&count={args.count}", "same-origin", MAX_WAIT)
            wait_quiet(proc.pid)
            print(
                f"idle: RSS {fresh:.0f} MB fresh, {rss_mb(proc.pid):.0f} MB after one request (modules imported, "
                "content read for the generators)"
            )
            burst(proc.pid, port, args, "same-origin")
            burst(proc.pid, port, args, "cross-site")
        finally:
            proc.terminate()
            proc.wait(20)


if __name__ == "__main__":
    main()
