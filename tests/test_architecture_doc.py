"""Every module, file and qualified function that docs/architecture.md names exists: dotted
`sheetgen.x.y` names (modules, then attributes), `sheetgen/…` paths, paths inside the
package given from a stage (`render/pdf.py`), `bench/`, `tests/` and `docs/` paths, and
`module.function` where `module` is the name of exactly one module of the package (a
dotted string the package itself writes, such as the diagnostic code `diagnostics.truncated`,
is a name of its own). The document changes; this checks whatever it says."""

from __future__ import annotations

import importlib
import re
from collections import defaultdict
from pathlib import Path

from helpers import REPO

import sheetgen

PACKAGE = Path(sheetgen.__file__).parent
DOC = REPO / "docs" / "architecture.md"
DOTTED = re.compile(r"\bsheetgen(?:\.[A-Za-z_]\w*)+")
SPAN = re.compile(r"`([^`\n]+)`")
FILE_SUFFIX = re.compile(r"\.(py|json|md|yaml|yml|icc|toml|txt|html|css|js)$")


def modules() -> dict[str, list[str]]:
    """Each module's last name, and the dotted names of the package's modules that have it."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[parts[-1]].append(".".join(parts))
    return found


def is_module(dotted: str) -> bool:
    path = PACKAGE.parent.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def dotted_problem(name: str) -> str | None:
    """Why `name` (a module, then attributes) does not exist, or None when it does."""
    parts = name.split(".")
    known = max((i for i in range(1, len(parts) + 1) if is_module(".".join(parts[:i]))), default=0)
    obj = importlib.import_module(".".join(parts[:known]))
    for attr in parts[known:]:
        if not hasattr(obj, attr):
            return f"{name}: {'.'.join(parts[:known])} has no {attr}"
        obj = getattr(obj, attr)
    return None


def path_problem(root: Path, rel: str) -> str | None:
    """Why `rel` (`<placeholders>` match any name; a trailing / is a folder) names nothing under `root`."""
    pattern = re.sub(r"<[^>]+>", "*", rel.rstrip("/"))
    found = [p for p in root.glob(pattern) if p.is_dir() or not rel.endswith("/")]
    return None if found else f"{rel}: nothing there"


def references(text: str) -> tuple[set[str], set[tuple[Path, str]]]:
    """(dotted names to resolve, (root, path) pairs to find) that the document names."""
    stages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    unique = {name: dotted[0] for name, dotted in modules().items() if len(dotted) == 1}
    sources = "".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    names = set(DOTTED.findall(text))
    paths: set[tuple[Path, str]] = set()
    for span in SPAN.findall(text):
        span = span.split(" ")[-1] if span.startswith("python -m ") else span
        first = span.split("/")[0]
        if span.startswith("sheetgen/"):
            paths.add((REPO, span))
        elif first in stages and "/" in span and re.fullmatch(r"[\w/<>.-]+", span):
            # `render/pdf.py` is in the package; `content/<game>/reference.yaml` is in the repository
            paths.add((PACKAGE if path_problem(REPO, span) else REPO, span))
        elif first in ("bench", "tests", "docs") and re.fullmatch(r"[\w/<>.*-]+", span):
            paths.add((REPO, span))
        elif (
            (m := re.fullmatch(r"([a-z_]\w*)\.([A-Za-z_]\w*)(?:\(.*\))?", span))
            and m.group(1) in unique
            and not FILE_SUFFIX.search(span)
            and f'"{span}"' not in sources
        ):
            names.add(f"{unique[m.group(1)]}.{m.group(2)}")
    return names, paths


def problems(text: str) -> list[str]:
    names, paths = references(text)
    found = [dotted_problem(n) for n in sorted(names)] + [path_problem(root, rel) for root, rel in sorted(paths)]
    return [p for p in found if p]


def test_every_module_path_the_architecture_names_exists():
    names, paths = references(DOC.read_text(encoding="utf-8"))
    assert len(names) > 20 and len(paths) > 10  # the document is read, not skipped
    assert problems(DOC.read_text(encoding="utf-8")) == []


def test_the_check_catches_a_stale_name_of_each_kind():
    text = (
        "`sheetgen.layout.nowhere` and sheetgen.diagnostics.no_such_function; "
        "`sheetgen/render/gone.py`, `render/gone.py`, `bench/gone.py`, `sheetgen/data/<game>/gone.yaml`, "
        "`yamlsrc.no_such_function(x)`; fine: `sheetgen.layout.text`, `render/pdf.py`, `ctx.error(doc)`."
    )
    assert set(problems(text)) == {
        "sheetgen.diagnostics.no_such_function: sheetgen.diagnostics has no no_such_function",
        "sheetgen.content.yamlsrc.no_such_function: sheetgen.content.yamlsrc has no no_such_function",
        "sheetgen.layout.nowhere: sheetgen.layout has no nowhere",
        "bench/gone.py: nothing there",
        "sheetgen/data/<game>/gone.yaml: nothing there",
        "sheetgen/render/gone.py: nothing there",
        "render/gone.py: nothing there",
    }
