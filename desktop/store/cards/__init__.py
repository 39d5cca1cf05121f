"""SySCards: the campaign's cards, their images, owners and search.

`records`, `rows` (its columns, listed once, a card from a row), `checks` (a whole
card), `writes` (sqlmodel, imported only by a write) and `manager` (`campaign.cards`).
Another area uses these names, or `desktop.store.cards.writes` inside its own
transaction, and nothing else.
"""

from __future__ import annotations

from desktop.store.cards.checks import check_card
from desktop.store.cards.manager import CardManager
from desktop.store.cards.records import CardRecord, CardSnapshot
from desktop.store.cards.rows import CARD_COLUMNS, NEW_CARD, card_from_row
from desktop.store.cards.tables import TABLES

__all__ = [
    "CARD_COLUMNS",
    "NEW_CARD",
    "TABLES",
    "CardManager",
    "CardRecord",
    "CardSnapshot",
    "card_from_row",
    "check_card",
]
