"""Shared test helpers: run the CLI in-process, write content, read PDFs and SVGs."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import textwrap
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli import main

# The tests build in this process hundreds of times, mostly a handful of outputs each: one
# job unless a test asks for more (the parallel path has tests of its own).
os.environ["SHEETGEN_JOBS"] = "1"

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
DATA = REPO / "sheetgen" / "data"  # the game data sheetgen ships
SVG_NS = {"svg": "http://www.w3.org/2000/svg"}
MM = 72 / 25.4
# a KUBOS monster whose notes no card can hold (as `content/talker.yaml`, the notes at 6:8)
WORDY_MONSTER = f"""
    kind: kubos-monster
    id: talker
    name: Talker
    type: vermin
    hp: 3
    notes: {"blah " * 400}
    """


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


# The shortest valid KUBOS monster, for tests that write many of them.
SMALL_MONSTER = """kind: kubos-monster
id: {id}
name: {name}
type: vermin
attributes: {{skill: 1, shoot: 1, strength: 1, sneak: 1, slight: 1, senses: 1}}
defence: 2
hp: 4
poisonous: false
"""


def record_publishes(ws) -> list[dict[str, str]]:
    """Every state the workspace `ws` publishes from now on, as {output path: sha256}."""
    seen: list[dict[str, str]] = []
    original = ws._publish

    def spy(*args, **kwargs):
        state = original(*args, **kwargs)
        seen.append({e.path: e.sha256 for e in state.entries})
        return state

    ws._publish = spy
    return seen


def run_cli(*args: str) -> Run:
    """Run `sheetgen ARGS` in this process (the working directory is the caller's)."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return Run(result.exit_code, result.stdout, result.stderr)


@pytest.fixture
def sheetgen():
    return run_cli


@pytest.fixture
def workdir(tmp_path, monkeypatch) -> Path:
    """An empty working directory (with `content/` to fill) as the current directory."""
    (tmp_path / "content").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def bundled(tmp_path, monkeypatch) -> Path:
    """A copy of the bundled example content as the current directory."""
    shutil.copytree(REPO / "content", tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def read_pdf(path: Path):
    from pypdf import PdfReader

    return PdfReader(str(path))


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in read_pdf(path).pages)


def svg_root(path: Path) -> ET.Element:
    return ET.parse(path).getroot()


def svg_text(path: Path) -> str:
    """The words of an SVG: every text run keeps them in `aria-label`."""
    root = svg_root(path)
    return " ".join(el.get("aria-label", "") for el in root.iter(f"{{{SVG_NS['svg']}}}g") if el.get("class") == "text")


def rasterize_pdf(path: Path, out: Path, dpi: int = 60, page: int = 1) -> Path:
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            str(dpi),
            "-f",
            str(page),
            "-l",
            str(page),
            "-singlefile",
            str(path),
            str(out.with_suffix("")),
        ],
        check=True,
    )
    return out.with_suffix(".png")


def rasterize_svg(path: Path, out: Path, dpi: int = 60) -> Path:
    subprocess.run(
        ["rsvg-convert", "-d", str(dpi), "-p", str(dpi), "-b", "white", str(path), "-o", str(out)], check=True
    )
    return out


EXPECT_RE = re.compile(r"^# expect: (\d+):(\d+) (error|warning)\[([\w.-]+)\](.*)$")


def expectation(path: Path) -> tuple[int, int, str, str, str]:
    """A fixture's first line: `# expect: LINE:COL severity[code] words in the message or hint`."""
    m = EXPECT_RE.match(path.read_text(encoding="utf-8").splitlines()[0])
    assert m, f"{path.name} has no `# expect:` line"
    return int(m.group(1)), int(m.group(2)), m.group(3), m.group(4), m.group(5).strip()


def validate_json(*paths: str, game_data: bool = True) -> tuple[Run, list[dict]]:
    """`sheetgen validate --format json PATHS`: the run and its diagnostics (without the
    shipped game data when `game_data` is false)."""
    run = run_cli(*([] if game_data else ["--no-game-data"]), "validate", "--format", "json", *paths)
    assert "Traceback" not in run.stderr
    return run, json.loads(run.stdout)


def assert_only_diagnostic(
    path: Path, code: str, severity: str, line: int, column: int, game_data: bool = True
) -> None:
    """Validating `path` reports exactly this one diagnostic, with a message and a hint."""
    run, found = validate_json(str(path), game_data=game_data)
    assert [(d["file"], d["line"], d["column"], d["code"], d["severity"]) for d in found] == [
        (str(path), line, column, code, severity)
    ]
    assert found[0]["message"] and found[0]["hint"]
    assert run.code == (1 if severity == "error" else 0)


def assert_fixture_reported(fixture: Path) -> None:
    """A fixture with an `# expect:` line reports exactly that diagnostic, whose message or
    hint holds the expected words."""
    line, column, severity, code, words = expectation(fixture)
    assert_only_diagnostic(fixture, code, severity, line, column)
    _, found = validate_json(str(fixture))
    assert words.lower() in (found[0]["message"] + " " + (found[0]["hint"] or "")).lower()


def uncovered_rule_codes(game: str, fixtures: list[Path]) -> tuple[set[str], set[str]]:
    """(every `<game>.*` code the game's rules package reports, those no fixture expects)."""
    sources = "".join(p.read_text(encoding="utf-8") for p in (REPO / "sheetgen/rules" / game).glob("*.py"))
    codes = set(re.findall(rf'"({game}\.[a-z-]+)"', sources))
    return codes, codes - {expectation(p)[3] for p in fixtures}
