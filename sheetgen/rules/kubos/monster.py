"""KUBOS monsters: which fields each type takes, how a monster compares with what
the rules give its type, and its stat block values (special rules, treasure).

Impossible values (negative HP, a rank on a dragon) are errors; values the rules
would not roll but a referee may choose (a tougher orc) are warnings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.kubos.common import check_at_most, check_magic_items, check_not_negative
from sheetgen.rules.kubos.core import (
    ATTRIBUTES,
    COINS_MAX,
    DRAGON_DEFENCE,
    HP_MAX,
    MONSTER_STAT_MAX,
    POISON_ALWAYS,
    POISON_HALF,
    POISON_NEVER,
    MonsterProfile,
    coins_for,
    highest_monster_attribute,
    monster_profile,
)
from sheetgen.rules.kubos.text import SPECIAL_RULES
from sheetgen.rules.kubos.values import MonsterValues, SpecialRule, Treasure

if TYPE_CHECKING:
    from sheetgen.content.models.kubos import KubosMonster


def check_monster(doc: Document, ctx: RuleContext) -> MonsterValues | None:
    """Fields that fit the type, values in range and against the rules' profile;
    derived: the stat block.

    Values are checked even when the fields do not fit the type, so that one run
    reports every impossible value; comparisons with the rules' profile (warnings)
    wait until the fields are right, since the profile depends on them."""
    m: KubosMonster = doc.model  # type: ignore[assignment]
    fields_ok = _check_fields(doc, ctx, m)
    size = m.size or "normal"
    profile = monster_profile(m.type, m.rank, size, m.undead_type)
    compare = fields_ok
    attributes = _attributes(doc, ctx, m, profile, size, compare)
    defence = _defence(doc, ctx, m, profile, compare)
    hp = _hp(doc, ctx, m, profile, compare)
    poisonous = _poison(doc, ctx, m, profile, compare)
    treasure = _treasure(doc, ctx, m, hp, compare)
    if not fields_ok:
        return None
    rules = list(profile.special_rules) + (["poison"] if poisonous else [])
    special = [SpecialRule(*SPECIAL_RULES[r]) for r in rules]
    special += [SpecialRule("", text) for text in m.special_rules]
    return MonsterValues(
        type=m.type,
        rank=m.rank,
        size=size if m.type == "humanoid" else None,
        undead_type=m.undead_type,
        attributes=attributes,
        defence=defence,
        hp=hp,
        hp_roll=profile.hp.text(),
        hp_range=(profile.hp.lowest, profile.hp.highest),
        poisonous=poisonous,
        special_rules=tuple(special),
        treasure=treasure,
    )


def _check_fields(doc: Document, ctx: RuleContext, m: KubosMonster) -> bool:
    """Rank and size only for humanoids, undead_type only (and always) for the undead."""
    before = len(ctx.diagnostics)
    if m.type == "humanoid":
        if m.rank is None:
            ctx.error(
                doc,
                ("type",),
                "kubos.monster-rank-missing",
                f"`{m.name}` is a humanoid without a rank",
                "add `rank: grunt`, `rank: captain` or `rank: commander`",
            )
        if m.attributes is None:
            ctx.error(
                doc,
                ("type",),
                "kubos.monster-attributes-missing",
                f"`{m.name}` is a humanoid without attributes: the rules let the referee choose which are raised",
                "write `attributes:`, or roll a humanoid with `sheetgen new kubos-monster --type humanoid`",
            )
    else:
        if m.rank is not None:
            ctx.error(
                doc,
                ("rank",),
                "kubos.monster-rank-not-humanoid",
                f"`{m.name}` is {_a(m.type)} with `rank: {m.rank}`; only humanoids are grunts, captains or commanders",
                "remove `rank:`",
            )
        if m.size not in (None, "normal"):
            ctx.error(
                doc,
                ("size",),
                "kubos.monster-size-not-humanoid",
                f"`{m.name}` is {_a(m.type)} with `size: {m.size}`; the size rules (+1 STRENGTH and double HP "
                "when large, +1 SNEAK when small) are for humanoids",
                "remove `size:`, or adjust its attributes and HP by hand",
            )
    if m.type == "undead" and m.undead_type is None:
        ctx.error(
            doc,
            ("type",),
            "kubos.undead-type-missing",
            f"`{m.name}` is undead without an `undead_type`; its DEFENCE depends on it",
            "add `undead_type: skeleton` (DEFENCE 1), `ghoul` (2, poisonous) or `zombie` (3)",
        )
    if m.type != "undead" and m.undead_type is not None:
        ctx.error(
            doc,
            ("undead_type",),
            "kubos.undead-type-not-undead",
            f"`{m.name}` is {_a(m.type)} with `undead_type: {m.undead_type}`",
            "remove `undead_type:`, or make it `type: undead`",
        )
    return not any(d.is_error for d in ctx.diagnostics[before:])


def _attributes(
    doc: Document, ctx: RuleContext, m: KubosMonster, profile: MonsterProfile, size: str, compare: bool
) -> dict[str, int]:
    if m.attributes is None:
        return dict(profile.attributes or {})
    values = m.attributes.model_dump()
    in_range = True
    for name in ATTRIBUTES:
        if not 0 <= values[name] <= MONSTER_STAT_MAX:
            in_range = False
            ctx.error(
                doc,
                ("attributes", name),
                "kubos.monster-attribute-range",
                f"{name.upper()} is {values[name]}; sheetgen takes a monster's attributes from 0 to "
                f"{MONSTER_STAT_MAX} (the rules' own go up to {highest_monster_attribute()})",
                f"set {name} between 0 and {MONSTER_STAT_MAX}",
            )
    if not in_range or not compare:
        return values
    spread = ", ".join(f"{n} {values[n]}" for n in ATTRIBUTES)
    if profile.pattern is not None:
        base = {n: values[n] - (profile.size_bonus or {}).get(n, 0) for n in ATTRIBUTES}
        if sorted(base.values(), reverse=True) != profile.pattern.values():
            ctx.warning(
                doc,
                ("attributes",),
                "kubos.monster-attributes-pattern",
                f"a {m.rank}'s attributes are {_pattern_words(profile)}{_size_words(size)}; `{m.name}` has {spread}",
                "follow the pattern, or keep the difference if this one is meant to stand out",
            )
    elif values != profile.attributes:
        expected = ", ".join(f"{n} {v}" for n, v in (profile.attributes or {}).items())
        ctx.warning(
            doc,
            ("attributes",),
            "kubos.monster-attributes-pattern",
            f"the rules give {_what(m)} {expected}; `{m.name}` has {spread}",
            "remove `attributes:` to use the rules' values, or keep the difference on purpose",
        )
    return values


def _pattern_words(profile: MonsterProfile) -> str:
    pattern = profile.pattern
    assert pattern is not None
    raised = " and ".join(f"{count} at {value}" for value, count in _counted(pattern.raised))
    return f"{raised}, the others at {pattern.others}"


def _counted(values: tuple[int, ...]) -> list[tuple[int, str]]:
    out: dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    words = {1: "one", 2: "two", 3: "three"}
    return [(v, words.get(n, str(n))) for v, n in out.items()]


def _size_words(size: str) -> str:
    return {"large": ", then +1 STRENGTH for a large one", "small": ", then +1 SNEAK for a small one"}.get(size, "")


def _defence(doc: Document, ctx: RuleContext, m: KubosMonster, profile: MonsterProfile, compare: bool) -> int:
    if m.defence is None:
        return profile.defence
    if not 0 <= m.defence <= MONSTER_STAT_MAX:
        ctx.error(
            doc,
            ("defence",),
            "kubos.monster-defence-range",
            f"defence is {m.defence}; sheetgen takes a monster's DEFENCE from 0 to {MONSTER_STAT_MAX} "
            f"(the rules' highest, a dragon's, is {DRAGON_DEFENCE})",
            f"write a DEFENCE between 0 and {MONSTER_STAT_MAX}"
            + (f" (the rules give {_what(m)} {profile.defence})" if compare else ""),
        )
        return m.defence
    if compare and m.defence != profile.defence:
        ctx.warning(
            doc,
            ("defence",),
            "kubos.monster-defence",
            f"the rules give {_what(m)} DEFENCE {profile.defence}; `{m.name}` has {m.defence}",
            f"write `defence: {profile.defence}` (or leave it out), or keep the difference on purpose",
        )
    return m.defence


def _hp(doc: Document, ctx: RuleContext, m: KubosMonster, profile: MonsterProfile, compare: bool) -> int:
    roll = profile.hp
    if m.hp is None:
        if roll.dice == 0:
            return roll.lowest
        rolled = f"rolled: {roll.text()}" if compare else "rolled"
        ctx.error(
            doc,
            ("type",),
            "kubos.monster-hp-missing",
            f"`{m.name}` has no `hp`; the HP of {_what(m)} are {rolled}",
            f"roll {roll.text() if compare else 'its HP'} and write `hp:`, or generate the monster with "
            "`sheetgen new kubos-monster`",
        )
        return 0
    if m.hp < 1:
        ctx.error(
            doc,
            ("hp",),
            "kubos.monster-hp-below-one",
            f"hp is {m.hp}; a monster at 0 HP or less is dead",
            "write the HP it starts with" + (f" (the rules roll {roll.text()})" if compare else ""),
        )
        return m.hp
    if not check_at_most(
        doc,
        ctx,
        ("hp",),
        m.hp,
        HP_MAX,
        "kubos.hp-too-high",
        "hp",
        f"the rules' toughest monster, a dragon, has at most {_toughest()}",
    ):
        return m.hp
    if compare and m.hp not in roll.outcomes():
        if roll.dice == 0:
            message = f"the rules give {_what(m)} exactly {roll.lowest} HP; `{m.name}` has {m.hp}"
        else:
            message = f"hp {m.hp} cannot come from {_what(m)}'s {roll.text()} ({_outcome_words(roll.outcomes())})"
        ctx.warning(
            doc, ("hp",), "kubos.monster-hp-range", message, "write a value the roll can give, or keep it on purpose"
        )
    return m.hp


def _toughest() -> int:
    return monster_profile("dragon").hp.highest


def _outcome_words(outcomes) -> str:
    values = sorted(outcomes)
    if len(values) == 1:
        return f"always {values[0]}"
    step = values[1] - values[0]
    if all(b - a == step for a, b in zip(values, values[1:])):
        return f"{values[0]} to {values[-1]}" + (f" in steps of {step}" if step != 1 else "")
    return f"{values[0]} to {values[-1]}, not every value between"


def _poison(doc: Document, ctx: RuleContext, m: KubosMonster, profile: MonsterProfile, compare: bool) -> bool:
    if not compare:
        return bool(m.poisonous)
    if profile.poison == POISON_HALF and m.poisonous is None:
        ctx.warning(
            doc,
            ("type",),
            "kubos.vermin-poison-unrolled",
            f"`{m.name}` is vermin without `poisonous:`; half of all vermin are poisonous, and sheetgen "
            "prints this one as harmless",
            "roll 1d6 (even: poisonous) and write `poisonous: true` or `poisonous: false`, or generate it "
            "with `sheetgen new kubos-monster --type vermin`",
        )
        return False
    if profile.poison == POISON_ALWAYS:
        if m.poisonous is False:
            ctx.warning(
                doc,
                ("poisonous",),
                "kubos.monster-poison",
                f"ghouls are always poisonous; `{m.name}` says `poisonous: false`",
                "remove `poisonous:`, or keep it to make this ghoul harmless on purpose",
            )
        return m.poisonous is not False
    if profile.poison == POISON_NEVER and m.poisonous:
        ctx.warning(
            doc,
            ("poisonous",),
            "kubos.monster-poison",
            f"the rules make only vermin (half of them) and ghouls poisonous; `{m.name}` is {_what(m)}",
            "remove `poisonous: true`, or keep it on purpose",
        )
    return bool(m.poisonous)


def _treasure(doc: Document, ctx: RuleContext, m: KubosMonster, hp: int, compare: bool) -> Treasure:
    expected = coins_for(max(hp, 0))
    coins = m.treasure.coins
    if coins is None:
        coins = expected
    elif (
        check_not_negative(doc, ctx, ("treasure", "coins"), coins, "kubos.coins-negative", "treasure coins")
        and check_at_most(
            doc,
            ctx,
            ("treasure", "coins"),
            coins,
            COINS_MAX,
            "kubos.number-too-high",
            "treasure coins",
            f"a dragon's hoard is at most {coins_for(_toughest())}",
        )
        and compare
        and 1 <= hp <= HP_MAX
        and coins != expected
    ):
        ctx.warning(
            doc,
            ("treasure", "coins"),
            "kubos.treasure-coins",
            f"a monster's coins are its HP × 10 ({hp} × 10 = {expected}); `{m.name}` has {coins}",
            f"write `coins: {expected}` (or leave it out), or keep the difference on purpose",
        )
    items = check_magic_items(doc, ctx, ("treasure", "magic_items"), m.treasure.magic_items)
    return Treasure(coins, items)


def _what(m: KubosMonster) -> str:
    """The monster's kind in words: `a large captain`, `a zombie`, `a dragon`."""
    if m.type == "humanoid":
        size = f"{m.size} " if m.size in ("small", "large") else ""
        return _a(f"{size}{m.rank or 'humanoid'}")
    if m.type == "undead":
        return _a(m.undead_type or "undead")
    return _a(m.type)


def _a(noun: str) -> str:
    """The noun with its article; `vermin` is a plural and takes none."""
    if noun == "vermin":
        return noun
    return ("an " if noun[0] in "aeiou" else "a ") + noun
