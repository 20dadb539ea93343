"""The sandbox every template renders in: Jinja2's, reading templates from confined
folders only, with the time and size one field's rendering may take bounded, so that no
template can hold a build for long or take its memory.

What one field (a card's body, a caption) or page may use is its `field_bounds`; a
template going past one raises `TemplateBound`, which `templates` reports at its line.
"""

from __future__ import annotations

import contextlib
import functools
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.sandbox import SandboxedEnvironment, SecurityError

from sheetgen.content.project import readable_template

#: Longest string or list a template may build by repetition (`"x" * n`), the largest
#: power, and the longest `range`: a template cannot exhaust memory or time.
MAX_REPEAT = 100_000
MAX_POWER = 10_000
MAX_RANGE = 10_000
#: One field (a card's body or footer, a caption) may take a template this many seconds,
#: and print (or build as one value) this many characters; a whole page (the HTML index, a
#: workbench page, which may show a whole content file) this many.
TIME_LIMIT = 5.0
MAX_OUTPUT = 1_000_000
MAX_PAGE_OUTPUT = 64_000_000
#: All the values a template makes for one field or page, each counted when it is made
#: (kept or not), come to at most this many characters: what it can hold at once.
MAX_MADE = 16_000_000


class _ConfinedLoader(jinja2.FileSystemLoader):
    """Templates from one folder, and nothing that resolves outside it (a symlink to
    `/etc/passwd` is not a template), nor anything that is not a plain file of a
    template's size (a pipe is never opened)."""

    def get_source(self, environment, template):
        root = Path(self.searchpath[0])
        path = root.joinpath(*jinja2.loaders.split_template_path(template))
        if not readable_template(path, root.resolve()):
            raise jinja2.TemplateNotFound(template)
        return super().get_source(environment, template)


class TemplateBound(Exception):
    """A template went past a bound (`kind`: "time", over `limit` seconds; "size", one
    value or what it printed over `limit` characters; "made", all the values it made over
    `limit`)."""

    def __init__(self, kind: str, limit: float = 0):
        super().__init__(kind)
        self.kind = kind
        self.limit = limit


class _Budget:
    """What one field's rendering may use: a deadline, characters printed, and how many
    characters it may print or build as one value."""

    def __init__(self, limit: int) -> None:
        self.deadline = time.monotonic() + TIME_LIMIT
        self.printed = 0
        self.made = 0
        self.limit = limit


_current = threading.local()  # the budget of the field this thread renders, if any


@contextlib.contextmanager
def field_bounds(limit: int) -> Iterator[None]:
    """While open, what this thread renders is one field of `limit` characters at most,
    with `TIME_LIMIT` seconds; a step of a field already open stays within that field's."""
    if getattr(_current, "budget", None) is not None:
        yield
        return
    _current.budget = _Budget(limit)
    try:
        yield
    finally:
        _current.budget = None


def _tick() -> None:
    """Raise `TemplateBound("time")` once the field's time is up."""
    budget = getattr(_current, "budget", None)
    if budget is not None and time.monotonic() > budget.deadline:
        raise TemplateBound("time", TIME_LIMIT)


def _fits(size: int) -> None:
    """Refuse a value or output of `size` characters (items, bytes) over the field's limit."""
    _tick()
    budget = getattr(_current, "budget", None)
    limit = budget.limit if budget is not None else MAX_OUTPUT
    if size > limit:
        raise TemplateBound("size", limit)


def _made(size: int) -> None:
    """A value of `size` is made: it fits the field's limit, and all it made `MAX_MADE`."""
    _fits(size)
    budget = getattr(_current, "budget", None)
    if budget is not None:
        budget.made += size
        if budget.made > MAX_MADE:
            raise TemplateBound("made", MAX_MADE)


def _size(value: Any) -> int:
    """How big a value is: characters, items, or an integer's bytes."""
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)):
        return len(value)
    if isinstance(value, int):
        return value.bit_length() // 8
    return 0


def _text_size(value: Any) -> int:
    """About how many characters a value is as text (lists and dicts with everything in
    them, each item as often as it appears), counted no further than past the field's limit:
    what printing it or joining it would make, known before it is made."""
    if isinstance(value, str):  # most values
        return len(value)
    budget = getattr(_current, "budget", None)
    limit = budget.limit if budget is not None else MAX_OUTPUT
    total, pending = 0, [value]
    while pending and total <= limit:
        item = pending.pop()
        if isinstance(item, (str, bytes)):
            total += len(item)
        elif isinstance(item, int):
            total += item.bit_length() // 3 + 1
        elif isinstance(item, float):
            total += 24
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += 2 * len(item) + 2
            pending.extend(item)
        elif isinstance(item, dict):
            total += 4 * len(item) + 2
            pending.extend(item.keys())
            pending.extend(item.values())
    return total


_PERCENT_FIELD = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?")
_BRACE_FIELD = re.compile(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}")


def _format_size(fmt: str, args: Any) -> int:
    """At most how long `fmt % args` or `fmt.format(*args)` is: the string, every argument,
    and every width and precision it names (a width taken from the arguments, `%*d` or
    `{:{}}`, counts each integer argument as a width)."""
    values = (
        list(args.values()) if isinstance(args, dict) else list(args) if isinstance(args, (tuple, list)) else [args]
    )
    size = len(fmt) + sum(_text_size(v) for v in values)
    fields = _PERCENT_FIELD.findall(fmt) + [(w, "") for w in map(str, _BRACE_FIELD.findall(fmt))]
    size += sum(int(n) for field in fields for n in re.findall(r"\d+", "".join(field)))
    if "*" in "".join(w for w, _ in _PERCENT_FIELD.findall(fmt)) or re.search(r"\{[^{}]*\{", fmt):
        size += sum(abs(v) for v in values if isinstance(v, int))
    return size


def _grown_size(name: str, receiver: Any, args: tuple, kwargs: dict) -> int:
    """At most how big the result of a string method (or the filter of that name) is,
    known before it runs: what a width, a replacement or a join can make."""
    text = receiver if isinstance(receiver, str) else ""
    width = next((a for a in (*args, *kwargs.values()) if isinstance(a, int)), 0)
    if name in ("center", "ljust", "rjust", "zfill"):
        return max(len(text), abs(width))
    if name == "indent":
        return len(text) + (text.count("\n") + 1) * max(abs(width), max((_text_size(a) for a in args), default=0))
    if name == "expandtabs":
        return len(text) + text.count("\t") * abs(width or 8)
    if name == "replace" and len(args) >= 2:
        count = text.count(args[0]) if args[0] else len(text) + 1
        return len(text) + count * _text_size(args[1])
    if name in ("format", "format_map"):
        return _format_size(text, kwargs or (args[0] if name == "format_map" and args else args))
    if name == "tojson":
        return _text_size(receiver) * (1 + abs(width))
    if name == "wordwrap":
        return len(text) * (1 + len(str(kwargs.get("wrapstring", args[2] if len(args) > 2 else "\n"))))
    if name == "join":  # `sep.join(items)`, or the filter `items|join(sep)`
        items, sep = (
            (args[0] if args else (), text)
            if isinstance(receiver, str)
            else (receiver, str(args[0] if args else kwargs.get("d", "")))
        )
        return sum(_text_size(i) for i in items) + len(sep) * len(items) if isinstance(items, (list, tuple)) else 0
    if name in ("extend", "update", "append", "insert", "add"):
        return _size(receiver) + sum(_size(a) for a in args) + 1
    return 0


def _bounded_filter(name: str, function: Callable) -> Callable:
    """A filter whose result is checked before it is made (`_grown_size`) and after."""
    value_at = 1 if hasattr(function, "jinja_pass_arg") else 0  # the piped value follows a context argument

    @functools.wraps(function)
    def bounded(*args: Any, **kwargs: Any) -> Any:
        value, rest = (args[value_at], args[value_at + 1 :]) if len(args) > value_at else (None, ())
        _fits(max(_text_size(value), _grown_size(name, value, rest, kwargs)))
        if name in ("batch", "slice") and rest and isinstance(rest[0], int) and rest[0] > MAX_RANGE:
            raise SecurityError(f"`{name}` into more than {MAX_RANGE:,} is not allowed")
        result = function(*args, **kwargs)
        _made(_size(result))
        return result

    return bounded


class _BoundedRange:
    """`range` in a template: at most `MAX_RANGE` numbers, the field's time checked at each."""

    def __init__(self, *args: int):
        self._range = range(*args)
        if len(self._range) > MAX_RANGE:
            raise OverflowError(f"a range of more than {MAX_RANGE:,} numbers is not allowed")

    def __len__(self) -> int:
        return len(self._range)

    def __getitem__(self, index):
        return self._range[index]

    def __contains__(self, item: object) -> bool:
        return item in self._range

    def __iter__(self):
        for number in self._range:
            _tick()
            yield number


class _Sandbox(SandboxedEnvironment):
    """Jinja2's sandbox, with repetition and powers bounded, and every loop, call, filter
    and printed value of a field within its time and size (`TIME_LIMIT`, `MAX_OUTPUT` or
    `MAX_PAGE_OUTPUT`, `MAX_MADE`): no template can hold a build for long or take its memory."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def call_binop(self, context, operator_name, left, right):
        _tick()
        if operator_name == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_REPEAT:
                    raise SecurityError(f"a repetition longer than {MAX_REPEAT:,} is not allowed")
        elif operator_name == "**":
            if isinstance(right, (int, float)) and abs(right) > MAX_POWER:
                raise SecurityError(f"a power above {MAX_POWER:,} is not allowed")
            if isinstance(left, int) and isinstance(right, int):
                _fits(abs(left).bit_length() * right // 8)
        elif operator_name == "+":
            _fits(_size(left) + _size(right))
        elif operator_name == "%" and isinstance(left, str):
            _fits(_format_size(left, right))
        result = super().call_binop(context, operator_name, left, right)
        _made(_size(result))
        return result

    def call(__self, __context, __obj, *args, **kwargs):
        _tick()
        method = getattr(__obj, "__wrapped__", __obj)  # `str.format` comes wrapped by the sandbox
        receiver = getattr(method, "__self__", None)
        if receiver is not None and not isinstance(receiver, type):
            _fits(_grown_size(getattr(method, "__name__", ""), receiver, args, kwargs))
        result = super().call(__context, __obj, *args, **kwargs)
        if receiver is None or result is not None:
            _made(_size(result))
        else:  # a list, dict or set grown in place: by what it was given
            _fits(_size(receiver))
            _made(sum(_text_size(a) for a in (*args, *kwargs.values())))
        return result

    def _parse(self, source, name, filename):
        """The template's tree with each loop, `~` and printed value passed through the
        bounds above (Jinja2 offers no public step between parsing and compiling)."""
        return _bounded_tree(super()._parse(source, name, filename))


# Each loop, `~` and printed value of a template passes through one of these, called as
# filters are (directly, not through the sandbox's `call`: they run for every value
# printed), and given the context so that Jinja2 never runs them ahead, when compiling.


@jinja2.pass_context
def _bounded_iter(context: jinja2.runtime.Context, iterable: Any):
    """What a `{% for %}` loops over, the field's time checked at each item."""
    for item in iterable:
        _tick()
        yield item


@jinja2.pass_context
def _bounded_concat(context: jinja2.runtime.Context, parts: tuple) -> Any:
    """`a ~ b`: refused before it is joined when it would be longer than the field's limit
    (joined as Jinja2 joins it: escaped where the template autoescapes)."""
    _made(sum(_text_size(p) for p in parts))
    return jinja2.runtime.markup_join(parts) if context.eval_ctx.autoescape else jinja2.runtime.str_join(parts)


@jinja2.pass_context
def _printed(context: jinja2.runtime.Context, value: Any) -> Any:
    """A value a template prints, counted against the field's limit."""
    _count_printed(context, _text_size(value))
    return value


@jinja2.pass_context
def _count_printed(context: jinja2.runtime.Context, size: int) -> str:
    budget = getattr(_current, "budget", None)
    if budget is not None:
        budget.printed += size
        _fits(budget.printed)
    return ""


_HOOKS = {
    "sheetgen_loop": _bounded_iter,
    "sheetgen_concat": _bounded_concat,
    "sheetgen_printed": _printed,
    "sheetgen_printed_text": _count_printed,
}


def _hook(name: str, value: nodes.Node, lineno: int) -> nodes.Filter:
    return nodes.Filter(value, name, [], [], None, None, lineno=lineno)


def _bounded_tree(tree: nodes.Template) -> nodes.Template:
    for loop in tree.find_all(nodes.For):
        loop.iter = _hook("sheetgen_loop", loop.iter, loop.lineno)
    for concat in list(tree.find_all(nodes.Concat)):
        parts = nodes.Tuple(concat.nodes, "load", lineno=concat.lineno)
        concat.nodes = [_hook("sheetgen_concat", parts, concat.lineno)]
    for output in tree.find_all(nodes.Output):
        fixed = sum(len(child.data) for child in output.nodes if isinstance(child, nodes.TemplateData))
        output.nodes = [
            child if isinstance(child, nodes.TemplateData) else _hook("sheetgen_printed", child, child.lineno)
            for child in output.nodes
        ]
        if fixed:
            output.nodes.append(
                nodes.MarkSafeIfAutoescape(
                    _hook("sheetgen_printed_text", nodes.Const(fixed), output.lineno), lineno=output.lineno
                )
            )
    return tree


def sandbox(*folders: Path) -> jinja2.Environment:
    """A sandbox reading templates from the folders, the first that has a name winning."""
    loaders = [_ConfinedLoader(str(f)) for f in folders]
    env = _Sandbox(
        loader=loaders[0] if len(loaders) == 1 else jinja2.ChoiceLoader(loaders),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(
            enabled_extensions=("html", "html.j2", "xml", "svg", "svg.j2"), default=False
        ),
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # a build reads each template once (`reset()` forgets them)
    )
    env.globals.pop("lipsum", None)  # text generation a caption never needs
    env.globals["range"] = _BoundedRange
    env.filters = {**{name: _bounded_filter(name, f) for name, f in env.filters.items()}, **_HOOKS}
    return env
