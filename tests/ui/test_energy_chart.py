"""The energy chart: its series are the stored days, it paints, hovers and follows undo.

Days are built with the rules (`start_day`, `invest`, `task`, `rollover`) and stored in
a real campaign file; the chart is driven through a `CampaignSession`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.rules import energy as rules
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import Campaign
from desktop.ui import theme
from desktop.ui.energy_commands import PutEnergyDay
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.energy_chart import (
    ChartLayout,
    ChartStyle,
    EnergyChart,
    chart_data,
    dash_segments,
    day_summary,
    layout_chart,
    nice_ticks,
    paint_energy_chart,
)
from tests.ui.docks import shown_alone

TODAY = 12
START = date(2026, 3, 1)


@pytest.fixture
def campaign(campaign_path: Path, data_dir: Path) -> Iterator[Campaign]:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    made = Campaign.create(campaign_path, data_dir=data_dir, start_date=START, current_day=TODAY)
    yield made
    made.close()


def profiled(campaign: Campaign, name: str = "Kara Voss", daily_net: int = 30) -> int:
    character = campaign.roster.add(name)
    campaign.calendar.set_profile(character.id, daily_net, {"Stealth": 4})
    return character.id


def store_days(campaign: Campaign, character_id: int, days: dict[int, DayState]) -> None:
    for state in days.values():
        campaign.calendar.put_day(character_id, state)


def kara_days(profile: CharacterProfile) -> dict[int, DayState]:
    """Days 2..10: investments in two projects, an overspend into debt on day 5 (repaid
    on day 6), and day 8 missing, as when the GM skipped recording it."""
    state = rules.start_day(profile, day=2, general_store=12, pools={"Tower": 45})
    days: dict[int, DayState] = {}
    for day in range(2, 11):
        if day == 3:
            state = rules.invest(profile, state, 10, project="Boat").state
        if day == 5:
            everything = state.daily + state.general_store
            state = rules.task(profile, state, everything + 6, 20, ability="Stealth").state
        else:
            state = rules.task(profile, state, 8, 10).state
        if day != 8:
            days[day] = state
        state = rules.rollover(profile, state, "little" if day == 6 else "normal").state
    return days


@pytest.fixture
def kara(campaign: Campaign) -> tuple[int, dict[int, DayState]]:
    character_id = profiled(campaign)
    profile = campaign.calendar.profile(character_id)
    assert profile is not None
    days = kara_days(profile)
    store_days(campaign, character_id, days)
    return character_id, days


@pytest.fixture
def chart(qtbot: QtBot, session: CampaignSession) -> EnergyChart:
    return shown_alone(qtbot, EnergyChart(), session, 800, 400)


# -- the data -----------------------------------------------------------------------------


def test_the_series_are_the_stored_days(
    chart: EnergyChart, kara: tuple[int, dict[int, DayState]]
) -> None:
    character_id, days = kara
    chart.set_character(character_id)
    data = chart.data
    assert data is not None
    # Last 30 days, but the campaign only began on day 1.
    assert (data.first_day, data.last_day, data.today) == (1, TODAY, TODAY)
    assert [pool.label for pool in data.pools] == ["Tower", "Boat"]
    for day in range(1, TODAY + 1):
        state = days.get(day)
        if state is None:  # day 1, day 8 and days 11-12: gaps in every line
            assert data.value("daily", day) is None
            assert data.value("pool:Tower", day) is None
            continue
        assert data.value("daily", day) == state.opened_daily
        assert data.value("store", day) == state.general_store
        assert data.value("debt", day) == state.debt
        for pool in data.pools:
            expected = next((p.value for p in state.pools if p.project == pool.label), None)
            assert data.value(pool.key, day) == expected
    # The debt of day 5 is there, and nothing else went below zero.
    assert days[5].debt > 0
    assert [d for d in range(1, TODAY + 1) if data.value("debt", d)] == [5]
    # Boat has no pool on day 3 (the yield lands at the rollover), only a pending one.
    assert data.value("pool:Boat", 3) is None
    assert data.pools[1].pending[3 - data.first_day] == days[3].pending("Boat")
    assert data.value("pool:Boat", 4) == days[4].pool("Boat")
    assert data.value("daily", 7) == days[7].opened_daily < 30  # a little sleep
    assert data.death_day is None


def test_all_days_start_at_the_first_stored_day(
    chart: EnergyChart, kara: tuple[int, dict[int, DayState]]
) -> None:
    character_id, days = kara
    chart.set_character(character_id)
    chart.set_range(0)
    assert chart.data is not None and chart.data.first_day == min(days) == 2
    assert chart.range_combo.currentText() == "All days"


def test_the_last_30_days_start_30_days_before_today(
    qtbot: QtBot, campaign_path: Path, data_dir: Path
) -> None:
    path = campaign_path.with_name("Long.gmdesk")
    path.parent.mkdir(parents=True, exist_ok=True)
    with Campaign.create(path, data_dir=data_dir, start_date=START, current_day=100) as long:
        character_id = profiled(long)
        profile = long.calendar.profile(character_id)
        assert profile is not None
        state = rules.start_day(profile, day=1)
        for day in range(1, 101):
            long.calendar.put_day(character_id, state)
            if day < 100:
                state = rules.rollover(profile, state).state
        session = CampaignSession(long)
        chart = EnergyChart()
        qtbot.addWidget(chart)
        chart.set_session(session)
        chart.set_character(character_id)
        chart.show()
        spans = {}
        for days in (30, 90, 0):
            chart.set_range(days)
            assert chart.data is not None
            spans[days] = (chart.data.first_day, chart.data.last_day, chart.data.stored_days)
        assert spans == {30: (71, 100, 30), 90: (11, 100, 90), 0: (1, 100, 100)}
        assert chart.caption.text() == "Kara Voss: day 1 to day 100 (1 Mar – 8 Jun 2026)"
        chart.set_range(30)
        assert chart.caption.text() == "Kara Voss: day 71 to day 100 (10 May – 8 Jun 2026)"
        with pytest.raises(ValueError, match="30, 90 or all"):
            chart.set_range(7)
        chart.set_session(None)
        session.undo_stack.clear()
        long.unsubscribe(session.changed.emit)


def test_a_death_is_marked_and_the_calendar_ends_there() -> None:
    profile = CharacterProfile.create("Ilse", 10)
    state = rules.start_day(profile, day=3)
    dead = rules.task(profile, state, 40, 10).state  # a debt of 30: 60 to repay, of 10
    assert dead.dead
    data = chart_data({3: dead}, start_date=START, today=9, first_day=1, last_day=9)
    assert data.death_day == 3
    assert "Died this day." in day_summary(data, 3)
    layout = layout_chart(data, QRectF(0, 0, 600, 300), _metrics())
    assert [item.kind for item in layout.legend][-2:] == ["today", "death"]


def test_a_chart_needs_a_character_with_a_profile_and_days(
    chart: EnergyChart, campaign: Campaign
) -> None:
    assert chart.data is None and "Choose a character" in chart.message
    nobody = campaign.roster.add("Old Hollis")
    chart.set_character(nobody.id)
    assert chart.data is None
    assert "Old Hollis has no energy profile" in chart.message
    assert "Profile tab" in chart.message
    character_id = profiled(campaign, "Mira")
    chart.set_character(character_id)
    assert chart.data is None and "No energy is recorded for Mira" in chart.message
    chart.set_session(None)
    assert chart.data is None and chart.message == "No campaign is open."


# -- following the store --------------------------------------------------------------------


def test_the_chart_follows_a_change_its_undo_and_redo(
    chart: EnergyChart,
    session: CampaignSession,
    campaign: Campaign,
    kara: tuple[int, dict[int, DayState]],
) -> None:
    character_id, days = kara
    chart.set_character(character_id)
    profile = campaign.calendar.profile(character_id)
    assert profile is not None and chart.data is not None
    assert chart.data.value("daily", TODAY) is None
    opened = rules.start_day(profile, day=TODAY, general_store=7, pools={"Tower": 3})
    assert session.push(PutEnergyDay(session, character_id, opened, "Open today"))
    assert chart.data.value("store", TODAY) == 7
    assert chart.data.value("pool:Tower", TODAY) == 3
    session.undo_stack.undo()
    assert chart.data.value("store", TODAY) is None
    session.undo_stack.redo()
    assert chart.data.value("store", TODAY) == 7
    # A renamed character: the caption follows the "characters" topic.
    campaign.roster.update(character_id, name="Kara Vell")
    assert chart.caption.text().startswith("Kara Vell: day 1 to day 12")
    # Deleted: nothing to draw, and no error.
    campaign.roster.delete(character_id)
    assert chart.data is None and "no longer in the campaign" in chart.message
    assert days  # the fixture stored days for the deleted character


def test_a_hidden_chart_reads_the_days_when_shown(
    chart: EnergyChart, session: CampaignSession, kara: tuple[int, dict[int, DayState]]
) -> None:
    character_id, _days = kara
    chart.set_character(character_id)
    chart.hide()
    session.campaign.roster.update(character_id, name="Kara Hidden")
    assert "Kara Voss" in chart.caption.text()  # not read while hidden
    chart.show()
    assert chart.caption.text().startswith("Kara Hidden")


# -- painting -------------------------------------------------------------------------------


def _metrics() -> QFontMetricsF:
    return QFontMetricsF(QApplication.font())


def _painted(
    days: dict[int, DayState], palette: QPalette
) -> tuple[QImage, ChartLayout, ChartStyle]:
    """Paint as the printing code will: any painter, any rectangle, plain data."""
    data = chart_data(days, start_date=START, today=TODAY, first_day=1, last_day=TODAY)
    style = ChartStyle.from_palette(palette, QApplication.font())
    image = QImage(800, 400, QImage.Format.Format_ARGB32)
    image.fill(style.background)
    painter = QPainter(image)
    layout = paint_energy_chart(painter, QRectF(0, 0, 800, 400), data, style)
    painter.end()
    return image, layout, style


@pytest.mark.parametrize("dark", [False, True])
def test_the_chart_paints_its_lines_and_the_debt(qtbot: QtBot, dark: bool) -> None:
    profile = CharacterProfile.create("Kara", 30, {"Stealth": 4})
    days = kara_days(profile)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    palette = theme.dark_palette() if dark else theme.light_palette()
    image, layout, style = _painted(days, palette)
    # The daily line is drawn where day 4's value is.
    x, y = layout.x_of(4), layout.y_of(days[4].opened_daily)
    assert _has_colour(image, QRectF(x - 4, y - 4, 8, 8), style.line(0))
    # The debt bar of day 5 hangs below the zero line, in the debt colour.
    top, bottom = layout.y_of(0), layout.y_of(-days[5].debt)
    assert bottom > top
    bar = QRectF(layout.x_of(5) - 3, top + 1, 6, bottom - top - 1)
    assert _has_colour(image, bar, style.debt)
    assert not _has_colour(image, bar.translated(layout.day_width * 2, 0), style.debt)
    # Today's line is on the last day (thin and antialiased: its colour is blended).
    line = QRectF(layout.x_of(TODAY) - 2, y, 4, 20)
    assert _has_colour(image, line, style.today, tolerance=90)
    assert not _has_colour(image, line.translated(-layout.day_width, 0), style.today, 90)


def _has_colour(image: QImage, area: QRectF, colour: QColor, tolerance: int = 40) -> bool:
    for px in range(int(area.left()), math.ceil(area.right()) + 1):
        for py in range(int(area.top()), math.ceil(area.bottom()) + 1):
            seen = image.pixelColor(px, py)
            if (
                abs(seen.red() - colour.red())
                + abs(seen.green() - colour.green())
                + abs(seen.blue() - colour.blue())
                < tolerance
            ):
                return True
    return False


def test_a_year_of_days_is_laid_out_once_and_painted(qtbot: QtBot) -> None:
    profile = CharacterProfile.create("Kara", 30)
    state = rules.start_day(profile, day=1, general_store=40)
    days: dict[int, DayState] = {}
    for day in range(1, 366):
        if day % 3 == 0:
            state = rules.invest(profile, state, 10, project="Tower").state
        days[day] = state
        if day < 365:
            state = rules.rollover(profile, state).state
    data = chart_data(days, start_date=START, today=365, first_day=1, last_day=365)
    layout = layout_chart(data, QRectF(0, 0, 800, 400), _metrics())
    daily, store, tower = layout.lines
    assert len(daily.segments) == 364  # a solid line: one piece per pair of days
    # Markers thin out at about 2 pixels a day, but mark every line.
    assert 10 < len(daily.markers) < 100 and tower.markers
    # The labels of the axis are far enough apart to read.
    xs = [x for x, _day, _date in layout.x_ticks]
    assert len(xs) >= 4 and min(b - a for a, b in itertools.pairwise(xs)) > 50
    assert any("2027" in label for _x, _day, label in layout.x_ticks)
    assert store.segments  # the dashed store line was cut into its dashes


# -- pieces ---------------------------------------------------------------------------------


def test_dashes_run_on_across_corners() -> None:
    points = [(0.0, 0.0), (5.0, 0.0), (5.0, 5.0), (5.0, 12.0)]  # 17 long, two corners
    pieces = dash_segments(points, [7.0, 2.0])  # on 0-7, off 7-9, on 9-16, off 16-17
    ends = [(p.p1().toTuple(), p.p2().toTuple()) for p in pieces]
    assert ends == [
        ((0, 0), (5, 0)),  # the first dash turns the corner...
        ((5, 0), (5, 2)),  # ...and goes on down
        ((5, 4), (5, 5)),  # the second dash begins after the gap of 2
        ((5, 5), (5, 11)),
    ]
    assert [round(p.length(), 6) for p in dash_segments(points, [])] == [5, 5, 7]


@pytest.mark.parametrize(
    ("low", "high", "ticks"),
    [
        (0, 38, [0, 10, 20, 30, 40]),
        (-6, 38, [-10, 0, 10, 20, 30, 40]),
        (0, 1, [0, 1]),
        (0, 180, [0, 50, 100, 150, 200]),
    ],
)
def test_axis_ticks_are_round_numbers(low: int, high: int, ticks: list[int]) -> None:
    bottom, top, found = nice_ticks(low, high)
    assert found == ticks and bottom <= low and top >= high


def test_hovering_a_day_shows_its_values(
    chart: EnergyChart, qtbot: QtBot, kara: tuple[int, dict[int, DayState]]
) -> None:
    character_id, days = kara
    chart.set_character(character_id)
    layout = chart.canvas.layout_
    assert layout is not None
    point = QPointF(layout.x_of(5), layout.plot.center().y()).toPoint()
    qtbot.mouseMove(chart.canvas, point)
    assert chart.canvas.hover_day == 5
    text = day_summary(chart.data, 5)  # type: ignore[arg-type]
    assert text.startswith("Day 5: Thu 5 Mar 2026")
    assert f"Debt: {days[5].debt} (repaid double, {2 * days[5].debt}" in text
    assert f"General store at the day's end: {days[5].general_store}" in text
    assert f"Project “Tower”: {days[5].pool('Tower')}" in text
    assert "No energy recorded" in day_summary(chart.data, 8)  # type: ignore[arg-type]
    assert "(today)" in day_summary(chart.data, TODAY)  # type: ignore[arg-type]


def test_the_keyboard_walks_the_days_as_the_pointer_does(
    chart: EnergyChart, qtbot: QtBot, kara: tuple[int, dict[int, DayState]]
) -> None:
    """Keyboard only (issue 34): Tab reaches the chart; Left and Right pick the day whose
    values the hover shows, from today; Home and End the first and last day."""
    from PySide6.QtCore import Qt

    character_id, _days = kara
    chart.set_character(character_id)
    canvas = chart.canvas
    assert canvas.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert chart.data is not None
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_Left)
    assert canvas.hover_day == min(TODAY, chart.data.last_day)
    qtbot.keyClick(canvas, Qt.Key.Key_Left)
    assert canvas.hover_day == min(TODAY, chart.data.last_day) - 1
    qtbot.keyClick(canvas, Qt.Key.Key_Home)
    assert canvas.hover_day == chart.data.first_day
    qtbot.keyClick(canvas, Qt.Key.Key_Left)  # the first day already: stays
    assert canvas.hover_day == chart.data.first_day
    qtbot.keyClick(canvas, Qt.Key.Key_End)
    assert canvas.hover_day == chart.data.last_day
