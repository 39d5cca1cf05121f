"""Opening a campaign of 10,000 characters and listing its roster, against the same
done plainly with raw sqlite3.

Target (issue 28): at most 2 times the plain open, the two timed alternately. The plain
open makes its lock file (written and synced), connects, runs SQLite's `quick_check`
and reads the schema (every open checks both: a damaged or foreign file is refused
before anything is read), reads the roster's rows and makes each a CharacterRecord,
closes and removes the lock. Issue 2 set the target (3x) against the rows' read alone,
a baseline without the lock and the checks every open needs; the store measured 3.4x
it. Against the plain open the store measured 1.1 to 1.2x (the rest: the store's fuller
schema check and the WAL folded in on close), so the target fails if opening becomes
twice as slow. The rows' read alone is still reported.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.store import Campaign, CharacterRecord
from tests.benchmarks.files import new_campaign_file
from tests.benchmarks.timing import alternating, median_seconds

CHARACTERS = 10_000
TARGET_RATIO = 2.0


@pytest.fixture(scope="module")
def big_campaign(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    path, data = new_campaign_file(tmp_path_factory, "big")
    with sqlite3.connect(path) as connection:
        connection.executemany(
            "INSERT INTO character (name, kind, notes, position) VALUES (?, ?, ?, ?)",
            [
                (f"Hireling {n}", ("pc", "npc", "challenge")[n % 3], f"Notes on {n}. " * 4, n)
                for n in range(CHARACTERS)
            ],
        )
    connection.close()
    return path, data


def raw_read(path: Path) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(
            "SELECT id, name, kind, notes, position FROM character ORDER BY position, id"
        ).fetchall()
    finally:
        connection.close()


def plain_open(path: Path) -> list[CharacterRecord]:
    """The baseline: the checks and the read every open makes, with raw sqlite3."""
    # A lock file beside it, as any program that holds a file for writing needs.
    lock = path.with_name(f"{path.name}.plain-lock")
    with lock.open("x", encoding="utf-8") as held:
        held.write(str(os.getpid()))
        held.flush()
        os.fsync(held.fileno())
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA quick_check(5)").fetchall() == [("ok",)]
        assert connection.execute("SELECT name, sql FROM sqlite_master").fetchall()
        rows = connection.execute(
            "SELECT id, name, kind, notes, position FROM character ORDER BY position, id"
        ).fetchall()
        return [CharacterRecord(*row) for row in rows]
    finally:
        connection.close()
        lock.unlink()


def open_and_list(path: Path, data: Path) -> int:
    campaign = Campaign.open(path, data_dir=data)
    try:
        return len(campaign.roster.all())
    finally:
        campaign.close()


def test_open_10k_characters(benchmark: BenchmarkFixture, big_campaign: tuple[Path, Path]) -> None:
    path, data = big_campaign
    assert len(raw_read(path)) == CHARACTERS
    read_alone = median_seconds(lambda: raw_read(path), rounds=15)
    result, baseline = alternating(
        benchmark, lambda: plain_open(path), lambda: open_and_list(path, data), rounds=15
    )
    assert result == CHARACTERS
    ratio = benchmark.stats.stats.median / baseline
    benchmark.extra_info.update(
        plain_open_s=baseline, raw_read_s=read_alone, ratio=ratio, target=TARGET_RATIO
    )
    print(
        f"\nopen 10k: {ratio:.2f}x the plain open ({baseline * 1000:.1f} ms; target "
        f"{TARGET_RATIO}x), {benchmark.stats.stats.median / read_alone:.2f}x the rows' read "
        f"alone ({read_alone * 1000:.1f} ms)"
    )
    assert ratio <= TARGET_RATIO
