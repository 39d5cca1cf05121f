"""Timing helpers for the benchmarks: every target is a ratio to a same-run baseline."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from pytest_benchmark.fixture import BenchmarkFixture


def median_seconds(action: Callable[[], object], rounds: int) -> float:
    """The median wall time of `rounds` runs of `action`, after one warm-up run."""
    action()
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def best_seconds(runs: int, action: Callable[[], object]) -> float:
    """The shortest wall time of `runs` runs of `action` (no warm-up run)."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - started)
    return best


def alternating(
    benchmark: BenchmarkFixture,
    plain: Callable[[], object],
    real: Callable[[], object],
    rounds: int,
    *,
    before_plain: Callable[[], object] | None = None,
    before_real: Callable[[], object] | None = None,
) -> tuple[object, float]:
    """Benchmark `real` with `plain` run and timed just before each round, so a busy
    moment of the machine weighs on both alike; `real`'s last result and `plain`'s
    median seconds. `before_plain` and `before_real` run untimed before each (to put
    back what the other changed)."""
    floors: list[float] = []

    def plain_first() -> None:
        if before_plain is not None:
            before_plain()
        started = time.perf_counter()
        plain()
        floors.append(time.perf_counter() - started)
        if before_real is not None:
            before_real()

    result = benchmark.pedantic(real, setup=plain_first, rounds=rounds, warmup_rounds=1)
    return result, statistics.median(floors[1:])
