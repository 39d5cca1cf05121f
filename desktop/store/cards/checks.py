"""Checks of a whole card as the file keeps it (a restore, the health check); each
field's own check is the store's (`checks.card_fields`)."""

from __future__ import annotations

from desktop.store import checks
from desktop.store.cards.records import CardRecord


def check_card(record: CardRecord) -> CardRecord:
    """A whole card as the file keeps it (a restore); `has_image` is left as given."""
    if not isinstance(record, CardRecord):
        raise ValueError(f"Expected a card, not {record!r}.")
    values = checks.card_fields({name: getattr(record, name) for name in checks.CARD_CHECKS})
    if values["owner_id"] == record.id:
        raise ValueError(f"Card “{values['name']}” is owned by itself: a card cannot own itself.")
    return CardRecord(
        id=checks.row_id(record.id, "A card's id"), **values, has_image=bool(record.has_image)
    )
