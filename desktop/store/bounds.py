"""The bounds of every whole number the campaign file keeps, each declared once: the
campaign row's here, every other table's by the area that owns it (its `TABLES`, see
tables.py), read from there.

Each integer column of each table has one `Bound`: the lowest and highest value the
file keeps, and the safe value that may stand in for a bad one. The rules still judge
what only they know (a die's size is one of six, a clock's fill is within its
segments); a bound is what every writer, the import, the open check and Check Campaign
hold a stored number to, so that nothing is written that a copy of the file would be
refused for on open, and nothing is imported that a write would refuse.

For Repair (`checkup`), `safe_value(table, column)` answers "what may replace a bad
value of this column?": a number, None where the column may be empty, or raises
`NoSafeValue` where none exists (an id: the row cannot be kept without it).

Who uses it:

- the writer checks every row an action adds or changes (`check_row`, called before
  each flush: see `writer.Writer`), and the few rows written with plain SQL
  (`writer.set_current_day`, the import's bulk inserts) call it themselves;
- the record checks (`checks`, `downtime_checks`, `games`) call `check` for the
  columns whose bounds are the file's rather than the rules', and `games` holds the
  numbers of a game's play state to `GAME_STATE`;
- `health.value_findings` (open and Check Campaign) reads every declared column of
  every row and names each value out of its bounds.

The invariants that tie records together (one game running, a game started on a day
the calendar has reached, a roll naming its game) are in `games.check_games`, used by
the same four.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache

from desktop.rules.numbers import WholeRange
from desktop.store import checks

# The file's own bound for any whole number (Qt's spin boxes and painters take 32-bit
# integers; see checks.INTEGER_MAX).
TOP = checks.INTEGER_MAX
TRAUMA_MAX = 4  # the downtime sheet's four trauma boxes


class NoSafeValue(LookupError):
    """A column with no value that could stand in for a bad one (an id, a link)."""


@dataclass(frozen=True)
class Bound:
    """A column's bounds. `safe` stands in for a bad value (None: the column may be
    empty, which is safe); `has_safe` False means nothing can (the row goes)."""

    what: str
    low: int = 0
    high: int = TOP
    safe: int | None = 0
    has_safe: bool = True
    nullable: bool = False


def id_bound(what: str, *, nullable: bool = False) -> Bound:
    """An id or a link to another row: from 1, with no value to stand in for a bad one
    (the row goes) unless it may be empty."""
    return Bound(what, low=1, safe=None, has_safe=nullable, nullable=nullable)


def bound_from(limits: WholeRange, what: str | None = None, *, safe: int | None = None) -> Bound:
    """The bound of a column that keeps a number a rule states the range of: the
    rule's limits, so that they are written once. `what` names the column where the
    store's words differ from the rule's ("A faction's tier"); `safe` stands in for a
    bad value (None: empty where the range is optional, else the range's lowest)."""
    if safe is None and not limits.optional:
        safe = limits.low
    return Bound(
        limits.what if what is None else what,
        limits.low,
        limits.high,
        safe,
        nullable=limits.optional,
    )


def position_bound(owner: str) -> Bound:
    """A row's place in its list ("A die's" position)."""
    return Bound(f"{owner} position")


# The campaign row is the file's own (its name, calendar and settings); every other
# table is an area's, its bounds declared with its other facts (see tables.py).
CAMPAIGN: dict[str, Bound] = {
    "id": id_bound("The campaign's id"),
    "current_day": Bound("The campaign's current day", 1, checks.CURRENT_DAY_MAX, 1),
}


@cache
def columns() -> dict[str, dict[str, Bound]]:
    """Every integer column of every table, by table (a test checks that none is left
    out); also `COLUMNS`. Made when first asked for, from every area's declaration."""
    from desktop.store.tables import area_tables

    return {"campaign": CAMPAIGN, **{table.name: dict(table.bounds) for table in area_tables()}}


def of_table(table: str) -> dict[str, Bound]:
    """The declared bounds of `table`'s whole-number columns, by column (none: {}).

    Only the area that owns `table` is imported to answer: a campaign opened for play
    writes its rolls and games without loading the other areas' rules
    (tests/ui/test_paint_first.py)."""
    return _of_table(table)


@cache
def _of_table(table: str) -> dict[str, Bound]:
    if table == "campaign":
        return CAMPAIGN
    from desktop.store.tables import area_table

    declared = area_table(table)
    return {} if declared is None else dict(declared.bounds)


def __getattr__(name: str) -> object:
    if name == "COLUMNS":
        return columns()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# The numbers a game keeps in its play state (`game.state`, JSON: see `games`), RULES.md
# section 2: the round, the characters it names, and the pool sizes of Start game and
# End game (never below 0; End game's growth never shrinks one: `games.check_game`).
ROUND_MAX = 100_000
GAME_STATE: dict[str, Bound] = {
    "round": Bound("A game's round", 1, ROUND_MAX, 1),
    "character": id_bound("A character of a game"),
    "pool_size": Bound("A pool size", 0, TOP, None, has_safe=False),
}


def game_number(name: str, value: object) -> int:
    """A number of a game's play state within its declared bound (ValueError if not)."""
    declared = GAME_STATE[name]
    return checks.whole(value, declared.what, low=declared.low, high=declared.high)


def bound(table: str, column: str) -> Bound | None:
    """The declared bound of `table.column`, or None (not a whole-number column)."""
    return of_table(table).get(column)


def check(table: str, column: str, value: object) -> int | None:
    """`value` if `table.column` may hold it; ValueError with a plain message if not.
    A column without a declared bound takes any value here (the rules judge it)."""
    declared = bound(table, column)
    if declared is None:
        return value  # type: ignore[return-value]  # no bound here: the rules judge it later
    if value is None and declared.nullable:
        return None
    return checks.whole(value, declared.what, low=declared.low, high=declared.high)


def check_row(table: str, values: Mapping[str, object]) -> None:
    """Every declared column among `values` within its bounds (ValueError if not)."""
    for column, declared in of_table(table).items():
        if column in values:
            value = values[column]
            if value is None and (declared.nullable or column == "id"):
                continue  # an id the file is about to give
            checks.whole(value, declared.what, low=declared.low, high=declared.high)


def safe_value(table: str, column: str) -> int | None:
    """What may replace a bad value of `table.column` (None: empty). Raises
    NoSafeValue where nothing can (the row cannot be kept), or for a column that has
    no declared bound."""
    declared = bound(table, column)
    if declared is None or not declared.has_safe:
        raise NoSafeValue(f"{table}.{column}")
    return declared.safe


def findings(table: str, row: Mapping[str, object]) -> Iterator[str]:
    """A plain sentence for each declared column of `row` out of its bounds."""
    for column, value in row.items():
        try:
            check(table, column, value)
        except ValueError as error:
            yield str(error)
