"""Issue 27, messages: a routine refusal (the rules or the campaign say no) is said in the
status bar and beside the field that asked, never in a modal box that repeats it and
takes the Space or Enter the GM meant for the table. A box stays for what the GM must
not miss (the disk) and for questions."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.docks.syscards import SysCardsWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.widgets.dice_scene import DIE_MIME, encode
from tests.ui.test_dice_table import dice, drop, table  # noqa: F401 (a fixture)
from tests.ui.test_syscards_dock import cards, select  # noqa: F401 (a fixture)


def no_box_and_said(window: MainWindow, qtbot: QtBot, words: str) -> None:
    """Nothing modal came up, and the status bar holds `words`."""
    qtbot.wait(30)  # a box opened with open() shows on the next turn of the event loop
    assert QApplication.activeModalWidget() is None
    boxes = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox)]
    assert not [box.text() for box in boxes if box.isVisible()]
    assert words in window.statusBar().currentMessage()


def on_the_table(table: DiceTableWidget, qtbot: QtBot) -> None:  # noqa: F811
    """The GM's click on the table: the keyboard is the table's."""
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget() is table.view


def key(qtbot: QtBot, *keys: Qt.Key) -> None:
    for each in keys:
        focused = QApplication.focusWidget()
        assert focused is not None
        qtbot.keyClick(focused, each)


def select_die(table: DiceTableWidget, die_id: int) -> None:  # noqa: F811
    table.scene.clearSelection()
    table.scene.die_items[die_id].setSelected(True)


def test_a_quick_roll_of_more_dice_than_the_pool_is_said_in_passing(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    on_the_table(table, qtbot)
    key(qtbot, Qt.Key.Key_9, Qt.Key.Key_Space)
    no_box_and_said(window, qtbot, "9 cannot be rolled")
    assert QApplication.focusWidget() is table.view  # Space and Enter are still the table's
    key(qtbot, Qt.Key.Key_2, Qt.Key.Key_Space)
    assert window.session is not None and len(window.session.campaign.rolls.all()) == 1


def test_a_quick_roll_over_a_full_tray_is_said_in_passing(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    table.toggle_tray(dice(window)[0].id)
    on_the_table(table, qtbot)
    key(qtbot, Qt.Key.Key_2, Qt.Key.Key_Space)
    no_box_and_said(window, qtbot, "The tray already holds dice")
    assert QApplication.focusWidget() is table.view


def test_no_trait_steps_left_is_said_in_passing(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    first = dice(window)[0]
    table.toggle_tray(first.id)
    on_the_table(table, qtbot)
    select_die(table, first.id)
    key(qtbot, Qt.Key.Key_Plus)  # no trait ticked: no step to spend
    no_box_and_said(window, qtbot, "No trait steps left")
    assert [d.steps for d in dice(window)] == [0, 0, 0, 0]
    assert QApplication.focusWidget() is table.view


def test_a_weapon_die_dropped_in_the_tray_is_said_in_passing(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    assert window.session is not None
    campaign = window.session.campaign
    kara = next(c for c in campaign.roster.all() if c.name == "Kara Voss")
    campaign.kit.add_item(kara.id, "Boarding cutlass", "weapon", die_size=8)
    weapon = next(d for d in dice(window) if d.kind == "damage")
    drop(table, encode(DIE_MIME, {"character": kara.id, "die": weapon.id}), "tray")
    no_box_and_said(window, qtbot, "rolled in a conflict, not from the tray")
    assert not any(d.in_tray for d in dice(window))


def test_letters_for_a_necessary_rate_are_said_in_passing(
    window: MainWindow,
    cards: SysCardsWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    select(cards, "Knife work")
    act = cards.act
    act.nr_spin.clear()
    qtbot.mouseClick(act.nr_spin, Qt.MouseButton.LeftButton)
    key(qtbot, Qt.Key.Key_A, Qt.Key.Key_B, Qt.Key.Key_C, Qt.Key.Key_Return)
    no_box_and_said(window, qtbot, "not 'abc'")
    assert "not 'abc'" in act.field_error.text()  # and beside the field
    assert window.session is not None and window.session.campaign.rolls.all() == []


def test_a_failed_write_is_still_shown_in_a_box(window: MainWindow, qtbot: QtBot) -> None:
    """The disk failing is no routine refusal: the GM must not miss it."""
    assert window.session is not None
    window.session.report_breakage("The change could not be saved: the disk is full.")
    box = window.findChild(QMessageBox, "problemBox")
    assert box is not None and box.isVisible() and "disk is full" in box.text()
    box.close()
