"""Every game's rules, listed in the order they run (referenced kinds first)."""

from sheetgen.rules import common, cubes, cubit, kubos, tricube

MODULES = [common, cubit, tricube, kubos, cubes]
