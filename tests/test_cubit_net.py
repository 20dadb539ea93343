"""Cube nets, checked by folding them: every net is read back from the SVG (and the PDF)
a build writes, folded in 3-D from its own geometry, and must give a right-handed die
with outward print, one glue tab on each of the 7 seams, and faces as large as asked.

The folding here is written from scratch (rotating faces about their shared edges);
it shares nothing with the layout code it checks.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from helpers import MM, SVG_NS, copy_cubit_content, read_pdf, run_cli, svg_root, svg_text
from helpers.nets import (
    BUNDLED_CUBITS,
    SVG,
    check_die,
    cross,
    dot,
    edges_of,
    fold,
    key,
    path_points,
    svg_net,
    translation,
)
from helpers.pdfops import read_geometry


@pytest.fixture
def built(bundled_a4):
    """The bundled Cubit content's outputs (the shared A4 build)."""
    return bundled_a4 / "cubit"


@pytest.mark.parametrize("cubit", BUNDLED_CUBITS)
def test_every_bundled_net_folds_into_a_right_handed_die(built, cubit):
    faces, tabs, folds, cuts, mm_per_unit = svg_net(built / "net" / f"{cubit}.svg", cubit)
    size = 50 / mm_per_unit
    check_die(faces, tabs, size)


@pytest.mark.parametrize("cubit", BUNDLED_CUBITS)
def test_face_edges_are_the_requested_size_in_the_svg(built, cubit):
    faces, tabs, folds, cuts, mm_per_unit = svg_net(built / "net" / f"{cubit}.svg", cubit)
    for poly in faces.values():
        for a, b in edges_of(poly):
            edge_mm = ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 * mm_per_unit
            assert edge_mm == pytest.approx(50.0, abs=0.01)


def test_cut_and_fold_lines_are_separate_machine_paths(built):
    root = svg_root(built / "net" / "bloost.svg")
    cut = root.find(".//svg:g[@id='cut']", SVG_NS)
    fold = root.find(".//svg:g[@id='fold']", SVG_NS)
    cut_paths = list(cut.iter(f"{SVG}path"))
    fold_paths = list(fold.iter(f"{SVG}path"))
    assert all("cut" in p.get("class").split() for p in cut_paths)
    assert all("fold" in p.get("class").split() for p in fold_paths)
    # What a cutting machine follows: the cut printed thin and solid on the trim; the folds
    # of a coloured net not printed over its art (their marks are outside it).
    assert all(p.get("fill") == "none" for p in cut_paths + fold_paths)
    assert all(
        p.get("stroke") == "#000000" and float(p.get("stroke-width")) <= 0.5 and not p.get("stroke-dasharray")
        for p in cut_paths
    )
    assert all(p.get("stroke") == "none" for p in fold_paths)
    # 5 folds between faces and the base of each of the 7 tabs, each one cube edge long.
    assert len(fold_paths) == 12
    faces, tabs, folds, cuts, mm_per_unit = svg_net(built / "net" / "bloost.svg", "bloost")
    for seg in folds:
        (ax, ay), (bx, by) = seg
        assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 * mm_per_unit == pytest.approx(50.0, abs=0.01)
    # One closed cut line runs round faces and tabs: it passes every tab's outer corners.
    assert len(cuts) == 1
    outline = {key(p) for p in cuts[0]}
    for tab in tabs:
        assert {key(p) for p in tab} <= outline


def marks(path: Path):
    """The printed ticks of a net page: (points y up in viewBox units, width, stroke, dashed)."""
    root = svg_root(path)
    parents = {child: parent for parent in root.iter() for child in parent}
    ticks = []
    for el in root.iter(f"{SVG}path"):
        if "net-mark" in (el.get("class") or "").split():
            dx, dy = translation(parents.get(el), parents)
            nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", el.get("d"))]
            pts = [(x + dx, -(y + dy)) for x, y in zip(nums[0::2], nums[1::2])]
            ticks.append((pts, float(el.get("stroke-width")), el.get("stroke"), bool(el.get("stroke-dasharray"))))
    return ticks


def line_of(a, b) -> tuple[str, float]:
    return ("h", round(a[1], 1)) if abs(a[1] - b[1]) < 1e-6 else ("v", round(a[0], 1))


@pytest.mark.parametrize("cubit", ["bloost", "gate-warden"])
def test_folds_and_face_edges_are_marked_by_ticks_outside_the_bleed(built, cubit):
    """Every fold and every cut along a face edge lies on a line with a tick at each end,
    outside the net and its 3mm bleed: dashed on a fold's line, solid on a cut's."""
    page = built / "net" / f"{cubit}.svg"
    faces, tabs, folds, cuts, mm_per_unit = svg_net(page, cubit)
    ticks = marks(page)
    xs = [p[0] for p in cuts[0]]
    ys = [p[1] for p in cuts[0]]
    left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    bleed = 3 / mm_per_unit
    fold_lines = {line_of(a, b) for a, b in folds}
    for (a, b), width, stroke, dashed in ticks:
        assert width >= 0.5 and stroke in ("#000000", "#1b1b1b")
        outside = max(left - max(a[0], b[0]), min(a[0], b[0]) - right, bottom - max(a[1], b[1]), min(a[1], b[1]) - top)
        assert outside > bleed, "a tick reaches into the bleed"
        assert dashed == (line_of(a, b) in fold_lines)
        assert ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 * mm_per_unit >= 2 - 0.01
    lines = {line_of(a, b) for (a, b), _, _, _ in ticks}
    for a, b in folds + [e for poly in faces.values() for e in edges_of(poly)]:
        line = line_of(a, b)
        assert line in lines, f"the edge {a}–{b} has no ticks"
        ends = [t for (p, q), _, _, _ in ticks for t in (p, q) if line_of(p, q) == line]
        coord = 0 if line[0] == "h" else 1
        assert min(e[coord] for e in ends) < min(a[coord], b[coord]) and max(e[coord] for e in ends) > max(
            a[coord], b[coord]
        )


def test_every_net_folds_blank_and_packed_ones_too(tmp_path, monkeypatch):
    copy_cubit_content(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = run_cli("build", "--cube-size", "25mm", "--format", "svg")
    assert result.code == 0, result.stderr
    root = tmp_path / "output" / "cubit"
    faces, tabs, folds, cuts, mm_per_unit = svg_net(root / "blank" / "cube-net.svg", "blank")
    check_die(faces, tabs, 25 / mm_per_unit)
    seen = []
    for page in sorted((root / "nets").glob("all-cubits-p*.svg")):
        for cubit in sorted(set(re.findall(r'id="([a-z0-9-]+)-face-1"', page.read_text()))):
            faces, tabs, folds, cuts, mm_per_unit = svg_net(page, cubit)
            xs = [x for poly in faces.values() for x, _ in poly]
            ys = [y for poly in faces.values() for _, y in poly]
            reach = 13 / mm_per_unit  # deeper than any tab
            own = [
                t
                for t in tabs
                if all(
                    min(xs) - reach <= x <= max(xs) + reach and min(ys) - reach <= y <= max(ys) + reach for x, y in t
                )
            ]
            check_die(faces, own, 25 / mm_per_unit)
            seen.append(cubit)
    assert sorted(seen) == sorted(BUNDLED_CUBITS)


def pdf_faces(path: Path, doc_id: str, page: int = 0):
    """Face squares from the PDF's marked content (points, y up), by die number."""
    segments, _, _ = read_geometry(read_pdf(path).pages[page])
    faces: dict[int, list] = {}
    for seg in segments:
        for name in seg.group:
            m = re.fullmatch(rf"\(?{re.escape(doc_id)}-face-(\d)\)?", name)
            if m:
                faces.setdefault(int(m.group(1)), []).append(seg)
    squares = {}
    for n, segs in faces.items():
        xs = [v for s in segs for v in (s.x1, s.x2)]
        ys = [v for s in segs for v in (s.y1, s.y2)]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        squares[n] = [(x0, y1), (x1, y1), (x1, y0), (x0, y0)]
    return squares, segments


def test_pdf_net_is_true_size_and_folds_right_handed(built):
    squares, segments = pdf_faces(built / "net" / "bloost.pdf", "bloost")
    assert sorted(squares) == [1, 2, 3, 4, 5, 6]
    for poly in squares.values():
        (x0, y0), (x1, _), _, (_, y1) = poly
        assert x1 - x0 == pytest.approx(50 * MM, abs=0.05)
        assert y0 - y1 == pytest.approx(50 * MM, abs=0.05)
    # The PDF prints ticks for the folds, outside the net, not lines across its art.
    ticks = [
        s
        for s in segments
        if any("cut and fold marks" in g for g in s.group)
        and ((s.x2 - s.x1) ** 2 + (s.y2 - s.y1) ** 2) ** 0.5 < 2.5 * MM
    ]
    xs = [v for poly in squares.values() for v, _ in poly]
    ys = [v for poly in squares.values() for _, v in poly]

    def beyond(t, x0, y0, x1, y1) -> bool:
        return min(t.x1, t.x2) > x1 or max(t.x1, t.x2) < x0 or min(t.y1, t.y2) > y1 or max(t.y1, t.y2) < y0

    # Both ends of the 4 vertical and 5 horizontal edge lines, and the tabs' own where their
    # folds run out onto waste paper: at face 6's two bottom corners, along its bottom tab's
    # fold and along its side tabs' folds.
    assert len(ticks) == 2 * (4 + 5) + 4
    assert sum(beyond(t, min(xs), min(ys), max(xs), max(ys)) for t in ticks) >= 2 * (4 + 5)
    for t in ticks:
        assert all(beyond(t, p[0][0] + 0.1, p[2][1] + 0.1, p[1][0] - 0.1, p[0][1] - 0.1) for p in squares.values())
    placed, normal = fold(squares)
    assert dot(normal[1], cross(normal[2], normal[3])) == pytest.approx(1.0)
    assert dot(normal[1], normal[6]) == pytest.approx(-1.0)


def test_faces_show_what_the_rules_derive(built):
    text = svg_text(built / "net" / "bloost.svg")
    # Manipulate bought at 6, Martial Arts costs 3 (the catalog): effective 3.
    for words in [
        "MANIPULATE",
        "skill 6",
        "upgrades −3",
        "Martial Arts −3",
        "Blue Stripes (Bloost)",
        "Ai2 Ma6[martial-arts] At5 De4 Ta3[specialization:persuade] Mo1",
        "glue under 3",
    ]:
        assert words in text, words


@pytest.mark.parametrize("size,at_least", [("25mm", 4), ("30mm", 2), ("50mm", 1)])
def test_small_cubes_pack_several_whole_nets_to_a_page(cubit_workdir, size, at_least):
    result = run_cli("build", "--cube-size", size, "--format", "pdf")
    assert result.code == 0, result.stderr
    reader = read_pdf(cubit_workdir / "output" / "cubit" / "nets" / "all-cubits.pdf")
    edge = float(size[:-2]) * MM
    counts = []
    for page in reader.pages:
        segments, _, _ = read_geometry(page)
        nets: dict[str, list] = {}
        for seg in segments:
            for g in seg.group:
                m = re.fullmatch(r"\(?(.+)-face-\d\)?", g)
                if m:
                    nets.setdefault(m.group(1), []).append(seg)
        boxes = []
        for segs in nets.values():
            xs = [v for s in segs for v in (s.x1, s.x2)]
            ys = [v for s in segs for v in (s.y1, s.y2)]
            box = (min(xs), min(ys), max(xs), max(ys))
            assert box[2] - box[0] == pytest.approx(3 * edge, abs=0.1)  # a whole cross: 3 faces wide, 4 high
            assert box[3] - box[1] == pytest.approx(4 * edge, abs=0.1)
            assert box[0] > 0 and box[2] < float(page.mediabox.width)
            assert box[1] > 0 and box[3] < float(page.mediabox.height)
            boxes.append(box)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], "two nets overlap"
        counts.append(len(nets))
    assert sum(counts) == len(BUNDLED_CUBITS)
    assert counts[0] >= min(at_least, len(BUNDLED_CUBITS))
    assert len(counts) == -(-len(BUNDLED_CUBITS) // counts[0])  # full pages first


def test_a_cube_too_big_for_the_paper_is_a_usage_error_naming_the_largest_size(cubit_workdir):
    result = run_cli("build", "--cube-size", "80mm")
    assert result.code == 2
    m = re.search(r"largest cube size that fits is ([\d.]+)mm", result.stderr)
    assert m, result.stderr
    largest = float(m.group(1))
    # That size builds, and half a millimetre more does not.
    assert run_cli("build", "--cube-size", f"{largest}mm", "--format", "svg").code == 0
    assert run_cli("build", "--cube-size", f"{largest + 0.5}mm").code == 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_largest_net_fits_inside_the_page(cubit_workdir, paper):
    result = run_cli("build", "--paper", paper, "--cube-size", "200mm")
    largest = re.search(r"fits is ([\d.]+)mm", result.stderr).group(1)
    assert run_cli("build", "--paper", paper, "--cube-size", f"{largest}mm", "--format", "svg").code == 0
    faces, tabs, folds, cuts, mm_per_unit = svg_net(cubit_workdir / "output/cubit/net/bloost.svg", "bloost")
    root = svg_root(cubit_workdir / "output/cubit/net/bloost.svg")
    vb = [float(v) for v in root.get("viewBox").split()]
    for x, y in cuts[0]:
        assert 0 < x < vb[2] and 0 < -y < vb[3]
    check_die(faces, tabs, float(largest) / mm_per_unit)


def test_the_fold_check_catches_a_mirrored_net_and_a_missing_tab(built):
    faces, tabs, folds, cuts, mm_per_unit = svg_net(built / "net" / "bloost.svg", "bloost")
    size = 50 / mm_per_unit
    mirrored = {n: [(-x, y) for x, y in reversed(poly)] for n, poly in faces.items()}
    mirrored_tabs = [[(-x, y) for x, y in tab] for tab in tabs]
    with pytest.raises(AssertionError, match="left-handed"):
        check_die(mirrored, mirrored_tabs, size)
    with pytest.raises(AssertionError):
        check_die(faces, tabs[1:], size)
    swapped = dict(faces)
    swapped[1], swapped[6] = faces[6], faces[1]
    with pytest.raises(AssertionError):
        check_die(swapped, tabs, size)


def test_the_theme_sets_the_cube_size_and_the_command_line_overrides_it(cubit_workdir):
    (cubit_workdir / "content" / "theme.yaml").write_text("kind: theme\nid: default\ncube_size: 40mm\n")
    assert run_cli("build", "--format", "svg").code == 0
    faces, tabs, folds, cuts, mm_per_unit = svg_net(cubit_workdir / "output/cubit/net/tumbler.svg", "tumbler")
    check_die(faces, tabs, 40 / mm_per_unit)
    assert run_cli("build", "--format", "svg", "--cube-size", "1.5in").code == 0
    faces, tabs, folds, cuts, mm_per_unit = svg_net(cubit_workdir / "output/cubit/net/tumbler.svg", "tumbler")
    check_die(faces, tabs, 38.1 / mm_per_unit)


def test_face_colour_bleeds_past_every_outer_edge(built):
    """Along every face edge that is not a fold between two faces (a cut line, or a tab's
    base), the face's colour carries on about 1.5mm outward, so a cut or a fold a little
    off shows colour rather than white paper; the faces themselves stay true size."""
    root = svg_root(built / "net" / "bloost.svg")
    parents = {child: parent for parent in root.iter() for child in parent}
    bleed = next(g for g in root.iter(f"{SVG}g") if "bleed" in (g.get("class") or "").split())
    strips = []
    for r in bleed.iter(f"{SVG}rect"):
        dx, dy = translation(r, parents)
        x, y = float(r.get("x")) + dx, float(r.get("y")) + dy
        strips.append((x, -(y + float(r.get("height"))), x + float(r.get("width")), -y, r.get("fill")))
    assert strips and all(fill not in (None, "none", "#ffffff") for *_, fill in strips)
    faces, tabs, folds, cuts, mm_per_unit = svg_net(built / "net" / "bloost.svg", "bloost")
    shared = Counter(frozenset((key(a), key(b))) for poly in faces.values() for a, b in edges_of(poly))
    outer = 0
    for poly in faces.values():
        cx, cy = sum(p[0] for p in poly) / 4, sum(p[1] for p in poly) / 4
        for a, b in edges_of(poly):
            if shared[frozenset((key(a), key(b)))] != 1:
                continue
            outer += 1
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            nx, ny = mx - cx, my - cy
            length = (nx * nx + ny * ny) ** 0.5
            for t in (0.02, 0.5, 0.98):
                px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                depth = 1.4 / mm_per_unit
                qx, qy = px + nx / length * depth, py + ny / length * depth
                assert any(x0 <= qx <= x1 and y0 <= qy <= y1 for x0, y0, x1, y1, _ in strips), (poly, t)
    assert outer == 14  # the 7 seams, each two face edges


def cut_extent(path: Path) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) of each closed cut outline on an SVG page, y down, in mm."""
    root = svg_root(path)
    mm = float(root.get("width")[:-2]) / float(root.get("viewBox").split()[2])
    out = []
    for el in root.find(".//svg:g[@id='cut']", SVG_NS).iter(f"{SVG}path"):
        pts = path_points(el.get("d"))
        xs, ys = [p[0] * mm for p in pts], [p[1] * mm for p in pts]
        out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


def runs_mm(path: Path) -> list[tuple[str, float, float]]:
    """Every text run's words and baseline position, in mm."""
    root = svg_root(path)
    mm = float(root.get("width")[:-2]) / float(root.get("viewBox").split()[2])
    out = []
    for g in root.iter(f"{SVG}g"):
        m = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform") or "")
        if g.get("class") == "text" and m:
            out.append((g.get("aria-label"), float(m.group(1)) * mm, float(m.group(2)) * mm))
    return out


@pytest.mark.parametrize("size", [25, 55])
def test_packed_net_pages_keep_clear_of_their_titles_and_instructions(cubit_workdir, size):
    assert run_cli("build", "--cube-size", f"{size}mm", "--format", "svg").code == 0
    pages = sorted((cubit_workdir / "output/cubit/nets").glob("all-cubits-p*.svg"))
    tops = []
    for page in pages:
        runs = runs_mm(page)
        title_y = min(y for _, _, y in runs)
        instructions_y = next(y for words, _, y in runs if words == "Score")
        outlines = cut_extent(page)
        for _left, top, _right, bottom in outlines:
            assert top - title_y >= 5, f"{page.name}: a net starts {top - title_y:.1f}mm under the title"
            assert instructions_y - 3 - bottom >= 4, (
                f"{page.name}: a net ends {instructions_y - 3 - bottom:.1f}mm over the instructions"
            )
        # Each net's name is printed: over it when several share a page, in the header when alone.
        labels = [w for w, _, y in runs if y < min(t for _, t, _, _ in outlines)]
        assert len(labels) >= len(outlines) + (1 if len(outlines) > 1 else 0)
        tops.append(min(t for _, t, _, _ in outlines))
    # The last page, even when not full, puts its nets where the first page has them.
    assert len(pages) > 1 and max(tops) - min(tops) < 0.01


def test_the_blank_net_is_filled_in_on_drawn_lines_and_form_fields(built):
    page = built / "blank" / "cube-net.svg"
    ((_, _, _, bottom),) = cut_extent(page)
    runs = runs_mm(page)
    assert not [w for w, _, _ in runs if "__" in w], "no typed underscores to write on"
    (label_y,) = [y for w, _, y in runs if w.startswith("Notation")]
    assert 0 < label_y - bottom < 18, "the notation to fill in sits just under the net"
    codes = [w for w, _, y in runs if abs(y - label_y) < 0.5 and w in ("Ai", "Ma", "At", "De", "Ta", "Mo")]
    assert codes == ["Ai", "Ma", "At", "De", "Ta", "Mo"]
    # A line to write on after each code, and one for the name, at least 0.5pt and dark.
    root = svg_root(page)
    mm = float(root.get("width")[:-2]) / float(root.get("viewBox").split()[2])
    lines = []
    for el in root.iter(f"{SVG}path"):
        nums = [float(v) * mm for v in re.findall(r"-?\d+(?:\.\d+)?", el.get("d") or "")]
        if len(nums) == 4 and abs(nums[1] - nums[3]) < 0.01 and el.get("stroke") not in (None, "none"):
            lines.append((nums[0], nums[2], nums[1], float(el.get("stroke-width")), el.get("stroke")))
    under_codes = [ln for ln in lines if abs(ln[2] - label_y) < 2.5 and ln[1] - ln[0] > 8]
    assert len(under_codes) == 6
    assert all(width >= 0.5 and int(stroke[1:3], 16) <= 0x80 for *_, width, stroke in under_codes)
    assert [ln for ln in lines if ln[2] < 20 and ln[1] - ln[0] > 80], "a line for the name in the header"
    fields = {f.get("data-field") for f in root.iter(f"{SVG}rect") if f.get("data-field")}
    assert fields == {"name"} | {f"skill_{n}" for n in range(1, 7)}


def _inside_convex(poly, p, tol: float) -> bool:
    """Whether p lies in the convex polygon (either winding), `tol` units of slack at its edges."""
    signs = set()
    for a, b in edges_of(poly):
        ex, ey = b[0] - a[0], b[1] - a[1]
        side = (ex * (p[1] - a[1]) - ey * (p[0] - a[0])) / ((ex * ex + ey * ey) ** 0.5)
        if abs(side) > tol:
            signs.add(side > 0)
    return len(signs) <= 1


def _printed_ticks(path: Path) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every printed tick on a net page (the grid's and the tabs' own), y up, viewBox units."""
    root = svg_root(path)
    parents = {child: parent for parent in root.iter() for child in parent}
    out = []
    for el in root.iter(f"{SVG}path"):
        if {"net-mark", "tab-tick"} & set((el.get("class") or "").split()):
            dx, dy = translation(parents.get(el), parents)
            (ax, ay), (bx, by) = path_points(el.get("d"))
            out.append(((ax + dx, -(ay + dy)), (bx + dx, -(by + dy))))
    return out


def _strips(path: Path) -> list[tuple[float, float, float, float]]:
    """The net's bleed strips as (left, bottom, right, top), y up."""
    root = svg_root(path)
    parents = {child: parent for parent in root.iter() for child in parent}
    bleed = next(g for g in root.iter(f"{SVG}g") if "bleed" in (g.get("class") or "").split())
    out = []
    for r in bleed.iter(f"{SVG}rect"):
        dx, dy = translation(r, parents)
        x, y = float(r.get("x")) + dx, float(r.get("y")) + dy
        out.append((x, -(y + float(r.get("height"))), x + float(r.get("width")), -y))
    return out


@pytest.mark.parametrize("cubit", ["bloost", "figsogren"])
def test_every_glue_tab_fold_has_a_tick_past_each_end_outside_the_art(built, cubit):
    """Follow a tab's fold line past either end for as long as it runs along the net (a fold
    between faces, another tab's fold): where it leaves the net, a printed tick on that
    line starts within the bleed and 2mm more, so every tab can be scored with a ruler
    laid between ticks. Every tick lies on waste paper: outside the faces and tabs and
    clear of the colour that bleeds past them."""
    page = built / "net" / f"{cubit}.svg"
    faces, tabs, folds, cuts, mm_per_unit = svg_net(page, cubit)
    ticks = _printed_ticks(page)
    strips = _strips(page)
    shapes = list(faces.values()) + tabs
    tol = 0.01 / mm_per_unit
    step = 0.1 / mm_per_unit
    near = (3 + 2) / mm_per_unit  # the theme's bleed and 2mm

    def on_net(p) -> bool:
        return any(_inside_convex(poly, p, tol) for poly in shapes)

    face_edges = {frozenset((key(a), key(b))) for poly in faces.values() for a, b in edges_of(poly)}
    for tab in tabs:
        ((a, b),) = [(p, q) for p, q in edges_of(tab) if frozenset((key(p), key(q))) in face_edges]
        for end, other in ((a, b), (b, a)):
            length = ((end[0] - other[0]) ** 2 + (end[1] - other[1]) ** 2) ** 0.5
            d = ((end[0] - other[0]) / length, (end[1] - other[1]) / length)
            t = step
            while on_net((end[0] + d[0] * t, end[1] + d[1] * t)):
                t += step
            exit_ = (end[0] + d[0] * t, end[1] + d[1] * t)
            found = []
            for p, q in ticks:
                # on the fold's own line, and starting beyond where the line leaves the net
                if all(abs((r[0] - end[0]) * d[1] - (r[1] - end[1]) * d[0]) < tol for r in (p, q)):
                    starts = [(r[0] - exit_[0]) * d[0] + (r[1] - exit_[1]) * d[1] for r in (p, q)]
                    if min(starts) >= -tol:
                        found.append(min(starts))
            assert found and min(found) <= near, f"{cubit}: the tab fold {a}–{b} has no tick past {end}"
    for p, q in ticks:
        for k in (0.0, 0.5, 1.0):
            r = (p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k)
            assert not on_net(r), f"a tick at {r} is on the net"
            clear = 0.3 / mm_per_unit
            assert not any(
                x0 - clear < r[0] < x1 + clear and y0 - clear < r[1] < y1 + clear for x0, y0, x1, y1 in strips
            ), f"a tick at {r} touches the colour"


def test_the_tabs_ticks_are_printed_in_the_pdf_too(built):
    """The PDF carries as many 2mm ticks as the SVG: the grid's and the tabs' own."""
    svg_ticks = _printed_ticks(built / "net" / "bloost.svg")
    segments, _, _ = read_geometry(read_pdf(built / "net" / "bloost.pdf").pages[0])
    pdf_ticks = [
        s
        for s in segments
        if any("cut and fold marks" in g for g in s.group)
        and abs(((s.x2 - s.x1) ** 2 + (s.y2 - s.y1) ** 2) ** 0.5 - 2 * MM) < 0.01
    ]
    tab_ticks = svg_root(built / "net" / "bloost.svg").findall(".//svg:path[@class='tab-tick']", SVG_NS)
    assert tab_ticks and len(pdf_ticks) == len(svg_ticks)
