"""One whole-number check, one wording: every rule that takes a count or an amount, and
every field the GM types a number into, refuses with the same sentences."""

from __future__ import annotations

import re

import pytest

from desktop.rules import dicepool, downtime, energy, factions, numbers, odds, syscards


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


def test_a_whole_range_checks_in_whole_numbers_words() -> None:
    age = numbers.WholeRange("An age", 0, 120, optional=True)
    assert age(0) == 0 and age(120) == 120 and age(None) is None
    with pytest.raises(ValueError, match=exact("An age must be between 0 and 120, not 121.")):
        age(121)
    with pytest.raises(ValueError, match=exact("An age must be a whole number, not True.")):
        age(True)
    # `check` is the plain check: None is no number, even in an optional range.
    with pytest.raises(ValueError, match=exact("An age must be a whole number, not None.")):
        age.check(None)
    with pytest.raises(ValueError, match=exact("A mayor's age must be between 0 and 120, not -1.")):
        age.check(-1, "A mayor's age")
    required = numbers.WholeRange("A count", 1, 3)
    with pytest.raises(ValueError, match=exact("A count must be a whole number, not None.")):
        required(None)


def test_the_ranges_the_rules_state_keep_their_own_refusals() -> None:
    """A range as data changes no sentence: a tier still "is 0 to 6", efficiency is
    checked in whole_number's words."""
    with pytest.raises(ValueError, match=exact("A tier is 0 to 6, not 7.")):
        factions.check_tier(7)
    with pytest.raises(ValueError, match=exact("A status is -3 to 3, not 4.")):
        factions.check_status(4)
    with pytest.raises(ValueError, match=exact("Efficiency must be between 1 and 100, not 0.")):
        syscards.check_efficiency(0)
    with pytest.raises(ValueError, match=exact("A clock has 2 to 12 segments, not 13.")):
        downtime.Clock("Doom", 13)
    assert (factions.TIER.low, factions.TIER.high) == (factions.MIN_TIER, factions.MAX_TIER)
