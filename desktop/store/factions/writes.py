"""The write side of the faction ladder: sqlmodel sessions, called inside one transaction,
imported only when a campaign first writes. Every value arrives checked; these keep
each tier's row densely placed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

from sqlmodel import Session, col

from desktop.store.factions.records import FactionRecord
from desktop.store.models import (
    FactionRow,
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


def _tier_count(session: Session, tier: int) -> int:
    return count_rows(session, FactionRow, [col(FactionRow.tier) == tier])


def _shift_tier(session: Session, tier: int, start: int, step: int, skip: int = 0) -> None:
    shift_positions(session, FactionRow, [col(FactionRow.tier) == tier], start, step, skip)


def add_faction(session: Session, record: FactionRecord, *, keep_id: bool = False) -> FactionRecord:
    """A faction in its tier's row: last, or (with `keep_id`, a restore) at its old
    place with its old id."""
    if keep_id:
        refuse_taken_ids(session, FactionRow, [record.id])
    count = _tier_count(session, record.tier)
    position = min(record.position, count) if keep_id else count
    _shift_tier(session, record.tier, position, +1)
    values = asdict(record) | {"id": record.id if keep_id else None, "position": position}
    return faction_record(added(session, FactionRow(**values)))


def update_faction(session: Session, faction_id: int, values: dict[str, Any]) -> FactionRecord:
    return faction_record(written(session, faction_row(session, faction_id), values))


def move_faction(session: Session, faction_id: int, tier: int, position: int) -> FactionRecord:
    """Move a faction to `position` (at most last) of a tier's row; both rows stay dense."""
    row = faction_row(session, faction_id)
    old_tier, old_position = row.tier, row.position
    _shift_tier(session, old_tier, old_position + 1, -1, skip=faction_id)
    others = _tier_count(session, tier) - (1 if tier == old_tier else 0)
    place = min(position, others)
    _shift_tier(session, tier, place, +1, skip=faction_id)
    row.tier = tier
    row.position = place
    session.flush()
    return faction_record(row)


def delete_faction(session: Session, faction_id: int) -> None:
    """Delete a faction; its clocks go with it (ON DELETE CASCADE)."""
    row = faction_row(session, faction_id)
    tier, position = row.tier, row.position
    session.delete(row)
    session.flush()
    _shift_tier(session, tier, position + 1, -1)


def insert_factions(session: Session, records: Iterable[FactionRecord]) -> None:
    """Factions with their own ids and places, as given (an import)."""
    records = list(records)
    refuse_taken_ids(session, FactionRow, (record.id for record in records))
    session.add_all(FactionRow(**asdict(record)) for record in records)
    session.flush()


def faction_row(session: Session, faction_id: int) -> FactionRow:
    missing = "That faction is no longer in the campaign."
    return existing_row(session, FactionRow, faction_id, missing)


def faction_record(row: FactionRow) -> FactionRecord:
    return record_of(FactionRecord, row)
