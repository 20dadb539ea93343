"""Cube nets: one cubit's net on its own page, every cubit's nets packed onto pages,
and a blank net to fill in by hand.

Nets print at true size (the theme's cube size): the face edge on paper is the cube's
edge. On every page the cut lines sit in one group (`id="cut"`) and the fold lines in
another (`id="fold"`), so a cutting machine can cut one and score the other; each face
outline has `class="face"` and `id="<doc-id>-face-N"`, each glue tab `class="tab"`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.layout.colors import shade
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Field, Group, Item, LayoutDocument, Page, Path, Rect, line, polygon
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.cubit.face_art import (
    CORNER,
    FaceView,
    blank_face_views,
    face_art,
    face_source,
    face_views,
    heading_depth,
)
from sheetgen.layout.sheets.cubit.net_geometry import (
    FACE_TURN,
    Net,
    Segment,
    cross_net,
    grid_ticks,
    largest_size,
    net_extent,
    net_side,
    print_origin,
    print_to_net,
    side_of,
    tab_ticks,
)
from sheetgen.layout.sheets.cubit.style import (
    CAPTIONS,
    Livery,
    credit,
    for_print,
    livery,
    longest,
    reconstructed_source,
    standard_interfaces,
)
from sheetgen.layout.templates import caption
from sheetgen.layout.text import BODY_MIN, FINE_MIN, Paragraph, Spacer, TextStyle, fit_blocks, one_line
from sheetgen.layout.widgets import SCALE_BAR_H, WRITING_INK, WRITING_WIDTH, first_scale_bar, title_lines
from sheetgen.rules.cubit.values import CubitValues, ReconstructedNote
from sheetgen.rules.theme import DEFAULT_PRINTABLE_MARGIN
from sheetgen.units import MM, format_mm, paper_title

HEADER = 9 * MM  # the cubit's names above the net
FOOTER = 28 * MM  # its notation, folding instructions and the credit below it
LABEL = 3.5 * MM  # a packed net's name, over its marks
GAP = 1 * MM  # between a packed net's marks and the next one's name
MIN_CUBE = 25 * MM  # below this, face text falls under the smallest readable size
TAB_FILL = "#e4e4e4"
TAB_BLEED = 1.5 * MM  # face colour onto the glue tabs, so a fold a little off shows colour, not grey
MARK_GAP = 0.5 * MM  # between the bleed and the cut and fold marks
MARK_LENGTH = 2 * MM  # (as long as lets four 25mm nets or two 30mm ones share an A4 page)
MARK_WIDTH = 0.5  # points
FOLD_DASH = (0.4 * MARK_LENGTH, 0.2 * MARK_LENGTH)  # a fold mark: two dashes
CUT_INK = "#000000"
CUT_WIDTH = 0.35  # points: the printed cut line on the trim
TEXT_GAP = 4 * MM  # between a net's lowest point and the notation and instructions under it


def marks_reach(bleed: float) -> float:
    """How far a net's print reaches past its outline: the bleed, then the cut and fold marks."""
    return bleed + MARK_GAP + MARK_LENGTH


def text_margin(printable: float) -> float:
    """From the paper's edge to a net page's text: the printable margin, then room for the
    scale bar above the title (8 mm with the default 5 mm margin)."""
    return printable + SCALE_BAR_H


def net_area(paper: tuple[float, float], bleed: float, printable: float) -> tuple[float, float]:
    """The room a page leaves for a net's outline: within the printable margin across, between
    the header and footer down, with room around it for the bleed and the marks."""
    W, H = paper
    reach = marks_reach(bleed)
    return W - 2 * (printable + reach), H - 2 * text_margin(printable) - HEADER - FOOTER - 2 * reach


def size_problem(
    cube: float, paper: tuple[float, float], paper_name: str, bleed: float, printable: float = DEFAULT_PRINTABLE_MARGIN
) -> str | None:
    """Why nets cannot be printed at this cube size on this paper inside its printable
    margin, or None if they can."""
    if cube < MIN_CUBE - 1e-6:
        return (
            f"a {format_mm(cube)} cube is too small for readable faces; the smallest cube size sheetgen "
            f"prints is {format_mm(MIN_CUBE)}"
        )
    w, h = net_extent(cube)
    area = net_area(paper, bleed, printable)
    if w > area[0] + 1e-6 or h > area[1] + 1e-6:
        best = largest_size(area)
        where = f"{paper_title(paper_name)} paper"
        if printable > DEFAULT_PRINTABLE_MARGIN + 1e-6:
            where += f" inside its {format_mm(printable)} printable margin"
        return (
            f"a {format_mm(cube)} cube's net ({w / MM:.0f} × {h / MM:.0f}mm with its glue tabs) does not fit on "
            f"{where} with its title, folding instructions and cut marks (a {area[0] / MM:.0f} × "
            f"{area[1] / MM:.0f}mm space); the largest cube size that fits is {format_mm(best)}: use --cube-size "
            f"{format_mm(best)} or less"
        )
    return None


@dataclass
class NetDrawing:
    """A net's items by layer: faces and tabs below, then cut and fold lines on top."""

    art: list[Item]
    cut: list[Item]
    fold: list[Item]


def draw_net(
    ctx: LayoutContext, net: Net, faces: list[FaceView], doc_id: str, colours: Livery, source: DocInput | None
) -> NetDrawing:
    """A net with its faces, glue tabs, bleed and marks; its cut outline and score lines.

    The cut line is printed thin and solid on the trim, round faces and tabs alike; the
    faces' colours run on past it by the theme's bleed (and onto the tabs), so a cut a
    little off shows colour, not paper. Folds are marked outside the art: dashed marks
    where each fold's line runs out onto waste paper, to score between with a ruler
    (solid marks likewise end the straight runs of the cut). A net as pale as the paper
    also prints its folds dashed, so its faces show their edges. The `cut` and `fold`
    groups are the paths a cutting machine cuts and scores."""
    colours = for_print(ctx, colours)
    art: list[Item] = []
    tab_items: list[Item] = []
    tab_fill = None if colours.light else TAB_FILL
    muted = shade(TAB_FILL, 0.55)
    for tab in net.tabs:
        tab_items.append(Path(polygon(tab.polygon), role="tab", stroke=None, fill=tab_fill))
        tab_items += _tab_label(ctx, tab.polygon, tab.partner[0], net.tab, muted)
    art.append(Group(tuple(tab_items), cls="tabs", label=f"{doc_id} glue tabs"))
    bleed = ctx.theme.bleed
    strips = net_bleed(net, colours, bleed)
    art.append(Group(tuple(strips), cls="bleed", label=f"{doc_id} bleed"))
    by_number = {f.number: f for f in faces}
    for n in sorted(net.faces):
        box = net.faces[n]
        view = by_number[n]
        corners = [(box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom)]
        outline = Path(polygon(corners), stroke=None, fill=colours.ground, id=f"{doc_id}-face-{n}", cls="face")
        src = face_source(source, n)
        turn = FACE_TURN[n]
        ox, oy = print_origin(turn, box)
        art.append(
            Group(
                (outline, Group(tuple(face_art(ctx, view, net.size, colours, src)), dx=ox, dy=oy, rotate=turn)),
                label=f"{doc_id}-face-{n}",
            )
        )
    ticks = grid_ticks(net, bleed + MARK_GAP, MARK_LENGTH)
    strip_boxes = [Box(r.x, r.y, r.w, r.h) for r in strips if isinstance(r, Rect)]
    marks = [_mark(seg, "net-mark", _on_fold(seg, net.fold_lines)) for seg in ticks]
    marks += [_mark(seg, "tab-tick", True) for seg in tab_ticks(net, strip_boxes, MARK_GAP, MARK_LENGTH, ticks)]
    art.append(Group(tuple(marks), cls="marks", label=f"{doc_id} cut and fold marks"))
    cut: list[Item] = [Path(polygon(net.outline), role="cut", stroke=CUT_INK, width=CUT_WIDTH, fill=None, join="round")]
    fold_ink = colours.edge if colours.pale else None
    fold: list[Item] = [
        Path(line(*seg.a, *seg.b), role="fold", stroke=fold_ink, width=MARK_WIDTH, dash=FOLD_DASH, fill=None)
        for seg in net.fold_lines
    ]
    return NetDrawing(art, cut, fold)


def _on_fold(seg: Segment, folds: tuple[Segment, ...]) -> bool:
    """Whether a horizontal or vertical mark lies on the line of one of `folds`."""

    def line_of(g: Segment) -> tuple[bool, float]:
        horizontal = abs(g.a[1] - g.b[1]) < 1e-6
        return horizontal, g.a[1] if horizontal else g.a[0]

    across, at = line_of(seg)
    return any(h == across and abs(v - at) < 0.01 for h, v in map(line_of, folds))


def _mark(seg: Segment, cls: str, fold: bool) -> Path:
    """A mark outside the net on the line of a fold (dashed) or of a straight cut (solid)."""
    return Path(
        line(*seg.a, *seg.b),
        role="fold" if fold else "crop",
        stroke="#000000",
        width=MARK_WIDTH,
        dash=FOLD_DASH if fold else None,
        fill=None,
        cls=cls,
    )


# What each side of a face's print shows along its edge, as (from, to, colour part) in
# shares of the face's edge, measured left to right or top to bottom on the print.
def _edge_colours(side: str, head: float, corner: float) -> list[tuple[float, float, str]]:
    if side == "top":
        return [(0.0, 1.0, "heading")]
    if side == "bottom":
        return [(0.0, corner, "accent"), (corner, 1.0 - corner, "main"), (1.0 - corner, 1.0, "accent")]
    return [(0.0, head, "heading"), (head, 1.0 - corner, "main"), (1.0 - corner, 1.0, "accent")]


def net_bleed(net: Net, colours: Livery, bleed: float) -> list[Item]:
    """Strips of each face's edge colours outside every face edge that is not a fold between
    two faces: `bleed` wide past a cut edge, TAB_BLEED wide onto a glue tab (so a fold a
    little off shows colour, not grey). Each strip follows what the face's print shows
    along that edge (the header colour at its top, the accent by its bottom corners, the
    main colour between), turned with the print."""

    def key(seg) -> frozenset:
        return frozenset((round(seg.a[0], 3), round(seg.a[1], 3), round(seg.b[0], 3), round(seg.b[1], 3)))

    inner = {key(seg) for seg in net.folds}
    tabbed = {(t.face, t.side) for t in net.tabs}
    s = net.size
    head, corner = heading_depth(s) / s, CORNER
    fills = {"heading": colours.heading, "accent": colours.corner, "main": colours.ground}
    out: list[Item] = []
    for n in sorted(net.faces):
        box = net.faces[n]
        turn = FACE_TURN[n]
        depth = {}
        for side in ("top", "right", "bottom", "left"):
            on_net = net_side(turn, side)
            if key(side_of(box, on_net)) in inner:
                continue
            depth[side] = TAB_BLEED if (n, on_net) in tabbed else bleed
        for side, d in depth.items():
            for a, b, part in _edge_colours(side, head, corner):
                lo, hi = a * s, b * s
                if side in ("top", "bottom"):  # the corners go with the top and bottom strips
                    if a == 0.0:
                        lo -= depth.get("left", 0.0)
                    if b == 1.0:
                        hi += depth.get("right", 0.0)
                    v0, v1 = (-d, 0.0) if side == "top" else (s, s + d)
                    p, q = print_to_net(turn, box, lo, v0), print_to_net(turn, box, hi, v1)
                else:
                    u0, u1 = (-d, 0.0) if side == "left" else (s, s + d)
                    p, q = print_to_net(turn, box, u0, lo), print_to_net(turn, box, u1, hi)
                x0, x1 = sorted((p[0], q[0]))
                y0, y1 = sorted((p[1], q[1]))
                out.append(Rect(x0, y0, x1 - x0, y1 - y0, role="bleed", stroke=None, fill=fills[part]))
    return out


def _tab_label(ctx: LayoutContext, poly: tuple, partner: int, depth: float, color: str) -> list[Item]:
    """`glue under 3` along the tab, if the tab is deep and long enough to read it."""
    if depth < 6 * MM:
        return []
    (ax, ay), outer_a, outer_b, (bx, by) = poly
    horizontal = abs(by - ay) < 1e-6
    room = ((outer_b[0] - outer_a[0]) ** 2 + (outer_b[1] - outer_a[1]) ** 2) ** 0.5  # the tab's narrow outer edge
    mx, my = (ax + bx) / 2, (ay + by) / 2
    out = (outer_a[1] - ay) if horizontal else (outer_a[0] - ax)  # signed depth, away from the face
    text = f"glue under {partner}"
    style = TextStyle(size=FINE_MIN, color=color, align="center", min_size=FINE_MIN)
    if ctx.fonts.width(text, style.font, FINE_MIN) > room:
        return []
    label = one_line(ctx, text, Box(-room / 2, -depth / 3, room, depth * 2 / 3), style, None, what="tab label")
    if horizontal:
        return [Group(tuple(label), dx=mx, dy=my + out / 2)]
    # Vertical tabs: the same words turned a quarter, read from below.
    return [Group(tuple(label), dx=mx + out / 2, dy=my, rotate=90)]


def page_groups(drawings: list[NetDrawing]) -> list[Item]:
    """The layers of every net on a page: art, then one cut group and one fold group."""
    art = [i for d in drawings for i in d.art]
    cut = tuple(i for d in drawings for i in d.cut)
    fold = tuple(i for d in drawings for i in d.fold)
    return art + [Group(cut, id="cut", cls="cut-lines"), Group(fold, id="fold", cls="fold-lines")]


def header_and_footer(
    ctx: LayoutContext,
    title: str,
    notation: str,
    source: Source | None,
    subtitle: str = "",
    reconstructed: Sequence[ReconstructedNote] = (),
    *,
    subtitle_source: Source | None = None,
    notation_source: Source | None = None,
    notation_label: str = "Notation",
    below: float | None = None,
    notation_block=None,
) -> list[Item]:
    """The title in the top margin; the notation and folding instructions under the net
    (`below`: where its lowest point is) or else low on the page; the credit in the bottom
    margin. `reconstructed` are the rules' notes for the credit."""
    W, H = ctx.theme.paper
    m = ctx.theme.printable_margin
    margin = text_margin(m)
    ink, muted = ctx.color("ink"), ctx.color("muted")
    items: list[Item] = []
    head = Box(margin, margin, W - 2 * margin, HEADER - 2 * MM)
    title_w = head.w * 0.55 if subtitle else head.w
    title_style = TextStyle(size=12, font="bold", color=ink, min_size=9)
    items += title_lines(ctx, title, Box(head.x, head.y, title_w, head.h), title_style, source)  # many names: two lines
    if subtitle:
        # Faction and function: one line if they fit, else two, right-aligned under each other.
        items += fit_blocks(
            ctx,
            [
                Paragraph(
                    ctx,
                    subtitle,
                    TextStyle(
                        size=8, font="italic", color=muted, align="right", min_size=7.5, leading=1.15, markup=False
                    ),
                    subtitle_source,
                )
            ],
            Box(head.x + title_w + 3 * MM, head.y, head.w - title_w - 3 * MM, head.h + 1 * MM),
            valign="middle",
            what="subtitle",
        )
    notes = list(reconstructed)
    credit_para = Paragraph(
        ctx,
        credit([n.note for n in notes]),
        TextStyle(size=FINE_MIN, leading=1.15, markup=False),
        reconstructed_source(notes),
    )
    credit_h = min(credit_para.height(ctx, W - 2 * margin, 1.0), 2 * FINE_MIN * 1.15)  # two lines at most
    # A scale bar above the title, between the printable margin and it.
    items += first_scale_bar(ctx, [Box(margin, m, W - 2 * margin, margin - m)], align="end")
    low = H - margin - FOOTER + 2 * MM
    # Just under the net when there is room; otherwise as low as the credit line allows,
    # so a net that fills the page keeps as much room as it can from the text.
    top, valign = (below + TEXT_GAP, "top") if below is not None and below + TEXT_GAP < low else (low, "bottom")
    blocks: list = []
    if notation_block is not None:
        blocks += [notation_block, Spacer(1.2 * MM, scales=False)]
    if notation:
        blocks += [
            Paragraph(ctx, f"{notation_label}: **{notation}**", TextStyle(size=8.5, color=ink).fixed, notation_source),
            Spacer(1.2 * MM),
        ]
    blocks.append(
        Paragraph(ctx, caption(CAPTIONS, "folding"), TextStyle(size=BODY_MIN, color=ink, leading=1.2).fixed, None)
    )
    bottom = H - margin - credit_h - 1.5 * MM
    items += fit_blocks(
        ctx,
        blocks,
        Box(margin, top, W - 2 * margin, max(0.0, bottom - top)),
        valign=valign,
        what="notation and instructions",
    )
    items += fit_blocks(
        ctx,
        [credit_para],
        Box(margin, H - margin - credit_h, W - 2 * margin, credit_h),
        valign="bottom",
        what="credit line",
    )
    return items


class NotationBlanks:
    """The blank net's notation line: each face's interface code with a line after it to
    write its skill on (and a form field to type it into)."""

    source = None
    HEIGHT = 6 * MM

    def __init__(self, codes: list[tuple[int, str]]):
        self.codes = codes

    def min_scale(self) -> float:
        return 1.0

    def height(self, ctx: LayoutContext, width: float, scale: float) -> float:
        return self.HEIGHT

    def draw(self, ctx: LayoutContext, x: float, y: float, width: float, scale: float) -> list[Item]:
        label = "Notation (each face's skill after its code):"
        style = TextStyle(size=8.5, font="bold").fixed
        box = Box(x, y, width, self.HEIGHT)
        items = one_line(ctx, label, box, style, valign="bottom")
        cx = x + ctx.fonts.width(label, "bold", style.size) + 3 * MM
        slot = (box.right - cx) / len(self.codes)
        for n, code in self.codes:
            code_w = ctx.fonts.width(code or "—", "bold", style.size)
            items += one_line(ctx, code or "—", Box(cx, y, code_w, self.HEIGHT), style, valign="bottom")
            lx, rx = cx + code_w + 1 * MM, cx + slot - 3 * MM
            items.append(Path(line(lx, box.bottom, rx, box.bottom), stroke=WRITING_INK, width=WRITING_WIDTH))
            items.append(
                Field(
                    f"skill_{n}",
                    "text",
                    lx,
                    y,
                    rx - lx,
                    self.HEIGHT,
                    tooltip=f"Face {n} skill",
                    font=ctx.fonts.face("regular"),
                    size=10,
                )
            )
            cx += slot
        return items


def _top(ctx: LayoutContext) -> float:
    return text_margin(ctx.theme.printable_margin)


def _net_for(ctx: LayoutContext, doc: DocInput) -> tuple[list[FaceView], Livery]:
    cubit = doc.values(CubitValues)
    return face_views(cubit), livery(ctx, cubit.colors)


def _refuse(ctx: LayoutContext, source: Source | None) -> bool:
    """Report (once per layout) when the cube size cannot be printed; True if so."""
    problem = size_problem(
        ctx.theme.cube_size, ctx.theme.paper, ctx.theme.paper_name, ctx.theme.bleed, ctx.theme.printable_margin
    )
    if problem:
        ctx.error(source, "cubit.net-does-not-fit", problem, "choose a smaller --cube-size, or larger paper")
    return problem is not None


def _title(d: CubitValues) -> str:
    return d.display_name + (f" ({', '.join(d.aliases)})" if d.aliases else "")


def _title_source(doc: DocInput) -> Source | None:
    """Where to point if the name and aliases do not fit: whichever of them is longer."""
    d = doc.values(CubitValues)
    return longest(((d.name or "", doc.source("name")), (", ".join(d.aliases), doc.source("aliases"))))


def _subtitle(doc: DocInput) -> tuple[str, Source | None]:
    """Faction and function, and where to point if they do not fit: the longer of the
    cubit's function and its faction's name."""
    d = doc.values(CubitValues)
    faction = d.faction.name if d.faction else ""
    text = " · ".join(p for p in (faction, d.function or "") if p)
    source = longest(
        (
            (d.function or "", doc.source("function")),
            (faction, Source(("faction", d.faction.id), ("name",)) if d.faction else None),
        )
    )
    return text, source


def _single_net(
    ctx: LayoutContext, doc: DocInput, title: str, subtitle: str, subtitle_source: Source | None, notation: bool = True
) -> list[Item]:
    """One cubit's net centred in the page's net area, with its header and footer."""
    W, H = ctx.theme.paper
    s = ctx.theme.cube_size
    w, h = net_extent(s)
    _, area_h = net_area(ctx.theme.paper, ctx.theme.bleed, ctx.theme.printable_margin)
    x, y = (W - w) / 2, _top(ctx) + HEADER + marks_reach(ctx.theme.bleed) + (area_h - h) / 2
    faces, colours = _net_for(ctx, doc)
    drawing = draw_net(ctx, cross_net(s, x, y), faces, doc.id, colours, doc)
    d = doc.values(CubitValues)
    items = header_and_footer(
        ctx,
        title,
        d.notation if notation else "",
        _title_source(doc),
        subtitle,
        d.reconstructed_notes,
        subtitle_source=subtitle_source,
        notation_source=doc.source("faces"),
        below=y + h + marks_reach(ctx.theme.bleed),
    )
    return items + page_groups([drawing])


def layout_net(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """One cubit's net, centred on its own page."""
    doc = job.doc
    d = doc.values(CubitValues)
    title = _title(d)
    if _refuse(ctx, doc.source()):
        return LayoutDocument(title=title, pages=())
    W, H = ctx.theme.paper
    subtitle, subtitle_source = _subtitle(doc)
    items = _single_net(ctx, doc, title, subtitle, subtitle_source)
    return LayoutDocument(
        title=f"{title} — cube net",
        pages=(Page(W, H, tuple(items), label=f"{doc.id} net"),),
        author=ctx.theme.author,
        subject=f"Cubit cube net, {format_mm(ctx.theme.cube_size)} cube: {d.notation}",
        keywords=("cubit", "cube net"),
    )


def layout_all_nets(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """Every cubit's net, as many to a page as fit at the cube size.

    Every page uses the same grid, placed as for a full page, so a last page that is not
    full has its nets where the first page has them. When only one net fits a page, it is
    placed like a single net, with the cubit's name in the page's header."""
    W, H = ctx.theme.paper
    s = ctx.theme.cube_size
    title = "Cubit nets"
    if _refuse(ctx, None):
        return LayoutDocument(title=title, pages=())
    w, h = net_extent(s)
    reach = marks_reach(ctx.theme.bleed)
    area_w, area_h = net_area(ctx.theme.paper, ctx.theme.bleed, ctx.theme.printable_margin)
    band = area_h + 2 * reach  # between the header and the footer
    # Side by side, two nets share the ticks between them (their lines are the same); one
    # above another, each has its name over its own marks.
    gap_x, gap_y = 2 * reach - MARK_LENGTH, GAP
    cell_w, cell_h = w, LABEL + 1 * MM + 2 * reach + h
    cols = max(1, int((area_w + gap_x + 1e-6) // (cell_w + gap_x)))  # an exact fit fits
    rows = int((band + gap_y + 1e-6) // (cell_h + gap_y))
    per_page = cols * rows
    docs = list(job.docs)  # content order: a bundle lists them as its section does
    sheets = (len(docs) + max(per_page, 1) - 1) // max(per_page, 1)
    pages = []
    if per_page <= 1:  # one to a page: the name goes in the header instead of over the net
        for k, doc in enumerate(docs, 1):
            head = f"{title} · {format_mm(s)} cubes · sheet {k} of {len(docs)}"
            single = _single_net(ctx, doc, _title(doc.values(CubitValues)), head, None, notation=False)
            pages.append(Page(W, H, tuple(single), label=f"nets {k}"))
    else:
        x0 = (W - (cols * cell_w + (cols - 1) * gap_x)) / 2
        y0 = _top(ctx) + HEADER + (band - (rows * cell_h + (rows - 1) * gap_y)) / 2
        for start in range(0, len(docs), per_page):
            chunk = docs[start : start + per_page]
            drawings = []
            items: list[Item] = []
            for k, doc in enumerate(chunk):
                c, r = k % cols, k // cols
                cx, cy = x0 + c * (cell_w + gap_x), y0 + r * (cell_h + gap_y)
                d = doc.values(CubitValues)
                items += one_line(
                    ctx,
                    d.display_name,
                    Box(cx, cy, cell_w, LABEL),
                    TextStyle(size=8, font="bold", color=ctx.color("ink"), min_size=6),
                    doc.source("name") if d.name else doc.source(),
                    what="net label",
                )
                faces, colours = _net_for(ctx, doc)
                drawings.append(
                    draw_net(ctx, cross_net(s, cx, cy + LABEL + 1 * MM + reach), faces, doc.id, colours, doc)
                )
            sheet = start // per_page + 1
            head = f"{title} · {format_mm(s)} cubes · sheet {sheet} of {sheets}"
            notes = _merged_notes(chunk)
            items = header_and_footer(ctx, head, "", None, reconstructed=notes) + items + page_groups(drawings)
            pages.append(Page(W, H, tuple(items), label=f"nets {sheet}"))
    return LayoutDocument(
        title=title,
        pages=tuple(pages),
        author=ctx.theme.author,
        subject=f"Cubit cube nets, {format_mm(s)} cubes",
        keywords=("cubit", "cube net"),
    )


def _merged_notes(docs: list[DocInput]) -> list[ReconstructedNote]:
    found: dict[str, ReconstructedNote] = {}
    for doc in docs:
        for n in doc.values(CubitValues).reconstructed_notes:
            found.setdefault(n.note, n)
    return [found[k] for k in sorted(found)]


def layout_blank_net(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A standard cubit's net with icons and names but no skills: to fill in by hand."""
    W, H = ctx.theme.paper
    s = ctx.theme.cube_size
    title = "Blank cubit"
    if _refuse(ctx, None):
        return LayoutDocument(title=title, pages=())
    standard = standard_interfaces(ctx, job.docs)
    faces = blank_face_views(standard)
    w, h = net_extent(s)
    _, area_h = net_area(ctx.theme.paper, ctx.theme.bleed, ctx.theme.printable_margin)
    y = _top(ctx) + HEADER + marks_reach(ctx.theme.bleed) + (area_h - h) / 2
    net = cross_net(s, (W - w) / 2, y)
    drawing = draw_net(ctx, net, faces, "blank", livery(ctx, ()), None)
    codes = [(n, standard[n].model.code if n in standard else "") for n in range(1, 7)]
    notes: dict[str, ReconstructedNote] = {}
    for n in sorted(standard):
        if standard[n].model.reconstructed:
            notes.setdefault(
                standard[n].model.reconstructed, ReconstructedNote(standard[n].model.reconstructed, standard[n].id)
            )
    items = header_and_footer(
        ctx,
        title,
        "",
        None,
        reconstructed=[notes[k] for k in sorted(notes)],
        below=y + h + marks_reach(ctx.theme.bleed),
        notation_block=NotationBlanks(codes),
    )
    # The cubit's name: a line to write on (and a form field to type into) beside the title.
    head = Box(_top(ctx), _top(ctx), W - 2 * _top(ctx), HEADER - 2 * MM)
    name_x = head.x + ctx.fonts.width(title, "bold", 12) + 8 * MM
    items += one_line(
        ctx, "Name", Box(name_x, head.y, 12 * MM, head.h), TextStyle(size=BODY_MIN, font="bold"), valign="bottom"
    )
    line_x = name_x + ctx.fonts.width("Name", "bold", BODY_MIN) + 2 * MM
    items.append(Path(line(line_x, head.bottom, head.right, head.bottom), stroke=WRITING_INK, width=WRITING_WIDTH))
    items.append(
        Field(
            "name",
            "text",
            line_x,
            head.y,
            head.right - line_x,
            head.h,
            tooltip="Name",
            font=ctx.fonts.face("regular"),
            size=10,
        )
    )
    items += page_groups([drawing])
    return LayoutDocument(
        title=title,
        pages=(Page(W, H, tuple(items), label="blank net"),),
        author=ctx.theme.author,
        subject=f"Blank Cubit cube net, {format_mm(s)} cube",
        keywords=("cubit", "cube net"),
    )
