"""Jinja2 text templates (card bodies, sheet captions, the HTML index) from `templates/`."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sheetgen

if TYPE_CHECKING:
    import jinja2


def templates_dir() -> Path:
    """`sheetgen/templates` in an installed wheel, `templates/` beside the package in a checkout."""
    package = Path(sheetgen.__file__).parent
    for candidate in (package / "templates", package.parent / "templates"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("sheetgen's templates folder is missing")


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    import jinja2  # here, not above: a build whose products use no template does not load Jinja

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(enabled_extensions=("html", "html.j2", "xml", "svg"), default=False),
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_template(name: str, **values: Any) -> str:
    return environment().get_template(name).render(**values)


def caption(template: str, name: str, **values: Any) -> str:
    """The macro `name` of a caption template (`templates/<template>`), as body text.

    Caption templates are written like the text they make: single line breaks fold into
    spaces, a blank line starts a new paragraph, and lines starting with `- ` stay
    bullets; `**bold**` and `*italic*` pass through to the layout."""
    macro = getattr(environment().get_template(template).module, name, None)
    if macro is None:
        raise KeyError(f"{template} has no caption `{name}`")
    return fold_text(str(macro(**values)))


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
