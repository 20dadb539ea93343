"""Cubit products: cube nets (the centrepiece), flat cubit sheets, temporary-upgrade
stickers, upgrade and faction cards, the battle-grid mat.

Output folders: `cubit/net/<id>`, `cubit/nets/all-cubits`, `cubit/sheet/<id>`,
`cubit/stickers/temporary-upgrades`, `cubit/cards/upgrades`, `cubit/cards/factions`,
`cubit/blank/cube-net`, `cubit/blank/cubit-sheet`, `cubit/blank/grid-mat`. The
Cubit reference deck (`content/cubit/reference.yaml`) is built by the shared
reference-deck product into `cubit/reference/`.
"""

from __future__ import annotations

from sheetgen.layout.products import Product
from sheetgen.layout.sheets.cubit.catalog_cards import layout_faction_cards, layout_upgrade_cards
from sheetgen.layout.sheets.cubit.grid_mat import layout_grid_mat
from sheetgen.layout.sheets.cubit.net import layout_all_nets, layout_blank_net, layout_net, size_problem
from sheetgen.layout.sheets.cubit.sheet import layout_blank_sheet, layout_sheet
from sheetgen.layout.sheets.cubit.stickers import layout_stickers
from sheetgen.layout.sheets.cubit.style import GAME_ID
from sheetgen.rules.theme import ResolvedTheme

__all__ = ["GAME_ID", "NOTICE", "PRODUCTS", "check_settings"]

NOTICE: str | None = None  # Cubit asks for no licence notice; products carry a credit line instead


def check_settings(theme: ResolvedTheme) -> str | None:
    """Refuse a cube size whose net does not fit the paper inside its printable margin
    (naming the largest that does)."""
    return size_problem(theme.cube_size, theme.paper, theme.paper_name, theme.bleed, theme.printable_margin)


PRODUCTS = [
    Product(
        id="cubit-net",
        name="net",
        game=GAME_ID,
        kinds=("cubit",),
        scope="document",
        layout=layout_net,
        one_sided=True,
        summary="a cubit's foldable cube net at true size (a right-handed die)",
    ),
    Product(
        id="cubit-nets",
        name="nets",
        game=GAME_ID,
        kinds=("cubit",),
        scope="collection",
        layout=layout_all_nets,
        target="all-cubits",
        one_sided=True,
        summary="every cubit's net, several to a page at small cube sizes",
    ),
    Product(
        id="cubit-blank-net",
        name="blank",
        game=GAME_ID,
        kinds=("cubit-interface",),
        scope="blank",
        layout=layout_blank_net,
        target="cube-net",
        one_sided=True,
        summary="a standard cubit's net to fill in by hand",
    ),
    Product(
        id="cubit-sheet",
        name="sheet",
        game=GAME_ID,
        kinds=("cubit",),
        scope="document",
        layout=layout_sheet,
        one_sided=True,
        summary="a cubit's flat sheet: faces, upgrades, storage, damage, faction",
    ),
    Product(
        id="cubit-blank-sheet",
        name="blank",
        game=GAME_ID,
        kinds=("cubit-interface",),
        scope="blank",
        layout=layout_blank_sheet,
        target="cubit-sheet",
        formats=("pdf",),
        one_sided=True,
        summary="a fillable blank cubit sheet",
    ),
    Product(
        id="cubit-stickers",
        name="stickers",
        game=GAME_ID,
        kinds=("cubit", "upgrade"),
        scope="collection",
        layout=layout_stickers,
        target="temporary-upgrades",
        formats=("pdf",),
        one_sided=True,
        summary="temporary-upgrade stickers the size of a cube face, with crop marks",
    ),
    Product(
        id="cubit-upgrade-cards",
        name="cards",
        game=GAME_ID,
        kinds=("upgrade",),
        scope="collection",
        layout=layout_upgrade_cards,
        target="upgrades",
        formats=("pdf",),
        summary="the upgrade catalog as cards",
        deck=True,
    ),
    Product(
        id="cubit-faction-cards",
        name="cards",
        game=GAME_ID,
        kinds=("faction",),
        scope="collection",
        layout=layout_faction_cards,
        target="factions",
        formats=("pdf",),
        summary="one card per faction",
        deck=True,
    ),
    Product(
        id="cubit-grid-mat",
        name="blank",
        game=GAME_ID,
        kinds=(),
        scope="blank",
        layout=layout_grid_mat,
        target="grid-mat",
        formats=("pdf",),
        options={"columns": 12, "rows": 12},
        one_sided=True,
        summary="a battle-grid mat with squares the size of the cube, tiled over pages",
    ),
]
