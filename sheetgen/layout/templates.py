"""Jinja2 text templates (card bodies, sheet captions, the HTML index) from `templates/`,
and a publisher's own templates over them.

A publisher's folder (`sheetgen build --templates DIR`, or a theme's `templates:`) holds
files by the same paths as the bundled ones; each replaces the bundled file, and in a
caption file each macro it defines replaces the bundled macro of that name (the others
stay as bundled). Every template, bundled or not, renders in Jinja2's sandbox with
`StrictUndefined`, autoescaped where the output is HTML, XML or SVG: a template from
someone else can neither reach Python's internals (`__class__`, `__globals__`), import,
nor read a file outside its folder. A template's mistake is a `TemplateProblem`: a
diagnostic naming the template file and line, never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import re
import traceback
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.sandbox import SecurityError

import sheetgen
from sheetgen.content.project import MAX_FOLDER_ENTRIES, MAX_TEMPLATE_BYTES, folder_templates, readable_template
from sheetgen.content.project import resolves_inside as _inside
from sheetgen.diagnostics import Diagnostic, Severity, did_you_mean, display_path
from sheetgen.layout.sandbox import MAX_OUTPUT, MAX_PAGE_OUTPUT, TemplateBound, field_bounds, sandbox


def templates_dir() -> Path:
    """`sheetgen/templates` in an installed wheel, `templates/` beside the package in a checkout."""
    package = Path(sheetgen.__file__).parent
    for candidate in (package / "templates", package.parent / "templates"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("sheetgen's templates folder is missing")


class TemplateProblem(Exception):
    """A template that cannot be used, as a diagnostic at its file and line."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


# --- which folders: the bundled one, and the publisher's over it ------------------------

_publisher: Path | None = None
_version: str = ""


def use_templates(folder: str | os.PathLike | None, version: str = "") -> None:
    """Take templates from `folder` before the bundled ones (None: the bundled ones only);
    a new `version` (a digest of the folder's files) forgets what was read before."""
    global _publisher, _version
    _publisher = Path(folder).resolve() if folder else None
    if version != _version:
        _version = version
        reset()


@lru_cache(maxsize=1)
def bundled_environment() -> jinja2.Environment:
    return sandbox(templates_dir())


@lru_cache(maxsize=8)
def _publisher_environment(folder: Path) -> jinja2.Environment:
    return sandbox(folder, templates_dir())


def environment() -> jinja2.Environment:
    """The environment a template is looked up in first: the publisher's, else the bundled."""
    return _publisher_environment(_publisher) if _publisher is not None else bundled_environment()


def _get(name: str) -> tuple[jinja2.Template, bool]:
    """The template `name` and whether it is the publisher's."""
    template = _guard(lambda: environment().get_template(name))
    own = _publisher is not None and _inside(Path(template.filename or ""), _publisher)
    return template, own


def render_template(name: str, **values: Any) -> str:
    """A whole template, rendered with `values`."""
    template, _ = _get(name)
    return _guard(lambda: template.render(**values), MAX_PAGE_OUTPUT)


def reset() -> None:
    """Forget compiled templates (a publisher's file changed while the process runs)."""
    bundled_environment.cache_clear()
    _publisher_environment.cache_clear()
    _macros.clear()
    _loaded.clear()


def caption(template: str, name: str, **values: Any) -> str:
    """The macro `name` of a caption template (`templates/<template>`), as body text.

    Caption templates are written like the text they make: single line breaks fold into
    spaces, a blank line starts a new paragraph, and lines starting with `- ` stay
    bullets; `**bold**` and `*italic*` pass through to the layout."""
    return fold_text(str(_guard(lambda: _macro(template, name)(**values))))


def text(template: str, name: str, **values: Any) -> str:
    """The macro `name` of a template as it renders, lines kept (a card's body, which is
    content: its line breaks are the author's)."""
    return str(_guard(lambda: _macro(template, name)(**values))).strip()


def publisher_macro(template: str, name: str) -> tuple[str, int, int] | None:
    """Where a publisher's template defines the macro `name` (file, line, column of its
    name), or None where the bundled macro is used: what such a macro writes (a card's
    footer) is the publisher's to change, there."""
    chosen, own = _get(template)
    if not own or _guard(lambda: not hasattr(chosen.module, name)):
        return None
    file = chosen.filename or template
    opening = re.compile(r"\{%[-+]?\s*macro\s+(" + re.escape(name) + r")\b")
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    for number, line in enumerate(lines, 1):
        found = opening.search(line)
        if found:
            return display_path(file), number, found.start(1) + 1
    return display_path(file), 1, 1


_macros: dict[tuple, Any] = {}
#: Templates by file name, to map a line of their compiled code back to their own line.
_loaded: dict[str, jinja2.Template] = {}


def _macro(template: str, name: str):
    """The macro `name` of `template` (the publisher's, else the bundled one), as a
    function whose errors are `TemplateProblem`s at the template's line."""
    key = (_publisher, template, name)
    found = _macros.get(key)
    if found is None:
        found = _macros[key] = _find_macro(template, name)
    return found


def _find_macro(template: str, name: str):
    chosen, own = _get(template)
    if not hasattr(chosen.module, name) and own:  # the publisher's file leaves this caption as bundled
        chosen = bundled_environment().get_template(template)
    macro = getattr(chosen.module, name, None)
    if macro is None:
        raise KeyError(f"{template} has no caption `{name}`")
    _loaded[chosen.filename or template] = chosen
    # A macro gets the values it names (all of them when it reads `kwargs`): one written
    # before a value was added, `body(card, deck, number, total)`, keeps working.
    takes = None if macro.catch_kwargs else set(macro.arguments)

    def call(**values: Any) -> Any:
        given = {k: v for k, v in values.items() if takes is None or k in takes}
        try:
            return macro(**given)
        except Exception as exc:
            _raw_lines(exc)
            with contextlib.suppress(AttributeError):  # the names it could have meant, and those it could take
                exc.__dict__.update(
                    sheetgen_names={*given, *(str(k) for v in given.values() if isinstance(v, dict) for k in v)},
                    sheetgen_offered={k for k in values if k not in given},
                )
            raise

    call.takes = takes  # type: ignore[attr-defined]
    return call


def macro_reads(template: str, name: str, values: set[str]) -> bool:
    """Whether the macro `name` (the publisher's, else the bundled one) takes any of `values`."""
    takes = _guard(lambda: _macro(template, name)).takes
    return takes is None or bool(takes & values)


def fold_text(text: str) -> str:
    """Template text → layout text: fold lines, keep paragraphs and bullets."""
    paragraphs: list[str] = []
    for block in text.strip().split("\n\n"):
        lines: list[str] = []
        for raw in block.splitlines():
            line = " ".join(raw.split())
            if not line:
                continue
            if lines and not line.startswith("- "):
                lines[-1] += " " + line
            else:
                lines.append(line)
        if lines:
            paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


# --- a template's mistakes as diagnostics -------------------------------------------------


#: The codes of a template stopped at a bound (`_bound`).
BOUND_CODES = ("template.time-limit", "template.size-limit", "template.memory-limit")


def _guard(run, limit: int = MAX_OUTPUT):
    """Run a template step within the bounds of a field (of `limit` characters); its
    failures become a `TemplateProblem` at the template's line."""
    with field_bounds(limit):
        return _problems_of(run)


def _problems_of(run):
    try:
        return run()
    except TemplateProblem:
        raise
    except TemplateBound as exc:
        raise TemplateProblem(_bound(exc, exc.kind, exc.limit)) from None
    except MemoryError as exc:
        raise TemplateProblem(_bound(exc, "memory")) from None
    except RecursionError as exc:
        raise TemplateProblem(
            _at_frame(
                exc,
                "template.error",
                "a macro, include or recursive loop calls itself without end",
                "give it a way to stop calling itself",
            )
        ) from None
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateProblem(
            _diagnostic(
                exc.filename or exc.name or "<template>",
                exc.lineno or 1,
                "template.syntax",
                exc.message or "syntax error",
                "see https://jinja.palletsprojects.com/templates/",
            )
        ) from None
    except SecurityError as exc:
        raise TemplateProblem(
            _at_frame(
                exc,
                "template.unsafe",
                f"refused: {exc}",
                "templates may use the values they are given, not Python's internals",
            )
        ) from None
    except jinja2.UndefinedError as exc:
        raise TemplateProblem(_undefined(exc)) from None
    except jinja2.TemplateNotFound as exc:
        raise TemplateProblem(
            _at_frame(
                exc,
                "template.not-found",
                f"there is no template `{exc.name}` to use",
                "templates may include or import only other templates of their folder",
            )
        ) from None
    except jinja2.TemplateError as exc:
        raise TemplateProblem(_at_frame(exc, "template.error", str(exc), None)) from None
    except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as exc:
        where = _frame_of(exc)
        if where is None:
            raise
        raise TemplateProblem(_diagnostic(*where, "template.error", f"{type(exc).__name__}: {exc}", None)) from None


def _bound(exc: BaseException, kind: str, limit: float = 0) -> Diagnostic:
    """A template stopped at its time, size or memory bound, said with the bound."""
    file, line = _frame_of(exc) or ("<template>", 1)
    name = display_path(file)
    code, message, hint = {
        "time": (
            "template.time-limit",
            f"`{name}` ran longer than {limit:g} s, the time a template has for one field",
            "look for loops that run over large ranges, or loops within loops",
        ),
        "size": (
            "template.size-limit",
            f"`{name}` made text or a value longer than {limit:,} characters, "
            "the most a template may make for one field",
            "look for text that doubles, repeats or is padded to a large width",
        ),
        "made": (
            "template.size-limit",
            f"`{name}` made values of more than {limit:,} characters in all, "
            "the most a template may make for one field",
            "look for values built again and again in a loop, or kept in a list",
        ),
        "memory": (
            "template.memory-limit",
            f"`{name}` needed more memory than a build may give it",
            "look for values that grow in a loop",
        ),
    }[kind]
    return _diagnostic(file, line, code, message, hint)


def _undefined(exc: jinja2.UndefinedError) -> Diagnostic:
    """A name the template uses that its values do not have: said in the template's terms,
    at the name, with the closest name it does have."""
    found = re.search(r"has no attribute '([^']+)'|'([^']+)' is undefined", str(exc))
    name = (found.group(1) or found.group(2)) if found else None
    docs = "the values each template receives are listed in docs/templates.md"
    if name is None:
        return _at_frame(exc, "template.undefined", str(exc), docs)
    of = " (a value the template was given has no such field)" if found and found.group(1) else ""
    file, line = _frame_of(exc) or ("<template>", 1)
    if not of and name in getattr(exc, "sheetgen_offered", ()):  # a value a macro gets only by naming it
        return _diagnostic(
            file,
            line,
            "template.undefined",
            f"`{name}` is not defined here",
            f"name `{name}` among the macro's arguments to be given it ({docs})",
            name,
        )
    near = did_you_mean(name, getattr(exc, "sheetgen_names", ()))
    return _diagnostic(
        file,
        line,
        "template.undefined",
        f"`{name}` is not defined here{of}",
        f"{near} ({docs})" if near else docs,
        name,
    )


def _raw_lines(exc: BaseException) -> None:
    """Mark an exception raised by a macro called directly: its template frames carry
    lines of the compiled code (a whole render has Jinja2 rewrite them itself)."""
    try:
        exc.sheetgen_raw_lines = True  # type: ignore[attr-defined]
    except AttributeError:
        pass


TEMPLATE_SUFFIXES = (".j2", ".html", ".svg", ".xml", ".txt")


def _frame_of(exc: BaseException) -> tuple[str, int] | None:
    """The innermost traceback frame in a template file, as the template's own line."""
    found = None
    raw = getattr(exc, "sheetgen_raw_lines", False)
    roots = [templates_dir().resolve()] + ([_publisher] if _publisher is not None else [])
    for frame in traceback.extract_tb(exc.__traceback__):
        path = Path(frame.filename)
        if path.suffix in TEMPLATE_SUFFIXES and any(_inside(path, r) for r in roots):
            line = frame.lineno or 1
            template = _loaded.get(frame.filename)
            if raw and template is not None:
                line = template.get_corresponding_lineno(line)
            found = (frame.filename, line)
    return found


def _at_frame(exc: BaseException, code: str, message: str, hint: str | None) -> Diagnostic:
    file, line = _frame_of(exc) or ("<template>", 1)
    quoted = re.search(r"'([^']+)'", str(exc))
    return _diagnostic(file, line, code, message, hint, quoted.group(1) if quoted else None)


def _diagnostic(file: str, line: int, code: str, message: str, hint: str | None, word: str | None = None) -> Diagnostic:
    """At the template's line, and at `word` in it when it is there."""
    column = 1
    if word:
        try:
            lines = Path(file).read_text(encoding="utf-8").splitlines()
            column = lines[line - 1].find(word) + 1 or 1
        except (OSError, UnicodeDecodeError, IndexError):
            pass
    return Diagnostic(display_path(str(file)), line, column, Severity.ERROR, code, message, hint)


# --- checking a publisher's folder before anything is built -------------------------------


def check_folder(folder: str | os.PathLike) -> list[Diagnostic]:
    """Every problem of a publisher's templates that shows without rendering them: a
    file that is not UTF-8, syntax errors, names of Python's internals, and `.j2` files
    that replace nothing bundled. Only templates by the bundled templates' paths are read;
    nothing is ever quoted from a file that is not one."""
    root = Path(folder)
    bundled = templates_dir()
    env = sandbox(root.resolve(), bundled)
    known = sorted(p.relative_to(bundled).as_posix() for p in bundled.rglob("*.j2"))
    paths, too_big = folder_templates(root)
    if too_big:  # not a templates folder: nothing in it is said
        return [
            Diagnostic(
                display_path(str(root)),
                1,
                1,
                Severity.ERROR,
                "template.folder-too-big",
                f"the templates folder holds more than {MAX_FOLDER_ENTRIES:,} files and folders; "
                "sheetgen looks through no more",
                "give a folder that holds only your templates",
            )
        ]
    out: list[Diagnostic] = []
    inside = root.resolve()
    for path in paths:
        rel = path.relative_to(root).as_posix()
        if rel not in known:
            hint = did_you_mean(rel, known)
            out.append(
                Diagnostic(
                    display_path(str(path)),
                    1,
                    1,
                    Severity.WARNING,
                    "template.unused",
                    f"`{rel}` replaces no bundled template, so nothing uses it",
                    hint or "bundled templates: " + ", ".join(known),
                )
            )
        elif not _inside(path, inside):  # never read, never shown
            out.append(
                Diagnostic(
                    display_path(str(path)),
                    1,
                    1,
                    Severity.WARNING,
                    "template.outside",
                    f"`{rel}` leads outside the templates folder; it is not used",
                    "copy the template into the folder instead of linking to it",
                )
            )
        elif not readable_template(path, inside):
            out.append(
                Diagnostic(
                    display_path(str(path)),
                    1,
                    1,
                    Severity.ERROR,
                    "template.unreadable",
                    f"`{rel}` is not a plain file of at most {MAX_TEMPLATE_BYTES // 1024} KB",
                    "save the template as an ordinary text file",
                )
            )
        else:
            out.extend(_check_file(env, path, rel))
    return out


def _check_file(env: jinja2.Environment, path: Path, rel: str) -> list[Diagnostic]:
    """A publisher's template's syntax, and the names of Python's internals it uses."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [
            _diagnostic(str(path), 1, "template.unreadable", f"cannot read the template: {exc}", "save it as UTF-8")
        ]
    try:
        tree = env.parse(text, rel, str(path))
    except jinja2.TemplateSyntaxError as exc:
        return [_diagnostic(str(path), exc.lineno or 1, "template.syntax", exc.message or "syntax error", None)]
    lines = text.splitlines()
    first: dict[int, tuple[int, str]] = {}
    for node in tree.find_all((nodes.Getattr, nodes.Getitem, nodes.Name)):
        name = _internal_name(node)
        if name:
            source = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
            column = source.find(name) + 1 or 1
            if node.lineno not in first or column < first[node.lineno][0]:
                first[node.lineno] = (column, name)  # the first on a line says enough
    return [
        Diagnostic(
            display_path(str(path)),
            line,
            column,
            Severity.ERROR,
            "template.unsafe",
            f"refused: `{name}` reaches Python's internals",
            "templates may use the values they are given, not Python's internals",
        )
        for line, (column, name) in sorted(first.items())
    ]


def _internal_name(node: nodes.Node) -> str | None:
    if isinstance(node, nodes.Getattr):
        name = node.attr
    elif isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
        name = node.arg.value
    elif isinstance(node, nodes.Name):
        name = node.name
    else:
        return None
    return name if name.startswith("_") else None


#: Diagnostics about a whole file or folder: no line of it is shown (nor read).
_WHOLE_FILE_CODES = ("template.outside", "template.unused", "template.unreadable", "template.folder-too-big")


def source_lines(diagnostics: list[Diagnostic]) -> dict[str, list[str]]:
    """The lines of the template files diagnostics point at, to show them under each."""
    out: dict[str, list[str]] = {}
    roots = [templates_dir().resolve()] + ([_publisher] if _publisher is not None else [])
    for d in diagnostics:
        path = Path(d.file)
        if (
            d.code not in _WHOLE_FILE_CODES
            and d.file not in out
            and path.suffix in TEMPLATE_SUFFIXES
            and any(readable_template(path, r) for r in roots)
        ):
            try:
                out[d.file] = Path(d.file).read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError):
                pass
    return out
