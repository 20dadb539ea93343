"""Cubit's catalog kinds: interfaces, upgrades and factions.

Their checks, the derived values layout draws from, and `Catalog`, the view of the
valid catalog documents that cubits are checked against.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sheetgen.content import plain
from sheetgen.content.checks import ICON_BOX
from sheetgen.content.loader import Document
from sheetgen.pathdata import PathDataError, parse_path
from sheetgen.rules.base import RuleContext
from sheetgen.rules.cubit.spots import Spot, lookup
from sheetgen.rules.cubit.values import FactionValues, InterfaceActions, InterfaceValues, UpgradeValues
from sheetgen.rules.theme import check_colour_name

if TYPE_CHECKING:
    from sheetgen.content.models.cubit import CubitFaction, CubitInterface, CubitUpgrade

ANY = "any"  # an upgrade's `interfaces: [any]`
_CODE_RE = re.compile(r"^[A-Z][a-z]$")


def display(slug: str) -> str:
    """An action id as words: `gather-information` → `gather information`."""
    return slug.replace("-", " ")


# --- interfaces --------------------------------------------------------------------------


def icon_bounds(commands: tuple[tuple, ...]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) over every point of the commands (control points included)."""
    xs = [v for cmd in commands for k, v in enumerate(cmd[1:]) if k % 2 == 0]
    ys = [v for cmd in commands for k, v in enumerate(cmd[1:]) if k % 2 == 1]
    return (min(xs, default=0.0), min(ys, default=0.0), max(xs, default=0.0), max(ys, default=0.0))


def check_interface(doc: Document, ctx: RuleContext) -> InterfaceValues:
    """The code is two letters, the order a die face, the icon parseable path data in its box."""
    model: CubitInterface = doc.model  # type: ignore[assignment]
    if not _CODE_RE.match(model.code):
        ctx.error(
            doc,
            ("code",),
            "cubit.bad-code",
            f"the interface code `{model.code}` is not two letters (a capital and a small one)",
            f"write it like `{(model.name[:1].upper() + model.name[1:2].lower()) or 'Ai'}`",
        )
    if not 1 <= model.order <= 6:
        ctx.error(
            doc,
            ("order",),
            "cubit.bad-order",
            f"`order` is {model.order}; it is a die number, 1 to 6",
            "give each of the six interfaces its own number from 1 to 6",
        )
    try:
        commands = parse_path(model.icon)
    except PathDataError as exc:
        ctx.error(
            doc,
            ("icon",),
            "cubit.bad-icon",
            f"the icon is not valid SVG path data: {exc}",
            "write path data such as `M 10 10 L 90 10 L 50 90 Z` in a 0..100 box",
        )
        commands = ()
    if commands:
        x0, y0, x1, y1 = icon_bounds(commands)
        if x0 < -0.5 or y0 < -0.5 or x1 > ICON_BOX + 0.5 or y1 > ICON_BOX + 0.5:
            ctx.error(
                doc,
                ("icon",),
                "cubit.icon-outside-box",
                f"the icon reaches from ({x0:g}, {y0:g}) to ({x1:g}, {y1:g}); icons are drawn in a 0..100 box",
                "scale the path so every coordinate lies between 0 and 100",
            )
    _check_unique(doc, ctx)
    return InterfaceValues(model.name, model.code, model.order)


def _check_unique(doc: Document, ctx: RuleContext) -> None:
    """No interface read before this one has the same code or die number."""
    for attr, code, what in (
        ("code", "cubit.duplicate-code", "code"),
        ("order", "cubit.duplicate-order", "die number"),
    ):
        value = getattr(doc.model, attr)
        for earlier in ctx.library.of_kind("cubit-interface"):
            if earlier is doc:
                break
            if getattr(earlier.model, attr) == value:
                ctx.error(
                    doc,
                    (attr,),
                    code,
                    f"the interfaces `{earlier.id}` and `{doc.id}` both have the {what} `{value}`",
                    f"give every interface its own {what} "
                    f"(`{earlier.id}` is at {earlier.file}:{earlier.mark((attr,)).line})",
                )
                break


STANDARD_FACES = 6


def check_interface_set(ctx: RuleContext) -> None:
    """Every die number 1 to 6 has an interface, or blank nets and sheets leave a face unnamed.

    Silent while an interface document has errors of its own: its order may be the
    missing one, and its own diagnostic already says what to fix."""
    docs = ctx.library.of_kind("cubit-interface")
    if not docs:
        return  # no Cubit catalog at all: cubits say so where they name an interface
    if any(not ctx.ok(d) for d in docs) or any(kind == "cubit-interface" for kind, _ in ctx.library.invalid):
        return
    claimed = {d.model.order for d in docs}  # type: ignore[attr-defined]
    missing = [n for n in range(1, STANDARD_FACES + 1) if n not in claimed]
    if not missing:
        return
    numbers = ", ".join(map(str, missing))
    ctx.warning(
        docs[0],
        ("order",),
        "cubit.incomplete-interfaces",
        f"no interface has die number {numbers}; the {len(docs)} interface document"
        f"{'s' if len(docs) != 1 else ''} claim only {', '.join(map(str, sorted(claimed)))}, so a standard "
        f"cubit's face {numbers} is undefined and blank nets and sheets leave "
        f"{'it' if len(missing) == 1 else 'them'} unnamed",
        f"add an interface document with `order: {missing[0]}`",
    )


# --- upgrades ----------------------------------------------------------------------------


def check_upgrade(doc: Document, ctx: RuleContext) -> UpgradeValues:
    """Interfaces are known ids or `any`; the cost is not negative; actions name allowed interfaces."""
    model: CubitUpgrade = doc.model  # type: ignore[assignment]
    for i, iface in enumerate(model.interfaces):
        if iface == ANY:
            continue
        if ANY in model.interfaces:
            ctx.error(
                doc,
                ("interfaces", i),
                "cubit.any-with-others",
                f"`{iface}` is listed with `any`, which already allows every interface",
                "write `interfaces: [any]` alone, or list the interfaces without `any`",
            )
            continue
        lookup(ctx, doc, ("interfaces", i), "cubit-interface", iface, "cubit.unknown-interface", "interface")
    if isinstance(model.cost, int) and model.cost < 0:
        ctx.error(
            doc,
            ("cost",),
            "cubit.negative-cost",
            f"the cost is {model.cost}; a cost is a number of skill levels, 0 or more",
            "write the skill levels the upgrade takes from its face",
        )
    for i, form in enumerate(model.forms):
        if form in model.forms[:i]:
            ctx.error(
                doc,
                ("forms", i),
                "cubit.duplicate-form",
                f"the form `{form}` is listed twice",
                "list `permanent`, `temporary` or both, once each",
            )
    for iface in model.actions:
        where = Spot(("actions", iface), key=True)
        if lookup(ctx, doc, where, "cubit-interface", iface, "cubit.unknown-interface", "interface") is None:
            continue
        if not allows(model, iface):
            ctx.error(
                doc,
                ("actions", iface),
                "cubit.action-interface-not-allowed",
                f"actions are listed for `{iface}`, but the upgrade is only allowed on {', '.join(model.interfaces)}",
                f"add `{iface}` to `interfaces` or remove its actions",
                key=True,
            )
    return UpgradeValues(
        cost=cost_text(model),
        forms=tuple(model.forms),
        interfaces=tuple(names_of(ctx, "cubit-interface", model.interfaces)),
        actions=tuple(
            InterfaceActions(names_of(ctx, "cubit-interface", [iface])[0], tuple(display(a) for a in actions))
            for iface, actions in sorted(model.actions.items(), key=lambda kv: _order(ctx, kv[0]))
        ),
    )


def names_of(ctx: RuleContext, kind: str, ids: list[str]) -> list[str]:
    """The `name` of each document of `kind` by id; ids of unknown documents (and `any`) stay as they are."""
    out = []
    for ref in ids:
        doc = ctx.library.get(kind, ref)
        out.append(doc.model.name if doc is not None else ref)  # type: ignore[attr-defined]
    return out


def _order(ctx: RuleContext, iface: str) -> tuple[int, str]:
    doc = ctx.library.get("cubit-interface", iface)
    return (doc.model.order if doc is not None else 99, iface)  # type: ignore[attr-defined]


def allows(model: CubitUpgrade, interface: str) -> bool:
    """Whether the upgrade may sit on a face with this interface."""
    return ANY in model.interfaces or interface in model.interfaces


def per_charge(model: CubitUpgrade) -> bool:
    return plain.kind_of(model.cost) == "CubitPerCharge"


def cost_text(model: CubitUpgrade) -> str:
    """The cost as a reader sees it: `3 skill levels`, `1 skill level per charge of capacity`."""
    if plain.kind_of(model.cost) == "CubitPerCharge":
        return "1 skill level per charge of capacity"
    text = f"{model.cost} skill level{'' if model.cost == 1 else 's'}"
    return text + " each time" if model.stackable else text


# --- factions ----------------------------------------------------------------------------


def check_faction(doc: Document, ctx: RuleContext) -> FactionValues:
    """Colours are known; likes and dislikes name other, known factions, never both ways."""
    model: CubitFaction = doc.model  # type: ignore[assignment]
    for i, colour in enumerate(model.colors):
        check_colour_name(ctx, ctx.theme, doc, ("colors", i), colour)
    for which in ("likes", "dislikes"):
        for i, other in enumerate(getattr(model, which)):
            if other == doc.id:
                ctx.error(
                    doc,
                    (which, i),
                    "cubit.faction-self",
                    f"the faction `{doc.id}` {which} itself",
                    f"remove `{other}` from `{which}`",
                )
                continue
            if ctx.library.get("faction", other) is None:
                lookup(ctx, doc, (which, i), "faction", other, "cubit.unknown-faction", "faction")
    for i, other in enumerate(model.dislikes):
        if other in model.likes:
            ctx.error(
                doc,
                ("dislikes", i),
                "cubit.likes-and-dislikes",
                f"`{other}` is both liked and disliked by `{doc.id}`",
                "keep it in one of `likes` and `dislikes`",
            )
    return FactionValues(
        name=model.name,
        colors=tuple(model.colors),
        likes=tuple(names_of(ctx, "faction", model.likes)),
        dislikes=tuple(names_of(ctx, "faction", model.dislikes)),
    )


def check_shared_colours(ctx: RuleContext) -> None:
    """Factions that share a colour like each other: warn where the content says otherwise."""
    factions = [d for d in ctx.library.of_kind("faction") if ctx.ok(d)]
    for doc in factions:
        model: CubitFaction = doc.model  # type: ignore[assignment]
        for other in factions:
            if other is doc:
                continue
            shared = [c for c in model.colors if c in other.model.colors]  # type: ignore[attr-defined]
            if not shared or other.id in model.likes:
                continue
            colours = " and ".join(f"`{c}`" for c in shared)
            if other.id in model.dislikes:
                path: tuple = ("dislikes", model.dislikes.index(other.id))
                hint = f"move `{other.id}` from `dislikes` to `likes`, or change a colour"
            else:
                path = ("likes",) if ("likes",) in doc.positions.values else ("colors",)
                hint = f"add `{other.id}` to `likes`, or change a colour"
            ctx.warning(
                doc,
                path,
                "cubit.shared-colour-not-liked",
                f"`{doc.id}` and `{other.id}` share the colour {colours}, but `{doc.id}` does not like `{other.id}`; "
                "in Cubit, factions that share a colour like each other",
                hint,
            )


# --- the catalog as cubits see it -----------------------------------------------------------


@dataclass
class Catalog:
    """The valid interfaces, upgrades and factions, by id, and the standard configuration."""

    interfaces: dict[str, CubitInterface]
    upgrades: dict[str, CubitUpgrade]
    factions: dict[str, CubitFaction]
    # Every loaded interface, errors or not, so the notation reads a broken interface's code
    # as that interface (and the cubit is told it has errors, not that the code is unknown).
    loaded_interfaces: dict[str, CubitInterface] = field(default_factory=dict)

    @classmethod
    def of(cls, ctx: RuleContext) -> Catalog:
        def valid(kind: str) -> dict:
            return {d.id: d.model for d in ctx.library.of_kind(kind) if ctx.ok(d)}

        loaded = {d.id: d.model for d in ctx.library.of_kind("cubit-interface")}
        return cls(valid("cubit-interface"), valid("upgrade"), valid("faction"), loaded)  # type: ignore[arg-type]

    @property
    def standard(self) -> dict[int, str]:
        """Die number → interface id of the standard configuration."""
        out: dict[int, str] = {}
        for iface_id, model in sorted(self.interfaces.items(), key=lambda kv: kv[1].order):
            out.setdefault(model.order, iface_id)
        return out

    def codes(self) -> dict[str, str]:
        """Interface code → id: the valid interfaces in die order, then any with errors of their own."""
        out: dict[str, str] = {}
        for iface_id, model in self._reading_order():
            out.setdefault(model.code, iface_id)
        return out

    def names(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for iface_id, model in self._reading_order():
            out.setdefault(model.name, iface_id)
        return out

    def _reading_order(self) -> list[tuple[str, CubitInterface]]:
        every = {**self.loaded_interfaces, **self.interfaces}
        return sorted(every.items(), key=lambda kv: (kv[0] not in self.interfaces, kv[1].order, kv[0]))

    def code_of(self) -> dict[str, str]:
        return {i: m.code for i, m in self.interfaces.items()}
