"""Issue 27: the toolbar's Undo keeps its place whatever the step's name, the Edit menu
shows its keys, and a field's problem line moves no button."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel, QToolBar
from pytestqt.qtbot import QtBot

from desktop.ui.commands import AddCharacter
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow
from tests.ui.docks import session_of, shown_dock


def _toolbar(window: MainWindow, name: str) -> QToolBar:
    found = window.findChild(QToolBar, name)
    assert isinstance(found, QToolBar)
    return found


def test_a_long_undo_text_leaves_the_workspace_buttons_where_they_are(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.resize(1366, 768)
    campaign_bar = _toolbar(window, "campaignToolBar")
    workspaces = _toolbar(window, "workspaceToolBar")
    button = campaign_bar.widgetForAction(window.undo_action)
    QApplication.processEvents()
    width, place = button.width(), workspaces.geometry().left()
    name = "Captain Reyne Dask of the Customs House Vault and the Drowned Stair"
    session_of(window).push(AddCharacter(session_of(window), name, "pc"))
    QApplication.processEvents()
    assert button.text() == "Undo"
    assert button.width() == width
    assert workspaces.geometry().left() == place
    # The whole step, and its key, are in the tooltip and the menu.
    assert window.undo_action.toolTip() == f"Undo Add {name} (Ctrl+Z)"
    assert window.undo_action.text() == f"&Undo Add {name}"


@pytest.fixture
def no_keys_in_menus() -> Iterator[None]:
    """A platform whose habit is no shortcuts in menus (Qt's attribute for it)."""
    attribute = Qt.ApplicationAttribute.AA_DontShowShortcutsInContextMenus
    before = QApplication.testAttribute(attribute)
    QApplication.setAttribute(attribute, True)
    yield
    QApplication.setAttribute(attribute, before)


def test_the_edit_menu_shows_its_keys(window: MainWindow, no_keys_in_menus: None) -> None:
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    shown = [
        (a.text(), a.shortcut().toString())
        for a in edit.actions()
        if not a.isSeparator() and a.isShortcutVisibleInContextMenu()
    ]
    assert shown == [
        ("&Undo", "Ctrl+Z"),
        ("&Redo", "Ctrl+Shift+Z"),
        ("&Find in Campaign…", "Ctrl+K"),
        ("Command &Palette…", "Ctrl+Shift+P"),
    ]
    assert window.redo_action.toolTip() == "Redo (Ctrl+Shift+Z)"


def test_the_damage_problem_does_not_move_take_damage(window: MainWindow, qtbot: QtBot) -> None:
    window.resize(1366, 768)
    campaign = session_of(window).campaign
    kara = campaign.roster.add("Kara", "pc").id
    campaign.kit.add_dice(kara, size=6, count=3)
    session_of(window).select_character(kara)
    table = shown_dock(window, "diceTable", DiceTableWidget)
    QApplication.processEvents()
    button = table.damage_button
    before = button.mapTo(window, QPoint(0, 0))
    qtbot.mouseClick(table.damage_spin, Qt.MouseButton.LeftButton)
    field = QApplication.focusWidget()
    assert field is not None
    qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(field, "abc")
    QApplication.processEvents()
    problem = table.findChild(QLabel, "damageProblem")
    assert problem is not None and problem.isVisible()
    assert "whole number" in problem.text()
    assert button.mapTo(window, QPoint(0, 0)) == before
