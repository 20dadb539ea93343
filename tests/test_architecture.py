"""Imports flow forward through the five stages, never back."""

from __future__ import annotations

import ast
from pathlib import Path

import sheetgen

PACKAGE = Path(sheetgen.__file__).parent
CORE = {
    "sheetgen",
    "sheetgen.diagnostics",
    "sheetgen.units",
    "sheetgen.fonts",
    "sheetgen.pathdata",
    "sheetgen.games",
    "sheetgen.workers",
}

# What each stage may import from sheetgen, besides the core modules.
ALLOWED = {
    "content": {"content"},
    "rules": {"content", "rules"},
    "layout": {"content", "rules", "layout"},
    "render": {"layout", "render"},
    "generate": {"content", "rules", "generate"},
    "importers": {"content", "rules", "generate", "importers"},
    "files": {"content", "rules", "layout", "render", "files"},
}


def stage_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "sheetgen" else None


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names if node.module == "sheetgen")
    return {m for m in found if m == "sheetgen" or m.startswith("sheetgen.")}


def test_imports_only_flow_forward():
    problems = []
    checked = 0
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        module = ".".join(rel.parts).removesuffix(".__init__")
        stage = stage_of(module)
        if stage not in ALLOWED:
            continue
        checked += 1
        for imported in imports_of(path):
            if imported in CORE or imported.split(".")[:2] == ["sheetgen", "__version__"]:
                continue
            target = stage_of(imported)
            if target is not None and target not in ALLOWED[stage] and imported not in CORE:
                problems.append(f"{module} ({stage}) imports {imported} ({target})")
    assert checked > 20
    assert problems == []


def test_core_modules_import_no_stage():
    for name in ("diagnostics", "units", "fonts", "pathdata"):
        for imported in imports_of(PACKAGE / f"{name}.py"):
            assert imported in CORE, f"{name} imports {imported}"


def test_the_games_records_import_nothing_but_the_record():
    """Every command reads the records: they stay small, naming their modules as strings."""
    records = [PACKAGE / "games" / "__init__.py", *sorted((PACKAGE / "games").glob("*/__init__.py"))]
    assert len(records) > 5
    for path in records:
        assert imports_of(path) <= {"sheetgen.games"}, path


def test_the_checker_would_catch_a_backward_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from sheetgen.rules.base import RuleContext\nimport sheetgen.layout.text\n")
    found = imports_of(bad)
    assert {stage_of(m) for m in found} == {"rules", "layout"}
    assert not ({stage_of(m) for m in found} <= ALLOWED["render"])


def test_each_games_record_lists_its_kinds_as_its_models_declare_them():
    """A game's record names its kinds so that reading content imports only the games it
    uses; it must say what the game's models module itself declares, in its order."""
    import importlib

    from sheetgen.games import COMMON_KINDS, records

    assert tuple(importlib.import_module("sheetgen.content.models.common").KINDS) == tuple(COMMON_KINDS)
    assert [r.id for r in records()][:5] == ["cubit", "tricube", "kubos", "cubes", "grimdark"]  # sheetgen's order
    for record in records():
        assert tuple(importlib.import_module(record.models).KINDS) == tuple(record.kinds), record.id
        for module in (record.rules, record.products, record.generators, record.builder, record.codes):
            assert module is None or importlib.util.find_spec(module) is not None, (record.id, module)
        for module in record.importers:  # each writes the game's own kinds
            assert set(importlib.import_module(module).IMPORTER.kinds) <= set(record.kinds), (record.id, module)


def test_reading_one_game_imports_no_other_game(tmp_path):
    """A build of a KUBOS monster alone does not import Cubit's or Tricube's modules."""
    import subprocess
    import sys

    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "m.yaml").write_text(
        "kind: reference-deck\nid: d\nsystem: kubos\ntitle: T\ncards:\n  - {title: A, body: B}\n", encoding="utf-8"
    )
    code = (
        "import sys\nfrom sheetgen.cli import main\n"
        "try:\n    main(['build', '--format', 'pdf', 'content/m.yaml'])\nexcept SystemExit:\n    pass\n"
        "shown = ('sheetgen.', 'importlib.metadata', 'pydantic')\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(shown))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    loaded = set(out.split())
    assert "sheetgen.layout.sheets.reference_deck" in loaded  # the build ran
    others = {m for m in loaded if (".cubit" in m or ".tricube" in m) and not m.startswith("sheetgen.games.")}
    assert not others, sorted(loaded)  # the games' records alone, which name their modules
    assert not {m for m in loaded if m.startswith("sheetgen.importers")}, sorted(loaded)  # `sheetgen import`'s alone
    # Valid content is read without pydantic (`sheetgen.content.plain`), so neither pydantic
    # nor its plugin discovery (importlib.metadata, email …) is paid for.
    assert not {m for m in loaded if m.startswith("pydantic")}, sorted(loaded)
    assert "importlib.metadata" not in loaded


def test_pydantic_plugin_stand_in_answers_as_the_loader(tmp_path):
    """With plugins off, the stand-in for pydantic's plugin loader gives no plugins, models
    validate as before, and anything else asked of it comes from the real module."""
    import subprocess
    import sys

    code = (
        "import os, sys\nos.environ['PYDANTIC_DISABLE_PLUGINS'] = '__all__'\n"
        "from sheetgen.content.models.common import ReferenceDeck\n"
        "ReferenceDeck.model_validate({'kind': 'reference-deck', 'id': 'd', 'system': 'kubos', 'title': 'T',"
        " 'cards': [{'title': 'A'}]})\n"
        "from pydantic.plugin import _loader\n"
        "print(list(_loader.get_plugins()), 'importlib.metadata' in sys.modules)\n"
        "print(_loader.PYDANTIC_ENTRY_POINT_GROUP, 'importlib.metadata' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[] False"
    assert out[1] == "pydantic True"  # the real loader, imported when asked for more


def _game_owned(module: str, owners: set[str]) -> bool:
    return any(module == o or module.startswith(o + ".") for o in owners)


def _names_in(path: Path) -> list[tuple[int, str]]:
    """The identifiers, imported modules and string literals of a module, with their lines;
    not its prose (docstrings and comments), which may give a game as an example."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.Name | ast.arg | ast.alias | ast.FunctionDef | ast.ClassDef | ast.Attribute):
            name = getattr(node, "id", None) or getattr(node, "arg", None) or getattr(node, "attr", None)
            name = name or getattr(node, "name", None)
            out.append((getattr(node, "lineno", 0), name or ""))
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.lineno, node.module))
    return out


def test_shared_modules_name_no_game():
    """Shared code never names a game: outside each game's own modules (those its record
    names, and the record's own package), no identifier, import or string literal is a
    built-in game's id or one of its kinds, so a sixth game changes no shared code."""
    import re

    from sheetgen.games import records

    built_in = [r for r in records() if r.package == "sheetgen"]
    owners = {f"sheetgen.games.{r.id}" for r in built_in} | {
        m
        for r in built_in
        for m in (r.models, r.rules, r.products, r.generators, r.codes, r.builder, *r.importers)
        if m
    }
    ids = re.compile("|".join(r.id for r in built_in), re.IGNORECASE)
    kinds = {k for r in built_in for k in r.kinds}
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent)
        if _game_owned(".".join(rel.with_suffix("").parts).removesuffix(".__init__"), owners):
            continue
        hits = [f"{line}: {text!r}" for line, text in _names_in(path) if ids.search(text) or text in kinds]
        if hits:
            found[rel.as_posix()] = hits
    assert not found, found


def _too_big(tree: ast.Module, lines: int) -> list[str]:
    found = [f"the module: {lines} lines"] if lines > 800 else []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > 100:
                found.append(f"{node.name}: {length} lines")
    return found


def test_no_module_over_800_lines_and_no_function_over_100():
    """What a reader takes in at once: a module of at most 800 lines, a function of at
    most 100 (docs/architecture.md, "Lint and types")."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if big := _too_big(ast.parse(text), text.count("\n")):
            found[path.relative_to(PACKAGE.parent).as_posix()] = big
    assert not found, found


def test_the_size_check_sees_a_long_function_and_a_long_module():
    body = "\n".join(f"    x{i} = {i}" for i in range(101))
    source = f"def long():\n{body}\n" + "\n" * 700
    assert _too_big(ast.parse(source), source.count("\n")) == ["the module: 802 lines", "long: 102 lines"]
