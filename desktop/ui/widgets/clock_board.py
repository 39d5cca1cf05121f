"""The board of the Clocks dock: groups of clock tiles, painted, not made of widgets.

The board is a scroll area that lays its tiles out itself and paints only those in
view, each dial blitted from a small pixmap cache, so hundreds of clocks scroll
smoothly. It changes nothing itself: a click on a segment, a tick key, a drop or a
menu request is a signal the dock turns into an undo command.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QDrag,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QToolTip, QWidget

from desktop.paint.clocks import (
    ClockStyle,
    fill_after_click,
    paint_clock,
    segment_at,
    segment_point,
)
from desktop.store import ClockRecord
from desktop.ui.accessible import describe
from desktop.ui.plain_text import tooltip
from desktop.ui.widgets.drag_data import decode, encode
from desktop.ui.widgets.shown_mark import (
    MARK_MARGIN,
    MARK_SIZE,
    mark_rect,
    paint_shown_mark,
    shown_words,
)
from desktop.ui.window_language import ntr, tr

MIME_TYPE = "application/x-gmdesk-clock"

MARGIN = 8
SPACING = 6
TILE_WIDTH = 210  # the narrowest a tile gets; tiles stretch to fill the row
TILE_HEIGHT = 84
DIAL = 68
HEADER_HEIGHT = 30
EMPTY_GROUP_HEIGHT = 40
DIAL_CACHE_LIMIT = 400  # dial pixmaps kept; 2-12 segments give at most 88 looks a palette


# -- mime data --------------------------------------------------------------------------------


def clock_words(clock: ClockRecord) -> str:
    """A clock as a screen reader reads it: "Storm season, 2 of 8, hidden from players"."""
    if clock.done and clock.shown:
        words = tr("{name}, {filled} of {segments}, full, shown to players")
    elif clock.done:
        words = tr("{name}, {filled} of {segments}, full, hidden from players")
    elif clock.shown:
        words = tr("{name}, {filled} of {segments}, shown to players")
    else:
        words = tr("{name}, {filled} of {segments}, hidden from players")
    return words.format(name=clock.name, filled=clock.filled, segments=clock.segments)


def clock_mime(clock: ClockRecord) -> QMimeData:
    """What a dragged clock carries: JSON with its id (and its name as plain text)."""
    mime = encode(MIME_TYPE, {"clock_id": clock.id})
    mime.setText(clock.name)
    return mime


def clock_id_from_mime(mime: QMimeData) -> int | None:
    payload = decode(mime, MIME_TYPE)
    return payload.get("clock_id") if payload else None


# -- groups and tiles ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Owner:
    """Who a group of clocks belongs to, as the dock shows it."""

    kind: str
    id: int
    title: str

    @property
    def key(self) -> str:
        # A string, never None, as QComboBox item data (a known binding bug family).
        return f"{self.kind}:{self.id}"


@dataclass
class Tile:
    clock: ClockRecord
    rect: QRectF  # in board coordinates (the scrolled content)

    @property
    def dial(self) -> QRectF:
        top = self.rect.top() + (self.rect.height() - DIAL) / 2
        return QRectF(self.rect.left() + 8, top, DIAL, DIAL)

    @property
    def text_rect(self) -> QRectF:
        left = self.dial.right() + 10
        right = self.rect.right() - MARK_SIZE - 2 * MARK_MARGIN  # clear of the eye
        return QRectF(left, self.rect.top() + 8, right - left, TILE_HEIGHT - 16)


@dataclass
class Group:
    owner: Owner
    clocks: list[ClockRecord]  # the clocks shown, in order
    total: int  # every clock of the owner, shown or not
    selected: bool = False  # the roster's selected character
    header: QRectF = field(default_factory=QRectF)
    body: QRectF = field(default_factory=QRectF)
    tiles: list[Tile] = field(default_factory=list)

    @property
    def hidden(self) -> int:
        return self.total - len(self.clocks)

    @property
    def rect(self) -> QRectF:
        return self.header.united(self.body)


@dataclass(frozen=True)
class DropTarget:
    group: int  # index into the board's groups
    index: int  # insert before this shown clock (len = at the end)


# -- the board --------------------------------------------------------------------------------


class ClockBoard(QAbstractScrollArea):
    """Groups of painted clock tiles; signals ask the dock for the changes."""

    fill_requested = Signal(int, int)  # clock id, filled after the click
    tick_requested = Signal(int)  # +1 / -1 on the current clock
    move_requested = Signal(int, str, int, int)  # clock id, owner kind, owner id, position
    current_changed = Signal(int)  # clock id, 0 for none
    rename_requested = Signal()
    delete_requested = Signal()
    menu_requested = Signal(QPoint)  # global position
    shown_requested = Signal(int, bool)  # clock id, shown to players after the click

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clockBoard")
        self.setAccessibleName(tr("Clocks"))  # painted: the current clock is its description
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setMouseTracking(True)
        self.viewport().setAcceptDrops(True)
        self.viewport().setBackgroundRole(QPalette.ColorRole.Base)
        self.groups: list[Group] = []
        self.clocks: dict[int, ClockRecord] = {}  # every clock, shown or hidden
        self.current_id = 0
        self.editable = False
        self.empty_text = ""  # what the dock says when there is nothing to show
        self._content_height = 0
        self._hover: tuple[int, int] | None = None  # clock id, fill a click would leave
        self._drop: DropTarget | None = None
        self._press: tuple[QPoint, int, int | None] | None = None  # pos, clock id, segment
        self._names: dict[tuple[str, int], tuple[str, ...]] = {}
        self._dials: dict[tuple[int, int, float, int], QPixmap] = {}

    # -- data ---------------------------------------------------------------------------------

    def set_groups(self, groups: list[Group], clocks: list[ClockRecord]) -> None:
        self.groups = groups
        self.clocks = {clock.id: clock for clock in clocks}
        self._hover = None
        self._names.clear()
        self._relayout()
        if self.current_id and self.tile_of(self.current_id) is None:
            self.set_current(0)
        self._describe()
        self.viewport().update()

    def current_clock(self) -> ClockRecord | None:
        return self.clocks.get(self.current_id)

    def set_current(self, clock_id: int) -> None:
        if clock_id == self.current_id:
            return
        self.current_id = clock_id
        tile = self.tile_of(clock_id)
        if tile is not None:
            self.ensure_visible(tile)
        self._describe()
        self.viewport().update()
        self.current_changed.emit(clock_id)

    def _describe(self) -> None:
        """Say the current clock (or how many there are) for a screen reader: the board
        is painted, so its description is all it can hear of the clocks."""
        clock = self.current_clock()
        if clock is not None:
            describe(self, clock_words(clock))
            return
        count = len(self.tiles())
        describe(
            self,
            ntr("{count} clock, none chosen", "{count} clocks, none chosen", count).format(
                count=count
            ),
        )

    def tiles(self) -> list[Tile]:
        return [tile for group in self.groups for tile in group.tiles]

    def tile_of(self, clock_id: int) -> Tile | None:
        return next((t for t in self.tiles() if t.clock.id == clock_id), None)

    def group_of(self, owner_kind: str, owner_id: int) -> Group | None:
        return next(
            (g for g in self.groups if (g.owner.kind, g.owner.id) == (owner_kind, owner_id)), None
        )

    # -- geometry -----------------------------------------------------------------------------

    def _relayout(self) -> None:
        width = max(TILE_WIDTH, self.viewport().width() - 2 * MARGIN)
        columns = max(1, (width + SPACING) // (TILE_WIDTH + SPACING))
        tile_width = (width - (columns - 1) * SPACING) / columns
        y = float(MARGIN)
        for group in self.groups:
            group.header = QRectF(MARGIN, y, width, HEADER_HEIGHT)
            y += HEADER_HEIGHT + SPACING
            group.tiles = []
            for index, clock in enumerate(group.clocks):
                row, column = divmod(index, columns)
                rect = QRectF(
                    MARGIN + column * (tile_width + SPACING),
                    y + row * (TILE_HEIGHT + SPACING),
                    tile_width,
                    TILE_HEIGHT,
                )
                group.tiles.append(Tile(clock, rect))
            rows = -(-len(group.clocks) // columns)
            height = rows * (TILE_HEIGHT + SPACING) if rows else EMPTY_GROUP_HEIGHT + SPACING
            group.body = QRectF(MARGIN, y, width, height)
            y += height + SPACING
        self._content_height = int(y + MARGIN)
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, self._content_height - self.viewport().height()))
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(TILE_HEIGHT // 4)

    def _offset(self) -> float:
        return float(self.verticalScrollBar().value())

    def to_board(self, point: QPoint | QPointF) -> QPointF:
        return QPointF(point.x(), point.y() + self._offset())

    def to_view(self, rect: QRectF) -> QRectF:
        return rect.translated(0, -self._offset())

    def tile_at(self, point: QPoint | QPointF) -> Tile | None:
        """The tile under a viewport point."""
        at = self.to_board(point)
        for group in self.groups:
            if group.body.contains(at):
                return next((t for t in group.tiles if t.rect.contains(at)), None)
        return None

    def segment_point(self, clock_id: int, segment: int) -> QPoint:
        """The viewport point of a segment of a clock's dial: where a click names it."""
        tile = self.tile_of(clock_id)
        assert tile is not None, "the clock is not shown"  # untranslated: an assertion's
        point = segment_point(self.to_view(tile.dial), tile.clock.segments, segment)
        return point.toPoint()

    def ensure_visible(self, tile: Tile) -> None:
        bar = self.verticalScrollBar()
        top, bottom = tile.rect.top() - MARGIN, tile.rect.bottom() + MARGIN
        if top < bar.value():
            bar.setValue(int(top))
        elif bottom > bar.value() + self.viewport().height():
            bar.setValue(int(bottom - self.viewport().height()))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().update()

    def sizeHint(self) -> QSize:
        return QSize(2 * MARGIN + 2 * TILE_WIDTH + SPACING + 20, 560)

    # -- painting -----------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        if not self.groups or not self.clocks:
            self._paint_empty(painter, palette)
            painter.end()
            return
        style = ClockStyle.for_palette(palette)
        visible = QRectF(self.viewport().rect()).translated(0, self._offset())
        painter.translate(0, -self._offset())
        for index, group in enumerate(self.groups):
            if not group.rect.intersects(visible):
                continue
            self._paint_header(painter, palette, group)
            if not group.clocks:
                self._paint_empty_group(painter, palette, group, index)
            for tile in group.tiles:
                if tile.rect.intersects(visible):
                    self._paint_tile(painter, palette, style, tile)
            self._paint_drop_marker(painter, palette, group, index)
        painter.end()

    def _paint_empty(self, painter: QPainter, palette: QPalette) -> None:
        painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
        box = QRectF(self.viewport().rect()).adjusted(24, 24, -24, -24)
        painter.drawText(
            box,
            int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            | Qt.TextFlag.TextWordWrap,
            self.empty_text,
        )

    def _paint_header(self, painter: QPainter, palette: QPalette, group: Group) -> None:
        rect = group.header
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(palette.color(QPalette.ColorRole.AlternateBase))
        painter.drawRoundedRect(rect, 4, 4)
        left = rect.left() + 10
        if group.selected:  # a bar and a word, not colour alone
            painter.setBrush(palette.color(QPalette.ColorRole.Highlight))
            painter.drawRoundedRect(QRectF(rect.left(), rect.top(), 5, rect.height()), 2, 2)
            left += 4
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        counts = self._counts_text(group)
        counts_width = QFontMetrics(self.font()).horizontalAdvance(counts) + 12
        title = group.owner.title
        if group.selected:
            title = tr("{owner}  · selected").format(owner=title)
        title_rect = QRectF(left, rect.top(), rect.width() - counts_width - 12, rect.height())
        painter.drawText(
            title_rect,
            int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
            QFontMetrics(font).elidedText(
                title, Qt.TextElideMode.ElideRight, int(title_rect.width())
            ),
        )
        painter.setFont(self.font())
        painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
        painter.drawText(
            rect.adjusted(0, 0, -10, 0),
            int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight),
            counts,
        )

    @staticmethod
    def _counts_text(group: Group) -> str:
        if group.total == 0:
            return tr("no clocks")
        if group.hidden:
            return ntr(
                "{count} clock, {hidden} done hidden",
                "{count} clocks, {hidden} done hidden",
                group.total,
            ).format(count=group.total, hidden=group.hidden)
        return ntr("{count} clock", "{count} clocks", group.total).format(count=group.total)

    def _paint_empty_group(
        self, painter: QPainter, palette: QPalette, group: Group, index: int
    ) -> None:
        box = QRectF(group.body.left(), group.body.top(), group.body.width(), EMPTY_GROUP_HEIGHT)
        targeted = self._drop is not None and self._drop.group == index
        pen = QPen(
            palette.color(
                QPalette.ColorRole.Highlight if targeted else QPalette.ColorRole.PlaceholderText
            ),
            2.0 if targeted else 1.0,
        )
        pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box.adjusted(1, 1, -1, -1), 6, 6)
        painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
        text = tr("Drop a clock here") if group.total == 0 else tr("Every clock here is done")
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_tile(
        self, painter: QPainter, palette: QPalette, style: ClockStyle, tile: Tile
    ) -> None:
        clock = tile.clock
        current = clock.id == self.current_id
        hovered = self._hover is not None and self._hover[0] == clock.id
        if current or hovered:
            highlight = QColor(palette.color(QPalette.ColorRole.Highlight))
            highlight.setAlpha(48 if current else 20)
            painter.setBrush(highlight)
            edge = QColor(palette.color(QPalette.ColorRole.Highlight))
            width = 2.0 if current and self.hasFocus() else 1.0
            painter.setPen(QPen(edge, width) if current else Qt.PenStyle.NoPen)
            painter.drawRoundedRect(tile.rect.adjusted(1, 1, -1, -1), 8, 8)
        preview = self._hover[1] if hovered and self.editable and self._hover else None
        if preview is None:
            painter.drawPixmap(tile.dial.topLeft(), self._dial_pixmap(clock, style, palette))
        else:
            paint_clock(
                painter, tile.dial, clock.segments, clock.filled, style=style, preview=preview
            )
        self._paint_label(painter, palette, tile)
        role = QPalette.ColorRole.Text if clock.shown else QPalette.ColorRole.PlaceholderText
        paint_shown_mark(painter, mark_rect(tile.rect), clock.shown, palette.color(role))

    def _dial_pixmap(self, clock: ClockRecord, style: ClockStyle, palette: QPalette) -> QPixmap:
        """Each look of a dial drawn once: scrolling blits pixmaps, it does not repaint paths."""
        ratio = self.devicePixelRatioF()
        key = (clock.segments, clock.filled, ratio, palette.cacheKey())
        pixmap = self._dials.get(key)
        if pixmap is None:
            if len(self._dials) > DIAL_CACHE_LIMIT:
                self._dials.clear()
            pixmap = QPixmap(round(DIAL * ratio), round(DIAL * ratio))
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            dial_painter = QPainter(pixmap)
            paint_clock(
                dial_painter, QRectF(0, 0, DIAL, DIAL), clock.segments, clock.filled, style=style
            )
            dial_painter.end()
            self._dials[key] = pixmap
        return pixmap

    def _paint_label(self, painter: QPainter, palette: QPalette, tile: Tile) -> None:
        """The name (two lines at most), the count, and the note's first words."""
        clock = tile.clock
        rect = tile.text_rect
        bold = QFont(self.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        lines = self._name_lines(clock.name, int(rect.width()), metrics)
        painter.setFont(bold)
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        y = rect.top()
        for line in lines:
            painter.drawText(QRectF(rect.left(), y, rect.width(), metrics.height()), 0, line)
            y += metrics.height()
        plain = QFontMetrics(self.font())
        painter.setFont(self.font())
        done = tr("{filled} of {segments}  ✓ done") if clock.done else tr("{filled} of {segments}")
        count = done.format(filled=clock.filled, segments=clock.segments)
        painter.drawText(QRectF(rect.left(), y + 2, rect.width(), plain.height()), 0, count)
        y += plain.height() + 2
        if clock.note and y + plain.height() <= rect.bottom() + 2:
            note = clock.note.splitlines()[0]
            painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(
                QRectF(rect.left(), y, rect.width(), plain.height()),
                0,
                plain.elidedText(note, Qt.TextElideMode.ElideRight, int(rect.width())),
            )

    def _name_lines(self, name: str, width: int, metrics: QFontMetrics) -> tuple[str, ...]:
        """The name on at most two lines, broken between words, the rest elided."""
        key = (name, width)
        if key not in self._names:
            self._names[key] = _two_lines(name, width, metrics)
        return self._names[key]

    def _paint_drop_marker(
        self, painter: QPainter, palette: QPalette, group: Group, index: int
    ) -> None:
        if self._drop is None or self._drop.group != index or not group.tiles:
            return
        if self._drop.index < len(group.tiles):
            rect = group.tiles[self._drop.index].rect
            x = rect.left() - SPACING / 2
        else:
            rect = group.tiles[-1].rect
            x = rect.right() + SPACING / 2
        colour = palette.color(QPalette.ColorRole.Highlight)
        pen = QPen(colour, 3.0)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(x, rect.top() + 4), QPointF(x, rect.bottom() - 4))
        painter.setBrush(colour)
        painter.drawEllipse(QPointF(x, rect.top() + 4), 4, 4)  # a head, so it reads as a marker

    # -- mouse --------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        tile = self.tile_at(event.position())
        if tile is None:
            self._press = None
            super().mousePressEvent(event)
            return
        self.set_current(tile.clock.id)
        if self.editable and mark_rect(tile.rect).contains(self.to_board(event.position())):
            self._press = None  # one click on the eye shows or hides the clock
            self.shown_requested.emit(tile.clock.id, not tile.clock.shown)
            return
        segment = self._segment(tile, event.position())
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = (event.position().toPoint(), tile.clock.id, segment)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and event.buttons() & Qt.MouseButton.LeftButton:
            start, clock_id, _segment = self._press
            moved = (event.position().toPoint() - start).manhattanLength()
            if self.editable and moved >= QApplication.startDragDistance():
                self._press = None
                self._start_drag(clock_id)
            return
        self._update_hover(event.position())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self._press = self._press, None
        if press is None or event.button() != Qt.MouseButton.LeftButton:
            return
        _start, clock_id, segment = press
        tile = self.tile_at(event.position())
        if not self.editable or tile is None or tile.clock.id != clock_id or segment is None:
            return
        if self._segment(tile, event.position()) == segment:
            self.fill_requested.emit(clock_id, fill_after_click(tile.clock.filled, segment))

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        tile = self.tile_at(event.position())
        if tile is not None and tile.text_rect.contains(self.to_board(event.position())):
            self.rename_requested.emit()
        else:
            self.mousePressEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._set_hover(None)
        super().leaveEvent(event)

    def _segment(self, tile: Tile, point: QPointF) -> int | None:
        return segment_at(tile.dial, tile.clock.segments, self.to_board(point))

    def _update_hover(self, point: QPointF) -> None:
        tile = self.tile_at(point)
        segment = None if tile is None else self._segment(tile, point)
        if tile is None:
            self._set_hover(None)
            return
        if segment is None:
            self._set_hover((tile.clock.id, tile.clock.filled))
        else:
            self._set_hover((tile.clock.id, fill_after_click(tile.clock.filled, segment)))
        pointing = segment is not None and self.editable
        self.viewport().setCursor(
            Qt.CursorShape.PointingHandCursor if pointing else Qt.CursorShape.ArrowCursor
        )

    def _set_hover(self, hover: tuple[int, int] | None) -> None:
        if hover != self._hover:
            self._hover = hover
            self.viewport().update()

    def _start_drag(self, clock_id: int) -> None:
        tile = self.tile_of(clock_id)
        if tile is None:
            return
        drag = QDrag(self)
        drag.setMimeData(clock_mime(tile.clock))
        drag.setPixmap(self._drag_pixmap(tile))
        drag.setHotSpot(QPoint(DIAL // 2, DIAL // 2))
        drag.exec(Qt.DropAction.MoveAction)

    def _drag_pixmap(self, tile: Tile) -> QPixmap:
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(int(DIAL * ratio), int(DIAL * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        paint_clock(
            painter,
            QRectF(0, 0, DIAL, DIAL),
            tile.clock.segments,
            tile.clock.filled,
            style=ClockStyle.for_palette(self.palette()),
        )
        painter.end()
        return pixmap

    # -- drops --------------------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self._on_drag(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self._on_drag(event)
        self._autoscroll(event.position())

    def dragLeaveEvent(self, event: QEvent) -> None:
        self._set_drop(None)

    def dropEvent(self, event: QDropEvent) -> None:
        target = self.drop_target(event.position()) if self.editable else None
        clock = self.clocks.get(clock_id_from_mime(event.mimeData()) or 0)
        self._set_drop(None)
        if target is None or clock is None:
            event.ignore()
            return
        group = self.groups[target.group]
        position = drop_position(group, target.index, clock)
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()
        if (clock.owner_kind, clock.owner_id, clock.position) != (
            group.owner.kind,
            group.owner.id,
            position,
        ):
            self.move_requested.emit(clock.id, group.owner.kind, group.owner.id, position)

    def _on_drag(self, event: QDragMoveEvent) -> None:
        known = clock_id_from_mime(event.mimeData()) in self.clocks
        target = self.drop_target(event.position()) if self.editable and known else None
        self._set_drop(target)
        if target is None:
            event.ignore()
            return
        event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()

    def _autoscroll(self, point: QPointF) -> None:
        bar = self.verticalScrollBar()
        edge = 28
        if point.y() < edge:
            bar.setValue(bar.value() - bar.singleStep())
        elif point.y() > self.viewport().height() - edge:
            bar.setValue(bar.value() + bar.singleStep())

    def _set_drop(self, target: DropTarget | None) -> None:
        if target != self._drop:
            self._drop = target
            self.viewport().update()

    def drop_target(self, point: QPointF) -> DropTarget | None:
        """Where a clock dropped at a viewport point goes: a group and a place in it."""
        at = self.to_board(point)
        for index, group in enumerate(self.groups):
            if not group.rect.adjusted(0, 0, 0, SPACING).contains(at):
                continue
            for place, tile in enumerate(group.tiles):
                above_row = at.y() < tile.rect.top()
                in_row = tile.rect.top() <= at.y() <= tile.rect.bottom() + SPACING
                if above_row or (in_row and at.x() < tile.rect.center().x()):
                    return DropTarget(index, place)
            return DropTarget(index, len(group.tiles))
        return None

    # -- keyboard and menus -------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        # Claim the board's own keys before a window-wide shortcut takes them.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and _board_key(event) is not None
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        step = _move_step(event)
        if step is not None:
            self._move_current(step)
            event.accept()
            return
        key = _board_key(event)
        if key == "up":
            self.tick_requested.emit(1)
        elif key == "down":
            self.tick_requested.emit(-1)
        elif key == "delete":
            self.delete_requested.emit()
        elif key == "rename":
            self.rename_requested.emit()
        elif key in ("left", "right", "above", "below", "first", "last"):
            self._navigate(key)
        else:
            super().keyPressEvent(event)

    def _move_current(self, step: int) -> None:
        """Ctrl+arrow: the current clock one place earlier or later among its owner's,
        the keyboard's drag (the same `move_requested` as a drop there)."""
        tile = self.tile_of(self.current_id)
        if tile is None or not self.editable:
            return
        clock = tile.clock
        group = self.group_of(clock.owner_kind, clock.owner_id)
        if group is None:
            return
        shown = [c.id for c in group.clocks]
        index = shown.index(clock.id) + step
        if not 0 <= index < len(shown):
            return  # first or last already
        # Dropped before the clock it passes, or before the one after the clock it passes.
        position = drop_position(group, index if step < 0 else index + 1, clock)
        if position != clock.position:
            self.move_requested.emit(clock.id, clock.owner_kind, clock.owner_id, position)

    def _navigate(self, direction: str) -> None:
        tiles = self.tiles()
        if not tiles:
            return
        current = self.tile_of(self.current_id)
        if current is None or direction in ("first", "last"):
            self.set_current(tiles[-1 if direction == "last" else 0].clock.id)
            return
        index = tiles.index(current)
        if direction in ("left", "right"):
            step = -1 if direction == "left" else 1
            self.set_current(tiles[max(0, min(len(tiles) - 1, index + step))].clock.id)
            return
        top, centre = current.rect.top(), current.rect.center().x()
        rows = (
            [t for t in tiles if t.rect.top() > top + 1]
            if direction == "below"
            else [t for t in tiles if t.rect.top() < top - 1]
        )
        if rows:
            row_top = (min if direction == "below" else max)(t.rect.top() for t in rows)
            row = [t for t in rows if t.rect.top() == row_top]
            nearest = min(row, key=lambda t: abs(t.rect.center().x() - centre))
            self.set_current(nearest.clock.id)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if event.reason() == QContextMenuEvent.Reason.Mouse:
            tile = self.tile_at(self.viewport().mapFrom(self, event.pos()))
            self.set_current(tile.clock.id if tile is not None else 0)
            self.menu_requested.emit(event.globalPos())
            return
        tile = self.tile_of(self.current_id)
        point = self.to_view(tile.rect).center().toPoint() if tile is not None else QPoint(20, 20)
        self.menu_requested.emit(self.viewport().mapToGlobal(point))

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            tile = self.tile_at(event.pos())
            if tile is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), tooltip(self._tooltip(tile)), self.viewport())
            return True
        return super().viewportEvent(event)

    def _tooltip(self, tile: Tile) -> str:
        clock = tile.clock
        if clock.done:
            filled = tr("{filled} of {segments} segments filled (done)")
        else:
            filled = tr("{filled} of {segments} segments filled")
        lines = [clock.name, filled.format(filled=clock.filled, segments=clock.segments)]
        if clock.note:
            lines.append(clock.note)
        lines.append(shown_words(clock.shown))
        if self.editable:
            lines.append(
                tr("Click a segment to fill up to it; + and − tick; drag (or Ctrl+arrows) to move.")
            )
        return "\n".join(lines)


def _board_key(event: QKeyEvent) -> str | None:
    """The board's name for a key press, or None for keys it leaves alone."""
    keys = {
        Qt.Key.Key_Plus: "up",
        Qt.Key.Key_Equal: "up",
        Qt.Key.Key_Minus: "down",
        Qt.Key.Key_Underscore: "down",
        Qt.Key.Key_Delete: "delete",
        Qt.Key.Key_Backspace: "delete",
        Qt.Key.Key_F2: "rename",
        Qt.Key.Key_Left: "left",
        Qt.Key.Key_Right: "right",
        Qt.Key.Key_Up: "above",
        Qt.Key.Key_Down: "below",
        Qt.Key.Key_Home: "first",
        Qt.Key.Key_End: "last",
    }
    modifiers = event.modifiers() & ~(
        Qt.KeyboardModifier.KeypadModifier | Qt.KeyboardModifier.ShiftModifier
    )
    if modifiers != Qt.KeyboardModifier.NoModifier:
        return None
    return keys.get(Qt.Key(event.key()))


def _move_step(event: QKeyEvent) -> int | None:
    """-1 or 1 for Ctrl with an arrow (earlier or later), None for any other key."""
    modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    if modifiers != Qt.KeyboardModifier.ControlModifier:
        return None
    steps = {Qt.Key.Key_Left: -1, Qt.Key.Key_Up: -1, Qt.Key.Key_Right: 1, Qt.Key.Key_Down: 1}
    return steps.get(Qt.Key(event.key()))


def _two_lines(name: str, width: int, metrics: QFontMetrics) -> tuple[str, ...]:
    if metrics.horizontalAdvance(name) <= width:
        return (name,)
    words = name.split()
    first = ""
    for count in range(len(words), 0, -1):
        candidate = " ".join(words[:count])
        if metrics.horizontalAdvance(candidate) <= width:
            first = candidate
            rest = " ".join(words[count:])
            break
    else:  # one long word: cut it
        first = metrics.elidedText(name, Qt.TextElideMode.ElideRight, width)
        return (first,)
    if not rest:
        return (first,)
    return (first, metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width))


def drop_position(group: Group, index: int, clock: ClockRecord) -> int:
    """The store position a clock gets when dropped before the `index`-th shown clock.

    Hidden done clocks keep their places, so the position is counted on the store's
    dense positions; moving down within a group counts without the clock itself.
    """
    shown = group.clocks
    if index < len(shown):
        before = shown[index].position
    elif shown:
        before = shown[-1].position + 1
    else:
        before = group.total
    same = (clock.owner_kind, clock.owner_id) == (group.owner.kind, group.owner.id)
    if same and clock.position < before:
        before -= 1
    return before
