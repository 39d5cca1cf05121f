"""Benchmark: switching the Energy Calendar between months with a year of entries.

Target (issue 6): one frame, 16 ms, for reading the month's days from the campaign
and repainting the grid. The baseline, measured in the same run, is grabbing a bare
QWidget of the same size: what any repaint of that area costs. The assert runs only
under ``make bench``; the agreement test runs everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytest_benchmark.fixture import BenchmarkFixture
from pytestqt.qtbot import QtBot

from desktop.rules import energy
from desktop.store import Campaign
from desktop.ui.docks.energy_calendar import EnergyCalendarWidget
from desktop.ui.session import CampaignSession
from tests.benchmarks.timing import median_seconds

DAYS = 365
FRAME_SECONDS = 0.016
ROUNDS = 30
SIZE = (900, 560)


@pytest.fixture
def year(tmp_path: Path, data_dir: Path) -> Iterator[tuple[CampaignSession, int]]:
    """A campaign on day 365 whose one character has a busy year behind them."""
    campaign = Campaign.create(tmp_path / "Year.gmdesk", data_dir=data_dir, current_day=DAYS)
    kara = campaign.roster.add("Kara Voss")
    campaign.calendar.set_profile(kara.id, 30, {"Stealth": 5})
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None
    state = energy.start_day(profile, day=1, general_store=10, pools={"Route": 40})
    for day in range(1, DAYS + 1):
        state = energy.task(profile, state, 8, 12, ability="Stealth", note="work").state
        state = energy.move(profile, state, 3, ability="Stealth").state
        if day % 3 == 0:
            state = energy.invest(profile, state, 10, project="Route").state
        campaign.calendar.put_day(kara.id, state)
        if day < DAYS:
            state = energy.rollover(profile, state).state
    session = CampaignSession(campaign)
    session.select_character(kara.id)
    yield session, kara.id
    session.close()


def _calendar(qtbot: QtBot, session: CampaignSession) -> EnergyCalendarWidget:
    widget = EnergyCalendarWidget()
    qtbot.addWidget(widget)
    widget.set_session(session)
    widget.grid.resize(*SIZE)
    return widget


def test_every_month_of_the_year_shows_its_days(
    qtbot: QtBot, year: tuple[CampaignSession, int]
) -> None:
    session, _kara = year
    calendar = _calendar(qtbot, session)
    shown: set[int] = set()
    calendar.select_day(1)
    for _ in range(13):  # a year from any start date touches 13 calendar months
        shown |= {cell.day for cell in calendar.grid.cells if cell.summary and cell.in_month}
        calendar.step_month(1)
    assert shown == set(range(1, DAYS + 1))


@pytest.mark.benchmark(group="energy: calendar month switch, a year of entries")
def test_bench_month_switch(
    benchmark: BenchmarkFixture, qtbot: QtBot, year: tuple[CampaignSession, int]
) -> None:
    session, _kara = year
    calendar = _calendar(qtbot, session)
    calendar.go_to_today()
    steps = iter([-1, 1] * 1000)

    def switch() -> None:
        calendar.step_month(next(steps))
        calendar.grid.grab()

    benchmark.pedantic(switch, rounds=ROUNDS, iterations=1, warmup_rounds=2)
    switched = benchmark.stats.stats.median
    bare = QWidget()
    qtbot.addWidget(bare)
    bare.resize(*SIZE)
    baseline = median_seconds(bare.grab, ROUNDS)
    ratio = switched / baseline
    benchmark.extra_info.update(baseline_s=round(baseline, 5), ratio_to_baseline=round(ratio, 1))
    print(
        f"\nMonth switch with a year of entries: {switched * 1000:.2f} ms "
        f"(target {FRAME_SECONDS * 1000:.0f} ms), bare widget grab {baseline * 1000:.2f} ms, "
        f"ratio {ratio:.1f}"
    )
    assert switched < FRAME_SECONDS, f"A month switch took {switched * 1000:.1f} ms"
