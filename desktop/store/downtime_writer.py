"""The write side of downtime: sqlmodel sessions, called inside one transaction.

Imported only when a campaign first writes downtime data (see `writer.py` for why).
Every value arrives checked; these functions only keep the file consistent: clock and
faction positions dense within their group, each path spelled one way, the chapter one
row. Reading back goes through the campaign's own sqlite3 reader.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, fields
from typing import Any

from sqlalchemy import ColumnElement
from sqlmodel import Session, col, select

from desktop.store.downtime_records import (
    OWNER_CHARACTER,
    OWNER_FACTION,
    ChapterRecord,
    ClaimPathRecord,
    ClaimRecord,
    ClockRecord,
    DowntimeEntry,
    DowntimeSheet,
    FactionRecord,
)
from desktop.store.errors import NotFound
from desktop.store.models import (
    ChapterRow,
    ClaimPathRow,
    ClaimRow,
    ClockRow,
    DowntimeEntryRow,
    DowntimeSessionRow,
    DowntimeSheetRow,
    FactionRow,
)
from desktop.store.row_writes import (
    added,
    count_rows,
    existing_row,
    record_of,
    refuse_taken_ids,
    relink,
    set_values,
    shift_positions,
    written,
)

CHAPTER_ID = 1
# The chapter's stored fields: `turf` and `at_war` are derived, never stored.
CHAPTER_STORED = tuple(f.name for f in fields(ChapterRecord) if f.name not in ("turf", "at_war"))


# -- clocks ---------------------------------------------------------------------------------


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


# -- factions -------------------------------------------------------------------------------


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


# -- the chapter ------------------------------------------------------------------------------


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


# -- claims -----------------------------------------------------------------------------------


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


# -- downtime sheets ----------------------------------------------------------------------------


def put_sheet(session: Session, sheet: DowntimeSheet) -> None:
    """Write a character's whole sheet, replacing the one there.

    A sheet at its defaults is not stored: reading one back gives the defaults anyway,
    and undoing the first change to a sheet then leaves the file as it was.
    """
    row = session.get(DowntimeSheetRow, sheet.character_id)
    values = sheet_row(sheet)
    if values is None:
        if row is not None:
            session.delete(row)
            session.flush()
        return
    if row is None:
        row = DowntimeSheetRow(character_id=sheet.character_id)
        session.add(row)
    set_values(row, values)
    session.flush()


def sheet_row(sheet: DowntimeSheet) -> dict[str, object] | None:
    """A sheet's row as `put_sheet` writes it (None: at its defaults, not stored), for
    an import's `writer.insert_new_rows`."""
    if sheet == DowntimeSheet(sheet.character_id):
        return None
    return asdict(sheet) | {"xp": xp_text(sheet.xp)}


def xp_text(xp: Sequence[tuple[str, int]]) -> str:
    """XP tracks as stored: a JSON list of [track, marks], in the sheet's order."""
    return json.dumps([[track, marks] for track, marks in xp], ensure_ascii=False)


# -- downtime sessions --------------------------------------------------------------------------


def add_session(session: Session, number: int) -> None:
    session.add(DowntimeSessionRow(number=number))
    session.flush()


def delete_session(session: Session, number: int) -> None:
    """Delete a session and its (undone) entries (ON DELETE CASCADE)."""
    missing = f"Downtime session {number} is no longer in the campaign."
    session.delete(existing_row(session, DowntimeSessionRow, number, missing))
    session.flush()


def add_entry(session: Session, values: dict[str, Any]) -> int:
    """A new entry from checked columns (character_id None: chapter-wide); its id."""
    row_id = added(session, DowntimeEntryRow(**values)).id
    assert row_id is not None
    return row_id


def set_entry_undone(session: Session, entry_id: int, undone: bool) -> None:
    missing = "That downtime step is no longer in the campaign."
    existing_row(session, DowntimeEntryRow, entry_id, missing).undone = undone
    session.flush()


def insert_entries(session: Session, entries: Iterable[DowntimeEntry]) -> None:
    """Entries with their own ids (an import); their sessions must be in already."""
    entries = list(entries)
    refuse_taken_ids(session, DowntimeEntryRow, (entry.id for entry in entries), "downtime step")
    session.add_all(
        DowntimeEntryRow(**asdict(entry) | {"character_id": entry.character_id or None})
        for entry in entries
    )
    session.flush()


def link_entries(session: Session, character_id: int, entry_ids: Sequence[int]) -> None:
    """Point entries at a restored character again (those not linked elsewhere since)."""
    relink(session, DowntimeEntryRow, "character_id", character_id, entry_ids)
