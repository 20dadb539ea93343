"""What is printed on one face of a cube net, in the face's own coordinates (0..size).

A band in the cubit's main colour frames a white panel to write on; a header strip
carries the interface icon and name and the die number, in a text colour that reads
on the band; the accent colour marks two corners. Below: the effective skill, large;
the bought skill and the upgrade costs, small; the permanent upgrades; ruled space
for the player's own notes, as the rulebook asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Circle, Item, Path, Rect, line, polygon
from sheetgen.layout.products import DocInput
from sheetgen.layout.sheets.cubit.style import FULL_DETAIL, MIN_TEXT, Livery, icon
from sheetgen.layout.text import BODY_MIN, Paragraph, TextStyle, fit_blocks, one_line
from sheetgen.layout.widgets import WRITING_INK
from sheetgen.rules.cubit.values import CubitValues

HEADING = 0.22  # the header strip's depth, as a share of the face's edge
HEADING_GAP = 0.024  # the accent rule under the strip, likewise
CORNER = 0.26  # the legs of the accent triangles in the two bottom corners, likewise
SAFE = 0.075  # text and the number circle keep this far inside the face's edges, likewise
# (3.75mm on a 50mm face, 2.25mm on a 30mm one: a cut or fold a little off never reaches them)
WRITING_LINE = 0.5  # points: the ruled lines to write on


def heading_depth(size: float) -> float:
    """How far down from a face's top edge its header colour reaches (the net's bleed follows it)."""
    return (HEADING - HEADING_GAP) * size


@dataclass(frozen=True)
class FaceView:
    """One face as the net shows it; `effective` None leaves the skill to be written in."""

    number: int
    name: str
    icon: str
    effective: int | None = None
    skill: int | None = None
    cost: int = 0
    upgrades: tuple[str, ...] = ()
    short_upgrades: tuple[str, ...] = ()  # the same, abbreviated for small faces
    note: str | None = None
    interface: str | None = None  # the interface's id, for diagnostics about its name
    code: str = ""  # the interface's two-letter code, for faces too small for its name

    @property
    def name_source(self) -> Source | None:
        return Source(("cubit-interface", self.interface), ("name",)) if self.interface else None


def face_views(cubit: CubitValues) -> list[FaceView]:
    """The faces of a checked cubit, in die order."""
    return [
        FaceView(
            f.number,
            f.name,
            f.icon,
            f.effective,
            f.skill,
            f.cost,
            tuple(u.labelled() for u in f.upgrades),
            tuple(u.labelled(short=True) for u in f.upgrades),
            f.note,
            f.interface,
            f.code,
        )
        for f in cubit.faces
    ]


def blank_face_views(standard: dict[int, DocInput]) -> list[FaceView]:
    """A standard cubit's faces with nothing filled in, from the interface documents by die
    number; a number no interface claims stays blank."""
    return [
        FaceView(
            n, standard[n].model.name, standard[n].model.icon, interface=standard[n].id, code=standard[n].model.code
        )
        if n in standard
        else FaceView(n, "—", "")
        for n in range(1, 7)
    ]


def face_source(doc: DocInput | None, number: int) -> Source | None:
    """Where face `number`'s text came from: its entry in `faces`, or the notation string."""
    if doc is None:
        return None
    faces = doc.values(CubitValues).faces
    path = faces[number - 1].path if number - 1 < len(faces) else ("faces",)
    return doc.source(*path)


def field_of(source: Source | None, name: str) -> Source | None:
    """A field of a face written as a list entry (`faces[1].skill`); a face written in the
    notation has only the notation string to point at."""
    return source.child(name) if source is not None and len(source.path) > 1 else source


def face_art(ctx: LayoutContext, face: FaceView, size: float, colours: Livery, source: Source | None) -> list[Item]:
    """The printed face, in coordinates from (0, 0) to (size, size), over a background
    of `colours.ground` that the caller fills."""
    s = size
    full = s >= FULL_DETAIL - 1e-6
    band = 0.07 * s
    head_h = HEADING * s
    items: list[Item] = []  # the face's own outline, drawn by the net, fills it with the main colour
    corner = CORNER * s
    items.append(Path(polygon([(0, s - corner), (corner, s), (0, s)]), stroke=None, fill=colours.corner))
    items.append(Path(polygon([(s - corner, s), (s, s - corner), (s, s)]), stroke=None, fill=colours.corner))
    panel = Box(band, head_h, s - 2 * band, s - head_h - band)
    items.append(
        Rect(panel.x, panel.y, panel.w, panel.h, stroke=colours.edge, width=0.5, fill="#ffffff", radius=0.03 * s)
    )
    items.append(
        Path(
            line(band, head_h - HEADING_GAP / 2 * s, s - band, head_h - HEADING_GAP / 2 * s),
            stroke=colours.rule,
            width=HEADING_GAP * s,
        )
    )

    items += _header(ctx, face, s, colours, full)

    inner = panel.inset(0.04 * s, 0.03 * s)
    ink = ctx.color("ink")
    muted = ctx.color("muted")
    # The skill: effective large, how it was reached small beside it.
    number_h = (0.25 if full else 0.21) * s
    # As wide as the effective skill needs (two digits at most), leaving the rest to its detail.
    number_w = (
        0.34 * s
        if face.effective is None
        else min(0.34 * s, ctx.fonts.width(str(face.effective), "bold", 0.24 * s) + 0.04 * s)
    )
    number_box = Box(inner.x, inner.y, number_w, number_h)
    if face.effective is not None:
        items += one_line(
            ctx,
            str(face.effective),
            number_box,
            TextStyle(size=0.24 * s, font="bold", color=ink, min_size=MIN_TEXT),
            field_of(source, "skill"),
            what="skill",
        )
    else:
        items.append(
            Rect(
                number_box.x,
                number_box.y + 0.02 * s,
                number_box.w * 0.8,
                number_h - 0.04 * s,
                stroke=tint(ink, 0.6),
                width=0.5,
                fill=None,
                radius=0.02 * s,
            )
        )
    detail = Box(
        number_box.right + 0.02 * s, inner.y + 0.03 * s, inner.right - number_box.right - 0.02 * s, number_h - 0.06 * s
    )
    # Body text where a face is large enough to spell things out; a small face's
    # abbreviated labels ("6 −3", "Spec. repair −1") are fine print.
    floor = BODY_MIN if full else MIN_TEXT
    small = TextStyle(size=max(floor, 0.05 * s), color=muted, min_size=floor, leading=1.2)
    if face.skill is not None:
        lines = (
            [f"skill {face.skill}", f"upgrades −{face.cost}" if face.cost else "no upgrades"]
            if full
            else [f"{face.skill} −{face.cost}" if face.cost else f"skill {face.skill}"]
        )
        items += fit_blocks(
            ctx, [Paragraph(ctx, "\n".join(lines), small, None)], detail, valign="middle", what="skill detail"
        )
    elif full:
        items += fit_blocks(
            ctx, [Paragraph(ctx, "effective\nskill", small, None)], detail, valign="middle", what="skill detail"
        )

    return items + _upgrades_and_lines(ctx, face, s, inner, number_box.bottom, source)


def _header(ctx: LayoutContext, face: FaceView, s: float, colours: Livery, full: bool) -> list[Item]:
    """Icon, interface name and die number, on the band's colour made just dark (or light)
    enough for small text to read; all of it inside the face's safe area."""
    items: list[Item] = [Rect(0, 0, s, heading_depth(s), stroke=None, fill=colours.heading, cls="heading")]
    ink_head = colours.on_heading
    safe = SAFE * s
    head = Box(safe, safe, s - 2 * safe, heading_depth(s) - safe - 0.015 * s)
    items += icon(face.icon, Box(head.x, head.y, head.h, head.h), ink_head)
    r = head.h * 0.45
    cx, cy = head.right - r, head.y + head.h / 2
    items.append(Circle(cx, cy, r, stroke=ink_head, width=0.6, fill=None))
    items += one_line(
        ctx,
        str(face.number),
        Box(cx - r, cy - r, 2 * r, 2 * r),
        TextStyle(size=max(MIN_TEXT, 0.055 * s), font="bold", color=ink_head, align="center", min_size=MIN_TEXT),
    )
    name_box = Box(head.x + head.h + 0.025 * s, head.y, head.w - head.h - 2 * r - 0.05 * s, head.h)
    name_style = TextStyle(size=max(MIN_TEXT, 0.075 * s), font="bold", color=ink_head, min_size=MIN_TEXT)
    name = face.name.upper() if full else face.name
    if not full and face.code and ctx.fonts.width(name, "bold", name_style.min_size) > name_box.w:
        name = face.code  # a small face names its interface by its notation code
    items += one_line(ctx, name, name_box, name_style, face.name_source, what="interface name")
    return items


def _upgrades_and_lines(
    ctx: LayoutContext, face: FaceView, s: float, inner: Box, below: float, source: Source | None
) -> list[Item]:
    """The permanent upgrades (and the face's note) under the skill (`below`), then ruled
    space for notes down to the bottom of the panel's `inner` box."""
    full = s >= FULL_DETAIL - 1e-6
    floor = BODY_MIN if full else MIN_TEXT
    ink = ctx.color("ink")
    items: list[Item] = []
    y = below + 0.01 * s
    rest = Box(inner.x, y, inner.w, inner.bottom - y)
    upgrades = face.upgrades if full else (face.short_upgrades or face.upgrades)
    if upgrades or face.note:
        text = "\n".join([f"- {u}" for u in upgrades] + ([f"*{face.note}*"] if face.note else []))
        para = Paragraph(
            ctx,
            text,
            TextStyle(size=max(floor, 0.055 * s), color=ink, min_size=floor, leading=1.15),
            field_of(source, "upgrades"),
        )
        need = para.height(ctx, rest.w, 1.0)
        box = Box(rest.x, rest.y, rest.w, min(need, rest.h))
        items += fit_blocks(
            ctx,
            [para],
            box,
            what="upgrades",  # an upgrade's id is not the author's to shorten
            hint="print the nets at a larger --cube-size (or `cube_size:` in the theme), or move an "
            "upgrade to a face with fewer",
        )
        y = box.bottom
    pitch = 0.1 * s
    ly = y + pitch
    while ly <= inner.bottom + 1e-6:
        items.append(Path(line(inner.x, ly, inner.right, ly), stroke=WRITING_INK, width=WRITING_LINE))
        ly += pitch
    return items
