"""Checks on an army list and its totals: units that exist, heroes that join as the
glossary's `joining` says, points within the limit."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, cast

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.grimdark.glossary import glossary_keys, joining, rules_in_full
from sheetgen.rules.grimdark.values import ArmyEntryRow, ArmyValues, JoiningValues, UnitRow, UnitValues

if TYPE_CHECKING:
    from sheetgen.content.models.grimdark import ArmyEntry, GrimdarkArmy, GrimdarkUnit, HeroJoining

UNIT = "grimdark-unit"


def _unit_values(ctx: RuleContext, unit: Document) -> UnitValues | None:
    """A unit's derived values; None for a unit the rules could not derive them for."""
    d = ctx.derived.get(unit.key)
    return d if isinstance(d, UnitValues) else None


def _unit_row(ctx: RuleContext, target: Document) -> UnitRow:
    d = _unit_values(ctx, target)
    m = cast("GrimdarkUnit", target.model)
    return UnitRow(
        unit=target.id,
        name=m.name,
        label=d.label if d else f"{m.name} [{m.size}]",
        size=m.size,
        quality=d.quality if d else None,
        defense=d.defense if d else None,
        cost=m.cost,
        tough=d.tough if d else 0,
        hero=d.hero if d else False,
    )


def _join_problem(
    hero: UnitRow, target: UnitRow, entry: ArmyEntry, j: int, rules: HeroJoining
) -> tuple[str, str, str] | None:
    """Why a hero may not join this entry's unit, as (code, message, hint), or None."""
    if not hero.hero:
        return (
            "grimdark.not-a-hero",
            f"`{hero.unit}` ({hero.name}) has no Hero rule; only heroes join other units",
            "list it as a unit of its own, or give it the Hero rule",
        )
    why = f" (sheetgen's reading: {rules.reconstructed})" if rules.reconstructed else ""
    if target.hero:
        return (
            "grimdark.hero-joins-hero",
            f"{hero.name} joins {target.name}, a hero: heroes join units without one{why}",
            f"list `{hero.unit}` as a unit of its own, or join it to a unit of several models",
        )
    if target.size < rules.min_unit_size:
        return (
            "grimdark.join-too-small",
            f"{hero.name} joins {target.label}, a unit of {target.size} "
            f"model{'s' if target.size != 1 else ''}; a hero joins a unit of {rules.min_unit_size} or more{why}",
            f"join `{hero.unit}` to a unit of several models, or list it as a unit of its own",
        )
    if entry.count > 1:
        return (
            "grimdark.join-copies",
            f"{hero.name} joins `{entry.unit}`, taken {entry.count} times: which copy it leads is not said",
            f"write the copy it joins as an entry of its own: `{{unit: {entry.unit}, "
            f"heroes: [{hero.unit}]}}`, and take the others with count: {entry.count - 1}",
        )
    if j >= rules.heroes_per_unit:
        return (
            "grimdark.too-many-heroes",
            f"{hero.name} is hero {j + 1} of {target.label}; a unit takes {rules.heroes_per_unit}{why}",
            f"join `{hero.unit}` to another unit, or list it as a unit of its own",
        )
    return None


def check_army(doc: Document, ctx: RuleContext) -> ArmyValues:
    """Every unit id exists, counts are 1 or more, joined heroes have the Hero rule and
    join as the glossary's `joining` says (one unit each, of enough models, taken once,
    with no other hero), and the points stay within the limit. Derived: the entries with
    their points, the total and what is left of the limit, the glossaries the cards print
    from, the full text of the rules the army carries and how its heroes join."""
    army: GrimdarkArmy = doc.model  # type: ignore[assignment]
    if army.points_limit < 1:
        ctx.error(
            doc,
            ("points_limit",),
            "grimdark.points-limit",
            f"the points limit is {army.points_limit}",
            "write the game's size in points, such as 500",
        )
    rules, joining_glossary = joining(ctx.library)
    entries: list[ArmyEntryRow] = []
    carried: set[str] = set()  # the names of the special rules the army's units and weapons carry
    total = 0
    complete = True
    joined_at: dict[str, int] = {}  # hero id → the entry it joins
    for i, entry in enumerate(army.units):
        where = ("units", i)
        if entry.count < 1:
            ctx.error(
                doc,
                where + ("count",),
                "grimdark.count-below-one",
                f"count is {entry.count}; take a unit once or more",
                "write count: 1 or more, or remove the entry",
            )
        target = ctx.resolve(doc, where + ("unit",), UNIT, entry.unit, "unit")
        target_row = _unit_row(ctx, target) if target is not None else None
        heroes: list[UnitRow] = []
        for j, ref in enumerate(entry.heroes):
            hero = ctx.resolve(doc, where + ("heroes", j), UNIT, ref, "unit")
            if hero is None:
                complete = False
                continue
            row = _unit_row(ctx, hero)
            carried |= _rule_names(ctx, hero)
            problem = _join_problem(row, target_row, entry, j, rules) if target_row is not None else None
            if problem is None and ref in joined_at:
                problem = (
                    "grimdark.hero-joins-twice",
                    f"{row.name} already joins units[{joined_at[ref]}]; a hero joins one unit",
                    f"join `{ref}` to one unit only; for a second such hero, give it a unit document of its own",
                )
            if problem is not None:
                ctx.error(doc, where + ("heroes", j), *problem)
            joined_at.setdefault(ref, i)
            heroes.append(row)
            total += row.cost
        if target is None or target_row is None:
            complete = False
            continue
        carried |= _rule_names(ctx, target)
        points = target_row.cost * max(entry.count, 0)
        total += points
        entries.append(
            ArmyEntryRow(
                **asdict(target_row),
                count=entry.count,
                points=points + sum(h.cost for h in heroes),
                heroes=tuple(heroes),
            )
        )
    if complete and army.points_limit >= 1 and total > army.points_limit:
        ctx.error(
            doc,
            ("points_limit",),
            "grimdark.over-points",
            f"the army costs {total} points, {total - army.points_limit} over its limit of {army.points_limit}",
            "take fewer or cheaper units, or raise the limit",
        )
    return ArmyValues(
        name=army.name,
        faction=army.faction,
        points_limit=army.points_limit,
        total=total,
        left=army.points_limit - total,
        units=tuple(entries),
        models=sum(e.size * e.count + sum(h.size for h in e.heroes) for e in entries),
        glossaries=tuple(key[1] for key in glossary_keys(ctx.library)),
        rules=rules_in_full(ctx.library, carried),
        joining=(
            JoiningValues(rules.heroes_per_unit, rules.min_unit_size, rules.reconstructed, joining_glossary)
            if any(e.heroes for e in entries)
            else None
        ),
    )


def _rule_names(ctx: RuleContext, unit: Document) -> set[str]:
    """The names of the special rules a unit and its weapons carry (AP is a column of its own)."""
    d = _unit_values(ctx, unit)
    if d is None:
        return set()
    rows = d.special_rules + tuple(r for w in d.weapons for r in w.rules)
    return {r.name for r in rows if r.name != "AP"}
