"""Cube nets read back from the SVG a build writes and folded in 3-D from their own geometry
(for the tests that check nets: a right-handed die, a tab on each seam, faces as large as asked).

The folding here is written from scratch (rotating faces about their shared edges);
it shares nothing with the layout code it checks.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from helpers import SVG, SVG_NS, svg_root

BUNDLED_CUBITS = ["bloost", "tumbler", "gate-warden", "far-roller", "figsogren", "unnamed-builder"]

Vec = tuple[float, float, float]


# --- small vector algebra -------------------------------------------------------------------


def sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def add(a: Vec, b: Vec) -> Vec:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def scale(a: Vec, k: float) -> Vec:
    return (a[0] * k, a[1] * k, a[2] * k)


def dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a: Vec) -> float:
    return dot(a, a) ** 0.5


def rotate(p: Vec, origin: Vec, axis: Vec, quarter_turns: int) -> Vec:
    """Rotate p about the line through origin along the unit axis (Rodrigues), by 90° steps."""
    import math

    angle = quarter_turns * math.pi / 2
    v = sub(p, origin)
    c, s = round(math.cos(angle)), round(math.sin(angle))
    rotated = add(add(scale(v, c), scale(cross(axis, v), s)), scale(axis, dot(axis, v) * (1 - c)))
    return add(origin, rotated)


# --- folding ---------------------------------------------------------------------------------


def key(p, places: int = 2):
    return tuple(round(v, places) + 0.0 for v in p)


def edges_of(poly):
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def fold(faces: dict[int, list[tuple[float, float]]]):
    """Fold a net of square faces (flat points in a y-up frame, print facing the viewer at +z)
    away from the viewer. Returns each face's 3-D corner points and outward normal."""
    flat = {n: [(x, y, 0.0) for x, y in poly] for n, poly in faces.items()}
    shared: dict[tuple, list[int]] = {}
    for n, poly in faces.items():
        for a, b in edges_of(poly):
            shared.setdefault(frozenset((key(a), key(b))), []).append(n)
    base = min(faces)
    placed = {base: flat[base]}  # 3-D corners of each folded face
    normal = {base: (0.0, 0.0, 1.0)}
    queue = [base]
    while queue:
        f = queue.pop(0)
        for edge, owners in shared.items():
            if f not in owners or len(owners) != 2:
                continue
            g = owners[0] if owners[1] == f else owners[1]
            if g in placed:
                continue
            # The hinge in f's flat frame, and where it now sits in 3-D.
            i = next(i for i, (a, b) in enumerate(edges_of(faces[f])) if frozenset((key(a), key(b))) == edge)
            fa, fb = edges_of(flat[f])[i]
            ca, cb = edges_of(placed[f])[i]
            # Rigid map of f: flat → 3-D, from three of its corners.
            to3d = rigid_map(flat[f], placed[f])
            axis = sub(fb, fa)
            axis = scale(axis, 1 / norm(axis))
            centre = scale(add(add(flat[g][0], flat[g][1]), add(flat[g][2], flat[g][3])), 0.25)
            turns = 1 if rotate(centre, fa, axis, 1)[2] < 0 else -1  # fold away from the viewer
            placed[g] = [to3d(rotate(p, fa, axis, turns)) for p in flat[g]]
            n_flat = sub(rotate((0.0, 0.0, 1.0), (0.0, 0.0, 0.0), axis, turns), (0.0, 0.0, 0.0))
            normal[g] = sub(to3d(n_flat), to3d((0.0, 0.0, 0.0)))
            queue.append(g)
    return placed, normal


def rigid_map(src: list[Vec], dst: list[Vec]):
    """The rigid motion taking the square src onto dst (corner for corner)."""

    def frame(p):
        o = p[0]
        u = sub(p[1], o)
        u = scale(u, 1 / norm(u))
        v = sub(p[3], o)
        v = scale(v, 1 / norm(v))
        w = cross(u, v)
        return o, u, v, w

    so, su, sv, sw = frame(src)
    do, du, dv, dw = frame(dst)

    def apply(p: Vec) -> Vec:
        r = sub(p, so)
        a, b, c = dot(r, su), dot(r, sv), dot(r, sw)
        return add(do, add(add(scale(du, a), scale(dv, b)), scale(dw, c)))

    return apply


def check_die(faces: dict[int, list], tabs: list[list], size: float) -> None:
    """Fold and assert: a closed cube, print outward, right-handed, opposite faces sum
    to 7, and exactly one glue tab on each of the 7 seams."""
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]
    for poly in faces.values():
        assert len(poly) == 4
        for a, b in edges_of(poly):
            assert norm(sub((*a, 0.0), (*b, 0.0))) == pytest.approx(size, abs=0.01)
    placed, normal = fold(faces)
    assert sorted(placed) == [1, 2, 3, 4, 5, 6], "the net does not hold together along shared edges"
    centres = {n: scale(add(add(p[0], p[1]), add(p[2], p[3])), 0.25) for n, p in placed.items()}
    middle = scale(
        add(add(add(centres[1], centres[2]), add(centres[3], centres[4])), add(centres[5], centres[6])), 1 / 6
    )
    for n in placed:
        assert norm(sub(centres[n], middle)) == pytest.approx(size / 2, abs=0.01), f"face {n} is not on a closed cube"
        assert dot(sub(centres[n], middle), normal[n]) > 0, f"face {n} prints inward"
    for a in range(1, 7):
        for b in range(1, 7):
            if dot(normal[a], normal[b]) < -0.99:
                assert a + b == 7, f"faces {a} and {b} are opposite"
    assert dot(normal[1], cross(normal[2], normal[3])) == pytest.approx(1.0), "the die is left-handed"

    # Seams: edges of the flat net that nobody shares, paired by where they land in 3-D.
    shared = Counter(frozenset((key(a), key(b))) for poly in faces.values() for a, b in edges_of(poly))
    seams: dict[frozenset, list[tuple[int, int]]] = {}
    for n, poly in faces.items():
        for i, (a, b) in enumerate(edges_of(poly)):
            if shared[frozenset((key(a), key(b)))] == 1:
                pa, pb = edges_of(placed[n])[i]
                seams.setdefault(frozenset((key(pa, 1), key(pb, 1))), []).append((n, i))
    assert len(seams) == 7 and all(len(v) == 2 for v in seams.values())
    # Each tab's base is one free edge of a face.
    free_edges = {
        frozenset((key(a), key(b))): (n, i)
        for n, poly in faces.items()
        for i, (a, b) in enumerate(edges_of(poly))
        if shared[frozenset((key(a), key(b)))] == 1
    }
    tabbed = []
    for tab in tabs:
        corners = {key(p) for p in tab}
        bases = [edge for edge in free_edges if edge <= corners]
        assert len(bases) == 1, "a tab does not sit on exactly one free face edge"
        tabbed.append(free_edges[bases[0]])
    for edges in seams.values():
        assert sum(1 for e in edges if e in tabbed) == 1, f"seam {edges} has no tab or two"
    assert len(tabbed) == 7


# --- reading nets back ------------------------------------------------------------------------


def path_points(d: str) -> list[tuple[float, float]]:
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    assert re.fullmatch(r"M[\d.\s-]+(L[\d.\s-]+)+Z?", d.replace(",", " ")), d
    return list(zip(nums[0::2], nums[1::2]))


def translation(el, parents) -> tuple[float, float]:
    dx = dy = 0.0
    node = el
    while node is not None:
        t = node.get("transform", "")
        assert "rotate" not in t and "scale" not in t and "matrix" not in t
        m = re.match(r"translate\(([-\d.]+)[ ,]([-\d.]+)\)", t)
        if m:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
        node = parents.get(node)
    return dx, dy


def svg_net(path: Path, doc_id: str):
    """(faces in a y-up frame, tab polygons, fold segments, cut outline, mm per viewBox unit)."""
    root = svg_root(path)
    parents = {child: parent for parent in root.iter() for child in parent}
    vb = [float(v) for v in root.get("viewBox").split()]
    assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
    mm_per_unit = float(root.get("width")[:-2]) / vb[2]
    assert float(root.get("height")[:-2]) / vb[3] == pytest.approx(mm_per_unit)

    def points(el):
        dx, dy = translation(parents.get(el), parents)
        return [(x + dx, -(y + dy)) for x, y in path_points(el.get("d"))]  # y up, as seen

    faces = {}
    for el in root.iter():
        if "face" in (el.get("class") or "").split() and (el.get("id") or "").startswith(f"{doc_id}-face-"):
            m = re.fullmatch(rf"{re.escape(doc_id)}-face-(\d)", el.get("id") or "")
            assert m, el.get("id")
            faces[int(m.group(1))] = points(el)
    tabs = [points(el) for el in root.iter() if "tab" in (el.get("class") or "").split()]
    cut = root.find(".//svg:g[@id='cut']", SVG_NS)
    fold_group = root.find(".//svg:g[@id='fold']", SVG_NS)
    assert cut is not None and fold_group is not None
    folds = [points(el) for el in fold_group.iter(f"{SVG}path")]
    cuts = [points(el) for el in cut.iter(f"{SVG}path")]
    return faces, tabs, folds, cuts, mm_per_unit
