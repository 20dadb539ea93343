"""Cubits: checked against the catalog, and their derived values.

A cubit's faces (a list, or the compact notation) are first brought to one form
(`faces`); every rule is checked on that form, so both spellings get the same
diagnostics, each at the place it was written.

Derived value: everything the net, the sheet and the stickers draw, so layout never
needs the rest of the library: effective skills, upgrade names and costs, interface
names, codes and icons, the faction with its likes and dislikes, the canonical notation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sheetgen.content.checks import DAMAGE_STATES
from sheetgen.content.loader import Document
from sheetgen.diagnostics import did_you_mean
from sheetgen.rules.base import RuleContext
from sheetgen.rules.cubit.catalog import Catalog, allows, display, names_of, per_charge
from sheetgen.rules.cubit.faces import FaceInput, UseSpots, read_faces
from sheetgen.rules.cubit.notation import NotationFace, UpgradeUse, format_faces
from sheetgen.rules.cubit.spots import Spot, at, error_at, lookup, warning_at
from sheetgen.rules.cubit.values import (
    Compartment,
    CubitFaction,
    CubitValues,
    FaceUpgrade,
    FaceValues,
    ReconstructedNote,
    TemporaryUpgrade,
)
from sheetgen.rules.theme import check_colour_name

if TYPE_CHECKING:
    from sheetgen.content.models.cubit import Cubit, CubitInterface, CubitUpgrade
    from sheetgen.content.models.cubit import CubitFaction as CubitFactionModel

FACES = 6
STARTING_SKILLS = 21  # a new standard cubit's skill levels add up to this (the rulebook's rule)
MAX_CAPACITY = 12  # sheetgen's limit, not the rulebook's: the most charge boxes a sticker or sheet line can hold


@dataclass
class FaceResult:
    """What checking one face found out."""

    upgrades: list[FaceUpgrade] = field(default_factory=list)
    costs: list[tuple[str, int]] = field(default_factory=list)


# --- checking ---------------------------------------------------------------------------


def _face_label(face: FaceInput) -> str:
    return f"face {face.number} ({face.interface})"


def _resolve_upgrade(ctx: RuleContext, doc: Document, catalog: Catalog, ref: str, spot: Spot) -> CubitUpgrade | None:
    up = catalog.upgrades.get(ref)
    if up is None:
        lookup(ctx, doc, spot, "upgrade", ref, "cubit.unknown-upgrade", "upgrade")
    return up


def check_sizing(
    ctx: RuleContext,
    doc: Document,
    up: CubitUpgrade,
    use: UpgradeUse,
    interface: str,
    spots: UseSpots,
    *,
    temporary: bool = False,
) -> bool:
    """An upgrade's action and capacity fit the catalog entry; True when they do."""
    action_ok = _check_action(ctx, doc, up, use, interface, spots)
    capacity_ok = _check_capacity(ctx, doc, up, use, spots, temporary)
    return action_ok and capacity_ok


def _check_action(
    ctx: RuleContext, doc: Document, up: CubitUpgrade, use: UpgradeUse, interface: str, spots: UseSpots
) -> bool:
    """The upgrade names an action where its catalog entry lists actions, and one it lists."""
    ok = True
    if up.actions:
        allowed = up.actions.get(interface, [])
        if use.action is None:
            first = allowed[0] if allowed else "action"
            if at(spots.entry).offset is not None:  # written in the compact notation
                iface = ctx.library.get("cubit-interface", interface)
                code = iface.model.code if iface is not None else "Ma"  # type: ignore[attr-defined]
                form = (
                    f"in the notation, name it after a colon: `[{use.upgrade}:{first}]`, "
                    f"as in `{code}5[{use.upgrade}:{first}]`"
                )
            else:
                form = f"write `{{{use.upgrade}: {first}}}`"
            error_at(
                ctx,
                doc,
                spots.entry,
                "cubit.action-missing",
                f"{up.name} must name the action it improves",
                form + (f"; actions for {interface}: {', '.join(allowed)}" if allowed else ""),
            )
            ok = False
        elif use.action not in allowed:
            listed = ", ".join(allowed)
            error_at(
                ctx,
                doc,
                spots.action,
                "cubit.unknown-action",
                f"{up.name} on {interface} cannot name `{use.action}`"
                + (f"; it can name {listed}" if allowed else f"; the catalog lists no {interface} actions for it"),
                did_you_mean(use.action, allowed)
                or (
                    f"choose one of: {listed}"
                    if allowed
                    else "move it to another interface, or add the action to the catalog"
                ),
            )
            ok = False
    elif use.action is not None:
        error_at(
            ctx,
            doc,
            spots.action,
            "cubit.action-not-allowed",
            f"{up.name} does not name an action, but `{use.action}` is given",
            "remove the action",
        )
        ok = False
    return ok


def _check_capacity(
    ctx: RuleContext, doc: Document, up: CubitUpgrade, use: UpgradeUse, spots: UseSpots, temporary: bool
) -> bool:
    """A capacity where the upgrade costs per charge (a temporary one may leave it out),
    none where it has a fixed cost, and from 1 to what a sheet prints."""
    ok = True
    if per_charge(up):
        if use.capacity is None and not temporary:
            error_at(
                ctx,
                doc,
                spots.entry,
                "cubit.capacity-missing",
                f"{up.name} costs 1 per charge of capacity, but no capacity is given",
                f"write `{{upgrade: {use.upgrade}, capacity: 2}}` (or `{use.upgrade}:2` in the notation)",
            )
            ok = False
    elif use.capacity is not None and not temporary:
        error_at(
            ctx,
            doc,
            spots.capacity,
            "cubit.capacity-not-allowed",
            f"{up.name} has a fixed cost; it has no capacity",
            "remove the capacity",
        )
        ok = False
    if use.capacity is not None and use.capacity < 1:
        error_at(
            ctx,
            doc,
            spots.capacity,
            "cubit.bad-capacity",
            f"the capacity is {use.capacity}; it must be at least 1",
            "give the number of charges it holds when full",
        )
        ok = False
    elif use.capacity is not None and use.capacity > MAX_CAPACITY:
        error_at(
            ctx,
            doc,
            spots.capacity,
            "cubit.capacity-too-large",
            f"the capacity is {use.capacity}; sheetgen prints one box per charge and has room for at most "
            f"{MAX_CAPACITY}",
            f"give a capacity from 1 to {MAX_CAPACITY}; for more charges, carry a second {up.name}",
        )
        ok = False
    return ok


def upgrade_cost(up: CubitUpgrade, use: UpgradeUse) -> int:
    """Skill levels a permanent upgrade takes from its face."""
    if per_charge(up):
        return use.capacity or 0
    return int(up.cost)  # type: ignore[arg-type]


def upgrade_label(up: CubitUpgrade, use: UpgradeUse, *, short: bool = False) -> str:
    """How an upgrade reads on a face: `Martial Arts`, `Specialization: persuade`, `Battery (2)`;
    with `short`, the catalog's abbreviation where it has one (`Spec. persuade`)."""
    name = up.short if short and up.short else up.name
    if use.action:
        return f"{name} {display(use.action)}" if short else f"{name}: {display(use.action)}"
    if use.capacity is not None:
        return f"{name} ({use.capacity})"
    return name


def _check_face_interface(
    ctx: RuleContext, doc: Document, catalog: Catalog, face: FaceInput, standard: bool
) -> CubitInterface | None:
    """The face's interface, known and (on a standard cubit) the one its die number has."""
    iface = catalog.interfaces.get(face.interface)
    if iface is None:
        lookup(ctx, doc, face.interface_spot, "cubit-interface", face.interface, "cubit.unknown-interface", "interface")
    elif standard:
        want = catalog.standard.get(face.number)
        if want is None:
            error_at(
                ctx,
                doc,
                face.interface_spot,
                "cubit.no-standard-interface",
                f"no interface has order {face.number}, so a standard cubit's face {face.number} is undefined",
                "give one interface document `order: " + str(face.number) + "`",
            )
        elif want != face.interface:
            order = " ".join(catalog.interfaces[i].code for _, i in sorted(catalog.standard.items()))
            error_at(
                ctx,
                doc,
                face.interface_spot,
                "cubit.not-standard",
                f"face {face.number} is `{face.interface}`, but a standard cubit has `{want}` there "
                f"(the standard order is {order})",
                "put the interfaces in the standard order, or write `configuration: custom` for an NPC",
            )
    return iface


def check_face(ctx: RuleContext, doc: Document, catalog: Catalog, face: FaceInput, standard: bool) -> FaceResult:
    """Interface, skill and permanent upgrades of one face."""
    result = FaceResult()
    iface = _check_face_interface(ctx, doc, catalog, face, standard)
    if face.skill < 1:
        error_at(
            ctx,
            doc,
            face.skill_spot,
            "cubit.skill-below-one",
            f"{_face_label(face)} has skill {face.skill}; skill levels start at 1",
            "raise it to at least 1",
        )
    seen: set[str] = set()
    running = face.skill
    below: Spot | None = None
    for use, spots in face.upgrades:
        spot = spots.entry
        up = _resolve_upgrade(ctx, doc, catalog, use.upgrade, spot)
        if up is None:
            continue
        usable = True
        if "permanent" not in up.forms:
            error_at(
                ctx,
                doc,
                spot,
                "cubit.not-permanent",
                f"{up.name} only comes as a temporary upgrade",
                "list it under `temporary_upgrades` with the face it sits on",
            )
            usable = False
        if iface is not None and not allows(up, face.interface):
            error_at(
                ctx,
                doc,
                spot,
                "cubit.upgrade-not-allowed",
                f"{up.name} cannot sit on {_face_label(face)}; it is made for {', '.join(up.interfaces)}",
                f"move it to a face with {' or '.join(up.interfaces)}",
            )
            usable = False
        if iface is not None and not check_sizing(ctx, doc, up, use, face.interface, spots):
            usable = False
        if use.upgrade in seen and not up.stackable:
            warning_at(
                ctx,
                doc,
                spot,
                "cubit.duplicate-upgrade",
                f"{up.name} is on {_face_label(face)} twice; it does not stack, so the second one adds nothing",
                "remove the second one (or mark the upgrade `stackable: true` in the catalog if it does stack)",
            )
        seen.add(use.upgrade)
        if not usable:
            continue
        cost = upgrade_cost(up, use)
        running -= cost
        if running < 1 and below is None and face.skill >= 1:
            below = spot
        result.costs.append((use.token(), cost))
        result.upgrades.append(
            FaceUpgrade(
                id=use.upgrade,
                name=up.name,
                label=upgrade_label(up, use),
                short=upgrade_label(up, use, short=True),
                cost=cost,
                action=use.action,
                capacity=use.capacity,
            )
        )
    if below is not None:
        spent = "".join(f" − {token} {cost}" for token, cost in result.costs)
        error_at(
            ctx,
            doc,
            below,
            "cubit.skill-below-one",
            f"{_face_label(face)} effective skill is {running} after upgrade costs ({face.skill}{spent}); "
            "it must stay at least 1",
            f"remove an upgrade from face {face.number} or raise its skill",
        )
    return result


def _check_total(ctx: RuleContext, doc: Document, faces: list[FaceInput]) -> None:
    model: Cubit = doc.model  # type: ignore[assignment]
    if model.advancement < 0:
        error_at(
            ctx,
            doc,
            ("advancement",),
            "cubit.negative-advancement",
            f"`advancement` is {model.advancement}; it counts skill points awarded, 0 or more",
            "write the number of skill points the GM has awarded",
        )
        return
    total = sum(f.skill for f in faces)
    budget = STARTING_SKILLS + model.advancement
    if model.configuration == "standard" and total != budget:
        added = " + ".join(str(f.skill) for f in faces)
        more = budget - total
        error_at(
            ctx,
            doc,
            ("faces",),
            "cubit.skill-total",
            f"the skills add up to {total} ({added}); a standard cubit has {STARTING_SKILLS} + advancement "
            f"{model.advancement} = {budget}",
            f"add {more} skill level{'s' if more != 1 else ''}"
            if more > 0
            else f"remove {-more} skill level{'s' if more != -1 else ''}, or raise `advancement`",
        )


def _check_temporary(
    ctx: RuleContext, doc: Document, catalog: Catalog, faces: list[FaceInput]
) -> tuple[TemporaryUpgrade, ...]:
    model: Cubit = doc.model  # type: ignore[assignment]
    out = []
    for i, temp in enumerate(model.temporary_upgrades):
        where = ("temporary_upgrades", i)
        up = _resolve_upgrade(ctx, doc, catalog, temp.upgrade, Spot(where + ("upgrade",)))
        if not 1 <= temp.face <= len(faces):
            error_at(
                ctx,
                doc,
                where + ("face",),
                "cubit.face-out-of-range",
                f"`face` is {temp.face}; a temporary upgrade sits on a face numbered 1 to {len(faces)}",
                "write the die number of the face it is stuck on",
            )
            continue
        if up is None:
            continue
        face = faces[temp.face - 1]
        ok = True
        if "temporary" not in up.forms:
            error_at(
                ctx,
                doc,
                where + ("upgrade",),
                "cubit.not-temporary",
                f"{up.name} only comes as a permanent upgrade",
                f"list it in the `upgrades` of face {temp.face}",
            )
            ok = False
        if not allows(up, face.interface):
            error_at(
                ctx,
                doc,
                where + ("face",),
                "cubit.upgrade-not-allowed",
                f"{up.name} cannot sit on {_face_label(face)}; it is made for {', '.join(up.interfaces)}",
                f"stick it on a face with {' or '.join(up.interfaces)}",
            )
            ok = False
        if ok:
            use = UpgradeUse(temp.upgrade, capacity=temp.capacity)
            capacity = Spot(where + ("capacity",)) if temp.capacity is not None else Spot(where)
            ok = check_sizing(
                ctx, doc, up, use, face.interface, UseSpots(Spot(where), Spot(where), capacity), temporary=True
            )
        if per_charge(up) and temp.capacity is None:
            error_at(
                ctx,
                doc,
                where,
                "cubit.capacity-missing",
                f"a temporary {up.name} needs its capacity in charges",
                "add `capacity:` (and `charges:` if it is not full)",
            )
            ok = False
        if temp.charges is not None:
            if temp.capacity is None:
                error_at(
                    ctx,
                    doc,
                    where + ("charges",),
                    "cubit.charges-without-capacity",
                    "`charges` is given but not `capacity`",
                    "add `capacity:`, the charges it holds when full",
                )
                ok = False
            elif not 0 <= temp.charges <= temp.capacity:
                error_at(
                    ctx,
                    doc,
                    where + ("charges",),
                    "cubit.charges-over-capacity",
                    f"`charges` is {temp.charges}; it holds 0 to {temp.capacity} (its capacity)",
                    f"write a number from 0 to {temp.capacity}",
                )
                ok = False
        if ok:
            out.append(
                TemporaryUpgrade(
                    id=temp.upgrade,
                    name=up.name,
                    face=temp.face,
                    capacity=temp.capacity,
                    charges=temp.capacity if temp.charges is None else temp.charges,
                    text=up.text,
                    note=temp.note,
                    path=where,
                )
            )
    return tuple(out)


def _check_storage(
    ctx: RuleContext, doc: Document, catalog: Catalog, faces: list[FaceInput]
) -> tuple[Compartment, ...]:
    """One compartment per face whose interface has storage, with what it holds."""
    model: Cubit = doc.model  # type: ignore[assignment]
    held: dict[int, list[str]] = {}
    for i, store in enumerate(model.storage):
        where = ("storage", i, "face")
        if not 1 <= store.face <= len(faces):
            error_at(
                ctx,
                doc,
                where,
                "cubit.face-out-of-range",
                f"`face` is {store.face}; faces are numbered 1 to {len(faces)}",
                "write the die number of the Manipulate face that holds these",
            )
            continue
        face = faces[store.face - 1]
        iface = catalog.interfaces.get(face.interface)
        if iface is not None and not iface.storage:
            with_storage = [str(f.number) for f in faces if (m := catalog.interfaces.get(f.interface)) and m.storage]
            error_at(
                ctx,
                doc,
                where,
                "cubit.no-storage",
                f"{_face_label(face)} has no storage compartment",
                f"store items behind face {' or '.join(with_storage)}" if with_storage else "this cubit has no storage",
            )
            continue
        if store.face in held:
            error_at(
                ctx,
                doc,
                where,
                "cubit.duplicate-storage",
                f"face {store.face}'s compartment is listed twice",
                "put all its items in one entry",
            )
            continue
        held[store.face] = list(store.items)
    out = []
    for face in faces:
        iface = catalog.interfaces.get(face.interface)
        if iface is not None and iface.storage:
            out.append(Compartment(face.number, iface.name, tuple(held.get(face.number, ()))))
    return tuple(out)


def _faction(ctx: RuleContext, doc: Document) -> CubitFaction | None:
    model: Cubit = doc.model  # type: ignore[assignment]
    if model.faction is None:
        return None
    found = lookup(ctx, doc, ("faction",), "faction", model.faction, "cubit.unknown-faction", "faction")
    if found is None:
        return None
    faction: CubitFactionModel = found.model  # type: ignore[assignment]
    return CubitFaction(
        id=found.id,
        name=faction.name,
        colors=tuple(faction.colors),
        likes=tuple(names_of(ctx, "faction", faction.likes)),
        dislikes=tuple(names_of(ctx, "faction", faction.dislikes)),
    )


def _reconstructed_notes(catalog: Catalog, faces: list[FaceInput]) -> tuple[ReconstructedNote, ...]:
    found: dict[str, str] = {}
    for f in faces:
        note = catalog.interfaces[f.interface].reconstructed
        if note:
            found.setdefault(note, f.interface)
    return tuple(ReconstructedNote(note, found[note]) for note in sorted(found))


UNNAMED_ID_SHOWN = 24  # characters of an id printed beside "Unnamed cubit"


def check_cubit(doc: Document, ctx: RuleContext) -> CubitValues | None:
    """Check a cubit against the catalog and the rules; derive what its sheets show."""
    model: Cubit = doc.model  # type: ignore[assignment]
    catalog = Catalog.of(ctx)
    for i, colour in enumerate(model.colors or []):
        check_colour_name(ctx, ctx.theme, doc, ("colors", i), colour)
    faction = _faction(ctx, doc)
    faces = read_faces(ctx, doc, catalog)
    if faces is None:
        return None
    if len(faces) != FACES:
        error_at(
            ctx,
            doc,
            ("faces",),
            "cubit.face-count",
            f"a cubit has {FACES} faces; {len(faces)} are given",
            "give one face per die number, 1 to 6, in die order",
        )
    results = [check_face(ctx, doc, catalog, f, model.configuration == "standard") for f in faces]
    _check_total(ctx, doc, faces)
    temporary = _check_temporary(ctx, doc, catalog, faces)
    storage = _check_storage(ctx, doc, catalog, faces)
    if not ctx.ok(doc):
        return None
    derived_faces = []
    for face, result in zip(faces, results):
        iface = catalog.interfaces[face.interface]
        cost = sum(c for _, c in result.costs)
        derived_faces.append(
            FaceValues(
                number=face.number,
                interface=face.interface,
                name=iface.name,
                code=iface.code,
                icon=iface.icon,
                skill=face.skill,
                cost=cost,
                effective=face.skill - cost,
                upgrades=tuple(result.upgrades),
                note=face.note,
                path=face.interface_spot.path[:2],
            )
        )
    notation = format_faces(
        [NotationFace(f.interface, f.skill, tuple(u for u, _ in f.upgrades)) for f in faces], catalog.code_of()
    )
    colors = tuple(model.colors) if model.colors else (faction.colors if faction else ())
    return CubitValues(
        # Ids tell unnamed cubits apart (one as long as a title holds: a generated NPC's is short).
        display_name=model.name or ("Unnamed cubit" + (f" · {doc.id}" if len(doc.id) <= UNNAMED_ID_SHOWN else "")),
        name=model.name,
        aliases=tuple(model.aliases),
        function=model.function,
        player=model.player,
        configuration=model.configuration,
        advancement=model.advancement,
        skill_total=sum(f.skill for f in faces),
        skill_budget=STARTING_SKILLS + model.advancement if model.configuration == "standard" else None,
        notation=notation,
        faces=tuple(derived_faces),
        faction=faction,
        colors=colors,
        temporary_upgrades=temporary,
        storage=storage,
        reconstructed=tuple(sorted({n for f in faces if (n := catalog.interfaces[f.interface].reconstructed)})),
        # The same notes, each with the first interface (in die order) that says it: where layout points.
        reconstructed_notes=_reconstructed_notes(catalog, faces),
        damage=model.damage,
        damage_states=tuple(DAMAGE_STATES),
        notes=model.notes,
    )
