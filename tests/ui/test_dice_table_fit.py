"""The Dice Table keeps its English width in every language: its row of buttons wraps, its
fixed right column's buttons and labels wrap, and its trait chips never scroll sideways."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QThreadPool
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from desktop.ui.dice_table.wrap_button import WrapButton
from desktop.ui.docks.dice_table import DiceTableWidget
from desktop.ui.window_language import install_window_language, uninstall_window_language
from desktop.ui.zoom import apply_zoom


@pytest.fixture
def app(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    uninstall_window_language(qapp)  # the next test's window is English again


def least_widths(qtbot: QtBot) -> tuple[int, int]:
    """The table's least width, and its right column's content's."""
    table = DiceTableWidget(QThreadPool.globalInstance())
    qtbot.addWidget(table)
    table.choice_frame.show()  # the all-ones choice: the column's longest buttons
    table.conflict_button.setChecked(True)  # and the conflict's box
    column = table.odds_box.parentWidget()
    assert column is not None
    return table.minimumSizeHint().width(), column.minimumSizeHint().width()


@pytest.mark.parametrize("code", ["fr", "de", "es", "pseudo"])
def test_the_table_is_no_wider_in_a_longer_language(
    app: QApplication, qtbot: QtBot, code: str
) -> None:
    english, _ = least_widths(qtbot)
    install_window_language(app, code)
    width, column = least_widths(qtbot)
    assert width <= english
    # The column is 280 pixels, a vertical scroll bar's room kept: wider, it was cut off.
    assert column <= 280 - 14


def test_the_table_keeps_its_english_width_after_a_zoom(app: QApplication, qtbot: QtBot) -> None:
    install_window_language(app, "de")
    english, _ = least_widths(qtbot)
    table = DiceTableWidget(QThreadPool.globalInstance())
    qtbot.addWidget(table)
    # View > Zoom walks every widget the process holds: the earlier tests' go first, so
    # that none is collected (and freed) in the middle of the walk (a worker crashed
    # there once in a full run).
    gc.collect()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    try:
        apply_zoom(app, 150)  # View > Zoom: the English words measured again
        zoomed_width = table.minimumSizeHint().width()
    finally:
        apply_zoom(app, 100)
    assert zoomed_width > english
    assert table.minimumSizeHint().width() == english


def test_a_long_button_wraps_its_words_but_keeps_its_text(qtbot: QtBot) -> None:
    words = "Perdre celui-ci, le reste dans la réserve"
    button = WrapButton(words, 120)
    qtbot.addWidget(button)
    assert button.text() == words  # read whole by a screen reader
    assert "\n" in button.shown_text()
    assert button.sizeHint().width() < QPushButton(words).sizeHint().width()
    short = WrapButton("Roll", 120)
    qtbot.addWidget(short)
    assert short.sizeHint() == QPushButton("Roll").sizeHint()
