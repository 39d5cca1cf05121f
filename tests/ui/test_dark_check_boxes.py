"""In the dark scheme a check box's frame shows on the dark base (Fusion's own frame
is the window colour darkened, invisible there: the Dice Table's trait list)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QCheckBox, QStyleFactory

from desktop.ui.dark_checks import VisibleChecks
from desktop.ui.theme import apply_theme, dark_palette


@pytest.fixture
def restored(qapp: QApplication) -> Iterator[QApplication]:
    style, palette = qapp.style().name(), qapp.palette()
    yield qapp
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
