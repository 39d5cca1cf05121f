"""One whole-number check, one wording: every rule that takes a count or an amount, and
every field the GM types a number into, refuses with the same sentences."""

from __future__ import annotations

import re

import pytest

from desktop.rules import dicepool, energy, factions, numbers, odds


def exact(message: str) -> str:
    return f"^{re.escape(message)}$"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: numbers.whole_number("3", "A count"), "A count must be a whole number, not '3'."),
        (lambda: numbers.whole_number(2.5, "A count"), "A count must be a whole number, not 2.5."),
        (
            lambda: numbers.whole_number(True, "A count"),
            "A count must be a whole number, not True.",
        ),
        (lambda: numbers.whole_number(-1, "A count", 0), "A count must be at least 0, not -1."),
        (lambda: numbers.whole_number(7, "A count", high=6), "A count must be at most 6, not 7."),
        (
            lambda: numbers.whole_number(0, "A count", 1, 6),
            "A count must be between 1 and 6, not 0.",
        ),
        (
            lambda: numbers.typed_number("2.5", "A count"),
            "A count must be a whole number, not '2.5'.",
        ),
        (lambda: numbers.typed_number(" ", "A count"), "Type a count first."),
    ],
)
def test_the_one_check_words_each_refusal_one_way(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=exact(message)):
        call()  # type: ignore[operator]


def test_in_range_numbers_pass_through_unchanged() -> None:
    assert numbers.whole_number(0, "A count", 0) == 0
    assert numbers.whole_number(6, "A count", 1, 6) == 6
    assert numbers.whole_number(-5, "A count") == -5
    assert numbers.typed_number(" +12 ", "A count") == 12


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # Each rules module once refused a number below its bound in its own words
        # ("at least", "or more", "can't be negative"); now all say it the one way.
        (lambda: dicepool.Trait("Fighter", 0), "The value of Fighter must be at least 1, not 0."),
        (lambda: odds.total_distribution([6], table=-1), "The table must be at least 0, not -1."),
        (lambda: odds.chance_to_reach([6], 1.5), "The target must be a whole number, not 1.5."),
        (lambda: energy.decay(-1), "A store or pool must be at least 0, not -1."),
        (lambda: factions.require_non_negative(-2, "Coin"), "Coin must be at least 0, not -2."),
        (lambda: factions.score_heat(-1, False), "Heat from a score must be at least 0, not -1."),
    ],
)
def test_every_rule_uses_the_one_wording(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()  # type: ignore[operator]
