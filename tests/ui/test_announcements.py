"""Issue 34, screen readers: results are read out as they happen (a roll's total and its
depletions, a tuple, the End Day summary, a refusal), through the window's announcer.

PySide6 has no hook on Qt's accessibility updates (no `installUpdateHandler`), so the
test listens to the announcer's own signal, emitted beside each announcement event."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from desktop.ui.accessible import Announcer, announce, announcer_of, spoken
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.end_day import EndDayDialog
from desktop.ui.main_window import MainWindow
from desktop.ui.widgets.dice_scene import DIE_MIME, encode
from tests.ui.scripted import ScriptedRng
from tests.ui.test_dice_table import dice, drop, table  # noqa: F401 (a fixture)


def listen(window: MainWindow) -> list[tuple[str, bool]]:
    heard: list[tuple[str, bool]] = []
    window.announcer.announced.connect(lambda text, assertive: heard.append((text, assertive)))
    return heard


def test_a_roll_is_read_out_with_its_total_and_depletions(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
) -> None:
    assert window.session is not None
    heard = listen(window)
    for die in dice(window)[:3]:
        drop(table, encode(DIE_MIME, {"character": die.character_id, "die": die.id}), "tray")
    window.session.rng = ScriptedRng([5, 1, 3])
    table.roll()
    assert heard == [("Kara Voss rolled 5 (d6), 1 (d6), 3 (d6) = 9. 1 depleted.", False)]


def test_a_tuple_is_read_out(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
) -> None:
    assert window.session is not None
    heard = listen(window)
    first, second, *_ = dice(window)
    table.toggle_tray(first.id)
    table.toggle_tray(second.id)
    window.session.rng = ScriptedRng([4, 4])
    table.roll()
    [(text, assertive)] = heard
    assert "= 8." in text and "A tuple" in text and not assertive


def test_an_all_ones_roll_asks_at_once(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
) -> None:
    assert window.session is not None
    heard = listen(window)
    first, second, *_ = dice(window)
    table.toggle_tray(first.id)
    table.toggle_tray(second.id)
    window.session.rng = ScriptedRng([1, 1])
    table.roll()
    [(text, assertive)] = heard
    assert text.endswith("All ones: choose below.") and assertive


def test_end_day_reads_out_its_summary(window: MainWindow, qtbot: QtBot) -> None:
    assert window.session is not None
    heard = listen(window)
    dialog = EndDayDialog(window.session, window)
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
    [(text, assertive)] = heard
    assert text.startswith("Day 1 ended. Day 2 (") and "<b>" not in text and not assertive


def test_a_refusal_is_read_out_at_once(
    window: MainWindow,
    table: DiceTableWidget,  # noqa: F811
    qtbot: QtBot,
) -> None:
    heard = listen(window)
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton)
    qtbot.keyClick(table.view, Qt.Key.Key_9)
    qtbot.keyClick(table.view, Qt.Key.Key_Space)
    [(text, assertive)] = heard
    assert "9 cannot be rolled" in text and assertive
    assert text == window.statusBar().currentMessage()


def test_the_announcer_posts_a_qt_announcement(qtbot: QtBot) -> None:
    """With accessibility active (a screen reader listening) the event is built and
    posted; words only, the markup gone."""
    window = QWidget()
    qtbot.addWidget(window)
    announcer = Announcer(window)
    label = QLabel(window)
    assert announcer_of(label) is announcer
    heard: list[str] = []
    announcer.announced.connect(lambda text, _: heard.append(text))
    QAccessible.setActive(True)
    try:
        announce(label, "<b>Day 1 ended.</b><br>Day 2 has begun.", assertive=True)
    finally:
        QAccessible.setActive(False)
    assert heard == ["Day 1 ended. Day 2 has begun."]
    event = QAccessibleAnnouncementEvent(window, heard[0])
    assert event.message() == heard[0]
    assert spoken("  plain\n words ") == "plain words"


def test_a_widget_without_a_window_says_nothing(qtbot: QtBot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    assert announcer_of(label) is None
    announce(label, "nobody hears this")  # no announcer, no error
