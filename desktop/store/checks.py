"""Checks of single values before they reach the campaign file.

The game's own rules (die sizes, kinds, places, trait steps, traits, items) are checked
by `desktop.rules`; this module only adds what the file needs besides (ids, positions,
yes/no flags, roll log fields). Every check returns the value to store, or raises
ValueError with a message a GM can read. Campaign methods and the JSON import share
these, so a value refused by one is refused by the other.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from desktop.rules import dicepool, roster
from desktop.store.records import DieRecord

# What the roll log records; the Roll Log dock shows each kind differently.
ROLL_KINDS: tuple[str, ...] = ("roll", "conflict", "act", "challenge")
SUMMARY_MAX = 2_000
DICE_AT_ONCE = 100


def whole(value: object, what: str, low: int = 0) -> int:
    # bool is an int to Python, but True as a position or an id is always a mistake.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}.")
    if value < low:
        raise ValueError(f"{what} must be at least {low}, not {value}.")
    return value


def row_id(value: object, what: str = "An id") -> int:
    return whole(value, what, low=1)


def optional_id(value: object, what: str) -> int | None:
    return None if value is None else row_id(value, what)


def position(value: object) -> int:
    return whole(value, "A position")


def flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} is a yes or no (true or false), not {value!r}.")
    return value


def count(value: object) -> int:
    number = whole(value, "The number of dice", low=1)
    # A slip of the keyboard (1000 for 10) should not bury the table in dice.
    if number > DICE_AT_ONCE:
        raise ValueError(f"At most {DICE_AT_ONCE} dice can be added at once, not {number}.")
    return number


def die_size(value: object) -> int:
    return dicepool.check_size(value)


def die_kind(value: object) -> str:
    return dicepool.check_kind(value).value


def die_place(value: object) -> str:
    return dicepool.check_place(value).value


def die(record: DieRecord) -> DieRecord:
    """A die as the file keeps it: each field checked, kinds and places as plain text."""
    if not isinstance(record, DieRecord):
        raise ValueError(f"Expected a die, not {record!r}.")
    size = die_size(record.size)
    checked = DieRecord(
        id=row_id(record.id, "A die's id"),
        character_id=row_id(record.character_id, "A die's character"),
        size=size,
        kind=die_kind(record.kind),
        place=die_place(record.place),
        item_id=optional_id(record.item_id, "A die's item"),
        in_tray=flag(record.in_tray, "Being in the tray"),
        steps=whole(record.steps, "The number of steps"),
        down_to_d4=flag(record.down_to_d4, "Stepping down to d4"),
        position=position(record.position),
    )
    dicepool.check_tray_choice(size, checked.steps, checked.down_to_d4)
    return checked


def trait(name: object, value: object, broad: object) -> dicepool.Trait:
    """A trait's name (spaces tidied, at most 80 characters), value and breadth."""
    return dicepool.Trait(roster.check_name(name), value, broad)  # type: ignore[arg-type]


def item(name: object, kind: object, die_size: object, deplete: object) -> dicepool.Item:
    return dicepool.Item(roster.check_name(name), kind, die_size, deplete)  # type: ignore[arg-type]


def item_kind(value: object) -> str:
    dicepool.item_die_kind(value)  # refuses anything but a weapon or armour
    return str(value)


def roll_kind(value: object) -> str:
    if value not in ROLL_KINDS:
        raise ValueError(f"A roll log line is one of {', '.join(ROLL_KINDS)}, not {value!r}.")
    return str(value)


def moment(value: object) -> datetime:
    """A local date and time to whole seconds, from a datetime or ISO text."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(
                f"Expected a date and time like 2026-03-01T20:15:00, not {value!r}."
            ) from None
    if not isinstance(value, datetime):
        raise ValueError(f"Expected a date and time, not {value!r}.")
    if value.tzinfo is not None:
        value = value.astimezone().replace(tzinfo=None)  # the log is in the GM's local time
    return value.replace(microsecond=0)


def timestamp(value: object) -> str:
    """The text the roll log keeps: ISO local date and time, whole seconds."""
    return moment(value).isoformat(timespec="seconds")


def detail(value: object) -> str:
    """A roll's detail as the JSON text the file keeps."""
    if not isinstance(value, dict):
        raise ValueError(f"A roll's detail must be a JSON object, not {value!r}.")
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise ValueError(f"A roll's detail must be plain JSON data: {error}.") from None


def total(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"A roll's total must be a whole number, not {value!r}.")
    return value


def summary(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("A roll's summary must be text.")
    if len(value) > SUMMARY_MAX:
        raise ValueError(f"A roll's summary can have at most {SUMMARY_MAX} characters.")
    return value


def parse_detail(text: str) -> dict[str, Any]:
    """The detail read back; a damaged line shows as empty rather than breaking the log."""
    try:
        parsed = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return parsed if isinstance(parsed, dict) else {}
