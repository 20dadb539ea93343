"""What a cube net shows the person cutting it out: a printed cut line on every free edge of
its faces and tabs (the ones not folded), a score path on every fold, and edges that show
on a net as pale as the paper. The edges are worked out here from the faces and tabs the
SVG holds: two faces sharing a side fold there, a tab folds along the side it shares with
its face, every other side is cut."""

from __future__ import annotations

import pytest
from helpers import SVG_NS, rasterize_pdf, svg_root
from helpers.nets import BUNDLED_CUBITS, SVG, edges_of, key, path_points, svg_net
from PIL import Image

Seg = tuple[tuple[float, float], tuple[float, float]]


@pytest.fixture
def built(bundled_a4):
    """The bundled Cubit content's outputs (the shared A4 build)."""
    return bundled_a4 / "cubit"


def _undirected(a, b) -> frozenset:
    return frozenset((key(a), key(b)))


def net_edges(faces, tabs) -> tuple[list[Seg], list[Seg]]:
    """(free edges, fold edges) of a net from its face squares and tab polygons."""
    count: dict[frozenset, int] = {}
    segs: dict[frozenset, Seg] = {}
    for poly in list(faces.values()) + tabs:
        for a, b in edges_of(poly):
            k = _undirected(a, b)
            count[k] = count.get(k, 0) + 1
            segs[k] = (a, b)
    free = [segs[k] for k, n in count.items() if n == 1]
    folds = [segs[k] for k, n in count.items() if n == 2]
    return free, folds


def covered(seg: Seg, paths: list[list[tuple[float, float]]], tol: float) -> bool:
    """Whether the union of the paths' straight pieces covers `seg` (sampled every tenth)."""
    pieces = [(p[i], p[(i + 1) % len(p)]) for p in paths for i in range(len(p))]

    def on(pt, a, b) -> bool:
        (ax, ay), (bx, by) = a, b
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        if length == 0:
            return False
        t = ((pt[0] - ax) * (bx - ax) + (pt[1] - ay) * (by - ay)) / length**2
        if not -1e-6 <= t <= 1 + 1e-6:
            return False
        return abs((pt[0] - ax) * (by - ay) - (pt[1] - ay) * (bx - ax)) / length < tol

    (ax, ay), (bx, by) = seg
    samples = [(ax + (bx - ax) * k / 10, ay + (by - ay) * k / 10) for k in range(11)]
    return all(any(on(p, a, b) for a, b in pieces) for p in samples)


def printed_paths(path, group: str) -> list[list[tuple[float, float]]]:
    """The paths of a net page's `cut` or `fold` group that put ink down (y up, as `svg_net`)."""
    root = svg_root(path)
    out = []
    for el in root.find(f".//svg:g[@id='{group}']", SVG_NS).iter(f"{SVG}path"):
        if el.get("stroke") not in (None, "none") and float(el.get("stroke-width", "0")) > 0:
            out.append([(x, -y) for x, y in path_points(el.get("d"))])
    return out


def machine_paths(path, group: str) -> list[list[tuple[float, float]]]:
    root = svg_root(path)
    return [
        [(x, -y) for x, y in path_points(el.get("d"))]
        for el in root.find(f".//svg:g[@id='{group}']", SVG_NS).iter(f"{SVG}path")
    ]


@pytest.mark.parametrize("cubit", BUNDLED_CUBITS)
def test_a_printed_cut_line_runs_along_every_free_edge(built, cubit):
    page = built / "net" / f"{cubit}.svg"
    faces, tabs, _, _, mm_per_unit = svg_net(page, cubit)
    free, folds = net_edges(faces, tabs)
    assert len(folds) == 5 + 7  # between faces, and each tab's base
    assert len(free) == 7 + 3 * 7  # the seams without a tab, and each tab's three outer sides
    cut = printed_paths(page, "cut")
    assert cut, "the cut line is not printed"
    for seg in free:
        assert covered(seg, cut, 0.05 / mm_per_unit), f"{cubit}: the free edge {seg} has no printed cut line"
    for seg in folds:  # and nothing is cut where the net folds
        assert not covered(seg, cut, 0.05 / mm_per_unit), f"{cubit}: the fold {seg} is on the cut line"


@pytest.mark.parametrize("cubit", BUNDLED_CUBITS)
def test_every_fold_has_a_score_path(built, cubit):
    page = built / "net" / f"{cubit}.svg"
    faces, tabs, _, _, mm_per_unit = svg_net(page, cubit)
    _, folds = net_edges(faces, tabs)
    scores = machine_paths(page, "fold")
    for seg in folds:
        assert covered(seg, scores, 0.05 / mm_per_unit), f"{cubit}: the fold {seg} has no score path"


def test_a_pale_net_prints_its_folds_dashed_and_a_coloured_one_keeps_them_off_its_art(built):
    """Tumbler's Rangers are white: its folds print dashed. Bloost's Governors are blue: its
    folds are marked outside the net only."""
    root = svg_root(built / "net" / "tumbler.svg")
    folds = list(root.find(".//svg:g[@id='fold']", SVG_NS).iter(f"{SVG}path"))
    assert len(folds) == 12 and all(p.get("stroke") not in (None, "none") and p.get("stroke-dasharray") for p in folds)
    assert printed_paths(built / "net" / "bloost.svg", "fold") == []


def test_a_white_net_shows_its_edges_when_printed(built, tmp_path):
    """Rasterised, the white net's outline is dark at the middle of every free edge, where
    the paper and the face's white would otherwise meet unseen."""
    dpi = 200
    page = built / "net" / "tumbler.svg"
    faces, tabs, _, _, mm_per_unit = svg_net(page, "tumbler")
    free, _ = net_edges(faces, tabs)
    image = Image.open(rasterize_pdf(built / "net" / "tumbler.pdf", tmp_path / "tumbler.png", dpi=dpi)).convert("L")
    px = mm_per_unit / 25.4 * dpi  # pixels per viewBox unit
    for (ax, ay), (bx, by) in free:
        x, y = (ax + bx) / 2 * px, -(ay + by) / 2 * px
        window = [image.getpixel((int(x) + dx, int(y) + dy)) for dx in range(-2, 3) for dy in range(-2, 3)]
        # Darker than half-way to the paper's white: the hairline in black ink (which
        # poppler shows a little lighter than RGB black) is a pixel or two wide here.
        assert min(window) < 128, f"no visible edge at {(ax + bx) / 2:.1f}, {(ay + by) / 2:.1f}"
