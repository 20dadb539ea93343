"""Print one sha256 per output file of four builds, and a digest of them all.

The builds: the bundled content and the five-game `sheetgen init` kit, each on A4 and on
Letter, PDF, SVG, PNG and tabletop exports. `manifest.json` is hashed without its targets'
`input` digests, which fold in a fingerprint of sheetgen's own code by design (a new version
rebuilds everything); every other byte counts. Two runs of this script on two versions of
sheetgen print the same lines exactly when every output is byte-identical, so a refactor
can be checked with `diff`:

    python bench/outputs_digest.py > before.txt   # on one commit
    python bench/outputs_digest.py > after.txt    # on another
    diff before.txt after.txt
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHEETGEN = [sys.executable, "-m", "sheetgen"]


def _project(kind: str, scratch: Path) -> Path:
    if kind == "bundled":
        folder = scratch / "bundled"
        shutil.copytree(ROOT / "content", folder / "content")
        return folder
    folder = scratch / "kit"
    subprocess.run([*SHEETGEN, "init", str(folder)], check=True, capture_output=True)
    return folder


def _comparable(path: Path) -> bytes:
    if path.name != "manifest.json":
        return path.read_bytes()
    manifest = json.loads(path.read_bytes())
    for record in manifest["targets"].values():
        record["input"] = "-"
    return json.dumps(manifest, sort_keys=True).encode()


def _digests(project: str, paper: str, scratch: Path) -> list[str]:
    folder = _project(project, scratch / f"{project}-{paper}")
    out = folder / "output"
    result = subprocess.run(
        [*SHEETGEN, "build", "--paper", paper, "--format", "pdf,svg,png,tts", "-o", str(out)],
        cwd=folder,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        sys.exit(f"{project} on {paper}: build failed\n{result.stdout}{result.stderr}")
    lines = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        digest = hashlib.sha256(_comparable(path)).hexdigest()
        lines.append(f"{project} {paper} {path.relative_to(out).as_posix()} {digest}")
    return lines


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        lines = [
            line
            for project in ("bundled", "kit")
            for paper in ("a4", "letter")
            for line in _digests(project, paper, Path(tmp))
        ]
    print("\n".join(lines))
    total = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    print(f"# {len(lines)} files, all: {total}")


if __name__ == "__main__":
    main()
