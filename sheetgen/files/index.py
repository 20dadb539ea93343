"""The output folder's `index.html`: every output the manifest lists, by game and product."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetgen import __version__
from sheetgen.diagnostics import Diagnostic, display_path
from sheetgen.files.outputs import INDEX, OutputEntry, TargetRecord, safe_output_path, write_atomic


def write_index(
    out_dir: Path,
    entries: list[OutputEntry],
    records: dict[str, TargetRecord],
    templates: str = "",
    templates_digest: str = "",
) -> list[Diagnostic]:
    from sheetgen.layout.templates import TemplateProblem, render_template, use_templates

    groups: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for e in sorted(entries, key=lambda e: e.path):
        # Each output with the files it is made from (kept once per target in the manifest).
        record = records.get(e.target)
        row = {**e.to_json(), "sources": list(record.sources) if record else [e.source] if e.source else []}
        groups.setdefault(e.game or "other", {}).setdefault(e.product, []).append(row)
    use_templates(templates, templates_digest)
    try:
        html = render_template("index.html.j2", groups=groups, version=__version__, display_path=display_path)
    except TemplateProblem as exc:  # the publisher's index: the earlier one stays
        return [exc.diagnostic]
    write_atomic(safe_output_path(out_dir, INDEX), html.encode("utf-8"))
    return []
