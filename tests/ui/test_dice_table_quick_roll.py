"""The quick roll (issue 16, item 6) and the inputs two common actions cost, counted from
the app at rest on the sample campaign: every click and key below is one the GM makes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from desktop.store import RollRecord
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.main_window import MainWindow
from tests.ui.test_dice_table import ScriptedRng, dice, table  # noqa: F401 (a fixture)
from tests.ui.tumble import settles


class Inputs:
    """The GM's hands: each click or key goes where a real one would, and is counted."""

    def __init__(self, qtbot: QtBot) -> None:
        self.qtbot = qtbot
        self.count = 0

    def click(self, widget: QWidget) -> None:
        assert widget.isVisible() and widget.isEnabled(), widget.objectName()
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
        self.count += 1

    def key(self, key: Qt.Key) -> None:
        focused = QApplication.focusWidget()  # a key goes to the widget with the focus
        assert focused is not None
        self.qtbot.keyClick(focused, key)
        self.count += 1


@pytest.fixture
def at_rest(make_window: object, qtbot: QtBot) -> Iterator[tuple[MainWindow, DiceTableWidget]]:
    """The app as it starts on the sample campaign, in its Play workspace, nothing touched."""
    window = make_window()  # type: ignore[operator]
    window.open_sample()
    window.activateWindow()
    qtbot.waitActive(window)
    shown = next(p.content() for p in window.panels if p.name == "diceTable")
    assert isinstance(shown, DiceTableWidget) and shown.isVisible()
    yield window, shown


def newest(window: MainWindow) -> RollRecord:
    assert window.session is not None
    return max(window.session.campaign.rolls.all(), key=lambda r: r.id)


def rolled_sizes(window: MainWindow) -> list[int]:
    assert window.session is not None
    logged = window.session.campaign.rolls.all()[0]
    return [die["size"] for die in logged.detail["dice"]]


def test_quick_roll_rolls_the_smallest_pool_dice_without_dragging(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    assert window.session is not None
    campaign = window.session.campaign
    kara = next(c for c in campaign.roster.all() if c.name == "Kara Voss")
    campaign.kit.add_dice(kara.id, size=8, count=1)
    campaign.kit.add_dice(kara.id, size=4, count=1)
    window.session.rng = ScriptedRng([2, 3, 4])
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_3)
    assert "3" in table.quick_label.text()
    qtbot.keyClick(table.view, Qt.Key.Key_Space)
    assert sorted(rolled_sizes(window)) == [4, 6, 6]  # the d4 first, the d8 stays
    assert table.quick_label.text() == ""
    assert not any(d.in_tray for d in dice(window))

    problems: list[str] = []
    window.session.failed.connect(problems.append)
    before = dice(window)
    qtbot.keyClick(table.view, Qt.Key.Key_9)
    qtbot.keyClick(table.view, Qt.Key.Key_Space)
    assert problems and "only 6 dice" in problems[-1] and "9 cannot be rolled" in problems[-1]
    assert dice(window) == before and len(campaign.rolls.all()) == 1

    qtbot.keyClick(table.view, Qt.Key.Key_2)
    qtbot.keyClick(table.view, Qt.Key.Key_Escape)  # taken back: Space rolls the tray only
    qtbot.keyClick(table.view, Qt.Key.Key_Space)
    assert len(campaign.rolls.all()) == 1


def test_roll_k_of_a_characters_dice_in_two_inputs(
    at_rest: tuple[MainWindow, DiceTableWidget], qtbot: QtBot
) -> None:
    window, desk = at_rest
    assert window.session is not None
    desk.animate_check.setChecked(False)  # the tumble is not an input; it only waits
    window.session.rng = ScriptedRng([4, 5, 6])
    hands = Inputs(qtbot)

    hands.key(Qt.Key.Key_3)
    hands.key(Qt.Key.Key_Space)

    assert hands.count == 2
    logged = newest(window)
    assert logged.character_name == "Kara Voss" and len(logged.detail["dice"]) == 3


def test_run_a_conflict_and_apply_it_in_six_inputs(
    at_rest: tuple[MainWindow, DiceTableWidget], qtbot: QtBot
) -> None:
    window, desk = at_rest
    assert window.session is not None
    campaign = window.session.campaign
    ilian = next(c for c in campaign.roster.all() if c.name == "Brother Ilian")
    # Kara 6 + 5 and two depleted dice (13) against Ilian's 3 + 2 + 4 (9): no ones.
    window.session.rng = ScriptedRng([6, 5, 3, 2, 4])
    hands = Inputs(qtbot)

    hands.click(desk.conflict_button)  # against the next character: Brother Ilian
    hands.key(Qt.Key.Key_2)  # Kara names her dice...
    hands.key(Qt.Key.Key_Space)
    hands.key(Qt.Key.Key_3)  # ...Ilian his; both roll
    with settles(qtbot, desk.animation):  # the tumble: no input, it only waits
        hands.key(Qt.Key.Key_Space)
    assert desk.conflict_box.apply_button.isEnabled()
    assert "Kara Voss wins 13 to 9" in desk.conflict_box.result_label.text()
    hands.click(desk.conflict_box.apply_button)

    assert hands.count == 6
    logged = newest(window)
    assert logged.kind == "conflict" and "Kara Voss wins 13 to 9" in logged.summary
    ilian_dice = [d for d in campaign.kit.dice(ilian.id) if d.kind == "ordinary"]
    assert sum(d.place == "removed" for d in ilian_dice) >= 1  # the loser's damage
    assert not any(d.in_tray for d in ilian_dice)


def test_a_quick_roll_that_depletes_nothing_lands_its_own_faces_on_the_dice(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    """The walk with real keys: 2 then Space rolled 4 and 3, and the pool showed 1 and 6.
    A quick roll that depletes nothing changes no die's record, so nothing redrew the
    table after the tumble and its last random faces stayed on the dice."""
    assert window.session is not None
    table.animate_check.setChecked(True)
    # No 1 and no pair: nothing depleted, nothing returned, every record as it was.
    for faces in ([4, 3], [5, 2], [6, 4]):
        window.session.rng = ScriptedRng(faces)
        table.view.setFocus()
        qtbot.keyClick(table.view, Qt.Key.Key_2)
        with settles(qtbot, table.animation):
            qtbot.keyClick(table.view, Qt.Key.Key_Space)
        logged = {d["die_id"]: d["face"] for d in newest(window).detail["dice"]}
        assert sorted(logged.values()) == sorted(faces)
        drawn = {i: item.look().face for i, item in table.scene.die_items.items() if i in logged}
        assert drawn == logged
