"""A build with nothing to do says so at once, and anything that changed is still built."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers import run_cli, write

from sheetgen.files.outputs import state_folder
from sheetgen.files.stamp import STAMP

DECK = """\
kind: reference-deck
id: {id}
system: kubos
title: {title}
cards:
  - title: First
    body: Roll a die.
"""


def built(run) -> int:
    """How many files a build wrote, from its summary line."""
    line = next(ln for ln in run.stderr.splitlines() if ln.startswith("sheetgen:"))
    return int(line.split(" file")[0].rsplit(" ", 1)[1])


def test_a_second_build_of_unchanged_content_writes_nothing_and_loads_nothing(workdir):
    write(workdir, "content/a.yaml", DECK.format(id="a", title="A deck"))
    first = run_cli("build")
    assert first.code == 0 and built(first) > 0
    code = (
        "import sys\nfrom sheetgen.cli import main\n"
        "try:\n    main(['build'])\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('sheetgen.', 'pydantic', 'reportlab')))))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=workdir, capture_output=True, text=True, check=True)
    assert " 0 files written" in proc.stderr and "0 errors, 0 warnings" in proc.stderr
    loaded = set(proc.stdout.split())
    assert "sheetgen.files.stamp" in loaded
    assert not {
        m for m in loaded if m.startswith(("pydantic", "reportlab", "sheetgen.content.loader", "sheetgen.importers"))
    }, loaded


def test_every_kind_of_change_is_still_built(workdir):
    write(workdir, "content/a.yaml", DECK.format(id="a", title="A deck"))
    assert run_cli("build").code == 0
    assert built(run_cli("build")) == 0

    write(workdir, "content/a.yaml", DECK.format(id="a", title="Another title"))  # an edit
    assert built(run_cli("build")) > 0
    write(workdir, "content/more/b.yaml", DECK.format(id="b", title="B deck"))  # a new file in a new folder
    assert built(run_cli("build")) > 0 and (workdir / "output/kubos/reference/b.pdf").is_file()
    (workdir / "output/kubos/reference/a.pdf").unlink()  # an output deleted by hand
    assert built(run_cli("build")) > 0 and (workdir / "output/kubos/reference/a.pdf").is_file()
    assert built(run_cli("build", "--paper", "letter")) > 0  # other options
    assert built(run_cli("build", "--paper", "letter")) == 0
    assert built(run_cli("build", "--paper", "letter", "--force")) > 0


def test_a_build_with_warnings_reports_them_again_next_time(workdir):
    write(workdir, "content/a.yaml", DECK.format(id="a", title="A deck"))
    write(
        workdir,
        "content/b.yaml",
        "kind: reference-deck\nid: b\nsystem: kubos\ntitle: B\ncards: [{title: X, body: X}]\nextra: 1\n",
    )  # an error: b is not built, a is
    first = run_cli("build")
    second = run_cli("build")
    assert first.code == second.code == 1
    assert "extra" in second.stdout + second.stderr
    assert not (state_folder(workdir, workdir / "output") / STAMP).exists()


def test_an_interrupted_build_leaves_no_stamp(workdir, monkeypatch):
    write(workdir, "content/a.yaml", DECK.format(id="a", title="A deck"))
    assert run_cli("build").code == 0
    stamp = state_folder(workdir, workdir / "output") / STAMP
    recorded = json.loads(stamp.read_text())
    assert any(p.endswith("a.yaml") for p in recorded["inputs"]) and any(
        p.endswith("a.pdf") for p in recorded["outputs"]
    )

    from sheetgen.files import pipeline

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    write(workdir, "content/a.yaml", DECK.format(id="a", title="Changed"))
    original = pipeline.build
    monkeypatch.setattr(pipeline, "build", interrupted)
    try:
        run_cli("build")
    except KeyboardInterrupt:
        pass
    assert not stamp.exists()
    monkeypatch.setattr(pipeline, "build", original)  # not undo(): that would leave the project folder too
    assert built(run_cli("build")) > 0
    assert Path(workdir / "output/kubos/reference/a.pdf").is_file()
