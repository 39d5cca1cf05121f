"""Setting the "shown to players" mark as a GM does: in the clock, faction and card
editors, and with one real click on the eye of a clock tile or a ladder card."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from desktop.ui.docks.clock_dialogs import NewClockDialog
from desktop.ui.docks.syscards import SysCardsWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.widgets.ladder_scene import SHOWN_RECT
from desktop.ui.widgets.shown_mark import mark_rect
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.test_clocks_dock import show_clocks
from tests.ui.test_faction_ladder import by_name, seed, view_point
from tests.ui.test_syscards_dock import select

LEFT = Qt.MouseButton.LeftButton


def test_a_new_clock_is_hidden_unless_the_dialog_shows_it(window: MainWindow, qtbot: QtBot) -> None:
    clocks = show_clocks(window)
    for name, shown in (("Secret plan", False), ("Public doom", True)):
        clocks.new_action.trigger()
        dialog = clocks.dialog
        assert isinstance(dialog, NewClockDialog)
        assert not dialog.shown.isChecked()
        qtbot.keyClicks(dialog.name_edit, name)
        dialog.shown.setChecked(shown)
        qtbot.mouseClick(dialog.ok_button, LEFT)
    assert {c.name: c.shown for c in campaign_of(window).clocks.all()} == {
        "Secret plan": False,
        "Public doom": True,
    }


def test_one_click_on_a_clocks_eye_shows_it_and_undo_hides_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    clock = campaign_of(window).clocks.add("Doom", 6)
    clocks = show_clocks(window)
    tile = clocks.board.tile_of(clock.id)
    assert tile is not None
    eye = clocks.board.to_view(mark_rect(tile.rect)).center().toPoint()
    qtbot.mouseClick(clocks.board.viewport(), LEFT, pos=eye)
    assert campaign_of(window).clocks.get(clock.id).shown
    assert campaign_of(window).clocks.get(clock.id).filled == 0  # the click filled nothing
    assert window.session is not None
    assert window.session.undo_stack.undoText() == "Show Doom to players"
    assert clocks.shown_action.isChecked()
    clocks.shown_action.trigger()  # the Edit menu's toggle hides it again
    assert not campaign_of(window).clocks.get(clock.id).shown
    window.session.undo_stack.undo()
    assert campaign_of(window).clocks.get(clock.id).shown


def test_the_faction_dialog_and_one_click_on_the_card_eye(window: MainWindow, qtbot: QtBot) -> None:
    widget = seed(window)
    red = by_name(window, "Red Sashes")
    assert red.shown
    item = widget.scene.cards[red.id]
    point = view_point(widget, item.mapToScene(SHOWN_RECT.center()))
    qtbot.mouseClick(widget.view.viewport(), LEFT, pos=point)
    assert not by_name(window, "Red Sashes").shown

    widget.edit_faction(red.id)
    dialog = widget.dialog
    assert dialog is not None and not dialog.shown_check.isChecked()
    dialog.shown_check.setChecked(True)
    dialog.try_accept()
    assert by_name(window, "Red Sashes").shown
    assert window.session is not None
    window.session.undo_stack.undo()
    assert not by_name(window, "Red Sashes").shown


def test_the_card_editor_shows_a_card(window: MainWindow) -> None:
    campaign_of(window).cards.add("Knife work", "skill")
    cards = shown_dock(window, "syscards", SysCardsWidget)
    select(cards, "Knife work")
    editor = cards.editor
    assert editor.card is not None and not editor.shown_check.isChecked()
    editor.shown_check.click()
    knife = next(c for c in campaign_of(window).cards.all() if c.name == "Knife work")
    assert knife.shown


def test_the_faction_context_menu_toggles_the_mark(window: MainWindow) -> None:
    widget = seed(window)
    red = by_name(window, "Red Sashes")
    widget.show_context_menu(red.id, red.tier, widget.mapToGlobal(widget.rect().center()))
    assert widget.menu is not None
    shown = widget.menu.findChild(QAction, "menuShown")
    assert shown.isChecked()
    shown.trigger()
    assert not by_name(window, "Red Sashes").shown
