"""Text too long for its place, as findings: the codes, how a finding quotes the text and
says how long it may be, and the findings of one output merged (said once for each place,
each font that is too wide for sheetgen's own words named once)."""

from __future__ import annotations

import math
import re
from dataclasses import replace

from sheetgen.diagnostics import Severity
from sheetgen.layout.context import Issue, LayoutContext, Source, font_label, grouped

OVERFLOW = "layout.text-overflow"  # the code of text too long for its place
LABEL_SHORTENED = "layout.label-shortened"  # sheetgen's own words shortened: the theme's font is too wide
#: Findings of text too long for its place (see `once_per_place`).
TOO_LONG = frozenset({OVERFLOW, "layout.text-abbreviated"})
ELLIPSIS = "…"


def quoted(text: str, limit: int = 40) -> str:
    """Text as a diagnostic quotes it: whole, or cut at a word within `limit` characters
    and ended with an ellipsis (a word longer than that is cut where the limit falls)."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ", 0, limit)
    if text[limit - 1] != " " and space > 0:
        head = head[:space]
    return head.rstrip(" ,;:·-–—") + ELLIPSIS


def plural(what: str) -> bool:
    """Whether a diagnostic's name for a text is plural (`perks and quirks`, `weapon rules`)."""
    last = what.split()[-1] if what.strip() else ""
    return " and " in what or (last.endswith("s") and not last.endswith("ss"))


def shorten_hint(fits: int, length: int) -> str:
    """The hint for text too long for its place: how long it may be."""
    if fits <= 0:
        return "shorten it: not one character fits; or choose a larger card or paper size in the theme"
    return f"shorten it to {fits} characters or fewer (it has {length})"


def label_shortened(ctx: LayoutContext, text: str, short: str, font: str, size: float) -> None:
    """Warn that words of sheetgen's own print shortened (in the font style `font`, at
    `size`, the smallest they may be), at the theme's line naming the font that is too
    wide for them: the font is what the user can change."""
    face = ctx.fonts.face(font)
    given = re.match(r"F[0-9a-f]{10}-(\w+)$", face.name)  # a theme's file (see `fonts.face_for_file`)
    path = ("fonts", given.group(1)) if given else ("fonts",)
    source = Source(("theme", ctx.theme.id), path) if ctx.theme.id != "built-in" else Source(None)
    label = (font_label(face), text, short, size)
    hint = (
        f"choose a narrower font for the theme's `{given.group(1)}` style to print them whole"
        if given
        else "give the theme narrower fonts (`fonts:`) to print them whole"
    )
    ctx.issues.append(Issue(source, Severity.WARNING, LABEL_SHORTENED, _shortened_message([label]), hint, label=label))


def _shortened_message(labels: list[tuple[str, str, str, float]]) -> str:
    shown = labels[:4]
    more = [f"{len(labels) - len(shown)} more"] if len(labels) > len(shown) else []
    sizes = sorted({f"{size:g}pt" for *_, size in labels})
    return (
        f"the font {labels[0][0]} is too wide for sheetgen's words "
        f"{_listed([f'`{quoted(t)}`' for _, t, _, _ in shown] + more)} even at {_listed(sizes, 'or')}; they print "
        f"as {_listed([f'`{quoted(s)}`' for _, _, s, _ in shown] + (['so on'] if more else []))}"
    )


def _listed(items: list[str], word: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def _place(issue: Issue) -> tuple | None:
    """Where text too long for its place is: its field, or a template's line; findings at no
    place of their own (labels) are one only if they say the same."""
    if issue.code not in TOO_LONG:
        return None
    return (issue.source, issue.code) if issue.source.doc or issue.at else (issue.source, issue.code, issue.message)


def once_per_place(issues: list[Issue], cards: bool) -> list[Issue]:
    """Text too long for its place, said once for each place in the content or a template
    however often an output prints it (a footer on every card of a deck, a name in a
    sheet's title and in its field), with how often; of several findings there, the one
    that leaves the least room, so its hint is the one to follow."""
    merged: list[Issue] = []
    for found in grouped(issues, _place):
        if isinstance(found, Issue):
            merged.append(found)
            continue
        tightest = min(found, key=lambda i: i.fit[1] if i.fit else math.inf)
        if len(found) > 1:
            times = f"on {len(found)} cards" if cards else f"in {len(found)} places"
            tightest = replace(tightest, message=f"{tightest.message} ({times})")
        merged.append(tightest)
    return merged


def labels_once(issues: list[Issue]) -> list[Issue]:
    """The warnings of sheetgen's own words shortened in one output, as one warning for
    each font (its words listed, each once), where the first of them was."""
    merged: list[Issue] = []
    for entry in grouped(issues, lambda i: None if i.label is None else (i.source, i.hint)):
        if isinstance(entry, Issue):
            merged.append(entry)
            continue
        labels = list({label[1]: label for i in entry if (label := i.label) is not None}.values())
        merged.append(replace(entry[0], message=_shortened_message(labels)) if len(labels) > 1 else entry[0])
    return merged
