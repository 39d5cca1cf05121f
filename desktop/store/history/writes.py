"""The write side of the history: one entry appended inside the transaction of the write
it tells of (see `Core.writing`). Plain SQL on the session's connection: it runs once per
GM action, and builds no ORM object."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import text
from sqlmodel import Session

_INSERT = text(
    "INSERT INTO history_entry (at, day, game_id, scene, round, turn, who, character_id,"
    " area, record_id, sentence, undo_of, parts) VALUES (:at, :day, :game_id, :scene,"
    " :round, :turn, :who, :character_id, :area, :record_id, :sentence, :undo_of, :parts)"
)


def append_entry(session: Session, values: dict[str, object]) -> int:
    """One entry; `values` are its checked columns (all but the id); returns its id.
    Through the transaction's own sqlite3 connection: SQLAlchemy's statement handling
    was a third of what an entry cost."""
    raw = session.connection().connection.driver_connection
    assert raw is not None  # an open session's connection is live
    cursor = raw.execute(_INSERT.text, values)
    assert cursor.lastrowid is not None  # an INSERT into a rowid table
    return int(cursor.lastrowid)


def insert_entries(session: Session, rows: Sequence[dict[str, object]]) -> None:
    """Entries with their own ids (an import); `rows` are checked columns."""
    if rows:
        session.connection().execute(
            text(_INSERT.text.replace("(at,", "(id, at,").replace("(:at,", "(:id, :at,")), rows
        )


def append_first(session: Session, sentence: str, day: int) -> None:
    """A new file's entry (its making, or its import), by the GM on `day`, outside any
    game: written by `Campaign.create` in the transaction that fills the file."""
    from datetime import UTC, datetime

    from desktop.store.history.sentences import cut

    append_entry(
        session,
        {
            "at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "day": day,
            "game_id": None,
            "scene": None,
            "round": None,
            "turn": None,
            "who": "gm",
            "character_id": None,
            "area": "campaign",
            "record_id": None,
            "sentence": cut(sentence),
            "undo_of": None,
            "parts": "",
        },
    )
