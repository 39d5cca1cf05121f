"""Issue 16 on the Dice Table: a die keeps its selection after a step, the moves that
fill a tray are one undo step, and number fields refuse what does not fit."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.ui.dice_commands import MoveTrayDice
from desktop.ui.docks import dice_table
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.widgets.dice_scene import DIE_MIME, encode
from tests.ui.test_dice_table import ScriptedRng, dice, table  # noqa: F401 (a fixture)

CTRL = Qt.KeyboardModifier.ControlModifier


def test_a_die_stays_selected_so_plus_steps_it_twice(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    first, *_ = dice(window)
    table.traits.item(0).setCheckState(Qt.CheckState.Checked)  # Harbour-wise 2: two steps
    table.toggle_tray(first.id)
    table.scene.die_items[first.id].setSelected(True)
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_Plus)
    assert dice(window)[0].steps == 1
    # The table was drawn again for the step; the same die is still the selected one.
    assert table.scene.die_items[first.id].isSelected()
    qtbot.keyClick(table.view, Qt.Key.Key_Plus)  # no click in between
    assert dice(window)[0].steps == 2
    qtbot.keyClick(table.view, Qt.Key.Key_Minus)
    assert dice(window)[0].steps == 1


def test_moves_into_the_tray_are_one_undo_step_until_the_roll(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    assert window.session is not None
    stack = window.session.undo_stack
    before = stack.count()
    first, second, third, _ = dice(window)
    for die in (first, second, third):
        table.move_die(next(d for d in dice(window) if d.id == die.id), "tray")
    assert [d.in_tray for d in dice(window)] == [True, True, True, False]
    assert stack.count() == before + 1
    assert isinstance(stack.command(stack.count() - 1), MoveTrayDice)

    window.activateWindow()
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_Z, CTRL)
    assert not any(d.in_tray for d in dice(window))  # one Ctrl+Z empties the tray
    qtbot.keyClick(table.view, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert [d.in_tray for d in dice(window)] == [True, True, True, False]

    # The roll ends the merging: a move after it is a step of its own.
    window.session.rng = ScriptedRng([4, 5, 6])
    table.roll()
    rolled = stack.count()
    table.toggle_tray(dice(window)[0].id)
    assert stack.count() == rolled + 1
    window.undo_action.trigger()
    assert not any(d.in_tray for d in dice(window))
    assert window.session.campaign.rolls.all()[0].undone is False


def test_damage_and_reach_refuse_what_does_not_fit(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    assert window.session is not None
    problems: list[str] = []
    window.session.failed.connect(problems.append)
    field = table.damage_spin
    field.clear()
    qtbot.keyClicks(field, "99")
    assert field.value() == 99 and field.problem() is None
    field.clear()
    qtbot.keyClicks(field, "9999")
    assert field.text() == "9999"  # kept as typed, never clamped to 99
    assert field.value() is None
    assert "at most 99" in (field.problem() or "")
    message = table.findChild(type(table.counts_label), "damageProblem")
    assert message is not None and "at most 99" in message.text()
    assert not message.isHidden()
    assert not table.damage_button.isEnabled()
    table._take_typed_damage()  # even if reached: nothing is written
    assert [d.place for d in dice(window)] == ["pool"] * 4
    assert problems and "at most 99" in problems[-1]

    field.clear()
    qtbot.keyClicks(field, "2")
    assert table.damage_button.isEnabled()
    qtbot.mouseClick(table.damage_button, Qt.MouseButton.LeftButton)
    assert sorted(d.place for d in dice(window)) == ["pool", "pool", "removed", "removed"]

    reach = table.target_spin
    reach.clear()
    qtbot.keyClicks(reach, "9999")
    assert reach.value() is None and "at most 999" in (reach.problem() or "")
    reach.clear()
    qtbot.keyClicks(reach, "999")
    assert reach.value() == 999


def test_the_tray_stays_put_while_dice_leave_the_pool_during_a_drag(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
) -> None:
    assert window.session is not None
    kara = dice(window)[0].character_id
    window.session.campaign.kit.add_dice(kara, size=6, count=3 * table.scene.per_row)
    pool = dice(window)
    assert len(pool) > 2 * table.scene.per_row  # the pool takes three rows or more
    tray = table.scene.areas[(0, "tray")].rect
    table_area = table.scene.areas[(0, "table")].rect
    point = table.view.mapFromScene(tray.center() + QPointF(0, 8))
    dragged = pool[-1]
    data = encode(DIE_MIME, {"character": kara, "die": dragged.id})
    viewport = table.view.viewport()
    actions = Qt.DropAction.MoveAction
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(viewport, QDragEnterEvent(point, actions, data, buttons, keys))
    QApplication.sendEvent(viewport, QDragMoveEvent(point, actions, data, buttons, keys))

    # While the die is on its way, a row's worth of dice leaves the pool (an undo, a
    # player's dice put in the tray, a die deleted): the pool reflows.
    leaving = pool[: table.scene.per_row]
    for die in leaving[:-1]:
        table.move_die(die, "tray")
    table.delete_die(leaving[-1])
    assert table.scene.areas[(0, "pool")].count == len(pool) - len(leaving)
    assert table.scene.areas[(0, "tray")].rect == tray  # the target did not move
    assert table.scene.areas[(0, "table")].rect == table_area

    QApplication.sendEvent(viewport, QDragMoveEvent(point, actions, data, buttons, keys))
    QApplication.sendEvent(viewport, QDropEvent(QPointF(point), actions, data, buttons, keys))
    landed = next(d for d in dice(window) if d.id == dragged.id)
    assert landed.in_tray and landed.place == "pool"  # in the tray, not depleted


def test_the_table_reaches_its_parts_only_through_their_interfaces() -> None:
    """Issue 14: the conflict box, the odds box and the all-ones choice are widgets of
    their own; the table never reads their private state."""
    source = Path(dice_table.__file__).read_text(encoding="utf-8")
    assert re.search(r"(conflict_box|odds_box|choice_frame)\._", source) is None
    assert "def _build_conflict_box" not in source and "roll_item_die" in source
