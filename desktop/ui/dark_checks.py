"""Check boxes that show their frame in the dark scheme (imported only by it)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOption, QWidget


class VisibleChecks(QProxyStyle):
    """Fusion with a check box's frame that shows on a dark base: Fusion draws it in
    the window colour darkened, which vanishes there (the Dice Table's trait list,
    "Animate", "Show done clocks")."""

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element == QStyle.PrimitiveElement.PE_IndicatorCheckBox:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(option.palette.color(QPalette.ColorRole.PlaceholderText))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
            painter.restore()
