"""In high contrast every control shows its edge on the black window (issue 34): Fusion
draws edges in the window's colour darkened, which black does not have."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import (
    QApplication,
    QListWidget,
    QPushButton,
    QStyleFactory,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop.ui.theme import apply_theme


@pytest.fixture
def restored(qapp: QApplication) -> Iterator[QApplication]:
    style, palette = qapp.style().name(), qapp.palette()
    yield qapp
    apply_theme(qapp, "system")
    qapp.setStyle(QStyleFactory.create(style))
    qapp.setPalette(palette)


def colours(image: QImage, x: int, top: int, bottom: int) -> set[str]:
    return {image.pixelColor(x, y).name() for y in range(top, bottom)}


def shown(qtbot: QtBot, widget: QWidget) -> QImage:
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget.grab().toImage()


@pytest.mark.parametrize("name", ["high-contrast", "light"])
def test_a_buttons_edge_shows_in_high_contrast(
    restored: QApplication, qtbot: QtBot, name: str
) -> None:
    apply_theme(restored, name)
    button = QPushButton("Roll")
    button.resize(120, 32)
    image = shown(qtbot, button)
    left_edge = colours(image, 0, 4, 28)
    # The window's edge colour is white in high contrast; light Fusion's stays grey.
    assert ("#ffffff" in left_edge) == (name == "high-contrast"), left_edge


def test_the_current_tab_is_edged_in_the_selection_colour(
    restored: QApplication, qtbot: QtBot
) -> None:
    apply_theme(restored, "high-contrast")
    tabs = QTabBar()
    tabs.addTab("Play")
    tabs.addTab("Clocks")
    image = shown(qtbot, tabs)
    current, other = tabs.tabRect(0), tabs.tabRect(1)
    middle = current.center().y()
    assert "#1aebff" in colours(image, current.left() + 1, middle - 3, middle + 3)
    assert "#ffffff" in colours(image, other.right(), middle - 3, middle + 3)


def test_a_scroll_bars_handle_shows_in_high_contrast(restored: QApplication, qtbot: QtBot) -> None:
    apply_theme(restored, "high-contrast")
    listed = QListWidget()
    listed.addItems([f"Row {number}" for number in range(60)])
    listed.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    listed.resize(160, 120)
    shown(qtbot, listed)
    bar = listed.verticalScrollBar()
    image = bar.grab().toImage()
    found = colours(image, bar.width() // 2, 0, bar.height())
    assert QColor("#c0c0c0").name() in found, found
