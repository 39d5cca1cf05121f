"""In the dark scheme a check box's and a text field's frames show on the dark base
(Fusion's own frame is the window colour darkened, invisible there: the Dice Table's
trait list, the roster's filter, the notes)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QLineEdit,
    QPlainTextEdit,
    QStyleFactory,
    QWidget,
)

from desktop.ui.dark_checks import VisibleChecks
from desktop.ui.theme import apply_theme, dark_palette


@pytest.fixture
def restored(qapp: QApplication) -> Iterator[QApplication]:
    style, palette = qapp.style().name(), qapp.palette()
    yield qapp
    # The theme in force is kept on the application: back to the system's, or the next
    # test's window shows View > Theme on the last one applied here.
    apply_theme(qapp, "system")
    qapp.setStyle(QStyleFactory.create(style))
    qapp.setPalette(palette)


def _frame_contrast(box: QCheckBox) -> float:
    """The largest lightness step between the indicator's pixels and the base."""
    box.resize(box.sizeHint())
    image = box.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    base = QColor(dark_palette().color(dark_palette().ColorRole.Base)).lightness()
    height = image.height()
    column = [QColor(image.pixel(x, height // 2)).lightness() for x in range(0, 18)]
    return max(abs(value - base) for value in column)


def test_the_dark_scheme_draws_check_boxes_with_a_visible_frame(restored: QApplication) -> None:
    apply_theme(restored, "dark")
    assert isinstance(restored.style(), VisibleChecks)
    box = QCheckBox("Nerve")
    assert _frame_contrast(box) > 60
    box.deleteLater()


def test_the_light_scheme_keeps_plain_fusion(restored: QApplication) -> None:
    apply_theme(restored, "light")
    assert not isinstance(restored.style(), VisibleChecks)
    assert restored.style().name().lower() == "fusion"


def _edge_contrast(field: QWidget) -> int:
    """The lightness step between a field's left edge and the dark base inside it."""
    field.resize(160, 60)
    image = field.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    base = QColor(dark_palette().color(dark_palette().ColorRole.Base)).lightness()
    row = image.height() // 2
    return max(abs(QColor(image.pixel(x, row)).lightness() - base) for x in range(0, 3))


def test_the_dark_scheme_draws_text_fields_with_a_visible_frame(restored: QApplication) -> None:
    # The roster's filter, a character's name, the damage field, the notes.
    apply_theme(restored, "dark")
    for field in (QLineEdit("Kara Voss"), QPlainTextEdit("Owes the Tidewardens a favour")):
        assert _edge_contrast(field) > 60, type(field).__name__
        field.deleteLater()
