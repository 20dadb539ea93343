"""Kinds shared by every game: themes and reference decks."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, ConfigDict, Field, ValidationError, WithJsonSchema, model_validator
from pydantic_core import InitErrorDetails

from sheetgen.content.checks import (
    DATE_PATTERN,
    LANGUAGE_PATTERN,
    MAX_ID_LENGTH,
    SLUG_PATTERN,
    ContentError,
    check_date,
    check_deck_system,
    check_language,
    unknown_colour_roles,
)
from sheetgen.content.models.base import (
    CardSizeField,
    Color,
    ContentModel,
    DocumentModel,
    Length,
    ShortText,
    Slug,
    Text,
)
from sheetgen.games import games

DeckSystem = Annotated[
    str,
    AfterValidator(check_deck_system),
    WithJsonSchema(
        {
            "anyOf": [{"enum": list(games())}, {"type": "string", "pattern": SLUG_PATTERN, "maxLength": MAX_ID_LENGTH}],
            "description": "the game: one sheetgen knows, or an id of your own game's (its output folder "
            "and its `palette` colour)",
        }
    ),
]

Paper = Literal["a4", "letter"]


class ThemeFonts(ContentModel):
    """TrueType or OpenType (TrueType-flavoured) files, relative to the theme file; or, for
    a family without some style, the name of the style whose font it is set in
    (`italic: regular`)."""

    regular: ShortText | None = Field(
        default=None, description="the upright face: a font file; default: sheetgen's built-in family"
    )
    bold: ShortText | None = Field(default=None, description="the bold face: a font file, or the style it is set in")
    italic: ShortText | None = Field(
        default=None, description="the italic face: a font file, or the style it is set in"
    )
    bold_italic: ShortText | None = Field(
        default=None, description="the bold italic face: a font file, or the style it is set in"
    )


class ThemeColors(ContentModel):
    ink: Color = Field(default="#1b1b1b", description="the colour of text and line work")
    muted: Color = Field(default="#5f5f5f", description="the colour of quieter text: captions, footers, notes")
    accent: Color = Field(
        default="#2b5d8a",
        description="the colour of handouts and decks that belong to no game; each game's own colour is "
        "`palette.<game>`",
    )
    paper: Color = Field(default="#ffffff", description="the fill of boxes and fields to write in")
    card: Color = Field(default="#fbf8f1", description="the background of cards")
    panel: Color = Field(default="#efe9dc", description="the fill of panels and table headings")
    rule: Color = Field(default="#b9b09c", description="the colour of lines to write on, table rules and box outlines")


class Theme(DocumentModel):
    """Fonts, colours, paper, card size and cube size for everything built."""

    kind: Literal["theme"] = Field(description="what the document is: always `theme`")
    name: ShortText | None = Field(None, description="the theme's name, for people (the id is what `--theme` takes)")
    fonts: ThemeFonts = Field(ThemeFonts(), description="the font files text is set in, relative to this file")
    colors: ThemeColors = Field(
        ThemeColors(), description="the colour of each part: a name (from `palette` or built in) or a hex value"
    )
    palette: dict[Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")], Color] = Field(
        {},
        description="named colours; each game's id names its colour (title bands, section headings, card frames)",
    )
    paper: Paper | None = Field(None, description="the paper everything prints on; default a4 (`--paper` overrides)")
    card_size: CardSizeField | None = Field(
        None, description="the size of every card (a deck may set its own); default poker, 63.5 × 88.9 mm"
    )
    cube_size: Length | None = Field(
        None, description="the edge of a printed cube net; default 50mm (`--cube-size` overrides)"
    )
    bleed: Length | None = Field(
        None, description="how far art runs past where a card or print-shop page is cut; default 3mm"
    )
    printable_margin: Length | None = Field(
        None, description="nothing that must print comes closer to the paper's edge (default 5mm)"
    )
    ink: Literal["normal", "saver"] | None = Field(
        None, description="`saver`: light card backs, title bands, cube nets, stickers and grid mats, for home printers"
    )
    templates: ShortText | None = Field(
        None,
        description="a folder of your own templates over the bundled ones, relative to this file "
        "(`--templates` overrides it)",
    )
    dividers: bool | None = Field(
        None, description="handouts: a divider page before every section, or none (a handout's `dividers` wins)"
    )
    print_shop: bool | None = Field(
        None, description="build each deck's one-card-a-page print-shop export beside it (default true)"
    )

    # What `_colour_names_known` refuses, for reading without pydantic (`sheetgen.content.shapes`).
    __plain_checks__ = (unknown_colour_roles,)

    @model_validator(mode="wrap")
    @classmethod
    def _colour_names_known(cls, data: Any, handler):
        """A colour role naming a colour neither the palette nor the built-in names know is
        reported with every other problem of the theme, not after they are fixed."""
        unknown = unknown_colour_names(data)
        try:
            model = handler(data)
        except ValidationError as exc:
            if not unknown:
                raise
            found = [
                InitErrorDetails(type=e["type"], loc=e["loc"], input=e["input"], ctx=e.get("ctx", {}))
                for e in exc.errors(include_url=False)
            ]
            raise ValidationError.from_exception_data(exc.title, found + unknown) from None
        if unknown:
            raise ValidationError.from_exception_data(cls.__name__, unknown)
        return model


def unknown_colour_names(data: Any) -> list[InitErrorDetails]:
    """`theme.unknown-color` for each colour role whose value is a name (not a hex value)
    that is in neither the theme's `palette` nor the built-in names."""
    return [
        InitErrorDetails(
            type="value_error",
            loc=("colors", role),
            input=value,
            ctx={"error": ContentError(f"unknown colour `{value}`", code="theme.unknown-color", hint=hint)},
        )
        for role, value, hint in unknown_colour_roles(data)
    ]


Cell = str | int | float


class CardTable(ContentModel):
    """A table on a card: written out (`columns` and `rows`), or computed by sheetgen
    from the game's rules (`computed: tricube-odds`), so that numbers are never typed."""

    columns: Annotated[list[ShortText], Field(min_length=1, max_length=8)] | None = Field(
        None, description="the column headings"
    )
    rows: Annotated[list[list[Cell]], Field(max_length=40)] | None = Field(
        None, description="the rows, each a list of cells (text or numbers) as long as `columns`"
    )
    computed: ShortText | None = Field(
        None,
        description="instead of `columns` and `rows`: the name of a table the deck's game works out from its rules "
        "(its dice odds, say)",
    )


class CardFigure(ContentModel):
    """A figure a game's rules work out and its layout draws (`computed: grimdark-sight-cover`)."""

    computed: ShortText = Field(description="the name of a figure the deck's game draws from its rules")


class ReferenceCard(ContentModel):
    title: ShortText = Field(description="the card's heading")
    body: Text = Field(
        "", description="the card's text: a blank line starts a paragraph; `**bold**`, `*italic*`, `- ` bullets"
    )
    table: CardTable | None = Field(None, description="a table under the text")
    figure: CardFigure | None = Field(None, description="a figure under the text, drawn by sheetgen")
    back: Text | None = Field(None, description="text on this card's back; default: the deck's `back`")
    footer: ShortText | None = Field(None, description="this card's footer; default: the deck's `footer`")


def _cards_from_a_spreadsheet(schema: dict[str, Any]) -> None:
    """The schema offers `cards: {from: cards.csv …}` beside the list: the loader reads
    the rows into cards before the deck is validated (`sheetgen.content.spreadsheet`)."""
    from sheetgen.content.spreadsheet import FORM_SCHEMA

    cards = schema["properties"]["cards"]
    schema["properties"]["cards"] = {"anyOf": [cards, FORM_SCHEMA], "description": cards.pop("description")}


class ReferenceDeck(DocumentModel):
    """A deck of reference cards for one game, imposed on pages with crop marks; its
    cards are written out, or read from a spreadsheet."""

    model_config = ConfigDict(**DocumentModel.model_config, json_schema_extra=_cards_from_a_spreadsheet)

    kind: Literal["reference-deck"] = Field(description="what the document is: always `reference-deck`")
    system: DeckSystem
    title: ShortText = Field(description="the deck's name, printed on the card backs")
    color: Color | None = Field(None, description="the deck's colour (title bands, frames); default: the game's")
    card_size: CardSizeField | None = Field(None, description="this deck's card size; default: the theme's")
    imposition: Literal["sheet", "single"] = Field(
        "sheet", description="sheet: cards side by side on each page, with crop marks; single: one card a page"
    )
    footer: ShortText | None = Field(
        None, description="the line at the foot of every card (a credit); default: the title"
    )
    back: Text | None = Field(None, description="text on every card's back (a card's own `back` wins)")
    cards: Annotated[list[ReferenceCard], Field(min_length=1, max_length=50_000)] = Field(
        description="the cards in order, written out, or `{from: cards.csv}` to read them from a spreadsheet"
    )


class Include(ContentModel):
    """Which documents a handout section takes, and which of their products; or, instead
    of documents, a blank product (`blank: cubes-blank-record-sheet`) that needs none."""

    # One of `kind` and `blank` (the rules say so at the `include` naming neither or both).
    kind: Annotated[str, Field(min_length=1, max_length=64)] | None = Field(
        None, description="the kind of the documents the section takes"
    )
    product: Annotated[str, Field(min_length=1, max_length=64)] | None = Field(
        None,
        description="a product of the kind (`sheetgen products` lists them); may be left out where the kind has one",
    )
    ids: list[Slug] | None = Field(None, description="which documents of the kind, by id; default: every one")
    blank: Annotated[str, Field(min_length=1, max_length=64)] | None = Field(
        None, description="instead of documents, a blank product (`sheetgen products` lists them with scope `blank`)"
    )


class HandoutSection(ContentModel):
    title: ShortText = Field(description="the section's heading: in the contents, the bookmarks and on its divider")
    text: Text | None = Field(None, description="words printed on the section's divider page")
    include: Include | None = Field(None, description="what the section prints; without it, a page of `text` alone")


PublicationDate = Annotated[
    str,
    AfterValidator(check_date),
    WithJsonSchema({"type": "string", "pattern": DATE_PATTERN, "examples": ["2026-03-14"]}),
]
Language = Annotated[
    str,
    AfterValidator(check_language),
    WithJsonSchema({"type": "string", "pattern": LANGUAGE_PATTERN, "examples": ["en", "de-AT"]}),
]


class Handout(DocumentModel):
    """A publisher's bundle: sections of other documents' products in one PDF."""

    kind: Literal["handout"] = Field(description="what the document is: always `handout`")
    title: ShortText = Field(description="the bundle's title: on the cover and in the PDF's properties")
    subtitle: ShortText | None = Field(None, description="a line under the title on the cover")
    author: ShortText | None = Field(None, description="who publishes it: on the cover and in the PDF's properties")
    cover_image: ShortText | None = Field(
        None, description="a PNG or JPEG file inside the project, relative to this file: printed on the cover"
    )
    paper: Paper | None = Field(None, description="the paper it prints on; default: the theme's (`--paper` overrides)")
    profile: Literal["print-and-play", "print-shop"] = Field(
        "print-and-play",
        description="print-and-play: pages for a home printer; print-shop: CMYK pages with bleed and crop marks, "
        "and the cards one a page in a second PDF",
    )
    cover: bool = Field(True, description="a cover with the contents, and the imprint behind it")
    dividers: bool | None = Field(
        None,
        description="a divider page before every section, or none; default: the theme's, else every section "
        "when any has `text`",
    )
    page_numbers: bool = Field(
        True, description="each body page's number printed at its foot (or head) where the page has room"
    )
    date: PublicationDate | None = Field(
        None, description="the publication date the PDFs carry (`SOURCE_DATE_EPOCH` overrides it)"
    )
    subject: ShortText | None = Field(
        None, description="the PDF's subject; default: the title and how many sections it has"
    )
    keywords: Annotated[list[ShortText], Field(max_length=50)] = Field(
        [], description="the PDF's keywords; the kinds it includes are added"
    )
    language: Language | None = Field(
        None, description="the language of its text, as the PDF records it (`en`, `de-AT`)"
    )
    sections: Annotated[list[HandoutSection], Field(min_length=1, max_length=200)] = Field(
        description="the sections, in the order they print; each starts on a right-hand page"
    )


KINDS = {
    "theme": Theme,
    "reference-deck": ReferenceDeck,
    "handout": Handout,
}
