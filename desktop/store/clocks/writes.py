"""The write side of clocks: sqlmodel sessions, called inside one transaction, imported
only when a campaign first writes (see `writer.py` for why). Every value arrives
checked; these keep each owner's clocks densely placed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import ColumnElement
from sqlmodel import Session, col

from desktop.store.clocks.records import OWNER_CHARACTER, OWNER_FACTION, ClockRecord
from desktop.store.models import (
    ClockRow,
)
from desktop.store.row_writes import (
    added,
    count_rows,
    existing_row,
    record_of,
    refuse_taken_ids,
    shift_positions,
    written,
)


def _clock_group(owner_kind: str, owner_id: int) -> list[ColumnElement[bool]]:
    """The conditions that pick one owner's clocks."""
    conditions = [col(ClockRow.owner_kind) == owner_kind]
    if owner_kind == OWNER_CHARACTER:
        conditions.append(col(ClockRow.character_id) == owner_id)
    elif owner_kind == OWNER_FACTION:
        conditions.append(col(ClockRow.faction_id) == owner_id)
    return conditions


def _clock_count(session: Session, owner_kind: str, owner_id: int) -> int:
    return count_rows(session, ClockRow, _clock_group(owner_kind, owner_id))


def _shift_clocks(
    session: Session, owner_kind: str, owner_id: int, start: int, step: int, skip: int = 0
) -> None:
    """Move every clock of the group from `start` on by `step` places (+1 or -1),
    except the clock `skip` (one being moved)."""
    shift_positions(session, ClockRow, _clock_group(owner_kind, owner_id), start, step, skip)


def _set_owner(row: ClockRow, owner_kind: str, owner_id: int) -> None:
    row.owner_kind = owner_kind
    row.character_id = owner_id if owner_kind == OWNER_CHARACTER else None
    row.faction_id = owner_id if owner_kind == OWNER_FACTION else None


def _clock_row_of(record: ClockRecord, row_id: int | None, position: int) -> ClockRow:
    """A new row for a clock record, with the id (None: a new one) and place given."""
    row = ClockRow(
        id=row_id,
        name=record.name,
        segments=record.segments,
        filled=record.filled,
        position=position,
        note=record.note,
        shown=record.shown,
    )
    _set_owner(row, record.owner_kind, record.owner_id)
    return row


def add_clock(
    session: Session, record: ClockRecord, *, keep_id: bool = False, keep_position: bool = False
) -> ClockRecord:
    """A clock in its owner's group: last, or at the record's place (the others make
    room). With `keep_id` it keeps the record's id (a restore, a redo)."""
    if keep_id:
        refuse_taken_ids(session, ClockRow, [record.id])
    count = _clock_count(session, record.owner_kind, record.owner_id)
    position = min(record.position, count) if keep_position else count
    _shift_clocks(session, record.owner_kind, record.owner_id, position, +1)
    return clock_record(
        added(session, _clock_row_of(record, record.id if keep_id else None, position))
    )


def update_clock(session: Session, clock_id: int, values: dict[str, Any]) -> ClockRecord:
    """Write name, segments, filled and/or note (checked together by the caller)."""
    return clock_record(written(session, clock_row(session, clock_id), values))


def move_clock(
    session: Session, clock_id: int, owner_kind: str, owner_id: int, position: int
) -> ClockRecord:
    """Take a clock out of its group and put it at `position` (at most last) of another
    (or the same) group; both stay dense."""
    row = clock_row(session, clock_id)
    old = clock_record(row)
    _shift_clocks(session, old.owner_kind, old.owner_id, old.position + 1, -1, skip=clock_id)
    _set_owner(row, owner_kind, owner_id)
    session.flush()
    others = _clock_count(session, owner_kind, owner_id) - 1  # without the moving clock
    place = min(position, others)
    _shift_clocks(session, owner_kind, owner_id, place, +1, skip=clock_id)
    row.position = place
    session.flush()
    return clock_record(row)


def delete_clock(session: Session, clock_id: int) -> None:
    row = clock_row(session, clock_id)
    record = clock_record(row)
    session.delete(row)
    session.flush()
    _shift_clocks(session, record.owner_kind, record.owner_id, record.position + 1, -1)


def insert_clocks(session: Session, records: Iterable[ClockRecord]) -> None:
    """Clocks with their own ids and places, as given (an import, a restored owner
    whose group is empty)."""
    records = list(records)
    refuse_taken_ids(session, ClockRow, (record.id for record in records))
    session.add_all(_clock_row_of(record, record.id, record.position) for record in records)
    session.flush()


def clock_row(session: Session, clock_id: int) -> ClockRow:
    return existing_row(session, ClockRow, clock_id, "That clock is no longer in the campaign.")


def clock_record(row: ClockRow) -> ClockRecord:
    return record_of(ClockRecord, row, owner_id=row.character_id or row.faction_id or 0)
