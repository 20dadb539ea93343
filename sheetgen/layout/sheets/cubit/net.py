"""Cube nets: one cubit's net on its own page, every cubit's nets packed onto pages,
and a blank net to fill in by hand.

Nets print at true size (the theme's cube size): the face edge on paper is the cube's
edge. On every page the cut lines sit in one group (`id="cut"`) and the fold lines in
another (`id="fold"`), so a cutting machine can cut one and score the other; each face
outline has `class="face"` and `id="<doc-id>-face-N"`, each glue tab `class="tab"`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.layout.colors import shade
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Group, Item, LayoutDocument, Page, Path, line, polygon, stroke_for
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.cubit.face_art import FaceView, blank_face_views, face_art, face_source, face_views
from sheetgen.layout.sheets.cubit.net_geometry import Net, cross_net, largest_size, net_extent
from sheetgen.layout.sheets.cubit.style import CAPTIONS, Livery, credit, livery, standard_interfaces
from sheetgen.layout.templates import caption
from sheetgen.layout.text import Paragraph, Spacer, TextStyle, fit_blocks, one_line
from sheetgen.units import MM, format_mm

MARGIN = 8 * MM  # from the paper's edge: most printers cannot print closer
HEADER = 9 * MM  # the cubit's names above the net
FOOTER = 18 * MM  # its notation, folding instructions and the credit below it
CAPTION = 5 * MM  # a packed net's label
GAP = 5 * MM  # between packed nets
MIN_CUBE = 25 * MM  # below this, face text falls under the smallest readable size
TAB_FILL = "#e4e4e4"



def net_area(paper: tuple[float, float]) -> tuple[float, float]:
    """The room a page leaves for nets, between the margins, header and footer."""
    W, H = paper
    return W - 2 * MARGIN, H - 2 * MARGIN - HEADER - FOOTER


def size_problem(cube: float, paper: tuple[float, float], paper_name: str) -> str | None:
    """Why nets cannot be printed at this cube size on this paper, or None if they can."""
    if cube < MIN_CUBE - 1e-6:
        return (f"a {format_mm(cube)} cube is too small for readable faces; the smallest cube size sheetgen "
                f"prints is {format_mm(MIN_CUBE)}")
    w, h = net_extent(cube)
    area = net_area(paper)
    if w > area[0] + 1e-6 or h > area[1] + 1e-6:
        best = largest_size(area)
        return (f"a {format_mm(cube)} cube's net ({w / MM:.0f} × {h / MM:.0f}mm with its glue tabs) does not fit on "
                f"{paper_name.upper() if paper_name == 'a4' else paper_name.title()} paper; the largest cube size "
                f"that fits is {format_mm(best)}: use --cube-size {format_mm(best)} or less")
    return None


@dataclass
class NetDrawing:
    """A net's items by layer: faces and tabs below, then cut and fold lines on top."""

    art: list[Item]
    cut: list[Item]
    fold: list[Item]


def draw_net(ctx: LayoutContext, net: Net, faces: list[FaceView], doc_id: str, colours: Livery,
             source: DocInput | None) -> NetDrawing:
    """A net with its faces, glue tabs, cut outline and fold lines."""
    art: list[Item] = []
    by_number = {f.number: f for f in faces}
    for n in sorted(net.faces):
        box = net.faces[n]
        view = by_number[n]
        corners = [(box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom)]
        outline = Path(polygon(corners), stroke=None, fill=colours.main, id=f"{doc_id}-face-{n}", cls="face")
        src = face_source(source, n)
        art.append(Group((outline, Group(tuple(face_art(ctx, view, net.size, colours, src)), dx=box.x, dy=box.y)),
                         label=f"{doc_id}-face-{n}"))
    tab_items: list[Item] = []
    muted = shade(TAB_FILL, 0.55)
    for tab in net.tabs:
        tab_items.append(Path(polygon(tab.polygon), role="tab", stroke=None, fill=TAB_FILL))
        tab_items += _tab_label(ctx, tab.polygon, tab.partner[0], net.tab, muted)
    art.append(Group(tuple(tab_items), cls="tabs", label=f"{doc_id} glue tabs"))
    # A pale underlay keeps the dashed fold lines visible on dark faction colours.
    art += [Path(line(*seg.a, *seg.b), stroke="#ffffff", width=1.8, fill=None) for seg in net.folds]
    cut = [Path(polygon(net.outline), fill=None, **stroke_for("cut"))]
    fold = [Path(line(*seg.a, *seg.b), fill=None, **stroke_for("fold")) for seg in net.fold_lines]
    return NetDrawing(art, cut, fold)


def _tab_label(ctx: LayoutContext, poly: tuple, partner: int, depth: float, color: str) -> list[Item]:
    """`glue under 3` along the tab, if the tab is deep enough to read it."""
    if depth < 6 * MM:
        return []
    (ax, ay), outer_a, outer_b, (bx, by) = poly
    horizontal = abs(by - ay) < 1e-6
    room = ((outer_b[0] - outer_a[0]) ** 2 + (outer_b[1] - outer_a[1]) ** 2) ** 0.5  # the tab's narrow outer edge
    mx, my = (ax + bx) / 2, (ay + by) / 2
    out = (outer_a[1] - ay) if horizontal else (outer_a[0] - ax)  # signed depth, away from the face
    text = f"glue under {partner}"
    style = TextStyle(size=6.5, color=color, align="center", min_size=5)
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


def header_and_footer(ctx: LayoutContext, title: str, notation: str, source: Source | None,
                      subtitle: str = "", reconstructed: list[str] | tuple[str, ...] = ()) -> list[Item]:
    """The title in the top margin; the notation, folding instructions and credit in the bottom one."""
    W, H = ctx.theme.paper
    ink, muted = ctx.color("ink"), ctx.color("muted")
    items: list[Item] = []
    head = Box(MARGIN, MARGIN, W - 2 * MARGIN, HEADER - 2 * MM)
    title_w = head.w * 0.6 if subtitle else head.w
    items += one_line(ctx, title, Box(head.x, head.y, title_w, head.h), TextStyle(size=12, font="bold", color=ink, min_size=7),
                      source, what="title")
    if subtitle:
        items += one_line(ctx, subtitle, Box(head.x + title_w + 3 * MM, head.y, head.w - title_w - 3 * MM, head.h),
                          TextStyle(size=8, font="italic", color=muted, align="right", min_size=6), None, what="subtitle")
    foot = Box(MARGIN, H - MARGIN - FOOTER + 2 * MM, W - 2 * MARGIN, FOOTER - 2 * MM)
    blocks: list = []
    if notation:
        blocks += [Paragraph(ctx, notation, TextStyle(size=8.5, font="bold", color=ink, min_size=6, markup=False), None),
                   Spacer(1.2 * MM)]
    blocks.append(Paragraph(ctx, caption(CAPTIONS, "folding"), TextStyle(size=7.5, color=ink, min_size=6, leading=1.2), None))
    items += fit_blocks(ctx, blocks, Box(foot.x, foot.y, foot.w, foot.h - 3.5 * MM), what="notation and instructions")
    items += one_line(ctx, credit(reconstructed), Box(foot.x, foot.bottom - 3 * MM, foot.w, 3 * MM),
                      TextStyle(size=6, color=muted, min_size=5), None, valign="bottom")
    return items


def _net_for(ctx: LayoutContext, doc: DocInput) -> tuple[list[FaceView], Livery]:
    return face_views(doc.derived), livery(ctx, doc.derived["colors"])


def _refuse(ctx: LayoutContext, source: Source | None) -> bool:
    """Report (once per layout) when the cube size cannot be printed; True if so."""
    problem = size_problem(ctx.theme.cube_size, ctx.theme.paper, ctx.theme.paper_name)
    if problem:
        ctx.error(source, "cubit.net-does-not-fit", problem, "choose a smaller --cube-size, or larger paper")
    return problem is not None


def layout_net(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """One cubit's net, centred on its own page."""
    doc = job.doc
    d = doc.derived
    title = d["display_name"] + (f" ({', '.join(d['aliases'])})" if d["aliases"] else "")
    if _refuse(ctx, doc.source()):
        return LayoutDocument(title=title, pages=())
    W, H = ctx.theme.paper
    s = ctx.theme.cube_size
    w, h = net_extent(s)
    _, area_h = net_area(ctx.theme.paper)
    x = (W - w) / 2
    y = MARGIN + HEADER + (area_h - h) / 2
    faces, colours = _net_for(ctx, doc)
    drawing = draw_net(ctx, cross_net(s, x, y), faces, doc.id, colours, doc)
    subtitle = " · ".join(p for p in (d["faction"]["name"] if d["faction"] else "", d["function"] or "") if p)
    items = header_and_footer(ctx, title, d["notation"], doc.source("name") if d["name"] else None, subtitle,
                              d["reconstructed"])
    items += page_groups([drawing])
    return LayoutDocument(
        title=f"{title} — cube net",
        pages=(Page(W, H, tuple(items), label=f"{doc.id} net"),),
        author=ctx.theme.author,
        subject=f"Cubit cube net, {format_mm(s)} cube: {d['notation']}",
        keywords=("cubit", "cube net"),
    )


def layout_all_nets(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """Every cubit's net, as many to a page as fit at the cube size."""
    W, H = ctx.theme.paper
    s = ctx.theme.cube_size
    title = "Cubit nets"
    if _refuse(ctx, None):
        return LayoutDocument(title=title, pages=())
    w, h = net_extent(s)
    area_w, area_h = net_area(ctx.theme.paper)
    cell_w, cell_h = w, h + CAPTION
    cols = max(1, int((area_w + GAP) // (cell_w + GAP)))
    rows = max(1, int((area_h + GAP) // (cell_h + GAP)))
    per_page = cols * rows
    docs = sorted(job.docs, key=lambda d: d.id)
    pages = []
    for start in range(0, len(docs), per_page):
        chunk = docs[start:start + per_page]
        used_cols = min(cols, len(chunk))
        used_rows = (len(chunk) + cols - 1) // cols
        x0 = (W - (used_cols * cell_w + (used_cols - 1) * GAP)) / 2
        y0 = MARGIN + HEADER + (area_h - (used_rows * cell_h + (used_rows - 1) * GAP)) / 2
        drawings = []
        items: list[Item] = []
        for k, doc in enumerate(chunk):
            c, r = k % cols, k // cols
            cx, cy = x0 + c * (cell_w + GAP), y0 + r * (cell_h + GAP)
            d = doc.derived
            items += one_line(ctx, d["display_name"], Box(cx, cy, cell_w, CAPTION - 1.5 * MM),
                              TextStyle(size=8, font="bold", color=ctx.color("ink"), min_size=6),
                              doc.source("name") if d["name"] else doc.source(), what="net label")
            faces, colours = _net_for(ctx, doc)
            drawings.append(draw_net(ctx, cross_net(s, cx, cy + CAPTION), faces, doc.id, colours, doc))
        sheet = start // per_page + 1
        head = f"{title} · {format_mm(s)} cubes · sheet {sheet} of {(len(docs) + per_page - 1) // per_page}"
        notes = sorted({n for doc in chunk for n in doc.derived["reconstructed"]})
        items = header_and_footer(ctx, head, "", None, reconstructed=notes) + items + page_groups(drawings)
        pages.append(Page(W, H, tuple(items), label=f"nets {sheet}"))
    return LayoutDocument(title=title, pages=tuple(pages), author=ctx.theme.author,
                          subject=f"Cubit cube nets, {format_mm(s)} cubes", keywords=("cubit", "cube net"))


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
    _, area_h = net_area(ctx.theme.paper)
    net = cross_net(s, (W - w) / 2, MARGIN + HEADER + (area_h - h) / 2)
    drawing = draw_net(ctx, net, faces, "blank", livery(ctx, ()), None)
    blanks = " ".join(f"{standard[n].code if n in standard else '__'}__" for n in range(1, 7))  # type: ignore[attr-defined]
    notes = sorted({m.reconstructed for m in standard.values() if m.reconstructed})  # type: ignore[attr-defined]
    items = header_and_footer(ctx, "Cubit: name ______________________", blanks, None, reconstructed=notes)
    items += page_groups([drawing])
    return LayoutDocument(title=title, pages=(Page(W, H, tuple(items), label="blank net"),), author=ctx.theme.author,
                          subject=f"Blank Cubit cube net, {format_mm(s)} cube", keywords=("cubit", "cube net"))
