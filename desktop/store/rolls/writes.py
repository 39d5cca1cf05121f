"""The write side of the roll log: sqlmodel sessions, called inside one transaction,
imported only when a campaign first writes."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session

from desktop.store.models import (
    RollLogEntry,
)
from desktop.store.row_writes import (
    added,
    existing_row,
    refuse_taken_ids,
)


def add_roll(session: Session, **values: object) -> int:
    """A new roll log line; `values` are its checked columns. Returns its id."""
    row_id = added(session, RollLogEntry(**values)).id  # type: ignore[arg-type]  # checked columns, named as the model's
    assert row_id is not None
    return row_id


def set_roll_undone(session: Session, roll_id: int, undone: bool) -> None:
    existing_row(
        session, RollLogEntry, roll_id, "That roll is no longer in the log."
    ).undone = undone


def insert_rolls(session: Session, rows: Sequence[dict[str, object]]) -> None:
    """Roll log lines with their own ids (an import); `rows` are checked columns."""
    refuse_taken_ids(session, RollLogEntry, (int(row["id"]) for row in rows))  # type: ignore[call-overload]  # checked ids, ints
    session.add_all(RollLogEntry(**row) for row in rows)  # type: ignore[arg-type]  # checked columns, as above
    session.flush()
