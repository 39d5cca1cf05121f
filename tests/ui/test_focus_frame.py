"""The focused widget always shows a clear frame (issue 34): two pixels of the theme's
FOCUS colour just outside it, in light, dark and high contrast."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QLineEdit,
    QListWidget,
    QPushButton,
    QStyleFactory,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop.ui.focus_frame import MIN_WIDTH
from desktop.ui.theme import FOCUS, apply_theme, colour
from tests.ui.test_contrast import GRAPHIC, ratio


@pytest.fixture
def restored(qapp: QApplication) -> Iterator[QApplication]:
    style, palette = qapp.style().name(), qapp.palette()
    yield qapp
    apply_theme(qapp, "system")
    qapp.setStyle(QStyleFactory.create(style))
    qapp.setPalette(palette)


def ring_pixels(image: QImage, rect: QRect) -> list[QColor]:
    """The pixels of the band MIN_WIDTH wide just outside `rect`."""
    outer = rect.adjusted(-MIN_WIDTH, -MIN_WIDTH, MIN_WIDTH, MIN_WIDTH)
    return [
        image.pixelColor(x, y)
        for x in range(outer.left(), outer.right() + 1)
        for y in range(outer.top(), outer.bottom() + 1)
        if not rect.contains(x, y)
    ]


@pytest.mark.parametrize("name", ["light", "dark", "high-contrast"])
def test_a_focused_button_field_and_list_show_the_focus_frame(
    restored: QApplication, qtbot: QtBot, name: str
) -> None:
    apply_theme(restored, name)
    holder = QWidget()
    layout = QVBoxLayout(holder)
    layout.setSpacing(12)
    button, field, listed = QPushButton("Roll"), QLineEdit("Kara"), QListWidget()
    listed.addItems(["Pool", "Tray"])
    for widget in (button, field, listed):
        layout.addWidget(widget)
    qtbot.addWidget(holder)
    holder.resize(240, 260)
    holder.show()
    holder.activateWindow()
    qtbot.waitUntil(holder.isActiveWindow)
    ring = colour(holder.palette(), FOCUS)
    window = holder.palette().color(QPalette.ColorRole.Window)
    assert ratio(ring, window) >= GRAPHIC
    for widget in (button, field, listed):
        holder.setFocus()
        qtbot.waitUntil(holder.hasFocus)
        before = ring_pixels(holder.grab().toImage(), widget.geometry())
        widget.setFocus()
        qtbot.waitUntil(widget.hasFocus)
        after = ring_pixels(holder.grab().toImage(), widget.geometry())
        # Unfocused, nothing of the focus colour around it; focused, all of it is.
        assert ring not in before, type(widget).__name__
        assert all(pixel == ring for pixel in after), type(widget).__name__


def test_the_frame_follows_the_theme_as_it_changes(restored: QApplication, qtbot: QtBot) -> None:
    apply_theme(restored, "light")
    holder = QWidget()
    field = QLineEdit(holder)
    field.move(20, 20)
    qtbot.addWidget(holder)
    holder.resize(200, 80)
    holder.show()
    holder.activateWindow()
    qtbot.waitUntil(holder.isActiveWindow)
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    apply_theme(restored, "high-contrast")
    QApplication.processEvents()  # the new palette reaches each widget by an event
    after = ring_pixels(holder.grab().toImage(), field.geometry())
    assert {pixel.name() for pixel in after} == {FOCUS[-1]}
    field.clearFocus()
    QApplication.processEvents()
    unfocused = ring_pixels(holder.grab().toImage(), field.geometry())
    assert FOCUS[-1] not in {pixel.name() for pixel in unfocused}
