"""The write side of the chapter and its claim map: sqlmodel sessions, called inside one
transaction, imported only when a campaign first writes. Every value arrives checked;
these keep the chapter one row and each path spelled one way."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlmodel import Session, col, select

from desktop.store.chapter.records import ChapterRecord, ClaimPathRecord, ClaimRecord
from desktop.store.chapter.rows import CHAPTER_STORED
from desktop.store.errors import NotFound
from desktop.store.models import (
    ChapterRow,
    ClaimPathRow,
    ClaimRow,
)
from desktop.store.row_writes import (
    added,
    existing_row,
    record_of,
    refuse_taken_ids,
    written,
)

CHAPTER_ID = 1


def _chapter_row(session: Session) -> ChapterRow:
    row = session.get(ChapterRow, CHAPTER_ID)
    if row is None:  # the migration makes it; only a hand-damaged file lacks it
        row = ChapterRow(id=CHAPTER_ID, name="The Chapter")
        session.add(row)
    return row


def name_chapter(session: Session, name: str) -> None:
    """Name a new campaign's chapter after the campaign (the migration could not)."""
    _chapter_row(session).name = name
    session.flush()


def update_chapter(session: Session, values: dict[str, Any]) -> None:
    """Write some of the chapter's stored fields (checked by the caller)."""
    written(session, _chapter_row(session), values)


def set_chapter(session: Session, record: ChapterRecord) -> None:
    """Write the chapter's stored fields (turf and at_war are derived, never stored)."""
    update_chapter(session, {name: getattr(record, name) for name in CHAPTER_STORED})


def add_claim(session: Session, record: ClaimRecord, *, keep_id: bool = False) -> ClaimRecord:
    if keep_id:
        refuse_taken_ids(session, ClaimRow, [record.id])
    row = ClaimRow(
        id=record.id if keep_id else None,
        name=record.name,
        benefit=record.benefit,
        turf=record.turf,
        faction_id=record.holder_id or None,
        x=record.x,
        y=record.y,
    )
    return claim_record(added(session, row))


def update_claim(session: Session, claim_id: int, values: dict[str, Any]) -> ClaimRecord:
    """Write name, benefit, turf, x, y and/or holder_id (0: the chapter)."""
    columns = {"faction_id" if key == "holder_id" else key: value for key, value in values.items()}
    if "holder_id" in values:
        columns["faction_id"] = values["holder_id"] or None
    return claim_record(written(session, claim_row(session, claim_id), columns))


def delete_claim(session: Session, claim_id: int) -> None:
    """Delete a claim; the paths touching it go with it (ON DELETE CASCADE)."""
    session.delete(claim_row(session, claim_id))
    session.flush()


def insert_claims(session: Session, records: Iterable[ClaimRecord]) -> None:
    for record in records:
        add_claim(session, record, keep_id=True)


def claim_row(session: Session, claim_id: int) -> ClaimRow:
    return existing_row(session, ClaimRow, claim_id, "That claim is no longer on the map.")


def claim_record(row: ClaimRow) -> ClaimRecord:
    return record_of(ClaimRecord, row, holder_id=row.faction_id or 0)


def add_paths(session: Session, paths: Sequence[ClaimPathRecord]) -> None:
    """Paths as the store spells them: the lair (0) or the lower claim id first."""
    session.add_all(ClaimPathRow(start_id=path.start or None, end_id=path.end) for path in paths)
    session.flush()


def remove_path(session: Session, path: ClaimPathRecord) -> None:
    start = col(ClaimPathRow.start_id)
    found = session.exec(
        select(ClaimPathRow).where(
            start.is_(None) if path.start == 0 else start == path.start,
            col(ClaimPathRow.end_id) == path.end,
        )
    ).first()
    if found is None:
        raise NotFound("That path is no longer on the map.")
    session.delete(found)
    session.flush()
