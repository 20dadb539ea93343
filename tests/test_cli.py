"""The command line: exit statuses, output formats, show, schema."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers import REPO, deck, run_cli, write


def test_validate_clean_content_exits_zero(workdir):
    deck(workdir, "basics")
    result = run_cli("validate")
    assert result.code == 0, result.stderr
    assert "1 document checked, 0 errors, 0 warnings" in result.stderr


def test_broken_yaml_exits_one_with_a_location_and_no_traceback(workdir):
    write(workdir, "broken.yaml", "kind: cubit\nid: probe\nfaces: [\n  {interface: aid, skill: 2\n")
    proc = subprocess.run([sys.executable, "-m", "sheetgen", "validate", "broken.yaml"], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert "broken.yaml:5:1: error[yaml.syntax]" in proc.stderr
    assert "flow mapping at line 4, column 3" in proc.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["build", "nowhere/"],
        ["build", "--cube-size", "50"],
        ["build", "--cube-size", "-3mm"],
        ["build", "--format", "jpg"],
        ["build", "--paper", "a5"],
        ["build", "--theme", "no-such-theme"],
        ["validate", "--format", "xml"],
        ["schema", "no-such-kind"],
        ["frobnicate"],
    ],
)
def test_usage_errors_exit_two(workdir, args):
    deck(workdir, "basics")
    result = run_cli(*args)
    assert result.code == 2, (args, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr


def test_no_content_folder_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_cli("build")
    assert result.code == 2 and "no `content/` folder" in result.stderr


def test_json_diagnostics_have_the_documented_fields(workdir):
    write(workdir, "content/t.yaml", "kind: theme\nid: t\npaper: a5\n")
    result = run_cli("validate", "--format", "json")
    assert result.code == 1
    (d,) = json.loads(result.stdout)
    assert set(d) == {"file", "line", "column", "severity", "code", "message", "hint"}
    assert (d["file"], d["line"], d["column"], d["severity"], d["code"]) == (
        "content/t.yaml",
        3,
        8,
        "error",
        "content.not-allowed",
    )


def test_strict_turns_warnings_into_failure(workdir):
    write(
        workdir,
        "content/d.yaml",
        """
        kind: reference-deck
        id: d
        system: kubos
        title: Checks
        cards:
          - title: Done
            body: Tick it ✓ when done.
    """,
    )
    relaxed = run_cli("validate")
    assert relaxed.code == 0
    assert "content/d.yaml:7:11: warning[layout.missing-glyph]" in relaxed.stderr
    assert "U+2713" in relaxed.stderr
    assert run_cli("validate", "--strict").code == 1


TRICUBE_HERO = """
    kind: tricube-character
    id: hedda
    name: Hedda Stonebrook
    trait: brawny
    concept: {concept}
    combat_style: melee
    perks: [Berserker]
    quirks: [Short-tempered]
    karma: 3
    resolve: 3
"""


def glyph_warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "warning[layout.missing-glyph]" in line]


def test_a_warning_of_an_output_that_is_up_to_date_is_reported_again(workdir):
    """An incremental build does not lay out an output that is up to date; the warnings
    its layout gave are still reported (at the field's line now), and --strict still fails."""
    write(workdir, "content/hero.yaml", TRICUBE_HERO.format(concept="Caravan guard ☃"))
    first = run_cli("build")
    assert first.code == 0 and len(glyph_warnings(first.stderr)) == 1
    assert "content/hero.yaml:5:10: warning[layout.missing-glyph]" in first.stderr
    again = run_cli("build", "--strict")
    assert "0 files written" in again.stderr and glyph_warnings(again.stderr) == glyph_warnings(first.stderr)
    assert again.code == 1 and "1 warning" in again.stderr
    text = (workdir / "content/hero.yaml").read_text()
    (workdir / "content/hero.yaml").write_text("# two lines\n# above it\n" + text)
    moved = run_cli("build")
    assert "0 files written" in moved.stderr
    assert "content/hero.yaml:7:10: warning[layout.missing-glyph]" in moved.stderr
    write(workdir, "content/hero.yaml", TRICUBE_HERO.format(concept="Caravan guard"))
    fixed = run_cli("build")
    assert fixed.code == 0 and glyph_warnings(fixed.stderr) == [] and "0 warnings" in fixed.stderr
    assert run_cli("build", "--strict").code == 0


def test_a_missing_glyph_is_reported_once_and_invisible_characters_are_dropped(workdir):
    """Text set in several styles of one family (cards, sheet) gives one warning per
    character naming the fonts without it; a decomposed letter prints composed, and
    characters that draw nothing (an emoji's variation selector, a zero-width joiner)
    are dropped rather than printed as empty boxes."""
    from pypdf import PdfReader

    write(workdir, "content/hero.yaml", TRICUBE_HERO.format(concept='"Cafe\\u0301 guard \\u2603\\ufe0f\\u200d ok"'))
    result = run_cli("build")
    assert result.code == 0, result.stderr
    (warning,) = glyph_warnings(result.stderr)
    assert "U+2603" in warning and "the fonts Vera" in warning
    sheets = [
        workdir / "output/tricube/character-sheet/hedda.pdf",
        workdir / "output/tricube/character-cards/party.pdf",
    ]
    for pdf in sheets:
        text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
        assert "Café" in text and "\u0301" not in text and "\ufe0f" not in text and "\u200d" not in text, pdf


def test_show_prints_the_resolved_document_with_derived_values(workdir):
    deck(workdir, "basics")
    result = run_cli("show", "content/basics.yaml", "--json")
    assert result.code == 0
    data = json.loads(result.stdout)
    assert (data["kind"], data["id"], data["valid"]) == ("reference-deck", "basics", True)
    assert data["document"]["imposition"] == "sheet"  # a default, filled in
    assert data["derived"]["cards"] == 2
    assert data["source"] == "content/basics.yaml:1"
    text = run_cli("show", "content/basics.yaml")
    assert "kind: reference-deck" in text.stdout


def test_show_with_an_id_reports_that_documents_problems_alone(workdir):
    """`show FILE --id X` prints X and X's problems, not those of the file's other
    documents; a document with errors is shown by its problems (exit 1), and an id the
    file does not hold is a usage error."""
    good = "kind: theme\nid: {id}\npaper: a4\n"
    write(
        workdir,
        "content/many.yaml",
        good.format(id="first")
        + "---\nkind: themes\nid: lost\n---\n"
        + good.format(id="bad").replace("a4", "a3")
        + "---\n"
        + good.format(id="last"),
    )
    write(workdir, "content/other.yaml", good.format(id="other").replace("a4", "a5"))  # wrong, elsewhere
    for id_ in ("first", "last"):
        shown = run_cli("show", "content/many.yaml", "--id", id_)
        assert shown.code == 0 and f"id: {id_}" in shown.stdout and "error" not in shown.stderr, shown.stderr
    bad = run_cli("show", "content/many.yaml", "--id", "bad")
    assert bad.code == 1 and "content/many.yaml:10:8: error[content.not-allowed]" in bad.stderr, bad.stderr
    assert "themes" not in bad.stderr and "a5" not in bad.stderr
    assert run_cli("show", "content/many.yaml", "--id", "nope").code == 2


def test_schema_describes_every_kind_and_accepts_the_bundled_content(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    result = run_cli("schema")
    schema = json.loads(result.stdout)
    validator = jsonschema.Draft202012Validator(schema)
    docs = 0
    for path in sorted((REPO / "content").rglob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            errors = list(validator.iter_errors(doc))
            assert not errors, f"{path}: {errors[0].message}"
            docs += 1
    assert docs >= 1
    bad = {"kind": "reference-deck", "id": "x", "system": "Not A Game", "title": "t", "cards": [{"title": "a"}]}
    assert list(validator.iter_errors(bad))
    one = json.loads(run_cli("schema", "theme").stdout)
    assert one["properties"]["cube_size"]["anyOf"][0]["pattern"]
    assert run_cli("schema", "-o", str(tmp_path / "schemas")).code == 0
    assert (tmp_path / "schemas" / "reference-deck.schema.json").is_file()


def test_python_dash_m_runs_the_cli():
    proc = subprocess.run([sys.executable, "-m", "sheetgen", "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.startswith("sheetgen, version ")


def test_the_command_ends_with_main_s_status_and_everything_it_wrote(workdir):
    """The process ends as soon as a command is done (no interpreter teardown): its status,
    its printed lines and its files are all there, for a build, a usage error and a
    command whose output is long."""
    deck(workdir, "basics")

    def sheetgen(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "sheetgen", *args], capture_output=True, text=True)

    built = sheetgen("build", "--format", "pdf")
    assert built.returncode == 0 and "2 files written" in built.stderr, built.stderr  # the deck and its print-shop twin
    manifest = json.loads((workdir / "output" / "manifest.json").read_text(encoding="utf-8"))
    assert [(workdir / "output" / e["path"]).read_bytes()[:5] for e in manifest["outputs"]] == [b"%PDF-"] * 2
    usage = sheetgen("build", "--format", "jpg")
    assert usage.returncode == 2 and "Error: Invalid value" in usage.stderr
    schema = sheetgen("schema")
    assert schema.returncode == 0 and json.loads(schema.stdout)["$schema"]


def test_checking_one_file_resolves_against_content_but_reports_only_that_file(workdir):
    write(workdir, "content/theme.yaml", "kind: theme\nid: default\npaper: a5\n")  # broken, but not asked about
    write(
        workdir,
        "content/handout.yaml",
        """
        kind: handout
        id: kit
        title: Kit
        sections:
          - title: Cards
            include: {kind: reference-deck, product: reference, ids: [basics]}
    """,
    )
    deck(workdir, "basics")
    result = run_cli("validate", "content/handout.yaml")
    assert result.code == 0, result.stderr
    assert not [line for line in result.stderr.splitlines() if "theme.yaml" in line and not line.startswith("note: ")]
    assert "note: content/theme.yaml: the theme `default` has errors: a build makes nothing" in result.stderr
    assert run_cli("validate").code == 1


@pytest.mark.parametrize(
    "args",
    [
        ["build", "-o", "afile/sub"],
        ["schema", "-o", "afile/sub"],
        ["new", "cubit", "--seed", "1", "-o", "afile/x.yaml"],
        ["show", "content/basics.yaml", "--id", "nope"],
        ["new", "cubit", "--content", "no-such-folder"],
    ],
)
def test_unusable_paths_and_ids_are_usage_errors(workdir, args):
    deck(workdir, "basics")
    (workdir / "afile").write_text("a file, not a folder")
    result = run_cli(*args)
    assert result.code == 2, result.stderr
    assert "Traceback" not in result.stderr


def test_schema_of_one_kind_writes_one_file(tmp_path):
    assert run_cli("schema", "theme", "-o", str(tmp_path)).code == 0
    assert [p.name for p in tmp_path.iterdir()] == ["theme.schema.json"]


def test_a_theme_cube_size_that_cannot_fit_is_the_themes_error(workdir):
    write(workdir, "content/theme.yaml", "kind: theme\nid: default\ncube_size: 90mm\n")
    write(workdir, "content/cubit.yaml", "kind: cubit\nid: c\nfaces: Ai2 Ma6 At5 De4 Ta3 Mo1\nconfiguration: custom\n")
    result = run_cli("validate", "--format", "json")
    assert result.code == 1
    codes = {(d["file"], d["line"], d["code"]) for d in json.loads(result.stdout)}
    assert ("content/theme.yaml", 3, "theme.cube-too-big") in codes


def test_a_folder_without_content_files_is_a_usage_error(workdir):
    """`sheetgen build prints` (a folder of PDFs, say) reads nothing: said so, exit 2,
    rather than a clean build of nothing; an empty content folder of a new project is fine."""
    (workdir / "prints").mkdir()
    (workdir / "prints/notes.txt").write_text("not content")
    for command in ("build", "validate"):
        result = run_cli(command, "prints")
        assert result.code == 2 and "no content files (.yaml, .yml) in prints" in result.stderr
    assert run_cli("build").code == 0


def test_paper_names_are_taken_in_any_case(workdir):
    """`--paper A4` or `Letter`, as people write them, are the same papers as `a4`, `letter`."""
    from helpers import read_pdf

    deck(workdir, "basics")
    assert run_cli("build", "--paper", "Letter", "--format", "pdf").code == 0
    page = read_pdf(workdir / "output/grimdark/reference/basics.pdf").pages[0]
    assert round(float(page.mediabox.width)) == 612  # 8.5 inches
    assert run_cli("validate", "--paper", "A4").code == 0
