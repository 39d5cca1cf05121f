"""Issue 16's interaction targets, counted with real input from the app at rest on the
sample campaign: each test does the action with exactly the target's clicks and keys
and checks that the result is there.

Counted: a click, a double-click, a key (Enter, a shortcut) and a typed number are one
each. Elsewhere: tick a clock (1 click, tests/ui/test_clocks_dock.py), change a
faction's status (badge, then the status: tests/ui/test_faction_ladder.py), undo with a
field focused (Ctrl+Z: tests/ui/test_undo_keys.py), a sheet to PDF (Ctrl+Shift+E, Enter,
Enter: tests/ui/test_print_choice.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QToolBar, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.syscards import SysCardsWidget
from desktop.ui.end_day import EndDayDialog
from desktop.ui.main_window import MainWindow
from tests.ui.scripted import ScriptedRng
from tests.ui.tumble import settles

LEFT = Qt.MouseButton.LeftButton


class Inputs:
    """Counts the GM's inputs as the test makes them."""

    def __init__(self, qtbot: QtBot) -> None:
        self.qtbot = qtbot
        self.count = 0

    def click(self, widget, pos=None) -> None:  # type: ignore[no-untyped-def]
        self.count += 1
        if pos is None:
            self.qtbot.mouseClick(widget, LEFT)
        else:
            self.qtbot.mouseClick(widget, LEFT, pos=pos)

    def double_click(self, widget, pos) -> None:  # type: ignore[no-untyped-def]
        self.count += 1
        # As a real double-click arrives: press and release, then the double-click.
        self.qtbot.mouseClick(widget, LEFT, pos=pos)
        self.qtbot.mouseDClick(widget, LEFT, pos=pos)

    def type(self, text: str) -> None:
        self.count += 1
        focused = QApplication.focusWidget()
        assert focused is not None, "typing needs a focused field"
        self.qtbot.keyClicks(focused, text)

    def key(self, key: Qt.Key, widget=None) -> None:  # type: ignore[no-untyped-def]
        self.count += 1
        target = widget or QApplication.focusWidget()
        assert target is not None
        self.qtbot.keyClick(target, key)


@pytest.fixture
def sample(make_window: Callable[[], MainWindow], qtbot: QtBot) -> MainWindow:
    window = make_window()
    window.open_sample()
    assert window.session is not None
    window.activateWindow()
    qtbot.waitActive(window)
    return window


def test_resolve_a_syscard_act_against_an_nr_in_three(sample: MainWindow, qtbot: QtBot) -> None:
    assert sample.session is not None
    sample.show_workspace("prep")
    cards = next(p.content() for p in sample.panels if isinstance(p.content(), SysCardsWidget))
    assert isinstance(cards, SysCardsWidget)
    row = next(i for i, c in enumerate(cards.model.records) if c.name == "Knife work")
    rect = cards.table.visualRect(cards.model.index(row, 0))
    log_before = len(sample.session.campaign.rolls.all())
    inputs = Inputs(qtbot)
    inputs.double_click(cards.table.viewport(), rect.center())  # 1: the card's act
    assert cards.tabs.currentWidget() is cards.act
    inputs.type("60")  # 2: the Necessary Rate
    inputs.key(Qt.Key.Key_Return)  # 3: roll d100 against it
    rolls = sample.session.campaign.rolls.all()
    assert len(rolls) == log_before + 1
    act = rolls[0]  # newest first
    assert act.kind == "act" and act.detail["necessary_rate"] == 60
    assert cards.act.card is not None and act.detail["card_id"] == cards.act.card.id
    assert inputs.count == 3
    assert "Knife work" in cards.act.result_label.text()
    # Undo is one key, though the focus is still in the rate's field.
    focused = QApplication.focusWidget()
    assert focused is cards.act.nr_spin
    qtbot.keyClick(focused, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    undone = next(r for r in sample.session.campaign.rolls.all() if r.id == act.id)
    assert undone.undone  # the log keeps the line, struck through


def test_end_day_in_two(sample: MainWindow, qtbot: QtBot) -> None:
    assert sample.session is not None
    day = sample.session.campaign.summary().current_day
    toolbar = sample.findChild(QToolBar, "campaignToolBar")
    assert toolbar is not None
    button = toolbar.widgetForAction(sample.end_day_action)
    assert isinstance(button, QToolButton)
    inputs = Inputs(qtbot)
    inputs.click(button)  # 1: End Day
    dialog = sample.findChild(EndDayDialog)
    assert dialog is not None and dialog.isVisible()
    inputs.key(Qt.Key.Key_Return, dialog)  # 2: the nights as they are
    assert sample.session.campaign.summary().current_day == day + 1
    assert f"Day {day} ended" in dialog.summary_label.text()
    # The summary stays to be read, but the GM goes on without closing it.
    assert not dialog.isModal() and QApplication.activeModalWidget() is None
    assert inputs.count == 2
    dialog.close()


def test_the_card_list_shows_whole_names_at_1366(sample: MainWindow) -> None:
    """Issue 16: no text cut mid-word at 1366 x 768 (a long name is whole in its tip)."""
    sample.resize(1366, 768)
    sample.show_workspace("prep")
    QApplication.processEvents()
    cards = next(p.content() for p in sample.panels if isinstance(p.content(), SysCardsWidget))
    assert isinstance(cards, SysCardsWidget)
    metrics = cards.table.fontMetrics()
    width = cards.table.columnWidth(0)
    cut = [c.name for c in cards.model.records if metrics.horizontalAdvance(c.name) + 8 > width]
    assert len(cut) <= 1, cut  # "Ledger of Broken Oaths" may be cut: its tip is whole
    row = next(i for i, c in enumerate(cards.model.records) if c.name == "Ledger of Broken Oaths")
    tip = cards.model.data(cards.model.index(row, 0), Qt.ItemDataRole.ToolTipRole)
    assert tip == "Ledger of Broken Oaths"


def test_the_play_dock_needs_no_scrolling_at_1366(sample: MainWindow, qtbot: QtBot) -> None:
    """Issue 16: at 1366 x 768 no form is a scroll area: the round's page of the Play
    dock (turns, award, challenges) shows whole."""
    from PySide6.QtWidgets import QScrollArea

    sample.resize(1366, 768)
    sample.show_workspace("play")
    qtbot.waitUntil(sample.is_ready)
    play = next(p for p in sample.panels if p.objectName() == "play").content()
    scroll = play.findChild(QScrollArea, "playScroll")
    assert scroll is not None
    QApplication.processEvents()
    assert scroll.verticalScrollBar().maximum() == 0
    assert scroll.horizontalScrollBar().maximum() == 0


def test_next_turn_and_a_roll_of_two_dice_in_three(sample: MainWindow, qtbot: QtBot) -> None:
    """Issue 15's count: N (the next player, selected on the Dice Table), 2, Space (two of
    their pool dice, smallest first); the roll is logged with its game, scene, round and
    turn."""
    assert sample.session is not None
    sample.show_workspace("play")
    qtbot.waitUntil(sample.is_ready)
    campaign = sample.session.campaign
    before = campaign.games.current()
    assert before.turn_name == "Brother Ilian"  # the sample's game, at rest
    table = next(p.content() for p in sample.panels if p.name == "diceTable")
    assert isinstance(table, DiceTableWidget) and table.animate_check.isChecked()
    # Faces on any die and not all ones (two ones wait for the GM's choice, unlogged).
    sample.session.rng = ScriptedRng([2, 3])
    inputs = Inputs(qtbot)
    inputs.key(Qt.Key.Key_N)  # 1: next turn
    now = campaign.games.current()
    assert now.turn_name == "Mira Threnody"
    inputs.key(Qt.Key.Key_2)  # 2: how many
    with settles(qtbot, table.animation):  # the tumble: no input, it only waits
        inputs.key(Qt.Key.Key_Space)  # 3: roll them
    assert campaign.rolls.all()[0].character_name == "Mira Threnody"
    roll = campaign.rolls.all()[0]
    assert len(roll.detail["dice"]) == 2
    assert (roll.game_id, roll.round, roll.turn) == (now.game_id, now.round, now.turn)
    assert inputs.count == 3


def test_an_energy_task_for_today_in_three_or_five(sample: MainWindow, qtbot: QtBot) -> None:
    """Issue 16's "add an energy task to today": click the cost (its number selected),
    type the GM's cost, Enter: the commitment follows the cost (the least energy that
    succeeds, with the ability's rating), so a task is 3 inputs; picking an ability
    first adds its two clicks (5)."""
    from desktop.rules import energy
    from desktop.ui.docks.energy_forms import TaskPage

    assert sample.session is not None
    sample.resize(1366, 768)
    sample.show_workspace("between")
    qtbot.waitUntil(sample.is_ready)
    calendar = next(p for p in sample.panels if p.objectName() == "energyCalendar").content()
    forms = calendar.findChild(QWidget, "entryKind").parentWidget()
    task = next(p for p in forms.page_list if isinstance(p, TaskPage))
    assert forms.page is task and task.isVisible()
    campaign = sample.session.campaign
    kara = next(c for c in campaign.roster.all() if c.name == "Kara Voss")
    today = campaign.summary().current_day
    before = campaign.calendar.day(kara.id, today)
    assert before is not None
    entries = len(before.entries)
    inputs = Inputs(qtbot)
    inputs.click(task.basis, task.basis.rect().center())  # 1: the cost field
    qtbot.waitUntil(lambda: task.basis.selectedText() == task.basis.text())
    inputs.type("7")  # 2: the GM's cost
    assert task.committed.value() == energy.least_energy_to_succeed(0, 7) == 7
    inputs.key(Qt.Key.Key_Return)  # 3: add it
    after = campaign.calendar.day(kara.id, today)
    assert after is not None and len(after.entries) == entries + 1
    added = after.entries[-1]
    assert added.kind == "task" and added.cost == 7 and added.success
    assert inputs.count == 3
