"""The one whole-number check of GM Desk, with one wording for each refusal.

Every rule that takes a count, a size or an amount checks it with `whole_number`, and
`typed_number` reads a number the GM typed into any field, so the sentence a GM reads
is the same whichever rule or field refused:

- "<What> must be a whole number, not <value>."
- "<What> must be at least <low>, not <number>."
- "<What> must be at most <high>, not <number>."
- "<What> must be between <low> and <high>, not <number>."
"""

from __future__ import annotations


def whole_number(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` if it is a whole number from ``low`` to ``high`` (each bound only
    when given, both included); bools are refused (True is not 1 here)."""
    # An exact type test first: one comparison for the plain ints the rules build thousands
    # of times a second; bool (a subclass of int) is then refused by the slower test.
    if type(value) is int or (isinstance(value, int) and not isinstance(value, bool)):
        number = value
    else:
        raise ValueError(f"{what} must be a whole number, not {value!r}.")
    if low is not None and high is not None:
        if not low <= number <= high:
            raise ValueError(f"{what} must be between {low} and {high}, not {number}.")
    elif low is not None and number < low:
        raise ValueError(f"{what} must be at least {low}, not {number}.")
    elif high is not None and number > high:
        raise ValueError(f"{what} must be at most {high}, not {number}.")
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
