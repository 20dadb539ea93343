"""Checks on a unit profile and the values its card prints: ranges in squares,
rules with their text, movement per action and square occupancy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.grimdark.glossary import check_rule, glossary, short_text
from sheetgen.rules.grimdark.profile import (
    ProfileError,
    RuleRef,
    has,
    movement,
    occupancy,
    parse_range,
    parse_rule,
    rating_of,
    weapon_count_fits,
)
from sheetgen.rules.grimdark.rulebook import ACTIONS, AIRCRAFT_MOVE, QUALITY_RANGE
from sheetgen.rules.grimdark.values import Move, RuleRow, UnitValues, WeaponRow

if TYPE_CHECKING:
    from sheetgen.content.models.grimdark import GrimdarkUnit


def _rules(ctx: RuleContext, doc: Document, path: tuple, texts: list[str]) -> list[RuleRef]:
    out = []
    for i, text in enumerate(texts):
        ref = check_rule(ctx, doc, path + (i,), text)
        if ref is not None:
            out.append(ref)
    return out


def _unit_rules(ctx: RuleContext, doc: Document, u: GrimdarkUnit) -> list[RuleRef]:
    """The unit's special rules; one the glossary marks as a weapon's (`AP`, `Blast`) is
    a warning at it: listed for the unit, no weapon on the card has it."""
    entries = glossary(ctx.library)
    refs = []
    for i, text in enumerate(u.special_rules):
        ref = check_rule(ctx, doc, ("special_rules", i), text)
        if ref is None:
            continue
        refs.append(ref)
        if (entries.get(ref.name) or {}).get("weapon"):
            ctx.warning(
                doc,
                ("special_rules", i),
                "grimdark.weapon-rule-on-unit",
                f"`{ref.label}` is a weapon rule, not a unit's: in `special_rules` it belongs to no weapon on the card",
                _weapon_rule_hint(ref, u),
            )
    return refs


def _weapon_rule_hint(ref: RuleRef, u: GrimdarkUnit) -> str:
    """Where a weapon rule listed for the unit goes: the weapon that has it already,
    else the `rules` of one of the unit's weapons."""
    for w in u.weapons:
        for text in w.rules:
            try:
                carried = parse_rule(text)
            except ProfileError:
                continue
            if carried.name == ref.name:
                return f"`{w.name}` has `{carried.label}` already: remove it from `special_rules`"
    names = [f"`{w.name}`" for w in u.weapons]
    if not names:
        return f"move it to the weapon that has it: `weapons: [{{name: …, attacks: 1, rules: [{ref.label}]}}]`"
    which = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return f"move it to the `rules` of the weapon that has it ({which}): `rules: [{ref.label}]`"


def _rule_rows(ctx: RuleContext, refs: list[RuleRef]) -> tuple[RuleRow, ...]:
    entries = glossary(ctx.library)
    return tuple(
        RuleRow(
            name=r.name,
            rating=r.rating,
            label=r.label,
            text=short_text(entries.get(r.name), r.rating),
            reconstructed=bool((entries.get(r.name) or {}).get("reconstructed")),
        )
        for r in refs
    )


def _check_numbers(ctx: RuleContext, doc: Document, u: GrimdarkUnit) -> None:
    low, high = QUALITY_RANGE
    for field, code in (("quality", "grimdark.quality-range"), ("defense", "grimdark.defense-range")):
        value = getattr(u, field)
        if not low <= value <= high:
            ctx.error(
                doc,
                (field,),
                code,
                f"{field} is {value}; it is the roll a die needs, {low}+ to {high}+",
                f"write a {field} from {low} to {high} (4 means 4+)",
            )
    if u.size < 1:
        ctx.error(
            doc,
            ("size",),
            "grimdark.size-below-one",
            f"size is {u.size}; a unit has at least one model",
            "write the number of models, 1 or more",
        )
    if u.cost < 0:
        ctx.error(
            doc,
            ("cost",),
            "grimdark.cost-negative",
            f"cost is {u.cost}; points are never negative",
            "write the unit's points, 0 or more",
        )


def _weapon(ctx: RuleContext, doc: Document, i: int, w, size: int) -> WeaponRow | None:
    path = ("weapons", i)
    ok = True
    try:
        rng = parse_range(w.range)
    except ProfileError as exc:
        ctx.error(doc, path + ("range",), exc.code or "grimdark.bad-range", str(exc), exc.hint)
        rng, ok = None, False
    if w.attacks < 1:
        ctx.error(
            doc,
            path + ("attacks",),
            "grimdark.attacks-below-one",
            f"attacks is {w.attacks}; a weapon makes at least one",
            "write attacks: 1 or more",
        )
        ok = False
    if w.count < 1 or not weapon_count_fits(w.count, size):
        ctx.error(
            doc,
            path + ("count",),
            "grimdark.weapon-count",
            f"{w.count} models carry {w.name}, but the unit has {size}",
            f"write a count from 1 to {max(size, 1)}"
            + (" (only a unit of one model carries a weapon more than once)" if w.count > 1 else ""),
        )
        ok = False
    refs = _rules(ctx, doc, path + ("rules",), w.rules)
    if not ok:
        return None
    return WeaponRow(
        name=w.name,
        count=w.count,
        melee=rng is None,
        range=rng,
        attacks=w.attacks,
        ap=rating_of(refs, "AP") or 0,
        rules=_rule_rows(ctx, refs),
    )


def check_unit(doc: Document, ctx: RuleContext) -> UnitValues:
    """Quality and defense 2–6, size ≥ 1, cost ≥ 0, rules with their ratings (weapon
    rules on weapons), ranges with their units.
    Derived: the card's values (ranges in squares and inches, movement, occupancy)."""
    u: GrimdarkUnit = doc.model  # type: ignore[assignment]
    _check_numbers(ctx, doc, u)
    refs = _unit_rules(ctx, doc, u)
    if has(refs, "Fast") and has(refs, "Slow"):
        ctx.warning(
            doc,
            ("special_rules",),
            "grimdark.fast-and-slow",
            "the unit is both Fast and Slow; the two cancel out",
            "keep one of them",
        )
    weapons = []
    for i, w in enumerate(u.weapons):
        row = _weapon(ctx, doc, i, w, u.size)
        if row is not None:
            weapons.append(row)
    moves = movement(refs)
    aircraft = has(refs, "Aircraft")
    tough = rating_of(refs, "Tough") or 0
    occ = occupancy(max(u.size, 1), refs, u.footprint)
    return UnitValues(
        label=f"{u.name} [{u.size}]",
        name=u.name,
        size=u.size,
        quality=f"{u.quality}+",
        defense=f"{u.defense}+",
        cost=u.cost,
        hero=has(refs, "Hero"),
        tough=tough,
        wounds=tough * u.size if tough else 0,
        special_rules=_rule_rows(ctx, refs),
        weapons=tuple(weapons),
        # An Aircraft moves 6–12 squares straight ahead on every activation, whatever its action.
        movement=(
            (Move("aircraft", AIRCRAFT_MOVE[0], AIRCRAFT_MOVE[1]),)
            if aircraft
            else tuple(Move(a, moves[a]) for a in ACTIONS)
        ),
        occupancy=occ,
    )
