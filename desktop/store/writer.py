"""The write side of a campaign: sqlmodel sessions, one transaction per GM action.

Imported only when a campaign is first written to, so that opening and showing a
campaign never pays for importing SQLAlchemy, pydantic and sqlmodel (about 0.4 s).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import event, insert
from sqlmodel import Session, SQLModel, select

from desktop.store import bounds
from desktop.store.engine import make_engine
from desktop.store.models import CampaignInfo


class Writer:
    """The engine of one writable campaign file."""

    def __init__(self, path: Path) -> None:
        self.engine = make_engine(path, read_only=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session:
            # The last word before anything reaches the file: a number some action's
            # arithmetic took past its column's bounds (heat + 1 at the top) is refused
            # plainly, and the whole action with it.
            event.listen(session, "before_flush", _within_bounds)
            with session.begin():
                yield session

    def dispose(self) -> None:
        self.engine.dispose()


def _within_bounds(session: Session, _context: object, _instances: object) -> None:
    for row in (*session.new, *session.dirty):
        table = str(getattr(row, "__tablename__", ""))
        columns = bounds.of_table(table)
        bounds.check_row(table, {name: getattr(row, name) for name in columns})


def add_campaign(
    session: Session, name: str, start_date: str, current_day: int, settings: str
) -> None:
    session.add(
        CampaignInfo(name=name, start_date=start_date, current_day=current_day, settings=settings)
    )


def rename_campaign(session: Session, name: str) -> None:
    session.exec(select(CampaignInfo)).one().name = name


def set_settings(session: Session, settings: str) -> None:
    """Replace the campaign's settings JSON (checked by the caller)."""
    session.exec(select(CampaignInfo)).one().settings = settings


def insert_new_rows(
    session: Session, model: type[SQLModel], rows: Sequence[dict[str, object]]
) -> None:
    """Insert many rows, each new, at once: an import filling a new, empty file.

    SQLAlchemy core's executemany, with no ORM object built nor identity looked up per
    row (for 100,000 rows that was most of an import's time). The caller has checked
    the rows, ids included; the file's constraints still hold them to the schema.
    """
    table = str(model.__tablename__)
    for row in rows:
        bounds.check_row(table, row)
    if rows:
        session.connection().execute(insert(model.__table__), list(rows))  # type: ignore[attr-defined]  # a table model has __table__
