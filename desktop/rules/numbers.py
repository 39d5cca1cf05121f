"""The one whole-number check of GM Desk, with one wording for each refusal.

Every rule that takes a count, a size or an amount checks it with `whole_number`, and
`typed_number` reads a number the GM typed into any field, so the sentence a GM reads
is the same whichever rule or field refused:

- "<What> must be a whole number, not <value>."
- "<What> must be at least <low>, not <number>."
- "<What> must be at most <high>, not <number>."
- "<What> must be between <low> and <high>, not <number>."

A range a rule states (a tier, an age) is a `WholeRange`, so that its limits are data:
the rule checks by it and the store bounds the column that keeps it by the same
numbers (`store.bounds.bound_from`), instead of repeating them.
"""

from __future__ import annotations

from dataclasses import dataclass


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


@dataclass(frozen=True)
class WholeRange:
    """The whole numbers a rule allows, `low` to `high` (both included), named `what`
    in a refusal; `optional`: a value may also be left unsaid (None).

    Calling one checks a value as a field's check does (None passes when optional);
    `check` is the plain check for a rule that needs a number (None refused)."""

    what: str
    low: int
    high: int
    optional: bool = False

    def __call__(self, value: object) -> int | None:
        if value is None and self.optional:
            return None
        return self.check(value)

    def check(self, value: object, what: str | None = None) -> int:
        """`value` if it is in the range; ValueError in `whole_number`'s words, naming it
        `what` when the rule's sentence names it otherwise."""
        return whole_number(value, self.what if what is None else what, self.low, self.high)


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
