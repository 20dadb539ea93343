"""Pieces every CUBES! product shares: the game's colour and name, the credit line,
and what a record sheet shows (a civilization's values, or a blank)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sheetgen.layout.cards import GAME_TITLES, game_color
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Item, LayoutDocument, Page
from sheetgen.layout.products import DocInput
from sheetgen.layout.sheets.cubes import captions
from sheetgen.layout.widgets import page_frame
from sheetgen.rules.cubes.civilization import starting_pools
from sheetgen.rules.cubes.rulebook import SHEETGEN_PLAYERS
from sheetgen.rules.cubes.values import CivilizationValues, Pool, Rival

GAME_ID = "cubes"
GAME_NAME = GAME_TITLES[GAME_ID]
NOTICE: str | None = None  # the rulebook carries no licence terms; pages carry a credit line


def accent(ctx: LayoutContext) -> str:
    """The game's colour: the theme palette's `cubes` entry or sheetgen's default."""
    return game_color(ctx, GAME_ID)


def footer_text() -> str:
    return captions.credit()


@dataclass(frozen=True)
class Record:
    """What one record sheet or turn log shows; a blank has empty values and form fields."""

    pools: tuple[Pool, ...]
    player: str = ""
    name: str = ""
    color: str | None = None
    game: str = ""
    game_id: str | None = None  # the `cubes-game` the game's title comes from
    over_limit: int = 0
    rivals: tuple[Rival, ...] = ()
    rival_rows: int = SHEETGEN_PLAYERS[1] - 1
    doc: tuple[str, str] | None = None
    fillable: bool = False

    def source(self, *path) -> Source | None:
        return Source(self.doc, tuple(path)) if self.doc else None

    def game_source(self) -> Source | None:
        """Where the game's title is written, so one too long is reported there."""
        return Source(("cubes-game", self.game_id), ("title",)) if self.game_id else None

    def element_id(self, part: str) -> str:
        """A group id for a part of this sheet (`veld-pools`; `pools` on a blank)."""
        return f"{self.doc[1]}-{part}" if self.doc else part

    @property
    def title(self) -> str:
        return self.name or self.player

    @classmethod
    def of_civilization(cls, civ: DocInput, game_title: str = "") -> Record:
        d = civ.values(CivilizationValues)
        return cls(
            pools=d.pools,
            player=d.player,
            name=d.name or "",
            color=d.color,
            game=game_title or d.game_title or "",
            game_id=d.game,
            over_limit=d.over_limit_at_start,
            rivals=d.rivals,
            rival_rows=d.rival_rows,
            doc=civ.key,
        )

    @classmethod
    def blank(cls) -> Record:
        pools = tuple(replace(p, start=None) for p in starting_pools(0))
        return cls(pools=pools, fillable=True)


def frame(ctx: LayoutContext, v: Record, sheet: str, blank_subtitle: str) -> tuple[list[Item], Box, str]:
    """A civilization's sheet frame (titled with its name, or the game's on a blank sheet):
    its items, the content box inside it and the accent colour."""
    color = accent(ctx)
    title, subtitle = (v.title, f"{GAME_NAME} · {sheet}") if v.title else (GAME_NAME, blank_subtitle)
    items, content = page_frame(
        ctx,
        title,
        game=GAME_NAME,
        accent=color,
        subtitle=subtitle,
        notice=footer_text(),
        source=v.source("name" if v.name else "player"),
    )
    return items, content, color


def document(title: str, subject: str, pages: list[Page], ctx: LayoutContext, *keywords: str) -> LayoutDocument:
    return LayoutDocument(
        title=title,
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=subject + (f". {NOTICE}" if NOTICE else ""),
        keywords=(GAME_ID, *keywords),
    )
