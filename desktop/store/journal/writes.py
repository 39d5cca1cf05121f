"""The write side of the journal's notes, called inside one transaction with values
already checked; imported only when a campaign first writes."""

from __future__ import annotations

from sqlalchemy import text
from sqlmodel import Session

from desktop.store.journal.records import JournalNoteRecord


def put_note(session: Session, note: JournalNoteRecord) -> None:
    """Write `note` in its place (its game and scene), replacing the note there; an
    empty private note is no note: its place is emptied."""
    connection = session.connection()
    connection.execute(
        text("DELETE FROM journal_note WHERE game_id = :game AND scene = :scene"),
        {"game": note.game_id, "scene": note.scene},
    )
    if note.text or not note.private:
        connection.execute(
            text(
                "INSERT INTO journal_note (game_id, scene, text, private)"
                " VALUES (:game, :scene, :text, :private)"
            ),
            {"game": note.game_id, "scene": note.scene, "text": note.text, "private": note.private},
        )
