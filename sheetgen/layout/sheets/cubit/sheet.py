"""The flat cubit sheet: a cubit's record on one page, for players who roll a plain die
as their mini, or want the details a cube face has no room for.

Faces in die order with effective skills and upgrades; temporary upgrades with a box per
charge; a storage compartment per Manipulate face; the damage track; names, function and
faction with its likes and dislikes. The blank sheet has the same layout, with fillable
fields where the filled one prints values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheetgen.content.checks import DAMAGE_STATES
from sheetgen.layout.colors import tint
from sheetgen.layout.context import LayoutContext, Source
from sheetgen.layout.primitives import Box, Field, Item, LayoutDocument, Rect
from sheetgen.layout.products import DocInput, Job
from sheetgen.layout.sheets.cubit.face_art import FaceView, blank_face_views, face_source, face_views, field_of
from sheetgen.layout.sheets.cubit.style import (
    CAPTIONS,
    Livery,
    credit,
    icon,
    livery,
    longest,
    reconstructed_source,
    standard_interfaces,
)
from sheetgen.layout.templates import caption
from sheetgen.layout.text import Paragraph, TextStyle, fit_blocks, one_line
from sheetgen.layout.widgets import check_boxes, labeled_value, page_frame, section, sheet_page, writing_lines
from sheetgen.rules.cubit.values import CubitFaction, CubitValues, ReconstructedNote, TemporaryUpgrade
from sheetgen.units import MM

GAP = 4 * MM
BODY = 8.5  # points: body text on the sheet
SMALL = 7.5  # the smallest body text on the sheet (the floor for rules and body text)
BLANK_CHARGES = 5  # charge boxes on an empty temporary-upgrade line
CHARGES_PER_ROW = 6  # more charges than this go in two rows
ROW = 11 * MM  # one temporary upgrade: its name, face and charges, then a line for its note


@dataclass(frozen=True)
class SheetView:
    """Everything the sheet prints; `blank` leaves fillable fields instead of values."""

    title: str
    names: str
    function: str
    player: str
    notation: str
    faction: CubitFaction | None
    colours: Livery
    faces: list[FaceView]
    storage_faces: list[tuple[int, str, list[str]]]  # (die number, interface name, items)
    temporary: tuple[TemporaryUpgrade, ...] = ()
    damage: str | None = None
    skills: str = ""
    notes: str = ""
    reconstructed: tuple[ReconstructedNote, ...] = ()
    blank: bool = False
    doc: DocInput | None = None

    def source(self, *path) -> Source | None:
        return self.doc.source(*path) if self.doc is not None else None

    @property
    def names_source(self) -> Source | None:
        if self.doc is None:
            return None
        d = self.doc.values(CubitValues)
        return longest(((d.name or "", self.source("name")), (", ".join(d.aliases), self.source("aliases"))))

    def faction_source(self, field: str) -> Source | None:
        return Source(("faction", self.faction.id), (field,)) if self.faction else None


def cubit_view(ctx: LayoutContext, doc: DocInput) -> SheetView:
    d = doc.values(CubitValues)
    if d.skill_budget is None:
        skills = f"Skill levels: {d.skill_total} (custom configuration: no budget)"
    else:
        skills = f"Skill levels: {d.skill_total} of {d.skill_budget} (21 + {d.advancement} awarded)"
    return SheetView(
        title=d.display_name,
        names=", ".join(((d.name,) if d.name else ()) + d.aliases),  # none yet: a line to write them on
        function=d.function or "",
        player=d.player or "",
        notation=d.notation,
        faction=d.faction,
        colours=livery(ctx, d.colors),
        faces=face_views(d),
        storage_faces=[(s.face, s.interface, list(s.items)) for s in d.storage],
        temporary=d.temporary_upgrades,
        damage=d.damage,
        skills=skills,
        notes=d.notes or "",
        reconstructed=d.reconstructed_notes,
        doc=doc,
    )


def blank_view(ctx: LayoutContext, standard: dict[int, Any]) -> SheetView:
    """A standard cubit's sheet with nothing filled in, from the interface documents by die number."""
    faces = blank_face_views(standard)
    storage: list[tuple[int, str, list[str]]] = [
        (n, d.model.name, []) for n, d in sorted(standard.items()) if d.model.storage
    ]
    notes: dict[str, ReconstructedNote] = {}
    for n in sorted(standard):
        note = standard[n].model.reconstructed
        if note:
            notes.setdefault(note, ReconstructedNote(note, standard[n].id))
    return SheetView(
        title="Cubit",
        names="",
        function="",
        player="",
        notation="",
        faction=None,
        colours=livery(ctx, ()),
        faces=faces,
        storage_faces=storage,
        blank=True,
        skills="Skill levels: 21 + skill points awarded",
        reconstructed=tuple(notes[k] for k in sorted(notes)),
    )


# --- sections ------------------------------------------------------------------------------


def _value(
    ctx: LayoutContext,
    view: SheetView,
    box: Box,
    label: str,
    value: str,
    name: str,
    source: Source | None = None,
    multiline: bool = False,
    wrap: bool = False,
) -> list[Item]:
    return labeled_value(
        ctx,
        box,
        label,
        "" if view.blank else value,
        source,
        size=10,
        field=name if view.blank else None,
        multiline=multiline,
        wrap=wrap,
        min_size=SMALL,
    )


def identity(ctx: LayoutContext, view: SheetView, box: Box) -> list[Item]:
    items, inner = section(ctx, box, "Who", view.colours.strong)
    first, rest = inner.split_top(9.5 * MM, gap=1.5 * MM)  # the rest to a notation of many upgrades
    second, third = rest.split_top(9.5 * MM, gap=1.5 * MM)
    rows = [first, second, third]
    left, right = first.split_left(first.w * 0.62, gap=GAP)
    items += _value(ctx, view, left, "Names (given by others)", view.names, "names", view.names_source, wrap=True)
    items += _value(ctx, view, right, "Player", view.player, "player", view.source("player"))
    items += _value(ctx, view, second, "Function", view.function, "function", view.source("function"))
    if view.blank:
        items += _value(ctx, view, rows[2], "Notation", "", "notation")
    else:
        items += labeled_value(ctx, rows[2], "Notation", "", None)
        value = Box(rows[2].x, rows[2].y + 3.4 * MM, rows[2].w, rows[2].h - 3.4 * MM)
        items += fit_blocks(
            ctx,
            [
                Paragraph(
                    ctx,
                    view.notation,
                    TextStyle(size=9, font="bold", min_size=SMALL, markup=False, color=ctx.color("ink")),
                    view.source("faces"),
                )
            ],
            value,
            valign="bottom",
            what="notation",
        )
    return items


def faction(ctx: LayoutContext, view: SheetView, box: Box) -> list[Item]:
    items, inner = section(ctx, box, "Faction", view.colours.strong)
    ink = ctx.color("ink")
    if view.faction is None:
        items += _value(ctx, view, Box(inner.x, inner.y, inner.w, 10 * MM), "Faction", "none", "faction")
        lower = Box(inner.x, inner.y + 12 * MM, inner.w, inner.h - 12 * MM)
        halves = lower.rows(2, gap=1.5 * MM)
        items += _value(ctx, view, halves[0], "Likes", "", "likes")
        items += _value(ctx, view, halves[1], "Dislikes", "", "dislikes")
        return items
    f = view.faction
    swatch = 4.5 * MM
    x = inner.right
    for colour in reversed(f.colors):
        x -= swatch + 1 * MM
        hexed = ctx.color(colour)
        items.append(
            Rect(x, inner.y + 0.5 * MM, swatch, swatch, stroke=ctx.color("rule"), width=0.5, fill=hexed, radius=0.8)
        )
    items += one_line(
        ctx,
        f.name,
        Box(inner.x, inner.y, x - inner.x - 2 * MM, 5.5 * MM),
        TextStyle(size=11, font="bold", color=ink, min_size=SMALL),
        view.faction_source("name"),
    )
    text = f"**Likes:** {', '.join(f.likes) or 'no one'}\n**Dislikes:** {', '.join(f.dislikes) or 'no one'}"
    items += fit_blocks(
        ctx,
        [
            Paragraph(
                ctx, text, TextStyle(size=BODY, color=ink, min_size=BODY, leading=1.3), view.faction_source("likes")
            )
        ],
        Box(inner.x, inner.y + 7 * MM, inner.w, inner.h - 7 * MM),
        what="likes and dislikes",
    )
    return items


def face_panel(ctx: LayoutContext, view: SheetView, face: FaceView, box: Box) -> list[Item]:
    """One face: its number, icon and interface, the effective skill, its upgrades, notes."""
    strong = view.colours.strong
    items, inner = section(ctx, box, f"{face.number} · {face.name}", strong, face.name_source)
    ink, muted = ctx.color("ink"), ctx.color("muted")
    top = Box(inner.x, inner.y, inner.w, 14 * MM)
    badge = top.h
    items.append(Rect(top.x, top.y, badge, badge, stroke=None, fill=view.colours.main, radius=1.5 * MM))
    items.append(Rect(top.x, top.y, badge, badge, stroke=view.colours.edge, width=0.5, fill=None, radius=1.5 * MM))
    items += icon(face.icon, Box(top.x, top.y, badge, badge).inset(2.5 * MM), view.colours.on_main)
    number = Box(top.x + badge + 2.5 * MM, top.y, 13 * MM, top.h)
    detail = Box(number.right + 1 * MM, top.y, top.right - number.right - 1 * MM, top.h)
    src = face_source(view.doc, face.number)
    if view.blank:
        items += writing_lines(ctx, Box(number.x, number.y, number.w, number.h - 1 * MM), pitch=number.h - 1 * MM)
        items.append(
            Field(
                f"face{face.number}_skill",
                "text",
                number.x,
                number.y + 1 * MM,
                number.w,
                number.h - 2 * MM,
                tooltip=f"face {face.number} effective skill",
                font=ctx.fonts.face("bold"),
                size=18,
            )
        )
        items += fit_blocks(
            ctx,
            [
                Paragraph(
                    ctx,
                    "effective skill\n= skill − upgrade costs",
                    TextStyle(size=SMALL, color=muted, min_size=SMALL),
                    None,
                )
            ],
            detail,
            valign="middle",
        )
    else:
        items += one_line(
            ctx,
            str(face.effective),
            number,
            TextStyle(size=30, font="bold", color=ink, min_size=SMALL),
            field_of(src, "skill"),
            what="skill",
        )
        how = f"skill {face.skill}" + (f"\nupgrades −{face.cost}" if face.cost else "\nno upgrades")
        items += fit_blocks(
            ctx,
            [Paragraph(ctx, how, TextStyle(size=BODY, color=muted, min_size=BODY), None)],
            detail,
            valign="middle",
            what="skill detail",
        )
    rest = Box(inner.x, top.bottom + 2.5 * MM, inner.w, inner.bottom - top.bottom - 2.5 * MM)
    items += one_line(
        ctx,
        "PERMANENT UPGRADES",
        Box(rest.x, rest.y, rest.w, 3 * MM),
        TextStyle(size=6, font="bold", color=muted, min_size=5),
        None,
        valign="top",
    )
    body = Box(rest.x, rest.y + 3.8 * MM, rest.w, rest.h - 3.8 * MM)
    if view.blank:
        items += writing_lines(ctx, body, pitch=6 * MM)
        items.append(
            Field(
                f"face{face.number}_upgrades",
                "text",
                body.x,
                body.y,
                body.w,
                body.h,
                tooltip=f"face {face.number} upgrades and notes",
                font=ctx.fonts.face("regular"),
                size=9,
                multiline=True,
            )
        )
        return items
    lines = [f"- {u}" for u in face.upgrades] or ["- none"]
    if face.note:
        lines.append(f"*{face.note}*")
    items += list_over_lines(
        ctx,
        body,
        "\n".join(lines),
        TextStyle(size=BODY, color=ink, min_size=BODY, leading=1.25),
        field_of(src, "upgrades"),
        "upgrades",
    )
    return items


def list_over_lines(ctx: LayoutContext, body: Box, text: str, style: TextStyle, source, what: str) -> list[Item]:
    """Text at the top of a box (shrunk to fit if it must), ruled lines to write on below it."""
    items: list[Item] = []
    need = 0.0
    if text:
        para = Paragraph(ctx, text, style, source)
        need = min(para.height(ctx, body.w, 1.0), body.h)
        items += fit_blocks(ctx, [para], Box(body.x, body.y, body.w, need), what=what)
    items += writing_lines(ctx, Box(body.x, body.y + need, body.w, body.h - need), pitch=6 * MM)
    return items


def temporary(ctx: LayoutContext, view: SheetView, box: Box) -> list[Item]:
    """Temporary upgrades under column headings: name (and note), face, a box per charge
    (filled ones ticked); empty rows to fill in below them."""
    items, inner = section(ctx, box, "Temporary upgrades", view.colours.strong)
    muted = ctx.color("muted")
    heading_h = 4 * MM
    name_col, face_col, charge_col = _temporary_columns(Box(inner.x, inner.y, inner.w, heading_h))
    heading = TextStyle(size=6, font="bold", color=muted, min_size=5)
    for label, col in (("UPGRADE", name_col), ("FACE", face_col), ("CHARGES", charge_col)):
        items += one_line(ctx, label, col, heading, None, valign="top")
    body = Box(inner.x, inner.y + heading_h, inner.w, inner.h - heading_h)
    rows = max(1, int((body.h + 1.5 * MM) // ROW))
    if len(view.temporary) > rows:
        extra = view.temporary[rows]
        ctx.error(
            view.source(*extra.path),
            "cubit.too-many-temporary-upgrades",
            f"the sheet has room for {rows} temporary upgrades and this cubit carries {len(view.temporary)}",
            f"keep at most {rows} on the cubit; the rest can wait in storage (list them under `storage`)",
        )
    for i in range(rows):
        row = Box(body.x, body.y + i * ROW, body.w, ROW - 1.5 * MM)
        entry = view.temporary[i] if i < len(view.temporary) else None
        if entry is not None:
            items += _temporary_entry(ctx, entry, row, view.source(*entry.path))
        else:
            items += _temporary_blank(ctx, row, i + 1, fillable=view.blank)
    return items


def _temporary_entry(ctx: LayoutContext, entry: TemporaryUpgrade, row: Box, src: Source | None) -> list[Item]:
    """A temporary upgrade the cubit carries: its name, face, charges and note."""
    ink, muted = ctx.color("ink"), ctx.color("muted")
    first = Box(row.x, row.y, row.w, 5 * MM)
    name_box, face_box, charge_box = _temporary_columns(first)
    items = one_line(
        ctx,
        entry.name,
        name_box,
        TextStyle(size=9.5, font="bold", color=ink, min_size=SMALL),
        Source(("upgrade", entry.id), ("name",)),
        valign="bottom",
        what="upgrade name",
    )
    items += one_line(
        ctx,
        f"face {entry.face}",
        face_box,
        TextStyle(size=BODY, color=ink, min_size=BODY),
        None,
        valign="bottom",
    )
    if entry.capacity:
        items += charge_boxes(
            ctx, Box(charge_box.x, charge_box.y, charge_box.w, row.h), entry.capacity, entry.charges or 0
        )
    else:
        items += one_line(
            ctx, "none", charge_box, TextStyle(size=SMALL, color=muted, min_size=SMALL), None, valign="bottom"
        )
    note = Box(row.x, first.bottom + 0.5 * MM, row.w, row.bottom - first.bottom - 0.5 * MM)
    if entry.note:
        style = TextStyle(size=SMALL, font="italic", color=muted, min_size=SMALL, markup=False)
        items += fit_blocks(
            ctx, [Paragraph(ctx, entry.note, style, src.child("note") if src else None)], note, what="note"
        )
    return items


def _temporary_blank(ctx: LayoutContext, row: Box, n: int, fillable: bool) -> list[Item]:
    """An empty temporary-upgrade line to write in: form fields on a fillable sheet."""
    first = Box(row.x, row.y, row.w, 5 * MM)
    name_box, face_box, charge_box = _temporary_columns(first)
    items = writing_lines(ctx, Box(name_box.x, row.y, name_box.w, row.h), pitch=first.h)
    items += writing_lines(ctx, Box(face_box.x, first.y, face_box.w, first.h), pitch=first.h)
    if not fillable:
        return items + charge_boxes(ctx, charge_box, BLANK_CHARGES, 0, color=tint(ctx.color("ink"), 0.55))
    font = ctx.fonts.face("regular")
    items.append(
        Field(
            f"temporary{n}",
            "text",
            name_box.x,
            row.y,
            name_box.w,
            row.h,
            tooltip="temporary upgrade",
            font=font,
            size=9,
            multiline=True,
        )
    )
    items.append(
        Field(f"temporary{n}_face", "text", face_box.x, first.y, face_box.w, first.h, tooltip="face", font=font, size=9)
    )
    return items + charge_boxes(ctx, charge_box, BLANK_CHARGES, 0, field_prefix=f"temporary{n}_charge")


def _temporary_columns(line_box: Box) -> tuple[Box, Box, Box]:
    """The name, face and charges columns of a temporary-upgrade line (and of the headings)."""
    name_box, rest = line_box.split_left(line_box.w * 0.45, gap=2 * MM)
    face_box, charge_box = rest.split_left(12 * MM, gap=2 * MM)
    return name_box, face_box, charge_box


def charge_boxes(
    ctx: LayoutContext, box: Box, count: int, checked: int, *, field_prefix: str | None = None, color: str | None = None
) -> list[Item]:
    """`count` charge boxes from the top of `box` (a 5mm line, or more for a second row),
    the first `checked` ticked: one row, or two when there are more than CHARGES_PER_ROW;
    smaller if the box is narrow, never closer than a third of a box apart."""
    per_row = count if count <= CHARGES_PER_ROW else -(-count // 2)
    rows = -(-count // per_row)
    size = min(3.2 * MM, box.w / (per_row * 1.375))
    gap = size * 0.375
    line_h = 5 * MM
    y = box.y + (line_h - size) / 2 if rows == 1 else box.y + 0.3 * MM
    items, _ = check_boxes(
        ctx,
        box.x,
        y,
        count,
        checked=checked,
        size=size,
        gap=gap,
        per_row=per_row,
        field_prefix=field_prefix,
        color=color,
    )
    return items


def storage(ctx: LayoutContext, view: SheetView, box: Box) -> list[Item]:
    """One compartment per Manipulate face, with what it holds and room for more; then notes."""
    items, inner = section(ctx, box, "Storage and notes", view.colours.strong)
    ink, muted = ctx.color("ink"), ctx.color("muted")
    if view.notes:
        need = Paragraph(ctx, view.notes, TextStyle(size=BODY, color=ink, min_size=BODY), None).height(
            ctx, inner.w, 1.0
        )
        inner, notes_box = inner.split_top(max(inner.h * 0.4, inner.h - need - 6 * MM), gap=2 * MM)
        items += one_line(
            ctx,
            "NOTES",
            Box(notes_box.x, notes_box.y, notes_box.w, 3 * MM),
            TextStyle(size=6, font="bold", color=muted, min_size=5),
            None,
            valign="top",
        )
        items += fit_blocks(
            ctx,
            [Paragraph(ctx, view.notes, TextStyle(size=BODY, color=ink, min_size=BODY), view.source("notes"))],
            Box(notes_box.x, notes_box.y + 3.8 * MM, notes_box.w, notes_box.h - 3.8 * MM),
            what="notes",
        )
    if not view.storage_faces:
        items += fit_blocks(
            ctx,
            [
                Paragraph(
                    ctx,
                    "No Manipulate face, so no storage compartment.",
                    TextStyle(size=BODY, color=muted, min_size=BODY),
                    None,
                )
            ],
            inner,
        )
        return items
    parts = inner.rows(len(view.storage_faces), gap=2 * MM)
    by_number = {f.number: f for f in view.faces}
    for (number, name, held), part in zip(view.storage_faces, parts):
        face = by_number.get(number)
        items += one_line(
            ctx,
            f"Behind face {number} ({name})",
            Box(part.x, part.y, part.w, 3.5 * MM),
            TextStyle(size=SMALL, font="bold", color=muted, min_size=SMALL),
            face.name_source if face else None,
            valign="top",
            what="compartment heading",
        )
        body = Box(part.x, part.y + 4 * MM, part.w, part.h - 4 * MM)
        if view.blank:
            items += writing_lines(ctx, body, pitch=6 * MM)
            items.append(
                Field(
                    f"storage{number}",
                    "text",
                    body.x,
                    body.y,
                    body.w,
                    body.h,
                    tooltip=f"face {number} storage",
                    font=ctx.fonts.face("regular"),
                    size=9,
                    multiline=True,
                )
            )
            continue
        items += list_over_lines(
            ctx,
            body,
            "\n".join(f"- {h}" for h in held),
            TextStyle(size=BODY, color=ink, min_size=BODY),
            view.source("storage"),
            "storage",
        )
    return items


def damage(ctx: LayoutContext, view: SheetView, box: Box) -> list[Item]:
    """The damage track, the current state ticked, and the skill budget."""
    items, inner = section(ctx, box, "Damage", view.colours.strong)
    ink, muted = ctx.color("ink"), ctx.color("muted")
    step = 7 * MM
    for i, state in enumerate(DAMAGE_STATES):
        y = inner.y + i * step
        ticked = (not view.blank) and state == view.damage
        boxes, _ = check_boxes(
            ctx,
            inner.x,
            y,
            1,
            checked=int(ticked),
            size=4 * MM,
            field_prefix=f"damage_{state.replace('-', '_')}" if view.blank else None,
        )
        items += boxes
        label = state.replace("-", " ").capitalize()
        items += one_line(
            ctx,
            label,
            Box(inner.x + 6 * MM, y, inner.w - 6 * MM, 4 * MM),
            TextStyle(size=9.5, font="bold" if ticked else "regular", color=ink, min_size=SMALL),
            None,
        )
    hint = Box(inner.x, inner.y + 4 * step, inner.w, inner.bottom - inner.y - 4 * step)
    text = caption(CAPTIONS, "damage") + "\n\n" + view.skills
    items += fit_blocks(
        ctx,
        [Paragraph(ctx, text, TextStyle(size=SMALL, color=muted, min_size=SMALL, leading=1.25), None)],
        hint,
        what="damage notes",
    )
    return items


# --- the page ------------------------------------------------------------------------------


def sheet_page_for(ctx: LayoutContext, view: SheetView) -> list[Item]:
    """Every section of the sheet, placed on one page."""
    subtitle = "Cubit · " + (view.faction.name if view.faction else "cubit sheet")
    notes = list(view.reconstructed)
    items, content = page_frame(
        ctx,
        view.title,
        game="cubit",
        accent=view.colours.strong,
        subtitle=subtitle,
        subtitle_source=view.faction_source("name"),
        notice=credit([n.note for n in notes]),
        notice_source=reconstructed_source(notes),
        source=view.names_source,
        wrap_title=True,
    )
    top_h = max(content.h * 0.19, 46 * MM)  # room for a three-line notation on small pages
    faces_h = content.h * 0.5
    top, rest = content.split_top(top_h, gap=GAP)
    faces_box, bottom = rest.split_top(faces_h, gap=GAP)
    who, fac = top.split_left(top.w * 0.6, gap=GAP)
    items += identity(ctx, view, who)
    items += faction(ctx, view, fac)
    rows = faces_box.rows(2, gap=GAP)
    for k, face in enumerate(view.faces[:6]):
        cell = rows[k // 3].columns(3, gap=GAP)[k % 3]
        items += face_panel(ctx, view, face, cell)
    temp_box, right = bottom.split_left(bottom.w * 0.4, gap=GAP)
    store_box, dmg_box = right.split_left(right.w * 0.55, gap=GAP)
    items += temporary(ctx, view, temp_box)
    items += storage(ctx, view, store_box)
    items += damage(ctx, view, dmg_box)
    return items


def layout_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A cubit's flat sheet."""
    view = cubit_view(ctx, job.doc)
    page = sheet_page(sheet_page_for(ctx, view), ctx, label=f"{job.doc.id} sheet")
    return LayoutDocument(
        title=f"{view.title} — cubit sheet",
        pages=(page,),
        author=ctx.theme.author,
        subject=f"Cubit sheet: {view.notation}",
        keywords=("cubit", "character sheet"),
    )


def layout_blank_sheet(ctx: LayoutContext, job: Job) -> LayoutDocument:
    """A fillable blank sheet for a standard cubit."""
    view = blank_view(ctx, standard_interfaces(ctx, job.docs))
    page = sheet_page(sheet_page_for(ctx, view), ctx, label="blank cubit sheet")
    return LayoutDocument(
        title="Cubit sheet (blank)",
        pages=(page,),
        author=ctx.theme.author,
        subject="Cubit sheet, fillable",
        keywords=("cubit", "character sheet"),
    )
