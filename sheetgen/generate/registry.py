"""Every generator `sheetgen new` offers: each game's generators module (its record's
`generators`) declares its `GENERATORS`."""

from __future__ import annotations

from types import ModuleType

from sheetgen.games import stage_modules


def modules() -> list[ModuleType]:
    return stage_modules("generators")
