"""A character who died stays dead in the Energy Calendar on the days after (review fix)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from desktop.rules import energy as rules
from desktop.store import CharacterRecord
from desktop.ui.commands import DeleteCharacter
from desktop.ui.docks.energy_calendar import EnergyCalendarWidget
from desktop.ui.end_day import EndDayDialog
from desktop.ui.main_window import MainWindow
from tests.ui.docks import campaign_of, shown_dock


def _calendar(window: MainWindow) -> EnergyCalendarWidget:
    return shown_dock(window, "energyCalendar", EnergyCalendarWidget)


def _died_on_day_one(window: MainWindow) -> CharacterRecord:
    """Brother Ilian, whose day 1 is stored: a task he spent his life on (he is dead)."""
    campaign = campaign_of(window)
    ilian = campaign.roster.add("Brother Ilian")
    campaign.calendar.set_profile(ilian.id, 20, {})
    profile = campaign.calendar.profile(ilian.id)
    assert profile is not None
    dead = rules.task(profile, rules.start_day(profile, day=1), 40, 40).state
    assert dead.dead
    campaign.calendar.put_day(ilian.id, dead)
    return ilian


def test_the_days_after_a_death_cannot_be_spent(window: MainWindow) -> None:
    ilian = _died_on_day_one(window)
    assert window.session is not None
    campaign = window.session.campaign
    window.session.select_character(ilian.id)
    calendar = _calendar(window)
    for today in (2, 3):  # the day after the death, and a day with no row before it
        campaign.calendar.end_day()
        assert calendar.today == today and calendar.selected_day == today
        assert campaign.calendar.day(ilian.id, today) is None
        assert not calendar.ledger.forms.isEnabled()
        assert not calendar.ledger.forms.add.isEnabled()
        assert "died on day 1" in calendar.ledger.reason.text()


def test_deleting_a_character_with_profile_edits_unsaved(window: MainWindow) -> None:
    assert window.session is not None
    session = window.session
    campaign = session.campaign
    kara = campaign.roster.add("Kara Voss")
    campaign.calendar.set_profile(kara.id, 30, {})
    brann = campaign.roster.add("Brann")
    session.select_character(kara.id)
    calendar = _calendar(window)
    calendar.tabs.setCurrentWidget(calendar.profile_editor)
    calendar.profile_editor.daily_net.setValue(33)  # typed, not saved
    failures: list[str] = []
    session.failed.connect(failures.append)
    assert session.push(DeleteCharacter(session, campaign.roster.get(kara.id)))
    assert failures == []
    assert calendar.profile_editor.character_id == brann.id
    calendar.flush_edits()  # as closing the campaign does
    session.undo_stack.undo()
    profile = campaign.calendar.profile(kara.id)
    assert profile is not None and profile.daily_net == 30


def test_end_day_counts_no_unspent_energy_for_the_long_dead(
    window: MainWindow, qtbot: QtBot
) -> None:
    _died_on_day_one(window)
    assert window.session is not None
    campaign = window.session.campaign
    campaign.calendar.end_day()  # day 2 has no row for him
    dialog = EndDayDialog(window.session, window)
    qtbot.addWidget(dialog)
    label = dialog.table.cellWidget(0, 0)
    assert isinstance(label, QLabel) and label.text() == "Brother Ilian (dead)"
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    summary = dialog.summary_label.text()
    assert "Not rolled over (dead already): Brother Ilian." in summary
    assert "Unspent daily energy lost" not in summary


def test_the_whole_roster_says_who_died_on_an_earlier_day(window: MainWindow) -> None:
    _died_on_day_one(window)
    campaign = campaign_of(window)
    campaign.calendar.end_day()
    calendar = _calendar(window)
    calendar.tabs.setCurrentWidget(calendar.roster)
    assert calendar.roster.item(0, 8).text() == "Dead since day 1"
