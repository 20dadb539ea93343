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

import math
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from sheetgen.diagnostics import Diagnostic, error, warning

try:  # libyaml is much faster; the pure-Python loader gives the same nodes.
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_NODES_PER_DOCUMENT = 100_000
MAX_DEPTH = 64

Path = tuple[Any, ...]

_RESOLVER = yaml.resolver.Resolver()  # only its resolve() is used
_STR_TAG = "tag:yaml.org,2002:str"
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

YAML11_BOOLEANS = {
    w
    for base in ("yes", "no", "on", "off", "y", "n")
    for w in (base, base.capitalize(), base.upper())
}


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


@dataclass(slots=True)
class RawDocument:
    """One YAML document: plain Python data plus the positions of its parts."""

    index: int
    data: Any
    positions: Positions
    start: Mark
    ok: bool = True


class _Abort(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _mark(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


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
    def __init__(self, file: str, max_nodes: int, max_depth: int):
        self.file = file
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.count = 0
        self.positions = Positions()
        self.diagnostics: list[Diagnostic] = []
        self._resolver = _RESOLVER

    def problem(self, node: yaml.Node, code: str, message: str, hint: str | None = None) -> None:
        m = _mark(node)
        self.diagnostics.append(error(self.file, m.line, m.column, code, message, hint))

    def _outermost(self, path: Path, node: yaml.Node) -> Mark:
        """The key of the top-level entry being built: where a runaway value is named."""
        return self.positions.keys.get(path[:1]) or _mark(node)

    def build(self, node: yaml.Node, path: Path, depth: int) -> Any:
        self.count += 1
        if self.count > self.max_nodes:
            m = self._outermost(path, node)
            raise _Abort(
                error(
                    self.file,
                    m.line,
                    m.column,
                    "yaml.too-large",
                    f"`{path[0]}` expands to more than {self.max_nodes:,} values through aliases"
                    if path else f"this document expands to more than {self.max_nodes:,} values through aliases",
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
                    "an alias that refers to itself makes an endless structure; remove the cycle",
                )
            )
        if path not in self.positions.values:
            self.positions.values[path] = _mark(node)
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, path + (i,), depth + 1) for i, child in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path, depth)
        raise AssertionError(f"unexpected node {node!r}")  # pragma: no cover

    def scalar(self, node: yaml.ScalarNode) -> Any:
        text = node.value
        if node.style:  # quoted or block scalar: always text (plain is None or '')
            if node.tag != _STR_TAG:
                return self.explicit(node)
            return text
        implicit = self._resolver.resolve(yaml.ScalarNode, text, (True, False))
        if node.tag != implicit and not (node.tag == _STR_TAG and implicit == _STR_TAG):
            return self.explicit(node)
        if _LEADING_ZERO_RE.match(text):
            self.problem(
                node,
                "yaml.ambiguous-number",
                f"`{text}` is ambiguous: YAML 1.1 reads a leading zero as octal",
                f"write `{int(text)}` for the number, or `\"{text}\"` for text",
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
        expected = {
            "tag:yaml.org,2002:int": int,
            "tag:yaml.org,2002:float": (int, float),
            "tag:yaml.org,2002:bool": bool,
            "tag:yaml.org,2002:null": type(None),
        }[tag]
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            self.problem(node, "yaml.bad-tag-value", f"`{node.value}` does not fit the tag `{tag}`")
            return node.value
        if tag == "tag:yaml.org,2002:float":
            value = float(value)
        return value

    def mapping(self, node: yaml.MappingNode, path: Path, depth: int) -> dict:
        result: dict[Any, Any] = {}
        seen: dict[Any, Mark] = {}
        merges: list[yaml.Node] = []
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.tag == _MERGE_TAG:
                merges.append(value_node)
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.problem(key_node, "yaml.complex-key", "a mapping key must be plain text", "quote the key")
                continue
            key = self.scalar(key_node)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                key = key_node.value
            if key in seen:
                first = seen[key]
                self.problem(
                    key_node,
                    "yaml.duplicate-key",
                    f"the key `{key}` appears twice in this mapping (first at line {first.line}, column {first.column})",
                    "remove one of them; YAML would otherwise silently keep only the last",
                )
                continue
            seen[key] = _mark(key_node)
            child = path + (key,)
            self.positions.keys[child] = _mark(key_node)
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


def _syntax_diagnostic(file: str, exc: yaml.YAMLError, text: str = "") -> Diagnostic:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark else 1
    column = mark.column + 1 if mark else 1
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    context_mark = getattr(exc, "context_mark", None)
    hint = None
    if context and context_mark is not None:
        hint = f"{context} at line {context_mark.line + 1}, column {context_mark.column + 1}"
        if "flow" in context:
            hint += "; check for a missing `]` or `}` or a missing comma"
    if "\\t" in problem or "tab" in problem or _char_at(text, line, column) == "\t":
        hint = "YAML does not allow tabs for indentation; use spaces"
    elif "mapping values are not allowed" in problem:
        hint = "text containing `: ` must be quoted"
    elif "undefined alias" in problem:
        hint = "define the anchor (`&name`) before using the alias (`*name`)"
    if isinstance(exc, yaml.reader.ReaderError):
        problem = f"the file contains a character YAML does not allow ({exc.reason})"
        hint = "remove control characters; save the file as UTF-8"
    return error(file, line, column, "yaml.syntax", f"invalid YAML: {problem}", hint)


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


def load_documents(
    text: str,
    file: str,
    *,
    max_nodes: int = MAX_NODES_PER_DOCUMENT,
    max_depth: int = MAX_DEPTH,
) -> tuple[list[RawDocument], list[Diagnostic]]:
    """Every document of a YAML stream, with positions; problems as diagnostics.

    A syntax error ends the stream: documents before it are still returned.
    """
    documents: list[RawDocument] = []
    diagnostics: list[Diagnostic] = []
    loader = _Loader(text)
    index = 0
    try:
        while loader.check_node():
            node = loader.get_node()
            if node is None:
                continue
            builder = _Builder(file, max_nodes, max_depth)
            try:
                data = builder.build(node, (), 0)
                ok = not builder.diagnostics
            except _Abort as abort:
                builder.diagnostics.append(abort.diagnostic)
                data, ok = None, False
            diagnostics.extend(builder.diagnostics)
            documents.append(RawDocument(index, data, builder.positions, _mark(node), ok))
            index += 1
    except yaml.YAMLError as exc:
        diagnostics.append(_syntax_diagnostic(file, exc, text))
    finally:
        loader.dispose()
    if not documents and not diagnostics:
        diagnostics.append(warning(file, 1, 1, "content.empty-file", "the file holds no YAML documents"))
    return documents, diagnostics
