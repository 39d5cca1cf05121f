"""SQLAlchemy engines on a campaign file, with the pragmas every connection needs."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import Engine, create_engine, event

# "GMDK": marks a SQLite file as a GM Desk campaign (PRAGMA application_id).
APPLICATION_ID = 0x474D444B
BUSY_TIMEOUT_S = 5.0


def sqlite_uri(path: Path, *, read_only: bool) -> str:
    """The `file:` URI SQLite needs to open `path`, read-only when asked."""
    uri = "file:" + quote(path.as_posix(), safe="/:")
    return uri + ("?mode=ro" if read_only else "")


def connect(path: Path, *, read_only: bool) -> sqlite3.Connection:
    """A raw connection in autocommit mode: transactions are begun explicitly."""
    connection = sqlite3.connect(
        sqlite_uri(path, read_only=read_only),
        uri=True,
        timeout=BUSY_TIMEOUT_S,
        isolation_level=None,
        check_same_thread=False,
    )
    if not read_only:
        connection.execute("PRAGMA journal_mode=WAL")
    # FULL: an acknowledged GM action survives a power cut, not only a crash.
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA foreign_keys=ON")
    return connection


def make_engine(path: Path, *, read_only: bool) -> Engine:
    """An engine whose transactions are real SQLite transactions (reads included)."""
    engine = create_engine(
        f"sqlite:///{path.as_posix()}",
        creator=lambda: connect(path, read_only=read_only),
    )

    # pysqlite's own transaction handling would start transactions late (and commit
    # DDL implicitly); SQLAlchemy's documented recipe is to emit BEGIN ourselves.
    @event.listens_for(engine, "begin")
    def _begin(connection):  # type: ignore[no-untyped-def]
        connection.exec_driver_sql("BEGIN")

    return engine
