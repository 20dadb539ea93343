"""Which character limits apply: the project's `tricube-rules` document, if any.

The retirement threshold (more than three afflictions) is in the Tricube Tales rules
section. The starting karma and resolve, their maximums and what advances buy are
not; those numbers are reconstructed from the full game. All of them are content
shipped with sheetgen (`sheetgen/data/tricube/rules.yaml`); a project's own `tricube-rules`
document replaces it, so a campaign may change them. Without such a
document the model's defaults (the values above) apply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from sheetgen.content import plain
from sheetgen.content.loader import Document, Library
from sheetgen.rules.base import RuleContext
from sheetgen.rules.tricube.values import CampaignLimits

if TYPE_CHECKING:
    from sheetgen.content.models.tricube import CharacterLimits

RULES_KIND = "tricube-rules"


def rules_documents(library: Library) -> list[Document]:
    """The `tricube-rules` documents that compete to apply: the ones being checked,
    or, when none is, the ones from the content folder around them."""
    docs = library.of_kind(RULES_KIND)
    targets = [d for d in docs if d.target]
    return targets or docs


def campaign_limits(library: Library, ok: Callable[[Document], bool] = lambda d: True) -> CharacterLimits:
    """The limits characters are checked against."""
    docs = rules_documents(library)
    if docs and ok(docs[0]):
        return CampaignLimits.of(docs[0].model).record()
    return default_limits()


def default_limits() -> CharacterLimits:
    """The limits without a `tricube-rules` document: the model's defaults."""
    return cast("CharacterLimits", plain.make("CharacterLimits"))


def check_rules(doc: Document, ctx: RuleContext) -> CampaignLimits:
    """One rules document applies, and its starting values stay within its maximums."""
    docs = rules_documents(ctx.library)
    if doc in docs[1:]:
        first = docs[0]
        where = f"{first.file}:{first.start.line}"
        ctx.error(
            doc,
            ("id",),
            "tricube.rules-twice",
            f"the tricube-rules `{doc.id}` competes with `{first.id}` ({where}); only one applies",
            "keep one tricube-rules document in the project",
        )
    rules = doc.model
    for token in ("karma", "resolve"):
        start, top = getattr(rules, f"starting_{token}"), getattr(rules, f"max_{token}")
        if start > top:
            ctx.error(
                doc,
                (f"starting_{token}",),
                "tricube.start-above-maximum",
                f"starting_{token} is {start} but max_{token} is {top}",
                f"make starting_{token} at most {top}, or raise max_{token}",
            )
    return CampaignLimits.of(rules)
