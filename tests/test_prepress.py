"""Prepress, checked on every product of every game in the registry, built from the
bundled content on A4 and on Letter: nothing prints within the printable margin, cards
never share ink, a front and its back carry the same boxes, every PDF asks for actual
size and long-edge duplex, font subsets are named by their contents, and the print-shop
exports are CMYK with text in black ink alone."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import MM, REPO, pdf_text, rasterize_svg, read_pdf, run_cli, write
from helpers.pdfops import read_geometry
from PIL import Image, ImageStat

from sheetgen.layout.registry import products

MARGIN = 5 * MM  # the default printable margin, in points
PAPERS = ("a4", "letter")


def _build(root: Path, paper: str, margin: str, *options: str):
    """The bundled content built on `paper` with the theme's printable margin set to
    `margin`: its output folder and the run."""
    shutil.copytree(REPO / "content", root / "content")
    theme = root / "content" / "theme.yaml"
    theme.write_text(theme.read_text() + f"printable_margin: {margin}\n")
    cwd = os.getcwd()
    os.chdir(root)
    try:
        run = run_cli("build", "-o", "out", "--paper", paper, "--format", "pdf", *options)
    finally:
        os.chdir(cwd)
    return root / "out", run


@pytest.fixture
def printed(bundled_on) -> dict[str, Path]:
    """The output folders of the shared builds of the bundled content on A4 and on Letter."""
    return {paper: bundled_on(paper) for paper in PAPERS}


def outputs(out: Path) -> list[str]:
    manifest = json.loads((out / "manifest.json").read_text())
    return sorted(e["path"] for e in manifest["outputs"] if e["path"].endswith(".pdf"))


def product_outputs(out: Path) -> dict[str, list[str]]:
    """Each registered product's PDFs in a build: `<system>/<name>/…`, blanks by target."""
    paths = outputs(out)
    found: dict[str, list[str]] = {}
    for pid, p in products().items():
        if p.scope in ("blank", "collection"):
            mine = [
                q
                for q in paths
                if q.endswith(f"/{p.name}/{p.target}.pdf") and (callable(p.game) or q.split("/")[0] == p.game)
            ]
        else:
            mine = [
                q
                for q in paths
                if q.split("/")[1] == p.name
                and (callable(p.game) or q.split("/")[0] == p.game)
                and not (p.id == "handout" and q.endswith("-cards.pdf"))
            ]
        found[pid] = mine
    return found


def test_every_product_of_every_game_is_built_from_the_bundled_content(printed):
    for paper, out in printed.items():
        missing = [pid for pid, paths in product_outputs(out).items() if not paths]
        assert not missing, f"{paper}: no bundled output of {missing}: the checks below would skip them"


def _edge_page(page) -> bool:
    """A page meant to be printed by a print shop to its edge: one card with its bleed."""
    media = float(page.mediabox.width)
    return float(page.bleedbox.width) >= media - 0.01 and float(page.trimbox.width) < media - 1


def _nearest_ink(png: Path, page=None) -> float:
    """Distance in pixels from the nearest non-white pixel to the image's edge (inf: blank).
    Given the PDF `page`, its crop marks are left out: where a sheet's margin is too short
    for a whole mark, the mark runs on into the printable margin (checked on its own in
    `test_crop_marks_are_one_length_outside_every_card_and_inside_the_margin`)."""
    img = Image.open(png).convert("L")
    w, h = img.size
    if page is not None:
        from PIL import ImageDraw

        scale = w / float(page.mediabox.width)
        top = float(page.mediabox.height)
        draw = ImageDraw.Draw(img)
        for s in _crop_marks(page):
            x0, x1 = sorted((s.x1 * scale, s.x2 * scale))
            y0, y1 = sorted(((top - s.y1) * scale, (top - s.y2) * scale))
            draw.rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), fill=255)
    box = img.point(lambda v: 255 if v < 252 else 0).getbbox()  # the lightest tints count as ink
    if box is None:
        return float("inf")
    left, top, right, bottom = box
    return min(left, top, w - right, h - bottom)


def _check_margin(out: Path, paper: str, margin_mm: float, tmp_path: Path) -> int:
    """Rasterize the first two pages of every product's first PDF and check their ink keeps
    `margin_mm` from the paper's edge; returns how many pages were checked."""
    dpi = 40
    px = 25.4 / dpi
    checked = 0
    for pid, paths in product_outputs(out).items():
        if products()[pid].print_shop_of or not paths:
            continue
        path = out / paths[0]
        reader = read_pdf(path)
        pages = [i for i, page in enumerate(reader.pages[:2], 1) if not _edge_page(page)]
        for n in pages:
            stem = tmp_path / f"{pid}-{n}"
            subprocess.run(
                ["pdftoppm", "-png", "-r", str(dpi), "-f", str(n), "-l", str(n), "-singlefile", str(path), str(stem)],
                check=True,
            )
            nearest = _nearest_ink(stem.with_suffix(".png"), reader.pages[n - 1]) * px
            assert nearest >= margin_mm - px, f"{paths[0]} page {n} ({paper}): ink {nearest:.1f}mm from the edge"
            checked += 1
    return checked


@pytest.mark.parametrize("paper", PAPERS)
def test_nothing_prints_within_the_printable_margin(printed, paper, tmp_path):
    """Rasterized, every product's pages keep their ink at least 5mm from the paper's edge
    (a pixel's worth of anti-aliasing allowed). Pages one card to a page at bleed size are
    for print shops, which print to the edge, and are left out."""
    assert _check_margin(printed[paper], paper, 5, tmp_path) >= len(products()) // 2


WIDE = 12  # mm: a theme's wider printable margin


@pytest.fixture
def wide_builds(builds) -> dict[str, tuple[Path, object]]:
    """The bundled content built with `printable_margin: 12mm` (nets of 45mm on Letter), shared."""
    out = {}
    for paper in PAPERS:
        options = ("--cube-size", "45mm") if paper == "letter" else ()
        built = builds(paper=paper, formats="pdf", margin=f"{WIDE}mm", options=options)
        out[paper] = (built.output, built.run)
    return out


@pytest.mark.parametrize("paper", PAPERS)
def test_a_wider_printable_margin_is_kept_by_every_product(wide_builds, paper, tmp_path):
    """With `printable_margin: 12mm`, every product (nets, mats, card sheets, sheets,
    handouts) is still built and keeps its ink 12mm from the edge. On Letter a 50mm cube's
    net no longer fits inside that margin (a test below), so the nets there are 45mm.
    A rival too long for a line of the narrower CUBES! record sheet takes two, the player
    over the civilization (cut, with a warning, only where even that does not fit).
    (Wider margins than a sheet can hold are one error each: the test after this one.)"""
    out, run = wide_builds[paper]
    assert run.code == 0 and ": error[" not in run.stderr, run.stderr
    warnings = [line for line in run.stderr.splitlines() if ": warning[" in line]
    assert all("warning[layout.text-abbreviated]" in line and "rival's" in line for line in warnings), run.stderr
    rivals = " ".join(pdf_text(p) for p in sorted((out / "cubes" / "record-sheet").glob("*.pdf")) if p.stem != "ashara")
    assert re.search(r"Ana( ·)? The Ashara Concord", " ".join(rivals.split())), rivals  # whole, as the others' rival
    missing = [pid for pid, paths in product_outputs(out).items() if not paths]
    assert not missing, f"{paper}: nothing built of {missing}"
    assert _check_margin(out, paper, WIDE, tmp_path) >= len(products()) // 2
    # The mat still fits all it can: 3 squares across (a fourth, with the join marks and
    # their words, would cross the margin) and 4 down (a fifth and the footer would).
    assert "squares A1 to C4" in pdf_text(out / "cubit" / "blank" / "grid-mat.pdf")


def test_the_widest_printable_margin_is_kept_or_refused_in_one_error_per_output(tmp_path_factory, tmp_path):
    """At the widest margin a theme may ask (25mm), on A4 with 25mm cubes: what still fits
    is built and keeps the margin; what does not is one error at the theme's margin per
    output, with the widest margin it fits (never the errors of every field it squeezed);
    built again at that margin, it builds."""
    out, run = _build(tmp_path_factory.mktemp("widest"), "a4", "25mm", "--cube-size", "25mm")
    errors = [line for line in run.stderr.splitlines() if ": error[" in line]
    assert errors and all(
        line.startswith("content/theme.yaml:") and "error[theme.margin-too-wide]" in line for line in errors
    ), run.stderr
    built = {pid for pid, paths in product_outputs(out).items() if paths}
    assert {
        "cubit-net",
        "cubit-blank-net",
        "cubit-grid-mat",
        "grimdark-mat",
        "reference-deck",
        "cubit-stickers",
        "kubos-stat-cards",
    } <= built
    assert _check_margin(out, "a4", 25, tmp_path) > 10
    m = re.search(r"`([a-z/-]+)` does not fit .* the widest margin it fits inside is ([\d.]+)mm", errors[0])
    rel, widest = m.group(1), m.group(2)
    game = rel.split("/")[0]
    assert game != "handouts"  # (sorted first: a game's own output)
    out, run = _build(
        tmp_path_factory.mktemp("refit"),
        "a4",
        f"{widest}mm",
        "--cube-size",
        "25mm",
        "content/theme.yaml",
        f"content/{game}",
    )
    assert (out / f"{rel}.pdf").exists(), run.stderr
    assert f"`{rel}`" not in run.stderr


def test_a_net_too_big_for_the_printable_margin_is_one_error_naming_the_largest_size(tmp_path, tmp_path_factory):
    """On Letter, 12mm margins leave no room for a 50mm cube's net with its header and
    instructions: one error at the theme's cube size, naming the margin and the largest
    size that fits; that size builds, inside the margin."""
    out, run = _build(tmp_path_factory.mktemp("too-big"), "letter", f"{WIDE}mm")
    assert run.code == 1
    errors = [line for line in run.stderr.splitlines() if ": error[" in line]
    assert len(errors) == 1 and "content/theme.yaml:" in errors[0] and "error[theme.cube-too-big]" in errors[0], (
        run.stderr
    )
    assert f"inside its {WIDE}mm printable margin" in errors[0] and "printable_margin" in run.stderr
    largest = float(re.search(r"largest cube size that fits is ([\d.]+)mm", errors[0]).group(1))
    assert 40 < largest < 50
    root = tmp_path_factory.mktemp("largest")
    out, run = _build(
        root,
        "letter",
        f"{WIDE}mm",
        "--cube-size",
        f"{largest}mm",
        "--format",
        "pdf,svg",
        "content/theme.yaml",
        "content/cubit",
    )
    net = out / "cubit" / "net" / "bloost.pdf"
    assert net.exists(), run.stderr
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-singlefile", str(net), str(tmp_path / "net")], check=True)
    assert _nearest_ink(tmp_path / "net.png") * 25.4 / 40 >= WIDE - 25.4 / 40
    # The SVG, drawn from the same layout, keeps the margin too (as a cutting machine's
    # software or a browser prints it, at its true size).
    for svg in (out / "cubit" / "net" / "bloost.svg", out / "cubit" / "blank" / "cube-net.svg"):
        png = rasterize_svg(svg, tmp_path / f"{svg.stem}.png", dpi=40)
        assert _nearest_ink(png) * 25.4 / 40 >= WIDE - 25.4 / 40, svg
    # And it still folds into a right-handed die of that size.
    from helpers.nets import check_die, svg_net

    faces, tabs, _, _, mm_per_unit = svg_net(out / "cubit" / "net" / "bloost.svg", "bloost")
    check_die(faces, tabs, largest / mm_per_unit)


def _card_clips(page) -> list[tuple[float, float, float, float]]:
    """Each card's clip (the ink it may put down), as (left, bottom, right, top)."""
    _, placements, rects = read_geometry(page)
    out = []
    for p in placements:
        if p.name.startswith(("card ", "back of card")):
            x, y, w, h, _ = next(r for r in rects if p.name in r[4])
            out.append((x, y, x + w, y + h))
    return out


@pytest.mark.parametrize("paper", PAPERS)
def test_cards_never_share_ink_and_fronts_and_backs_share_boxes(printed, paper):
    out = printed[paper]
    decks = [pid for pid, p in products().items() if p.deck or p.id == "cubit-stickers"]
    assert {
        "reference-deck",
        "kubos-stat-cards",
        "tricube-character-cards",
        "tricube-foe-cards",
        "cubit-upgrade-cards",
        "cubit-faction-cards",
    } <= set(decks)
    for pid in decks:
        for rel in product_outputs(out)[pid]:
            reader = read_pdf(out / rel)
            for n, page in enumerate(reader.pages, 1):
                clips = _card_clips(page)
                assert clips, f"{rel} page {n}: no cards found"
                for i, a in enumerate(clips):
                    assert a[0] >= MARGIN - 0.01 and a[1] >= MARGIN - 0.01, (rel, n)
                    for b in clips[i + 1 :]:
                        apart = a[2] <= b[0] + 0.01 or b[2] <= a[0] + 0.01 or a[3] <= b[1] + 0.01 or b[3] <= a[1] + 0.01
                        assert apart, f"{rel} page {n}: two cards' ink overlaps"
            if products()[pid].deck:
                assert len(reader.pages) % 2 == 0, f"{rel}: every sheet of fronts has its backs"
                for front, back in zip(reader.pages[::2], reader.pages[1::2]):
                    assert [float(v) for v in front.trimbox] == [float(v) for v in back.trimbox], rel
                    assert [float(v) for v in front.bleedbox] == [float(v) for v in back.bleedbox], rel


def _card_trims(page) -> list[tuple[float, float, float, float]]:
    """Each card's trim, as (left, bottom, right, top): its clip (its bleed, or the card
    inside its neutral edge) grown or shrunk to the card's own origin, where it is placed."""
    _, placements, rects = read_geometry(page)
    out = []
    for p in placements:
        if p.name.startswith(("card ", "back of card")):
            x, y, w, h, _ = next(r for r in rects if p.name in r[4])
            d = x - p.matrix[4]  # -bleed, or the neutral edge
            out.append((x - d, y - d, x + w + d, y + h + d))
    return out


def _crop_marks(page) -> list:
    segments, _, _ = read_geometry(page)
    return [s for s in segments if "crop-marks" in s.group]


@pytest.mark.parametrize("margin", ["default", "wide"])
def test_crop_marks_are_one_length_outside_every_card_and_inside_the_margin(printed, wide_builds, margin):
    """On every sheet of every deck and of the stickers, on A4 and Letter, at the default
    and at a 12mm printable margin: the crop marks are all 3 mm long, on fronts and backs
    and every sheet of the product alike; each lies outside the cards' trims (the TrimBox
    holds them all) and clear of every card's ink, and at least its first millimetre
    inside the printable margin (all of it, but where the sheet leaves no room)."""
    keep = MARGIN if margin == "default" else WIDE * MM
    decks = [pid for pid, p in products().items() if p.deck or p.id == "cubit-stickers"]
    checked = 0
    running = set()
    for paper in PAPERS:
        out = printed[paper] if margin == "default" else wide_builds[paper][0]
        for pid in decks:
            for rel in product_outputs(out)[pid]:
                lengths = set()
                for n, page in enumerate(read_pdf(out / rel).pages, 1):
                    marks = _crop_marks(page)
                    assert marks, f"{rel} page {n}: no crop marks"
                    W, H = float(page.mediabox.width), float(page.mediabox.height)
                    clips = _card_clips(page)
                    trims = _card_trims(page)
                    assert len(trims) == len(clips)
                    for s in marks:
                        lengths.add(round(abs(s.x2 - s.x1) + abs(s.y2 - s.y1), 2))
                        x0, x1 = sorted((s.x1, s.x2))
                        y0, y1 = sorted((s.y1, s.y2))
                        where = f"{rel} page {n} ({paper}, {margin} margin): a mark at {x0:.1f},{y0:.1f}"
                        for c in trims:
                            assert x1 <= c[0] + 0.01 or x0 >= c[2] - 0.01 or y1 <= c[1] + 0.01 or y0 >= c[3] - 0.01, (
                                where + " in a card's trim"
                            )
                        for c in clips:
                            assert x1 <= c[0] or x0 >= c[2] or y1 <= c[1] or y0 >= c[3], where + " on a card's ink"
                        inside = min(x1, W - keep) - max(x0, keep) + min(y1, H - keep) - max(y0, keep)
                        assert inside >= 1 * MM - 0.01, where + " in the printable margin"
                        running.add((paper, margin, inside < 3 * MM - 0.01))
                    checked += 1
                assert lengths == {round(3 * MM, 2)}, (
                    f"{rel} ({paper}, {margin} margin): crop marks of {sorted(lengths)}pt"
                )
    assert checked > 20
    # A mark runs on into the printable margin only where the sheet leaves it no room (9
    # poker cards on Letter, or a wide margin); at the default margin, on A4, none does.
    assert ("a4", "default", True) not in running


def test_print_shop_exports_are_one_card_a_page_with_its_own_boxes(printed):
    out = printed["a4"]
    twins = {pid: p for pid, p in products().items() if p.print_shop_of}
    assert {p.print_shop_of for p in twins.values()} == {pid for pid, p in products().items() if p.deck}
    for pid in twins:
        for rel in product_outputs(out)[pid]:
            reader = read_pdf(out / rel)
            for page in reader.pages:
                trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
                assert float(bleed.width) == pytest.approx(float(media.width), abs=0.01)
                assert float(trim.left) == pytest.approx(3 * MM, abs=0.01)  # the theme's bleed on every side
                assert float(media.width) - float(trim.width) == pytest.approx(6 * MM, abs=0.01)
            assert [float(v) for v in reader.pages[0].trimbox] == [float(v) for v in reader.pages[1].trimbox]


def test_every_pdf_asks_for_actual_size_and_those_with_backs_for_long_edge_duplex(printed):
    """Decks (and their print-shop twins) and handouts are laid out for duplex; sheets,
    nets, stickers and tiled mats print one-sided, so they do not ask for it."""
    for out in printed.values():
        duplex = 0
        for pid, paths in product_outputs(out).items():
            product = products()[pid]
            with_backs = product.deck or product.print_shop_of is not None or pid == "handout"
            for rel in paths:
                prefs = read_pdf(out / rel).trailer["/Root"]["/ViewerPreferences"]
                assert prefs["/PrintScaling"] == "/None", rel
                assert prefs.get("/Duplex") == ("/DuplexFlipLongEdge" if with_backs else None), rel
                duplex += with_backs
        assert 0 < duplex < len(outputs(out))


def test_a_font_subset_name_always_means_the_same_glyphs(printed):
    """Merging two PDFs must not swap glyphs: one subset name, one font program."""
    seen: dict[str, str] = {}
    prefixes = set()
    for out in printed.values():
        for rel in outputs(out):
            for page in read_pdf(out / rel).pages[:2]:
                for font in (page.get("/Resources", {}).get("/Font") or {}).values():
                    font = font.get_object()
                    name = str(font["/BaseFont"])
                    data = font["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data()
                    digest = hashlib.sha256(data).hexdigest()
                    assert seen.setdefault(name, digest) == digest, f"{name} names two different subsets ({rel})"
                    prefixes.add(name.split("+")[0])
    assert len(prefixes) > 10 and "/AAAAAA" not in prefixes


def _colour_operators(page) -> set[bytes]:
    return {op for _, op in page.get_contents().operations if op in (b"rg", b"RG", b"k", b"K", b"g", b"G")}


def test_print_shop_colours_are_cmyk_with_black_text_in_black_ink(printed):
    out = printed["a4"]
    shop = read_pdf(out / "cubit/cards-print-shop/upgrades.pdf").pages[0]
    assert _colour_operators(shop) <= {b"k", b"K"}
    fills = []
    in_text = False
    for operands, op in shop.get_contents().operations:
        in_text = (in_text or op == b"BT") and op != b"ET"
        if in_text and op == b"k":
            fills.append(tuple(float(v) for v in operands))
    assert (0.0, 0.0, 0.0, 1.0) in fills  # body text: solid black ink, not rich black
    assert all(f[:3] == (0, 0, 0) for f in fills if f[3] > 0.85)
    screen = read_pdf(out / "cubit/cards/upgrades.pdf").pages[0]
    assert b"rg" in _colour_operators(screen)  # home printers get RGB


def _coverage(png: Path) -> float:
    img = Image.open(png).convert("L")
    return 1 - ImageStat.Stat(img).mean[0] / 255


def test_ink_saver_lightens_backs_and_title_bands(workdir, tmp_path):
    from helpers import many_cards, rasterize_pdf

    pdf = many_cards(workdir, 9)
    assert run_cli("build").code == 0
    normal = [_coverage(rasterize_pdf(pdf, tmp_path / f"n{n}.png", dpi=30, page=n)) for n in (1, 2)]
    write(workdir, "content/theme.yaml", "kind: theme\nid: default\nink: saver\n")
    assert run_cli("build").code == 0
    saver = [_coverage(rasterize_pdf(pdf, tmp_path / f"s{n}.png", dpi=30, page=n)) for n in (1, 2)]
    assert normal[1] > 0.4 and saver[1] < normal[1] / 3  # the backs
    assert saver[0] < normal[0]  # the fronts' title bands


def test_a_wider_printable_margin_moves_every_card_inward(workdir):
    from helpers import many_cards

    write(workdir, "content/theme.yaml", "kind: theme\nid: default\nprintable_margin: 12mm\ncard_size: mini\n")
    pdf = many_cards(workdir, 16)
    assert run_cli("build").code == 0
    page = read_pdf(pdf).pages[0]
    clips = _card_clips(page)
    W, H = float(page.mediabox.width), float(page.mediabox.height)
    assert clips and all(
        c[0] >= 12 * MM and c[1] >= 12 * MM and c[2] <= W - 12 * MM and c[3] <= H - 12 * MM for c in clips
    )
    segments, _, _ = read_geometry(page)
    marks = [s for s in segments if "crop-marks" in s.group]
    assert marks and all(12 * MM - 0.01 <= v <= W - 12 * MM + 0.01 for s in marks for v in (s.x1, s.x2))
    assert len({round(abs(s.x2 - s.x1) + abs(s.y2 - s.y1), 3) for s in marks}) == 1  # one mark length


@pytest.mark.parametrize("paper, length", [("a4", 50 * MM), ("letter", 2 * 72)])
def test_nets_mats_and_card_sheets_carry_a_true_scale_bar(printed, paper, length):
    out = printed[paper]
    found = product_outputs(out)
    for pid in (
        "cubit-net",
        "cubit-nets",
        "cubit-blank-net",
        "cubit-grid-mat",
        "grimdark-mat",
        "reference-deck",
        "cubit-upgrade-cards",
        "kubos-stat-cards",
        "tricube-foe-cards",
        "grimdark-unit-cards",
    ):
        rel = found[pid][0]
        page = read_pdf(out / rel).pages[0]
        _, _, rects = read_geometry(page)
        bars = [r for r in rects if "scale bar" in r[4]]
        assert bars, f"{rel} ({paper}): no scale bar"
        # The bar's outline, along whichever way it runs, is exactly the stated length.
        assert max(max(r[2], r[3]) for r in bars) == pytest.approx(length, abs=0.05), rel
        x, y, w, h, _ = max(bars, key=lambda r: max(r[2], r[3]))
        W, H = float(page.mediabox.width), float(page.mediabox.height)
        assert x >= MARGIN - 0.5 and y >= MARGIN - 0.5 and x + w <= W - MARGIN + 0.5 and y + h <= H - MARGIN + 0.5


@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "square"])
def test_card_text_stays_inside_the_safe_area(size):
    """On every card of every deck of the bundled content, at every card size, text keeps
    4mm from the trim (its ascent above the baseline counted as 0.75 of the size, its
    descent as 0.25; a quarter millimetre allowed for the side bearings an advance width
    includes)."""
    import dataclasses

    from sheetgen.content.loader import load
    from sheetgen.files.plan import plan
    from sheetgen.files.run import lay_out
    from sheetgen.layout.primitives import Group, Text, walk
    from sheetgen.rules import check
    from sheetgen.units import CARD_SIZES

    safe = 4 * MM
    checked = check(load([REPO / "content"]))
    checked = dataclasses.replace(checked, theme=dataclasses.replace(checked.theme, card=CARD_SIZES[size]))
    decks = {pid for pid, p in products().items() if p.deck}
    cards = 0
    for target in plan(checked):
        if target.job.product not in decks:
            continue
        document, issues = lay_out(target, checked.theme)
        assert document is not None and not [i for i in issues if i.severity.value == "error"]
        for page in document.pages:
            for card in (g for g in page.items if isinstance(g, Group) and (g.cls or "").startswith("card")):
                w, h = _card_size(target, checked)
                cards += 1
                for item, dx, dy in walk(card.items):
                    if not isinstance(item, Text) or item.angle or not item.text.strip():
                        continue
                    x, y = item.x + dx, item.y + dy
                    where = f"{target.key}: {item.text!r}"
                    tol = 0.25 * MM
                    assert x >= safe - tol and x + item.width <= w - safe + tol, where
                    assert y - 0.75 * item.size >= safe - tol and y + 0.25 * item.size <= h - safe + tol, where
    assert cards > 50


def _card_size(target, checked) -> tuple[float, float]:
    model = target.job.docs[0].model if target.job.docs else None
    size = getattr(model, "card_size", None)
    return (size.width, size.height) if size is not None else checked.theme.card


def test_a_deck_of_over_a_hundred_cards_numbers_every_card(workdir):
    from helpers import many_cards, pdf_text

    pdf = many_cards(workdir, 120)
    run = run_cli("build", "--format", "pdf")
    assert run.code == 0, run.stderr
    text = pdf_text(pdf)
    assert "1/120" in text and "120/120" in text
