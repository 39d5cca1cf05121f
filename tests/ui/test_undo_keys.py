"""Ctrl+Z and Ctrl+Shift+Z / Ctrl+Y reach the campaign with a field focused, unless the
field holds typing of its own; focus never lands in a field the GM did not choose."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QPushButton, QSpinBox
from pytestqt.qtbot import QtBot

from desktop.ui.commands import AddCharacter
from desktop.ui.docks.roster import RosterWidget
from desktop.ui.main_window import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def names(window: MainWindow) -> list[str]:
    assert window.session is not None
    return [record.name for record in window.session.campaign.roster.all()]


def focused_filter(window: MainWindow, qtbot: QtBot) -> QLineEdit:
    window.activateWindow()
    qtbot.waitActive(window)
    window.show_workspace("play")
    roster = window.panels[0].content()
    assert isinstance(roster, RosterWidget)
    field = roster.filter_edit
    field.setFocus(Qt.FocusReason.MouseFocusReason)
    assert QApplication.focusWidget() is field
    return field


def test_undo_and_redo_reach_the_campaign_from_a_focused_field(
    window: MainWindow, qtbot: QtBot
) -> None:
    assert window.session is not None
    window.session.push(AddCharacter(window.session, "Kara", "pc"))
    assert names(window) == ["Kara"]
    field = focused_filter(window, qtbot)
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert names(window) == []
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL | SHIFT)
    assert names(window) == ["Kara"]
    window.session.undo_stack.undo()
    qtbot.keyClick(field, Qt.Key.Key_Y, CTRL)
    assert names(window) == ["Kara"]
    assert QApplication.focusWidget() is field  # undo leaves the focus where it was


def test_a_field_with_its_own_typing_undoes_that_first(window: MainWindow, qtbot: QtBot) -> None:
    assert window.session is not None
    window.session.push(AddCharacter(window.session, "Kara", "pc"))
    field = focused_filter(window, qtbot)
    qtbot.keyClicks(field, "Ka")
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert field.text() != "Ka"  # the field's typing went first
    assert names(window) == ["Kara"]
    qtbot.keyClick(field, Qt.Key.Key_Return)  # committed: the next Ctrl+Z is the campaign's
    qtbot.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert names(window) == []


def test_focus_does_not_jump_into_a_field_when_a_button_goes(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    roster = window.panels[0].content()
    button = QPushButton("Apply the outcome", roster)
    box = QSpinBox(roster)
    roster.layout().addWidget(button)
    roster.layout().addWidget(box)
    button.show()
    box.show()
    button.setFocus(Qt.FocusReason.MouseFocusReason)
    assert QApplication.focusWidget() is button
    button.setEnabled(False)  # Qt moves focus on, as for a Tab the GM never pressed
    focused = QApplication.focusWidget()
    assert not isinstance(focused, QLineEdit | QSpinBox)
    # A real Tab still goes into the fields.
    button.setEnabled(True)
    button.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.keyClick(button, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not button


def test_an_editable_combo_box_gives_ctrl_z_to_the_campaign(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Qt focuses an editable combo box (as the energy entry's reach), not its line."""
    assert window.session is not None
    window.session.push(AddCharacter(window.session, "Kara", "pc"))
    window.activateWindow()
    qtbot.waitActive(window)
    combo = QComboBox()
    combo.setEditable(True)
    window.statusBar().addWidget(combo)
    combo.setFocus(Qt.FocusReason.MouseFocusReason)
    assert QApplication.focusWidget() is combo
    qtbot.keyClick(combo, Qt.Key.Key_Z, CTRL)
    assert names(window) == []
    qtbot.keyClicks(combo, "12")  # its own typing goes first
    qtbot.keyClick(combo, Qt.Key.Key_Z, CTRL)
    assert names(window) == [] and combo.currentText() != "12"


def test_a_notes_box_undoes_this_visits_typing_then_the_campaign(
    window: MainWindow, qtbot: QtBot
) -> None:
    from PySide6.QtWidgets import QPlainTextEdit

    assert window.session is not None
    window.session.push(AddCharacter(window.session, "Kara", "pc"))
    roster = focused_filter(window, qtbot).window()
    box = QPlainTextEdit(roster)
    box.show()
    box.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.keyClicks(box, "first visit")
    focused_filter(window, qtbot)  # away: the first visit's typing is left behind
    box.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.keyClicks(box, " and more")
    qtbot.keyClick(box, Qt.Key.Key_Z, CTRL)
    assert box.toPlainText() == "first visit"  # this visit's typing, not the earlier one
    assert names(window) == ["Kara"]
    qtbot.keyClick(box, Qt.Key.Key_Z, CTRL)  # nothing of its own left: the campaign's
    assert names(window) == []
    assert box.toPlainText() == "first visit"
