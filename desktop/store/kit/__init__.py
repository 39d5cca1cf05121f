"""A character's kit: dice, traits and items.

`records`, `rows` (the columns of each table, listed once, and records from rows),
`checks` (what needs more than one value), `writes` (sqlmodel, imported only by a write)
and `manager` (`campaign.kit`). Another area uses these names, or
`desktop.store.kit.writes` inside its own transaction, and nothing else.
"""

from __future__ import annotations

from desktop.store.kit.checks import (
    check_die,
    check_item_dice,
    checked_dice,
    checked_item,
    checked_trait,
    distinct_ids,
    same_owner,
)
from desktop.store.kit.manager import KitManager
from desktop.store.kit.records import DieRecord, ItemRecord, TraitRecord
from desktop.store.kit.rows import (
    DIE_COLUMNS,
    ITEM_COLUMNS,
    TRAIT_COLUMNS,
    die_from_row,
    item_from_row,
    trait_from_row,
)
from desktop.store.kit.tables import TABLES

__all__ = [
    "DIE_COLUMNS",
    "ITEM_COLUMNS",
    "TABLES",
    "TRAIT_COLUMNS",
    "DieRecord",
    "ItemRecord",
    "KitManager",
    "TraitRecord",
    "check_die",
    "check_item_dice",
    "checked_dice",
    "checked_item",
    "checked_trait",
    "die_from_row",
    "distinct_ids",
    "item_from_row",
    "same_owner",
    "trait_from_row",
]
