"""`sheetgen serve` benchmark: from saving a content file to the updated page. Prints
figures, asserts nothing.

    python bench/serve.py                # 10 saves of one cubit, over HTTP
    python bench/serve.py --browser      # the same, watched in headless Chromium
    python bench/serve.py --saves 20

The bundled content is copied to a temporary folder and served on a free loopback port
(the real server: uvicorn, the watcher, the incremental build). Each round changes one
cubit's name on disk and times:

* HTTP: until the server's event stream announces the rebuild and the gallery it then
  serves links the new preview (what the page's script does on that event);
* browser (`--browser`, needs Debian's chromium and chromium-driver): until the open
  gallery's preview of that cubit has been swapped for the new one and has loaded.
"""

from __future__ import annotations

import argparse
import http.client
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

from sheetgen.serve.server import Background  # noqa: E402
from sheetgen.serve.workspace import Workspace  # noqa: E402

CUBIT = "content/cubit/cubits/bloost.yaml"
IMG = re.compile(r'id="cubit--net--bloost">\s*<a [^>]*><img class="preview" src="([^"]+)"')


def gallery_preview(port: int) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/", headers={"Host": f"127.0.0.1:{port}"})
    html = conn.getresponse().read().decode()
    conn.close()
    m = IMG.search(html)
    return m.group(1) if m else ""


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
        before = gallery_preview(port)
        started = time.perf_counter()
        edit(root, n)
        while True:  # wait for the next build event
            line = stream.fp.readline().decode()
            if line.startswith("data:"):
                after = gallery_preview(port)
                if after != before:
                    break
        times.append(time.perf_counter() - started)
        time.sleep(0.3)
    conn.close()
    return times


def in_browser(root: Path, url: str, saves: int) -> list[float]:
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=shutil.which("chromedriver")))
    script = ("const img = document.querySelector('#cubit--net--bloost img.preview');"
              "return img && img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : null;")
    times = []
    try:
        driver.get(url + "/")
        for n in range(saves):
            before = driver.execute_script(script)
            started = time.perf_counter()
            edit(root, n)
            while True:
                try:
                    now = driver.execute_script(script)
                except Exception:  # the element was being replaced
                    now = None
                if now and now != before:
                    break
                if time.perf_counter() - started > 30:
                    raise TimeoutError("the page did not update")
                time.sleep(0.01)
            times.append(time.perf_counter() - started)
            time.sleep(0.3)
    finally:
        driver.quit()
    return times


def report(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    print(f"{name}: {len(ms)} saves, median {statistics.median(ms):.0f} ms, "
          f"min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms")


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
            report("save → updated gallery (HTTP)", over_http(root, port, args.saves))
            if args.browser:
                report("save → updated gallery (Chromium)", in_browser(root, url, args.saves))
        print(f"last rebuild: {ws.state.summary}")


if __name__ == "__main__":
    main()
