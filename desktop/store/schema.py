"""Which schema a campaign file has, and upgrading it with the shipped Alembic revisions."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from desktop.store.connection import APPLICATION_ID, sqlite_uri
from desktop.store.errors import CampaignRefused
from desktop.store.migrations import FOLDER, HEAD, REVISIONS


def read_revision(path: Path) -> str:
    """The file's Alembic revision, after checking that it is a GM Desk campaign.

    Reads through a read-only connection, so a refused file is never written to.
    """
    name = path.name
    try:
        connection = sqlite3.connect(_inspection_uri(path), uri=True)
    except sqlite3.Error as error:
        raise CampaignRefused(f"“{name}” could not be opened: {error}.") from None
    try:
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
        if application_id != APPLICATION_ID:
            raise CampaignRefused(f"“{name}” is a database, but not a GM Desk campaign.")
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError as error:
        if isinstance(error, sqlite3.OperationalError) and "no such table" in str(error):
            raise CampaignRefused(f"“{name}” is a database, but not a GM Desk campaign.") from None
        raise CampaignRefused(f"“{name}” is damaged and cannot be read ({error}).") from None
    finally:
        connection.close()
    if row is None:
        raise CampaignRefused(f"“{name}” is a database, but not a GM Desk campaign.")
    revision = str(row[0])
    if revision not in REVISIONS:
        raise CampaignRefused(
            f"“{name}” was saved by a newer version of GM Desk (file format {revision}). "
            "Update GM Desk to open it; the file has not been changed."
        )
    return revision


def _inspection_uri(path: Path) -> str:
    """A read-only URI that leaves no trace when there is no live WAL to read.

    Even a read-only connection to a WAL-mode file creates `-wal` and `-shm` beside it;
    `immutable=1` does not, and is safe exactly when no `-wal` holds newer pages.
    """
    uri = sqlite_uri(path, read_only=True)
    wal = path.with_name(path.name + "-wal")
    return uri if wal.exists() else uri + "&immutable=1"


def needs_upgrade(revision: str) -> bool:
    return revision != HEAD


def upgrade(path: Path) -> None:
    """Bring the file's schema to HEAD in one transaction (Alembic is imported only here).

    Foreign keys are off while migrating: Alembic's batch mode rebuilds a table by
    copying it and dropping the old one, and with foreign keys on, dropping `character`
    would cascade and delete every die, trait and item. They are checked instead
    before the transaction commits, so a migration never leaves a dangling reference.
    """
    # Alembic and SQLAlchemy are imported only when a file actually needs upgrading.
    from alembic import command
    from alembic.config import Config

    from desktop.store.engine import make_engine

    config = Config()
    config.set_main_option("script_location", str(FOLDER))
    engine = make_engine(path, read_only=False, foreign_keys=False)
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if dangling:
                raise CampaignRefused(
                    f"“{path.name}” could not be upgraded: {len(dangling)} rows would refer "
                    f"to rows that are missing (first: {tuple(dangling[0])}). "
                    "The file has not been changed."
                )
    finally:
        engine.dispose()
