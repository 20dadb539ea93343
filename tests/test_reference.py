"""The reference under docs/reference/ is written from the code and kept current: every kind
and field, product, diagnostic code and command option, and no link leads nowhere."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import click
import pytest

import sheetgen
from sheetgen.reference import FOLDER, RENEW, pages
from sheetgen.reference.codes import CODES

REPO = Path(__file__).resolve().parent.parent
PACKAGE = Path(sheetgen.__file__).parent
REFERENCE = REPO / FOLDER
CODE_RE = re.compile(r"^[a-z]+\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
#: Literals shaped like a code that are something else: file names, a module, an ASGI
#: message type, an editor setting.
FILE_ENDINGS = ("yaml", "json", "html", "js", "css", "svg", "png", "j2", "journal", "md")
NOT_CODES = {"layout.sheets", "sheetgen.serve", "http.request", "yaml.schemas"}


def codes_in(folder: Path) -> dict[str, str]:
    """Every `area.name` string literal in the Python files under `folder` (the registry of
    codes aside), with where it first appears."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        if path == PACKAGE / "reference" / "codes.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and CODE_RE.match(node.value)
                and node.value.rsplit(".", 1)[1] not in FILE_ENDINGS
                and node.value not in NOT_CODES
            ):
                found.setdefault(node.value, f"{path.relative_to(folder)}:{node.lineno}")
    return found


@pytest.mark.parametrize("name", list(pages()))
def test_each_generated_page_is_current(name):
    path = REFERENCE / name
    assert path.exists(), f"docs/reference/{name} is missing: run {RENEW} to write it"
    assert path.read_text(encoding="utf-8") == pages()[name](), f"docs/reference/{name} is out of date: run {RENEW}"


def test_every_code_the_source_reports_has_a_meaning_and_a_fix_and_no_other():
    used = codes_in(PACKAGE)
    assert len(used) > 200  # the scan finds the codes at all
    missing = {code: where for code, where in used.items() if code not in CODES}
    assert not missing, f"add these codes to sheetgen/reference/codes.py, then run {RENEW}: {missing}"
    assert sorted(set(CODES) - set(used)) == [], "codes no longer used: remove them from sheetgen/reference/codes.py"
    for code, (meaning, fix) in CODES.items():
        assert meaning.strip() and fix.strip(), code


def test_the_scan_finds_a_code_however_it_is_passed(tmp_path):
    """A keyword (`code=`), a constant and a positional argument are all seen."""
    (tmp_path / "rules.py").write_text(
        'OVERFLOW = "layout.text-overflow"\n'
        'ctx.error(doc, "kubos.hp-too-high", "hp")\n'
        'raise ContentError("x", code="content.bad-id")\n'
        'open("theme.yaml"); log("a.b c"); stage_module("layout.sheets", game)\n'
    )
    assert codes_in(tmp_path) == {
        "layout.text-overflow": "rules.py:1",
        "kubos.hp-too-high": "rules.py:2",
        "content.bad-id": "rules.py:3",
    }


def test_the_products_page_says_what_each_product_holds():
    from sheetgen.layout.registry import products

    text = (REFERENCE / "products.md").read_text(encoding="utf-8")
    for product in products().values():
        assert f"- `{product.id}`: {product.summary}" in text, product.id
    assert "- `cubit-net`: a cubit's foldable cube net at true size" in text


def test_the_diagnostics_page_gives_each_code_its_meaning_and_fix():
    text = (REFERENCE / "diagnostics.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `cubit.skill-below-one` |"))
    assert "effective skill" in row and "Raise the skill" in row
    assert text.count("\n| `") == len(CODES)


def _commands():
    from sheetgen.cli import main
    from sheetgen.reference.commands import commands

    return main, list(commands(main, click.Context(main, info_name="sheetgen")))


def test_every_command_and_option_is_documented_with_its_help():
    main, found = _commands()
    text = (REFERENCE / "commands.md").read_text(encoding="utf-8")
    names = [full for full, _ in found]
    assert {"sheetgen build", "sheetgen new cubit", "sheetgen import army-forge", "sheetgen serve"} <= set(names)
    sections = {s.split("`", 1)[0]: s for s in text.split("\n## `")[1:]}
    for full, command in [("sheetgen", main), *found]:
        section = sections[full]
        for param in command.params:
            if isinstance(param, click.Option):
                assert param.help, f"{full} {param.opts[0]} has no help"
                assert all(f"`{opt}`" in section for opt in param.opts), (full, param.opts)
    build = sections["sheetgen build"]
    jobs = next(line for line in build.splitlines() if "`--jobs`" in line)
    assert "`-j`" in jobs and "parallel processes" in jobs
    assert "| `--format` | text | `pdf,svg` |" in build


def test_every_kind_and_field_of_the_models_is_listed():
    from sheetgen.content import registry

    text = (REFERENCE / "kinds.md").read_text(encoding="utf-8")
    sections = {s.split("`", 1)[0]: s for s in text.split("\n## `")[1:]}
    for kind, spec in registry.kinds().items():
        own = sections[kind].split("\n### ", 1)[0]
        for name in spec.model.model_fields:
            assert f"| `{name}` |" in own, (kind, name)
    margin = next(line for line in sections["theme"].splitlines() if line.startswith("| `printable_margin` |"))
    assert "| length |" in margin and "default 5mm" in margin
    assert "| `id` | slug | required |" in sections["cubit"]


def _anchor(heading: str) -> str:
    return re.sub(r"[^a-z0-9 _-]", "", heading.lower()).strip().replace(" ", "-")


def test_every_link_in_the_reference_leads_somewhere():
    checked = 0
    for page in sorted(REFERENCE.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        anchors = {_anchor(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            checked += 1
            if target.startswith(("http://", "https://")):
                continue
            file, _, anchor = target.partition("#")
            if file:
                assert (page.parent / file).exists(), f"{page.name} links to {target}, which is not there"
            elif anchor:
                assert anchor in anchors, f"{page.name} links to #{anchor}, a heading it does not have"
    assert checked > 20
