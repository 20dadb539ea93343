"""Ships each game's rules deck in the wheel: `content/<game>/reference.yaml` goes to
`sheetgen/content/<game>/reference.yaml`, where the game's record (`rules_deck`) finds it
inside the package, as it finds it beside the package in a source checkout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class RulesDecks(BuildHookInterface):
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":  # the checkout itself is on the path
            return
        root = Path(self.root)
        for deck in sorted(root.glob("content/*/reference.yaml")):
            build_data["force_include"][str(deck)] = f"sheetgen/{deck.relative_to(root).as_posix()}"
