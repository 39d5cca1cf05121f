"""The cards' rows: the columns read, a row read back as a card, a new card's values.

Apart from the roster's rows because they need the SySCards rules, which a campaign
opened for play does not otherwise read (the cards' manager is made when first reached).
"""

from __future__ import annotations

from dataclasses import fields

from desktop.rules import roster, syscards
from desktop.store import checks
from desktop.store.cards.records import CardRecord
from desktop.store.core import Row

# A card's image is read apart (it can be megabytes); the list only says there is one.
CARD_COLUMNS = (
    ", ".join(f"card.{f.name}" for f in fields(CardRecord) if f.name not in ("has_image", "shown"))
    + ", EXISTS (SELECT 1 FROM card_image WHERE card_image.card_id = card.id), card.shown"
)
# What a new card is unless told otherwise ("Any SySCard with a Capacity starts with a
# mandatory 1% of Efficiency"; an entity has a Capacity unless its design says not).
NEW_CARD: dict[str, object] = {
    "owner_id": None,
    "character_id": None,
    "capacity": True,
    "efficiency": syscards.NEW_CARD_EFFICIENCY,
    **{name: 0 for name in checks.CARD_NUMBERS},
    "zone": "",
    "scale": "",
    "info": "",
    "tags": (),
}
COPY_SUFFIX = " (copy)"


def card_from_row(row: Row) -> CardRecord:
    # Positional and by hand: the card cache builds every card of the campaign at once.
    return CardRecord(  # type: ignore[call-arg]  # mypy cannot count a row's slices
        *row[:5],
        bool(row[5]),
        *row[6:14],
        checks.split_tags(row[14]),
        row[15],
        bool(row[16]),
        bool(row[17]),
    )


def card_values(record: CardRecord) -> dict[str, object]:
    """A card's editable fields, as `cards.update` takes them."""
    return {name: getattr(record, name) for name in checks.CARD_CHECKS}


def copy_name(name: str) -> str:
    # The copy's name must still fit a name's length, so a long one is shortened first.
    room = roster.NAME_MAX - len(COPY_SUFFIX)
    return roster.check_name(name[:room].rstrip() + COPY_SUFFIX)
