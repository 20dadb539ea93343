"""Helpers the test modules share: run the CLI in-process, write content, read PDFs and SVGs,
and the bundled content's paths. (Fixtures are in `tests/conftest.py`.)"""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import textwrap
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from sheetgen.cli import main

TESTS = Path(__file__).resolve().parent.parent
REPO = TESTS.parent
FIXTURES = TESTS / "fixtures"
DATA = REPO / "sheetgen" / "data"  # the game data sheetgen ships
SVG_NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"  # an SVG element's tag prefix in ElementTree
MM = 72 / 25.4
# The hypothesis profile (tests/conftest.py): `ci` under CI or when asked for, else `dev`.
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
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
    return " ".join(el.get("aria-label", "") for el in root.iter(f"{SVG}g") if el.get("class") == "text")


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


# A reference deck of any game (`deck()` writes one as `content/<id>.yaml`).
DECK = """
kind: reference-deck
id: {id}
system: {system}
title: {title}
back: Keep this card handy
cards:
  - title: Difficulty
    body: Most challenges are **standard**; some are *easy* or *hard*.
    table: {{columns: [Difficulty, Meaning], rows: [[4, easy], [5, standard], [6, hard]]}}
  - title: Outcomes
    body: |
      - Success on any die that meets the difficulty.
      - Exceptional success on two or more.
"""


def deck(root: Path, id: str, system: str = "grimdark", title: str = "Grid basics") -> Path:
    return write(root, f"content/{id}.yaml", DECK.format(id=id, system=system, title=title))


def copy_cubit_content(root: Path) -> Path:
    """A copy of the bundled Cubit content (cubits, reference deck) under `root/content`, with a
    copy of the shipped catalog (interfaces, upgrades, factions) beside it for tests to edit:
    a project's documents of the same kind and id replace the shipped ones."""
    shutil.copytree(REPO / "content" / "cubit", root / "content" / "cubit")
    for name in ("interfaces.yaml", "upgrades.yaml", "factions.yaml"):
        shutil.copy(DATA / "cubit" / name, root / "content" / "cubit" / name)
    return root


def files(folder: Path) -> dict[str, bytes]:
    """The outputs in a folder, by path (hidden files are the build's own state, not outputs)."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


def svg_group(root: ET.Element, group_id: str) -> ET.Element:
    """The one `<g>` of an SVG with this id."""
    found = [g for g in root.iter(f"{SVG}g") if g.get("id") == group_id]
    assert len(found) == 1, f"expected one group #{group_id}, found {len(found)}"
    return found[0]


def svg_words(element: ET.Element) -> list[str]:
    """The text runs under an SVG element, in order (each keeps its words in `aria-label`)."""
    return [g.get("aria-label", "") for g in element.iter(f"{SVG}g") if g.get("class") == "text"]


def examples(ci: int) -> int:
    """A property test's example count: `ci` under the `ci` hypothesis profile, a tenth of it
    (at least 20) on a developer's machine."""
    return ci if HYPOTHESIS_PROFILE == "ci" else max(20, ci // 10)


def built_kit(workdir: Path, handout: str):
    """Two decks (one Grimdark, one CUBES!) and the handout `kit` bundling them, built:
    the handout's PDF, read."""
    deck(workdir, "basics")
    deck(workdir, "second", system="cubes", title="Second deck")
    write(workdir, "content/handout.yaml", handout)
    result = run_cli("build")
    assert result.code == 0, result.stderr
    return read_pdf(workdir / "output/handouts/bundle/kit.pdf")


def character(
    root, doc_id: str, *, strength: int = 1, extra: str = "", items: str = "[Dagger, Bow and arrows, Rope, Lantern]"
):
    """A valid character with the given STRENGTH; the rest of the 6 points fill the other attributes in order."""
    others = dict.fromkeys(("skill", "shoot", "sneak", "slight", "senses"), 0)
    left = 6 - strength
    for name in others:
        take = min(3, left)
        others[name] = take
        left -= take
    attrs = ", ".join(f"{k}: {v}" for k, v in {**others, "strength": strength}.items())
    write(
        root,
        f"content/{doc_id}.yaml",
        f"""
        kind: kubos-character
        id: {doc_id}
        name: {doc_id.capitalize()}
        attributes: {{{attrs}}}
        hp: 6
        fate_points: 6
        items: {items}
        {extra}
        """,
    )
    return root / "content" / f"{doc_id}.yaml"


def group_members(pgid: int) -> list[int]:
    """The live processes of process group `pgid` (read from /proc: zombies hold nothing)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # ended while we looked
            continue
        state, _ppid, pgrp = text[text.rindex(")") + 2 :].split()[:3]  # after "pid (name) "
        if int(pgrp) == pgid and state != "Z":
            found.append(int(stat.parent.name))
    return found


def initialised(tmp_path, monkeypatch, *games: str):
    """A project as `sheetgen init` makes it for `games`, as the current directory."""
    root = tmp_path / "project"
    assert run_cli("init", str(root), *[a for g in games for a in ("--game", g)]).code == 0
    monkeypatch.chdir(root)
    return root


def many_cards(root: Path, n: int, id: str = "many", card_size: str | None = None) -> Path:
    """A Grimdark reference deck of `n` short cards, as `content/<id>.yaml`; the PDF it builds."""
    cards = "\n".join(f"  - title: Card {i + 1}\n    body: Rule number {i + 1}, in a few words." for i in range(n))
    size = f"card_size: {card_size}\n" if card_size else ""
    write(
        root,
        f"content/{id}.yaml",
        f"kind: reference-deck\nid: {id}\nsystem: grimdark\ntitle: Many cards\n{size}back: The back\ncards:\n{cards}\n",
    )
    return root / f"output/grimdark/reference/{id}.pdf"


def png(width: int, height: int) -> bytes:
    """A plain PNG of one colour, `width` × `height` pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\xc0\x40\x20" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


# A handout of words alone (and a cover image), for the handout and print-shop tests.
WORDS_ALONE = """
kind: handout
id: kit
title: Starter Kit
subtitle: Everything for a first evening
cover_image: art/cover.png
sections:
  - title: Before you play
    text: |
      Read the cards
      aloud at the table.

      Then deal them out.
"""
