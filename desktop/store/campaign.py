"""An open campaign file: every GM action on it is one transaction.

There is nothing to "save": each method that changes the campaign commits before it
returns, so a GM Desk killed at any moment loses no acknowledged action.

Reads go through one plain sqlite3 connection; writes go through sqlmodel sessions
(`writer.py`), created on the first write. Showing a campaign therefore costs what
reading its rows costs, and the window is up before SQLAlchemy is even imported.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import fields
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.rules import roster
from desktop.store import backups, schema
from desktop.store.connection import connect
from desktop.store.errors import CampaignRefused, NotFound, ReadOnlyCampaign
from desktop.store.files import check_sqlite_file
from desktop.store.lock import CampaignLock
from desktop.store.records import CampaignSummary, CharacterRecord

if TYPE_CHECKING:
    from sqlmodel import Session

    from desktop.store.writer import Writer

SUFFIX = ".gmdesk"
CHARACTER_COLUMNS = ", ".join(f.name for f in fields(CharacterRecord))

Listener = Callable[[str], None]
Populate = Callable[["Session"], None]

__all__ = ["SUFFIX", "Campaign", "CampaignSummary", "CharacterRecord"]


class Campaign:
    """One open `.gmdesk` file. Build it with `Campaign.open` or `Campaign.create`."""

    def __init__(
        self, path: Path, reader: sqlite3.Connection, lock: CampaignLock | None, data_dir: Path
    ) -> None:
        self.path = path
        self._reader = reader
        self._writer: Writer | None = None
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
            campaign = cls(path, connect(path, read_only=read_only), lock, data_dir)
            try:
                campaign.summary()  # fails now, not later, on a file missing its campaign row
            except BaseException:
                campaign._reader.close()
                raise
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
        populate: Populate | None = None,
    ) -> Campaign:
        """Make a new campaign file and open it.

        `populate` fills the new file in the same transaction (an import uses it). The
        file is built under a temporary name and renamed into place, so a crash or a
        failed import never leaves half a campaign behind.
        """
        from desktop.store import writer

        path = path.absolute()
        if path.exists():
            raise CampaignRefused(f"“{path.name}” already exists; open it instead.")
        title = roster.check_name(name if name is not None else path.stem)
        building = path.with_name(f".{path.name}.{os.getpid()}.new")
        try:
            connect(building, read_only=False).close()
            schema.upgrade(building)
            maker = writer.Writer(building)
            try:
                with maker.transaction() as session:
                    writer.add_campaign(
                        session,
                        name=title,
                        start_date=(start_date or date.today()).isoformat(),
                        current_day=current_day,
                        settings=json.dumps(settings or {}),
                    )
                    if populate is not None:
                        populate(session)
            finally:
                maker.dispose()
            # The last connection closed folded the WAL in: the file is whole on its own.
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
        if self._writer is not None:
            self._writer.dispose()
            self._writer = None
        if not self.read_only:
            with suppress(sqlite3.Error):
                self._reader.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self._reader.close()
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
        """One GM action: a transaction that commits, then tells the listeners."""
        if self.read_only:
            raise ReadOnlyCampaign()
        if self._writer is None:
            from desktop.store.writer import Writer

            self._writer = Writer(self.path)
        with self._writer.transaction() as session:
            yield session
        self.revision += 1
        for listener in list(self._listeners):
            listener(topic)

    def _read(self, sql: str, parameters: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        return self._reader.execute(sql, parameters).fetchall()

    # -- the campaign row -----------------------------------------------------------------

    def summary(self) -> CampaignSummary:
        rows = self._read("SELECT name, start_date, current_day, settings FROM campaign LIMIT 1")
        if not rows:
            raise CampaignRefused(f"“{self.path.name}” is a GM Desk file with no campaign in it.")
        name, start, day, settings = rows[0]
        return CampaignSummary(
            name=str(name),
            start_date=date.fromisoformat(str(start)),
            current_day=int(day),  # type: ignore[call-overload]
            settings=json.loads(str(settings)),
        )

    def rename(self, name: str) -> None:
        from desktop.store import writer

        title = roster.check_name(name)
        with self._writing("campaign") as session:
            writer.rename_campaign(session, title)

    # -- the roster -------------------------------------------------------------------------

    def characters(self) -> list[CharacterRecord]:
        """Every roster entry, in roster order."""
        rows = self._read(f"SELECT {CHARACTER_COLUMNS} FROM character ORDER BY position, id")
        return [CharacterRecord(*row) for row in rows]  # type: ignore[arg-type]

    def character(self, character_id: int) -> CharacterRecord:
        rows = self._read(
            f"SELECT {CHARACTER_COLUMNS} FROM character WHERE id = ?", (character_id,)
        )
        if not rows:
            raise NotFound(f"Character {character_id} is no longer in the campaign.")
        return CharacterRecord(*rows[0])  # type: ignore[arg-type]

    def add_character(self, name: str, kind: str = "pc", notes: str = "") -> CharacterRecord:
        from desktop.store import writer

        values = {
            "name": roster.check_name(name),
            "kind": roster.check_kind(kind),
            "notes": roster.check_notes(notes),
        }
        with self._writing("characters") as session:
            return writer.add_character(session, **values)

    def update_character(self, character_id: int, **changes: object) -> CharacterRecord:
        """Change name, kind and/or notes; returns the record as it is now."""
        from desktop.store import writer

        checks = {"name": roster.check_name, "kind": roster.check_kind, "notes": roster.check_notes}
        unknown = set(changes) - set(checks)
        if unknown:
            raise ValueError(f"A character has no field {', '.join(sorted(unknown))}.")
        values: dict[str, object] = {key: checks[key](value) for key, value in changes.items()}
        with self._writing("characters") as session:
            return writer.update_character(session, character_id, values)

    def delete_character(self, character_id: int) -> CharacterRecord:
        """Delete a roster entry; returns what `restore_character` needs to undo it."""
        from desktop.store import writer

        with self._writing("characters") as session:
            return writer.delete_character(session, character_id)

    def restore_character(self, record: CharacterRecord) -> CharacterRecord:
        """Put a deleted roster entry back with its old id and place."""
        from desktop.store import writer

        with self._writing("characters") as session:
            writer.insert_characters(session, [record])
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

    def integrity_check(self) -> list[str]:
        """SQLite's own check of the whole file: ["ok"] when it is sound."""
        with closing(connect(self.path, read_only=True)) as checking:
            return [str(row[0]) for row in checking.execute("PRAGMA integrity_check")]


def _sidecars(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")
