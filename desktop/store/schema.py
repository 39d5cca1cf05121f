"""Which schema a campaign file has, and upgrading it with the shipped Alembic revisions."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.store import health
from desktop.store.connection import APPLICATION_ID, connect
from desktop.store.errors import CampaignRefused, failure_reason
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


def roll_back_killed_upgrade(path: Path) -> None:
    """Undo, from its `-journal`, an upgrade killed half way through writing the file.

    An upgrade keeps a file's own journal mode (see `migrated`), so one killed while
    writing a rollback-journal file leaves it half written beside the journal that
    undoes it. SQLite undoes it on a writer's first read; a backup reads read-only and
    cannot, so this is done before the backup of an older file (which `files.inspecting`
    has judged as it will be once undone).
    """
    journal = path.with_name(path.name + "-journal")
    # os.path.exists: a `-journal` name too long to exist is no journal (see files.py).
    if not os.path.exists(journal) or journal.stat().st_size == 0:
        return

    try:
        with closing(connect(path, read_only=False, wal=False)) as connection:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as error:
        what, todo = failure_reason(error, path)
        raise CampaignRefused(
            f"“{path.name}” could not be opened: an earlier upgrade of it was cut short, "
            f"and undoing it failed ({what}). Nothing more was changed. {todo}"
        ) from None


def upgrade(path: Path, check: Callable[[sqlite3.Connection], None] | None = None) -> None:
    """Bring the file's schema to HEAD in one transaction (Alembic is imported only here).

    Whatever fails, the transaction is rolled back and the file is left byte for byte
    as it was, with a plain CampaignRefused: a file that lacks what its own revision
    made (judged before any migration reads it), a migration that fails half way, a
    full disk, or `check` (the open's value check) refusing the upgraded rows, which it
    reads before the transaction commits.

    Foreign keys are off while migrating: Alembic's batch mode rebuilds a table by
    copying it and dropping the old one, and with foreign keys on, dropping `character`
    would cascade and delete every die, trait and item. They are checked instead
    before the transaction commits, so a migration never leaves a dangling reference.
    """
    try:
        with migrated(path, "head") as connection:
            upgraded = connection.connection.driver_connection
            assert isinstance(upgraded, sqlite3.Connection)
            dangling = upgraded.execute("PRAGMA foreign_key_check").fetchall()
            if dangling:
                table, row_id, parent, _key = dangling[0]
                raise CampaignRefused(
                    f"“{path.name}” could not be upgraded: {len(dangling)} rows would refer "
                    f"to rows that are missing (the first: {health.singular_of(table)} "
                    f"{row_id}, whose {health.singular_of(parent)} is not in the file). The "
                    "file has not been changed; File > Check Campaign can save a repaired copy."
                )
            if check is not None:
                check(upgraded)
    except CampaignRefused:
        raise
    except Exception as error:
        # Whatever a migration meets (Alembic's, SQLAlchemy's or SQLite's errors), the
        # transaction is rolled back and the GM is told in words what to do.
        raise CampaignRefused(
            f"“{path.name}” could not be upgraded to this GM Desk's file format: "
            f"{_why_not_upgraded(error, path)}"
        ) from None


# SQLite's words for a write the disk refused, as opposed to a file that is not as its
# revision made it.
_DISK_WORDS = ("full", "read-only", "readonly", "disk i/o", "unable to open")


def _why_not_upgraded(error: Exception, path: Path) -> str:
    text = str(getattr(error, "orig", None) or error).lower()
    if isinstance(error, OSError) or any(word in text for word in _DISK_WORDS):
        what, todo = failure_reason(error, path)
        return f"{what}. The file has not been changed. {todo}"
    return (
        "it does not hold what a campaign of its older version should, so it may have "
        "been changed by another program. The file has not been changed; File > Check "
        "Campaign can tell more and save a repaired copy."
    )


@contextmanager
def migrated(path: Path, revision: str) -> Iterator[Connection]:
    """The file's schema brought to `revision` by the shipped migrations, foreign keys
    off (see `upgrade`), in one transaction that commits when the block ends well.

    The file keeps its journal mode while migrating: turning a rollback-journal file
    (a backup, another program's copy) to WAL would itself change it, even if the
    migration then failed. A file that claims a revision is first judged against what
    that revision made (see `health.refuse_unsound`), so no migration meets a table
    that is not there. At the newest revision, the search index's triggers are made (or
    made again) in the same transaction (`search_index.install`).
    """
    from alembic import command
    from alembic.config import Config

    from desktop.store.engine import make_engine

    config = Config()
    config.set_main_option("script_location", str(FOLDER))
    engine = make_engine(path, read_only=False, foreign_keys=False, wal=False)
    try:
        with engine.begin() as connection:
            driver = connection.connection.driver_connection
            assert isinstance(driver, sqlite3.Connection)
            _refuse_unlike_its_revision(driver, path.name)
            connection.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            if revision in ("head", HEAD):
                # The search index's triggers, as this GM Desk makes them, and the index
                # rebuilt if they were not (search_index/definition.py says why here).
                from desktop.store import search_index

                search_index.install(driver)
            yield connection
    finally:
        engine.dispose()


def _refuse_unlike_its_revision(connection: sqlite3.Connection, name: str) -> None:
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.OperationalError:
        return  # a new file: it claims no revision yet
    if row is not None and str(row[0]) in REVISIONS:
        health.refuse_unsound(connection, name, values=False, revision=str(row[0]))
