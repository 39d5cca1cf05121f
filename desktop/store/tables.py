"""What each area declares of its tables, once: the words that name a row, how the file's
rows are read and judged, the bounds of their whole numbers and, for a flat table, its
section of the export.

An area package lists its tables as `TABLES` (a tuple of `AreaTable`) in its `__all__`,
and the campaign's `Area` line names them (`Area("desktop.store.clocks", "ClockManager",
tables=("clock",))`), so that finding one table's declaration imports only the area
that owns it. The file's own judges and writers read these declarations through the
campaign's list of areas instead of naming each table: `health` (the open check and
Check Campaign: words, reads, row checks), `bounds` (every whole number's bounds) and
the exchange (export, the import's models and checks, the import's writes), so that a
new area with a flat table touches none of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from desktop.store.core import Row

if TYPE_CHECKING:
    from _typeshed import DataclassInstance
    from sqlmodel import Session

    from desktop.store.bounds import Bound
    from desktop.store.campaign import Campaign

R = TypeVar("R", bound="DataclassInstance")


@dataclass(frozen=True)
class RowContext:
    """What a row's check or its description may need beyond the row: the characters'
    names by id and the campaign's stress track (read once per check of the file)."""

    names: Mapping[int, str]
    stress_track: int

    def character(self, character_id: object) -> str:
        """A character named as the GM knows them, or by id when the file lacks them."""
        if isinstance(character_id, int) and character_id in self.names:
            return self.names[character_id]
        return f"character {character_id}"


Describe = Callable[[Row, RowContext], str]
Check = Callable[[Row, RowContext], object]


@dataclass(frozen=True)
class FlatSection(Generic[R]):
    """A table exported as one list of flat records at the top of the export (`key`):
    each record's fields are its JSON keys, and the import's model of one is made from
    the record's fields, the table's bounds and `check` (see exchange/models.py)."""

    key: str
    record: type[R]
    export: Callable[[Campaign], Iterable[R]]  # every record, in the export's order
    check: Callable[[R], object]  # ValueError with a plain message for a bad record
    insert: Callable[[Session, Sequence[R]], None]  # the import's rows, in its transaction


@dataclass(frozen=True)
class AreaTable:
    """One table of an area, as the file's judges and the exchange read it.

    `read` selects every row (its id, or the owner's, first), `describe` names a row in
    a finding ("Die 12 of Kara"), `check` raises ValueError (or TypeError, KeyError,
    AttributeError) for a row the store would refuse to read; None for a table whose
    rows the bounds and SQLite's constraints judge alone. `bounds` are its whole
    numbers' (see `bounds.Bound`). `section` is its part of the export when it is a flat
    one; tables exported inside others are written by exchange/ itself.
    """

    name: str
    singular: str
    plural: str
    bounds: Mapping[str, Bound]
    read: str = ""
    describe: Describe | None = None
    check: Check | None = None
    section: FlatSection[Any] | None = None


def area_tables() -> tuple[AreaTable, ...]:
    """Every area's tables, in the order the campaign lists its areas (every area
    package imported)."""
    return _all_tables()


def area_table(name: str) -> AreaTable | None:
    """The declaration of table `name`, importing only the area that owns it; None for
    a table no area owns (the campaign row is the file's own)."""
    return _one_table(name)


def flat_sections() -> tuple[FlatSection[Any], ...]:
    """The export's sections that areas declare, in the campaign's order of areas."""
    return tuple(table.section for table in area_tables() if table.section is not None)


def insert_rows(model: str) -> Callable[[Session, Sequence[DataclassInstance]], None]:
    """A section's `insert` for a table whose row (`models.<model>`) has the record's
    fields as its columns: the import's plain bulk insert, bounds checked."""

    def insert(session: Session, records: Sequence[DataclassInstance]) -> None:
        from desktop.store import models, writer

        values = [{f.name: getattr(record, f.name) for f in fields(record)} for record in records]
        writer.insert_new_rows(session, getattr(models, model), values)

    return insert


# -- found through the campaign's areas ----------------------------------------------------


@cache
def _owners() -> dict[str, str]:
    """Table -> the module of the area that owns it, as the campaign's Area lines say."""
    # The campaign's class holds the list of areas; imported when first asked, as the
    # campaign module itself imports the file's judges that ask.
    from desktop.store.areas import areas_of
    from desktop.store.campaign import Campaign

    return {table: area.module for area in areas_of(Campaign) for table in area.tables}


def _declared(module: str) -> tuple[AreaTable, ...]:
    tables: tuple[AreaTable, ...] = importlib.import_module(module).TABLES
    return tables


@cache
def _one_table(name: str) -> AreaTable | None:
    module = _owners().get(name)
    if module is None:
        return None
    return next((table for table in _declared(module) if table.name == name), None)


@cache
def _all_tables() -> tuple[AreaTable, ...]:
    from desktop.store.areas import areas_of
    from desktop.store.campaign import Campaign

    return tuple(table for area in areas_of(Campaign) for table in _declared(area.module))
