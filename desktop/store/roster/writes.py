"""The write side of the roster: sqlmodel sessions, called inside one transaction,
imported only when a campaign first writes (see `writer.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from sqlalchemy import func
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
    """A new character from checked values, after every other."""
    last = session.exec(select(func.max(Character.position))).one()
    row = Character(**values, position=(last or 0) + 1)
    return character_record(added(session, row))


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
