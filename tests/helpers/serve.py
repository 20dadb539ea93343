"""Helpers for the `sheetgen serve` tests that talk to the workbench in-process."""

from __future__ import annotations

import html
import re

from starlette.testclient import TestClient

from sheetgen.serve.app import create_app
from sheetgen.serve.workspace import Workspace

LOCAL = "http://127.0.0.1"
SAME_ORIGIN = {"sec-fetch-site": "same-origin"}
DECK = """
kind: reference-deck
id: table-talk
system: tricube
title: At the table
cards:
  - title: Difficulty
    body: Most challenges are standard.
"""


def field_error(page: str, name: str) -> str | None:
    """The error a form page shows beside the field `name` (None if it shows none)."""
    found = re.search(rf'data-error-for="{name}"[^>]*>(.*?)</small>', page, re.S)
    return html.unescape(found.group(1)) or None if found else None


def client_for(ws: Workspace) -> TestClient:
    """A client that says, as a browser does, that the workbench's own pages send its requests."""
    return TestClient(create_app(ws), base_url=LOCAL, headers=SAME_ORIGIN)


def builder(**changes) -> dict:
    """The Cubit builder's form for a valid cubit, with `changes`."""
    form = {"id": "built", "faction": "governors", "advancement": "0", "cube_size": "50mm", "paper": "a4"}
    for n, skill in enumerate([2, 6, 5, 4, 3, 1], 1):
        form[f"skill{n}"] = str(skill)
        form[f"upgrades{n}"] = ""
    form.update({k: str(v) for k, v in changes.items()})
    return form
