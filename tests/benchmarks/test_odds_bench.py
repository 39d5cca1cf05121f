"""Exact odds against brute-force enumeration measured in the same run.

Run with ``make bench``; plain ``pytest`` skips these (``--benchmark-skip``), so timing
never decides a plain test. Targets from issue 4:

* a tray of 12 mixed dice (d4..d20) plus 5 table dice: under 50 ms, and at least 100
  times faster than enumerating every outcome. The 12-dice tray has about 2 * 10^11
  outcomes, so the enumeration is timed per outcome on a 5-dice tray and scaled; it is
  also timed outright against the exact odds on a 6-dice tray both can do.
* conflict odds for 10 dice against 10 dice: under 200 ms.

The baselines are lean loops (plain arithmetic, no validation), so the speed-ups are
not flattered by the cost of ``resolve_roll``'s checks.
"""

from collections import Counter
from fractions import Fraction
from itertools import product
from math import prod

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.rules.odds import Side, conflict_odds, tray_odds
from tests.benchmarks.timing import best_seconds

TRAY_12 = (4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 20, 20)
TABLE = 5
SMALL_TRAY = (4, 6, 8, 10, 12)  # 23 040 outcomes: the per-outcome cost
SHARED_TRAY = (4, 6, 8, 10, 12, 20)  # 460 800 outcomes: timed outright both ways

FIRST_10 = Side((4, 6, 6, 8, 8, 10, 10, 12, 12, 20), table=3, damage=8, protection=6)
SECOND_10 = Side((6, 6, 6, 6, 6, 6, 8, 8, 10, 12), table=2, damage=10, protection=4)
D20_10 = Side((20,) * 10, table=5, damage=20, protection=20)
SMALL_FIRST = Side((6, 8), table=1, damage=6)
SMALL_SECOND = Side((6, 10), table=0, protection=4)

EXACT_LIMIT_S = 0.050
CONFLICT_LIMIT_S = 0.200
SPEED_UP = 100


# --------------------------------------------------------------------------- baselines


def enumerate_tray(sizes: tuple[int, ...], table: int) -> tuple[dict[int, Fraction], Fraction]:
    """Every outcome of the tray: totals, tuples and depletions, counted one by one."""
    totals: Counter[int] = Counter()
    depleted: Counter[int] = Counter()
    tuples = 0
    is_d4 = [size == 4 for size in sizes]
    for faces in product(*(range(1, size + 1) for size in sizes)):
        totals[sum(faces) + table] += 1
        big = d4 = 0
        for face, small in zip(faces, is_d4, strict=True):
            if face == 1:
                if small:
                    d4 += 1
                else:
                    big += 1
        depleted[big + d4 // 2] += 1
        tuples += len(set(faces)) == 1
    n = prod(sizes)
    return {k: Fraction(v, n) for k, v in totals.items()}, Fraction(tuples, n)


def _side_extra(size: int | None) -> range:
    return range(1, size + 1) if size else range(0, 1)


def enumerate_conflict(first: Side, second: Side) -> tuple[Fraction, Fraction]:
    """Every outcome of both trays and the four item dice: the chance first wins and
    the dice the second side expects to lose."""
    ranges = [range(1, s + 1) for s in (*first.sizes, *second.sizes)]
    extras = [first.damage, first.protection, second.damage, second.protection]
    ranges += [_side_extra(s) for s in extras]
    split, ends = len(first.sizes), len(first.sizes) + len(second.sizes)
    wins = lost = 0
    for faces in product(*ranges):
        a = sum(faces[:split]) + first.table
        b = sum(faces[split:ends]) + second.table
        first_damage, _, _, second_protection = faces[ends:]
        if a > b:
            wins += 1
            gap = a + first_damage - b - second_protection
            lost += 1 + gap // 10 if gap > 0 else 0
    n = prod(len(r) for r in ranges)
    return Fraction(wins, n), Fraction(lost, n)


def _outcomes(first: Side, second: Side) -> int:
    extras = (first.damage, first.protection, second.damage, second.protection)
    return prod(first.sizes) * prod(second.sizes) * prod(s or 1 for s in extras)


@pytest.fixture(scope="module")
def tray_seconds_per_outcome() -> float:
    return best_seconds(3, lambda: enumerate_tray(SMALL_TRAY, TABLE)) / prod(SMALL_TRAY)


@pytest.fixture(scope="module")
def conflict_seconds_per_outcome() -> float:
    seconds = best_seconds(3, lambda: enumerate_conflict(SMALL_FIRST, SMALL_SECOND))
    return seconds / _outcomes(SMALL_FIRST, SMALL_SECOND)


def _median(benchmark: BenchmarkFixture) -> float | None:
    """The measured median, or None when benchmarks run disabled (one plain call)."""
    return None if benchmark.disabled or benchmark.stats is None else benchmark.stats.stats.median


# --------------------------------------------------------------------------- trays


@pytest.mark.benchmark(group="tray")
def test_enumeration_baseline(benchmark: BenchmarkFixture) -> None:
    totals, _ = benchmark.pedantic(enumerate_tray, (SMALL_TRAY, TABLE), rounds=3)
    assert totals == dict(tray_odds(SMALL_TRAY, TABLE).totals)


@pytest.mark.benchmark(group="tray")
def test_exact_tray_of_12_plus_5(
    benchmark: BenchmarkFixture, tray_seconds_per_outcome: float
) -> None:
    odds = benchmark.pedantic(tray_odds, (TRAY_12, TABLE), rounds=30, warmup_rounds=1)
    assert sum(odds.totals.values()) == 1
    exact = _median(benchmark)
    if exact is None:
        return
    enumeration = tray_seconds_per_outcome * prod(TRAY_12)
    benchmark.extra_info.update(
        outcomes=prod(TRAY_12),
        exact_ms=exact * 1000,
        enumeration_scaled_s=enumeration,
        speed_up=enumeration / exact,
    )
    assert exact < EXACT_LIMIT_S
    assert enumeration / exact >= SPEED_UP


@pytest.mark.benchmark(group="tray")
def test_exact_against_enumeration_on_the_same_tray(benchmark: BenchmarkFixture) -> None:
    enumeration = best_seconds(1, lambda: enumerate_tray(SHARED_TRAY, TABLE))
    totals, tuples = enumerate_tray(SHARED_TRAY, TABLE)
    odds = benchmark.pedantic(tray_odds, (SHARED_TRAY, TABLE), rounds=30, warmup_rounds=1)
    assert dict(odds.totals) == totals
    assert odds.tuple_chance == tuples
    exact = _median(benchmark)
    if exact is None:
        return
    benchmark.extra_info.update(
        enumeration_s=enumeration, exact_ms=exact * 1000, speed_up=enumeration / exact
    )
    assert enumeration / exact >= SPEED_UP


# --------------------------------------------------------------------------- conflicts


@pytest.mark.benchmark(group="conflict")
def test_conflict_enumeration_baseline(benchmark: BenchmarkFixture) -> None:
    wins, lost = benchmark.pedantic(enumerate_conflict, (SMALL_FIRST, SMALL_SECOND), rounds=3)
    odds = conflict_odds(SMALL_FIRST, SMALL_SECOND)
    assert (wins, lost) == (odds.first_wins, odds.expected_second_lost)


@pytest.mark.parametrize(
    ("first", "second"),
    [(FIRST_10, SECOND_10), (D20_10, D20_10)],
    ids=["mixed", "all-d20"],
)
@pytest.mark.benchmark(group="conflict")
def test_conflict_10_against_10(
    benchmark: BenchmarkFixture,
    conflict_seconds_per_outcome: float,
    first: Side,
    second: Side,
) -> None:
    odds = benchmark.pedantic(conflict_odds, (first, second), rounds=15, warmup_rounds=1)
    assert odds.first_wins + odds.second_wins + odds.tie == 1
    exact = _median(benchmark)
    if exact is None:
        return
    enumeration = conflict_seconds_per_outcome * _outcomes(first, second)
    benchmark.extra_info.update(
        exact_ms=exact * 1000, enumeration_scaled_s=enumeration, speed_up=enumeration / exact
    )
    assert exact < CONFLICT_LIMIT_S
    assert enumeration / exact >= SPEED_UP
