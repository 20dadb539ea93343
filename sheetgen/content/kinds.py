"""Every kind sheetgen reads: each models module declares its `KINDS`, listed here."""

from sheetgen.content.models import common, cubes, cubit, kubos, tricube
from sheetgen.content.registry import register

MODULES = [common, cubit, tricube, kubos, cubes]

for _module in MODULES:
    for _kind, (_model, _system, _summary) in _module.KINDS.items():
        register(_kind, _model, _system, _summary)
