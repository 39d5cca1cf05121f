"""Painted parts of the Chapter dock's sheet: the rep tracker and the framed blocks,
and the colour helpers the dock and the claims map share (all from the palette).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QFrame, QSizePolicy, QWidget

from desktop.rules import factions
from desktop.ui.theme import WARNING, colour
from desktop.ui.window_language import ptr, tr
from desktop.ui.zoom import zoomed

# --- Colours --------------------------------------------------------------------------


def warn_colour(palette: QPalette) -> QColor:
    """A red that reads on the light and the dark palette alike."""
    return colour(palette, WARNING)


def mix(first: QColor, second: QColor, amount: float) -> QColor:
    """`first` moved `amount` (0..1) of the way towards `second`."""
    return QColor.fromRgbF(
        first.redF() + (second.redF() - first.redF()) * amount,
        first.greenF() + (second.greenF() - first.greenF()) * amount,
        first.blueF() + (second.blueF() - first.blueF()) * amount,
    )


def faded(colour: QColor, alpha: float) -> QColor:
    result = QColor(colour)
    result.setAlphaF(alpha)
    return result


def pixel_font(size: int, bold: bool = False, italic: bool = False) -> QFont:
    """A font of `size` pixels for drawing: the claim map and the rep boxes scale their
    drawing to their room, text and all."""
    font = QFont()
    font.setPixelSize(size)
    font.setBold(bold)
    font.setItalic(italic)
    return font


def label_font(size: int, bold: bool = False, italic: bool = False) -> QFont:
    """A widget's font of `size` pixels at 100%, at View > Zoom's scale (and scaled
    again at each change, as a font of its own)."""
    return pixel_font(zoomed(size), bold, italic)


def tag_font() -> QFont:
    return pixel_font(10, bold=True)


# --- The rep tracker ----------------------------------------------------------------


class RepTracker(QWidget):
    """Twelve boxes: rep fills from the left, turf marks the last boxes on the right.

    A click on a rep box sets rep to that box (on the last filled box, one less); turf
    boxes are not fillable. Left/Right, Home/End do the same from the keyboard.
    """

    rep_chosen = Signal(int)

    BOX_GAP = 4.0
    CAP_GAP = 12.0  # the wider gap, with a bar, where the turf "cap" starts

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("repTracker")
        self.rep = 0
        self.turf = 0
        self._hover: int | None = None
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(tr("Rep tracker"))

    def set_values(self, rep: int, turf: int) -> None:
        self.rep, self.turf = rep, turf
        needed = factions.rep_to_develop(turf)
        self.setToolTip(
            tr(
                "Rep {rep} of {needed}. Click a box to set rep. The last {turf} boxes are "
                "turf: each turf claim held lowers the rep needed by one."
            ).format(rep=rep, needed=needed, turf=turf)
        )
        self.setAccessibleDescription(
            tr("Rep {rep} of {needed}, {turf} turf").format(rep=rep, needed=needed, turf=turf)
        )
        self.update()

    @property
    def needed(self) -> int:
        return factions.rep_to_develop(self.turf)

    def sizeHint(self) -> QSize:
        return QSize(12 * 40 + 40, 64)

    def minimumSizeHint(self) -> QSize:
        return QSize(12 * 18 + 40, 64)

    def _box_side(self) -> float:
        room = self.width() - 4 - 11 * self.BOX_GAP - (self.CAP_GAP if self.turf else 0)
        return max(12.0, min(44.0, room / factions.FULL_REP))

    def box_rect(self, index: int) -> QRectF:
        """Where box `index` (0-based, 0..11) is drawn."""
        side = self._box_side()
        left = 2 + index * (side + self.BOX_GAP)
        if self.turf and index >= self.needed:
            left += self.CAP_GAP
        return QRectF(left, 4, side, side)

    def box_at(self, point: QPointF) -> int | None:
        for index in range(factions.FULL_REP):
            if self.box_rect(index).adjusted(-2, -2, 2, 2).contains(point):
                return index
        return None

    def rep_for_click(self, index: int) -> int | None:
        """The rep a click on box `index` sets, or None for a turf box."""
        if index >= self.needed:
            return None
        return index if index + 1 == self.rep else index + 1

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        box = self.box_at(event.position())
        hover = box if box is not None and box < self.needed else None
        if hover != self._hover:
            self._hover = hover
            self.setCursor(
                Qt.CursorShape.PointingHandCursor
                if hover is not None
                else Qt.CursorShape.ArrowCursor
            )
            self.update()

    def leaveEvent(self, event: object) -> None:
        self._hover = None
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self.isEnabled():
            return
        box = self.box_at(event.position())
        rep = None if box is None else self.rep_for_click(box)
        if rep is not None:
            self.rep_chosen.emit(rep)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {
            Qt.Key.Key_Left: self.rep - 1,
            Qt.Key.Key_Minus: self.rep - 1,
            Qt.Key.Key_Right: self.rep + 1,
            Qt.Key.Key_Plus: self.rep + 1,
            Qt.Key.Key_Home: 0,
            Qt.Key.Key_End: self.needed,
        }
        target = steps.get(Qt.Key(event.key()))
        if target is None:
            super().keyPressEvent(event)
            return
        target = max(0, min(self.needed, target))
        if target != self.rep:
            self.rep_chosen.emit(target)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for index in range(factions.FULL_REP):
            if index < self.needed:
                self._paint_rep_box(painter, index)
            else:
                self._paint_turf_box(painter, index)
        if self.turf:
            self._paint_cap(painter)
        self._paint_numbers(painter)
        painter.end()

    def _paint_rep_box(self, painter: QPainter, index: int) -> None:
        palette = self.palette()
        rect = self.box_rect(index)
        text = palette.color(QPalette.ColorRole.Text)
        filled = index < self.rep
        accent = palette.color(QPalette.ColorRole.Highlight)
        painter.setPen(QPen(accent.darker(130) if filled else faded(text, 0.55), 1.4))
        painter.setBrush(accent if filled else palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, 4, 4)
        if filled:  # a tick too, so the filled boxes read without colour
            tick = QPen(palette.color(QPalette.ColorRole.HighlightedText), 2.4)
            tick.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(tick)
            inner = rect.adjusted(rect.width() * 0.24, rect.height() * 0.3, 0, 0)
            painter.drawPolyline(
                QPolygonF(
                    [
                        QPointF(inner.left(), rect.center().y()),
                        QPointF(rect.center().x() - 1, rect.bottom() - rect.height() * 0.26),
                        QPointF(
                            rect.right() - rect.width() * 0.22, rect.top() + 0.26 * rect.height()
                        ),
                    ]
                )
            )
        if index == self._hover:
            painter.setPen(QPen(accent, 2.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 5, 5)
        if self.hasFocus() and index == max(0, self.rep - 1):
            painter.setPen(QPen(text, 1, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 5, 5)

    def _paint_turf_box(self, painter: QPainter, index: int) -> None:
        palette = self.palette()
        rect = self.box_rect(index)
        text = palette.color(QPalette.ColorRole.Text)
        painter.setPen(QPen(faded(text, 0.7), 1.4))
        painter.setBrush(mix(palette.color(QPalette.ColorRole.Base), text, 0.16))
        painter.drawRoundedRect(rect, 4, 4)
        painter.setBrush(QBrush(faded(text, 0.35), Qt.BrushStyle.BDiagPattern))
        painter.drawRoundedRect(rect, 4, 4)
        painter.setPen(text)
        painter.setFont(pixel_font(max(9, int(rect.height() * 0.42)), bold=True))
        painter.drawText(
            rect, Qt.AlignmentFlag.AlignCenter, ptr("the initial of turf, on a capped box", "T")
        )

    def _paint_cap(self, painter: QPainter) -> None:
        first_turf = self.box_rect(self.needed)
        x = first_turf.left() - (self.CAP_GAP + self.BOX_GAP) / 2
        painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Text), 3))
        painter.drawLine(QPointF(x, first_turf.top() - 3), QPointF(x, first_turf.bottom() + 3))

    def _paint_numbers(self, painter: QPainter) -> None:
        text = self.palette().color(QPalette.ColorRole.Text)
        painter.setFont(pixel_font(10))
        painter.setPen(faded(text, 0.65))
        for index in range(self.needed):
            rect = self.box_rect(index)
            below = QRectF(rect.left() - 4, rect.bottom() + 2, rect.width() + 8, 14)
            painter.drawText(below, Qt.AlignmentFlag.AlignCenter, str(index + 1))
        if self.turf:
            first, last = self.box_rect(self.needed), self.box_rect(factions.FULL_REP - 1)
            below = QRectF(
                first.left() - 6, first.bottom() + 2, last.right() - first.left() + 12, 14
            )
            painter.drawText(below, Qt.AlignmentFlag.AlignCenter, tr("turf"))


# --- Small framed blocks of the sheet --------------------------------------------------


class Block(QFrame):
    """A rounded box for one part of the sheet; `alarm` draws it in the warning colour,
    with a hatched band, so it stands out without relying on colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.alarm = False

    def set_alarm(self, alarm: bool) -> None:
        self.alarm = alarm
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        rect = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        border = warn_colour(palette) if self.alarm else faded(text, 0.25)
        painter.setPen(QPen(border, 2 if self.alarm else 1))
        painter.setBrush(mix(base, warn_colour(palette), 0.08) if self.alarm else base)
        painter.drawRoundedRect(rect, 8, 8)
        if self.alarm:
            band = QRectF(rect.left(), rect.top(), 8, rect.height())
            path = QPainterPath()
            path.addRoundedRect(rect, 8, 8)
            painter.setClipPath(path)
            painter.fillRect(band, QBrush(warn_colour(palette), Qt.BrushStyle.BDiagPattern))
        painter.end()
