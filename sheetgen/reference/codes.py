"""Every diagnostic code sheetgen reports: what it means and how to fix it.

The codes every game shares are here; a game's own codes are in the module its record
names (`codes`). `docs/reference/diagnostics.md` is written from them all (`all_codes`),
and a test checks that every code the source passes to a diagnostic is there and every
code there is still used."""

from __future__ import annotations

import importlib

from sheetgen.games import records

#: code → (what it means, how to fix it)
CODES: dict[str, tuple[str, str]] = {
    "build.not-rebuilt": (
        "An output was kept as it was because a document it is made from has errors, or could not be read (a warning).",
        "Fix the errors of that document (`sheetgen validate` on it shows them); the next build rebuilds the output.",
    ),
    "build.output-refused": (
        "The output folder is not one sheetgen may write into: the project itself, its content, or a "
        "folder of files sheetgen did not write.",
        "Give `-o` an empty folder, or one an earlier build wrote.",
    ),
    "build.write-failed": (
        "An output could not be written: the disk is full or the folder is not writable.",
        "Free space or make the folder writable, then build again; earlier outputs are intact.",
    ),
    "content.bad-card-size": (
        "The card size is neither a named size nor a width and height.",
        "Use `poker`, `bridge`, `mini`, `tarot`, `square`, or `{width: 63.5mm, height: 88.9mm}`.",
    ),
    "content.bad-color": (
        "The value is not a colour.",
        'Write a colour name such as `blue` or a quoted hex value such as `"#1f5fbf"`.',
    ),
    "content.bad-id": (
        "The id is not a lowercase slug of at most 64 characters.",
        "Use lowercase letters, digits and single hyphens (`my-thing`); the hint suggests one.",
    ),
    "content.bad-language": ("The value is not a BCP 47 language tag.", "Write a tag such as `en`, `en-GB` or `de`."),
    "content.bad-length": (
        "The value is not a length with a unit.",
        "Write a number and a unit: `50mm`, `2in`, `12pt`, `3cm`.",
    ),
    "content.bad-name": (
        "A name is not lowercase letters, digits and hyphens (a palette key), or two interfaces share a name or code.",
        "Write the name as a lowercase slug, or give every interface its own name and code.",
    ),
    "content.broken-link": (
        "A link in the content folder leads nowhere (its target is missing, or it loops).",
        "Remove the link or restore what it pointed to.",
    ),
    "content.broken-reference": (
        "A document refers to another that has errors of its own.",
        "Fix the document referred to first.",
    ),
    "content.duplicate-id": (
        "Two documents of one kind share an id; neither is built.",
        "Give one of them another id, or delete the copy.",
    ),
    "content.empty": (
        "A text or list that must hold something is empty.",
        "Write a value, or leave the field out where it is optional.",
    ),
    "content.empty-file": (
        "A content file holds no YAML documents (a warning).",
        "Add a document, or delete the file.",
    ),
    "content.encoding": ("The file is not valid UTF-8.", "Save the file as UTF-8."),
    "content.file-too-large": ("A content file is larger than 8 MiB.", "Split it into several files."),
    "content.invalid": (
        "A value does not pass its field's check (the message says which).",
        "Write a value the field accepts; `sheetgen schema KIND` lists them.",
    ),
    "content.key-case": (
        "A key is written with capitals (`Kind:`); keys are lowercase.",
        "Write the key in lowercase (`kind:`).",
    ),
    "content.missing-field": (
        "A field the kind requires is not given.",
        "Add the field; [kinds](kinds.md) marks every required field.",
    ),
    "content.missing-id": ("A document has no `id:`.", "Add `id:` with a lowercase slug such as `my-thing`."),
    "content.missing-kind": ("A document has no `kind:`.", "Add `kind:` with one of the kinds in [kinds](kinds.md)."),
    "content.not-a-mapping": (
        "A document is not a mapping of keys to values.",
        "Write the document as `key: value` lines starting with `kind:` and `id:`.",
    ),
    "content.not-allowed": (
        "A value is not one of those the field allows (a game, an option).",
        "Use one of the values the message lists.",
    ),
    "content.out-of-range": (
        "A number lies outside its field's limits.",
        "Write a number within the limits the message gives.",
    ),
    "content.outside-project": (
        "A file or link leads outside the project; sheetgen does not read it.",
        "Copy the file into the project, or name it on the command line.",
    ),
    "content.too-few": (
        "A list has fewer items than its field needs.",
        "Add items up to the number the message gives.",
    ),
    "content.too-long": ("A text is longer than its field allows.", "Shorten it to the length the message gives."),
    "content.too-many": (
        "A list has more items than its field allows.",
        "Remove items down to the number the message gives.",
    ),
    "content.too-many-documents": ("A content file holds more than 10,000 documents.", "Split it into several files."),
    "content.unknown-color": (
        "A colour name is neither a known colour nor one of the theme's `palette`.",
        "Use a known colour name, a hex value, or add the name to the theme's `palette`.",
    ),
    "content.unknown-field": (
        "A key the kind does not have (often a misspelling).",
        "Remove it or correct its spelling (the hint suggests the field meant).",
    ),
    "content.unknown-kind": (
        "`kind:` names no kind sheetgen knows.",
        "Use one of the kinds in [kinds](kinds.md) (the hint suggests the closest).",
    ),
    "content.unknown-reference": (
        "A reference names an id no document of that kind has.",
        "Correct the id, or add the document it names.",
    ),
    "content.unreadable": (
        "A file or folder cannot be read.",
        "Make it readable, or move it out of the content folder.",
    ),
    "content.wrong-type": (
        "A value has the wrong type (text for a number, a list for a mapping …).",
        "Write the type the message names; quote text that YAML would read as a number.",
    ),
    "deck.table-both": (
        "A card's table is both computed and written out.",
        "Remove `columns` and `rows`, or remove `computed`.",
    ),
    "deck.table-incomplete": (
        "A written-out table lacks `columns` or `rows`.",
        "Add the missing one, or use `computed:`.",
    ),
    "deck.table-row-width": (
        "A table row has more or fewer cells than the table has columns.",
        "Give every row one cell per column.",
    ),
    "deck.unknown-figure": (
        "`figure: {computed: …}` names no figure the rules compute.",
        "Use one of the figures the hint lists.",
    ),
    "deck.unknown-table": (
        "`table: {computed: …}` names no table the rules compute.",
        "Use one of the tables the hint lists.",
    ),
    "diagnostics.truncated": (
        "(JSON only) More diagnostics of one file than a report shows; this note counts the rest by severity and code.",
        "Fix the first ones and run again.",
    ),
    "handout.bad-date": ("A handout's `date` is not a date written YYYY-MM-DD.", "Write a date such as `2025-12-31`."),
    "handout.bad-image": (
        "The cover image is not a PNG or JPEG picture sheetgen can read.",
        "Save the picture as PNG or JPEG.",
    ),
    "handout.blank-with-documents": (
        "An `include` with `blank:` also names documents (`kind:`, `product:`, `ids:`).",
        "Remove them, or include the documents in a section of their own.",
    ),
    "handout.empty-section": (
        "A section includes a kind of which there are no valid documents; it prints nothing (a warning).",
        "Add documents of that kind, or remove the section.",
    ),
    "handout.image-outside-project": (
        "The cover image lies outside the project.",
        "Copy the picture into the project and give its path relative to the handout's file.",
    ),
    "handout.include-nothing": (
        "An `include` names neither documents (`kind:`) nor a blank product (`blank:`).",
        "Add `kind:` (and `product:`), or `blank:`.",
    ),
    "handout.no-product": (
        "A handout includes a kind that has no product it can include.",
        "See [products](products.md) for the kinds each product is made from.",
    ),
    "handout.nothing-printed": (
        "A section's documents have no pages in its product, such as stickers without temporary upgrades (a warning).",
        "Remove the section, or give its documents something to print.",
    ),
    "handout.product-needed": (
        "A section's kind has several products and the section says not which.",
        "Add `product:` with one of those the hint lists.",
    ),
    "handout.text-not-printed": (
        "A section of cards alone in a print-shop handout has text, which prints nowhere (a warning).",
        "Make the text a section of its own without `include`, or remove it.",
    ),
    "handout.text-without-divider": (
        "A section's text prints on its divider, and the handout has `dividers: false` (a warning).",
        "Remove the text, make it a section of its own, or set `dividers: true`.",
    ),
    "handout.unknown-blank": (
        "`blank:` names no blank product.",
        "Use a product of scope blank from [products](products.md) (the hint suggests one).",
    ),
    "handout.unknown-kind": (
        "A handout includes a kind it cannot include.",
        "Use one of the kinds in [kinds](kinds.md) (the hint suggests the closest).",
    ),
    "handout.unknown-product": (
        "`product:` names no product of the section's kind.",
        "Use one of the products the hint lists.",
    ),
    "import.bad-join": (
        "A hero in the export joins no unit of the army.",
        "Export the list again from the list builder.",
    ),
    "import.bad-json": ("The export is not valid JSON.", "Export the list again; the file may be cut short."),
    "import.bad-line": (
        "A line of a text export looks like a unit but cannot be read.",
        "Export the list again, or correct the line.",
    ),
    "import.bad-weapon": (
        "A weapon or rule in the export cannot be read.",
        'A weapon reads `5x Rifle (24", A1, AP(1))`, a rule `Tough(3)`.',
    ),
    "import.empty": ("The export is empty.", "Export the list again from the list builder."),
    "import.missing-field": (
        "An entry of the export lacks a field sheetgen needs.",
        "Export the list again; the file may be cut short or edited.",
    ),
    "import.no-units": ("The army in the export has no units.", "Add units in the list builder and export again."),
    "import.not-utf8": ("The export is not UTF-8 text.", "Export the list again as text or JSON."),
    "import.out-of-range": (
        "A number in the export is outside what a unit can have.",
        "Check the export in the list builder.",
    ),
    "import.points-mismatch": (
        "The export's total points differ from the sum of its units.",
        "Check the list in the list builder and export it again.",
    ),
    "import.too-large": ("The export file is too large to be an army list.", "Export one army at a time."),
    "import.unreadable": ("The export file cannot be read.", "Check the path and its permissions."),
    "import.wrong-type": ("The JSON export is not an object.", "Export the army list as JSON from the list builder."),
    "internal.error": (
        "sheetgen failed on an output: a bug. Other outputs are built.",
        "Report it; set `SHEETGEN_DEBUG=1` for a traceback.",
    ),
    "layout.card-too-big": ("A card does not fit on the paper.", "Choose a smaller card size or larger paper."),
    "layout.label-shortened": (
        "A label that is not a rule (a footer, an owner's name) was too long for its line and is "
        "shortened with an ellipsis (a warning).",
        "Shorten it to the characters the message gives.",
    ),
    "layout.missing-glyph": (
        "No font of the theme draws a character of the text (a warning); it prints as a blank.",
        "Give the theme a font that has it (DejaVu Sans for Polish, Greek, Cyrillic …).",
    ),
    "layout.right-to-left": (
        "Text in a script written right to left, which sheetgen would print in the wrong order (a warning).",
        "Write it in a script written left to right, or set it in a picture.",
    ),
    "layout.text-abbreviated": (
        "sheetgen's own words did not fit at the smallest size and were shortened (a warning).",
        "Choose a narrower font in the theme, or a larger card.",
    ),
    "layout.text-overflow": (
        "Text does not fit its box even at the smallest type size.",
        "Shorten it to what the message says fits, or choose a larger card or paper.",
    ),
    "serve.too-large": (
        "A document sent to the workbench is too large.",
        "Send a smaller document; edit large files in the content folder.",
    ),
    "settings.cube-too-big": (
        "The workbench's cube size is too large for its paper.",
        "Choose a smaller cube size or larger paper.",
    ),
    "spreadsheet.bad-cell": (
        "A cell's value does not fit its column (a number, a table cell).",
        "Correct the cell as the message says.",
    ),
    "spreadsheet.empty": (
        "The spreadsheet has no rows.",
        "Write the column names (`title`, `body` …) in its first row.",
    ),
    "spreadsheet.empty-title": ("A row has no title.", "Write the card's title, or delete the row."),
    "spreadsheet.extra-cells": (
        "A row has more cells than the header names columns.",
        "Give the extra cells a column name, or quote a cell that holds a comma.",
    ),
    "spreadsheet.missing": ("The spreadsheet named by `from:` is not there.", "The path is relative to the YAML file."),
    "spreadsheet.missing-column": (
        "A column the cards need is not in the header.",
        "Add the column, or name the one to use.",
    ),
    "spreadsheet.no-cards": (
        "The spreadsheet has column names but no rows of cards.",
        "Write one card a row under the column names.",
    ),
    "spreadsheet.no-sheets": (
        "`sheet:` is given for a CSV file, which has no sheets.",
        "Leave `sheet:` out, or name an `.xlsx` workbook.",
    ),
    "spreadsheet.not-utf8": ("A CSV file is not UTF-8 text.", "Save it as “CSV UTF-8”."),
    "spreadsheet.outside-project": (
        "The spreadsheet lies outside the project.",
        "Keep it inside the project's folder.",
    ),
    "spreadsheet.syntax": (
        "A CSV row cannot be read (an unclosed quote).",
        'Close the quoted cell with `"` (write `""` for a quote inside it).',
    ),
    "spreadsheet.too-large": ("The spreadsheet is too large.", "Split its cards into several decks."),
    "spreadsheet.too-many-rows": (
        "The spreadsheet has more rows than a deck has cards.",
        "Split the rows over several decks.",
    ),
    "spreadsheet.unknown-column": (
        "A column name is not a card field.",
        "Rename it to a card field (the hint suggests one), or remove the column.",
    ),
    "spreadsheet.unknown-format": (
        "The file is neither CSV nor an Excel workbook.",
        "Name a `.csv` file (UTF-8) or an `.xlsx` workbook.",
    ),
    "spreadsheet.unknown-sheet": ("The workbook has no sheet of that name.", "Use one of the sheets the hint lists."),
    "spreadsheet.unreadable": ("The spreadsheet cannot be read.", "Check its permissions, or save it again."),
    "template.error": (
        "A template failed while rendering (a macro calling itself without end …).",
        "Correct the template as the message says.",
    ),
    "template.folder-too-big": (
        "The templates folder holds too many files to look through.",
        "Give a folder that holds only your templates.",
    ),
    "template.memory-limit": (
        "A template needed more memory than a build may give it.",
        "Look for values that grow in a loop.",
    ),
    "template.not-found": (
        "A template includes or imports one that is not there.",
        "Include only templates of the folder or the bundled ones.",
    ),
    "template.outside": (
        "A template in the folder is a link leading outside it; it is not used (a warning).",
        "Copy the template into the folder instead of linking to it.",
    ),
    "template.size-limit": (
        "A template made text longer than it may make for one field.",
        "Look for text that doubles, repeats or is padded to a large width.",
    ),
    "template.syntax": (
        "A template has a Jinja2 syntax error.",
        "Correct it at the line given (see the Jinja2 template documentation).",
    ),
    "template.time-limit": (
        "A template ran longer than the time it has for one field.",
        "Look for loops over large ranges, or loops within loops.",
    ),
    "template.undefined": (
        "A template uses a name that is not defined where it is used.",
        "Use a name the template is given ([templates](../templates.md) lists them).",
    ),
    "template.unreadable": ("A template file cannot be read.", "Save it as UTF-8."),
    "template.unsafe": (
        "A template reaches Python's internals, which is refused.",
        "Use only the values the template is given.",
    ),
    "template.unused": (
        "A template in the folder replaces no bundled template (a warning).",
        "Name it by a bundled template's path, or remove it.",
    ),
    "theme.bad-font": (
        "A font style names a style the theme gives no file for.",
        "Name a style with a font file, or give a file here.",
    ),
    "theme.card-too-small": ("The card size is smaller than a mini card.", "Use `card_size: mini` or larger."),
    "theme.cube-too-big": (
        "The cube size is too large for a net to fit on the paper.",
        "Use the largest size the message gives, or larger paper.",
    ),
    "theme.cube-too-small": ("The cube size is too small for a net to print.", "Use a larger cube size."),
    "theme.font-outside-project": (
        "A font file lies outside the project.",
        "Copy the font into the project and give its path relative to the theme file.",
    ),
    "theme.margin-too-wide": (
        "A product does not fit inside the theme's `printable_margin`.",
        "Make `printable_margin` at most what the message gives.",
    ),
    "theme.no-templates": ("The theme's `templates` folder is not there.", "Give a folder relative to the theme file."),
    "theme.partial-family": (
        "The theme gives fonts for some styles but not all (a warning).",
        "Add the family's other styles, or say which style stands in (`italic: regular`).",
    ),
    "theme.size-out-of-range": (
        "A theme length (bleed, margin, cube size) is outside its range.",
        "Write a length within the range the message gives.",
    ),
    "theme.templates-outside-project": (
        "The theme's templates folder lies outside the project.",
        "Move it into the project and give its path relative to the theme file.",
    ),
    "theme.unknown-color": (
        "A theme colour names no known colour.",
        "Use a colour name, a hex value, or a `palette` entry.",
    ),
    "yaml.ambiguous-number": (
        "A number with a leading zero, which YAML 1.1 reads as octal.",
        "Write the number without the zero, or quote it as text.",
    ),
    "yaml.bad-merge": ("`<<` merges something that is not a mapping.", "Merge only mappings."),
    "yaml.bad-tag-value": ("A value does not fit its tag.", "Remove the tag or correct the value."),
    "yaml.complex-key": ("A mapping key is not plain text.", "Quote the key."),
    "yaml.control-character": ("Text holds an invisible control character that cannot print.", "Remove it."),
    "yaml.duplicate-key": (
        "A key appears twice in one mapping.",
        "Remove one; YAML would otherwise keep only the last.",
    ),
    "yaml.missing-separator": (
        "Two documents run together without `---`.",
        "Put `---` on a line of its own before the second.",
    ),
    "yaml.non-text-key": (
        "A key is a number or other non-text value.",
        "Field names are words; quote it if it must be a number.",
    ),
    "yaml.number-rewritten": (
        "A cell's number would print differently from how it is written (a warning).",
        "Quote it to print it as written.",
    ),
    "yaml.number-too-long": ("A number too long to read.", "Write a smaller number, or quote it as text."),
    "yaml.syntax": (
        "The file is not valid YAML.",
        "Correct the line given (indentation, a missing colon, an unclosed quote).",
    ),
    "yaml.too-deep": ("Values are nested too deeply to read.", "Flatten the structure."),
    "yaml.too-large": (
        "Aliases expand the document beyond what sheetgen reads (an alias bomb).",
        "Write the values out instead of nesting aliases.",
    ),
    "yaml.unsupported-tag": ("A YAML tag (`!!python/…` and the like) is refused.", "Remove the tag."),
}


def all_codes() -> dict[str, tuple[str, str]]:
    """The shared codes and every registered game's, code → (what it means, how to fix it)."""
    out = dict(CODES)
    for record in records():
        if record.codes is not None:
            out.update(importlib.import_module(record.codes).CODES)
    return out
