"""Check boxes and text fields that show their frame in the dark scheme (imported only
by it)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOption, QWidget

# Fusion draws these frames in the window colour darkened, which vanishes on a dark base:
# a check box (the Dice Table's trait list, "Animate"), a text field (the roster's filter,
# a name, the damage), a framed text box or list (the notes).
_FRAMED = (
    QStyle.PrimitiveElement.PE_IndicatorCheckBox,
    QStyle.PrimitiveElement.PE_FrameLineEdit,
    QStyle.PrimitiveElement.PE_Frame,
)


class VisibleChecks(QProxyStyle):
    """Fusion with the frames of check boxes and text fields drawn so they show on a
    dark base."""

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element in _FRAMED:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(option.palette.color(QPalette.ColorRole.PlaceholderText))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
            painter.restore()
