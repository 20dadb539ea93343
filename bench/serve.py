"""`sheetgen serve` benchmark: from saving a content file to the updated page. Prints
figures, asserts nothing.

    python bench/serve.py                # 10 saves of one cubit, over HTTP
    python bench/serve.py --browser      # the same, watched in headless Chromium
    python bench/serve.py --saves 20

The bundled content is copied to a temporary folder and served on a free loopback port
(the real server: uvicorn, the watcher, the incremental build). Each round changes one
cubit's name on disk and times:

* HTTP: until the server's event stream names the cubit's new preview and that image
  has been fetched (what the page's script does on that event);
* browser (`--browser`, needs Debian's chromium and chromium-driver): until the open
  gallery's preview of that cubit has been swapped for the new one and has loaded. The
  first edit after the page loaded is reported on its own, with what the page fetched
  for it (requests and bytes).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from sheetgen.serve.server import Background
from sheetgen.serve.workspace import Workspace

CUBIT = "content/cubit/cubits/bloost.yaml"
CARD = "cubit--net--bloost"


def get(port: int, path: str) -> bytes:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
    data = conn.getresponse().read()
    conn.close()
    return data


def edit(root: Path, n: int) -> None:
    path = root / CUBIT
    text = re.sub(r"^name: .*$", f"name: Blue Stripes {n}", path.read_text(), flags=re.M)
    path.write_text(text)


def over_http(root: Path, port: int, saves: int) -> list[float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{port}"})
    stream = conn.getresponse()
    times = []
    for n in range(saves):
        started = time.perf_counter()
        edit(root, n)
        while True:  # wait for the event that names the cubit's new preview
            line = stream.fp.readline().decode()
            if line.startswith("data:"):
                url = json.loads(line[5:])["changed"].get(CARD)
                if url:
                    get(port, url)
                    break
        times.append(time.perf_counter() - started)
        time.sleep(0.3)
    conn.close()
    return times


SWAPPED = (
    "const img = document.querySelector('#" + CARD + " img.preview');"
    "return img && img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : null;"
)
FETCHED = (
    "return performance.getEntriesByType('resource').filter(e => e.startTime > arguments[0])"
    ".map(e => [e.name, e.transferSize]);"
)


def in_browser(root: Path, url: str, saves: int) -> tuple[list[float], list[tuple[str, int]]]:
    """The times of `saves` edits, and what the page fetched for the first one."""
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    driver = webdriver.Chrome(
        options=options, service=webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
    )
    times, first_fetches = [], []
    try:
        driver.get(url + "/")
        # The card in view, as when one edits it (previews out of view load when scrolled to).
        driver.execute_script(f"document.getElementById('{CARD}').scrollIntoView()")
        time.sleep(1.0)  # the page's images load and its event stream opens
        for n in range(saves):
            before = driver.execute_script(SWAPPED)
            mark = driver.execute_script("return performance.now()")
            started = time.perf_counter()
            edit(root, n)
            while True:
                try:
                    now = driver.execute_script(SWAPPED)
                except Exception:  # the element was being replaced
                    now = None
                if now and now != before:
                    break
                if time.perf_counter() - started > 30:
                    raise TimeoutError("the page did not update")
                time.sleep(0.01)
            times.append(time.perf_counter() - started)
            time.sleep(0.5)  # the rest of the page follows
            if n == 0:
                first_fetches = driver.execute_script(FETCHED, mark)
    finally:
        driver.quit()
    return times, first_fetches


def report(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    print(f"{name}: {len(ms)} saves, median {statistics.median(ms):.0f} ms, min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=10)
    parser.add_argument("--browser", action="store_true", help="also measure in headless Chromium")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(REPO / "content", root / "content")
        os.chdir(root)
        ws = Workspace()
        started = time.perf_counter()
        state = ws.rebuild()
        print(f"first build: {state.summary} ({time.perf_counter() - started:.2f}s)")
        with Background(ws, initial_build=False) as url:
            port = int(url.rsplit(":", 1)[1])
            report("save → new preview fetched (HTTP)", over_http(root, port, args.saves))
            if args.browser:
                times, fetched = in_browser(root, url, args.saves)
                report("save → preview swapped in the open gallery (Chromium)", times)
                print(
                    f"  first edit after loading: {times[0] * 1000:.0f} ms; the page fetched {len(fetched)} "
                    f"resources, {sum(size for _, size in fetched) / 1024:.0f} KiB:"
                )
                for name, size in fetched:
                    print(f"    {size / 1024:7.1f} KiB  {name.replace(url, '')}")
        print(f"last rebuild: {ws.state.summary}")
        print(
            "load average (1, 5, 15 min): "
            + ", ".join(f"{x:.1f}" for x in os.getloadavg())
            + f" on {os.cpu_count()} cores"
        )


if __name__ == "__main__":
    main()
