"""Every game's rules, listed in the order they run (referenced kinds first)."""

from sheetgen.rules import common

MODULES = [common]
