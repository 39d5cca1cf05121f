"""A character's kit as the campaign's sqlite3 reader reads it: the columns of dice,
traits and items (each list once) and the records made from rows."""

from __future__ import annotations

from dataclasses import fields, replace

from desktop.store.core import Row
from desktop.store.kit.records import DieRecord, ItemRecord, TraitRecord

DIE_COLUMNS = ", ".join(f.name for f in fields(DieRecord))


TRAIT_COLUMNS = ", ".join(f.name for f in fields(TraitRecord))


# An item's die id is read with it: an item has at most one die (a unique index).
ITEM_COLUMNS = (
    ", ".join(f"item.{f.name}" for f in fields(ItemRecord) if f.name != "die_id")
    + ", (SELECT die.id FROM die WHERE die.item_id = item.id)"
)


def die_from_row(row: Row) -> DieRecord:
    # SQLite keeps booleans as 0 and 1.
    values = dict(zip(DIE_COLUMNS.split(", "), row, strict=True))
    values["in_tray"] = bool(values["in_tray"])
    values["down_to_d4"] = bool(values["down_to_d4"])
    return DieRecord(**values)


def trait_from_row(row: Row) -> TraitRecord:
    record = TraitRecord(*row)
    return replace(record, broad=bool(record.broad))


def item_from_row(row: Row) -> ItemRecord:
    record = ItemRecord(*row)
    return replace(record, deplete=bool(record.deplete))
