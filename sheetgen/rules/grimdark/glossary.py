"""The special-rule glossary (`grimdark-rules`): each rule once, its rating and its
short text; and the lookup units use to name and explain their rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from sheetgen.content.loader import Document, Library
from sheetgen.rules.base import RuleContext
from sheetgen.rules.grimdark.profile import ProfileError, RuleRef, parse_rule
from sheetgen.rules.grimdark.rulebook import RULEBOOK_RULES
from sheetgen.rules.grimdark.values import FullRule, GlossaryEntry, GlossaryValues

if TYPE_CHECKING:
    from sheetgen.content.models.grimdark import GrimdarkRules, HeroJoining

KIND = "grimdark-rules"


def glossary(library: Library) -> dict[str, dict]:
    """Every rule a glossary defines, by name (the first definition wins), with the
    glossary's id and the rule's index in it."""
    out: dict[str, dict] = {}
    for doc in library.of_kind(KIND, targets_only=False):
        for i, entry in enumerate(cast("GrimdarkRules", doc.model).rules):
            out.setdefault(
                entry.name,
                {
                    "rating": entry.rating,
                    "short": entry.short,
                    "text": entry.text,
                    "weapon": entry.weapon,
                    "reconstructed": entry.reconstructed,
                    "glossary": doc.id,
                    "index": i,
                },
            )
    return out


def joining(library: Library) -> tuple[HeroJoining, str | None]:
    """How heroes join units, and the id of the glossary that says: the first that does,
    else the model's defaults (and no id)."""
    from sheetgen.content.models.grimdark import HeroJoining

    for doc in library.of_kind(KIND, targets_only=False):
        said = cast("GrimdarkRules", doc.model).joining
        if said is not None:
            return said, doc.id
    return HeroJoining.model_validate({}), None


def rules_in_full(library: Library, names: set[str]) -> tuple[FullRule, ...]:
    """The glossary's full text of the named rules, by name: what the end of an army's
    unit cards prints."""
    entries = glossary(library)
    out = []
    for name in sorted(names, key=str.lower):
        e = entries.get(name)
        if e is not None:
            out.append(
                FullRule(
                    name=name,
                    label=f"{name}(X)" if e["rating"] else name,
                    text=e["text"] or e["short"],
                    field="text" if e["text"] else "short",
                    reconstructed=e["reconstructed"],
                    glossary=e["glossary"],
                    index=e["index"],
                )
            )
    return tuple(out)


def glossary_keys(library: Library) -> list[tuple[str, str]]:
    """Every glossary document, those that could not be read included: what cards that
    print rules' text wait for."""
    keys = [d.key for d in library.of_kind(KIND, targets_only=False)] + [k for k in library.invalid if k[0] == KIND]
    return sorted(set(keys))


def known_rules(library: Library) -> dict[str, bool]:
    """Rule name → whether it takes a rating: the rulebook's, then the glossary's."""
    out = dict(RULEBOOK_RULES)
    for name, entry in glossary(library).items():
        out.setdefault(name, entry["rating"])
    return out


def short_text(entry: dict | None, rating: int | None) -> str:
    """A rule's one line for a card, with its rating put in for `{X}`."""
    if entry is None:
        return ""
    return entry["short"].replace("{X}", str(rating) if rating is not None else "X")


def check_rule(ctx: RuleContext, doc: Document, path: tuple, text: str) -> RuleRef | None:
    """Parse one special rule and check its rating; unknown names are a warning."""
    try:
        ref = parse_rule(text)
    except ProfileError as exc:
        ctx.error(doc, path, "grimdark.bad-rule", str(exc), exc.hint)
        return None
    known = known_rules(ctx.library)
    if ref.name not in known and any(k[0] == KIND for k in ctx.library.invalid):
        return ref  # the glossary that may define it could not be read: its error says so, and the cards wait
    if ref.name not in known:
        from sheetgen.diagnostics import did_you_mean

        ctx.warning(
            doc,
            path,
            "grimdark.unknown-rule",
            f"`{ref.name}` is not a special rule of the rulebook or the glossary; cards print it without text",
            did_you_mean(ref.name, known) or "add it to a `grimdark-rules` glossary with its short text",
        )
        return ref
    if known[ref.name] and ref.rating is None:
        ctx.error(
            doc,
            path,
            "grimdark.rating-missing",
            f"`{ref.name}` needs a rating, as in `{ref.name}(3)`",
            f"write `{ref.name}(X)` with X the rule's value",
        )
        return None
    if not known[ref.name] and ref.rating is not None:
        ctx.error(
            doc, path, "grimdark.rating-not-allowed", f"`{ref.name}` takes no rating", f"write `{ref.name}` alone"
        )
        return None
    if ref.rating is not None and ref.rating < 1:
        ctx.error(
            doc,
            path,
            "grimdark.rating-not-allowed",
            f"`{ref.label}` has a rating below 1",
            f"write `{ref.name}(1)` or more",
        )
        return None
    return ref


def check_glossary(doc: Document, ctx: RuleContext) -> GlossaryValues:
    """Each rule once; a rule the rulebook rates keeps its rating. Derived: the rules
    by name, sorted."""
    g: GrimdarkRules = doc.model  # type: ignore[assignment]
    seen: dict[str, int] = {}
    for i, entry in enumerate(g.rules):
        if entry.name in seen:
            ctx.error(
                doc,
                ("rules", i, "name"),
                "grimdark.duplicate-rule",
                f"`{entry.name}` is already rule {seen[entry.name] + 1} of this glossary",
                "define each rule once",
            )
            continue
        seen[entry.name] = i
        if entry.name in RULEBOOK_RULES and RULEBOOK_RULES[entry.name] != entry.rating:
            ctx.error(
                doc,
                ("rules", i, "name"),
                "grimdark.rating-mismatch",
                f"the rulebook writes `{entry.name}` {'with' if RULEBOOK_RULES[entry.name] else 'without'} a rating",
                f"set `rating: {'true' if RULEBOOK_RULES[entry.name] else 'false'}`",
            )
    rules = sorted(g.rules, key=lambda e: e.name.lower())
    return GlossaryValues(
        g.title, tuple(GlossaryEntry(e.name, e.rating, e.short, e.text, e.weapon, e.reconstructed) for e in rules)
    )
