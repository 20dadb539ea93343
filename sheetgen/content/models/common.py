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

    regular: ShortText | None = None
    bold: ShortText | None = None
    italic: ShortText | None = None
    bold_italic: ShortText | None = None


class ThemeColors(ContentModel):
    ink: Color = "#1b1b1b"
    muted: Color = "#5f5f5f"
    accent: Color = Field(
        default="#2b5d8a",
        description="handouts and decks that belong to no game; each game's own colour is `palette.<game>`",
    )
    paper: Color = "#ffffff"
    card: Color = "#fbf8f1"
    panel: Color = "#efe9dc"
    rule: Color = "#b9b09c"


class Theme(DocumentModel):
    """Fonts, colours, paper, card size and cube size for everything built."""

    kind: Literal["theme"]
    name: ShortText | None = None
    fonts: ThemeFonts = ThemeFonts()
    colors: ThemeColors = ThemeColors()
    palette: dict[Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")], Color] = Field(
        {},
        description="named colours; each game's id names its colour (title bands, section headings, card frames)",
    )
    paper: Paper | None = None
    card_size: CardSizeField | None = None
    cube_size: Length | None = None
    bleed: Length | None = None
    printable_margin: Length | None = Field(
        None, description="nothing that must print comes closer to the paper's edge (default 5mm)"
    )
    ink: Literal["normal", "saver"] | None = Field(
        None, description="`saver`: light card backs, title bands, cube nets, stickers and grid mats, for home printers"
    )
    # A folder of the publisher's templates over the bundled ones, relative to this file
    # (`sheetgen build --templates DIR` overrides it).
    templates: ShortText | None = None
    # Handouts: a divider page before every section, or none (a handout's `dividers` wins).
    dividers: bool | None = None
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

    columns: Annotated[list[ShortText], Field(min_length=1, max_length=8)] | None = None
    rows: Annotated[list[list[Cell]], Field(max_length=40)] | None = None
    computed: ShortText | None = None


class CardFigure(ContentModel):
    """A figure a game's rules work out and its layout draws (`computed: grimdark-sight-cover`)."""

    computed: ShortText


class ReferenceCard(ContentModel):
    title: ShortText
    body: Text = ""
    table: CardTable | None = None
    figure: CardFigure | None = None
    back: Text | None = None
    footer: ShortText | None = None


def _cards_from_a_spreadsheet(schema: dict[str, Any]) -> None:
    """The schema offers `cards: {from: cards.csv …}` beside the list: the loader reads
    the rows into cards before the deck is validated (`sheetgen.content.spreadsheet`)."""
    from sheetgen.content.spreadsheet import FORM_SCHEMA

    schema["properties"]["cards"] = {"anyOf": [schema["properties"]["cards"], FORM_SCHEMA]}


class ReferenceDeck(DocumentModel):
    """A deck of reference cards for one game, imposed on pages with crop marks; its
    cards are written out, or read from a spreadsheet."""

    model_config = ConfigDict(**DocumentModel.model_config, json_schema_extra=_cards_from_a_spreadsheet)

    kind: Literal["reference-deck"]
    system: DeckSystem
    title: ShortText
    color: Color | None = None
    card_size: CardSizeField | None = None
    imposition: Literal["sheet", "single"] = "sheet"
    footer: ShortText | None = None  # the line at the foot of every card (a credit); default: the title
    back: Text | None = None
    cards: Annotated[list[ReferenceCard], Field(min_length=1, max_length=50_000)]


class Include(ContentModel):
    """Which documents a handout section takes, and which of their products; or, instead
    of documents, a blank product (`blank: cubes-blank-record-sheet`) that needs none."""

    # One of `kind` and `blank` (the rules say so at the `include` naming neither or both).
    kind: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    # May be left out where the kind has a single product (a `reference-deck`'s `reference`).
    product: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    ids: list[Slug] | None = None
    # A blank product's registry id, as `sheetgen products` lists it with scope `blank`.
    blank: Annotated[str, Field(min_length=1, max_length=64)] | None = None


class HandoutSection(ContentModel):
    title: ShortText
    text: Text | None = None
    include: Include | None = None


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

    kind: Literal["handout"]
    title: ShortText
    subtitle: ShortText | None = Field(None, description="a line under the title on the cover")
    author: ShortText | None = None
    cover_image: ShortText | None = Field(
        None, description="a PNG or JPEG file inside the project, relative to this file: printed on the cover"
    )
    paper: Paper | None = None
    profile: Literal["print-and-play", "print-shop"] = "print-and-play"
    cover: bool = True
    # A divider page before every section, or none; default: every section when any has `text`.
    dividers: bool | None = None
    # Each body page's number printed at its foot (or head) where the page has room.
    page_numbers: bool = True
    # The publication date the PDFs carry (`SOURCE_DATE_EPOCH` overrides it): YYYY-MM-DD.
    date: PublicationDate | None = None
    subject: ShortText | None = None
    keywords: Annotated[list[ShortText], Field(max_length=50)] = []
    language: Language | None = None  # BCP 47: en, de-AT
    sections: Annotated[list[HandoutSection], Field(min_length=1, max_length=200)]


KINDS = {
    "theme": Theme,
    "reference-deck": ReferenceDeck,
    "handout": Handout,
}
