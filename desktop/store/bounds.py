"""The bounds of every whole number the campaign file keeps, declared once.

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

from desktop.rules import dicepool
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


def _id(what: str, *, nullable: bool = False) -> Bound:
    return Bound(what, low=1, safe=None, has_safe=nullable, nullable=nullable)


def _position(owner: str) -> Bound:
    return Bound(f"{owner} position")


@cache
def columns() -> dict[str, dict[str, Bound]]:
    """Every integer column of every table, by table (a test checks that none is left
    out); also `COLUMNS`. Made when first asked for: the rules it quotes are a good part
    of opening's time, and a campaign opened for play reads a game without them."""
    return {**_play_columns(), **_other_columns()}


# The tables a campaign opened for play reads and writes: their bounds quote the dice
# pool's rules alone, so reading a game at start, or a roll's first write, imports no
# other area's rules (tests/ui/test_paint_first.py).
_PLAY_TABLES = frozenset(
    {"campaign", "character", "die", "trait", "item", "roll_log", "game"}
    | {"energy_profile", "energy_day"}
)


def of_table(table: str) -> dict[str, Bound]:
    """The declared bounds of `table`'s whole-number columns, by column (none: {})."""
    return (_play_columns() if table in _PLAY_TABLES else columns()).get(table, {})


@cache
def _play_columns() -> dict[str, dict[str, Bound]]:
    return {
        "campaign": {
            "id": _id("The campaign's id"),
            "current_day": Bound("The campaign's current day", 1, checks.CURRENT_DAY_MAX, 1),
        },
        "character": {"id": _id("A character's id"), "position": _position("A character's")},
        "die": {
            "id": _id("A die's id"),
            "character_id": _id("A die's character"),
            "size": Bound(
                "A die's size", min(dicepool.SIZES), max(dicepool.SIZES), dicepool.DEFAULT_SIZE
            ),
            "item_id": _id("A die's item", nullable=True),
            "steps": Bound("A die's steps"),
            "position": _position("A die's"),
        },
        "trait": {
            "id": _id("A trait's id"),
            "character_id": _id("A trait's character"),
            "value": Bound("A trait's value", 1, TOP, 1),
            "position": _position("A trait's"),
        },
        "item": {
            "id": _id("An item's id"),
            "character_id": _id("An item's character"),
            "position": _position("An item's"),
        },
        "roll_log": {
            "id": _id("A roll log line's id"),
            "character_id": _id("A roll log line's character", nullable=True),
            "total": Bound("A roll's total", -TOP, TOP, None, nullable=True),
            "day": _id("A roll's day", nullable=True),
            "game_id": _id("A roll's game", nullable=True),
            "scene": _id("A roll's scene", nullable=True),
            "round": _id("A roll's round", nullable=True),
            "turn": _id("A roll's turn", nullable=True),
        },
        "game": {
            "id": _id("A game's id"),
            "started_day": Bound("A game's first day", 1, checks.CURRENT_DAY_MAX, 1),
        },
        "energy_profile": {
            "character_id": _id("An energy profile's character"),
            "daily_net": Bound("A daily net", 0, checks.DAILY_NET_MAX),
        },
        "energy_day": {
            "character_id": _id("An energy day's character"),
            "day": Bound("An energy day", 1, checks.CURRENT_DAY_MAX, None, has_safe=False),
        },
    }


@cache
def _other_columns() -> dict[str, dict[str, Bound]]:
    from desktop.rules import downtime, factions, syscards

    return {
        "chapter": {
            "id": Bound("The chapter's id", 1, 1, 1),
            "tier": Bound(
                "The chapter's tier", factions.MIN_TIER, factions.MAX_TIER, factions.MIN_TIER
            ),
            "rep": Bound("The chapter's rep", 0, factions.FULL_REP),
            "coin": Bound("The chapter's coin"),
            "heat": Bound("The chapter's heat"),
        },
        "card": {
            "id": _id("A SySCard's id"),
            "owner_id": _id("A SySCard's owner", nullable=True),
            "character_id": _id("A SySCard's character", nullable=True),
            "efficiency": Bound(
                "A SySCard's efficiency",
                syscards.MIN_RATE,
                syscards.MAX_RATE,
                syscards.NEW_CARD_EFFICIENCY,
            ),
            **{
                name: Bound(f"A SySCard's {name}", 0, checks.CARD_NUMBER_MAX)
                for name in checks.CARD_NUMBERS
            },
            "position": _position("A SySCard's"),
        },
        "card_image": {"card_id": _id("An image's SySCard")},
        "faction": {
            "id": _id("A faction's id"),
            "tier": Bound(
                "A faction's tier", factions.MIN_TIER, factions.MAX_TIER, factions.MIN_TIER
            ),
            "status": Bound(
                "A faction's status", factions.MIN_STATUS, factions.MAX_STATUS, factions.NEUTRAL
            ),
            "position": _position("A faction's"),
        },
        "clock": {
            "id": _id("A clock's id"),
            "segments": Bound(
                "A clock's segments",
                downtime.MIN_SEGMENTS,
                downtime.MAX_SEGMENTS,
                downtime.COMMON_SEGMENTS[0],
            ),
            "filled": Bound("A clock's fill", 0, downtime.MAX_SEGMENTS),
            "character_id": _id("A clock's character", nullable=True),
            "faction_id": _id("A clock's faction", nullable=True),
            "position": _position("A clock's"),
        },
        "claim": {"id": _id("A claim's id"), "faction_id": _id("A claim's faction", nullable=True)},
        "claim_path": {
            "id": _id("A claim path's id"),
            "start_id": _id("A claim path's start", nullable=True),
            "end_id": _id("A claim path's end"),
        },
        "downtime_sheet": {
            "character_id": _id("A downtime sheet's character"),
            "stress": Bound("Stress", 0, downtime.MAX_STRESS_TRACK),
            "trauma": Bound("Trauma", 0, TRAUMA_MAX),
            "hp": Bound("Current HP", 0, TOP),
            "hp_max": Bound("Maximum HP", 0, TOP, None, has_safe=False),
        },
        "downtime_session": {"number": _id("A downtime session's number")},
        "downtime_entry": {
            "id": _id("A downtime step's id"),
            "session": _id("A downtime step's session"),
            "character_id": _id("A downtime step's character", nullable=True),
            "coin_spent": Bound("The coin a downtime step spent"),
        },
    }


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
    "character": _id("A character of a game"),
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
