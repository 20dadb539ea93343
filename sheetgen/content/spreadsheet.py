"""A reference deck's cards read from a spreadsheet, one row a card:

    cards: {from: omens.csv, title: Name, body: Text}
    cards: {from: omens.xlsx, sheet: Omens}

`from` names a CSV file (UTF-8, with or without a byte-order mark, commas or semicolons)
or an Excel workbook (`.xlsx`) inside the project, relative to the YAML file; the first row
names the columns. `title`, `body`, `back`, `footer` and `table` name the column each part
of a card comes from (by default, a column of the part's own name; `table` holds the name
of a computed table). The loader puts the rows in place of the mapping before the deck is
validated, so every later stage sees cards as if written in YAML; every problem is
reported at the spreadsheet's own place: `omens.csv:3:1` (the line an editor shows the
row at) or `omens.xlsx:Omens!A3` (the cell).
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sheetgen.content.project import inside, relative_name, safe_name
from sheetgen.content.yamlsrc import MAX_FILE_BYTES, RawDocument
from sheetgen.diagnostics import Diagnostic, Severity, did_you_mean, display_path, error

if TYPE_CHECKING:
    from sheetgen.content.loader import Library

#: The most rows (cards) one spreadsheet gives a deck: a deck's own limit.
MAX_ROWS = 50_000
MAX_WORKBOOK_BYTES = 64 * 1024 * 1024  # a workbook is zipped: its cells take far more
PARTS = ("title", "body", "back", "footer", "table")
SETTINGS = ("from", "sheet", *PARTS)
SUFFIXES = (".csv", ".xlsx")

#: The JSON Schema of the form (`ReferenceDeck`'s schema offers it beside a list of cards).
FORM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "cards from a spreadsheet",
    "description": "one card a row of a CSV file or an Excel workbook inside the project; the first row names "
    "the columns",
    "required": ["from"],
    "additionalProperties": False,
    "properties": {
        "from": {
            "type": "string",
            "pattern": r"\.([cC][sS][vV]|[xX][lL][sS][xX])$",
            "description": "the file, relative to this YAML file: `.csv` (UTF-8, commas or semicolons) or `.xlsx`",
        },
        "sheet": {"type": "string", "description": "the workbook's sheet (default: its first)"},
        **{
            part: {"type": "string", "description": f"the column of each card's {part} (default: `{part}`)"}
            for part in PARTS
        },
    },
}


class Problem(Exception):
    """A problem that stops the reading, as its diagnostic."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


@dataclass(frozen=True)
class Place:
    """Where a row or a cell of a spreadsheet is: for a CSV file the line and column an
    editor shows, for a workbook the cell (`Omens!A3`)."""

    file: str
    line: int
    column: int = 1
    cell: str | None = None

    def error(self, code: str, message: str, hint: str | None = None) -> Diagnostic:
        return Diagnostic(self.file, self.line, self.column, Severity.ERROR, code, message, hint, self.cell)


@dataclass(frozen=True)
class Row:
    """One row: its cells by column name (stripped), and where it and each cell are."""

    cells: dict[str, str]
    place: Place
    places: dict[str, Place]


def with_spreadsheet_cards(raw: RawDocument, file: str, library: Library) -> RawDocument | None:
    """`raw` with the cards of its spreadsheet in place of `cards: {from: …}`; itself when
    it names none; None when the spreadsheet has problems (reported, and the deck
    counted as invalid: its earlier outputs stay)."""
    data = raw.data
    if not (isinstance(data, dict) and data.get("kind") == "reference-deck" and isinstance(data.get("cards"), dict)):
        return raw
    problems: list[Diagnostic] = []
    try:
        cards = _cards(data["cards"], raw, file, library, problems)
    except Problem as exc:
        problems.append(exc.diagnostic)
    if problems:
        library.diagnostics.extend(problems)
        if isinstance(data.get("id"), str):
            key = ("reference-deck", data["id"])
            library.invalid.add(key)
            library.invalid_at.setdefault(key, (file, raw.start.line, raw.start.column))
        return None
    return dataclasses.replace(raw, data={**data, "cards": cards})


def _cards(form: dict, raw: RawDocument, file: str, library: Library, problems: list[Diagnostic]) -> list[dict]:
    def yaml_error(path: tuple, code: str, message: str, hint: str | None = None, key: bool = False) -> Problem:
        m = raw.positions.key(("cards", *path)) if key else raw.positions.value(("cards", *path))
        return Problem(error(file, m.line, m.column, code, message, hint))

    for name, value in form.items():
        if name not in SETTINGS:
            raise yaml_error(
                (name,),
                "content.unknown-field",
                f"unknown field `{name}` of cards from a spreadsheet",
                did_you_mean(str(name), SETTINGS) or f"known fields: {', '.join(SETTINGS)}",
                key=True,
            )
        if not isinstance(value, str) or not value.strip():
            raise yaml_error((name,), "content.wrong-type", f"`{name}` must be text (a file, a sheet or a column name)")
    if "from" not in form:
        raise yaml_error(
            (),
            "content.missing-field",
            "cards from a spreadsheet need `from:`",
            "name the file: `from: cards.csv` (or a `.xlsx` workbook), relative to this YAML file",
        )

    def from_error(code: str, message: str, hint: str) -> Problem:
        return yaml_error(("from",), code, message, hint)

    path = _spreadsheet(form["from"], file, library, from_error)
    shown = safe_name(display_path(os.path.normpath(os.path.join(os.path.dirname(file), form["from"]))))
    columns = {part: form.get(part, part).strip() for part in PARTS}
    csv_file = path.suffix.lower() == ".csv"
    if csv_file and "sheet" in form:
        raise yaml_error(
            ("sheet",),
            "spreadsheet.no-sheets",
            "a CSV file has no sheets",
            "leave `sheet:` out, or name an `.xlsx` workbook",
        )
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise from_error(
            "spreadsheet.unreadable", f"cannot read `{form['from']}`: {exc.strerror}", "check its permissions"
        ) from None
    if csv_file:
        text = _decoded(data, shown)
        _record(library, path, shown, data, text)
        rows = _csv_rows(text, shown)
    else:
        _record(library, path, shown, data, "")
        rows = _xlsx_rows(
            io.BytesIO(data),
            shown,
            form.get("sheet"),
            lambda message, hint: yaml_error(("sheet",), "spreadsheet.unknown-sheet", message, hint),
        )
    return _read_rows(rows, columns, {"title", *(p for p in PARTS if p in form)}, shown, problems)


def _spreadsheet(name: str, file: str, library: Library, fail) -> Path:
    """The file `name` (relative to the YAML `file`), checked to lie inside the project."""
    given = Path(os.path.dirname(file)) / name
    if Path(name).suffix.lower() not in SUFFIXES:
        raise fail(
            "spreadsheet.unknown-format",
            f"`{name}` is not a CSV file or an Excel workbook",
            "name a `.csv` file (UTF-8) or an `.xlsx` workbook",
        )
    try:
        real = given.resolve()
    except (OSError, RuntimeError):
        real = given
    root = _root(library)
    if not inside(real, [root.resolve()]):
        raise fail(
            "spreadsheet.outside-project",
            f"`{name}` lies outside the project ({root})",
            "keep the spreadsheet inside the project's folder (links are followed), next to the deck",
        )
    if not real.is_file():
        raise fail(
            "spreadsheet.missing",
            f"there is no file `{name}` (looked for {display_path(str(given))})",
            "the path is relative to this YAML file",
        )
    size = real.stat().st_size
    limit = MAX_FILE_BYTES if real.suffix.lower() == ".csv" else MAX_WORKBOOK_BYTES
    if size > limit:
        raise fail(
            "spreadsheet.too-large",
            f"`{name}` is {size / 1048576:.1f} MiB; a spreadsheet may be at most {limit // 1048576} MiB",
            "split its cards into several decks",
        )
    return real


def _root(library: Library) -> Path:
    """The project a spreadsheet must lie in: the library's, else the working directory."""
    return library.root or Path.cwd()


def _record(library: Library, path: Path, shown: str, data: bytes, text: str) -> None:
    """The spreadsheet among the files the build read: its changes rebuild the deck."""
    from sheetgen.content.loader import SourceFile

    library.sources[shown] = SourceFile(shown, text, relative_name(path, _root(library)))
    library.digests[shown] = (len(data), hashlib.sha256(data).hexdigest())


def _decoded(data: bytes, shown: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise Problem(
            Place(shown, line, column).error(
                "spreadsheet.not-utf8",
                "this file is not UTF-8 text",
                "save it as “CSV UTF-8” (your spreadsheet program offers it under Save as)",
            )
        ) from None


def _csv_rows(text: str, shown: str) -> Iterator[Row]:
    """The CSV's rows, the first being its header, each at the line it starts on."""
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    header: list[str] | None = None
    end = 0
    try:
        for values in reader:
            line, end = end + 1, reader.line_num
            place = Place(shown, line)
            places = {name: place for name in header or ()}
            if header is None:
                header = [v.strip() for v in values]
                places = _header_places(first.rstrip("\r"), delimiter, header, shown)
            yield Row({name: value for name, value in zip(header, values) if name} if values else {}, place, places)
            if header and len(values) > len(header) and any(v.strip() for v in values[len(header) :]):
                raise Problem(
                    place.error(
                        "spreadsheet.extra-cells",
                        f"this row has {len(values)} cells; the header names {len(header)} columns",
                        "give the extra cells a column name in the first row, or quote a cell "
                        f"that holds a `{delimiter}`",
                    )
                )
    except csv.Error as exc:
        raise Problem(
            Place(shown, end + 1).error(
                "spreadsheet.syntax",
                f"cannot read this row: {exc}",
                'close the quoted cell with `"` (write `""` for a quote inside it)',
            )
        ) from None


def _header_places(line: str, delimiter: str, header: list[str], shown: str) -> dict[str, Place]:
    """Where each column's name is in the CSV's first line (the line's start when quoted)."""
    if '"' in line:
        return {name: Place(shown, 1) for name in header}
    places: dict[str, Place] = {}
    column = 1
    for name, written in zip(header, line.split(delimiter)):
        places.setdefault(name, Place(shown, 1, column + len(written) - len(written.lstrip())))
        column += len(written) + 1
    return places


def _xlsx_rows(data: io.BytesIO, shown: str, sheet: str | None, unknown_sheet) -> Iterator[Row]:
    """The workbook sheet's rows (the first sheet's, by default), each cell at its address."""
    from openpyxl import load_workbook
    from openpyxl.utils import get_column_letter

    try:
        book = load_workbook(data, read_only=True, data_only=True)
    except Exception as exc:  # not a workbook: openpyxl says so in many ways
        raise Problem(
            Place(shown, 1).error(
                "spreadsheet.unreadable",
                f"cannot read this workbook: {exc}",
                "save it from your spreadsheet program as an Excel workbook (.xlsx)",
            )
        ) from None
    try:
        names = book.sheetnames
        if sheet is not None and sheet not in names:
            raise unknown_sheet(
                f"the workbook has no sheet `{sheet}` (it has {', '.join(f'`{n}`' for n in names)})",
                did_you_mean(sheet, names) or "name one of its sheets",
            )
        ws = book[sheet] if sheet is not None else book.worksheets[0]
        header: list[str] | None = None
        letters: list[str] = []
        for number, values in enumerate(ws.iter_rows(values_only=True), 1):
            cells = [_cell_text(v) for v in values]
            if header is None:
                header = [c.strip() for c in cells]
                letters = [get_column_letter(i) for i in range(1, len(header) + 1)]
            places = {
                name: Place(shown, number, i + 1, f"{ws.title}!{letters[i]}{number}")
                for i, name in enumerate(header)
                if name
            }
            yield Row(
                {name: value for name, value in zip(header, cells) if name},
                Place(shown, number, 1, f"{ws.title}!A{number}"),
                places,
            )
    finally:
        book.close()


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def _read_rows(
    rows: Iterator[Row], columns: dict[str, str], required: set[str], shown: str, problems: list[Diagnostic]
) -> list[dict]:
    """The cards of the rows after the header (which has the columns of the `required`
    parts); each row's problems reported at its place."""
    cards: list[dict] = []
    header = next(rows, None)
    if header is None:
        raise Problem(
            Place(shown, 1).error(
                "spreadsheet.empty",
                "this spreadsheet has no rows",
                "write the column names (`title`, `body` …) in its first row",
            )
        )
    _check_header(header, columns, required)
    for row in rows:
        if not any(v.strip() for v in row.cells.values()):
            continue  # a blank row: spreadsheets end with some
        if len(cards) == MAX_ROWS:
            raise Problem(
                row.place.error(
                    "spreadsheet.too-many-rows",
                    f"more than {MAX_ROWS:,} rows: a deck has at most {MAX_ROWS:,} cards",
                    "split the rows over several decks (a sheet or a file each)",
                )
            )
        card = _card(row, columns, problems)
        if card is not None:
            cards.append(card)
    if not cards and not problems:
        raise Problem(
            header.place.error(
                "spreadsheet.no-cards",
                "this spreadsheet has no rows of cards",
                "write one card a row under the column names",
            )
        )
    return cards


def _check_header(header: Row, columns: dict[str, str], required: set[str]) -> None:
    """Every column is one a card part is read from, and the `required` parts' are there."""
    named = {name.casefold(): name for name in header.cells}
    wanted = {column.casefold() for column in columns.values()}
    for name in header.cells:
        if name.casefold() not in wanted:
            raise Problem(
                header.places[name].error(
                    "spreadsheet.unknown-column",
                    f"unknown column `{name}`",
                    did_you_mean(name, columns.values())
                    or f"the columns read are {', '.join(f'`{c}`' for c in columns.values())}; "
                    "rename it to one of them, or name it in the deck (`cards: {from: …, body: "
                    + name
                    + "}`)",
                )
            )
    for part in required:
        if columns[part].casefold() not in named:
            raise Problem(
                header.place.error(
                    "spreadsheet.missing-column",
                    f"there is no column `{columns[part]}` for the cards' {part}",
                    did_you_mean(columns[part], header.cells)
                    or f"name the column in the first row, or say which it is with `{part}:` in the deck",
                )
            )


def _card(row: Row, columns: dict[str, str], problems: list[Diagnostic]) -> dict | None:
    """A row's card as YAML would write it, or None (with a problem) when it cannot be one."""
    from pydantic import ValidationError

    from sheetgen.content.models.common import ReferenceCard

    by_fold = {name.casefold(): name for name in row.cells}
    card: dict[str, Any] = {}
    where: dict[str, Place] = {}
    for part, column in columns.items():
        name = by_fold.get(column.casefold())
        value = row.cells.get(name, "").strip() if name else ""
        if name and value:
            card[part] = {"computed": value} if part == "table" else value
            where[part] = row.places.get(name, row.place)
    if "title" not in card:
        place = row.places.get(by_fold.get(columns["title"].casefold(), ""), row.place)
        problems.append(
            place.error(
                "spreadsheet.empty-title",
                "this row has no title",
                f"write the card's title in column `{columns['title']}`, or delete the row",
            )
        )
        return None
    try:
        ReferenceCard.model_validate(card)
    except ValidationError as exc:
        for e in exc.errors():
            part = str(e["loc"][0]) if e["loc"] else "title"
            problems.append(
                where.get(part, row.place).error(
                    "spreadsheet.bad-cell",
                    f"column `{columns.get(part, part)}`: {e['msg']}",
                    "shorten the text" if "at most" in e["msg"] else None,
                )
            )
        return None
    return card
