"""The write side of SySCards: sqlmodel sessions, called inside one transaction, imported
only when a campaign first writes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from sqlalchemy import func, update
from sqlmodel import Session, col, select

from desktop.store.cards.records import CardRecord
from desktop.store.checks import join_tags, split_tags
from desktop.store.models import (
    Card,
    CardImage,
)
from desktop.store.row_writes import (
    existing_row,
    record_of,
    refuse_taken_ids,
    relink,
)
from desktop.store.search import search_text

# The card columns a record carries as they are (tags are joined, has_image is derived).
CARD_PLAIN_COLUMNS = tuple(
    f.name for f in fields(CardRecord) if f.name not in ("id", "tags", "has_image")
)


def add_card(session: Session, values: dict[str, object]) -> CardRecord:
    """A new card from checked values; without a position it goes after every card."""
    if "position" not in values:
        last = session.exec(select(func.max(Card.position))).one()
        values = {**values, "position": (last or 0) + 1}
    row = Card()  # type: ignore[call-arg]  # its values are set just below, checked
    _set_card(row, values)
    session.add(row)
    session.flush()
    return card_record(row, has_image=False)


def update_card(session: Session, card_id: int, values: dict[str, object]) -> CardRecord:
    row = card_row(session, card_id)
    _set_card(row, values)
    session.flush()
    return card_record(row, has_image=card_image(session, card_id) is not None)


def delete_card(session: Session, card_id: int) -> None:
    # Its image goes with it (CASCADE); the cards it owned lose their owner (SET NULL).
    session.delete(card_row(session, card_id))
    session.flush()


def insert_cards(session: Session, records: Sequence[CardRecord]) -> None:
    """Put cards in with their own ids (undo of a delete, an import).

    Owners are set once every card is in: a card may be owned by one inserted after it,
    and SQLite checks each foreign key as the row goes in.
    """
    refuse_taken_ids(session, Card, (r.id for r in records))
    for record in records:
        row = Card(id=record.id)  # type: ignore[call-arg]  # its values are set just below
        _set_card(row, {**_card_values(record), "owner_id": None})
        session.add(row)
    session.flush()
    owned = [{"id": r.id, "owner_id": r.owner_id} for r in records if r.owner_id is not None]
    if owned:
        session.exec(update(Card), params=owned)


def link_cards(session: Session, owner_id: int, card_ids: Sequence[int]) -> None:
    """Give cards their restored owner again (those that have found no other since)."""
    relink(session, Card, "owner_id", owner_id, card_ids)


def link_character_cards(session: Session, character_id: int, card_ids: Sequence[int]) -> None:
    """Link cards to a restored character again (those not linked to another since)."""
    relink(session, Card, "character_id", character_id, card_ids)


def make_room_after(session: Session, position: int) -> None:
    """Move every card after `position` one place on, so a card can go right after it."""
    session.exec(
        update(Card).where(col(Card.position) > position).values(position=Card.position + 1)
    )


def set_card_image(session: Session, card_id: int, image: tuple[str, bytes] | None) -> None:
    """Replace (or, with None, remove) a card's image; the card must exist."""
    card_row(session, card_id)
    row = card_image(session, card_id)
    if image is None:
        if row is not None:
            session.delete(row)
    elif row is None:
        session.add(CardImage(card_id=card_id, format=image[0], data=image[1]))
    else:
        row.format, row.data = image
    session.flush()


def card_image(session: Session, card_id: int) -> CardImage | None:
    return session.get(CardImage, card_id)


def card_row(session: Session, card_id: int) -> Card:
    return existing_row(session, Card, card_id, "That card is no longer in the campaign.")


def _set_card(row: Card, values: dict[str, object]) -> None:
    """Write checked values onto a row, keeping its search text in step with them."""
    for key, value in values.items():
        setattr(row, key, join_tags(value) if key == "tags" else value)  # type: ignore[arg-type]  # checked values: tags a tuple of str
    row.search_text = search_text(row.name, row.info, row.tags)


def _card_values(record: CardRecord) -> dict[str, object]:
    return {name: getattr(record, name) for name in (*CARD_PLAIN_COLUMNS, "tags")}


def card_record(row: Card, *, has_image: bool) -> CardRecord:
    return record_of(CardRecord, row, tags=split_tags(row.tags), has_image=has_image)
