"""Diagnostics: every problem sheetgen finds, with a place in a source file.

This module sits below all five stages; each of them reports through it.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: where it is, how bad it is, a stable code, and what to do about it."""

    file: str
    line: int
    column: int
    severity: Severity
    code: str
    message: str
    hint: str | None = None
    # A spreadsheet's cell (`Omens!A3`): named instead of the line and column, which say
    # its row and column for sorting.
    cell: str | None = None
    # Text too long for its place, as data (the message says it in words, as
    # "kubos-monster `orc` in `handout`: the name … is too long"): whose text it is
    # (`subject`), the products it is too long in, what is wrong with it (`detail`), and the
    # length the hint asks it be shortened to (None when the hint names none). Findings of
    # one place in several products are said once (`sheetgen.files.report.unique`).
    subject: str | None = None
    products: tuple[str, ...] = ()
    detail: str | None = None
    shorten_to: int | None = None
    # The field a `content.missing-field` diagnostic says is missing (not in its JSON).
    missing_field: str | None = None

    def __post_init__(self) -> None:
        # User text quoted whole (a 100,000-character id) would swamp a report: every
        # message and hint is bounded, whoever made it.
        if len(self.message) > QUOTED:
            object.__setattr__(self, "message", bounded(self.message))
        if self.hint is not None and len(self.hint) > QUOTED:
            object.__setattr__(self, "hint", bounded(self.hint))

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def place(self) -> str:
        """`file:line:column`, or `file:Sheet!A3` for a spreadsheet's cell."""
        return f"{self.file}:{self.cell}" if self.cell else f"{self.file}:{self.line}:{self.column}"

    def to_json(self) -> dict:
        data = asdict(self)
        data["severity"] = self.severity.value
        if self.cell is None:
            del data["cell"]
        for name in _AS_DATA:  # said in the message already
            del data[name]
        return data


#: The fields that say as data what a message says in words: not in a diagnostic's JSON.
_AS_DATA = ("subject", "products", "detail", "shorten_to", "missing_field")


#: Characters of user text a message quotes; the rest is counted, not shown.
QUOTED = 200
#: Characters of a whole message or hint, quotes included.
MESSAGE = 800
_QUOTE_RE = re.compile(f"`([^`]{{{QUOTED + 1},}})`")


def cut(text: str, limit: int = QUOTED) -> str:
    """User text as a message quotes it: whole, or its first `limit` characters and how many
    it has (`aaaa… (100,000 characters)`)."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def bounded(message: str) -> str:
    """A message with each quoted (`…`) text over `QUOTED` characters cut, and the whole
    cut at `MESSAGE` characters if it is longer still."""
    return cut(_QUOTE_RE.sub(lambda m: f"`{cut(m.group(1))}`", message), MESSAGE)


def error(file: str, line: int, column: int, code: str, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(file, line, column, Severity.ERROR, code, message, hint)


def warning(file: str, line: int, column: int, code: str, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(file, line, column, Severity.WARNING, code, message, hint)


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to a misspelt word, as a hint sentence, or None."""
    meant = closest(word, candidates)
    return f"did you mean `{meant}`?" if meant else None


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate a misspelt word was most likely meant to be, or None."""
    choices = sorted(set(candidates))
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if close and isinstance(word, str) and len(word) <= 5 and _edits(word.lower(), close[0].lower()) > 1:
        close = []  # a short word shares half its letters with many (`Fear`, `Repair`): one slip only
    if not close and isinstance(word, str):
        lowered = word.lower()
        close = [c for c in choices if c.lower() == lowered]
    return close[0] if close else None


def _edits(a: str, b: str) -> int:
    """Letters to insert, delete, change or swap with a neighbour to make `a` into `b`."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            cost = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, prev2[j - 2] + 1)
            row.append(cost)
        prev2, prev = prev, row
    return prev[-1]


def field_path(path: Sequence) -> str:
    """A path into a document as its author would write it: `` `cards[2].body` ``."""
    if not path:
        return "document"
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return f"`{out}`"


def display_path(path: str) -> str:
    """A path relative to the working directory when it lies below it."""
    if path and not os.path.isabs(path):  # what relpath gives, without asking for the working directory
        rel = os.path.normpath(path)
        if not rel.startswith(".."):
            return rel
        try:  # given by way of a folder above: the shortest way (`../../content/mine/x.yaml` → `x.yaml`)
            return os.path.relpath(os.path.abspath(path))
        except ValueError:
            return rel
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


#: Codes that follow from another finding (an output waiting on a document with errors, a
#: reference to one): reported after every cause.
CONSEQUENCES = frozenset({"build.not-rebuilt", "content.broken-reference"})


def in_report_order(diags: Iterable[Diagnostic]) -> list[Diagnostic]:
    """By file and line, files before outputs (`<kind/product/id>`), consequences last."""
    return sorted(
        diags,
        key=lambda d: (d.code in CONSEQUENCES, d.file.startswith("<"), d.file, d.line, d.column, d.code, d.message),
    )


#: Diagnostics reported of one file; the rest are summed up in one line (`Truncated`).
PER_FILE = 200


@dataclass(frozen=True, slots=True)
class Truncated:
    """The diagnostics of one file left out of a report after its first `PER_FILE`: their
    count by severity and by code, and where the first of them is."""

    file: str
    line: int
    column: int
    errors: int
    warnings: int
    codes: tuple[tuple[str, int], ...]  # (code, count), most frequent first

    @classmethod
    def of(cls, left_out: Sequence[Diagnostic]) -> Truncated:
        first = left_out[0]
        errors = sum(1 for d in left_out if d.is_error)
        codes = Counter(d.code for d in left_out).most_common()
        return cls(first.file, first.line, first.column, errors, len(left_out) - errors, tuple(codes))

    @property
    def message(self) -> str:
        counts = [
            f"{n:,} more {word}{'s' if n != 1 else ''}"
            for n, word in ((self.errors, "error"), (self.warnings, "warning"))
            if n
        ]
        codes = ", ".join(f"{code} ×{n:,}" for code, n in self.codes)
        return f"… and {' and '.join(counts)} in this file (codes: {codes})"

    def to_json(self) -> dict:
        """Shaped as a diagnostic (severity `note`, code `diagnostics.truncated`), with the counts."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "severity": "note",
            "code": "diagnostics.truncated",
            "message": self.message,
            "hint": "fix these and run again to see the rest",
            "truncated": {"errors": self.errors, "warnings": self.warnings, "codes": dict(self.codes)},
        }


def capped(diagnostics: Sequence[Diagnostic], per_file: int = PER_FILE) -> list[Diagnostic | Truncated]:
    """The diagnostics in their order, each file's after its first `per_file` summed up in
    one `Truncated` where the first of them was."""
    counts: Counter[str] = Counter()
    left_out: dict[str, list[Diagnostic]] = {}
    out: list[Diagnostic | str] = []  # a file's name: where its `Truncated` goes
    for d in diagnostics:
        counts[d.file] += 1
        if counts[d.file] <= per_file:
            out.append(d)
        elif d.file in left_out:
            left_out[d.file].append(d)
        else:
            left_out[d.file] = [d]
            out.append(d.file)
    return [Truncated.of(left_out[x]) if isinstance(x, str) else x for x in out]


def format_text(
    diagnostics: Sequence[Diagnostic], source_lines: dict[str, Sequence[str]] | None = None, per_file: int = PER_FILE
) -> str:
    """Diagnostics as text: `file:line:col: severity[code]: message`, the source line, a caret, a hint;
    after a file's first `per_file`, one line sums up the rest."""
    source_lines = source_lines or {}
    out: list[str] = []
    for d in capped(diagnostics, per_file):
        if isinstance(d, Truncated):
            out.append(f"{safe(d.file)}: {d.message}")
            continue
        out.append(f"{safe(d.place)}: {d.severity.value}[{d.code}]: {safe(d.message)}")
        lines = source_lines.get(d.file)
        if lines is not None and 1 <= d.line <= len(lines):
            out += _source_excerpt(lines[d.line - 1], d.line, d.column)
        if d.hint:
            out.append(f"  = hint: {safe(d.hint)}")
    return "\n".join(out)


def _source_excerpt(line: str, number: int, column: int) -> list[str]:
    """A source line and a caret under `column`; a long line shows a window around the column."""
    text = line.rstrip("\r\n")
    caret_col = max(1, min(column, len(text) + 1))
    start = max(0, caret_col - 1 - EXCERPT // 2) if len(text) > EXCERPT else 0
    shown = text[start : start + EXCERPT].expandtabs(1)  # a tab as one space: the columns stay
    prefix = "…" if start else ""
    suffix = "…" if start + EXCERPT < len(text) else ""
    gutter = str(number)
    pad = len(prefix) + display_width(safe(shown[: caret_col - 1 - start]))
    return [f" {gutter} | {prefix}{safe(shown)}{suffix}", f" {' ' * len(gutter)} | {' ' * pad}^"]


EXCERPT = 100
# Characters that must not reach a terminal raw: controls and bidirectional overrides.
_UNSAFE = {
    c: f"\\u{c:04x}" if c > 0xFF else f"\\x{c:02x}"
    for c in [
        *range(0x00, 0x09),
        *range(0x0B, 0x20),
        *range(0x7F, 0xA0),
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
        0x200E,
        0x200F,
    ]
}


def safe(text: str) -> str:
    """Text with control and direction-changing characters shown as escapes."""
    return text.translate(_UNSAFE)


def display_width(text: str) -> int:
    """Terminal columns of text: wide (CJK) characters take two, combining marks none."""
    import unicodedata

    width = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def format_json(diagnostics: Sequence[Diagnostic], per_file: int = PER_FILE) -> str:
    """Diagnostics as a JSON list; after a file's first `per_file`, one object sums up the rest."""
    return json.dumps([d.to_json() for d in capped(diagnostics, per_file)], indent=2, ensure_ascii=False)


def summarize(diagnostics: Sequence[Diagnostic]) -> tuple[int, int]:
    errors = sum(1 for d in diagnostics if d.is_error)
    return errors, len(diagnostics) - errors
