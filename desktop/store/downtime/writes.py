"""The write side of downtime: sheets, sessions and their entries, in sqlmodel sessions
called inside one transaction, imported only when a campaign first writes."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import Any

from sqlmodel import Session

from desktop.store.downtime.records import DowntimeEntry, DowntimeSheet
from desktop.store.models import (
    DowntimeEntryRow,
    DowntimeSessionRow,
    DowntimeSheetRow,
)
from desktop.store.row_writes import (
    added,
    existing_row,
    refuse_taken_ids,
    relink,
    set_values,
)


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
