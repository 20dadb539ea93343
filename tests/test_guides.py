"""The guides in docs/guides/ run as written, so a guide can never drift from the program.

Every ```sh, ```bash and ```console block of a guide runs, in order, in a fresh folder of
its own per guide, with `sheetgen` on the PATH being this environment's (the script next
to `sys.executable`, else `python -m sheetgen`). Each block starts in the folder the
previous block ended in, so a guide may `cd` into the project it made.

- A ```sh or ```bash block is a bash script, run with `set -euo pipefail`.
- In a ```console block, the lines starting with `$ ` are the commands (a line ending in
  a backslash goes on to the next); every other non-blank line is output the reader is
  shown: it must be printed (stdout or stderr), each such line within a line printed,
  in the order shown.
- The last non-blank line before a block's fence may mark it:
  `<!-- skip -->`: the block is not run;
  `<!-- fails: TEXT -->`: the block must exit non-zero and print TEXT.
- A block whose commands install something (`pip install`, `python3 -m venv`) or start
  the workbench (`sheetgen serve`, which runs until stopped) is not run either.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

GUIDES = Path(__file__).resolve().parent.parent / "docs" / "guides"
RUN_LANGUAGES = ("sh", "bash", "console")
NOT_RUN = re.compile(r"^\s*(pip install|python3? -m venv|sheetgen serve)\b", re.MULTILINE)
MARK = re.compile(r"^<!--\s*(skip|fails:\s*(?P<text>.*?))\s*-->$")
FENCE = re.compile(r"^```(\w*)\s*$")


@dataclass(frozen=True)
class Block:
    """A shell block of a guide: its commands, the output shown under them, and its mark."""

    line: int
    script: str
    shown: tuple[str, ...]
    skip: bool
    fails_with: str | None


def read_blocks(text: str) -> list[Block]:
    """The blocks of a guide to run, in order."""
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        if fence.group(1) in RUN_LANGUAGES:
            blocks.append(_block(fence.group(1), lines[i + 1 : end], i + 1, _mark(lines[:i])))
        i = end + 1
    return blocks


def _mark(before: list[str]) -> re.Match[str] | None:
    previous = next((line.strip() for line in reversed(before) if line.strip()), "")
    return MARK.match(previous)


def _block(language: str, body: list[str], line: int, mark: re.Match[str] | None) -> Block:
    script, shown = _console(body) if language == "console" else ("\n".join(body), ())
    skip = bool(mark and mark.group(1) == "skip") or bool(NOT_RUN.search(script))
    fails_with = mark.group("text") if mark and mark.group("text") is not None else None
    return Block(line, script, shown, skip, fails_with)


def _console(body: list[str]) -> tuple[str, tuple[str, ...]]:
    commands: list[str] = []
    shown: list[str] = []
    continued = False
    for line in body:
        if continued or line.startswith("$ "):
            commands.append(line if continued else line[2:])
            continued = line.endswith("\\")
        elif line.strip():
            shown.append(line.strip())
    return "\n".join(commands), tuple(shown)


def sheetgen_path(tmp: Path) -> str:
    """A PATH whose `sheetgen` is this environment's."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "sheetgen").exists():
        bin_dir = tmp / ".bin"
        bin_dir.mkdir()
        shim = bin_dir / "sheetgen"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m sheetgen "$@"\n')
        shim.chmod(0o755)
    return f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"


def run_guide(text: str, folder: Path, name: str) -> None:
    """Run a guide's blocks in `folder`; fail at the first block that does not do as shown."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHEETGEN_", "SOURCE_DATE_EPOCH"))}
    env["PATH"] = sheetgen_path(folder)
    home = folder / "guide"
    home.mkdir()
    cwd = home
    where = folder / ".cwd"
    for block in read_blocks(text):
        if block.skip:
            continue
        script = f"set -euo pipefail\n{block.script}\npwd > '{where}'\n"
        done = subprocess.run(
            ["bash", "-c", script],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=120,
        )
        printed = done.stdout
        context = f"{name}:{block.line}: block\n{block.script}\nprinted:\n{printed}"
        if block.fails_with is None:
            assert done.returncode == 0, f"exit {done.returncode}, expected 0 at {context}"
            cwd = Path(where.read_text().strip())
        else:
            assert done.returncode != 0, f"exit 0, expected a failure at {context}"
            assert block.fails_with in printed, f"{block.fails_with!r} not printed at {context}"
        _check_shown(block.shown, printed, context)


def _check_shown(shown: tuple[str, ...], printed: str, context: str) -> None:
    lines = iter(printed.splitlines())
    for expected in shown:
        assert any(expected in line for line in lines), f"{expected!r} not printed (in order) at {context}"


GUIDE_FILES = sorted(GUIDES.glob("*.md"))


@pytest.mark.parametrize("guide", GUIDE_FILES, ids=[g.stem for g in GUIDE_FILES])
def test_guide_runs_as_written(guide: Path, tmp_path: Path) -> None:
    assert read_blocks(guide.read_text(encoding="utf-8")), f"{guide.name} has no commands to run"
    run_guide(guide.read_text(encoding="utf-8"), tmp_path, guide.name)


def test_every_user_has_a_guide() -> None:
    assert {g.stem for g in GUIDE_FILES} >= {"player", "gm", "wargamer", "publisher", "designer"}


def test_every_guide_picture_is_there_and_small() -> None:
    for guide in GUIDE_FILES:
        pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", guide.read_text(encoding="utf-8"))
        assert pictures, f"{guide.name} shows no picture"
        for picture in pictures:
            path = guide.parent / picture
            assert path.is_file(), f"{guide.name}: {picture} is missing"
            assert path.stat().st_size < 150_000, f"{guide.name}: {picture} is over 150 KB"


def test_every_guide_link_leads_to_a_file() -> None:
    for guide in GUIDE_FILES:
        for link in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", guide.read_text(encoding="utf-8")):
            if "://" not in link:
                assert (guide.parent / link).exists(), f"{guide.name}: {link} leads nowhere"


# The runner itself: a guide that does not do what it shows fails.

GOOD = """\
```sh
mkdir -p project && cd project
printf 'a\\nb\\n' > notes.txt
```

```console
$ cat notes.txt
a
b
```

<!-- fails: no such file -->
```sh
echo "error: no such file"; exit 1
```

```sh
pip install something-that-is-not-there
```

<!-- skip -->
```sh
false
```
"""


def test_runner_runs_a_guide_that_does_as_shown(tmp_path: Path) -> None:
    run_guide(GOOD, tmp_path, "good.md")
    assert (tmp_path / "guide" / "project" / "notes.txt").is_file()


@pytest.mark.parametrize(
    "wrong, says",
    [
        (GOOD.replace("cat notes.txt", "cat note.txt"), "expected 0"),
        (GOOD.replace("a\nb\n```", "b\na\n```"), "not printed (in order)"),
        (GOOD.replace("; exit 1", ""), "expected a failure"),
        (GOOD.replace("fails: no such file", "fails: permission denied"), "'permission denied' not printed"),
        (GOOD.replace("<!-- skip -->\n", ""), "expected 0"),
        (GOOD.replace("```sh\nmkdir", "```sh\nsheetgen --no-such-option\nmkdir"), "expected 0"),
    ],
)
def test_runner_fails_a_guide_that_does_not(tmp_path: Path, wrong: str, says: str) -> None:
    with pytest.raises(AssertionError, match=re.escape(says)):
        run_guide(wrong, tmp_path, "wrong.md")


def test_blocks_marked_or_installing_are_not_run() -> None:
    blocks = read_blocks(GOOD + "```bash\nsheetgen serve --open\n```\n```yaml\nkind: theme\n```\n")
    assert [b.skip for b in blocks] == [False, False, False, True, True, True]
    assert blocks[1].shown == ("a", "b")
    assert blocks[2].fails_with == "no such file"


def test_the_sheetgen_a_guide_runs_is_this_environments(tmp_path: Path) -> None:
    path = sheetgen_path(tmp_path)
    found = shutil.which("sheetgen", path=path)
    assert found is not None
    version = subprocess.run([found, "--version"], capture_output=True, text=True, check=True).stdout
    here = subprocess.run(
        [sys.executable, "-m", "sheetgen", "--version"], capture_output=True, text=True, check=True
    ).stdout
    assert version == here
