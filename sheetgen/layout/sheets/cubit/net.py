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
from sheetgen.layout.primitives import Box, Group, Item, LayoutDocument, Page, Path, Rect, line, polygon, stroke_for
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
from sheetgen.layout.sheets.cubit.net_geometry import Net, cross_net, largest_size, net_extent, side_of
from sheetgen.layout.sheets.cubit.style import (
    CAPTIONS,
    Livery,
    credit,
    livery,
    longest,
    reconstructed_source,
    standard_interfaces,
)
from sheetgen.layout.templates import caption
from sheetgen.layout.text import Paragraph, Spacer, TextStyle, fit_blocks, one_line
from sheetgen.layout.widgets import first_scale_bar
from sheetgen.units import MM, format_mm

MARGIN = 8 * MM  # from the paper's edge: most printers cannot print closer
HEADER = 9 * MM  # the cubit's names above the net
FOOTER = 18 * MM  # its notation, folding instructions and the credit below it
CAPTION = 6 * MM  # a packed net's label, with room below it for the net's bleed
LABEL = 3.5 * MM  # the label's own height, at the top of CAPTION
GAP = 5 * MM  # between packed nets
MIN_CUBE = 25 * MM  # below this, face text falls under the smallest readable size
TAB_FILL = "#e4e4e4"
BLEED = 1.5 * MM  # face colour past the outer edges, so a cut a little off shows no white
TEXT_GAP = 4 * MM  # between a net's lowest point and the notation and instructions under it


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
    tab_items: list[Item] = []
    muted = shade(TAB_FILL, 0.55)
    for tab in net.tabs:
        tab_items.append(Path(polygon(tab.polygon), role="tab", stroke=None, fill=TAB_FILL))
        tab_items += _tab_label(ctx, tab.polygon, tab.partner[0], net.tab, muted)
    art.append(Group(tuple(tab_items), cls="tabs", label=f"{doc_id} glue tabs"))
    art.append(Group(tuple(net_bleed(net, colours)), cls="bleed", label=f"{doc_id} bleed"))
    by_number = {f.number: f for f in faces}
    for n in sorted(net.faces):
        box = net.faces[n]
        view = by_number[n]
        corners = [(box.x, box.y), (box.right, box.y), (box.right, box.bottom), (box.x, box.bottom)]
        outline = Path(polygon(corners), stroke=None, fill=colours.main, id=f"{doc_id}-face-{n}", cls="face")
        src = face_source(source, n)
        art.append(Group((outline, Group(tuple(face_art(ctx, view, net.size, colours, src)), dx=box.x, dy=box.y)),
                         label=f"{doc_id}-face-{n}"))
    # A pale underlay keeps the dashed fold lines visible on dark faction colours.
    art += [Path(line(*seg.a, *seg.b), stroke="#ffffff", width=1.8, fill=None) for seg in net.folds]
    cut = [Path(polygon(net.outline), fill=None, **stroke_for("cut"))]
    fold = [Path(line(*seg.a, *seg.b), fill=None, **stroke_for("fold")) for seg in net.fold_lines]
    return NetDrawing(art, cut, fold)


def net_bleed(net: Net, colours: Livery) -> list[Item]:
    """Strips of each face's edge colours, BLEED wide, outside every face edge that is not a
    fold between two faces: past the cut line, or onto the glue tab (so a fold a little off
    shows colour, not grey). Each strip follows what the face shows along that edge: the
    header colour at the top, the accent colour by the bottom corners, the main colour between."""

    def key(seg) -> frozenset:
        return frozenset((round(seg.a[0], 3), round(seg.a[1], 3), round(seg.b[0], 3), round(seg.b[1], 3)))

    inner = {key(seg) for seg in net.folds}
    s, b = net.size, BLEED
    head, corner = heading_depth(s), CORNER * s
    out: list[Item] = []

    def strip(x: float, y: float, w: float, h: float, fill: str) -> None:
        out.append(Rect(x, y, w, h, role="bleed", stroke=None, fill=fill))

    for n in sorted(net.faces):
        box = net.faces[n]
        outer = {side: key(side_of(box, side)) not in inner for side in ("top", "right", "bottom", "left")}
        left = b if outer["left"] else 0.0
        right = b if outer["right"] else 0.0
        if outer["top"]:
            strip(box.x - left, box.y - b, s + left + right, b, colours.heading)
        if outer["bottom"]:
            strip(box.x - left, box.bottom, corner + left, b, colours.accent)
            strip(box.x + corner, box.bottom, s - 2 * corner, b, colours.main)
            strip(box.right - corner, box.bottom, corner + right, b, colours.accent)
        for side, x in (("left", box.x - b), ("right", box.right)):
            if outer[side]:
                strip(x, box.y, b, head, colours.heading)
                strip(x, box.y + head, b, s - head - corner, colours.main)
                strip(x, box.bottom - corner, b, corner, colours.accent)
    return out


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
                      subtitle: str = "", reconstructed: list[dict] | tuple[dict, ...] = (), *,
                      subtitle_source: Source | None = None, notation_source: Source | None = None,
                      notation_label: str = "Notation", below: float | None = None) -> list[Item]:
    """The title in the top margin; the notation and folding instructions under the net
    (`below`: where its lowest point is) or else low on the page; the credit in the bottom
    margin. `reconstructed` are the rules' notes (`{"note", "interface"}`) for the credit."""
    W, H = ctx.theme.paper
    ink, muted = ctx.color("ink"), ctx.color("muted")
    items: list[Item] = []
    head = Box(MARGIN, MARGIN, W - 2 * MARGIN, HEADER - 2 * MM)
    title_w = head.w * 0.6 if subtitle else head.w
    items += one_line(ctx, title, Box(head.x, head.y, title_w, head.h), TextStyle(size=12, font="bold", color=ink, min_size=7),
                      source, what="title")
    if subtitle:
        items += one_line(ctx, subtitle, Box(head.x + title_w + 3 * MM, head.y, head.w - title_w - 3 * MM, head.h),
                          TextStyle(size=8, font="italic", color=muted, align="right", min_size=6), subtitle_source,
                          what="subtitle")
    m = ctx.theme.printable_margin  # a scale bar above the title, between the printable margin and it
    items += first_scale_bar(ctx, [Box(MARGIN, m, W - 2 * MARGIN, MARGIN - m)], align="end")
    low = H - MARGIN - FOOTER + 2 * MM
    # Just under the net when there is room; otherwise as low as the credit line allows,
    # so a net that fills the page keeps as much room as it can from the text.
    top, valign = (below + TEXT_GAP, "top") if below is not None and below + TEXT_GAP < low else (low, "bottom")
    blocks: list = []
    if notation:
        blocks += [Paragraph(ctx, f"{notation_label}: **{notation}**",
                             TextStyle(size=8.5, color=ink, min_size=6), notation_source),
                   Spacer(1.2 * MM)]
    blocks.append(Paragraph(ctx, caption(CAPTIONS, "folding"), TextStyle(size=7.5, color=ink, min_size=6, leading=1.2), None))
    items += fit_blocks(ctx, blocks, Box(MARGIN, top, W - 2 * MARGIN, FOOTER - 5.5 * MM), valign=valign,
                        what="notation and instructions")
    notes = list(reconstructed)
    items += one_line(ctx, credit([n["note"] for n in notes]), Box(MARGIN, H - MARGIN - 3 * MM, W - 2 * MARGIN, 3 * MM),
                      TextStyle(size=6, color=muted, min_size=5), reconstructed_source(notes), valign="bottom",
                      what="credit line")
    return items


def _net_for(ctx: LayoutContext, doc: DocInput) -> tuple[list[FaceView], Livery]:
    return face_views(doc.derived), livery(ctx, doc.derived["colors"])


def _refuse(ctx: LayoutContext, source: Source | None) -> bool:
    """Report (once per layout) when the cube size cannot be printed; True if so."""
    problem = size_problem(ctx.theme.cube_size, ctx.theme.paper, ctx.theme.paper_name)
    if problem:
        ctx.error(source, "cubit.net-does-not-fit", problem, "choose a smaller --cube-size, or larger paper")
    return problem is not None


def _title(d: dict) -> str:
    return d["display_name"] + (f" ({', '.join(d['aliases'])})" if d["aliases"] else "")


def _title_source(doc: DocInput) -> Source | None:
    """Where to point if the name and aliases do not fit: whichever of them is longer."""
    d = doc.derived
    return longest(((d["name"] or "", doc.source("name")), (", ".join(d["aliases"]), doc.source("aliases"))))


def _subtitle(doc: DocInput) -> tuple[str, Source | None]:
    """Faction and function, and where to point if they do not fit: the longer of the
    cubit's function and its faction's name."""
    d = doc.derived
    faction = d["faction"]["name"] if d["faction"] else ""
    text = " · ".join(p for p in (faction, d["function"] or "") if p)
    source = longest(((d["function"] or "", doc.source("function")),
                      (faction, Source(("faction", d["faction"]["id"]), ("name",)) if d["faction"] else None)))
    return text, source


def _single_net(ctx: LayoutContext, doc: DocInput, title: str, subtitle: str, subtitle_source: Source | None,
                notation: bool = True) -> list[Item]:
    """One cubit's net centred in the page's net area, with its header and footer."""
    W, H = ctx.theme.paper
    s = ctx.theme.cube_size
    w, h = net_extent(s)
    _, area_h = net_area(ctx.theme.paper)
    x, y = (W - w) / 2, MARGIN + HEADER + (area_h - h) / 2
    faces, colours = _net_for(ctx, doc)
    drawing = draw_net(ctx, cross_net(s, x, y), faces, doc.id, colours, doc)
    d = doc.derived
    items = header_and_footer(ctx, title, d["notation"] if notation else "", _title_source(doc), subtitle,
                              d["reconstructed_notes"], subtitle_source=subtitle_source,
                              notation_source=doc.source("faces"), below=y + h)
    return items + page_groups([drawing])


def layout_net(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """One cubit's net, centred on its own page."""
    doc = job.doc
    d = doc.derived
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
        subject=f"Cubit cube net, {format_mm(ctx.theme.cube_size)} cube: {d['notation']}",
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
    area_w, area_h = net_area(ctx.theme.paper)
    cell_w, cell_h = w, h + CAPTION
    cols = max(1, int((area_w + GAP) // (cell_w + GAP)))
    rows = int((area_h + GAP) // (cell_h + GAP))
    per_page = cols * rows
    docs = list(job.docs)  # content order: a bundle lists them as its section does
    sheets = (len(docs) + max(per_page, 1) - 1) // max(per_page, 1)
    pages = []
    if per_page <= 1:  # one to a page: the name goes in the header instead of over the net
        for k, doc in enumerate(docs, 1):
            head = f"{title} · {format_mm(s)} cubes · sheet {k} of {len(docs)}"
            items = _single_net(ctx, doc, _title(doc.derived), head, None, notation=False)
            pages.append(Page(W, H, tuple(items), label=f"nets {k}"))
    else:
        x0 = (W - (cols * cell_w + (cols - 1) * GAP)) / 2
        y0 = MARGIN + HEADER + (area_h - (rows * cell_h + (rows - 1) * GAP)) / 2
        for start in range(0, len(docs), per_page):
            chunk = docs[start:start + per_page]
            drawings = []
            items: list[Item] = []
            for k, doc in enumerate(chunk):
                c, r = k % cols, k // cols
                cx, cy = x0 + c * (cell_w + GAP), y0 + r * (cell_h + GAP)
                d = doc.derived
                items += one_line(ctx, d["display_name"], Box(cx, cy, cell_w, LABEL),
                                  TextStyle(size=8, font="bold", color=ctx.color("ink"), min_size=6),
                                  doc.source("name") if d["name"] else doc.source(), what="net label")
                faces, colours = _net_for(ctx, doc)
                drawings.append(draw_net(ctx, cross_net(s, cx, cy + CAPTION), faces, doc.id, colours, doc))
            sheet = start // per_page + 1
            head = f"{title} · {format_mm(s)} cubes · sheet {sheet} of {sheets}"
            notes = _merged_notes(chunk)
            items = header_and_footer(ctx, head, "", None, reconstructed=notes) + items + page_groups(drawings)
            pages.append(Page(W, H, tuple(items), label=f"nets {sheet}"))
    return LayoutDocument(title=title, pages=tuple(pages), author=ctx.theme.author,
                          subject=f"Cubit cube nets, {format_mm(s)} cubes", keywords=("cubit", "cube net"))


def _merged_notes(docs) -> list[dict]:
    found: dict[str, dict] = {}
    for doc in docs:
        for n in doc.derived["reconstructed_notes"]:
            found.setdefault(n["note"], n)
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
    _, area_h = net_area(ctx.theme.paper)
    y = MARGIN + HEADER + (area_h - h) / 2
    net = cross_net(s, (W - w) / 2, y)
    drawing = draw_net(ctx, net, faces, "blank", livery(ctx, ()), None)
    blanks = " ".join(f"{standard[n].model.code if n in standard else '__'}__" for n in range(1, 7))
    notes: dict[str, dict] = {}
    for n in sorted(standard):
        if standard[n].model.reconstructed:
            notes.setdefault(standard[n].model.reconstructed, {"note": standard[n].model.reconstructed,
                                                               "interface": standard[n].id})
    items = header_and_footer(ctx, "Cubit: name ______________________", blanks, None,
                              reconstructed=[notes[k] for k in sorted(notes)],
                              notation_label="Notation (write each face's skill after its code)", below=y + h)
    items += page_groups([drawing])
    return LayoutDocument(title=title, pages=(Page(W, H, tuple(items), label="blank net"),), author=ctx.theme.author,
                          subject=f"Blank Cubit cube net, {format_mm(s)} cube", keywords=("cubit", "cube net"))
