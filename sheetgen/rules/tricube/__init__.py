"""Rules for Tricube Tales: checks on characters, foes and generator tables, the
derived values sheets print (dice per kind of challenge, tokens, raises), and the
computed odds tables reference cards ask for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.tricube.dice import DIFFICULTIES, MAX_EFFORT, dice_by_challenge
from sheetgen.rules.tricube.limits import campaign_limits, check_rules
from sheetgen.rules.tricube.odds import karma_table, odds_table
from sheetgen.rules.tricube.values import CampaignLimits, CharacterValues, FoeValues, Raises, TableValues, Tokens
from sheetgen.rules.tricube.words import count, every_nth

if TYPE_CHECKING:
    from sheetgen.content.models.tricube import CharacterLimits, TricubeCharacter, TricubeFoe, TricubeTable

# --- characters ----------------------------------------------------------------------------


def _check_counts(doc: Document, ctx: RuleContext, c: TricubeCharacter, limits: CharacterLimits) -> None:
    """At least the perks and quirks a character starts with."""
    for field, noun, least in (("perks", "perk", limits.starting_perks), ("quirks", "quirk", limits.starting_quirks)):
        have = len(getattr(c, field))
        if have < least:
            ctx.error(
                doc,
                (field,),
                f"tricube.too-few-{field}",
                f"{c.name} has {count(have, noun)}; a character has at least {count(least, noun)}",
                f"add a {noun} to `{field}`, e.g. `{field}: [{'Keen eyes' if field == 'perks' else 'Stubborn'}]`",
            )


def _check_perks_paid(doc: Document, ctx: RuleContext, c: TricubeCharacter, limits: CharacterLimits) -> None:
    """Perks beyond those a character starts with come with advances, one each, of those
    not spent raising karma or resolve (a warning: a campaign may grant them otherwise)."""
    extra = len(c.perks) - limits.starting_perks
    raised = max(0, c.karma - limits.starting_karma) + max(0, c.resolve - limits.starting_resolve)
    free = max(0, len(c.advances) - raised)  # advances not spent on a raise
    if extra > free:
        first = c.perks[limits.starting_perks + free]
        spent = f", {raised} of them spent raising karma or resolve" if raised and c.advances else ""
        ctx.warning(
            doc,
            ("perks", limits.starting_perks + free),
            "tricube.perk-without-advance",
            f"{c.name} has {count(len(c.perks), 'perk')}: a character starts with "
            f"{count(limits.starting_perks, 'perk')} and gains one more with an advance, and "
            f"{count(len(c.advances), 'advance')} {'is' if len(c.advances) == 1 else 'are'} listed{spent}",
            f'list the advance that brought each perk under `advances:` (e.g. `advances: ["Perk: {first}"]`), '
            f"or leave out the perks the character has not earned yet",
        )


def _check_token_range(doc: Document, ctx: RuleContext, c: TricubeCharacter, limits: CharacterLimits) -> bool:
    """Karma from 0 to its maximum (curing a permanent affliction costs permanent karma,
    so it may fall below the start); resolve from its starting value to its maximum.
    True when both are in range."""
    fine = True
    for token, low in (("karma", 0), ("resolve", limits.starting_resolve)):
        value = getattr(c, token)
        start, high = getattr(limits, f"starting_{token}"), getattr(limits, f"max_{token}")
        if low <= value <= high:
            continue
        fine = False
        if value > high:
            why = f"advances raise it from {start} to at most {high}"
        elif token == "karma":
            why = "karma spent for good can bring it down to 0, no further"
        else:
            why = f"every character starts with {start}, and only karma is ever lost for good"
        hint = (
            f"write a {token} from {low} to {high} (the most the character has; tokens spent in play "
            f"go under `current_{token}`)"
        )
        if value > high:  # the most the character's own advances pay for, not only the rulebook's limit
            other = "resolve" if token == "karma" else "karma"
            other_raised = max(0, getattr(c, other) - getattr(limits, f"starting_{other}"))
            budget = len(c.advances) // limits.advances_per_raise
            most = max(start, min(high, start + budget - other_raised))
            hint = (
                f"write a {token} from {low} to {most}: with {count(len(c.advances), 'advance')}, {c.name} "
                f"can have no more ({every_nth(limits.advances_per_raise)} advance may raise karma or resolve "
                f"by one); tokens spent in play go under `current_{token}`"
            )
        ctx.error(
            doc,
            (token,),
            f"tricube.{token}-out-of-range",
            f"{token} is {value}; it must be from {low} to {high}: {why}",
            hint,
        )
    return fine


def _check_raises(doc: Document, ctx: RuleContext, c: TricubeCharacter, limits: CharacterLimits) -> Raises:
    """Every point of karma or resolve above the start is paid for by advances. Karma
    below the start (spent for good) pays for nothing."""
    raised = {"karma": max(0, c.karma - limits.starting_karma), "resolve": max(0, c.resolve - limits.starting_resolve)}
    used = raised["karma"] + raised["resolve"]
    allowed = len(c.advances) // limits.advances_per_raise
    if used > allowed:
        # Point at the value that first goes over the budget, karma counted first.
        where = "karma" if raised["karma"] > allowed else "resolve"
        need = used * limits.advances_per_raise
        above = " and ".join(f"{token} {getattr(c, token)}" for token in ("karma", "resolve") if raised[token])
        start = " and ".join(
            f"{token} {getattr(limits, f'starting_{token}')}" for token in ("karma", "resolve") if raised[token]
        )
        ctx.error(
            doc,
            (where,),
            "tricube.raise-without-advances",
            f"{above} {'are' if ' and ' in above else 'is'} {count(used, 'point')} above where characters start "
            f"({start}), which takes {count(need, 'advance')}; {c.name} has {count(len(c.advances), 'advance')}",
            f"{every_nth(limits.advances_per_raise)} advance may raise karma or resolve by one: "
            f"list all {need} advances under `advances:`, or lower "
            + " or ".join(token for token in ("karma", "resolve") if raised[token]),
        )
    return Raises(used, allowed)


def _check_current(doc: Document, ctx: RuleContext, c: TricubeCharacter) -> None:
    for token in ("karma", "resolve"):
        now, top = getattr(c, f"current_{token}"), getattr(c, token)
        if now is not None and not 0 <= now <= top:
            ctx.error(
                doc,
                (f"current_{token}",),
                "tricube.current-out-of-range",
                f"current_{token} is {now}; it must be from 0 to the character's {token} ({top})",
                f"write a current_{token} from 0 to {top}, or leave it out when all tokens are there",
            )


def _check_afflictions(doc: Document, ctx: RuleContext, c: TricubeCharacter, limits: CharacterLimits) -> bool:
    """More afflictions than the limit retire the character (a warning: it is a state of play)."""
    have, limit = len(c.afflictions), limits.max_afflictions
    if have <= limit:
        return False
    ctx.warning(
        doc,
        ("afflictions", limit),
        "tricube.retired",
        f"{c.name} has {count(have, 'affliction')}; with more than {limit} a character is retired from play",
        "cure an affliction (or turn a permanent one into a quirk with an advance) to bring the character back",
    )
    return True


def check_character(doc: Document, ctx: RuleContext) -> CharacterValues:
    """Perks and quirks, karma and resolve within their limits and paid for by advances,
    afflictions. Derived: dice per challenge, tokens, raises and the limits that apply."""
    c: TricubeCharacter = doc.model  # type: ignore[assignment]
    limits = campaign_limits(ctx.library, ctx.ok)
    _check_counts(doc, ctx, c, limits)
    in_range = _check_token_range(doc, ctx, c, limits)
    raises = _check_raises(doc, ctx, c, limits) if in_range else None
    if raises is not None and raises.used <= raises.allowed:  # else the raises are what to fix first
        _check_perks_paid(doc, ctx, c, limits)
    _check_current(doc, ctx, c)
    retired = _check_afflictions(doc, ctx, c, limits)
    return CharacterValues(
        dice=dice_by_challenge(c.trait, c.combat_style),
        karma=Tokens(c.karma, c.karma if c.current_karma is None else c.current_karma, limits.max_karma),
        resolve=Tokens(c.resolve, c.resolve if c.current_resolve is None else c.current_resolve, limits.max_resolve),
        raises=raises,
        afflictions=tuple(a if isinstance(a, str) else a.name for a in c.afflictions),
        permanent_afflictions=tuple(i for i, a in enumerate(c.afflictions) if not isinstance(a, str) and a.permanent),
        retired=retired,
        limits=CampaignLimits.of(limits),
    )


# --- foes ----------------------------------------------------------------------------------


def check_foe(doc: Document, ctx: RuleContext) -> FoeValues:
    """Difficulty easy to hard, and from one effort token to as many as a card holds
    (checked here, before layout draws a box per token). Derived: the difficulty's name."""
    foe: TricubeFoe = doc.model  # type: ignore[assignment]
    what = foe.type  # "foe" or "challenge": the messages speak of what the document is
    plural = what + "s"
    if foe.difficulty not in DIFFICULTIES:
        low, high = min(DIFFICULTIES), max(DIFFICULTIES)
        ctx.error(
            doc,
            ("difficulty",),
            "tricube.difficulty-out-of-range",
            f"difficulty is {foe.difficulty}; a {what}'s difficulty is from {low} (easy) to {high} (hard)",
            f"use {min(DIFFICULTIES, key=lambda d: abs(d - foe.difficulty))}; most {plural} are 5 (standard)",
        )
    if foe.effort < 1:
        ctx.error(
            doc,
            ("effort",),
            "tricube.effort-below-one",
            f"effort is {foe.effort}; a {what} has at least one effort token",
            f"write `effort: 1` or more; a group of similar {plural} shares extra tokens",
        )
    elif foe.effort > MAX_EFFORT:
        ctx.error(
            doc,
            ("effort",),
            "tricube.effort-too-many",
            f"effort is {foe.effort}; a {what} card holds at most {MAX_EFFORT} effort tokens",
            "split it into several challenges of fewer tokens",
        )
    return FoeValues(DIFFICULTIES.get(foe.difficulty, ""), min(max(foe.effort, 0), MAX_EFFORT))


# --- generator tables ----------------------------------------------------------------------


def check_table(doc: Document, ctx: RuleContext) -> TableValues:
    """Entries are unique (a repeated entry would be drawn twice as often).
    Derived: the genres the table covers."""
    table: TricubeTable = doc.model  # type: ignore[assignment]
    seen: dict[str, int] = {}
    for i, entry in enumerate(table.entries):
        key = " ".join(entry.text.lower().split())
        if key in seen:
            ctx.warning(
                doc,
                ("entries", i, "text"),
                "tricube.duplicate-entry",
                f"`{entry.text}` is already entry {seen[key] + 1} of the {table.title} table",
                "remove one of them, or merge their genres",
            )
        else:
            seen[key] = i
    genres = sorted({g for e in table.entries for g in e.genres})
    return TableValues(len(table.entries), tuple(genres))


RULES = {
    "tricube-rules": check_rules,  # first: the others read the limits it sets
    "tricube-character": check_character,
    "tricube-foe": check_foe,
    "tricube-table": check_table,
}
LIBRARY_RULES: list = []
TABLES = {
    "tricube-odds": odds_table,
    "tricube-karma": karma_table,
}
