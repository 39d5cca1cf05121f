"""A character's kit as the file's judges read it: dice, traits, items (see
store/tables.py)."""

from __future__ import annotations

from desktop.rules import dicepool, roster
from desktop.store import checks
from desktop.store.bounds import TOP, Bound, id_bound, position_bound
from desktop.store.core import Row
from desktop.store.kit.checks import check_die
from desktop.store.kit.rows import DIE_COLUMNS, ITEM_COLUMNS, TRAIT_COLUMNS, die_from_row
from desktop.store.tables import AreaTable, RowContext


def _die(row: Row, _context: RowContext) -> None:
    check_die(die_from_row(row))


def _trait(row: Row, _context: RowContext) -> None:
    checks.trait(row[2], row[3], bool(row[4]))


def _item(row: Row, _context: RowContext) -> None:
    checks.item_kind(row[3])
    roster.check_name(row[2])


TABLES = (
    AreaTable(
        "die",
        "die",
        "dice",
        {
            "id": id_bound("A die's id"),
            "character_id": id_bound("A die's character"),
            "size": Bound(
                "A die's size", min(dicepool.SIZES), max(dicepool.SIZES), dicepool.DEFAULT_SIZE
            ),
            "item_id": id_bound("A die's item", nullable=True),
            "steps": Bound("A die's steps"),
            "position": position_bound("A die's"),
        },
        f"SELECT {DIE_COLUMNS} FROM die",
        lambda row, context: f"Die {row[0]} of {context.character(row[1])}",
        _die,
    ),
    AreaTable(
        "trait",
        "trait",
        "traits",
        {
            "id": id_bound("A trait's id"),
            "character_id": id_bound("A trait's character"),
            "value": Bound("A trait's value", 1, TOP, 1),
            "position": position_bound("A trait's"),
        },
        f"SELECT {TRAIT_COLUMNS} FROM trait",
        lambda row, context: f"Trait {row[0]} ({row[2]}) of {context.character(row[1])}",
        _trait,
    ),
    AreaTable(
        "item",
        "item",
        "items",
        {
            "id": id_bound("An item's id"),
            "character_id": id_bound("An item's character"),
            "position": position_bound("An item's"),
        },
        f"SELECT {ITEM_COLUMNS} FROM item",
        lambda row, context: f"Item {row[0]} ({row[2]}) of {context.character(row[1])}",
        _item,
    ),
)
