"""Every generator `sheetgen new` offers: each module declares its `GENERATORS`."""

from sheetgen.generate import cubit, kubos, tricube

MODULES: list = [cubit, tricube, kubos]
