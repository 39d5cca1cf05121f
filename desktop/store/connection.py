"""Plain sqlite3 connections to a campaign file, with the pragmas every one needs."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

# "GMDK": marks a SQLite file as a GM Desk campaign (PRAGMA application_id).
APPLICATION_ID = 0x474D444B
BUSY_TIMEOUT_S = 5.0


def sqlite_uri(path: Path, *, read_only: bool) -> str:
    """The `file:` URI SQLite needs to open `path`, read-only when asked."""
    uri = "file:" + quote(path.as_posix(), safe="/:")
    return uri + ("?mode=ro" if read_only else "")


def connect(
    path: Path, *, read_only: bool, foreign_keys: bool = True, wal: bool = True
) -> sqlite3.Connection:
    """A connection in autocommit mode: transactions are begun explicitly.

    Foreign keys are enforced (and cascade) on every connection, and a writer puts the
    file in WAL mode, except on the one that migrates the schema (see `schema.upgrade`).
    """
    connection = sqlite3.connect(
        sqlite_uri(path, read_only=read_only),
        uri=True,
        timeout=BUSY_TIMEOUT_S,
        isolation_level=None,
        check_same_thread=False,
    )
    if wal and not read_only:
        connection.execute("PRAGMA journal_mode=WAL")
    # FULL: an acknowledged GM action survives a power cut, not only a crash.
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
    return connection
