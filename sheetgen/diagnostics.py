"""Diagnostics: every problem sheetgen finds, with a place in a source file.

This module sits below all five stages; each of them reports through it.
"""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import asdict, dataclass
from enum import Enum
from typing import Iterable, Sequence


class Severity(str, Enum):
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

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple:
        return (self.file, self.line, self.column, self.code, self.message)

    @property
    def place(self) -> str:
        """`file:line:column`, or `file:Sheet!A3` for a spreadsheet's cell."""
        return f"{self.file}:{self.cell}" if self.cell else f"{self.file}:{self.line}:{self.column}"

    def to_json(self) -> dict:
        data = asdict(self)
        data["severity"] = self.severity.value
        if self.cell is None:
            del data["cell"]
        return data


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
    return sorted(diags, key=lambda d: (d.code in CONSEQUENCES, d.file.startswith("<"), d.file, d.line, d.column,
                                        d.code, d.message))


def format_text(diagnostics: Sequence[Diagnostic], source_lines: dict[str, Sequence[str]] | None = None) -> str:
    """Diagnostics as text: `file:line:col: severity[code]: message`, the source line, a caret, a hint."""
    source_lines = source_lines or {}
    out: list[str] = []
    for d in diagnostics:
        out.append(f"{safe(d.place)}: {d.severity.value}[{d.code}]: {safe(d.message)}")
        lines = source_lines.get(d.file)
        if lines is not None and 1 <= d.line <= len(lines):
            text = lines[d.line - 1].rstrip("\r\n").expandtabs(1)
            caret_col = max(1, min(d.column, len(text) + 1))
            # Long lines show a window around the column.
            start = max(0, caret_col - 1 - EXCERPT // 2) if len(text) > EXCERPT else 0
            shown = text[start : start + EXCERPT]
            prefix = "…" if start else ""
            suffix = "…" if start + EXCERPT < len(text) else ""
            gutter = str(d.line)
            out.append(f" {gutter} | {prefix}{safe(shown)}{suffix}")
            pad = len(prefix) + display_width(safe(shown[: caret_col - 1 - start]))
            out.append(f" {' ' * len(gutter)} | {' ' * pad}^")
        if d.hint:
            out.append(f"  = hint: {safe(d.hint)}")
    return "\n".join(out)


EXCERPT = 100
# Characters that must not reach a terminal raw: controls and bidirectional overrides.
_UNSAFE = {c: f"\\u{c:04x}" if c > 0xFF else f"\\x{c:02x}"
           for c in [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0),
                     *range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F]}


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


def format_json(diagnostics: Sequence[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in diagnostics], indent=2, ensure_ascii=False)


def summarize(diagnostics: Sequence[Diagnostic]) -> tuple[int, int]:
    errors = sum(1 for d in diagnostics if d.is_error)
    return errors, len(diagnostics) - errors
