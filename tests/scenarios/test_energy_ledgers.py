"""RULES.md section 3, Energy and tasks, played day by day through the store, the Energy
Calendar and End Day. Every ledger below is worked out by hand in the comments.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.rules import energy as rules
from desktop.ui.docks.energy_calendar import EnergyCalendarWidget
from desktop.ui.end_day import EndDayDialog
from desktop.ui.energy_commands import PutEnergyDay
from desktop.ui.main_window import MainWindow
from tests.ui.docks import shown_dock


def _calendar(window: MainWindow) -> EnergyCalendarWidget:
    return shown_dock(window, "energyCalendar", EnergyCalendarWidget)


def _character(window: MainWindow, name: str, daily_net: int) -> tuple[int, rules.CharacterProfile]:
    assert window.session is not None
    campaign = window.session.campaign
    character = campaign.roster.add(name)
    campaign.calendar.set_profile(character.id, daily_net, {"Stealth": 5})
    window.session.select_character(character.id)
    profile = campaign.calendar.profile(character.id)
    assert profile is not None
    return character.id, profile


def _end_day(window: MainWindow, qtbot: QtBot, little_sleep: int | None = None) -> EndDayDialog:
    """End Day through its dialog, every night normal but `little_sleep`'s."""
    assert window.session is not None
    dialog = EndDayDialog(window.session, window)
    qtbot.addWidget(dialog)
    if little_sleep is not None:
        nights = dialog.nights[little_sleep]
        nights.setCurrentIndex(nights.findData("little"))
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    return dialog


def _roster_row(calendar: EnergyCalendarWidget, name: str) -> list[str]:
    calendar.tabs.setCurrentWidget(calendar.roster)
    calendar.refresh()
    table = calendar.roster
    for row in range(table.rowCount()):
        if table.item(row, 0).text() == name:
            return [table.item(row, c).text() for c in range(table.columnCount())]
    raise AssertionError(f"{name} is not in the roster")


def test_a_debt_judged_survivable_kills_at_the_rollover_after_a_worse_night(
    window: MainWindow, qtbot: QtBot
) -> None:
    """ "Death by debt is judged twice ... at the rollover, against the day that actually
    opens: if the repayment 2 x D is more than that day's daily energy plus general store,
    the character dies at the rollover ... the End Day summary names the death, and
    undoing End Day undoes it. There is no 'unpaid part' carried on.\""""
    kara, profile = _character(window, "Kara", daily_net=20)
    assert window.session is not None
    campaign = window.session.campaign
    # Day 1: 20 daily, no store. A task of 30 leaves D = 10; 2 x D = 20, and a normal
    # night at full proximity brings 20: survivable when incurred (judged the first time).
    spent = rules.task(profile, rules.start_day(profile, day=1), 30, 0).state
    assert (spent.debt, spent.dead) == (10, False)
    assert window.session.push(PutEnergyDay(window.session, kara, spent, "Task"))

    dialog = _end_day(window, qtbot, little_sleep=kara)
    # Day 2 opens after little sleep: 20 x 75% = 15 daily, store 0. 20 > 15: dies now.
    opened = campaign.calendar.day(kara, 2)
    assert opened is not None and opened.dead and opened.opened_daily == 15
    assert opened.entries[0].kind is rules.EntryKind.REPAYMENT and opened.entries[0].fatal
    text = dialog.summary_label.text()
    assert "<b>Died:</b> Kara" in text
    assert "Kara repays 20 (a debt of 10), 5 short: dies at the rollover" in text
    assert "Dead" in _roster_row(_calendar(window), "Kara")[-1]

    window.session.undo_stack.undo()  # undoing End Day undoes the death
    assert campaign.calendar.day(kara, 2) is None
    assert not campaign.calendar.day(kara, 1).dead  # type: ignore[union-attr]


def test_the_calendar_shows_the_available_the_rules_compute_after_a_refund_pays_a_debt(
    window: MainWindow,
) -> None:
    """ "What the calendar shows as available comes from the rules alone (daily x sleep x
    proximity + store ...); no view computes energy arithmetic of its own." and
    "Cancelling a project returns pool // 10 to the general store" (a refund pays today's
    debt first)."""
    kara, profile = _character(window, "Kara", daily_net=100)
    assert window.session is not None
    # Opens with 100 daily + 10 store = 110 available, and a Tower pool of 60.
    day = rules.start_day(profile, day=1, general_store=10, pools={"Tower": 60})
    day = rules.task(profile, day, 114, 0).state  # 100 daily + 10 store + a debt of 4
    day = rules.cancel_project(profile, day, "Tower").state  # refund 6: 4 pay the debt, 2 stored
    assert (day.debt, day.general_store, day.daily) == (0, 2, 0)
    assert rules.day_figures(day).available == 110
    assert window.session.push(PutEnergyDay(window.session, kara, day, "Cancel"))
    calendar = _calendar(window)
    row = _roster_row(calendar, "Kara")
    assert row[2:5] == ["110", "114", "2"]  # available, spent, left
    cell = next(c for c in calendar.grid.cells if c.day == 1)
    assert cell.summary is not None and cell.summary.available == 110


def test_three_days_of_a_ledger_worked_out_by_hand(window: MainWindow, qtbot: QtBot) -> None:
    """Available, the spending order, investment, decay, the rollover order, sleep and a
    debt repaid double, over three days (RULES.md section 3, each line cited below)."""
    kara, profile = _character(window, "Kara", daily_net=20)
    assert window.session is not None
    campaign = window.session.campaign
    # Day 1: "Available today = daily x sleep x proximity + general store": 20 + 40 = 60.
    day1 = rules.start_day(profile, day=1, general_store=40)
    assert rules.available(day1) == 60
    # "general: every full 5 invested adds 1 to the general store" (lands at the rollover);
    # 12 invested yields 2, 2 wasted.
    day1 = rules.invest(profile, day1, 12).state
    assert (day1.daily, day1.pending_general) == (8, 2)
    # "Spending takes from daily energy first, then the general store": 15 = 8 + 7.
    outcome = rules.task(profile, day1, 15, 20, ability="Stealth")
    assert outcome.success  # "commit energy + ability rating >= cost": 15 + 5 >= 20
    day1 = outcome.state
    assert (day1.daily, day1.general_store) == (0, 33)
    assert window.session.push(PutEnergyDay(window.session, kara, day1, "Day 1"))

    dialog = _end_day(window, qtbot, little_sleep=kara)
    # Rollover: "stores and pools decay" 33 -> 33 - max(1, 33 // 20) = 32; "the day's
    # investments land" +2 = 34; little sleep: 20 x 75% = 15. Available 15 + 34 = 49.
    day2 = campaign.calendar.day(kara, 2)
    assert day2 is not None
    assert (day2.opened_daily, day2.general_store) == (15, 34)
    assert _roster_row(_calendar(window), "Kara")[2] == "49"

    # Day 2: a task of 55 takes 15 daily, 34 store, and leaves a debt D = 6.
    day2 = rules.task(profile, day2, 55, 0).state
    assert (day2.debt, day2.dead) == (6, False)
    assert window.session.push(PutEnergyDay(window.session, kara, day2, "Day 2"))
    dialog = _end_day(window, qtbot)
    # Day 3, a normal night: "it becomes a repayment of 2 x D, paid first": 12 of 20.
    day3 = campaign.calendar.day(kara, 3)
    assert day3 is not None and not day3.dead
    assert (day3.opened_daily, day3.daily, day3.general_store) == (20, 8, 0)
    assert "Kara repays 12 (a debt of 6)" in dialog.summary_label.text()
    row = _roster_row(_calendar(window), "Kara")
    assert row[2:5] == ["20", "12", "8"]  # available 20, the repayment spent, 8 left
