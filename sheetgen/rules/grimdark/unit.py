"""Checks on a unit profile and the values its card prints: ranges in squares,
rules with their text, movement per action and square occupancy."""

from __future__ import annotations

from sheetgen.content.loader import Document
from sheetgen.content.models.grimdark import GrimdarkUnit
from sheetgen.rules.base import RuleContext
from sheetgen.rules.grimdark.glossary import check_rule, glossary, short_text
from sheetgen.rules.grimdark.profile import ProfileError, RuleRef, has, movement, occupancy, parse_range, rating_of
from sheetgen.rules.grimdark.rulebook import ACTIONS, QUALITY_RANGE


def _rules(ctx: RuleContext, doc: Document, path: tuple, texts: list[str]) -> list[RuleRef]:
    out = []
    for i, text in enumerate(texts):
        ref = check_rule(ctx, doc, path + (i,), text)
        if ref is not None:
            out.append(ref)
    return out


def _rule_rows(ctx: RuleContext, refs: list[RuleRef]) -> list[dict]:
    entries = glossary(ctx.library)
    return [{"name": r.name, "rating": r.rating, "label": r.label, "text": short_text(entries.get(r.name), r.rating)}
            for r in refs]


def _check_numbers(ctx: RuleContext, doc: Document, u: GrimdarkUnit) -> None:
    low, high = QUALITY_RANGE
    for field, code in (("quality", "grimdark.quality-range"), ("defense", "grimdark.defense-range")):
        value = getattr(u, field)
        if not low <= value <= high:
            ctx.error(doc, (field,), code,
                      f"{field} is {value}; it is the roll a die needs, {low}+ to {high}+",
                      f"write a {field} from {low} to {high} (4 means 4+)")
    if u.size < 1:
        ctx.error(doc, ("size",), "grimdark.size-below-one", f"size is {u.size}; a unit has at least one model",
                  "write the number of models, 1 or more")
    if u.cost < 0:
        ctx.error(doc, ("cost",), "grimdark.cost-negative", f"cost is {u.cost}; points are never negative",
                  "write the unit's points, 0 or more")


def _weapon(ctx: RuleContext, doc: Document, i: int, w, size: int) -> dict | None:
    path = ("weapons", i)
    ok = True
    try:
        rng = parse_range(w.range)
    except ProfileError as exc:
        ctx.error(doc, path + ("range",), exc.code or "grimdark.bad-range", str(exc), exc.hint)
        rng, ok = None, False
    if w.attacks < 1:
        ctx.error(doc, path + ("attacks",), "grimdark.attacks-below-one", f"attacks is {w.attacks}; a weapon makes at least one",
                  "write attacks: 1 or more")
        ok = False
    if not 1 <= w.count <= max(size, 1):
        ctx.error(doc, path + ("count",), "grimdark.weapon-count",
                  f"{w.count} models carry {w.name}, but the unit has {size}", f"write a count from 1 to {max(size, 1)}")
        ok = False
    refs = _rules(ctx, doc, path + ("rules",), w.rules)
    if not ok:
        return None
    return {"name": w.name, "count": w.count, "melee": rng is None,
            "range": rng.as_dict() if rng else None, "attacks": w.attacks,
            "ap": rating_of(refs, "AP") or 0, "rules": _rule_rows(ctx, refs)}


def check_unit(doc: Document, ctx: RuleContext) -> dict:
    """Quality and defense 2–6, size ≥ 1, cost ≥ 0, rules with their ratings, ranges.
    Derived: the card's values (ranges in squares and inches, movement, occupancy)."""
    u: GrimdarkUnit = doc.model  # type: ignore[assignment]
    _check_numbers(ctx, doc, u)
    refs = _rules(ctx, doc, ("special_rules",), u.special_rules)
    if has(refs, "Fast") and has(refs, "Slow"):
        ctx.warning(doc, ("special_rules",), "grimdark.fast-and-slow", "the unit is both Fast and Slow; the two cancel out",
                    "keep one of them")
    weapons = []
    for i, w in enumerate(u.weapons):
        row = _weapon(ctx, doc, i, w, u.size)
        if row is not None:
            weapons.append(row)
    moves = movement(refs)
    tough = rating_of(refs, "Tough") or 0
    occ = occupancy(max(u.size, 1), refs, u.footprint)
    return {
        "label": f"{u.name} [{u.size}]",
        "name": u.name,
        "size": u.size,
        "quality": f"{u.quality}+",
        "defense": f"{u.defense}+",
        "cost": u.cost,
        "hero": has(refs, "Hero"),
        "tough": tough,
        "wounds": tough * u.size if tough else 0,
        "special_rules": _rule_rows(ctx, refs),
        "weapons": weapons,
        "movement": [{"action": a, "squares": moves[a]} for a in ACTIONS],
        "occupancy": occ.as_dict(),
    }
