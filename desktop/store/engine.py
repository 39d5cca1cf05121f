"""SQLAlchemy engines on a campaign file, for the write side and migrations."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import URL, Engine, create_engine, event

from desktop.store.connection import connect


def make_engine(
    path: Path, *, read_only: bool, foreign_keys: bool = True, wal: bool = True
) -> Engine:
    """An engine whose transactions are real SQLite transactions (reads included);
    `foreign_keys` and `wal` as in `connection.connect`."""
    engine = create_engine(
        # Built, not parsed: a "?" or "#" in the file's name is part of the name, never
        # a query (the connections come from `connect`, which quotes the whole path).
        URL.create("sqlite", database=path.as_posix()),
        creator=lambda: connect(path, read_only=read_only, foreign_keys=foreign_keys, wal=wal),
    )

    # pysqlite's own transaction handling would start transactions late (and commit
    # DDL implicitly); SQLAlchemy's documented recipe is to emit BEGIN ourselves.
    @event.listens_for(engine, "begin")
    def _begin(connection):
        connection.exec_driver_sql("BEGIN")

    return engine
