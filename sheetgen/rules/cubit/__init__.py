"""Rules for Cubit: what the registry reads.

Kinds run in this order, so a cubit is checked against interfaces, upgrades and
factions whose own checks are done. The checks themselves live in
`catalog` (interfaces, upgrades, factions) and `character` (cubits);
the compact notation in `notation`; the odds tables in `odds`.
"""

from __future__ import annotations

from sheetgen.rules.cubit.catalog import (
    check_faction,
    check_interface,
    check_interface_set,
    check_shared_colours,
    check_upgrade,
)
from sheetgen.rules.cubit.character import check_cubit
from sheetgen.rules.cubit.odds import opposed_table, target_table

RULES = {
    "cubit-interface": check_interface,
    "upgrade": check_upgrade,
    "faction": check_faction,
    "cubit": check_cubit,
}
LIBRARY_RULES = [check_interface_set, check_shared_colours]
TABLES = {
    "cubit-opposed-odds": opposed_table,
    "cubit-target-odds": target_table,
}
