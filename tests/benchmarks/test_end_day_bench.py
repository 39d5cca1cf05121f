"""Benchmark: End Day for 100 characters with 5 projects each, through the store.

Targets: under 100 ms (issue 6), and no slower than the same End Day done plainly
(issue 28): raw sqlite3 on a copy of the same file (the store's pragmas: WAL, a durable
commit) reads the profiles and today's rows, reads each day back through the rules'
checking constructors, rolls it over with the rules and writes the new rows and the
campaign's day in one transaction. The store keeps the days it last read or wrote
(checked once), so it may skip the reading back the plain End Day does; it must at
least not be slower. The two are timed alternately, round by round; the store measured
0.5 to 0.7x the plain End Day (1.0x once when timed apart on a loaded machine, hence
the alternation), so the target (1.0x) fails if End Day becomes twice as slow.

Issue 6 set the ratio against the rules alone on days held in memory, a baseline
without the file work End Day must do (reading 100 rows and checking them, writing
100 rows durably): the store measured 9.7x it, the commit's sync alone being several
times the rules. The rules alone are still reported. The baseline is measured in the
same run. Seconds depend on the machine, so both are printed and recorded; the
asserts run only under ``make bench`` (plain runs pass --benchmark-skip), and the
agreement test below runs everywhere.
"""

from __future__ import annotations

import sqlite3
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from desktop.rules import energy
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import Campaign, CharacterRecord, EndDaySummary
from desktop.store.calendar.codec import day_from_text, day_text, profile_from_row
from tests.benchmarks.timing import median_seconds

CHARACTERS = 100
PROJECTS = 5
TODAY = 5
TARGET_SECONDS = 0.100
MAX_RATIO = 1.0
ROUNDS = 15


def _profile(i: int) -> CharacterProfile:
    return CharacterProfile.create(f"Character {i}", 20 + i % 15, {"Streets": i % 4, "Towers": 2})


def _day(profile: CharacterProfile, i: int) -> DayState:
    """A believable day: a task, a move, a specific investment; every tenth overspends."""
    pools = {f"Project {k}": 20 + 7 * k + i % 5 for k in range(PROJECTS)}
    state = energy.start_day(profile, day=TODAY, general_store=10 + i % 7, pools=pools)
    state = energy.task(profile, state, 8, 10, ability="Streets", note="work the docks").state
    state = energy.move(profile, state, 2, ability="Towers").state
    state = energy.invest(profile, state, 10, project=f"Project {i % PROJECTS}").state
    if i % 10 == 0:  # a small debt, repaid double the next day
        state = energy.task(profile, state, energy.available(state) + 3, 30).state
    return state


@pytest.fixture
def roster(tmp_path: Path, data_dir: Path) -> Iterator[tuple[Campaign, dict[int, DayState]]]:
    """A campaign on day 5 with 100 profiled characters and their day 5 stored."""

    def populate(session: object) -> None:
        from desktop.store.roster import writes as writer

        records = [CharacterRecord(i, f"Character {i}", "pc", "", i) for i in range(1, 101)]
        writer.insert_characters(session, records)  # type: ignore[arg-type]

    campaign = Campaign.create(
        tmp_path / "End Day.gmdesk", data_dir=data_dir, current_day=TODAY, populate=populate
    )
    days: dict[int, DayState] = {}
    for i in range(1, CHARACTERS + 1):
        profile = _profile(i)
        campaign.calendar.set_profile(
            i, profile.daily_net, {a.name: a.rating for a in profile.abilities}
        )
        days[i] = _day(profile, i)
        campaign.calendar.put_day(i, days[i])
    yield campaign, days
    campaign.close()


def _rules_alone(days: dict[int, DayState]) -> list[energy.Rollover]:
    """The baseline: the rules' rollover of the same days, held in memory."""
    return [energy.rollover(_PROFILES[i], state) for i, state in days.items()]


_PROFILES = {i: _profile(i) for i in range(1, CHARACTERS + 1)}


def _plain_end_day(connection: sqlite3.Connection) -> int:
    """The baseline: the same End Day with raw sqlite3 and the rules, no store."""
    (today,) = connection.execute("SELECT current_day FROM campaign").fetchone()
    profiles = {
        cid: profile_from_row(name, net, abilities)
        for cid, name, net, abilities in connection.execute(
            "SELECT character.id, character.name, daily_net, abilities FROM energy_profile"
            " JOIN character ON character.id = energy_profile.character_id"
            " ORDER BY character.position, character.id"
        )
    }
    states = {
        cid: day_from_text(text)
        for cid, text in connection.execute(
            "SELECT character_id, state FROM energy_day WHERE day = ?", (today,)
        )
    }
    rows = [
        (cid, today + 1, day_text(energy.rollover(profiles[cid], states[cid]).state))
        for cid in profiles
    ]
    connection.execute("BEGIN IMMEDIATE")  # one transaction, as the store's
    connection.executemany(
        "INSERT INTO energy_day (character_id, day, state) VALUES (?, ?, ?)", rows
    )
    connection.execute("UPDATE campaign SET current_day = ?", (today + 1,))
    connection.execute("COMMIT")
    return len(rows)


def _plain_copy(path: Path) -> sqlite3.Connection:
    """A connection to a copy of the campaign at `path`, set as the store's own."""
    connection = sqlite3.connect(path.with_name("plain copy.gmdesk"), isolation_level=None)
    source = sqlite3.connect(path)  # the backup API: the copy holds what is committed
    source.backup(connection)
    source.close()
    # As the store's own connection (store/connection.py): WAL, a durable commit, foreign keys.
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA foreign_keys=ON")
    return connection


def _timed_plain_end_day(connection: sqlite3.Connection) -> float:
    """One plain End Day's seconds, its rows of a previous one removed first (untimed)."""
    connection.execute("DELETE FROM energy_day WHERE day = ?", (TODAY + 1,))
    connection.execute("UPDATE campaign SET current_day = ?", (TODAY,))
    started = time.perf_counter()
    assert _plain_end_day(connection) == CHARACTERS
    return time.perf_counter() - started


def test_end_day_stores_what_the_rules_make(
    roster: tuple[Campaign, dict[int, DayState]],
) -> None:
    """The store's End Day is the rules' rollover, for every character."""
    campaign, days = roster
    summary = campaign.calendar.end_day()
    rolled = _rules_alone(days)
    assert [campaign.calendar.day(i, TODAY + 1) for i in days] == [r.state for r in rolled]
    assert len(summary.in_debt) == CHARACTERS // 10
    assert len(summary.decayed) == CHARACTERS
    assert campaign.summary().current_day == TODAY + 1


@pytest.mark.benchmark(group="energy: End Day x 100 characters x 5 projects")
def test_bench_end_day(
    benchmark: BenchmarkFixture, roster: tuple[Campaign, dict[int, DayState]]
) -> None:
    campaign, days = roster
    done: list[EndDaySummary] = []

    def undo_last() -> None:
        # Untimed: each round ends the same day 5 again.
        while done:
            campaign.calendar.undo_end_day(done.pop().token)

    def end_day() -> None:
        done.append(campaign.calendar.end_day())

    plain = _plain_copy(campaign.path)
    plain_times: list[float] = []

    def plain_then_undo() -> None:
        # Untimed by the benchmark: a plain End Day (timed here), so a busy moment of
        # the machine weighs on both alike, then the store's last End Day undone.
        plain_times.append(_timed_plain_end_day(plain))
        undo_last()

    try:
        benchmark.pedantic(
            end_day, setup=plain_then_undo, rounds=ROUNDS, iterations=1, warmup_rounds=1
        )
    finally:
        plain.close()
    undo_last()
    store = benchmark.stats.stats.median
    rules = median_seconds(lambda: _rules_alone(days), ROUNDS)
    baseline = statistics.median(plain_times[1:])
    ratio = store / baseline
    benchmark.extra_info.update(
        baseline_s=round(baseline, 5),
        rules_alone_s=round(rules, 5),
        ratio_to_baseline=round(ratio, 1),
        target_s=TARGET_SECONDS,
    )
    print(
        f"\nEnd Day for {CHARACTERS} characters x {PROJECTS} projects: store "
        f"{store * 1000:.1f} ms (target {TARGET_SECONDS * 1000:.0f} ms), plain sqlite3 and "
        f"rules {baseline * 1000:.1f} ms, ratio {ratio:.1f} (target {MAX_RATIO}); rules "
        f"alone {rules * 1000:.1f} ms"
    )
    assert store < TARGET_SECONDS, f"End Day took {store * 1000:.1f} ms"
    assert ratio < MAX_RATIO, f"End Day took {ratio:.1f} times the plain End Day"
