"""The roster's table as the file's judges read it (see store/tables.py).

A character's row is judged by the rules' check of each field (`roster.CHECKS`), and
the bound of each whole-number field is the range its check states, so a new field of
a character is declared in the rules and the record and nowhere here."""

from __future__ import annotations

from desktop.rules import roster
from desktop.rules.numbers import WholeRange
from desktop.store import checks
from desktop.store.bounds import bound_from, id_bound, position_bound
from desktop.store.core import Row
from desktop.store.roster.rows import CHARACTER_COLUMNS, CHARACTER_FIELDS
from desktop.store.tables import AreaTable, RowContext


def _character(row: Row, _context: RowContext) -> None:
    values = dict(zip(CHARACTER_FIELDS, row, strict=True))
    for name, check in roster.CHECKS.items():
        check(values[name])
    checks.position(values["position"])


TABLES = (
    AreaTable(
        "character",
        "character",
        "characters",
        {
            "id": id_bound("A character's id"),
            "position": position_bound("A character's"),
            **{
                name: bound_from(check)
                for name, check in roster.CHECKS.items()
                if isinstance(check, WholeRange)
            },
        },
        f"SELECT {CHARACTER_COLUMNS} FROM character",
        lambda row, _context: f"Character {row[0]} ({row[1]})",
        _character,
    ),
)
