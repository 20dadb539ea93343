"""Themes: the theme document plus command-line overrides → the values layout uses."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from sheetgen.content import plain
from sheetgen.content.checks import DEFAULT_PALETTE
from sheetgen.content.loader import Document, Library
from sheetgen.content.project import template_sources
from sheetgen.diagnostics import did_you_mean
from sheetgen.fonts import STYLES, FontFace, default_faces, face_for_file
from sheetgen.rules.base import RuleContext
from sheetgen.units import CARD_SIZES, MM, PAPER_SIZES

if TYPE_CHECKING:
    from sheetgen.content.models.common import Theme

DEFAULT_CUBE_SIZE = 50 * MM
DEFAULT_BLEED = 3 * MM
DEFAULT_PRINTABLE_MARGIN = 5 * MM  # home printers lose 3–6 mm at each edge
DEFAULT_THEME_ID = "default"


@dataclass(frozen=True, slots=True)
class Settings:
    """Choices made on the command line; None means "as the theme says"."""

    paper: str | None = None
    cube_size: float | None = None
    theme: str | None = None
    templates: str | None = None  # the publisher's templates folder


@dataclass(frozen=True)
class ResolvedTheme:
    """Everything layout needs to know about the look of a build."""

    id: str
    fonts: dict[str, FontFace]
    colors: dict[str, str]
    palette: dict[str, str]
    paper_name: str
    paper: tuple[float, float]
    card: tuple[float, float]
    cube_size: float
    bleed: float
    author: str = ""
    extra: dict[str, str] = field(default_factory=dict)
    paper_forced: bool = False  # chosen on the command line: documents do not override it
    templates: str = ""  # the publisher's templates folder, over the bundled ones
    dividers: bool | None = None  # handouts: a divider before every section, or none
    templates_digest: str = ""  # of its files, so outputs rebuild when one changes
    broken: bool = False  # the chosen theme has errors: nothing should be built with it
    printable_margin: float = DEFAULT_PRINTABLE_MARGIN  # nothing that must print comes closer to the edge
    ink: str = "normal"  # "saver": light card backs, title bands, cube nets, stickers and grid mats
    print_shop: bool = True  # decks also get their one-card-a-page print-shop export

    @property
    def ink_saver(self) -> bool:
        return self.ink == "saver"

    def on_paper(self, name: str | None) -> ResolvedTheme:
        """This theme on the paper a document asks for (a handout's `paper`), unless the
        command line chose the paper (`--paper`), which documents do not override."""
        if not name or self.paper_forced or name == self.paper_name:
            return self
        return replace(self, paper_name=name, paper=PAPER_SIZES[name])

    def color(self, name: str) -> str:
        """A theme colour role (`ink`), a palette name (`blue`) or a hex value → hex."""
        if name.startswith("#"):
            return name
        if name in self.colors:
            return self.colors[name]
        return self.palette[name]

    def knows_color(self, name: str) -> bool:
        return name.startswith("#") or name in self.palette or name in self.colors


def theme_ids(library: Library) -> list[str]:
    """Every theme the project has, valid or not, sorted."""
    return sorted(set(library.ids("theme")) | {i for k, i in library.invalid if k == "theme"})


def choose_theme(library: Library, requested: str | None = None) -> tuple[str | None, str | None]:
    """(the id of the theme to use, or None for the built-in look; a problem, or None).

    The theme asked for; else the project's only theme, whatever its id; else the one
    named `default`. Several themes and none asked for, or one asked for that is not
    there, is a problem naming the themes there are."""
    ids = theme_ids(library)
    listed = ", ".join(f"`{i}`" for i in ids)
    if requested:
        if requested in ids:
            return requested, None
        hint = did_you_mean(requested, ids)
        there = f"the themes are {listed}" if ids else "there are no themes (the built-in look needs no --theme)"
        return None, f"there is no theme with the id `{requested}`; {there}" + (f" ({hint})" if hint else "")
    if len(ids) == 1:
        return ids[0], None
    if DEFAULT_THEME_ID in ids:
        return DEFAULT_THEME_ID, None
    if ids:
        return None, (
            f"there are {len(ids)} themes ({listed}) and none is named `{DEFAULT_THEME_ID}`; "
            f"choose one with --theme, e.g. --theme {ids[0]}"
        )
    return None, None


#: The style a theme's family uses for one it has no file for (the checks warn about it).
#: Italics fall back on the upright of the theme's family; a missing bold stays sheetgen's
#: (emphasis matters more than one family).
FONT_FALLBACK = {"regular": (), "bold": (), "italic": ("regular",), "bold_italic": ("bold", "italic")}


def resolve_theme(library: Library, ctx: RuleContext, settings: Settings = Settings()) -> ResolvedTheme:
    """The theme `choose_theme` picks (the built-in look if none), with command-line
    overrides applied."""
    chosen, _ = choose_theme(library, settings.theme)
    doc: Document | None = library.get("theme", chosen) if chosen else None
    rejected = chosen is not None and doc is None  # the loader found errors in it
    model: Theme | None = doc.model if doc is not None and ctx.ok(doc) else None  # type: ignore[assignment]
    fonts = default_faces()
    palette = dict(DEFAULT_PALETTE)
    colors = plain.make("ThemeColors").model_dump()
    paper_name = "a4"
    card = CARD_SIZES["poker"]
    cube = DEFAULT_CUBE_SIZE
    bleed = DEFAULT_BLEED
    margin = DEFAULT_PRINTABLE_MARGIN
    ink = "normal"
    if model is not None and doc is not None:
        base = Path(doc.file).parent
        given = {}
        for style in STYLES:
            rel = getattr(model.fonts, style)
            if rel is not None and rel not in STYLES:  # already checked by the theme's rules
                fonts[style] = given[style] = face_for_file(base / rel, style)
        for style in STYLES:  # `italic: regular`: a style set in the font another names
            rel = getattr(model.fonts, style)
            if rel in given:
                fonts[style] = given[style] = given[rel]
        if given:  # a style the theme leaves out is set in its own family, not in another's
            for style in STYLES:
                if style not in given:
                    fallback = next((given[s] for s in FONT_FALLBACK[style] if s in given), None)
                    fonts[style] = fallback or fonts[style]
        palette.update(model.palette)
        colors = model.colors.model_dump()
        paper_name = model.paper or paper_name
        if model.card_size is not None:
            card = (model.card_size.width, model.card_size.height)
        cube = model.cube_size or cube
        bleed = model.bleed if model.bleed is not None else bleed
        margin = model.printable_margin if model.printable_margin is not None else margin
        ink = model.ink or ink
    if settings.paper:
        paper_name = settings.paper
    if settings.cube_size:
        cube = settings.cube_size
    for role, value in colors.items():
        if not value.startswith("#"):  # a name the theme model has checked (`unknown_colour_names`)
            colors[role] = palette.get(value, "#000000")
    theme_id = doc.id if doc is not None else chosen if chosen is not None else "built-in"
    templates = settings.templates or ""
    if not templates and model is not None and doc is not None and model.templates:
        templates = str(Path(doc.file).parent / model.templates)
    return ResolvedTheme(
        id=theme_id,
        fonts=fonts,
        colors=colors,
        palette=palette,
        paper_name=paper_name,
        paper=PAPER_SIZES[paper_name],
        card=card,
        cube_size=cube,
        bleed=bleed,
        paper_forced=bool(settings.paper),
        templates=str(Path(templates).resolve()) if templates and Path(templates).is_dir() else "",
        templates_digest=_templates_digest(templates),
        dividers=model.dividers if model is not None else None,
        print_shop=model.print_shop is not False if model is not None else True,
        broken=rejected or (doc is not None and doc.key in ctx.failed),
        printable_margin=margin,
        ink=ink,
    )


def _templates_digest(folder: str) -> str:
    """A digest of the templates a build may read from the folder (never of other files)."""
    import hashlib

    if not folder or not Path(folder).is_dir():
        return ""
    h = hashlib.sha256()
    root = Path(folder)
    for path in template_sources(root):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:
            pass
    return h.hexdigest()[:16]


def check_colour_name(ctx: RuleContext, theme: ResolvedTheme, doc: Document, path: tuple, name: str) -> bool:
    """Report a colour name the theme does not know; True when it is known."""
    if theme.knows_color(name):
        return True
    ctx.error(
        doc,
        path,
        "content.unknown-color",
        f"unknown colour `{name}`",
        did_you_mean(name, theme.palette) or f"use a hex value or one of: {', '.join(sorted(theme.palette))}",
    )
    return False
