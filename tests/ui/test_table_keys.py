"""The table's one-key actions (issue 27, "The keyboard goes where the GM expects"):
N, R, A, F, the quick roll's digits and Space do what their labels say wherever the
focus is, or nothing with a hint in the status bar; a text field keeps its letters.

Every key below is a real key event sent where a real one goes (the focused widget, or
the window when nothing has the focus), after the same clicks a GM makes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from desktop.store import PlayView, RollRecord
from desktop.ui.docks.clock_dialogs import NewClockDialog
from desktop.ui.docks.clocks import ClocksWidget
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.play.play_panel import PlayWidget
from tests.ui.docks import campaign_of, session_of
from tests.ui.scripted import ScriptedRng

CTRL = Qt.KeyboardModifier.ControlModifier


def key(
    qtbot: QtBot,
    window: MainWindow,
    pressed: Qt.Key,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """One key where a real one goes: the focused widget, else the active window."""
    target = QApplication.focusWidget() or window
    qtbot.keyClick(target, pressed, modifier)


def click(qtbot: QtBot, widget: QWidget, at: QPoint | None = None) -> None:
    assert widget.isVisible() and widget.isEnabled(), widget.objectName()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=at or widget.rect().center())


def dock(window: MainWindow, name: str) -> QWidget:
    """A dock's content as it is on screen (built if the test's start did not)."""
    panel = next(p for p in window.panels if p.name == name)
    return panel.content()


def table_of(window: MainWindow) -> DiceTableWidget:
    table = dock(window, "diceTable")
    assert isinstance(table, DiceTableWidget)
    return table


def play_of(window: MainWindow) -> PlayWidget:
    play = dock(window, "play")
    assert isinstance(play, PlayWidget)
    return play


def rolls(window: MainWindow) -> list[RollRecord]:
    return campaign_of(window).rolls.all()


def game(window: MainWindow) -> PlayView:
    return campaign_of(window).games.current()


def click_roster_name(qtbot: QtBot, window: MainWindow, name: str) -> None:
    roster = dock(window, "roster")
    assert isinstance(roster, RosterWidget)
    view = roster.table
    rows = range(roster.model.rowCount())
    row = next(r for r in rows if name in str(roster.model.index(r, 0).data()))
    click(qtbot, view.viewport(), view.visualRect(roster.model.index(row, 0)).center())
    assert session_of(window).selected_character == next(
        c.id for c in campaign_of(window).roster.all() if c.name == name
    )


@pytest.fixture
def sample(make_window: Callable[[], MainWindow], qtbot: QtBot) -> MainWindow:
    """The sample campaign (a game in progress: scene 1, Brother Ilian's turn), open
    in Play, the window active, nothing touched; rolls land at once."""
    window = make_window()
    window.open_sample()
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.waitUntil(window.is_ready)
    table_of(window).animate_check.setChecked(False)
    # Seeded: an unseeded quick roll of two small dice came up all ones now and then,
    # and an all-ones roll waits for its choice instead of being logged.
    session_of(window).rng = random.Random(30)
    return window


def test_after_a_click_on_a_roster_name_2_and_space_roll_two_dice(
    sample: MainWindow, qtbot: QtBot
) -> None:
    click_roster_name(qtbot, sample, "Kara Voss")
    before = len(rolls(sample))
    key(qtbot, sample, Qt.Key.Key_2)
    assert "2" in table_of(sample).quick_label.text()
    key(qtbot, sample, Qt.Key.Key_Space)
    assert len(rolls(sample)) == before + 1
    assert len(rolls(sample)[0].detail["dice"]) == 2
    assert rolls(sample)[0].character_name == "Kara Voss"


def test_after_f_2_and_space_roll_two_dice_of_the_player_whose_turn_it_is(
    sample: MainWindow, qtbot: QtBot
) -> None:
    click_roster_name(qtbot, sample, "Kara Voss")
    key(qtbot, sample, Qt.Key.Key_F)
    assert session_of(sample).selected_character == game(sample).turn_of
    assert "Brother Ilian" in sample.statusBar().currentMessage()
    key(qtbot, sample, Qt.Key.Key_2)
    key(qtbot, sample, Qt.Key.Key_Space)
    assert rolls(sample)[0].character_name == "Brother Ilian"
    assert len(rolls(sample)[0].detail["dice"]) == 2


def test_after_a_workspace_switch_the_digits_arm_the_quick_roll(
    sample: MainWindow, qtbot: QtBot
) -> None:
    click_roster_name(qtbot, sample, "Kara Voss")
    key(qtbot, sample, Qt.Key.Key_2, CTRL)  # Prep: no Dice Table, the digits say so
    assert sample.workspace == "prep"
    before = len(rolls(sample))
    key(qtbot, sample, Qt.Key.Key_2)
    assert "Dice Table" in sample.statusBar().currentMessage()
    turn = game(sample).turn_of
    key(qtbot, sample, Qt.Key.Key_N)  # nothing, and says so: the Play dock is not open
    assert game(sample).turn_of == turn
    assert "Play dock, which is not open" in sample.statusBar().currentMessage()
    key(qtbot, sample, Qt.Key.Key_1, CTRL)
    assert sample.workspace == "play"
    key(qtbot, sample, Qt.Key.Key_3)
    assert "3" in table_of(sample).quick_label.text()
    key(qtbot, sample, Qt.Key.Key_Space)
    assert len(rolls(sample)) == before + 1
    assert len(rolls(sample)[0].detail["dice"]) == 3


def test_after_the_all_ones_choice_the_keys_still_roll(sample: MainWindow, qtbot: QtBot) -> None:
    click_roster_name(qtbot, sample, "Kara Voss")
    table = table_of(sample)
    click(qtbot, table.view.viewport())  # the GM's hand on the table
    session_of(sample).rng = ScriptedRng([1, 1, 4, 5])
    key(qtbot, sample, Qt.Key.Key_2)
    key(qtbot, sample, Qt.Key.Key_Space)
    choice = table.choice_frame
    assert choice.isVisible()
    click(qtbot, choice.keep_button)
    assert not choice.isVisible()
    focused = QApplication.focusWidget()
    assert focused is not None and table.isAncestorOf(focused)  # still on the table
    before = len(rolls(sample))
    key(qtbot, sample, Qt.Key.Key_2)
    key(qtbot, sample, Qt.Key.Key_Space)
    assert len(rolls(sample)) == before + 1


def new_clock_dialog(qtbot: QtBot, window: MainWindow) -> NewClockDialog:
    """The New clock dialog, opened as the GM does, active."""
    clocks = dock(window, "clocks")
    assert isinstance(clocks, ClocksWidget)
    next(p for p in window.panels if p.name == "clocks").raise_()
    click(qtbot, clocks.toolbar.widgetForAction(clocks.new_action))
    dialog = clocks.dialog
    assert isinstance(dialog, NewClockDialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    return dialog


def test_the_new_clock_dialog_opens_with_the_focus_on_the_name(
    sample: MainWindow, qtbot: QtBot
) -> None:
    dialog = new_clock_dialog(qtbot, sample)
    assert QApplication.focusWidget() is dialog.name_edit
    qtbot.keyClicks(QApplication.focusWidget(), "The watch closes in")  # typed at once
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert any(c.name == "The watch closes in" for c in campaign_of(sample).clocks.all())


def test_after_the_new_clock_dialog_n_is_next_turn_not_typing_in_the_filter(
    sample: MainWindow, qtbot: QtBot
) -> None:
    play = play_of(sample)
    click(qtbot, play.turn_order.action)  # the player's action, typed and committed
    qtbot.keyClicks(play.turn_order.action, "Pray")
    qtbot.keyClick(play.turn_order.action, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is None  # Enter handed the keys back to the table
    dialog = new_clock_dialog(qtbot, sample)
    click(qtbot, dialog.name_edit)
    qtbot.keyClicks(dialog.name_edit, "The watch closes in")
    click(qtbot, dialog.ok_button)
    sample.activateWindow()  # the window manager's part: the window is active again
    qtbot.waitUntil(lambda: QApplication.activeWindow() is sample)
    assert any(c.name == "The watch closes in" for c in campaign_of(sample).clocks.all())
    focused = QApplication.focusWidget()
    assert not isinstance(focused, QLineEdit), focused  # not the roster's filter
    turn = game(sample).turn_of
    key(qtbot, sample, Qt.Key.Key_N)
    assert game(sample).turn_of != turn
    roster = dock(sample, "roster")
    assert isinstance(roster, RosterWidget) and roster.filter_edit.text() == ""


@pytest.mark.parametrize("in_front", ["clocks", "rollLog"])
def test_n_r_a_f_act_with_the_play_dock_behind_another_tab_at_start(
    make_window: Callable[[], MainWindow], qtbot: QtBot, in_front: str
) -> None:
    first = make_window()
    first.open_sample()
    qtbot.waitUntil(first.is_ready)
    next(p for p in first.panels if p.name == in_front).raise_()
    first.close()  # the layout is saved with that tab in front
    window = make_window()
    window.open_sample()
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.waitUntil(window.is_ready)
    play_panel = next(p for p in window.panels if p.name == "play")
    assert not play_panel.is_on_screen()  # behind the tab, as left
    start = game(window)
    key(qtbot, window, Qt.Key.Key_N)
    assert game(window).turn_of != start.turn_of
    key(qtbot, window, Qt.Key.Key_F)
    assert session_of(window).selected_character == game(window).turn_of
    key(qtbot, window, Qt.Key.Key_R)
    assert game(window).round == start.round + 1
    key(qtbot, window, Qt.Key.Key_A)
    assert game(window).round == start.round + 2
    assert "Award" in window.statusBar().currentMessage()


def test_a_in_the_roster_says_what_it_awarded_and_outside_a_round_does_nothing(
    sample: MainWindow, qtbot: QtBot
) -> None:
    click_roster_name(qtbot, sample, "Kara Voss")
    start = game(sample)
    key(qtbot, sample, Qt.Key.Key_A)
    assert game(sample).round == start.round + 1
    said = sample.statusBar().currentMessage()
    assert said.startswith("Award a ")
    assert "; end round (A). Scene 1 · Round 2 · " in said
    play = play_of(sample)
    assert said.startswith(play.last_step.text()) and play.last_step.text().endswith("(A).")
    session_of(sample).undo_stack.undo()  # the step undone: the dock no longer says it
    assert play.last_step.text() == ""
    # Outside a round (no game running) A does nothing, and says why.
    click(qtbot, play.game_bar.end_button)
    steps = session_of(sample).undo_stack.index()
    click_roster_name(qtbot, sample, "Kara Voss")
    key(qtbot, sample, Qt.Key.Key_A)
    assert session_of(sample).undo_stack.index() == steps
    assert "does nothing now" in sample.statusBar().currentMessage()


def test_space_after_rest_2_hours_rolls_and_never_rests_again(
    sample: MainWindow, qtbot: QtBot
) -> None:
    click_roster_name(qtbot, sample, "Kara Voss")
    campaign = campaign_of(sample)
    kara = session_of(sample).selected_character
    assert isinstance(kara, int)
    pool = [d for d in campaign.kit.dice(kara) if d.place == "pool"]
    campaign.kit.update_dice([replace(pool[0], place="table")])  # a die to rest back
    table = table_of(sample)
    click(qtbot, table.rest_button)
    stack = session_of(sample).undo_stack
    assert stack.undoText() == "Rest two hours"
    steps = stack.index()
    key(qtbot, sample, Qt.Key.Key_2)
    key(qtbot, sample, Qt.Key.Key_Space)
    assert stack.index() == steps + 1  # the roll, not a second rest
    assert stack.undoText() != "Rest two hours"
    assert rolls(sample)[0].character_name == "Kara Voss"
    assert len(rolls(sample)[0].detail["dice"]) == 2


def test_text_fields_keep_their_letters_and_digits(sample: MainWindow, qtbot: QtBot) -> None:
    roster = dock(sample, "roster")
    assert isinstance(roster, RosterWidget)
    click(qtbot, roster.filter_edit)
    turn, before = game(sample).turn_of, len(rolls(sample))
    qtbot.keyClicks(QApplication.focusWidget(), "Nar 2 ")
    assert roster.filter_edit.text() == "Nar 2 "
    assert game(sample).turn_of == turn and len(rolls(sample)) == before
    assert table_of(sample).quick_label.text() == ""


def test_space_with_nothing_to_roll_says_so(sample: MainWindow, qtbot: QtBot) -> None:
    click_roster_name(qtbot, sample, "Kara Voss")
    before = len(rolls(sample))
    key(qtbot, sample, Qt.Key.Key_Space)
    assert len(rolls(sample)) == before
    assert "tray is empty" in sample.statusBar().currentMessage()


def test_escape_takes_a_typed_number_back_from_anywhere(sample: MainWindow, qtbot: QtBot) -> None:
    click_roster_name(qtbot, sample, "Kara Voss")
    key(qtbot, sample, Qt.Key.Key_4)
    assert "4" in table_of(sample).quick_label.text()
    key(qtbot, sample, Qt.Key.Key_Escape)
    assert table_of(sample).quick_label.text() == ""


def test_a_button_reached_with_tab_keeps_space_until_a_number_is_typed(
    sample: MainWindow, qtbot: QtBot
) -> None:
    table = table_of(sample)
    click_roster_name(qtbot, sample, "Kara Voss")
    table.conflict_button.setFocus(Qt.FocusReason.OtherFocusReason)
    for _tab in range(10):  # Tab from Conflict, along the row of buttons
        if QApplication.focusWidget() is table.animate_check:
            break
        key(qtbot, sample, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is table.animate_check
    key(qtbot, sample, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: not table.animate_check.isChecked())  # pressed, as by Space
    before = len(rolls(sample))
    key(qtbot, sample, Qt.Key.Key_1)
    key(qtbot, sample, Qt.Key.Key_Space)
    assert len(rolls(sample)) == before + 1
    assert not table.animate_check.isChecked()


def test_a_clicked_check_box_leaves_space_to_the_roll(sample: MainWindow, qtbot: QtBot) -> None:
    click_roster_name(qtbot, sample, "Kara Voss")
    clocks = dock(sample, "clocks")
    assert isinstance(clocks, ClocksWidget)
    next(p for p in sample.panels if p.name == "clocks").raise_()
    click(qtbot, clocks.show_done)
    assert QApplication.focusWidget() is clocks.show_done  # a click gave it the focus
    shown = clocks.show_done.isChecked()
    before = len(rolls(sample))
    key(qtbot, sample, Qt.Key.Key_1)
    key(qtbot, sample, Qt.Key.Key_Space)
    assert len(rolls(sample)) == before + 1
    assert clocks.show_done.isChecked() == shown  # not clicked again by Space
