"""What every area's write module (`<area>/writes.py`, `writer.py`) shares: finding a row
that must exist, writing checked values onto one, reading one back as its record,
refusing ids already taken, and keeping an ordered group's positions dense.

Imported with them, only when a campaign is first written to (see `writer.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import ColumnElement, func, update
from sqlmodel import Session, SQLModel, col, select

from desktop.store.errors import NotFound

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Row = TypeVar("Row", bound=SQLModel)
Record = TypeVar("Record", bound="DataclassInstance")

ID_BATCH = 500  # ids looked up per statement by `refuse_taken_ids`


def existing_row(session: Session, model: type[Row], row_id: int, missing: str) -> Row:
    """The row with `row_id`, or NotFound with the plain message `missing`."""
    row = session.get(model, row_id)
    if row is None:
        raise NotFound(missing)
    return row


def set_values(row: SQLModel, values: Mapping[str, object]) -> None:
    """Write checked column values onto a row."""
    for key, value in values.items():
        setattr(row, key, value)


def added(session: Session, row: Row) -> Row:
    """A new row, in the file (flushed, so that it has its id)."""
    session.add(row)
    session.flush()
    return row


def written(session: Session, row: Row, values: Mapping[str, object]) -> Row:
    """A row with checked column values written onto it, flushed."""
    set_values(row, values)
    session.flush()
    return row


def relink(
    session: Session, model: type[Any], column: str, owner_id: int, row_ids: Sequence[int]
) -> None:
    """Point rows at a restored owner again through `column`: those of `row_ids` that
    have not been linked to another owner since (their column is still NULL)."""
    if row_ids:
        session.exec(
            update(model)
            .where(col(model.id).in_(row_ids), col(getattr(model, column)).is_(None))
            .values({column: owner_id})
        )


def record_of(kind: type[Record], row: SQLModel, **given: object) -> Record:
    """A row as its record: each field read from the row's column of the same name,
    except those `given` (the fields a record spells differently from its row)."""
    values = {
        f.name: given[f.name] if f.name in given else getattr(row, f.name) for f in fields(kind)
    }
    return kind(**values)


def refuse_taken_ids(
    session: Session, model: type[SQLModel], ids: Iterable[int], what: str = ""
) -> None:
    """Refuse, before anything is written, an id a row of `model` already has.
    `what` names the row in the message; by default its table's name."""
    wanted = list(ids)
    # In batches: an import may bring more ids than SQLite takes parameters at once.
    for start in range(0, len(wanted), ID_BATCH):
        batch = wanted[start : start + ID_BATCH]
        taken = session.exec(select(model.id).where(col(model.id).in_(batch))).first()  # type: ignore[attr-defined]  # every table model has an id
        if taken is not None:
            what = what or str(model.__tablename__)
            raise ValueError(f"That {what} is already in the campaign.")


def count_rows(
    session: Session, model: type[SQLModel], where: Iterable[ColumnElement[bool]]
) -> int:
    return int(session.exec(select(func.count()).select_from(model).where(*where)).one())


def shift_positions(
    session: Session,
    model: type[Any],
    group: Iterable[ColumnElement[bool]],
    start: int,
    step: int,
    skip: int = 0,
) -> None:
    """Move every row of an ordered group (`group` picks it) from position `start` on
    by `step` places (+1 or -1), except the row `skip` (one being moved)."""
    session.exec(
        update(model)
        .where(*group, col(model.position) >= start, col(model.id) != skip)
        .values(position=model.position + step)
    )
