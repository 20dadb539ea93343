"""Checks that KUBOS characters and monsters share: coins and magic items."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.content.loader import Document
from sheetgen.rules.base import RuleContext
from sheetgen.rules.kubos.core import MAGIC_TABLES, TABLE_NAMES
from sheetgen.rules.kubos.text import magic_item_reading, magic_item_text, magic_item_title
from sheetgen.rules.kubos.values import MagicItem

if TYPE_CHECKING:
    from sheetgen.content.models.kubos import KubosMagicItem


def check_not_negative(doc: Document, ctx: RuleContext, path: tuple, value: int | None, code: str, what: str) -> bool:
    """Report a count below zero; True when the value is fine (or absent)."""
    if value is None or value >= 0:
        return True
    ctx.error(doc, path, code, f"{what} is {value}; it cannot be negative", f"write 0 or more for {what}")
    return False


def check_at_most(
    doc: Document, ctx: RuleContext, path: tuple, value: int | None, high: int, code: str, what: str, why: str
) -> bool:
    """Report a number above `high` (`why` says where the bound comes from); True when it is fine."""
    if value is None or value <= high:
        return True
    ctx.error(
        doc,
        path,
        code,
        f"{what} is {value}; sheetgen accepts at most {high} ({why})",
        f"write {high} or less for {what}",
    )
    return False


def check_magic_items(
    doc: Document, ctx: RuleContext, path: tuple, items: list[KubosMagicItem]
) -> tuple[MagicItem, ...]:
    """Each magic item's attribute must be one its table gives; returns the items described."""
    out = []
    for i, item in enumerate(items):
        allowed = MAGIC_TABLES[item.table]
        if item.attribute not in allowed:
            choices = ", ".join(f"`{a}`" for a in dict.fromkeys(allowed))
            ctx.error(
                doc,
                path + (i, "attribute"),
                "kubos.magic-item-attribute",
                f"the {TABLE_NAMES[item.table].lower()} table has no `{item.attribute}` item",
                f"use one of {choices}, or take the item from the other table",
            )
            continue
        out.append(
            MagicItem(
                table=item.table,
                attribute=item.attribute,
                title=magic_item_title(item.table, item.attribute, item.name),
                text=magic_item_text(item.table, item.attribute),
                note=item.note,
                reading=magic_item_reading(item.table, item.attribute),
            )
        )
    return tuple(out)
