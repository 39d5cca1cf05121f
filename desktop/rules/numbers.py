"""The whole-number checks the rules modules share, with one wording for each refusal.

A module checks that a value is a whole number its own way (energy's exact type test is
cheaper on its hot paths), then asks here whether the number is in bounds, so that the
messages a GM reads are the same whichever rule refused.
"""

from __future__ import annotations


def whole_number(value: object, what: str) -> int:
    """Return ``value`` if it is a whole number; bools are refused (True is not 1 here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}.")
    return value


def at_least(number: int, what: str, low: int) -> int:
    """Return ``number`` if it is ``low`` or more."""
    if number < low:
        raise ValueError(f"{what} must be {low} or more, not {number}.")
    return number


def between(number: int, what: str, low: int, high: int) -> int:
    """Return ``number`` if it is from ``low`` to ``high``, both included."""
    if not low <= number <= high:
        raise ValueError(f"{what} must be between {low} and {high}, not {number}.")
    return number
