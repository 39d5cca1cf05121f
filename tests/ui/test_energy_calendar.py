"""The Energy Calendar through real widgets: the month, the forms, End Day, undo, redo."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QToolBar
from pytestqt.qtbot import QtBot

from desktop.rules.energy import EntryKind
from desktop.store import Campaign
from desktop.ui.docks.energy_calendar import EnergyCalendarWidget
from desktop.ui.docks.energy_forms import InvestPage, MovePage, TaskPage
from desktop.ui.end_day import EndDayDialog
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from tests.ui.docks import shown_dock


def _session(window: MainWindow) -> CampaignSession:
    assert window.session is not None
    return window.session


def _calendar(window: MainWindow) -> EnergyCalendarWidget:
    return shown_dock(window, "energyCalendar", EnergyCalendarWidget)


def _kara(window: MainWindow, daily_net: int = 30) -> int:
    campaign = _session(window).campaign
    kara = campaign.roster.add("Kara Voss")
    campaign.calendar.set_profile(kara.id, daily_net, {"Stealth": 5, "Harbour lore": 6})
    _session(window).select_character(kara.id)
    return kara.id


def _campaign(window: MainWindow) -> Campaign:
    return _session(window).campaign


def test_a_task_shows_its_outcome_first_and_is_undone_and_redone(
    window: MainWindow, qtbot: QtBot
) -> None:
    kara = _kara(window)
    calendar = _calendar(window)
    forms = calendar.ledger.forms
    page = forms.choose("Task")
    assert isinstance(page, TaskPage)
    page.ability.setCurrentIndex(page.ability.findData("Stealth"))
    page.basis.setValue(14)
    page.committed.setValue(8)
    assert "8 + Stealth 5 = 13 against cost 14: failure" in forms.outcome.text()
    page.committed.setValue(9)
    assert "against cost 14: success" in forms.outcome.text()
    forms.note.setText("pick the customs lock")
    qtbot.mouseClick(forms.add, Qt.MouseButton.LeftButton)

    state = _campaign(window).calendar.day(kara, 1)
    assert state is not None
    assert state.daily == 21
    (entry,) = state.entries
    assert (entry.kind, entry.success, entry.note) == (
        EntryKind.TASK,
        True,
        "pick the customs lock",
    )
    assert calendar.ledger.entries.count() == 1
    assert "success" in calendar.ledger.entries.item(0).text()

    stack = _session(window).undo_stack
    stack.undo()
    assert _campaign(window).calendar.day(kara, 1) is None
    assert calendar.ledger.entries.count() == 0
    stack.redo()
    assert _campaign(window).calendar.day(kara, 1) == state


def test_knowing_and_altering_costs_follow_the_rules(window: MainWindow) -> None:
    _kara(window)
    page = _calendar(window).ledger.forms.choose("Task")
    assert isinstance(page, TaskPage)
    page.mode.setCurrentIndex(1)  # knowing a cost: 80% rounded half up, plus obfuscation
    page.basis.setValue(33)
    page.obfuscation.setValue(2)
    assert page.cost() == 26 + 2
    page.mode.setCurrentIndex(2)  # altering an input or output: 20 a point
    page.basis.setValue(3)
    assert page.cost() == 60


def test_a_move_says_where_the_character_ends_up(window: MainWindow, qtbot: QtBot) -> None:
    kara = _kara(window)
    forms = _calendar(window).ledger.forms
    page = forms.choose("Move")
    assert isinstance(page, MovePage)
    page.district.setChecked(True)  # 5 + 2
    page.destination.setCurrentIndex(page.destination.findData("way"))
    page.ability.setCurrentIndex(page.ability.findData("Stealth"))
    page.committed.setValue(1)
    assert page.cost_label.text() == "7 energy"
    assert "failure, goes nowhere" in forms.outcome.text()
    page.destination.setCurrentIndex(page.destination.findData("area"))
    assert "lost in the area" in forms.outcome.text()
    page.committed.setValue(0)  # not routine: at least 1
    assert "at least 1 energy" in forms.outcome.text()
    assert not forms.add.isEnabled()
    page.committed.setValue(2)
    assert "success, arrives" in forms.outcome.text()
    qtbot.mouseClick(forms.add, Qt.MouseButton.LeftButton)
    state = _campaign(window).calendar.day(kara, 1)
    assert state is not None and state.entries[-1].kind is EntryKind.MOVE
    assert state.entries[-1].cost == 7


def test_an_investment_shows_yield_and_waste(window: MainWindow, qtbot: QtBot) -> None:
    kara = _kara(window)
    forms = _calendar(window).ledger.forms
    page = forms.choose("Invest")
    assert isinstance(page, InvestPage)
    page.target.setEditText("Smuggling route")
    page.amount.setValue(12)
    text = forms.outcome.text()
    assert "Yields 8 into the pool of Smuggling route" in text
    assert "2 of the 12 energy invested will be wasted" in text
    qtbot.mouseClick(forms.add, Qt.MouseButton.LeftButton)
    state = _campaign(window).calendar.day(kara, 1)
    assert state is not None
    assert state.pending("Smuggling route") == 8
    assert state.daily == 18


def test_a_debt_is_announced_and_a_death_needs_confirming(window: MainWindow, qtbot: QtBot) -> None:
    kara = _kara(window, daily_net=20)
    calendar = _calendar(window)
    forms = calendar.ledger.forms
    page = forms.choose("Task")
    assert isinstance(page, TaskPage)
    page.basis.setValue(25)
    page.committed.setValue(25)  # 5 more than the day has: repaying 10 tomorrow is fine
    text = forms.outcome.text()
    assert "Creates a debt" in text and "10 must be repaid first tomorrow" in text
    assert "kills" not in text
    assert forms.add.isEnabled()
    page.committed.setValue(35)  # a debt of 15: 30 to repay, with only 20 coming
    assert "This kills Kara Voss" in forms.outcome.text()
    assert forms.confirm_death.isVisible()
    assert not forms.add.isEnabled()
    forms.confirm_death.setChecked(True)
    assert forms.add.isEnabled()
    qtbot.mouseClick(forms.add, Qt.MouseButton.LeftButton)
    state = _campaign(window).calendar.day(kara, 1)
    assert state is not None and state.dead and state.debt == 15
    assert "Dead" in calendar.ledger.header.text()
    assert not calendar.ledger.forms.isEnabled()
    _session(window).undo_stack.undo()
    assert _campaign(window).calendar.day(kara, 1) is None


def test_end_day_rolls_everyone_over_in_one_undoable_step(window: MainWindow, qtbot: QtBot) -> None:
    kara = _kara(window)
    campaign = _campaign(window)
    ilian = campaign.roster.add("Brother Ilian")
    campaign.calendar.set_profile(ilian.id, 24, {})
    calendar = _calendar(window)
    forms = calendar.ledger.forms
    page = forms.choose("Task")
    assert isinstance(page, TaskPage)
    page.basis.setValue(40)
    page.committed.setValue(36)  # a debt of 6, repaid 12 tomorrow
    qtbot.mouseClick(forms.add, Qt.MouseButton.LeftButton)

    dialog = EndDayDialog(_session(window), window)
    qtbot.addWidget(dialog)
    dialog.nights[kara].setCurrentIndex(dialog.nights[kara].findData("little"))
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    summary = dialog.summary_label.text()
    assert "Day 1 ended" in summary and "Day 2" in summary
    assert "Kara Voss repays 12 (a debt of 6)" in summary
    assert "Unspent daily energy lost:</b> Brother Ilian 24." in summary  # Kara spent all
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Close) is not None

    assert campaign.summary().current_day == 2
    opened = campaign.calendar.day(kara, 2)
    assert opened is not None
    assert opened.opened_daily == 22  # 30 after a little sleep: 75%
    assert opened.daily == 22 - 12
    assert campaign.calendar.day(ilian.id, 2) is not None
    assert calendar.today == 2 and calendar.selected_day == 2
    assert window.day_label.text().startswith("Day 2")

    stack = _session(window).undo_stack
    assert stack.undoText() == "End Day 1"
    stack.undo()
    assert campaign.summary().current_day == 1
    assert campaign.calendar.day(kara, 2) is None
    assert calendar.today == 1
    stack.redo()
    assert campaign.calendar.day(kara, 2) == opened


def test_end_day_has_a_shortcut_and_a_toolbar_button(window: MainWindow) -> None:
    action = window.end_day_action
    assert action.shortcut().toString() == "Ctrl+E"
    assert action.isEnabled()
    toolbar = window.findChild(QToolBar, "campaignToolBar")
    assert toolbar is not None and action in toolbar.actions()


def test_past_days_are_read_only_until_unlocked(window: MainWindow) -> None:
    kara = _kara(window)
    campaign = _campaign(window)
    campaign.calendar.end_day()
    campaign.calendar.end_day()  # today is day 3; days 1 and 2 were opened for Kara
    calendar = _calendar(window)
    calendar.select_day(2)
    assert not calendar.ledger.forms.isEnabled()
    assert "read-only" in calendar.ledger.reason.text()
    calendar.unlock.setChecked(True)
    assert calendar.ledger.forms.isEnabled()
    calendar.select_day(4)
    assert "has not come yet" in calendar.ledger.reason.text()
    assert campaign.calendar.day(kara, 2) is not None


def test_the_month_grid_shows_the_days_and_switches_months(
    window: MainWindow, qtbot: QtBot
) -> None:
    kara = _kara(window)
    campaign = _campaign(window)
    for _ in range(40):
        campaign.calendar.end_day()
    calendar = _calendar(window)
    calendar.go_to_today()
    shown = {cell.day: cell for cell in calendar.grid.cells if cell.summary}
    assert 41 in shown and shown[41].summary is not None
    month = calendar.month
    qtbot.mouseClick(calendar.previous, Qt.MouseButton.LeftButton)
    assert calendar.month != month
    assert any(cell.summary for cell in calendar.grid.cells)
    point = calendar.grid.day_point(3).toPoint()
    qtbot.mouseClick(calendar.grid, Qt.MouseButton.LeftButton, pos=point)
    assert calendar.selected_day == 3
    assert "Day 3" in calendar.ledger.header.text()
    assert campaign.calendar.day(kara, 3) is not None


def test_the_whole_roster_tab_lists_every_character_with_a_profile(window: MainWindow) -> None:
    _kara(window)
    campaign = _campaign(window)
    campaign.roster.add("Old Hollis")  # no profile: not listed
    calendar = _calendar(window)
    calendar.tabs.setCurrentWidget(calendar.roster)
    assert calendar.roster.rowCount() == 1
    assert calendar.roster.item(0, 0).text() == "Kara Voss"


def test_a_profile_is_given_through_the_profile_tab(window: MainWindow) -> None:
    campaign = _campaign(window)
    mira = campaign.roster.add("Mira Threnody")
    _session(window).select_character(mira.id)
    calendar = _calendar(window)
    calendar.tabs.setCurrentWidget(calendar.profile_editor)
    editor = calendar.profile_editor
    editor.daily_net.setValue(28)
    editor.append_ability("Surgery", 7)
    editor.append_ability("Surgery", 2)
    assert not editor.save_profile()
    assert "two abilities called 'Surgery'" in editor.error.text()
    editor.abilities.removeRow(1)
    assert editor.save_profile()
    profile = campaign.calendar.profile(mira.id)
    assert profile is not None and profile.daily_net == 28
    assert profile.rating("Surgery") == 7
    _session(window).undo_stack.undo()
    assert campaign.calendar.profile(mira.id) is None


def test_profile_edits_are_kept_when_the_gm_switches_character(window: MainWindow) -> None:
    kara = _kara(window)
    campaign = _campaign(window)
    ilian = campaign.roster.add("Brother Ilian")
    calendar = _calendar(window)
    calendar.tabs.setCurrentWidget(calendar.profile_editor)
    editor = calendar.profile_editor
    assert editor.character_id == kara
    editor.daily_net.setValue(33)
    _session(window).select_character(ilian.id)  # no Save pressed
    profile = campaign.calendar.profile(kara)
    assert profile is not None and profile.daily_net == 33
    assert editor.character_id == ilian.id
    _session(window).undo_stack.undo()
    profile = campaign.calendar.profile(kara)
    assert profile is not None and profile.daily_net == 30


def test_a_new_project_name_survives_a_refresh(window: MainWindow) -> None:
    _kara(window)
    calendar = _calendar(window)
    page = calendar.ledger.forms.choose("Invest")
    assert isinstance(page, InvestPage)
    page.target.setEditText("Lighthouse")
    _campaign(window).roster.add("Old Hollis")  # any change refreshes the forms
    calendar.refresh()
    assert page.target.currentText() == "Lighthouse"
    assert page.project() == "Lighthouse"
