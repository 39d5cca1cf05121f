"""The SySCards' tables as the file's judges read them (see store/tables.py)."""

from __future__ import annotations

from desktop.rules import syscards
from desktop.store import checks
from desktop.store.bounds import Bound, bound_from, id_bound, position_bound
from desktop.store.cards.checks import check_card
from desktop.store.cards.rows import CARD_COLUMNS, card_from_row
from desktop.store.core import Row
from desktop.store.tables import AreaTable, RowContext


def _card(row: Row, _context: RowContext) -> None:
    check_card(card_from_row(row))


def _image(row: Row, _context: RowContext) -> None:
    checks.image_format_name(row[1])


TABLES = (
    AreaTable(
        "card",
        "SySCard",
        "SySCards",
        {
            "id": id_bound("A SySCard's id"),
            "owner_id": id_bound("A SySCard's owner", nullable=True),
            "character_id": id_bound("A SySCard's character", nullable=True),
            "efficiency": bound_from(
                syscards.EFFICIENCY, "A SySCard's efficiency", safe=syscards.NEW_CARD_EFFICIENCY
            ),
            **{
                name: Bound(f"A SySCard's {name}", 0, checks.CARD_NUMBER_MAX)
                for name in checks.CARD_NUMBERS
            },
            "position": position_bound("A SySCard's"),
        },
        f"SELECT {CARD_COLUMNS} FROM card",
        lambda row, _context: f"SySCard {row[0]} ({row[1]})",
        _card,
    ),
    AreaTable(
        "card_image",
        "card image",
        "card images",
        {"card_id": id_bound("An image's SySCard")},
        "SELECT card_id, format FROM card_image",
        lambda row, _context: f"The image of SySCard {row[0]}",
        _image,
    ),
)
