"""Safe YAML loading that remembers where every value came from.

PyYAML (with libyaml when present) only *composes* the node graph; values are
constructed here so that

* every key and value keeps its line and column,
* duplicate keys are errors, not silent overwrites,
* plain scalars follow the YAML 1.2 core schema: `no`, `on`, `yes` stay text and
  `012` is refused as ambiguous, so YAML 1.1 never changes a value behind the
  author's back,
* aliases are counted as they expand, so an alias bomb stops early with an error
  instead of exhausting memory, and cycles are cut by a depth limit.
"""

from __future__ import annotations

import bisect
import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import yaml

from sheetgen.diagnostics import Diagnostic, error, warning

try:  # libyaml is much faster; the pure-Python loader gives the same nodes.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_FILE_BYTES = 8 * 1024 * 1024
# A build holds every document of its content, and a deck of each kind's, at once: 10,000
# monsters in one file build in about 2 ms of CPU each and 0.54 GB in all with two jobs;
# 20,000 took 1.06 GB (`bench/scale.py`).
MAX_DOCUMENTS_PER_FILE = 10_000
TOO_MANY_DOCUMENTS = "content.too-many-documents"
MAX_NODES_PER_DOCUMENT = 100_000  # values repeated through aliases, per document
MAX_DEPTH = 64

Path = tuple[Any, ...]

_RESOLVER = yaml.resolver.Resolver()  # only its resolve() is used
_TAGS: dict[tuple[str, tuple[bool, bool]], str] = {}  # short plain scalars' implicit tags, by text


def _scalar_tag(resolve, value: str, implicit: tuple[bool, bool]) -> str:
    """`resolve(ScalarNode, value, implicit)`, remembered for short values: a content
    folder repeats the same few words and numbers thousands of times."""
    key = (value, implicit)
    tag = _TAGS.get(key)
    if tag is None:
        tag = resolve(yaml.ScalarNode, value, implicit)
        if len(value) <= 40 and len(_TAGS) < 50_000:
            _TAGS[key] = tag
    return tag


class _Composer(_Loader):
    """The loader (libyaml's when present), its tags for scalars remembered by text."""

    def resolve(self, kind, value, implicit):
        if kind is yaml.ScalarNode:
            tag = _TAGS.get((value, implicit))
            return tag if tag is not None else _scalar_tag(super().resolve, value, implicit)
        return super().resolve(kind, value, implicit)


_STR_TAG = "tag:yaml.org,2002:str"
_COLLECTION_TAGS: dict[type[yaml.Node], tuple[str, ...]] = {
    yaml.MappingNode: ("tag:yaml.org,2002:map",),
    yaml.SequenceNode: ("tag:yaml.org,2002:seq",),
}
_MERGE_TAG = "tag:yaml.org,2002:merge"
_KNOWN_SCALAR_TAGS = {
    _STR_TAG,
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}

_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUES = {"true", "True", "TRUE"}
_FALSES = {"false", "False", "FALSE"}
_INT_RE = re.compile(r"^[-+]?[0-9]+$")
_OCT_RE = re.compile(r"^0o[0-7]+$")
_HEX_RE = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT_RE = re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")
_INF_RE = re.compile(r"^[-+]?\.(inf|Inf|INF)$")
_NAN_RE = re.compile(r"^\.(nan|NaN|NAN)$")
_LEADING_ZERO_RE = re.compile(r"^[-+]?0[0-9]+$")
MAX_NUMBER_DIGITS = 60
# C0 and C1 controls (tab and line breaks aside), DEL, lone surrogates and non-characters:
# nothing a printer can draw, and not allowed in XML.
_BAD_CHAR_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")

YAML11_BOOLEANS = {w for base in ("yes", "no", "on", "off", "y", "n") for w in (base, base.capitalize(), base.upper())}


@dataclass(frozen=True, slots=True)
class Mark:
    """A 1-based line and column."""

    line: int
    column: int


@dataclass(slots=True)
class Positions:
    """Where each value (and each mapping key) of one document sits in its file."""

    values: dict[Path, Mark] = field(default_factory=dict)
    keys: dict[Path, Mark] = field(default_factory=dict)

    def value(self, path: Path) -> Mark:
        """The position of the value at `path`, or of its nearest enclosing value."""
        path = tuple(path)
        while path and path not in self.values:
            path = path[:-1]
        return self.values.get(path, Mark(1, 1))

    def key(self, path: Path) -> Mark:
        """The position of the key naming `path`, falling back to the value."""
        path = tuple(path)
        if path in self.keys:
            return self.keys[path]
        return self.value(path)

    def has(self, path: Path) -> bool:
        return tuple(path) in self.values


class LazyPositions(Positions):
    """The positions of a document read from a cache, which keeps values only: found by
    parsing its file again the first time they are asked for (a diagnostic needs them).
    The file's bytes are those the cache was made from, so they are the same positions."""

    __slots__ = ("_find",)

    def __init__(self, find) -> None:  # find() -> Positions
        self._find = find

    def __getattr__(self, name: str) -> Any:  # `values` or `keys`, unset until asked for
        if name not in ("values", "keys"):
            raise AttributeError(name)
        found = self._find()
        self.values, self.keys = found.values, found.keys
        return getattr(self, name)


@dataclass(slots=True)
class RawDocument:
    """One YAML document: plain Python data plus the positions of its parts."""

    index: int
    data: Any
    positions: Positions
    start: Mark
    ok: bool = True
    finite: bool = True  # no number is infinite or not a number (JSON can keep it as it is)


class _Abort(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _mark(node: yaml.Node, line_offset: int = 0) -> Mark:
    return Mark(node.start_mark.line + 1 + line_offset, node.start_mark.column + 1)


# Every plain scalar the YAML 1.2 core schema reads as other than text (a null, a
# boolean, a number, .inf or .nan) starts with one of these characters or is one of these
# words; any other plain scalar is text whatever YAML 1.1 makes of it.
_NOT_TEXT_FIRST = frozenset("0123456789+-.~")
_CORE_WORDS = frozenset(_NULLS | _TRUES | _FALSES)


def _may_not_be_text(text: str) -> bool:
    return not text or text[0] in _NOT_TEXT_FIRST or text in _CORE_WORDS


def _is_number(text: str) -> bool:
    """Whether the YAML 1.2 core schema reads a plain scalar as a whole or decimal number."""
    return any(pattern.match(text) for pattern in (_INT_RE, _FLOAT_RE, _HEX_RE, _OCT_RE))


def printed_number(value: int | float) -> str:
    """A number as a table's cell prints it."""
    return f"{value:g}" if isinstance(value, float) else str(value)


#: The values an explicit scalar tag (`!!int 5`) takes.
_TAG_TYPES: dict[str, type | tuple[type, ...]] = {
    "tag:yaml.org,2002:int": int,
    "tag:yaml.org,2002:float": (int, float),
    "tag:yaml.org,2002:bool": bool,
    "tag:yaml.org,2002:null": type(None),
}


def _fits_tag(value: Any, expected: type | tuple[type, ...]) -> bool:
    """Whether a value is of the type its explicit tag names (`true` is no `!!int`)."""
    return isinstance(value, expected) and not (expected is int and isinstance(value, bool))


def resolve_plain(text: str) -> Any:
    """A plain (unquoted) scalar under the YAML 1.2 core schema."""
    if text in _NULLS:
        return None
    if text in _TRUES:
        return True
    if text in _FALSES:
        return False
    if _INT_RE.match(text):
        return int(text)
    if _OCT_RE.match(text):
        return int(text[2:], 8)
    if _HEX_RE.match(text):
        return int(text[2:], 16)
    if _FLOAT_RE.match(text):
        return float(text)
    if _INF_RE.match(text):
        return -math.inf if text.startswith("-") else math.inf
    if _NAN_RE.match(text):
        return math.nan
    return text


class _Builder:
    def __init__(
        self,
        file: str,
        max_nodes: int,
        max_depth: int,
        line_offset: int = 0,
        restore: dict[int, int] | None = None,
        unclean: bool = True,
        record: bool = True,
    ):
        self.file = file
        # Whether every value's position is recorded; if not, only the top-level keys'
        # (where a runaway value is named), and the caller finds the rest when asked.
        self.record = record
        self.unclean = unclean  # the text parsed may hold characters that cannot be printed
        self.line_offset = line_offset  # lines of the file before the part being parsed
        self.restore = restore  # placeholders of line-break-like characters → the characters
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.count = 0  # values built again through aliases
        self.finite = True  # no value built so far is an infinite number or not a number
        self.seen: set[int] = set()  # the nodes built so far (the composed tree keeps them alive)
        self.positions = Positions()
        self.diagnostics: list[Diagnostic] = []
        self._resolver = _RESOLVER

    def mark(self, node: yaml.Node) -> Mark:
        return _mark(node, self.line_offset)

    def problem(self, node: yaml.Node, code: str, message: str, hint: str | None = None) -> None:
        m = self.mark(node)
        self.diagnostics.append(error(self.file, m.line, m.column, code, message, hint))

    def rewritten(self, node: yaml.ScalarNode, value: int | float) -> None:
        """A number in a table's cell written otherwise than it prints (`3.50`, `0x1F`):
        said, since the cell shows the number, not what was typed."""
        m = self.mark(node)
        shown = printed_number(value)
        self.diagnostics.append(
            warning(
                self.file,
                m.line,
                m.column,
                "yaml.number-rewritten",
                f"`{node.value}` is read as the number {shown}, and the cell prints `{shown}`",
                f'write `"{node.value}"` (in quotes) to print it as written, or `{shown}`',
            )
        )

    def _outermost(self, path: Path, node: yaml.Node) -> Mark:
        """The key of the top-level entry being built: where a runaway value is named."""
        return self.positions.keys.get(path[:1]) or self.mark(node)

    def build(self, node: yaml.Node, path: Path, depth: int) -> Any:
        # Only values repeated through aliases count against the limit: a node built a
        # second time is an alias's copy. A plain document is bounded by the file size.
        key = id(node)
        if key in self.seen:
            self.count += 1
        else:
            self.seen.add(key)
        if self.count > self.max_nodes:
            m = self._outermost(path, node)
            raise _Abort(
                error(
                    self.file,
                    m.line,
                    m.column,
                    "yaml.too-large",
                    f"`{path[0]}` expands to more than {self.max_nodes:,} values through aliases"
                    if path
                    else f"this document expands to more than {self.max_nodes:,} values through aliases",
                    "an alias that refers to other aliases can grow exponentially (an 'alias bomb'); "
                    "write the values out or split the document",
                )
            )
        if depth > self.max_depth:
            m = self._outermost(path, node)
            raise _Abort(
                error(
                    self.file,
                    m.line,
                    m.column,
                    "yaml.too-deep",
                    f"values are nested more than {self.max_depth} levels deep",
                    "flatten the structure; if it uses aliases, one that refers to itself makes an endless one",
                )
            )
        if self.record:
            values = self.positions.values
            if path not in values:
                start = node.start_mark
                values[path] = Mark(start.line + 1 + self.line_offset, start.column + 1)
        if type(node) is yaml.ScalarNode:
            value = self.scalar(node)
            if type(value) is float and not math.isfinite(value):
                self.finite = False
            if (
                type(value) in (int, float)
                and len(path) > 2
                and path[-3] == "rows"
                and printed_number(value) != node.value
            ):
                self.rewritten(node, value)
            return value
        if node.tag not in _COLLECTION_TAGS.get(type(node), ()):
            # `!!python/object/apply:…` and friends: refused on mappings and lists as on text.
            self.problem(node, "yaml.unsupported-tag", f"the tag `{node.tag}` is not supported", "remove the tag")
            return {} if isinstance(node, yaml.MappingNode) else []
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, path + (i,), depth + 1) for i, child in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path, depth)
        raise AssertionError(f"unexpected node {node!r}")  # pragma: no cover

    def scalar(self, node: yaml.ScalarNode) -> Any:
        if self.restore:
            node.value = node.value.translate(self.restore)
        text = node.value
        # A file with no unprintable character has none in its values, but for what the
        # escapes of a double-quoted value (`\e`, `\x07`) make.
        bad = _BAD_CHAR_RE.search(text) if self.unclean or node.style == '"' else None
        if bad:
            self.problem(
                node,
                "yaml.control-character",
                f"the text holds the invisible character U+{ord(bad.group()):04X}, which cannot be printed",
                "remove it (escape codes such as \\e or \\x07 in quoted text make such characters)",
            )
            return _BAD_CHAR_RE.sub("", text)
        if node.style:  # quoted or block scalar: always text (plain is None or '')
            if node.tag != _STR_TAG:
                return self.explicit(node)
            return text
        if node.tag == _STR_TAG and not _may_not_be_text(text):
            return text  # plain text that no rule below reads as anything but text
        if len(text) > MAX_NUMBER_DIGITS and _is_number(text):
            self.problem(
                node,
                "yaml.number-too-long",
                f"this number has {len(text)} characters; sheetgen reads at most {MAX_NUMBER_DIGITS}",
                "write a smaller number, or quote it if it is text",
            )
            return text
        implicit = _scalar_tag(self._resolver.resolve, text, (True, False))
        if node.tag != implicit and not (node.tag == _STR_TAG and implicit == _STR_TAG):
            return self.explicit(node)
        if _LEADING_ZERO_RE.match(text):
            self.problem(
                node,
                "yaml.ambiguous-number",
                f"`{text}` is ambiguous: YAML 1.1 reads a leading zero as octal",
                f'write `{int(text)}` for the number, or `"{text}"` for text',
            )
            return text
        return resolve_plain(text)

    def explicit(self, node: yaml.ScalarNode) -> Any:
        """A scalar with an explicit tag such as `!!str 5`."""
        tag = node.tag
        if tag not in _KNOWN_SCALAR_TAGS:
            self.problem(node, "yaml.unsupported-tag", f"the tag `{tag}` is not supported", "remove the tag")
            return node.value
        if tag == _STR_TAG:
            return node.value
        value = resolve_plain(node.value)
        if not _fits_tag(value, _TAG_TYPES[tag]):
            self.problem(node, "yaml.bad-tag-value", f"`{node.value}` does not fit the tag `{tag}`")
            return node.value
        if tag == "tag:yaml.org,2002:float":
            value = float(value)
        return value

    def mapping(self, node: yaml.MappingNode, path: Path, depth: int) -> dict:
        result: dict[Any, Any] = {}
        seen: dict[Any, yaml.Node] = {}  # key → its node
        merges: list[yaml.Node] = []
        second_document: int | None = None  # the line a second `kind:` starts on, in a top-level mapping
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag == _MERGE_TAG:
                merges.append(value_node)
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.problem(key_node, "yaml.complex-key", "a mapping key must be plain text", "quote the key")
                continue
            key = self.scalar(key_node)
            if not isinstance(key, str):
                self.problem(
                    key_node,
                    "yaml.non-text-key",
                    f"the key `{key_node.value}` is not text",
                    f'field names are words; quote it (`"{key_node.value}":`) if it must be a number',
                )
                continue
            if key in seen and second_document is not None and self.mark(key_node).line >= second_document:
                continue  # part of the document that lacks its `---`: reported once, at its `kind:`
            if key in seen and key == "kind" and not path:
                second_document = self.mark(key_node).line
                self.problem(
                    key_node,
                    "yaml.missing-separator",
                    f"a second `kind:` in one document (the first is at line {self.mark(seen[key]).line}): "
                    "two documents run together",
                    f"put `---` on a line of its own before line {second_document} to start a new document",
                )
                continue
            if key in seen:
                first = self.mark(seen[key])
                self.problem(
                    key_node,
                    "yaml.duplicate-key",
                    f"the key `{key}` appears twice in this mapping "
                    f"(first at line {first.line}, column {first.column})",
                    "remove one of them; YAML would otherwise silently keep only the last",
                )
                continue
            seen[key] = key_node
            child = path + (key,)
            if self.record or not path:
                self.positions.keys[child] = self.mark(key_node)
            result[key] = self.build(value_node, child, depth + 1)
        for merge in merges:
            sources = merge.value if isinstance(merge, yaml.SequenceNode) else [merge]
            for source in sources:
                if not isinstance(source, yaml.MappingNode):
                    self.problem(source, "yaml.bad-merge", "`<<` merges only mappings")
                    continue
                merged = self.mapping(source, path, depth + 1)
                for key, value in merged.items():
                    result.setdefault(key, value)
        return result


def _syntax_diagnostic(file: str, exc: yaml.YAMLError, text: str = "", line_offset: int = 0) -> Diagnostic:
    """`text` is the part parsed, which starts at 0-based line `line_offset` of the file."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark else 1
    column = mark.column + 1 if mark else 1
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    context_mark = getattr(exc, "context_mark", None)
    hint = None
    if context and context_mark is not None:
        hint = f"{context} at line {context_mark.line + 1 + line_offset}, column {context_mark.column + 1}"
        if "flow" in context:
            hint += "; check for a missing `]` or `}` or a missing comma"
    misplaced = (
        _misindented_key(text, line) if problem.startswith(("mapping values", "did not find expected")) else None
    )
    if "\\t" in problem or "tab" in problem or _char_at(text, line, column) == "\t":
        hint = "YAML does not allow tabs for indentation; use spaces"
    elif misplaced:
        hint = misplaced
        problem = "a key indented where no key above it is"
        lines = text.split("\n")
        column = len(lines[line - 1]) - len(lines[line - 1].lstrip(" ")) + 1  # at the key, not its colon
    elif "mapping values are not allowed" in problem:
        hint = "text containing `: ` must be quoted"
    elif "undefined alias" in problem:
        hint = "define the anchor (`&name`) before using the alias (`*name`)"
    if isinstance(exc, yaml.reader.ReaderError):
        problem = f"the file contains a character YAML does not allow ({exc.reason})"
        hint = "remove control characters; save the file as UTF-8"
        position = getattr(exc, "position", None)
        if isinstance(position, int) and text:
            line = text.count("\n", 0, position) + 1
            column = position - (text.rfind("\n", 0, position) + 1) + 1
    return error(file, line + line_offset, column, "yaml.syntax", f"invalid YAML: {problem}", hint)


_KEY_LINE_RE = re.compile(r"^((?: *- +)*|  *)([A-Za-z_][\w-]*):(?:[ \t]|$)")  # `key:`, `- key:`, `  - - key:`


def _misindented_key(text: str, line: int) -> str | None:
    """A hint when 1-based `line` is a `key:` indented where no key above it is (one space
    off, say): YAML then reads it as more of the text above, or finds no key there."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines) or not (m := _KEY_LINE_RE.match(lines[line - 1])) or "-" in m.group(1):
        return None
    indent, key = len(m.group(1)), m.group(2)
    above = {len(k.group(1)) for ln in lines[: line - 1] if (k := _KEY_LINE_RE.match(ln))}
    if not above or indent in above:
        return None
    nearest = min(above, key=lambda n: (abs(n - indent), -n))

    def spaces(n: int) -> str:
        return f"{n} space{'s' if n != 1 else ''}"

    return (
        f"`{key}:` is indented {spaces(indent)}, and no key above it is: to make it a field, line it up with "
        f"the keys at column {nearest + 1} ({spaces(nearest)}); if it is text, quote the whole value"
    )


def _char_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    if 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]):
        return lines[line - 1][column - 1]
    return ""


def decode_source(data: bytes, file: str) -> tuple[str | None, list[Diagnostic]]:
    """Bytes → text, with a diagnostic for anything that is not UTF-8."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [
            error(file, line, column, "content.encoding", "the file is not valid UTF-8", "save the file as UTF-8")
        ]


MAX_NESTING_SCAN = 1000
_SCAN_RE = re.compile(r"[\[\]{}\"'#]")


def _nesting_problem(text: str, file: str) -> Diagnostic | None:
    """Refuse absurd nesting before the parser sees it: libyaml recurses once per
    level and can overflow the C stack long before our own depth limit applies.
    Brackets are counted per document: a `---` line starts again from zero."""
    if (
        text.count("[") + text.count("{") <= MAX_NESTING_SCAN
        and len(max(text.split("\n"), key=len)) <= MAX_NESTING_SCAN * 2
    ):
        return None  # too few brackets and too short lines to nest that deep
    depth = 0
    quote = ""
    for lineno, line in enumerate(text.split("\n"), 1):
        if line.startswith(("---", "...")) and (len(line) == 3 or line[3] in " \t\r"):
            depth, quote = 0, ""
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        dashes = 0
        while stripped.startswith("- ") or stripped.startswith("? "):
            dashes += 1
            stripped = stripped[2:].lstrip(" ")
        if indent + dashes > MAX_NESTING_SCAN * 2 or dashes > MAX_NESTING_SCAN:
            return error(
                file, lineno, 1, "yaml.too-deep", "values are nested too deeply to read", "flatten the structure"
            )
        for found in _SCAN_RE.finditer(line):  # only the characters that matter, at C speed
            ch = found.group()
            col = found.start() + 1
            if quote:
                if ch == quote:
                    quote = ""
            elif ch in "\"'" and (col == 1 or line[col - 2] in " [{,:"):
                quote = ch
            elif ch == "#" and (col == 1 or line[col - 2] == " "):
                break
            elif ch in "[{":
                depth += 1
                if depth > MAX_NESTING_SCAN:
                    return error(
                        file,
                        lineno,
                        col,
                        "yaml.too-deep",
                        "values are nested too deeply to read",
                        "flatten the structure",
                    )
            elif ch in "]}":
                depth = max(0, depth - 1)
    return None


_DOC_START_RE = re.compile(r"^---(?:[ \t\r]|$)", re.MULTILINE)
_LINE_BREAK_RE = re.compile("\r\n|\r|\n")

# libyaml follows YAML 1.1 and breaks lines at NEL, LS and PS; YAML 1.2 and every editor
# treat them as ordinary characters. They are swapped for private-use stand-ins while
# parsing (so line numbers and values stay as written) and swapped back in the values.
_ODD_BREAKS = "\x85\u2028\u2029"
_STAND_INS = "\U0010fff0\U0010fff1\U0010fff2"
_PROTECT = str.maketrans(_ODD_BREAKS, _STAND_INS)
_RESTORE = str.maketrans(_STAND_INS, _ODD_BREAKS)


def source_lines(text: str) -> list[str]:
    """The lines of a file as an editor numbers them (and as diagnostics count them)."""
    return _LINE_BREAK_RE.split(text)


def _protect_breaks(text: str) -> tuple[str, dict[int, int] | None]:
    if not any(c in text for c in _ODD_BREAKS) or any(c in text for c in _STAND_INS):
        return text, None
    return text.translate(_PROTECT), _RESTORE


def _document_starts(text: str) -> list[tuple[int, int]]:
    """(0-based line, character offset) of every `---` document marker, in one pass."""
    starts: list[tuple[int, int]] = []
    line, last = 0, 0
    for m in _DOC_START_RE.finditer(text):
        line += text.count("\n", last, m.start())
        last = m.start()
        starts.append((line, last))
    return starts


def _too_many_documents(text: str, file: str) -> Diagnostic | None:
    """Refuse a file of more than `MAX_DOCUMENTS_PER_FILE` documents before reading any,
    at the line where the first one over the limit starts."""
    if text.count("\n---") < MAX_DOCUMENTS_PER_FILE:
        return None  # too few lines that could start a document
    starts = _document_starts(text)
    # A first document without its `---`: anything but comments and directives above the first.
    unmarked = int(any(ln.strip() and not ln.startswith(("#", "%")) for ln in text[: starts[0][1]].split("\n")))
    count = len(starts) + unmarked
    if count <= MAX_DOCUMENTS_PER_FILE:
        return None
    return error(
        file,
        starts[MAX_DOCUMENTS_PER_FILE - unmarked][0] + 1,
        1,
        TOO_MANY_DOCUMENTS,
        f"the file holds {count:,} documents; a content file may hold at most {MAX_DOCUMENTS_PER_FILE:,}",
        f"split it into several files (this line starts document {MAX_DOCUMENTS_PER_FILE + 1:,})",
    )


def load_documents(
    text: str,
    file: str,
    *,
    max_nodes: int = MAX_NODES_PER_DOCUMENT,
    max_depth: int = MAX_DEPTH,
    lazy: bool = False,
) -> tuple[list[RawDocument], list[Diagnostic]]:
    """Every document of a YAML stream, with positions; problems as diagnostics.

    A syntax error spoils only its own document: the documents after the next `---`
    are read on their own, so every document's problems are reported in one run.
    Recovery reads each later document once, so time stays linear in the file's size.

    With `lazy`, the positions of values are not recorded while reading (most documents
    never need one): the first time a document's are asked for (a diagnostic needs them),
    the text is read again, once for all its documents. The same text gives the same
    positions, as a cache entry's do (`LazyPositions`).
    """
    refused = _too_many_documents(text, file) or _nesting_problem(text, file)
    if refused is not None:
        return [], [refused]
    original = text
    unclean = _BAD_CHAR_RE.search(text) is not None  # NEL among them, before it is swapped out
    text, restore = _protect_breaks(text)
    limits = (max_nodes, max_depth, restore, unclean, not lazy)
    documents, diagnostics, error_line = _load_stream(text, file, limits, 0, 0)
    if error_line is not None:
        starts = _document_starts(text)
        # Resume at the first document marker on or after the error's line (the error
        # may be reported at the marker that ends the broken document).
        first = bisect.bisect_left(starts, (error_line - 1, -1))
        seen = set(diagnostics)
        for n in range(first, len(starts)):
            line, begin = starts[n]
            end = starts[n + 1][1] if n + 1 < len(starts) else len(text)
            more, problems, _ = _load_stream(text[begin:end], file, limits, len(documents), line)
            documents += more
            for d in problems:
                if d not in seen:
                    seen.add(d)
                    diagnostics.append(d)
    if not documents and not diagnostics:
        diagnostics.append(warning(file, 1, 1, "content.empty-file", "the file holds no YAML documents"))
    if lazy:
        positions_of = positions_finder(
            lambda: load_documents(original, file, max_nodes=max_nodes, max_depth=max_depth)[0]
        )
        for raw in documents:
            raw.positions = LazyPositions(functools.partial(positions_of, raw.index))
    return documents, diagnostics


def positions_finder(parse: Callable[[], list[RawDocument]]) -> Callable[[int], Positions]:
    """`positions_of(index)`: the positions of the document `index` of what `parse()`
    reads (with positions), parsed the first time any document's are asked for."""
    parsed: list[dict[int, Positions]] = []

    def positions_of(index: int) -> Positions:
        if not parsed:
            parsed.append({raw.index: raw.positions for raw in parse()})
        return parsed[0].get(index) or Positions()

    return positions_of


def _is_empty(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.value == "" and not node.style


def _load_stream(
    text: str, file: str, limits: tuple[int, int, dict[int, int] | None, bool, bool], index: int, line_offset: int
) -> tuple[list[RawDocument], list[Diagnostic], int | None]:
    """(documents, diagnostics, 1-based line of a syntax error or None) of `text`, which
    starts at 0-based line `line_offset` of the file."""
    max_nodes, max_depth, restore, unclean, record = limits
    documents: list[RawDocument] = []
    diagnostics: list[Diagnostic] = []
    error_line: int | None = None
    loader = _Composer(text)
    try:
        while loader.check_node():
            node = loader.get_node()
            if node is None or _is_empty(node):
                continue  # an empty document (a stray `---`) holds nothing to check
            builder = _Builder(file, max_nodes, max_depth, line_offset, restore, unclean, record)
            try:
                data = builder.build(node, (), 0)
                ok = not any(d.is_error for d in builder.diagnostics)
            except _Abort as abort:
                builder.diagnostics.append(abort.diagnostic)
                data, ok = None, False
            diagnostics.extend(builder.diagnostics)
            documents.append(RawDocument(index, data, builder.positions, builder.mark(node), ok, builder.finite))
            index += 1
    except yaml.YAMLError as exc:
        d = _syntax_diagnostic(file, exc, text, line_offset)
        diagnostics.append(d)
        error_line = d.line  # resume at a marker after it
    except RecursionError:
        diagnostics.append(
            error(
                file,
                line_offset + 1,
                1,
                "yaml.too-deep",
                "values are nested too deeply to read",
                "flatten the structure",
            )
        )
    finally:
        loader.dispose()
    return documents, diagnostics, error_line
