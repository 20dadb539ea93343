"""The checks and vocabularies content models share, importable without pydantic.

Each content model (`sheetgen.content.models`) names these functions as its fields'
validators; `sheetgen.content.plain` calls the same functions when it reads valid
content without pydantic. A check returns the value as the document means it (a hex
colour in lowercase, a length in points) or raises `ContentError`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from sheetgen.diagnostics import did_you_mean, safe
from sheetgen.games import games
from sheetgen.units import CARD_SIZES, LengthError, parse_length

#: Output folders a deck's game may not be named after.
RESERVED_SYSTEMS = ("handouts",)

SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
_SLUG_RE = re.compile(SLUG_PATTERN)
MAX_ID_LENGTH = 64
HEX_COLOR_PATTERN = r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"
_HEX_RE = re.compile(HEX_COLOR_PATTERN)
COLOR_NAME_RE = re.compile(r"^[a-z][a-z0-9-]*$")

DEFAULT_PALETTE = {
    "black": "#1b1b1b",
    "white": "#ffffff",
    "blue": "#1f5fbf",
    "yellow": "#f4c20d",
    "green": "#2e8b3d",
    "red": "#c0392b",
    "orange": "#e67e22",
    "purple": "#7d3c98",
    "grey": "#8a8a8a",
    "gray": "#8a8a8a",
    "brown": "#8b5a2b",
    "pink": "#e07aa8",
    "cyan": "#1fa6b8",
    "magenta": "#b0307f",
}

# Tricube Tales' closed vocabularies.
TRAITS = ("agile", "brawny", "crafty")
COMBAT_STYLES = ("melee", "ranged", "mental")

# Cubit: interface icons are path data in a box from 0 to this, each way.
ICON_BOX = 100.0
DAMAGE_STATES = ("undamaged", "damaged", "beyond-repair", "blown-up")

# Grimdark: a range as written: `24in`, `24"` or `8sq`; 0 is melee. Numbers are read in
# the rules, so that a bare one (`24`) is an error at its value, with both ways to write it.
RANGE_PATTERN = r'^\s*(0+(\.0+)?|[0-9]+(\.[0-9]+)?\s*(in|"|sq|squares?))\s*$'


class ContentError(ValueError):
    """A value that is wrong in a way the author can fix; carries a stable code and a hint."""

    def __init__(self, message: str, *, code: str = "content.invalid", hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.hint = hint


# Letters that no Unicode decomposition turns into ASCII, as Latin letters (Hebrew, Greek,
# Cyrillic and a few Latin ones): enough for a readable id, not a scholarly transliteration.
_LETTERS = {
    **dict(
        zip(
            "אבגדהוזחטיכךלמםנןסעפףצץקרשת",
            [
                "",
                "b",
                "g",
                "d",
                "h",
                "v",
                "z",
                "ch",
                "t",
                "y",
                "k",
                "k",
                "l",
                "m",
                "m",
                "n",
                "n",
                "s",
                "",
                "p",
                "f",
                "ts",
                "ts",
                "k",
                "r",
                "sh",
                "t",
            ],
        )
    ),
    **dict(
        zip(
            "αβγδεζηθικλμνξοπρσςτυφχψω",
            [
                "a",
                "v",
                "g",
                "d",
                "e",
                "z",
                "i",
                "th",
                "i",
                "k",
                "l",
                "m",
                "n",
                "x",
                "o",
                "p",
                "r",
                "s",
                "s",
                "t",
                "y",
                "f",
                "ch",
                "ps",
                "o",
            ],
        )
    ),
    **dict(
        zip(
            "абвгдеёжзийклмнопрстуфхцчшщъыьэюяєіїґ",
            [
                "a",
                "b",
                "v",
                "g",
                "d",
                "e",
                "e",
                "zh",
                "z",
                "i",
                "y",
                "k",
                "l",
                "m",
                "n",
                "o",
                "p",
                "r",
                "s",
                "t",
                "u",
                "f",
                "kh",
                "ts",
                "ch",
                "sh",
                "shch",
                "",
                "y",
                "",
                "e",
                "yu",
                "ya",
                "ye",
                "i",
                "yi",
                "g",
            ],
        )
    ),
    "ß": "ss",
    "æ": "ae",
    "œ": "oe",
    "ø": "o",
    "đ": "d",
    "ð": "d",
    "þ": "th",
    "ł": "l",
    "ı": "i",
}


def natural_key(text: str) -> tuple:
    """Sorts "monster-2" before "monster-10" (numbers by value, the rest by letters)."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part.casefold()) for part in re.split(r"(\d+)", text) if part
    )


def slugify(text: str, default: str = "my-id", limit: int = MAX_ID_LENGTH) -> str:
    """A best-effort slug of `text` (a name, or a bad id): diacritics folded ("Zoë" →
    `zoe`), other scripts' letters transliterated where a table knows them, cut at a
    word boundary to at most `limit` characters; `default` when nothing is left."""
    folded = unicodedata.normalize("NFKD", str(text).lower())
    latin = "".join(_LETTERS.get(c, c) for c in folded if not unicodedata.combining(c))
    slug = re.sub(r"[^a-z0-9]+", "-", latin).strip("-")
    if len(slug) > limit:
        cut = slug[: limit + 1].rfind("-")
        slug = slug[:cut] if cut > 0 else slug[:limit].strip("-")
    return slug or default


def check_slug(value: str) -> str:
    if len(value) > MAX_ID_LENGTH or not _SLUG_RE.match(value):
        raise ContentError(
            f"`{value}` is not a valid id: ids are lowercase letters, digits and single hyphens, "
            f"at most {MAX_ID_LENGTH} characters",
            code="content.bad-id",
            hint=f"try `{slugify(value)}`",
        )
    return value


def length(value: Any) -> float:
    try:
        return parse_length(value)
    except LengthError as exc:
        raise ContentError(str(exc), code="content.bad-length") from None


def check_color(value: str) -> str:
    if _HEX_RE.match(value):
        if len(value) == 4:
            value = "#" + "".join(c * 2 for c in value[1:])
        return value.lower()
    if COLOR_NAME_RE.match(value):
        return value
    raise ContentError(
        f"`{value}` is not a colour",
        code="content.bad-color",
        hint='write a colour name such as `blue` or a hex value such as `"#1f5fbf"` (quoted: # starts a comment)',
    )


def card_size(value: Any) -> Any:
    if isinstance(value, str):
        if value not in CARD_SIZES:
            raise ContentError(
                f"`{value}` is not a card size",
                code="content.bad-card-size",
                hint=f"use one of {', '.join(CARD_SIZES)} or {{width: 63.5mm, height: 88.9mm}}",
            )
        w, h = CARD_SIZES[value]
        return {"width": f"{w}pt", "height": f"{h}pt"}
    return value


def check_deck_system(value: str) -> str:
    """One of the registered games, or a game of the publisher's own (an id, which names
    the output folder and the palette colour). A near miss of a registered one is a typo."""
    known = tuple(games())
    if value in known:
        return value
    listed = ", ".join(f"`{s}`" for s in known)
    near = did_you_mean(value, known)
    if near or value in RESERVED_SYSTEMS:
        raise ContentError(
            f"`{value}` is not one of the games sheetgen knows ({listed})",
            code="content.not-allowed",
            hint=near or f"`{value}` names another output folder; choose another id for your game",
        )
    try:
        return check_slug(value)
    except ContentError as exc:
        raise ContentError(
            f"`{value}` is neither one of {listed} nor an id for a game of your own: {exc.message}",
            code="content.not-allowed",
            hint=exc.hint,
        ) from None


DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
LANGUAGE_PATTERN = r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"
#: Languages written as their names, and the tags to write instead.
LANGUAGE_NAMES = {
    "english": "en",
    "german": "de",
    "deutsch": "de",
    "french": "fr",
    "français": "fr",
    "francais": "fr",
    "spanish": "es",
    "español": "es",
    "espanol": "es",
    "italian": "it",
    "italiano": "it",
    "portuguese": "pt",
    "português": "pt",
    "dutch": "nl",
    "nederlands": "nl",
    "polish": "pl",
    "polski": "pl",
    "swedish": "sv",
    "svenska": "sv",
    "danish": "da",
    "dansk": "da",
    "norwegian": "nb",
    "norsk": "nb",
    "finnish": "fi",
    "suomi": "fi",
    "czech": "cs",
    "čeština": "cs",
    "japanese": "ja",
    "chinese": "zh",
    "russian": "ru",
    "greek": "el",
    "turkish": "tr",
    "hungarian": "hu",
    "magyar": "hu",
}


def _written(value: str) -> str:
    """A value as a one-line diagnostic quotes it: line breaks and controls escaped."""
    return safe(value.replace("\n", "\\n"))


def check_date(value: str) -> str:
    """A publication date: YYYY-MM-DD, and a day of the calendar."""
    import datetime

    hint = "write the publication date as YYYY-MM-DD, such as `2026-03-14`"
    if not re.fullmatch(DATE_PATTERN[1:-1], value):
        raise ContentError(f"`{_written(value)}` is not a date written YYYY-MM-DD", code="handout.bad-date", hint=hint)
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise ContentError(
            f"`{_written(value)}` is not a date in the calendar", code="handout.bad-date", hint=hint
        ) from None
    return value


def check_language(value: str) -> str:
    """A BCP 47 language tag (`en`, `de-AT`); a language's name gets its tag as the hint."""
    if re.fullmatch(LANGUAGE_PATTERN[1:-1], value):
        return value
    tag = LANGUAGE_NAMES.get(value.strip().lower())
    raise ContentError(
        f"`{_written(value)}` is not a language tag",
        code="content.bad-language",
        hint=f"write `{tag}`" if tag else "write a BCP 47 tag such as `en`, `en-GB` or `de-AT`",
    )


class OneOf:
    """A word from a closed vocabulary (a Tricube trait): the value, or a `ContentError`
    naming the words and the nearest one."""

    def __init__(self, options: tuple[str, ...], code: str, what: str):
        self.options, self.code, self.what = tuple(options), code, what

    def __call__(self, value: str) -> str:
        if value not in self.options:
            listed = ", ".join(f"`{o}`" for o in self.options)
            raise ContentError(
                f"`{value}` is not a {self.what}; a {self.what} is one of {listed}",
                code=self.code,
                hint=did_you_mean(value, self.options) or f"write one of {listed}",
            )
        return value


def unknown_colour_roles(data: Any) -> list[tuple[str, str, str]]:
    """A theme's colour roles whose value is a name (not a hex value) that is in neither
    its `palette` nor the built-in names: (role, name, hint) each."""
    if not isinstance(data, dict) or not isinstance(data.get("colors"), dict):
        return []
    palette = data.get("palette")
    known = set(DEFAULT_PALETTE) | (
        set(k for k in palette if isinstance(k, str)) if isinstance(palette, dict) else set()
    )
    out = []
    for role, value in data["colors"].items():
        if isinstance(value, str) and COLOR_NAME_RE.match(value) and value not in known:
            out.append(
                (role, value, did_you_mean(value, sorted(known)) or "use a hex value or a name from the palette")
            )
    return out
