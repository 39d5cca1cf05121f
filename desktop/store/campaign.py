"""An open campaign file: every GM action on it is one transaction.

There is nothing to "save": each method that changes the campaign commits before it
returns, so a GM Desk killed at any moment loses no acknowledged action.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, fields
from datetime import date, datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine, func
from sqlmodel import Session, select

from desktop.rules import roster
from desktop.store import backups, schema
from desktop.store.engine import connect, make_engine
from desktop.store.errors import CampaignRefused, NotFound, ReadOnlyCampaign
from desktop.store.files import check_sqlite_file
from desktop.store.lock import CampaignLock
from desktop.store.models import CampaignInfo, Character

SUFFIX = ".gmdesk"

Listener = Callable[[str], None]


@dataclass(frozen=True)
class CharacterRecord:
    """A roster entry as the rest of the program sees it: plain values, no session."""

    id: int
    name: str
    kind: str
    notes: str
    position: int


@dataclass(frozen=True)
class CampaignSummary:
    name: str
    start_date: date
    current_day: int
    settings: dict[str, object]

    @property
    def today(self) -> date:
        return self.start_date + timedelta(days=self.current_day - 1)


class Campaign:
    """One open `.gmdesk` file. Build it with `Campaign.open` or `Campaign.create`."""

    def __init__(
        self, path: Path, engine: Engine, lock: CampaignLock | None, data_dir: Path
    ) -> None:
        self.path = path
        self._engine = engine
        self._lock = lock
        self._data_dir = data_dir
        self._listeners: list[Listener] = []
        self.revision = 0  # bumped by every committed write; backups compare it

    # -- opening and closing -------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, data_dir: Path, read_only: bool = False) -> Campaign:
        """Open a campaign, upgrading its schema (after a backup) when it is older.

        Raises CampaignRefused for a file that is not a whole, known campaign, and
        lock.CampaignLocked when another GM Desk is writing it; either way the file is
        left byte for byte as it was.
        """
        path = path.absolute()
        check_sqlite_file(path)
        lock = None if read_only else CampaignLock.acquire(path)
        try:
            revision = schema.read_revision(path)
            if schema.needs_upgrade(revision):
                if read_only:
                    raise CampaignRefused(
                        f"“{path.name}” was made by an older GM Desk and must be upgraded, "
                        "which a read-only campaign cannot be. Open it for writing first."
                    )
                backups.make_backup(path, backups.backup_folder(data_dir, path))
                schema.upgrade(path)
            engine = make_engine(path, read_only=read_only)
            campaign = cls(path, engine, lock, data_dir)
            campaign.summary()  # fails here, not later, on a file missing its campaign row
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        return campaign

    @classmethod
    def create(
        cls,
        path: Path,
        *,
        data_dir: Path,
        name: str | None = None,
        start_date: date | None = None,
        current_day: int = 1,
        settings: dict[str, object] | None = None,
        populate: Callable[[Session], None] | None = None,
    ) -> Campaign:
        """Make a new, empty campaign file and open it.

        `populate` fills the new file in the same transaction (an import uses it). The
        file is built under a temporary name and renamed into place, so a crash or a
        failed import never leaves half a campaign behind.
        """
        path = path.absolute()
        if path.exists():
            raise CampaignRefused(f"“{path.name}” already exists; open it instead.")
        title = roster.check_name(name if name is not None else path.stem)
        building = path.with_name(f".{path.name}.{os.getpid()}.new")
        try:
            connect(building, read_only=False).close()
            schema.upgrade(building)
            engine = make_engine(building, read_only=False)
            try:
                with Session(engine) as session, session.begin():
                    session.add(
                        CampaignInfo(
                            name=title,
                            start_date=(start_date or date.today()).isoformat(),
                            current_day=current_day,
                            settings=json.dumps(settings or {}),
                        )
                    )
                    if populate is not None:
                        populate(session)
                with engine.connect() as connection:
                    # Fold the WAL back so the renamed file is complete on its own.
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                engine.dispose()
            os.replace(building, path)
        finally:
            for leftover in (building, *_sidecars(building)):
                with suppress(FileNotFoundError):
                    leftover.unlink()
        return cls.open(path, data_dir=data_dir)

    @property
    def read_only(self) -> bool:
        return self._lock is None

    @property
    def backup_folder(self) -> Path:
        return backups.backup_folder(self._data_dir, self.path)

    def close(self) -> None:
        """Fold the WAL into the file and let another GM Desk have the campaign."""
        if not self.read_only:
            with suppress(Exception), self._engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        self._engine.dispose()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- telling the program what changed ------------------------------------------------

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(topic)` after each committed change ("campaign", "characters")."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        with suppress(ValueError):
            self._listeners.remove(listener)

    @contextmanager
    def _writing(self, topic: str) -> Iterator[Session]:
        if self.read_only:
            raise ReadOnlyCampaign()
        with Session(self._engine, expire_on_commit=False) as session, session.begin():
            yield session
        self.revision += 1
        for listener in list(self._listeners):
            listener(topic)

    # -- the campaign row -----------------------------------------------------------------

    def summary(self) -> CampaignSummary:
        with Session(self._engine) as session:
            info = session.exec(select(CampaignInfo)).first()
        if info is None:
            raise CampaignRefused(f"“{self.path.name}” is a GM Desk file with no campaign in it.")
        return CampaignSummary(
            name=info.name,
            start_date=date.fromisoformat(info.start_date),
            current_day=info.current_day,
            settings=json.loads(info.settings),
        )

    def rename(self, name: str) -> None:
        title = roster.check_name(name)
        with self._writing("campaign") as session:
            info = session.exec(select(CampaignInfo)).one()
            info.name = title

    # -- the roster -------------------------------------------------------------------------

    def characters(self) -> list[CharacterRecord]:
        """Every roster entry, in roster order."""
        columns = [getattr(Character, f.name) for f in fields(CharacterRecord)]
        with self._engine.connect() as connection:
            rows = connection.execute(
                select(*columns).order_by(Character.position, Character.id)
            ).all()
        return [CharacterRecord(*row) for row in rows]

    def character(self, character_id: int) -> CharacterRecord:
        with Session(self._engine) as session:
            row = session.get(Character, character_id)
            if row is None:
                raise NotFound(f"Character {character_id} is no longer in the campaign.")
            return _record(row)

    def add_character(self, name: str, kind: str = "pc", notes: str = "") -> CharacterRecord:
        values = {
            "name": roster.check_name(name),
            "kind": roster.check_kind(kind),
            "notes": roster.check_notes(notes),
        }
        with self._writing("characters") as session:
            last = session.exec(select(func.max(Character.position))).one()
            row = Character(**values, position=(last or 0) + 1)
            session.add(row)
            session.flush()
            return _record(row)

    def update_character(self, character_id: int, **changes: object) -> CharacterRecord:
        """Change name, kind and/or notes; returns the record as it is now."""
        checks = {"name": roster.check_name, "kind": roster.check_kind, "notes": roster.check_notes}
        unknown = set(changes) - set(checks)
        if unknown:
            raise ValueError(f"A character has no field {', '.join(sorted(unknown))}.")
        values = {key: checks[key](value) for key, value in changes.items()}
        with self._writing("characters") as session:
            row = session.get(Character, character_id)
            if row is None:
                raise NotFound(f"Character {character_id} is no longer in the campaign.")
            for key, value in values.items():
                setattr(row, key, value)
            return _record(row)

    def delete_character(self, character_id: int) -> CharacterRecord:
        """Delete a roster entry; returns what `restore_character` needs to undo it."""
        with self._writing("characters") as session:
            row = session.get(Character, character_id)
            if row is None:
                raise NotFound(f"Character {character_id} is no longer in the campaign.")
            record = _record(row)
            session.delete(row)
            return record

    def restore_character(self, record: CharacterRecord) -> CharacterRecord:
        """Put a deleted roster entry back with its old id and place."""
        with self._writing("characters") as session:
            if session.get(Character, record.id) is not None:
                raise ValueError(f"A character with id {record.id} is already in the campaign.")
            session.add(Character(**_values(record)))
            return record

    # -- copies -------------------------------------------------------------------------------

    def save_copy(self, destination: Path) -> None:
        """Write a complete copy of the campaign (SQLite's backup API, safe while open)."""
        backups.copy_database(self.path, destination)

    def backup_now(self, now: datetime | None = None) -> Path:
        """Take an automatic backup and prune old ones; safe from a worker thread."""
        made = backups.make_backup(self.path, self.backup_folder, now)
        backups.prune_backups(self.backup_folder, now)
        return made


def _record(row: Character) -> CharacterRecord:
    return CharacterRecord(**{f.name: getattr(row, f.name) for f in fields(CharacterRecord)})


def _values(record: CharacterRecord) -> dict[str, object]:
    return {f.name: getattr(record, f.name) for f in fields(record)}


def _sidecars(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")
