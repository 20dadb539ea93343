"""Checks on a CUBES! table (`cubes-game`): two to six civilizations (sheetgen's
choice, not the rulebook's), each once, each at one table, each in its own colour
(the colour of its embassy cubes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.cubes.civilization import games_listing
from sheetgen.rules.cubes.rulebook import SHEETGEN_PLAYERS
from sheetgen.rules.cubes.values import GameValues

if TYPE_CHECKING:
    from sheetgen.content.models.cubes import CubesCivilization, CubesGame

CIV_KIND = "cubes-civilization"


def _check_size(doc: Document, ctx: RuleContext, game: CubesGame) -> None:
    low, high = SHEETGEN_PLAYERS
    n = len(dict.fromkeys(game.civilizations))
    if not low <= n <= high:
        ctx.error(
            doc,
            ("civilizations",),
            "cubes.game-size",
            f"the game lists {n} civilization{'s' if n != 1 else ''}; sheetgen prints a table of {low} to {high} "
            "(its own choice: the rulebook names no number of players)",
            "list from two to six civilization ids" if n < low else "split the players over two games",
        )


def _check_twice(doc: Document, ctx: RuleContext, game: CubesGame) -> set[int]:
    """A civilization listed twice here, or already at another table; returns the
    indices reported, so the colour check skips them."""
    seen: dict[str, int] = {}
    reported: set[int] = set()
    for i, ref in enumerate(game.civilizations):
        if ref in seen:
            ctx.error(
                doc,
                ("civilizations", i),
                "cubes.duplicate-civilization",
                f"`{ref}` is already civilization {seen[ref] + 1} of this game",
                "list each civilization once",
            )
            reported.add(i)
            continue
        seen[ref] = i
        first = games_listing(ctx.library, ref)[0]
        if first.key != doc.key:
            ctx.error(
                doc,
                ("civilizations", i),
                "cubes.civilization-in-two-games",
                f"`{ref}` already plays in the game `{first.id}` ({first.file}:{first.start.line}); "
                "a record sheet belongs to one table",
                f"give this game its own civilization (a copy of `{ref}` under a new id)",
            )
            reported.add(i)
    return reported


def check_game(doc: Document, ctx: RuleContext) -> GameValues:
    """Derived: the civilization ids in play order."""
    game: CubesGame = doc.model  # type: ignore[assignment]
    _check_size(doc, ctx, game)
    skip = _check_twice(doc, ctx, game)
    colours: dict[str, tuple[int, str]] = {}
    players: list[str] = []
    for i, ref in enumerate(game.civilizations):
        if i in skip:
            continue
        target = ctx.resolve(doc, ("civilizations", i), CIV_KIND, ref, "civilization")
        if target is None:
            continue
        players.append(ref)
        civ = cast("CubesCivilization", target.model)
        if civ.color is None:
            ctx.error(
                doc,
                ("civilizations", i),
                "cubes.no-color",
                f"`{ref}` ({civ.player}) has no colour; at a table every civilization plays a colour, "
                "which its embassy cubes show",
                f"add `color:` to `{ref}` ({target.file}:{target.start.line})",
            )
            continue
        if not ctx.theme.knows_color(civ.color):
            continue  # reported on the civilization itself
        hex_ = ctx.theme.color(civ.color)
        if hex_ in colours:
            j, other = colours[hex_]
            ctx.error(
                doc,
                ("civilizations", i),
                "cubes.duplicate-color",
                f"`{ref}` plays {civ.color}, the colour of `{other}` (civilization {j + 1}); "
                "embassy cubes must tell the civilizations apart",
                f"give `{ref}` another colour ({target.file}:{target.start.line})",
            )
            continue
        colours[hex_] = (i, ref)
    return GameValues(game.title, tuple(players))
