"""The journal's notes as the campaign's sqlite3 reader reads them."""

from __future__ import annotations

from desktop.store.core import Row
from desktop.store.journal.records import JournalNoteRecord

NOTE_SQL = "SELECT id, game_id, scene, text, private FROM journal_note"


def note_from_row(row: Row) -> JournalNoteRecord:
    return JournalNoteRecord(int(row[0]), int(row[1]), int(row[2]), str(row[3]), bool(row[4]))
