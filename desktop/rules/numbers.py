"""The whole-number checks the rules modules share, with one wording for each refusal.

A module checks that a value is a whole number its own way (energy's exact type test is
cheaper on its hot paths), then asks here whether the number is in bounds, so that the
messages a GM reads are the same whichever rule refused; `typed_number` reads a number
the GM typed into any field.
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


# More digits than any number a rule allows could need; int() refuses past 4300.
MAX_TYPED_DIGITS = 18


def typed_number(text: str, what: str) -> int:
    """A whole number the GM typed, or ValueError with a plain message (letters, an
    empty box and fractions are refused, never dropped or rounded)."""
    if not isinstance(text, str):
        raise ValueError(f"{what} must be typed as text, not {text!r}.")
    cleaned = text.strip()
    if not cleaned:
        raise ValueError(f"Type {what[0].lower() + what[1:]} first.")
    digits = cleaned[1:] if cleaned[0] in "+-" else cleaned  # one sign at most
    if not digits.isdigit() or not digits.isascii():
        raise ValueError(f"{what} must be a whole number, not {cleaned[:20]!r}.")
    if len(digits) > MAX_TYPED_DIGITS:
        # Far past any range a rule allows, and past what Python converts.
        raise ValueError(f"{what} is far too large ({len(digits)} digits).")
    return int(cleaned)
