"""F6 / Shift+F6 from dock to dock, Ctrl+Shift+PgDown / PgUp from tab to tab (issue 34,
"Keyboard only"), in the real main window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QPlainTextEdit
from pytestqt.qtbot import QtBot

from desktop.ui.dock_cycle import dock_of, docks_in_order
from desktop.ui.main_window import MainWindow
from desktop.ui.panel import Panel

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier

# Each workspace's docks on screen as its default draws them, in reading order (the
# docks behind a tab left out).
ORDER = {
    "play": ["roster", "diceTable", "play"],
    "prep": ["syscards", "faction_ladder"],
    "between": ["energyCalendar", "chapter"],
}


def dock(window: MainWindow, name: str) -> Panel:
    return next(panel for panel in window.panels if panel.name == name)


def focused_dock(window: MainWindow) -> str:
    panel = dock_of(QApplication.focusWidget(), window.panels)
    return panel.name if panel is not None else ""


def press(
    qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    """`key` pressed where the focus is, as the GM's keyboard would."""
    target = QApplication.focusWidget()
    assert target is not None
    qtbot.keyClick(target, key, modifier)


def start_in(window: MainWindow, qtbot: QtBot, workspace: str) -> None:
    window.show_workspace(workspace)
    window.reset_layout()
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.waitUntil(window.is_ready)


@pytest.mark.parametrize("workspace", list(ORDER))
def test_f6_walks_the_docks_in_reading_order_and_wraps(
    window: MainWindow, qtbot: QtBot, workspace: str
) -> None:
    start_in(window, qtbot, workspace)
    order = ORDER[workspace]
    assert [panel.name for panel in docks_in_order(window.panels)] == order
    dock(window, order[0]).content().setFocus()
    for name in [*order[1:], order[0]]:  # round the end to the first again
        press(qtbot, Qt.Key.Key_F6)
        assert focused_dock(window) == name
    for name in [order[-1], *reversed(order[:-1])]:  # Shift+F6 back, round the start
        press(qtbot, Qt.Key.Key_F6, SHIFT)
        assert focused_dock(window) == name


def test_f6_from_the_roster_lands_on_the_dice_table_and_says_so(
    window: MainWindow, qtbot: QtBot
) -> None:
    start_in(window, qtbot, "play")
    heard: list[str] = []
    window.announcer.announced.connect(lambda text, _assertive: heard.append(text))
    dock(window, "roster").content().setFocus()
    press(qtbot, Qt.Key.Key_F6)
    focused = QApplication.focusWidget()
    assert focused_dock(window) == "diceTable"
    # On a control that takes the keyboard, not on the dock's frame.
    assert focused is not None and not isinstance(focused, Panel)
    assert focused.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert window.statusBar().currentMessage() == "Dice Table"
    assert heard == ["Dice Table"]
    press(qtbot, Qt.Key.Key_F6, SHIFT)
    assert heard == ["Dice Table", "Roster"]


def test_hidden_docks_and_docks_behind_tabs_are_passed_over(
    window: MainWindow, qtbot: QtBot
) -> None:
    start_in(window, qtbot, "play")
    dock(window, "diceTable").close()
    dock(window, "roster").content().setFocus()
    press(qtbot, Qt.Key.Key_F6)
    # Not the closed Dice Table, nor the clocks, roll log or journal behind Play's tab.
    assert focused_dock(window) == "play"
    dock(window, "journal").raise_()  # its tab chosen: it counts, Play does not
    qtbot.waitUntil(lambda: dock(window, "journal").is_on_screen())
    assert [panel.name for panel in docks_in_order(window.panels)] == ["roster", "journal"]
    dock(window, "roster").content().setFocus()
    press(qtbot, Qt.Key.Key_F6)
    assert focused_dock(window) == "journal"


def test_a_floating_dock_is_one_of_them(window: MainWindow, qtbot: QtBot) -> None:
    start_in(window, qtbot, "play")
    table = dock(window, "diceTable")
    table.setFloating(True)
    table.move(window.mapToGlobal(window.rect().bottomRight()))  # last in reading order
    qtbot.waitUntil(table.is_on_screen)
    assert [panel.name for panel in docks_in_order(window.panels)] == [
        "roster",
        "play",
        "diceTable",
    ]
    dock(window, "play").content().setFocus()
    press(qtbot, Qt.Key.Key_F6)
    # Its own window, made the active one: the focus is in it once it is.
    qtbot.waitUntil(lambda: focused_dock(window) == "diceTable")


def test_a_text_box_lets_f6_through(window: MainWindow, qtbot: QtBot) -> None:
    start_in(window, qtbot, "play")
    assert window.session is not None
    kara = window.session.campaign.roster.add("Kara Voss", "pc")
    window.session.select_character(kara.id)
    notes = dock(window, "roster").findChild(QPlainTextEdit, "rosterNotes")
    assert notes is not None
    qtbot.waitUntil(lambda: notes.isVisible() and notes.isEnabled())
    notes.setFocus()
    qtbot.waitUntil(notes.hasFocus)
    qtbot.keyClicks(notes, "Scar")
    press(qtbot, Qt.Key.Key_F6)
    assert focused_dock(window) == "diceTable"
    assert notes.toPlainText() == "Scar"  # nothing more typed into it
    notes.setFocus()
    press(qtbot, Qt.Key.Key_F6, SHIFT)
    assert focused_dock(window) == "play"


def test_ctrl_shift_page_down_brings_the_next_tab_to_the_front(
    window: MainWindow, qtbot: QtBot
) -> None:
    start_in(window, qtbot, "play")
    play = dock(window, "play")
    play.content().setFocus()
    # Play's group is Play | Clocks | Roll Log | Journal: each in turn, and round.
    for name in ["clocks", "rollLog", "journal", "play"]:
        press(qtbot, Qt.Key.Key_PageDown, CTRL_SHIFT)
        assert focused_dock(window) == name
        qtbot.waitUntil(lambda name=name: dock(window, name).is_on_screen())
    press(qtbot, Qt.Key.Key_PageUp, CTRL_SHIFT)
    assert focused_dock(window) == "journal"
    assert window.statusBar().currentMessage() == "Journal"
    # A dock with no tabs stays as it is.
    dock(window, "roster").content().setFocus()
    press(qtbot, Qt.Key.Key_PageDown, CTRL_SHIFT)
    assert focused_dock(window) == "roster"


def test_the_view_menu_offers_them_for_the_palette(window: MainWindow) -> None:
    keys = {
        action.text(): action.shortcut().toString()
        for action in window.view_menu.actions()
        if action.objectName() in ("actionNextDock", "actionPreviousDock")
    }
    assert keys == {"&Next Dock": "F6", "Pre&vious Dock": "Shift+F6"}
    # No other command of the window takes them.
    taken = [
        action.text()
        for action in window.findChildren(QAction)
        if action.shortcut().toString() in ("F6", "Shift+F6")
    ]
    assert sorted(taken) == ["&Next Dock", "Pre&vious Dock"]
