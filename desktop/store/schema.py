"""Which schema a campaign file has, and upgrading it with the shipped Alembic revisions."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.store.connection import APPLICATION_ID
from desktop.store.errors import CampaignRefused
from desktop.store.files import damaged_message, inspecting
from desktop.store.migrations import FOLDER, HEAD, REVISIONS

if TYPE_CHECKING:
    from sqlalchemy import Connection


def read_revision(path: Path) -> str:
    """The file's Alembic revision, after checking that it is a GM Desk campaign.

    Reads without writing (see `files.inspecting`), so a refused file is never changed.
    """
    with inspecting(path, shared=True) as connection:
        return revision_of(connection, path.name)


def revision_of(connection: sqlite3.Connection, name: str) -> str:
    """The revision a connected campaign is at; CampaignRefused if it is none we know."""
    not_ours = f"“{name}” is a database, but not a GM Desk campaign. Nothing was changed."
    try:
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
        if application_id != APPLICATION_ID:
            raise CampaignRefused(not_ours)
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError as error:
        if isinstance(error, sqlite3.OperationalError) and "no such" in str(error):
            raise CampaignRefused(not_ours) from None
        raise CampaignRefused(damaged_message(name, str(error))) from None
    if row is None:
        raise CampaignRefused(not_ours)
    revision = str(row[0])
    if revision in REVISIONS:
        return revision
    if _is_newer(revision):
        raise CampaignRefused(
            f"“{name}” was saved by a newer version of GM Desk. Your campaign is safe: "
            "the file has not been changed. Update GM Desk to open it."
        )
    raise CampaignRefused(
        f"“{name}” says it is a GM Desk campaign, but in a file format this GM Desk does "
        "not know, so it may have been altered by another program. The file has not been "
        "changed; File > Check Campaign can tell more."
    )


def _is_newer(revision: str) -> bool:
    """True for a revision numbered past ours ("0009_…"): a later GM Desk made it."""
    number = revision.split("_", 1)[0]
    head = HEAD.split("_", 1)[0]
    return number.isdigit() and len(number) == len(head) and number > head


def needs_upgrade(revision: str) -> bool:
    return revision != HEAD


def upgrade(path: Path) -> None:
    """Bring the file's schema to HEAD in one transaction (Alembic is imported only here).

    Foreign keys are off while migrating: Alembic's batch mode rebuilds a table by
    copying it and dropping the old one, and with foreign keys on, dropping `character`
    would cascade and delete every die, trait and item. They are checked instead
    before the transaction commits, so a migration never leaves a dangling reference.
    """
    with migrated(path, "head") as connection:
        dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if dangling:
            raise CampaignRefused(
                f"“{path.name}” could not be upgraded: {len(dangling)} rows would refer "
                f"to rows that are missing (first: {tuple(dangling[0])}). "
                "The file has not been changed."
            )


@contextmanager
def migrated(path: Path, revision: str) -> Iterator[Connection]:
    """The file's schema brought to `revision` by the shipped migrations, foreign keys
    off (see `upgrade`), in one transaction that commits when the block ends well."""
    # Alembic and SQLAlchemy are imported only when a file's schema is actually made.
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
            command.upgrade(config, revision)
            yield connection
    finally:
        engine.dispose()
