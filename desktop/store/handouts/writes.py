"""The write side of handouts: sqlmodel sessions, called inside one transaction, imported
only when a campaign first writes. Every value arrives checked."""

from __future__ import annotations

from collections.abc import Iterable

from sqlmodel import Session

from desktop.store.handouts.records import HandoutRecord, HandoutSnapshot
from desktop.store.models import HandoutRow
from desktop.store.row_writes import added, existing_row, refuse_taken_ids

MISSING = "That handout was already taken back."


def add_handout(
    session: Session, record: HandoutRecord, image: bytes | None, *, keep_id: bool = False
) -> HandoutRecord:
    """A new handout (a new id, so it comes last), or with `keep_id` under its own id (a
    handout given back by undo, a restored character's)."""
    if keep_id:
        refuse_taken_ids(session, HandoutRow, [record.id], "handout")
    row = added(session, _row_of(record, image, record.id if keep_id else None))
    assert row.id is not None
    return HandoutRecord(
        row.id,
        record.kind,
        record.title,
        record.text,
        record.card,
        record.image_format,
        record.character_id,
    )


def delete_handout(session: Session, handout_id: int) -> None:
    session.delete(existing_row(session, HandoutRow, handout_id, MISSING))
    session.flush()


def insert_handouts(session: Session, snapshots: Iterable[HandoutSnapshot]) -> None:
    """Handouts with their own ids (a restored character's)."""
    for snapshot in snapshots:
        add_handout(session, snapshot.handout, snapshot.image, keep_id=True)


def _row_of(record: HandoutRecord, image: bytes | None, row_id: int | None) -> HandoutRow:
    return HandoutRow(
        id=row_id,
        kind=record.kind,
        title=record.title,
        text=record.text,
        card=record.card,
        image_format=record.image_format or None,
        image=image,
        character_id=record.character_id,
    )
