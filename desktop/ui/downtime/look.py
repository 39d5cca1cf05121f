"""How the downtime forms look: the preview frame and a clock's dial as an icon."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QIcon, QPainter, QPalette, QPixmap

from desktop.paint.clocks import ClockStyle, paint_clock

PREVIEW_STYLE = (
    "QLabel#preview {"  # untranslated: CSS
    " border: 1px solid palette(mid); border-radius: 4px; padding: 6px;"
    " background: palette(base); }"
)


# -- pictures -----------------------------------------------------------------------------------


def clock_icon(segments: int, filled: int, palette: QPalette, size: int = 44) -> QIcon:
    """A progress clock's dial, drawn as the Clocks dock draws it (shape, not colour)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    style = ClockStyle.for_palette(palette)
    paint_clock(painter, QRectF(1, 1, size - 2, size - 2), segments, filled, style=style)
    painter.end()
    return QIcon(pixmap)
