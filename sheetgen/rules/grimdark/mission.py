"""Checks on a mission: a grid the mat can print, two deployment zones with room
between them, objective markers on square corners outside the zones and over three
squares apart."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.grimdark.rulebook import INCHES_PER_SQUARE, OBJECTIVE_SPACING
from sheetgen.rules.grimdark.sight import distance
from sheetgen.rules.grimdark.values import Grid, MissionValues, Zone
from sheetgen.units import INCH, MM, format_mm

if TYPE_CHECKING:
    from sheetgen.content.models.grimdark import GrimdarkMission

GRID_RANGE = (4, 36)
SQUARE_RANGE = (10 * MM, 4 * INCH)
DEFAULT_SQUARE = INCHES_PER_SQUARE * INCH


def deployment_zones(columns: int, rows: int, depth: int) -> tuple[Zone, ...]:
    """The two zones along the top and bottom edges, in squares (none at depth 0)."""
    if depth < 1:
        return ()
    return (Zone("top", 0, 0, columns, depth), Zone("bottom", 0, rows - depth, columns, depth))


def _check_grid(ctx: RuleContext, doc: Document, m: GrimdarkMission) -> bool:
    low, high = GRID_RANGE
    ok = True
    for field in ("columns", "rows"):
        value = getattr(m.grid, field)
        if not low <= value <= high:
            ctx.error(
                doc,
                ("grid", field),
                "grimdark.grid-size",
                f"the grid has {value} {field}; a battlefield has {low} to {high}",
                "the rulebook plays on 12 × 12 squares (also 8 × 8, 10 × 10 or 18 × 12)",
            )
            ok = False
    if m.square is not None and not SQUARE_RANGE[0] <= m.square <= SQUARE_RANGE[1]:
        ctx.error(
            doc,
            ("square",),
            "grimdark.square-size",
            f"a square of {format_mm(m.square)} cannot hold models; squares are {format_mm(SQUARE_RANGE[0])} "
            f"to {format_mm(SQUARE_RANGE[1])}",
            "the rulebook's squares are 3in",
        )
    if ok and not 0 <= m.deployment_depth <= (m.grid.rows - 2) // 2:
        ctx.error(
            doc,
            ("deployment_depth",),
            "grimdark.deployment-depth",
            f"deployment zones {m.deployment_depth} rows deep leave no room between them on {m.grid.rows} rows",
            f"use a depth from 0 (no zones) to {max(0, (m.grid.rows - 2) // 2)}",
        )
        ok = False
    if m.rounds < 1:
        ctx.error(doc, ("rounds",), "grimdark.rounds", f"the mission lasts {m.rounds} rounds", "write rounds: 4")
    return ok


def _check_objectives(ctx: RuleContext, doc: Document, m: GrimdarkMission) -> tuple[tuple[int, int], ...]:
    cols, rows, depth = m.grid.columns, m.grid.rows, m.deployment_depth
    placed: list[tuple[int, tuple[int, int]]] = []
    for i, (x, y) in enumerate(m.objectives):
        where = ("objectives", i)
        if not (1 <= x <= cols - 1 and 1 <= y <= rows - 1):
            ctx.error(
                doc,
                where,
                "grimdark.objective-off-grid",
                f"[{x}, {y}] is not a corner shared by four squares of the {cols} × {rows} grid",
                f"write [x, y] with x from 1 to {cols - 1} and y from 1 to {rows - 1}",
            )
            continue
        if not depth + 1 <= y <= rows - depth - 1:
            ctx.error(
                doc,
                where,
                "grimdark.objective-in-deployment",
                f"the marker at [{x}, {y}] touches a deployment zone; markers sit outside them",
                f"use y from {depth + 1} to {rows - depth - 1}",
            )
            continue
        for j, (px, py) in placed:
            d = distance((x, y), (px, py))
            if d <= OBJECTIVE_SPACING:
                ctx.error(
                    doc,
                    where,
                    "grimdark.objectives-too-close",
                    f"the marker at [{x}, {y}] is {d} squares from marker {j + 1} at [{px}, {py}]; "
                    f"markers are over {OBJECTIVE_SPACING} squares apart",
                    "move one of them further away",
                )
                break
        else:
            placed.append((i, (x, y)))
    return tuple(p for _, p in placed)


def check_mission(doc: Document, ctx: RuleContext) -> MissionValues:
    """Derived: the grid, the square's side, the deployment zones and the markers."""
    m: GrimdarkMission = doc.model  # type: ignore[assignment]
    ok = _check_grid(ctx, doc, m)
    objectives = _check_objectives(ctx, doc, m) if ok else ()
    square = m.square if m.square is not None else DEFAULT_SQUARE
    return MissionValues(
        name=m.name,
        grid=Grid(m.grid.columns, m.grid.rows),
        square_pt=square,
        square=format_mm(square),
        deployment_depth=m.deployment_depth,
        gap=m.grid.rows - 2 * m.deployment_depth,
        zones=deployment_zones(m.grid.columns, m.grid.rows, m.deployment_depth),
        objectives=objectives,
        rounds=m.rounds,
    )
