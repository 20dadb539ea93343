"""`ink: saver` reaches Cubit's nets, stickers and grid mat: each prints at least 40 % less
ink (rasterised, the mean of C + M + Y over the page) and still shows its livery's colour."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import copy_cubit_content, rasterize_pdf, run_cli, write
from PIL import Image, ImageStat

PRODUCTS = ["net/bloost.pdf", "stickers/temporary-upgrades.pdf", "blank/grid-mat.pdf"]
BLUE = (0x1F, 0x5F, 0xBF)  # the palette's blue: Bloost's faction colour


def coverage(png: Path) -> float:
    """Ink on a page: the mean of C + M + Y (0 for white paper, 3 for solid black)."""
    cmyk = Image.open(png).convert("RGB").convert("CMYK")
    return sum(ImageStat.Stat(cmyk).mean[:3]) / 255


def pixels_near(png: Path, colour: tuple[int, int, int], tolerance: int = 40) -> int:
    data = Image.open(png).convert("RGB").tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3])
    return sum(1 for p in pixels if all(abs(a - b) <= tolerance for a, b in zip(p, colour)))


@pytest.fixture(scope="module")
def inks(tmp_path_factory) -> dict[str, Path]:
    """The bundled Cubit content built with the default theme and with `ink: saver`."""
    out = {}
    for name, theme in (("normal", "kind: theme\nid: default\n"), ("saver", "kind: theme\nid: default\nink: saver\n")):
        root = copy_cubit_content(tmp_path_factory.mktemp(name))
        write(root, "content/theme.yaml", theme)
        with pytest.MonkeyPatch.context() as mp:
            mp.chdir(root)
            result = run_cli("build", "--format", "pdf")
            assert result.code == 0, result.stderr
        out[name] = root / "output" / "cubit"
    return out


@pytest.mark.parametrize("product", PRODUCTS)
def test_the_ink_saver_cuts_ink_by_at_least_40_percent(inks, product, tmp_path):
    normal = coverage(rasterize_pdf(inks["normal"] / product, tmp_path / "normal.png", dpi=30))
    saver = coverage(rasterize_pdf(inks["saver"] / product, tmp_path / "saver.png", dpi=30))
    assert normal > 0.05, "the default print is expected to carry colour"
    assert saver <= 0.6 * normal, f"{product}: {saver:.3f} against {normal:.3f}"


def test_a_saver_net_still_shows_its_faction_colour(inks, tmp_path):
    """The faction's colour as rules under the header bands, not a flood: still there, in
    far fewer pixels."""
    normal = pixels_near(rasterize_pdf(inks["normal"] / "net/bloost.pdf", tmp_path / "n.png", dpi=60), BLUE)
    saver = pixels_near(rasterize_pdf(inks["saver"] / "net/bloost.pdf", tmp_path / "s.png", dpi=60), BLUE)
    assert 300 < saver < normal / 4
