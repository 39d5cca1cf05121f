"""The write side of a campaign: sqlmodel sessions, one transaction per GM action.

Imported only when a campaign is first written to, so that opening and showing a
campaign never pays for importing SQLAlchemy, pydantic and sqlmodel (about 0.4 s).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, fields
from pathlib import Path

from sqlalchemy import func
from sqlmodel import Session, select

from desktop.store.engine import make_engine
from desktop.store.errors import NotFound
from desktop.store.models import CampaignInfo, Character
from desktop.store.records import CharacterRecord


class Writer:
    """The engine of one writable campaign file."""

    def __init__(self, path: Path) -> None:
        self.engine = make_engine(path, read_only=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    def dispose(self) -> None:
        self.engine.dispose()


# -- the campaign row ---------------------------------------------------------------------


def add_campaign(
    session: Session, name: str, start_date: str, current_day: int, settings: str
) -> None:
    session.add(
        CampaignInfo(name=name, start_date=start_date, current_day=current_day, settings=settings)
    )


def rename_campaign(session: Session, name: str) -> None:
    session.exec(select(CampaignInfo)).one().name = name


# -- the roster ---------------------------------------------------------------------------


def add_character(session: Session, name: str, kind: str, notes: str) -> CharacterRecord:
    last = session.exec(select(func.max(Character.position))).one()
    row = Character(name=name, kind=kind, notes=notes, position=(last or 0) + 1)
    session.add(row)
    session.flush()
    return character_record(row)


def update_character(
    session: Session, character_id: int, values: dict[str, object]
) -> CharacterRecord:
    row = _character(session, character_id)
    for key, value in values.items():
        setattr(row, key, value)
    return character_record(row)


def delete_character(session: Session, character_id: int) -> CharacterRecord:
    row = _character(session, character_id)
    record = character_record(row)
    session.delete(row)
    return record


def insert_characters(session: Session, records: list[CharacterRecord]) -> None:
    """Put characters in with their own ids (undo of a delete, an import)."""
    for record in records:
        if session.get(Character, record.id) is not None:
            raise ValueError(f"A character with id {record.id} is already in the campaign.")
    session.add_all(Character(**asdict(record)) for record in records)


def _character(session: Session, character_id: int) -> Character:
    row = session.get(Character, character_id)
    if row is None:
        raise NotFound(f"Character {character_id} is no longer in the campaign.")
    return row


def character_record(row: Character) -> CharacterRecord:
    return CharacterRecord(**{f.name: getattr(row, f.name) for f in fields(CharacterRecord)})
