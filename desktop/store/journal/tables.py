"""The journal's notes as the file's judges and the exchange read them (see
store/tables.py): exported, the GM's own words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.store.bounds import Bound, id_bound
from desktop.store.core import Row
from desktop.store.games import SCENES_MAX
from desktop.store.journal.checks import check_note
from desktop.store.journal.records import JournalNoteRecord
from desktop.store.journal.rows import NOTE_SQL, note_from_row
from desktop.store.tables import AreaTable, FlatSection, RowContext, insert_rows

if TYPE_CHECKING:
    from desktop.store.campaign import Campaign


def _note(row: Row, _context: RowContext) -> None:
    check_note(note_from_row(row))


def _export(campaign: Campaign) -> list[JournalNoteRecord]:
    return campaign.journal.all()


TABLES = (
    AreaTable(
        "journal_note",
        "journal note",
        "journal notes",
        {
            "id": id_bound("A journal note's id"),
            "game_id": id_bound("A journal note's game"),
            "scene": Bound("A journal note's scene", 0, SCENES_MAX, 0),
        },
        NOTE_SQL,
        lambda row, _context: f"Journal note {row[0]} (game {row[1]}, scene {row[2]})",
        _note,
        FlatSection(
            "journal_notes", JournalNoteRecord, _export, check_note, insert_rows("JournalNoteRow")
        ),
    ),
)
