"""Reference decks whose cards come from a spreadsheet (`cards: {from: cards.csv}`): the
same cards as the rows written in YAML, every problem at the row or cell it is in, the
spreadsheet among the build's inputs, and the form in the JSON Schema."""

from __future__ import annotations

import json
import os

import pytest
from helpers import pdf_text, validate_json, write
from openpyxl import Workbook

ROWS = [
    ("Omens", "Read the sky before you **move**.", "Sky back"),
    ("Crows", "Two crows: *draw* a card.\n- one\n- two", ""),
    ("Comets", 'A comet, a 3, and "quotes"; semicolons too.', ""),
]

DECK = """\
kind: reference-deck
id: {id}
system: cubit
title: Signs
back: Deck back
cards: {cards}
"""


def _yaml_cards() -> str:
    out = "\n"
    for title, body, back in ROWS:
        out += f"  - title: {json.dumps(title)}\n    body: {json.dumps(body)}\n"
        out += f"    back: {json.dumps(back)}\n" if back else ""
    return out


def _csv(rows, delimiter: str = ",", header=("title", "body", "back")) -> str:
    def cell(value: str) -> str:
        return '"' + value.replace('"', '""') + '"' if any(c in value for c in f'"\n{delimiter}') else value

    return "".join(delimiter.join(cell(v) for v in row) + "\n" for row in [header, *rows])


def _workbook(path, rows, sheet: str = "Omens", header=("title", "body", "back")) -> None:
    book = Workbook()
    book.active.title = "Notes"
    ws = book.create_sheet(sheet)
    ws.append(list(header))
    for row in rows:
        ws.append([v or None for v in row])
    path.parent.mkdir(parents=True, exist_ok=True)
    book.save(path)


def _cards_text(path) -> str:
    return pdf_text(path).replace("Signs", "")


@pytest.mark.parametrize("delimiter", [",", ";"])
def test_a_csv_and_a_workbook_build_the_cards_the_same_rows_in_yaml_do(workdir, sheetgen, delimiter):
    write(workdir, "content/yaml.yaml", DECK.format(id="in-yaml", cards=_yaml_cards()))
    # A byte-order mark, as spreadsheet programs write one.
    (workdir / "content/signs.csv").write_bytes(b"\xef\xbb\xbf" + _csv(ROWS, delimiter).encode("utf-8"))
    write(workdir, "content/csv.yaml", DECK.format(id="in-csv", cards="{from: signs.csv}"))
    _workbook(workdir / "content/sheets/signs.xlsx", ROWS)
    write(workdir, "content/xlsx.yaml", DECK.format(id="in-xlsx", cards="{from: sheets/signs.xlsx, sheet: Omens}"))
    built = sheetgen("build", "--format", "pdf")
    assert built.code == 0, built.stderr
    out = workdir / "output/cubit/reference"
    expected = _cards_text(out / "in-yaml.pdf")
    assert "Read the sky before you move." in expected and "Sky back" in expected
    assert _cards_text(out / "in-csv.pdf") == expected
    assert _cards_text(out / "in-xlsx.pdf") == expected


def test_columns_are_named_in_the_deck(workdir, sheetgen):
    (workdir / "content/signs.csv").write_text(_csv([("Omens", "Body text")], header=("Name", "Text")))
    write(workdir, "content/csv.yaml", DECK.format(id="named", cards="{from: signs.csv, title: Name, body: Text}"))
    assert sheetgen("build", "--format", "pdf").code == 0
    text = pdf_text(workdir / "output/cubit/reference/named.pdf")
    assert "Omens" in text and "Body text" in text


def _only(found: list[dict]) -> dict:
    assert len(found) == 1, found
    return found[0]


def test_a_row_without_a_title_is_reported_at_its_line(workdir):
    # The second card's body runs over two lines: the third card starts on line 5.
    rows = [("One", "a"), ("Two", "first line\nsecond line"), ("", "no title")]
    (workdir / "content/signs.csv").write_text(_csv(rows, header=("title", "body")))
    write(workdir, "content/deck.yaml", DECK.format(id="bad", cards="{from: signs.csv}"))
    run, found = validate_json("content")
    d = _only(found)
    assert (d["file"], d["line"], d["column"], d["code"]) == ("content/signs.csv", 5, 1, "spreadsheet.empty-title")
    assert "title" in d["hint"] and run.code == 1


def test_a_bad_cell_of_a_workbook_is_reported_at_the_cell(workdir, sheetgen):
    _workbook(workdir / "content/signs.xlsx", [("One", "a", ""), ("", "b", "")])
    write(workdir, "content/deck.yaml", DECK.format(id="bad", cards="{from: signs.xlsx, sheet: Omens}"))
    run, found = validate_json("content")
    d = _only(found)
    assert (d["file"], d["cell"], d["code"]) == ("content/signs.xlsx", "Omens!A3", "spreadsheet.empty-title")
    built = sheetgen("build")
    assert built.code == 1 and "content/signs.xlsx:Omens!A3: error[spreadsheet.empty-title]" in built.stderr
    assert "Traceback" not in built.stderr and not (workdir / "output/cubit/reference/bad.pdf").exists()


def test_an_unknown_column_is_reported_with_the_name_meant(workdir):
    (workdir / "content/signs.csv").write_text("title;bdoy\nOne;a\n")
    write(workdir, "content/deck.yaml", DECK.format(id="bad", cards="{from: signs.csv}"))
    d = _only(validate_json("content")[1])
    assert (d["file"], d["line"], d["column"], d["code"]) == ("content/signs.csv", 1, 7, "spreadsheet.unknown-column")
    assert "`bdoy`" in d["message"] and d["hint"] == "did you mean `body`?"


def test_a_sheet_the_workbook_does_not_have(workdir):
    _workbook(workdir / "content/signs.xlsx", [("One", "a", "")])
    write(workdir, "content/deck.yaml", DECK.format(id="bad", cards="{from: signs.xlsx, sheet: Omen}"))
    d = _only(validate_json("content")[1])
    assert (d["file"], d["line"], d["code"]) == ("content/deck.yaml", 6, "spreadsheet.unknown-sheet")
    assert "`Notes`, `Omens`" in d["message"] and d["hint"] == "did you mean `Omens`?"


def test_a_spreadsheet_outside_the_project_is_refused_links_too(workdir, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "signs.csv"
    elsewhere.write_text(_csv([("Secret", "not yours", "")]))
    os.symlink(elsewhere, workdir / "content/linked.csv")
    write(workdir, "content/a.yaml", DECK.format(id="linked", cards="{from: linked.csv}"))
    write(workdir, "content/b.yaml", DECK.format(id="climbing", cards="{from: ../../elsewhere/signs.csv}"))
    found = validate_json("content")[1]
    assert sorted((d["file"], d["line"], d["code"]) for d in found) == [
        ("content/a.yaml", 6, "spreadsheet.outside-project"),
        ("content/b.yaml", 6, "spreadsheet.outside-project"),
    ]


def test_editing_the_spreadsheet_rebuilds_the_deck(workdir, sheetgen):
    csv_file = workdir / "content/signs.csv"
    csv_file.write_text(_csv([("Omens", "First", "")]))
    write(workdir, "content/deck.yaml", DECK.format(id="signs", cards="{from: signs.csv}"))
    assert sheetgen("build", "--format", "pdf").code == 0
    again = sheetgen("build", "--format", "pdf")
    assert "0 files written" in again.stderr
    csv_file.write_text(_csv([("Omens", "Second", "")]))
    changed = sheetgen("build", "--format", "pdf")
    assert changed.code == 0 and "0 files written" not in changed.stderr
    assert "Second" in pdf_text(workdir / "output/cubit/reference/signs.pdf")


def test_a_thousand_rows_build(workdir, sheetgen):
    (workdir / "content/signs.csv").write_text(_csv([(f"Card {i}", f"Body of card {i}.", "") for i in range(1000)]))
    write(workdir, "content/deck.yaml", DECK.format(id="many", cards="{from: signs.csv}"))
    built = sheetgen("build", "--format", "pdf")
    assert built.code == 0, built.stderr
    text = pdf_text(workdir / "output/cubit/reference-print-shop/many.pdf")
    assert "Card 0" in text and "Card 999" in text and "1000/1000" in text


def test_the_schema_offers_the_form(sheetgen):
    import jsonschema

    from sheetgen.content.schema import kind_schema

    schema = kind_schema("reference-deck")
    deck = {"kind": "reference-deck", "id": "x", "system": "cubit", "title": "T"}
    jsonschema.validate({**deck, "cards": {"from": "cards.xlsx", "sheet": "Omens", "title": "Name"}}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**deck, "cards": {"from": "cards.csv", "colour": "red"}}, schema)


def test_a_column_the_deck_names_must_be_there(workdir):
    (workdir / "content/signs.csv").write_text("title,body\nOne,a\n")
    write(workdir, "content/deck.yaml", DECK.format(id="bad", cards="{from: signs.csv, body: Txt}"))
    d = _only(validate_json("content")[1])
    assert (d["file"], d["line"], d["code"]) == ("content/signs.csv", 1, "spreadsheet.unknown-column")
    (workdir / "content/signs.csv").write_text("title\nOne\n")
    d = _only(validate_json("content")[1])
    assert (d["file"], d["line"], d["code"]) == ("content/signs.csv", 1, "spreadsheet.missing-column")
    assert "`Txt`" in d["message"]


def test_a_table_column_names_a_computed_table(workdir, sheetgen):
    write(
        workdir,
        "content/yaml.yaml",
        DECK.format(
            id="in-yaml",
            cards="""
  - title: Odds
    body: Chance to reach a target.
    table: {computed: cubit-target-odds}
""",
        ),
    )
    (workdir / "content/signs.csv").write_text("title,body,table\nOdds,Chance to reach a target.,cubit-target-odds\n")
    write(workdir, "content/csv.yaml", DECK.format(id="in-csv", cards="{from: signs.csv}"))
    assert sheetgen("build", "--format", "pdf").code == 0
    out = workdir / "output/cubit/reference"
    expected = _cards_text(out / "in-yaml.pdf")
    assert "%" in expected and _cards_text(out / "in-csv.pdf") == expected


def test_the_workbench_shows_a_bad_cell_at_its_cell(workdir):
    from sheetgen.serve.workspace import Workspace

    _workbook(workdir / "content/signs.xlsx", [("One", "a", ""), ("", "b", "")])
    write(workdir, "content/deck.yaml", DECK.format(id="bad", cards="{from: signs.xlsx, sheet: Omens}"))
    ws = Workspace()
    ws.rebuild()
    (shown,) = [p for p in ws.state.problems if p.code == "spreadsheet.empty-title"]
    assert shown.location == "content/signs.xlsx:Omens!A3" and shown.text.startswith(shown.location)


def test_a_hundred_thousand_rows_are_refused_at_the_first_past_the_limit(workdir):
    from sheetgen.content.spreadsheet import MAX_ROWS

    (workdir / "content/signs.csv").write_text("title\n" + "".join(f"Card {i}\n" for i in range(100_000)))
    write(workdir, "content/deck.yaml", DECK.format(id="huge", cards="{from: signs.csv}"))
    d = _only(validate_json("content")[1])
    assert (d["file"], d["line"], d["code"]) == ("content/signs.csv", MAX_ROWS + 2, "spreadsheet.too-many-rows")
    assert f"at most {MAX_ROWS:,} cards" in d["message"]


def test_the_workbench_watches_spreadsheets():
    from sheetgen.serve.server import relevant

    assert relevant("content/cards.csv") and relevant("content/cards.xlsx") and not relevant("content/.~cards.csv")
