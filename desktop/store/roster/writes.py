"""The write side of the roster: sqlmodel sessions, called inside one transaction,
imported only when a campaign first writes (see `writer.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from sqlalchemy import func, text
from sqlmodel import Session, select

from desktop.store.models import (
    Character,
    RollLogEntry,
)
from desktop.store.roster.records import CharacterRecord
from desktop.store.row_writes import (
    added,
    existing_row,
    record_of,
    refuse_taken_ids,
    relink,
    set_values,
)


def add_character(session: Session, values: dict[str, Any]) -> CharacterRecord:
    """A new character from checked values, after every other, with an id no character
    ever had that the roll log still names (see `_NAMED_IN_ROLLS`)."""
    last = session.exec(select(func.max(Character.position))).one()
    row = Character(**values, position=(last or 0) + 1, id=_next_id(session))
    return character_record(added(session, row))


# The character ids a roll log line names inside its detail: each side of a conflict and
# each character rolling against the party. Deleting a character leaves them there (the
# line's own link is set NULL by the database), and SQLite would give the newest
# character's id, once deleted, to the next one added: the deleted one's rolls would
# then read as the new character's (an NPC's conflict sides as a player's luck).
_NAMED_IN_ROLLS = text(
    "SELECT max(CAST(json_extract(named.value, '$.character_id') AS INTEGER))"
    " FROM (SELECT detail FROM roll_log WHERE json_valid(detail)) AS line,"
    " json_each(line.detail, '$.sides') AS named"
    " UNION ALL"
    " SELECT max(CAST(json_extract(named.value, '$.character_id') AS INTEGER))"
    " FROM (SELECT detail FROM roll_log WHERE json_valid(detail)) AS line,"
    " json_each(line.detail, '$.against_party') AS named"
)


def _next_id(session: Session) -> int:
    highest = session.exec(select(func.max(Character.id))).one() or 0
    named = [value for (value,) in session.connection().execute(_NAMED_IN_ROLLS) if value]
    return max([highest, *named]) + 1


def update_character(
    session: Session, character_id: int, values: dict[str, object]
) -> CharacterRecord:
    row = character_row(session, character_id)
    set_values(row, values)
    return character_record(row)


def delete_character(session: Session, character_id: int) -> CharacterRecord:
    row = character_row(session, character_id)
    record = character_record(row)
    session.delete(row)
    return record


def insert_characters(session: Session, records: list[CharacterRecord]) -> None:
    """Put characters in with their own ids (undo of a delete, an import)."""
    refuse_taken_ids(session, Character, (record.id for record in records))
    session.add_all(Character(**asdict(record)) for record in records)


def link_rolls(session: Session, character_id: int, roll_ids: Sequence[int]) -> None:
    """Point roll log lines at a restored character again (those not linked elsewhere)."""
    relink(session, RollLogEntry, "character_id", character_id, roll_ids)


def character_row(session: Session, character_id: int) -> Character:
    missing = "That character is no longer in the campaign."
    return existing_row(session, Character, character_id, missing)


def character_record(row: Character) -> CharacterRecord:
    return record_of(CharacterRecord, row)
