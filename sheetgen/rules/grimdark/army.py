"""Checks on an army list and its totals: units that exist, heroes that are heroes,
points within the limit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext

if TYPE_CHECKING:
    from sheetgen.content.models.grimdark import GrimdarkArmy

UNIT = "grimdark-unit"


def _unit_row(ctx: RuleContext, target: Document) -> dict:
    d = ctx.derived.get(target.key) or {}
    m = target.model
    return {"unit": target.id, "name": m.name, "label": d.get("label", f"{m.name} [{m.size}]"), "size": m.size,
            "quality": d.get("quality"), "defense": d.get("defense"), "cost": m.cost,
            "tough": d.get("tough", 0), "hero": d.get("hero", False)}


def check_army(doc: Document, ctx: RuleContext) -> dict:
    """Every unit id exists, counts are 1 or more, joined heroes have the Hero rule,
    and the points stay within the limit. Derived: the entries with their points,
    the total and what is left of the limit. A hero joins one copy of its entry."""
    army: GrimdarkArmy = doc.model  # type: ignore[assignment]
    if army.points_limit < 1:
        ctx.error(doc, ("points_limit",), "grimdark.points-limit", f"the points limit is {army.points_limit}",
                  "write the game's size in points, such as 500")
    entries: list[dict] = []
    total = 0
    complete = True
    for i, entry in enumerate(army.units):
        where = ("units", i)
        if entry.count < 1:
            ctx.error(doc, where + ("count",), "grimdark.count-below-one", f"count is {entry.count}; take a unit once or more",
                      "write count: 1 or more, or remove the entry")
        target = ctx.resolve(doc, where + ("unit",), UNIT, entry.unit, "unit")
        heroes = []
        for j, ref in enumerate(entry.heroes):
            hero = ctx.resolve(doc, where + ("heroes", j), UNIT, ref, "unit")
            if hero is None:
                complete = False
                continue
            row = _unit_row(ctx, hero)
            if not row["hero"]:
                ctx.error(doc, where + ("heroes", j), "grimdark.not-a-hero",
                          f"`{ref}` ({hero.model.name}) has no Hero rule; only heroes join other units",
                          "list it as a unit of its own, or give it the Hero rule")
            heroes.append(row)
            total += row["cost"]
        if target is None:
            complete = False
            continue
        row = _unit_row(ctx, target)
        points = row["cost"] * max(entry.count, 0)
        total += points
        entries.append({**row, "count": entry.count, "points": points + sum(h["cost"] for h in heroes),
                        "heroes": heroes})
    if complete and army.points_limit >= 1 and total > army.points_limit:
        ctx.error(doc, ("points_limit",), "grimdark.over-points",
                  f"the army costs {total} points, {total - army.points_limit} over its limit of {army.points_limit}",
                  "take fewer or cheaper units, or raise the limit")
    return {
        "name": army.name,
        "faction": army.faction,
        "points_limit": army.points_limit,
        "total": total,
        "left": army.points_limit - total,
        "units": entries,
        "models": sum(e["size"] * e["count"] + sum(h["size"] for h in e["heroes"]) for e in entries),
    }
