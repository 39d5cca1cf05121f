"""A journal note as the store may hold it, checked before writing and on open."""

from __future__ import annotations

from desktop.store import checks
from desktop.store.journal.records import NOTE_MAX, JournalNoteRecord


def check_note(note: JournalNoteRecord) -> JournalNoteRecord:
    """`note` with its values checked (ValueError in plain words otherwise). A note's text
    is kept exactly as typed: any characters but NUL, up to NOTE_MAX."""
    checks.row_id(note.game_id, "A note's game")
    checks.whole(note.scene, "A note's scene")
    text = checks.text(note.text, "A journal note", NOTE_MAX)
    if "\x00" in text:
        raise ValueError("A journal note cannot hold a NUL character.")
    return JournalNoteRecord(
        note.id, note.game_id, note.scene, text, checks.flag(note.private, "Private")
    )
