"""The checks on open, on a 25 MB campaign, against the same checks done plainly with
sqlite3.

Every open runs SQLite's `quick_check` and the schema check; a file not last left by
GM Desk itself (see store/trust.py) also has every stored value read and checked. The
baselines, measured in the same run and timed alternately with the open, do plainly
what each open must: for the full check, `quick_check` and a plain read of every row of
every table (target 8x: the store also checks each value through the rules' checking
constructors, measured 5.2 to 5.8x); for a trusted open, `quick_check` and a read of the
schema (target 2x: measured 1.2 to 1.7x, the rest being the lock file and the
connections' set-up). Each target fails if its open becomes twice as slow.

Issue 2 set both against the read of every row alone, which leaves out the
`quick_check` every open runs (a third of the read's time on this file): the full check
measured 10.2x it on an idle machine and 11.8x on a loaded one; the trusted open
measured 0.4x it, a target of 1.5x it could not fail. The window is painted before the
campaign is opened (see app.py), so none of this delays the first paint.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.store import Campaign, trust
from tests.benchmarks.files import new_campaign_file
from tests.benchmarks.timing import alternating

TARGET_MB = 25
# Targets, as ratios to the same checks done plainly with sqlite3.
FULL_CHECK_RATIO = 8.0
TRUSTED_RATIO = 2.0


@pytest.fixture(scope="module")
def big_campaign(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    path, data = new_campaign_file(tmp_path_factory, "big25")
    with sqlite3.connect(path) as connection:
        for batch in range(28):
            first = batch * 100
            connection.executemany(
                "INSERT INTO character (id, name, kind, notes, position) VALUES (?, ?, ?, ?, ?)",
                [
                    (n + 1, f"Hireling {n}", ("pc", "npc", "challenge")[n % 3], "Notes. " * 300, n)
                    for n in range(first, first + 100)
                ],
            )
            connection.executemany(
                "INSERT INTO die (character_id, size, kind, place, in_tray, steps, down_to_d4,"
                " position) VALUES (?, 8, 'ordinary', 'pool', 0, 0, 0, ?)",
                [(n + 1, k) for n in range(first, first + 100) for k in range(10)],
            )
            connection.executemany(
                "INSERT INTO card (name, category, capacity, efficiency, power, velocity, focus,"
                " resistance, zone, scale, info, tags, search_text, position)"
                " VALUES (?, 'skill', 1, 1, 0, 0, 0, 0, '', '', ?, '', '', ?)",
                [(f"Card {n}", "<p>Info</p>" * 200, n) for n in range(first, first + 100)],
            )
    connection.close()
    assert path.stat().st_size >= TARGET_MB * 1_000_000 * 0.9
    return path, data


def plain_full_check(path: Path) -> int:
    """The full check's baseline: `quick_check`, then every row of every table read."""
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA quick_check(5)").fetchall() == [("ok",)]
        tables = [
            r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        ]
        return sum(len(connection.execute(f'SELECT * FROM "{t}"').fetchall()) for t in tables)
    finally:
        connection.close()


def plain_quick_check(path: Path) -> int:
    """The trusted open's baseline: `quick_check` and the schema read."""
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA quick_check(5)").fetchall() == [("ok",)]
        return len(connection.execute("SELECT name, sql FROM sqlite_master").fetchall())
    finally:
        connection.close()


def open_untrusted(path: Path, data: Path) -> None:
    trust.forget(path, data)
    Campaign.open(path, data_dir=data, read_only=True).close()


def open_trusted(path: Path, data: Path) -> None:
    Campaign.open(path, data_dir=data, read_only=True).close()


def _against_plain(
    benchmark: BenchmarkFixture,
    open_file: Callable[[Path, Path], None],
    plain: Callable[[Path], int],
    path: Path,
    data: Path,
    target: float,
) -> tuple[float, float]:
    """Time `open_file` on the campaign, with `plain` timed just before each round (so a
    busy moment of the machine weighs on both); `plain`'s median time, and the ratio to
    it (kept in the benchmark's extra info with the `target`)."""
    _result, baseline = alternating(
        benchmark, lambda: plain(path), lambda: open_file(path, data), rounds=7
    )
    ratio = benchmark.stats.stats.median / baseline
    benchmark.extra_info.update(plain_s=baseline, ratio=ratio, target=target)
    return baseline, ratio


def test_full_check_on_open_25mb(
    benchmark: BenchmarkFixture, big_campaign: tuple[Path, Path]
) -> None:
    path, data = big_campaign
    baseline, ratio = _against_plain(
        benchmark, open_untrusted, plain_full_check, path, data, FULL_CHECK_RATIO
    )
    print(
        f"\nopen with the full check, {path.stat().st_size / 1e6:.0f} MB: "
        f"{benchmark.stats.stats.median * 1000:.0f} ms, {ratio:.2f}x quick_check and reading "
        f"every row plainly ({baseline * 1000:.0f} ms; target {FULL_CHECK_RATIO}x)"
    )
    assert ratio <= FULL_CHECK_RATIO


def test_trusted_open_25mb(benchmark: BenchmarkFixture, big_campaign: tuple[Path, Path]) -> None:
    path, data = big_campaign
    open_untrusted(path, data)  # checked once: remembered as sound
    baseline, ratio = _against_plain(
        benchmark, open_trusted, plain_quick_check, path, data, TRUSTED_RATIO
    )
    print(
        f"\nopen of a file GM Desk left sound (quick_check and schema only): "
        f"{benchmark.stats.stats.median * 1000:.0f} ms, {ratio:.2f}x quick_check and the "
        f"schema read plainly ({baseline * 1000:.0f} ms; target {TRUSTED_RATIO}x)"
    )
    assert ratio <= TRUSTED_RATIO
