"""Jinja2 text templates (card bodies, sheet captions, the HTML index) from `templates/`."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

import sheetgen


def templates_dir() -> Path:
    """`sheetgen/templates` in an installed wheel, `templates/` beside the package in a checkout."""
    package = Path(sheetgen.__file__).parent
    for candidate in (package / "templates", package.parent / "templates"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("sheetgen's templates folder is missing")


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
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
