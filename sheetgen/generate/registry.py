"""Every generator `sheetgen new` offers: each module declares its `GENERATORS`."""

MODULES: list = []
