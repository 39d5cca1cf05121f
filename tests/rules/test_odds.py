"""Exact odds: known values, the rule text's claims about odds, and brute force.

The brute force enumerates every face of every die and asks ``dicepool`` what each
outcome means, so the odds are checked against the rules themselves.
"""

from collections import Counter
from fractions import Fraction
from itertools import product
from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.rules.dicepool import PRESETS, SIZES, Rolled, resolve_roll, settle_conflict
from desktop.rules.odds import (
    ConflictOdds,
    Side,
    chance_any_depletes,
    chance_catastrophe,
    chance_to_reach,
    chance_tuple,
    conflict_odds,
    depletion_distribution,
    expected_depleted,
    format_percent,
    percent,
    total_distribution,
    tray_odds,
)

# --------------------------------------------------------------------------- brute force


def brute_tray(sizes: tuple[int, ...], table: int) -> dict[str, object]:
    """Every outcome of the tray, counted through ``resolve_roll``."""
    totals: Counter[int] = Counter()
    depleted: Counter[int] = Counter()
    tuples = catastrophes = 0
    for faces in product(*(range(1, s + 1) for s in sizes)):
        result = resolve_roll(sizes, faces, table)
        totals[result.total] += 1
        depleted[len(result.depleted)] += 1
        tuples += result.is_tuple
        catastrophes += result.catastrophe
    n = prod(sizes)
    return {
        "totals": {k: Fraction(v, n) for k, v in totals.items()},
        "depleted": {k: Fraction(v, n) for k, v in depleted.items()},
        "tuple": Fraction(tuples, n),
        "catastrophe": Fraction(catastrophes, n),
    }


def brute_conflict(first: Side, second: Side) -> ConflictOdds:
    """Every outcome of both trays and of the extra dice, settled by ``settle_conflict``."""
    extras = [first.damage, first.protection, second.damage, second.protection]
    sizes = [*first.sizes, *second.sizes, *(s or 1 for s in extras)]
    wins = [0, 0, 0]  # first, second, tie
    lost: list[Counter[int]] = [Counter(), Counter()]
    split = len(first.sizes)
    ends = split + len(second.sizes)
    for faces in product(*(range(1, s + 1) for s in sizes)):
        a = sum(faces[:split]) + first.table
        b = sum(faces[split:ends]) + second.table
        first_damage, first_protection, second_damage, second_protection = faces[ends:]
        if a > b:
            damage = Rolled(first.damage, first_damage) if first.damage else None
            protection = Rolled(second.protection, second_protection) if second.protection else None
        elif b > a:
            damage = Rolled(second.damage, second_damage) if second.damage else None
            protection = Rolled(first.protection, first_protection) if first.protection else None
        else:
            damage = protection = None
        outcome = settle_conflict(a, b, damage, protection)
        wins[2 if outcome.winner is None else outcome.winner] += 1
        for side in (0, 1):
            lost[side][outcome.dice_lost if outcome.loser == side else 0] += 1
    n = prod(sizes)
    return ConflictOdds(
        first_wins=Fraction(wins[0], n),
        second_wins=Fraction(wins[1], n),
        tie=Fraction(wins[2], n),
        first_lost={k: Fraction(v, n) for k, v in sorted(lost[0].items())},
        second_lost={k: Fraction(v, n) for k, v in sorted(lost[1].items())},
    )


# --------------------------------------------------------------------------- known values


def test_two_d6() -> None:
    assert chance_to_reach([6, 6], 7) == Fraction(21, 36)
    assert total_distribution([6, 6])[7] == Fraction(6, 36)
    assert chance_tuple([6, 6]) == Fraction(1, 6)
    assert chance_catastrophe([6, 6]) == Fraction(1, 36)
    assert chance_any_depletes([6, 6]) == Fraction(11, 36)
    assert expected_depleted([6, 6]) == Fraction(1, 3)


def test_table_dice_add_one_each() -> None:
    assert total_distribution([6], table=3) == {k + 3: Fraction(1, 6) for k in range(1, 7)}
    assert total_distribution([], table=2) == {2: 1}
    assert chance_to_reach([], 2, table=2) == 1
    assert chance_to_reach([6], -5) == 1
    assert chance_to_reach([6], 7) == 0


def test_tray_odds_bundles_everything() -> None:
    odds = tray_odds((8, 6, 4), table=1)
    assert odds.reach(10) == chance_to_reach([8, 6, 4], 10, table=1)
    assert odds.expected_total == Fraction(9, 2) + Fraction(7, 2) + Fraction(5, 2) + 1
    assert odds.any_depletes == chance_any_depletes([8, 6, 4])
    assert odds.expected_depleted == Fraction(1, 8) + Fraction(1, 6)
    assert odds.tuple_chance == Fraction(4, 8 * 6 * 4)
    assert odds.catastrophe_chance == Fraction(1, 8 * 6 * 4)


# --------------------------------------------------------------------------- the rule text on odds


def test_one_d4_cannot_deplete() -> None:
    # "Rolling one four sided die (1d4) cannot deplete a die."
    assert chance_any_depletes([4]) == 0


def test_two_d4_deplete_only_on_double_ones() -> None:
    # "they do not deplete unless two die get a one in the same roll."
    assert chance_any_depletes([4, 4]) == Fraction(1, 16)
    assert depletion_distribution([4, 4, 4, 4])[2] == Fraction(1, 256)


def test_two_d6_or_two_d4_give_the_best_tuple_chances() -> None:
    # "If the character needs to regain some depleted dice, rolling two six sided dice
    # (2d6) or two four sided dice (2d4) give the best chances of getting a tuple."
    best = chance_tuple([4, 4])
    best_without_d4 = chance_tuple([6, 6])
    for n in (2, 3, 4):
        for sizes in product(SIZES, repeat=n):
            assert chance_tuple(sizes) <= best
            if 4 not in sizes:
                assert chance_tuple(sizes) <= best_without_d4


def test_different_steps_make_tuples_rarer() -> None:
    # "Rolling dice at different steps reduces the chance of getting a tuple, since the
    # largest die can roll higher than all the other dice."
    assert chance_tuple([6, 8]) < chance_tuple([6, 6])
    assert chance_tuple([6, 20]) < chance_tuple([6, 8])


def test_more_dice_succeed_more_but_tuple_less() -> None:
    # "Rolling large numbers of dice out of a character's dice pool can make succeeding
    # much more likely, but it makes it harder to get a tuple and recover dice. It also
    # makes it possible to roll a number of ones all at once"
    for n in range(2, 8):
        assert chance_to_reach([6] * (n + 1), 15) > chance_to_reach([6] * n, 15)
        assert chance_tuple([6] * (n + 1)) < chance_tuple([6] * n)
        assert expected_depleted([6] * (n + 1)) > expected_depleted([6] * n)


def test_traits_change_the_chance_of_depleting() -> None:
    # "Normally this doesn't change the chance of dice depleting but it does when Traits
    # are used."
    for n in range(1, 8):
        assert expected_depleted([6] * n) == Fraction(n, 6)
    assert expected_depleted([8, 8, 8]) == Fraction(3, 8)
    assert chance_any_depletes([8, 6]) < chance_any_depletes([6, 6])


def test_lowering_to_d4_lowers_high_results() -> None:
    # "Lowering the die type reduces the chance of getting a high result for the roll"
    assert chance_to_reach([4, 4], 8) < chance_to_reach([6, 6], 8)


def test_challenge_presets_average_around_their_difficulty() -> None:
    # "The different die values displayed should average to around the difficulty
    # number." The larger pools are within 15 %; Easy and Tiring are rougher.
    for preset in PRESETS:
        for size, count in preset.counts:
            mean = tray_odds([size] * count).expected_total
            limit = 0.15 if preset.difficulty >= 20 else 0.45
            assert abs(mean - preset.difficulty) <= limit * preset.difficulty


# --------------------------------------------------------------------------- conflicts


def test_conflict_of_single_dice() -> None:
    odds = conflict_odds(Side((6,)), Side((6,)))
    assert odds.first_wins == odds.second_wins == Fraction(15, 36)
    assert odds.tie == Fraction(6, 36)
    # A d6 against a d6 can never differ by ten: one die lost whenever someone wins.
    assert odds.first_lost == {0: Fraction(21, 36), 1: Fraction(15, 36)}
    assert odds.expected_second_lost == Fraction(15, 36)


def test_conflict_with_table_and_items() -> None:
    odds = conflict_odds(Side((20,), table=10, damage=6), Side((4,), protection=4))
    assert odds.first_wins == 1
    assert odds.first_lost == {0: 1}
    assert sum(odds.second_lost.values()) == 1
    assert odds.expected_second_lost > 1


def test_conflict_validates() -> None:
    with pytest.raises(ValueError, match="The damage die: Die size must be one of"):
        Side((6,), damage=7)
    with pytest.raises(ValueError, match="Die size must be one of"):
        Side((5,))
    with pytest.raises(ValueError, match="at least 0"):
        Side((6,), table=-1)
    with pytest.raises(ValueError, match="between two sides"):
        conflict_odds(Side(), (6,))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- display and validation


def test_percent_helpers() -> None:
    assert percent(Fraction(1, 4)) == 25.0
    assert format_percent(Fraction(1, 4)) == "25%"
    assert format_percent(Fraction(1, 3), 1) == "33.3%"
    assert format_percent(Fraction(0)) == "0%"
    assert format_percent(Fraction(1)) == "100%"
    # Possible but rare never reads as impossible, nearly certain never as certain.
    assert format_percent(Fraction(1, 1000)) == "<1%"
    assert format_percent(Fraction(999, 1000)) == ">99%"
    assert format_percent(Fraction(1, 100000), 1) == "<0.1%"
    assert format_percent(Fraction(99999, 100000), 1) == ">99.9%"
    with pytest.raises(ValueError, match="between 0 and 1"):
        percent(Fraction(3, 2))
    with pytest.raises(ValueError, match="exact fraction"):
        percent(0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="exact fraction"):
        percent(True)  # type: ignore[arg-type]


def test_odds_validate_their_inputs() -> None:
    with pytest.raises(ValueError, match=r"^Die size must be one of 4, 6, 8, 10, 12, 20, not 5\.$"):
        tray_odds([5])
    with pytest.raises(ValueError, match="not True"):
        chance_tuple([True])
    with pytest.raises(ValueError, match="whole number"):
        chance_to_reach([6], 2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="whole number"):
        tray_odds([6], table=True)


# --------------------------------------------------------------------------- properties

# Small trays, so that every outcome can be enumerated quickly.
small_trays = st.lists(st.sampled_from(SIZES), max_size=4).filter(lambda s: prod(s) <= 12_000)


@given(small_trays, st.integers(0, 5))
@settings(max_examples=40, deadline=None)
def test_tray_odds_match_brute_force(sizes: list[int], table: int) -> None:
    odds = tray_odds(sizes, table)
    brute = brute_tray(tuple(sizes), table)
    assert dict(odds.totals) == brute["totals"]
    assert dict(odds.depleted) == brute["depleted"]
    assert odds.tuple_chance == brute["tuple"]
    assert odds.catastrophe_chance == brute["catastrophe"]


@given(st.lists(st.sampled_from(SIZES), max_size=14), st.integers(0, 10))
@settings(max_examples=60, deadline=None)
def test_distributions_sum_to_one(sizes: list[int], table: int) -> None:
    odds = tray_odds(sizes, table)
    assert sum(odds.totals.values()) == 1
    assert sum(odds.depleted.values()) == 1
    assert min(odds.totals) == len(sizes) + table
    assert max(odds.totals) == sum(sizes) + table
    assert 0 <= odds.catastrophe_chance <= odds.tuple_chance <= 1
    assert odds.expected_depleted <= len(sizes)


optional_size = st.none() | st.sampled_from(SIZES)
small_sides = st.builds(
    Side,
    sizes=st.lists(st.sampled_from(SIZES), max_size=2).map(tuple).filter(lambda s: prod(s) <= 120),
    table=st.integers(0, 12),
    damage=optional_size,
    protection=optional_size,
)


@given(small_sides, small_sides)
@settings(max_examples=30, deadline=None)
def test_conflict_odds_match_brute_force(first: Side, second: Side) -> None:
    extras = [first.damage, first.protection, second.damage, second.protection]
    outcomes = prod(first.sizes) * prod(second.sizes) * prod(s or 1 for s in extras)
    if outcomes > 30_000:  # drop the items to keep the enumeration quick
        first, second = Side(first.sizes, first.table), Side(second.sizes, second.table)
    assert conflict_odds(first, second) == brute_conflict(first, second)


@given(
    st.lists(st.sampled_from(SIZES), max_size=10).map(tuple),
    st.lists(st.sampled_from(SIZES), max_size=10).map(tuple),
    optional_size,
    optional_size,
)
@settings(max_examples=25, deadline=None)
def test_conflict_chances_sum_to_one(
    first: tuple[int, ...], second: tuple[int, ...], damage: int | None, armour: int | None
) -> None:
    odds = conflict_odds(Side(first, 1, damage=damage), Side(second, 2, protection=armour))
    assert odds.first_wins + odds.second_wins + odds.tie == 1
    assert sum(odds.first_lost.values()) == 1
    assert sum(odds.second_lost.values()) == 1
    # A side only loses dice when it loses the conflict.
    assert 1 - odds.first_lost.get(0, 0) <= odds.second_wins
    assert 1 - odds.second_lost.get(0, 0) <= odds.first_wins
