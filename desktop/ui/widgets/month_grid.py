"""A month of one character's energy, painted as a calendar grid.

One widget paints all 42 cells (six weeks from the Monday before the 1st): no child
widgets, so switching months is a data swap and one repaint. Markers are shapes as well
as colours: a triangle for an investment, a ring for a repayment, a cross for a death.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta

from PySide6.QtCore import QLocale, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop.ui.energy_summary import DaySummary, day_of
from desktop.ui.theme import DANGER, colour
from desktop.ui.window_language import tr

WEEKS = 6
HEADER_HEIGHT = 22


def danger_colour(palette: QPalette) -> QColor:
    """Red that reads on the palette's base: darker on light, lighter on dark."""
    return colour(palette, DANGER)


@dataclass(frozen=True, slots=True)
class Cell:
    when: date
    day: int  # the campaign day (may be < 1 or past today: no energy there)
    in_month: bool
    summary: DaySummary | None


def month_cells(
    year: int, month: int, start: date, summaries: Mapping[int, DaySummary]
) -> list[Cell]:
    """The 42 cells of a month's grid, Monday first."""
    first = date(year, month, 1)
    origin = first - timedelta(days=first.weekday())
    cells = []
    for offset in range(WEEKS * 7):
        when = origin + timedelta(days=offset)
        day = day_of(start, when)
        cells.append(Cell(when, day, when.month == month, summaries.get(day)))
    return cells


class _Fonts:
    """The grid's fonts, made once per paint rather than once per cell."""

    def __init__(self, base: QFont) -> None:
        self.bold = QFont(base)
        self.bold.setBold(True)
        self.tiny = QFont(base)
        self.tiny.setPointSizeF(max(6.0, base.pointSizeF() * 0.8))
        self.tiny_metrics = QFontMetricsF(self.tiny)
        self.small = QFont(base)
        self.small.setPointSizeF(max(6.0, base.pointSizeF() * 0.85))
        self.small_metrics = QFontMetricsF(self.small)
        self.small_line = self.small_metrics.height()


class MonthGrid(QWidget):
    """The grid; `day_clicked(day)` when the GM picks a campaign day."""

    day_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(False)
        self.cells: list[Cell] = []
        self.today = 0
        self.selected = 0
        self._fonts = _Fonts(self.font())

    def sizeHint(self) -> QSize:
        return QSize(560, 420)

    def minimumSizeHint(self) -> QSize:
        return QSize(300, 240)

    def set_month(self, cells: list[Cell], today: int, selected: int) -> None:
        self.cells = cells
        self.today = today
        self.selected = selected
        self.update()

    def select(self, day: int) -> None:
        if day != self.selected:
            self.selected = day
            self.update()

    # -- geometry --------------------------------------------------------------------------

    def _cell_rect(self, index: int) -> QRectF:
        width = self.width() / 7
        height = (self.height() - HEADER_HEIGHT) / WEEKS
        row, column = divmod(index, 7)
        return QRectF(column * width, HEADER_HEIGHT + row * height, width, height)

    def cell_at(self, point: QPointF) -> Cell | None:
        if point.y() < HEADER_HEIGHT or not self.cells:
            return None
        width = self.width() / 7
        height = (self.height() - HEADER_HEIGHT) / WEEKS
        column = int(point.x() // width)
        row = int((point.y() - HEADER_HEIGHT) // height)
        if 0 <= column < 7 and 0 <= row < WEEKS:
            return self.cells[row * 7 + column]
        return None

    def day_point(self, day: int) -> QPointF:
        """The centre of a campaign day's cell (for tests and keyboard focus)."""
        for index, cell in enumerate(self.cells):
            if cell.day == day:
                return self._cell_rect(index).center()
        raise ValueError(f"Day {day} is not in the month shown.")

    # -- input -----------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell is not None and cell.day >= 1:
            self.day_clicked.emit(cell.day)
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        steps = {
            Qt.Key.Key_Left: -1,
            Qt.Key.Key_Right: 1,
            Qt.Key.Key_Up: -7,
            Qt.Key.Key_Down: 7,
        }
        step = steps.get(Qt.Key(event.key()))
        if step is not None and self.selected + step >= 1:
            self.day_clicked.emit(self.selected + step)
            return
        super().keyPressEvent(event)

    # -- painting --------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        self._fonts = _Fonts(self.font())
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        self._paint_header(painter, palette)
        for index, cell in enumerate(self.cells):
            self._paint_cell(painter, palette, self._cell_rect(index), cell)
        painter.end()

    def _paint_header(self, painter: QPainter, palette: QPalette) -> None:
        width = self.width() / 7
        painter.fillRect(
            QRectF(0, 0, self.width(), HEADER_HEIGHT), palette.color(QPalette.ColorRole.Window)
        )
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        locale = QLocale()  # the window's language (the system's in English)
        for column in range(7):
            name = locale.dayName(column + 1, QLocale.FormatType.ShortFormat)  # Monday first
            painter.drawText(
                QRectF(column * width, 0, width, HEADER_HEIGHT), Qt.AlignmentFlag.AlignCenter, name
            )

    def _paint_cell(self, painter: QPainter, palette: QPalette, rect: QRectF, cell: Cell) -> None:
        text = palette.color(QPalette.ColorRole.Text)
        muted = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        if not cell.in_month:
            painter.fillRect(rect, palette.color(QPalette.ColorRole.AlternateBase))
        if cell.day == self.selected:
            highlight = QColor(palette.color(QPalette.ColorRole.Highlight))
            highlight.setAlpha(45)
            painter.fillRect(rect, highlight)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)
        inner = rect.adjusted(5, 3, -5, -3)
        colour = text if cell.in_month and cell.day >= 1 else muted
        self._paint_date(painter, inner, cell, colour, muted)
        if cell.summary is not None:
            self._paint_numbers(painter, palette, inner, cell.summary, colour)
            self._paint_markers(painter, palette, inner, cell.summary, colour)
        if cell.day == self.today:
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), 3)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(1.5, 1.5, -1.5, -1.5))
        if cell.day == self.selected:
            pen = QPen(palette.color(QPalette.ColorRole.Highlight), 1, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawRect(rect.adjusted(3, 3, -3, -3))

    def _paint_date(
        self, painter: QPainter, rect: QRectF, cell: Cell, colour: QColor, muted: QColor
    ) -> None:
        painter.setFont(self._fonts.bold)
        painter.setPen(colour)
        painter.drawText(
            rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, str(cell.when.day)
        )
        if cell.day >= 1:
            painter.setFont(self._fonts.tiny)
            painter.setPen(muted)
            # Campaign day 12 is "d12".
            label = tr("today") if cell.day == self.today else tr("d{day}").format(day=cell.day)
            if self._fonts.tiny_metrics.horizontalAdvance(label) + 24 < rect.width():
                top_right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop
                painter.drawText(rect, top_right, label)

    def _paint_numbers(
        self,
        painter: QPainter,
        palette: QPalette,
        rect: QRectF,
        summary: DaySummary,
        colour: QColor,
    ) -> None:
        painter.setFont(self._fonts.small)
        line = self._fonts.small_line
        top = rect.top() + line + 1
        bar_height = 4.0
        # In order of importance: as many as the cell has room for, two to a line
        # when the cell is wide enough, so a small grid still shows a debt.
        # A debt comes first: it is what the GM must not miss.
        lines: list[tuple[str, QColor]] = []
        if summary.debt:
            lines.append((tr("debt −{debt}").format(debt=summary.debt), danger_colour(palette)))
        available, left = summary.available, summary.left
        store, spent = summary.store, summary.spent
        pair = tr("avail {available} · left {left}").format(available=available, left=left)
        if self._fonts.small_metrics.horizontalAdvance(pair) <= rect.width():
            lines.append((pair, colour))
            lines.append(
                (tr("store {store} · spent {spent}").format(store=store, spent=spent), colour)
            )
        else:
            lines += [
                (tr("avail {available}").format(available=available), colour),
                (tr("left {left}").format(left=left), colour),
                (tr("store {store}").format(store=store), colour),
                (tr("spent {spent}").format(spent=spent), colour),
            ]
        if summary.pools:
            lines.append((tr("projects {count}").format(count=summary.pools), colour))
        room = int((rect.bottom() - bar_height - 2 - top) // line)
        for text, pen in lines[: max(0, room)]:
            painter.setPen(pen)
            painter.drawText(
                QRectF(rect.left(), top, rect.width(), line),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                text,
            )
            top += line
        self._paint_spent_bar(painter, palette, rect, summary, bar_height)

    def _paint_spent_bar(
        self,
        painter: QPainter,
        palette: QPalette,
        rect: QRectF,
        summary: DaySummary,
        height: float,
    ) -> None:
        # How much of the day went: the filled part is what was spent, so a glance down
        # a week shows the busy days; hatched red past the end is debt.
        width = rect.width() - 40
        if width < 20:
            return
        bar = QRectF(rect.left(), rect.bottom() - height, width, height)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(bar)
        whole = max(1, summary.available)
        used = min(1.0, (summary.available - summary.left) / whole) if summary.available else 0.0
        painter.fillRect(
            QRectF(bar.left(), bar.top(), bar.width() * max(0.0, used), bar.height()),
            palette.color(QPalette.ColorRole.Highlight),
        )
        if summary.debt:
            painter.fillRect(bar, QBrush(danger_colour(palette), Qt.BrushStyle.BDiagPattern))

    def _paint_markers(
        self,
        painter: QPainter,
        palette: QPalette,
        rect: QRectF,
        summary: DaySummary,
        colour: QColor,
    ) -> None:
        size = 9.0
        x = rect.right() - size
        y = rect.bottom() - size
        painter.setPen(QPen(colour, 1.2))
        if summary.died:
            paint_death(painter, QRectF(x, y, size, size), danger_colour(palette))
            x -= size + 4
        if summary.repaid:
            paint_repayment(painter, QRectF(x, y, size, size), colour)
            x -= size + 4
        if summary.invested:
            paint_investment(painter, QRectF(x, y, size, size), colour)


def paint_investment(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """An upward triangle: energy put away to grow."""
    painter.setPen(QPen(colour, 1))
    painter.setBrush(colour)
    painter.drawPolygon(
        QPolygonF([rect.bottomLeft(), rect.bottomRight(), QPointF(rect.center().x(), rect.top())])
    )


def paint_repayment(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """A ring: a debt coming round again, doubled."""
    painter.setPen(QPen(colour, 2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(rect.adjusted(1, 1, -1, -1))


def paint_death(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """A cross: the character died of a debt that could not be repaid."""
    painter.setPen(QPen(colour, 2.2))
    centre = rect.center()
    painter.drawLine(QPointF(centre.x(), rect.top()), QPointF(centre.x(), rect.bottom()))
    bar = rect.top() + rect.height() * 0.35
    painter.drawLine(QPointF(rect.left() + 1, bar), QPointF(rect.right() - 1, bar))
