"""The projects view: today's pools, their 7-day decay, and Cancel project… with undo.

Days are built with the rules and stored in a real campaign file; the confirmation is
an injected callable that records what the GM would read and answers for them (and
once, the real message box, answered through a timer).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from desktop.rules import energy as rules
from desktop.rules.energy import CharacterProfile, DayState
from desktop.store import Campaign
from desktop.ui.session import CampaignSession
from desktop.ui.widgets.energy_projects import (
    FORECAST_DAYS,
    ProjectsView,
    cancel_plan,
    decay_forecast,
    project_rows,
)
from tests.ui.docks import shown_alone

TODAY = 6


class Answers:
    """A confirmation that records the question and answers as told."""

    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.asked: list[str] = []

    def __call__(self, parent: QWidget, title: str, text: str) -> bool:
        self.asked.append(text)
        return self.answer


@pytest.fixture
def campaign(campaign_path: Path, data_dir: Path) -> Iterator[Campaign]:
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    made = Campaign.create(
        campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1), current_day=TODAY
    )
    yield made
    made.close()


def profiled(campaign: Campaign, name: str = "Kara Voss") -> tuple[int, CharacterProfile]:
    character = campaign.roster.add(name)
    campaign.calendar.set_profile(character.id, 30, {"Stealth": 4})
    profile = campaign.calendar.profile(character.id)
    assert profile is not None
    return character.id, profile


def kara_today(profile: CharacterProfile) -> dict[int, DayState]:
    """Days 4..6; today (6) invests 10 in Tower (8 lands at the rollover), starts Skiff
    with 5 (4 on its way, no pool yet), then overspends into a debt of 6."""
    state = rules.start_day(profile, day=4, general_store=10, pools={"Tower": 47, "Boat": 12})
    days = {4: state}
    state = rules.rollover(profile, state).state
    days[5] = state
    state = rules.rollover(profile, state).state
    state = rules.invest(profile, state, 10, project="Tower").state
    state = rules.invest(profile, state, 5, project="Skiff").state
    state = rules.task(profile, state, state.daily + state.general_store + 6, 50).state
    assert state.debt == 6 and not state.dead
    days[6] = state
    return days


@pytest.fixture
def kara(campaign: Campaign) -> tuple[int, CharacterProfile, dict[int, DayState]]:
    character_id, profile = profiled(campaign)
    days = kara_today(profile)
    for state in days.values():
        campaign.calendar.put_day(character_id, state)
    return character_id, profile, days


@pytest.fixture
def view(qtbot: QtBot, session: CampaignSession) -> ProjectsView:
    return shown_alone(qtbot, ProjectsView(confirm=Answers(True)), session, 800, 400)


# -- the forecast -------------------------------------------------------------------------


@pytest.mark.parametrize(("pool", "pending"), [(45, 8), (12, 0), (0, 4), (3, 0), (250, 40)])
def test_the_forecast_is_the_rules_decay_step_by_step(pool: int, pending: int) -> None:
    forecast = decay_forecast(pool, pending)
    assert len(forecast) == FORECAST_DAYS
    # The first rollover: decay first, then today's investments land.
    assert forecast[0] == pool - rules.decay(pool) + pending
    for before, after in itertools.pairwise(forecast):
        assert after == before - rules.decay(before)
    assert all(value >= 0 for value in forecast)


def test_the_forecast_agrees_with_the_rollover_itself() -> None:
    profile = CharacterProfile.create("Kara", 30)
    state = rules.start_day(profile, day=1, pools={"Tower": 61})
    state = rules.invest(profile, state, 10, project="Tower").state
    expected = decay_forecast(61, 8)
    for ahead in range(FORECAST_DAYS):
        state = rules.rollover(profile, state).state
        assert state.pool("Tower") == expected[ahead]


def test_the_view_shows_todays_pools_and_their_forecast(
    view: ProjectsView, kara: tuple[int, CharacterProfile, dict[int, DayState]]
) -> None:
    character_id, _profile, days = kara
    view.set_character(character_id)
    today = days[TODAY]
    assert [row.project for row in view.rows] == ["Tower", "Boat", "Skiff"]
    assert view.rows == project_rows(today)
    table = view.table
    assert table.rowCount() == 3
    tower = [table.item(0, column).text() for column in range(table.columnCount())]
    held = today.pool("Tower") + 8
    assert tower[:4] == ["Tower", str(today.pool("Tower")), "+8", str(held // 10)]
    assert tower[4:] == [str(v) for v in decay_forecast(today.pool("Tower"), 8)]
    assert table.item(1, 2).text() == "—"  # nothing invested in Boat today
    skiff = [table.item(2, column).text() for column in range(4)]
    assert skiff == ["Skiff", "none yet", "+4", "0"]
    assert table.item(2, 4).text() == "4"  # the pool it gets at the rollover
    header = table.horizontalHeaderItem(4).text()
    assert header == "Day 7\n7 Mar"
    assert "day 6 (Fri 6 Mar 2026)" in view.title.text()
    assert "a debt of 6" in view.summary.text()


# -- cancelling ----------------------------------------------------------------------------


def test_cancel_shows_the_refund_then_stores_the_new_day_with_undo_and_redo(
    view: ProjectsView,
    session: CampaignSession,
    kara: tuple[int, CharacterProfile, dict[int, DayState]],
) -> None:
    character_id, profile, days = kara
    view.set_character(character_id)
    before = days[TODAY]
    assert not view.cancel_button.isEnabled()
    assert view.reason.text() == "Select a project to cancel it."
    assert view.select_project("Tower")
    assert view.cancel_button.isEnabled() and view.reason.text() == ""
    # Tower holds its pool and today's 8: the refund is 1 per full 10, and pays the
    # debt of 6 first.
    held = before.pool("Tower") + before.pending("Tower")
    refund = rules.cancel_refund(held)
    assert refund == 5
    answers = view.confirm
    assert isinstance(answers, Answers)
    view.cancel_button.click()
    assert len(answers.asked) == 1
    text = answers.asked[0]
    assert "Cancel “Tower” for Kara Voss?" in text
    assert f"today's investments add 8: {held} in all" in text
    assert f"The refund is {refund}" in text
    assert f"It pays today's debt of 6 first: {refund} of the debt is paid, 0 goes" in text
    expected = rules.cancel_project(profile, before, "Tower").state
    stored = session.campaign.calendar.day(character_id, TODAY)
    assert stored == expected
    assert stored is not None and stored.debt == 1 and stored.general_store == 0
    assert [row.project for row in view.rows] == ["Boat", "Skiff"]
    assert session.undo_stack.undoText() == "Cancel project Tower"
    session.undo_stack.undo()
    assert session.campaign.calendar.day(character_id, TODAY) == before
    assert [row.project for row in view.rows] == ["Tower", "Boat", "Skiff"]
    session.undo_stack.redo()
    assert session.campaign.calendar.day(character_id, TODAY) == expected


def test_a_refund_beyond_the_debt_goes_into_the_store(
    campaign: Campaign, kara: tuple[int, CharacterProfile, dict[int, DayState]]
) -> None:
    _character_id, profile, _days = kara
    state = rules.start_day(profile, day=TODAY, general_store=3, pools={"Tower": 87})
    plan = cancel_plan(profile, state, "Tower")
    assert (plan.refund, plan.paid_off, plan.to_store, plan.store_after) == (8, 0, 8, 11)
    assert "All 8 goes into the general store (11 after)." in plan.text()
    small = cancel_plan(profile, rules.start_day(profile, pools={"Boat": 9}), "Boat")
    assert small.refund == 0 and "Nothing comes back" in small.text()


def test_saying_no_changes_nothing(
    view: ProjectsView,
    session: CampaignSession,
    kara: tuple[int, CharacterProfile, dict[int, DayState]],
) -> None:
    character_id, _profile, days = kara
    view.confirm = Answers(False)
    view.set_character(character_id)
    view.select_project("Boat")
    assert view.cancel_selected() is False
    assert session.campaign.calendar.day(character_id, TODAY) == days[TODAY]
    assert session.undo_stack.count() == 0
    assert view.selected_project() == "Boat"


def test_the_real_confirmation_box_cancels_on_its_button(
    qtbot: QtBot,
    session: CampaignSession,
    kara: tuple[int, CharacterProfile, dict[int, DayState]],
) -> None:
    character_id, _profile, _days = kara
    view = ProjectsView()  # the default confirmation: a QMessageBox
    qtbot.addWidget(view)
    view.set_session(session)
    view.set_character(character_id)
    view.show()
    view.select_project("Boat")
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append(box.text())
        button = next(b for b in box.buttons() if b.text() == "Cancel the project")
        button.click()

    QTimer.singleShot(0, answer)
    assert view.cancel_selected() is True
    assert seen and "Cancel “Boat”" in seen[0] and "The refund is 1" in seen[0]
    stored = session.campaign.calendar.day(character_id, TODAY)
    assert stored is not None and "Boat" not in {pool.project for pool in stored.pools}


# -- when Cancel cannot be used -------------------------------------------------------------


def test_no_profile_and_no_day_today_say_what_to_do(view: ProjectsView, campaign: Campaign) -> None:
    assert "Choose a character" in view.reason.text()
    hollis = campaign.roster.add("Old Hollis")
    view.set_character(hollis.id)
    assert not view.cancel_button.isEnabled()
    assert (
        view.reason.text() == "Old Hollis has no energy profile: give them one on the Profile tab."
    )
    character_id, profile = profiled(campaign, "Mira")
    campaign.calendar.put_day(character_id, rules.start_day(profile, day=TODAY - 1))
    view.set_character(character_id)
    assert not view.cancel_button.isEnabled()
    assert "Nothing is recorded for Mira today (day 6)" in view.reason.text()
    assert "Month tab" in view.reason.text()
    assert view.table.rowCount() == 0


def test_no_projects_and_a_dead_character_disable_cancel(
    view: ProjectsView, campaign: Campaign
) -> None:
    character_id, profile = profiled(campaign, "Ilse")
    campaign.calendar.put_day(character_id, rules.start_day(profile, day=TODAY))
    view.set_character(character_id)
    assert "Ilse has no projects today" in view.reason.text()
    assert not view.cancel_button.isEnabled()
    # Died on day 4 with a project: the calendar ends there, for good.
    died = rules.start_day(profile, day=4, pools={"Tower": 40})
    died = rules.task(profile, died, 200, 10).state
    assert died.dead
    campaign.calendar.put_day(character_id, died)
    campaign.calendar.delete_day(character_id, TODAY)
    assert view.reason.text() == "Ilse died on day 4: their calendar has ended."
    assert not view.cancel_button.isEnabled()
    # Died today: the pools show, but nothing can be cancelled.
    campaign.calendar.put_day(character_id, rules.task(profile, _today(profile), 200, 10).state)
    assert [row.project for row in view.rows] == ["Tower"]
    view.select_project("Tower")
    assert not view.cancel_button.isEnabled()
    assert view.reason.text() == "Ilse died today: their calendar has ended."
    assert view.cancel_selected() is False


def _today(profile: CharacterProfile) -> DayState:
    return rules.start_day(profile, day=TODAY, pools={"Tower": 40})


def test_a_read_only_campaign_cannot_cancel(
    qtbot: QtBot,
    campaign: Campaign,
    data_dir: Path,
    kara: tuple[int, CharacterProfile, dict[int, DayState]],
) -> None:
    character_id, _profile, _days = kara
    with Campaign.open(campaign.path, data_dir=data_dir, read_only=True) as reader:
        session = CampaignSession(reader)
        view = ProjectsView(confirm=Answers(True))
        qtbot.addWidget(view)
        view.set_session(session)
        view.set_character(character_id)
        view.select_project("Tower")
        assert view.reason.text() == "The campaign is open read-only."
        assert not view.cancel_button.isEnabled()
        assert view.table.rowCount() == 3  # still shown
        view.set_session(None)
        reader.unsubscribe(session.changed.emit)
