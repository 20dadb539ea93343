"""A cubit's faces, written as a list or in the compact notation, brought to one form.

Each part remembers where it was written (a `Spot`), so that the checks, which run on
this one form, report at the place the author wrote the value in either spelling.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.cubit.catalog import Catalog
from sheetgen.rules.cubit.notation import NotationError, UpgradeUse, parse_faces
from sheetgen.rules.cubit.spots import Spot, error_at, lookup

if TYPE_CHECKING:
    from sheetgen.content.models.cubit import Cubit, CubitFaceUpgrade

SPECIALIZATION = "specialization"  # `{specialization: action}` is shorthand for this upgrade with that action


@dataclass(frozen=True)
class UseSpots:
    """Where an upgrade, its action and its capacity were written."""

    entry: Spot  # the upgrade's id (or the whole entry)
    action: Spot
    capacity: Spot

    @classmethod
    def of_entry(cls, entry: str | CubitFaceUpgrade, path: tuple) -> UseSpots:
        spot = Spot(path)
        if isinstance(entry, str):
            return cls(spot, spot, spot)
        named = Spot(path + ("upgrade",)) if entry.upgrade is not None else spot
        action = (
            "specialization" if entry.specialization is not None else "action" if entry.action is not None else None
        )
        return cls(
            named,
            Spot(path + (action,)) if action else named,
            Spot(path + ("capacity",)) if entry.capacity is not None else named,
        )

    @classmethod
    def of_notation(cls, use: UpgradeUse) -> UseSpots:
        entry = Spot(("faces",), use.offset)
        arg = Spot(("faces",), use.offset + len(use.upgrade) + 1) if use.offset is not None else entry
        return cls(entry, arg if use.action else entry, arg if use.capacity is not None else entry)


@dataclass
class FaceInput:
    """One face brought to a common form, with the spot each part was written at."""

    number: int
    interface: str
    skill: int
    upgrades: list[tuple[UpgradeUse, UseSpots]]
    interface_spot: Spot
    skill_spot: Spot
    note: str | None = None


def _use_from_entry(ctx: RuleContext, doc: Document, entry: str | CubitFaceUpgrade, spot: Spot) -> UpgradeUse | None:
    """A permanent upgrade written as an id or a mapping → UpgradeUse (None after reporting)."""
    if isinstance(entry, str):
        return UpgradeUse(entry)
    if (entry.upgrade is None) == (entry.specialization is None):
        error_at(
            ctx,
            doc,
            spot,
            "cubit.bad-upgrade-entry",
            "an upgrade entry names its upgrade once: `{upgrade: id}` or `{specialization: action}`",
            "write `{upgrade: battery, capacity: 2}`, `{specialization: persuade}` or just the upgrade id",
        )
        return None
    if entry.specialization is not None:
        if entry.action is not None:
            error_at(
                ctx,
                doc,
                spot,
                "cubit.bad-upgrade-entry",
                "`specialization:` already names the action; `action:` repeats it",
                "remove `action:`",
            )
            return None
        return UpgradeUse(SPECIALIZATION, action=entry.specialization, capacity=entry.capacity)
    assert entry.upgrade is not None  # one of the two is given (checked above)
    return UpgradeUse(entry.upgrade, action=entry.action, capacity=entry.capacity)


def read_faces(ctx: RuleContext, doc: Document, catalog: Catalog) -> list[FaceInput] | None:
    """The cubit's faces in one form, or None after reporting notation that does not parse."""
    model: Cubit = doc.model  # type: ignore[assignment]
    if isinstance(model.faces, str):
        problems: list[NotationError] = []
        parsed = parse_faces(model.faces, catalog.codes(), catalog.names(), problems)
        if problems:  # every term's problem, and the upgrades the other terms name that there are not
            for exc in problems:
                error_at(ctx, doc, Spot(("faces",), exc.offset), exc.code, exc.message, exc.hint)
            for term in parsed:
                for named in term.upgrades:
                    if named.upgrade not in catalog.upgrades:
                        lookup(
                            ctx,
                            doc,
                            Spot(("faces",), named.offset),
                            "upgrade",
                            named.upgrade,
                            "cubit.unknown-upgrade",
                            "upgrade",
                        )
            return None
        return [
            FaceInput(
                n,
                f.interface,
                f.skill,
                [(u, UseSpots.of_notation(u)) for u in f.upgrades],
                Spot(("faces",), f.offset),
                Spot(("faces",), f.offset),
            )
            for n, f in enumerate(parsed, 1)
        ]
    faces: list[FaceInput] = []
    for i, face in enumerate(model.faces):
        uses = []
        for j, entry in enumerate(face.upgrades):
            spots = UseSpots.of_entry(entry, ("faces", i, "upgrades", j))
            use = _use_from_entry(ctx, doc, entry, Spot(("faces", i, "upgrades", j)))
            if use is not None:
                uses.append((use, spots))
        faces.append(
            FaceInput(
                i + 1,
                face.interface,
                face.skill,
                uses,
                Spot(("faces", i, "interface")),
                Spot(("faces", i, "skill")),
                face.note,
            )
        )
    return faces
