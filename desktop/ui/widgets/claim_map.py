"""The claims map: the lair in the centre, the claims at their stored places, the
paths between them. Nodes are kept across refreshes, so a selection and a drag survive
the store's change signals.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPolygonF,
    QResizeEvent,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from desktop.rules import factions
from desktop.ui import theme
from desktop.ui.accessible import named
from desktop.ui.plain_text import escaped, tooltip
from desktop.ui.widgets.chapter_paint import faded, mix, pixel_font, tag_font, warn_colour
from desktop.ui.window_language import ptr, tr

if TYPE_CHECKING:
    from desktop.store import ClaimPathRecord, ClaimRecord

LAIR_ID = factions.LAIR_ID  # the rules own it: one value for the store and the map
NODE_WIDTH = 172.0
NODE_HEIGHT = 96.0
NAME_LINE = 19.0
BENEFIT_LINE = 15.0
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
LAIR_SIDE = 86.0
FIT_MARGIN = 14.0  # pixels between the outermost cards and the view's edge
MIN_SCALE = 0.2  # below this the cards would pile up: the GM widens the dock
CARD_MIN_SCALE = 0.85  # cards stay readable in a narrow dock
TAG_ROOM = 16.0  # the tags hanging under the lowest cards
PENNANT_ROOM = 12.0  # the turf pennant standing over the highest cards


def wrap_text(text: str, font: QFont, width: float, lines: int) -> list[str]:
    """`text` broken at spaces into at most `lines` lines of `width`; the last elided."""
    metrics = QFontMetrics(font)
    words = text.split()
    result: list[str] = []
    while words and len(result) < lines - 1:
        line = words.pop(0)
        while words and metrics.horizontalAdvance(f"{line} {words[0]}") <= width:
            line = f"{line} {words.pop(0)}"
        result.append(line)
    if words:
        rest = " ".join(words)
        result.append(metrics.elidedText(rest, Qt.TextElideMode.ElideRight, int(width)))
    # A single word wider than the card is elided too.
    return [metrics.elidedText(line, Qt.TextElideMode.ElideRight, int(width)) for line in result]


@dataclass(frozen=True)
class NodeLook:
    """What a claim node shows besides its record."""

    holder: str
    ours: bool
    reachable: bool
    suspended: bool  # the lair is lost: the chapter's benefits are suspended


class MapNode(QGraphicsObject):
    """Base of the map's places: selectable, above the paths, drawn antialiased in the
    scene's palette by `draw`; `outline()` is the part that takes a click."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        # Places keep their size when the map is fitted into a small dock: only the
        # distances between them shrink, so the text stays readable.
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(2)

    # Each kind of place gives its outline and draws itself.
    outline: Callable[[], QPainterPath]
    draw: Callable[[QPainter, QPalette], None]

    def shape(self) -> QPainterPath:
        return self.outline()

    def paint(
        self, painter: QPainter, _option: QStyleOptionGraphicsItem, _widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.draw(painter, self.scene().palette() if self.scene() else QPalette())


class ClaimNode(MapNode):
    """A claim: name, benefit, holder, a turf pennant; the chapter's drawn solid and
    tinted, a faction's dashed; off the paths it is faded and tagged."""

    def __init__(self, record: ClaimRecord, look: NodeLook) -> None:
        super().__init__()
        self.record = record
        self.look = look
        self.dragging = False
        self._press: QPointF | None = None
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.show_record(record, look)

    @property
    def node_id(self) -> int:
        return self.record.id

    def show_record(self, record: ClaimRecord, look: NodeLook) -> None:
        self.prepareGeometryChange()
        self.record, self.look = record, look
        if not self.dragging:
            self.setPos(record.x, record.y)
        self.setToolTip(self._tooltip())
        self.update()

    def _tooltip(self) -> str:
        record, look = self.record, self.look
        lines = [
            tr("<b>{name}</b> — held by {holder}").format(
                name=escaped(record.name), holder=escaped(look.holder)
            )
        ]
        if record.benefit:
            benefit = escaped(record.benefit)
            if look.suspended:
                lines.append(tr("Benefit: {benefit} (suspended)").format(benefit=benefit))
            else:
                lines.append(tr("Benefit: {benefit}").format(benefit=benefit))
        if record.turf:
            lines.append(tr("Turf: lowers the rep needed while the chapter holds it."))
        if not look.reachable:
            lines.append(tr("No path leads here from the lair."))
        return "<br>".join(lines)  # untranslated: markup

    def boundingRect(self) -> QRectF:
        # Room for the selection ring, the turf pennant above and the tags below.
        return QRectF(-NODE_WIDTH / 2 - 6, -NODE_HEIGHT / 2 - 12, NODE_WIDTH + 12, NODE_HEIGHT + 30)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.card_rect(), 8, 8)
        return path

    @staticmethod
    def card_rect() -> QRectF:
        return QRectF(-NODE_WIDTH / 2, -NODE_HEIGHT / 2, NODE_WIDTH, NODE_HEIGHT)

    def draw(self, painter: QPainter, palette: QPalette) -> None:
        if not self.look.reachable:
            painter.setOpacity(0.62)
        self._paint_card(painter, palette)
        self._paint_text(painter, palette)
        if self.record.turf:
            self._paint_pennant(painter, palette)
        right = self.card_rect().right() - 6
        for label in self._tags():
            right = self._paint_tag(painter, palette, label, right) - 4

    def _tags(self) -> list[str]:
        tags = []
        if not self.look.reachable:
            tags.append(tr("no path"))
        if self.look.suspended and self.record.benefit:
            tags.append(tr("suspended"))
        return tags

    def _paint_card(self, painter: QPainter, palette: QPalette) -> None:
        rect = self.card_rect()
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        accent = palette.color(QPalette.ColorRole.Highlight)
        if self.look.ours:
            pen = QPen(accent, 3)
            fill = mix(base, accent, 0.22)
        else:
            pen = QPen(faded(text, 0.6), 1.4, Qt.PenStyle.DashLine)
            fill = mix(base, text, 0.04)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.LAIR_SHADOW))
        painter.drawRoundedRect(rect.translated(2, 3), 8, 8)
        painter.setBrush(fill)
        painter.setPen(pen)
        painter.drawRoundedRect(rect, 8, 8)
        if self.isSelected():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(accent, 2, Qt.PenStyle.SolidLine))
            painter.drawRoundedRect(rect.adjusted(-4, -4, 4, 4), 11, 11)

    def _paint_text(self, painter: QPainter, palette: QPalette) -> None:
        """Name (two lines at most), then the benefit in the lines left, then the holder."""
        rect = self.card_rect().adjusted(10, 6, -10, -5)
        text = palette.color(QPalette.ColorRole.Text)
        name_font = pixel_font(15, bold=True)
        painter.setFont(name_font)
        painter.setPen(text)
        top = rect.top()
        for line in wrap_text(self.record.name, name_font, rect.width(), 2):
            painter.drawText(QRectF(rect.left(), top, rect.width(), NAME_LINE), LEFT, line)
            top += NAME_LINE
        holder_top = rect.bottom() - NAME_LINE + 2
        self._paint_benefit(
            painter, palette, QRectF(rect.left(), top + 1, rect.width(), holder_top - top - 1)
        )
        holder_font = pixel_font(11)
        painter.setFont(holder_font)
        mark = "★ " if self.look.ours else "◇ "
        painter.setPen(faded(text, 0.95 if self.look.ours else 0.75))
        holder = QFontMetrics(holder_font).elidedText(
            mark + self.look.holder, Qt.TextElideMode.ElideRight, int(rect.width())
        )
        painter.drawText(QRectF(rect.left(), holder_top, rect.width(), NAME_LINE - 2), LEFT, holder)

    def _paint_benefit(self, painter: QPainter, palette: QPalette, rect: QRectF) -> None:
        text = palette.color(QPalette.ColorRole.Text)
        benefit = self.record.benefit or tr("No benefit noted")
        font = pixel_font(12, italic=not self.record.benefit)
        suspended = self.look.suspended and bool(self.record.benefit)
        font.setStrikeOut(suspended)
        painter.setFont(font)
        painter.setPen(faded(text, 0.55 if suspended or not self.record.benefit else 0.85))
        lines = max(1, int(rect.height() // BENEFIT_LINE))
        for index, line in enumerate(wrap_text(benefit, font, rect.width(), lines)):
            row = QRectF(rect.left(), rect.top() + index * BENEFIT_LINE, rect.width(), BENEFIT_LINE)
            painter.drawText(row, LEFT, line)

    def _paint_pennant(self, painter: QPainter, palette: QPalette) -> None:
        """A swallow-tailed pennant on the card's top edge reading TURF: shape and word
        carry it, not the colour."""
        rect = self.card_rect()
        font = pixel_font(9, bold=True)
        word = ptr("the pennant on the chapter's own claim, in capitals, short", "TURF")
        # As wide as its word (50 px for TURF), within the card: a longer word is not cut.
        needed = QFontMetrics(font).horizontalAdvance(word) + 18.0
        width = min(max(50.0, needed), NODE_WIDTH - 12)
        left = rect.right() - 12 - width
        top = rect.top() - PENNANT_ROOM
        flag = QPolygonF(
            [
                QPointF(left, top),
                QPointF(left + width, top),
                QPointF(left + width - 8, top + 7),
                QPointF(left + width, top + 14),
                QPointF(left, top + 14),
            ]
        )
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Text), 1.6))
        painter.drawLine(QPointF(left, top), QPointF(left, rect.top() + 4))
        painter.setBrush(QColor(theme.LAIR_FILL))
        painter.setPen(QPen(QColor(theme.LAIR_EDGE), 1.1))
        painter.drawPolygon(flag)
        painter.setFont(font)
        painter.setPen(QColor(theme.LAIR_INK))
        box = QRectF(left + 2, top, width - 10, 14)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, word)

    def _paint_tag(self, painter: QPainter, palette: QPalette, label: str, right: float) -> float:
        """A small dashed label hanging under the card, ending at `right`; its left."""
        width = QFontMetrics(tag_font()).horizontalAdvance(label) + 12
        tag = QRectF(right - width, self.card_rect().bottom() - 1, width, 17)
        painter.setOpacity(1.0)
        painter.setFont(tag_font())
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.setPen(QPen(warn_colour(palette), 1.2, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(tag, 7, 7)
        painter.setPen(warn_colour(palette))
        painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, label)
        return tag.left()

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        if change == QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged:
            scene = self.scene()
            if isinstance(scene, ClaimScene):
                scene.update_paths()
        return super().itemChange(change, value)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.dragging = True
        self.setCursor(Qt.CursorShape.ClosedHandCursor)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        scene = self.scene()
        if isinstance(scene, ClaimScene):
            scene.finish_drag()

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = self.scene()
        if isinstance(scene, ClaimScene):
            scene.node_activated.emit(self.record.id)


class LairNode(MapNode):
    """The central square: the chapter's lair, crossed out and dashed when lost."""

    def __init__(self) -> None:
        super().__init__()
        self.held = True
        self.chapter = ""

    @property
    def node_id(self) -> int:
        return LAIR_ID

    def show_lair(self, chapter: str, held: bool) -> None:
        self.chapter, self.held = chapter, held
        if held:
            words = tr("The lair of {chapter}").format(chapter=chapter)
        else:
            words = tr(
                "The lair of {chapter}: lost. Every claim's benefit is suspended until it is "
                "restored."
            ).format(chapter=chapter)
        self.setToolTip(tooltip(words))  # a name: only text
        self.update()

    def boundingRect(self) -> QRectF:
        side = LAIR_SIDE + 12
        return QRectF(-side / 2, -side / 2, side, side)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self._square())
        return path

    @staticmethod
    def _square() -> QRectF:
        return QRectF(-LAIR_SIDE / 2, -LAIR_SIDE / 2, LAIR_SIDE, LAIR_SIDE)

    def draw(self, painter: QPainter, palette: QPalette) -> None:
        square = self._square()
        accent = palette.color(QPalette.ColorRole.Highlight)
        text = palette.color(QPalette.ColorRole.Text)
        base = palette.color(QPalette.ColorRole.Base)
        if self.held:
            painter.setPen(QPen(accent.darker(120), 3.5))
            painter.setBrush(mix(base, accent, 0.45))
        else:
            painter.setPen(QPen(warn_colour(palette), 2.5, Qt.PenStyle.DashLine))
            painter.setBrush(base)
            painter.drawRect(square)
            painter.setBrush(
                QBrush(faded(warn_colour(palette), 0.45), Qt.BrushStyle.DiagCrossPattern)
            )
        painter.drawRect(square)
        if not self.held:  # a plate under the words, so the hatching does not hide them
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(faded(base, 0.85))
            painter.drawRect(square.adjusted(4, 20, -4, -20))
        if self.isSelected():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(accent, 2))
            painter.drawRect(square.adjusted(-5, -5, 5, 5))
        painter.setPen(text)
        painter.setFont(pixel_font(16, bold=True))
        title = tr("Lair") if self.held else tr("Lair lost")
        painter.drawText(square.adjusted(4, 6, -4, -36), Qt.AlignmentFlag.AlignCenter, title)
        font = pixel_font(10)
        painter.setFont(font)
        painter.drawText(
            square.adjusted(5, 40, -5, -4),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
            self.chapter,
        )


@dataclass(frozen=True)
class MapState:
    """Everything the claims map draws."""

    claims: tuple[ClaimRecord, ...]
    paths: tuple[ClaimPathRecord, ...]
    chapter: str
    faction_names: dict[int, str]
    lair_held: bool

    def holder(self, claim: ClaimRecord) -> str:
        if claim.holder_id == LAIR_ID:
            return self.chapter
        return self.faction_names.get(claim.holder_id, tr("an unknown faction"))

    def reachable(self) -> set[int]:
        """Claim ids a chain of paths joins to the lair."""
        links: dict[int, set[int]] = {}
        for path in self.paths:
            links.setdefault(path.start, set()).add(path.end)
            links.setdefault(path.end, set()).add(path.start)
        seen, queue = {LAIR_ID}, [LAIR_ID]
        while queue:
            for neighbour in links.get(queue.pop(), set()) - seen:
                seen.add(neighbour)
                queue.append(neighbour)
        return seen - {LAIR_ID}

    def linked(self, first: int, second: int) -> bool:
        return any({p.start, p.end} == {first, second} for p in self.paths)


class ClaimScene(QGraphicsScene):
    """The lair, the claims and the paths; tells the dock what the GM dragged."""

    nodes_moved = Signal(list)  # [(claim id, (old x, old y), (new x, new y))]
    node_activated = Signal(int)  # a double-clicked claim

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: MapState | None = None
        self.lair = LairNode()
        self.addItem(self.lair)
        self.nodes: dict[int, ClaimNode] = {}
        self.lines: list[tuple[QGraphicsLineItem, int, int]] = []
        self.card_scale = 1.0
        self.movable = True  # False for a read-only campaign: nothing could be saved

    def show_map(self, state: MapState) -> None:
        """Bring the items in line with `state`, keeping those that stay (and selection)."""
        self.state = state
        self.lair.show_lair(state.chapter, state.lair_held)
        reachable = state.reachable()
        wanted = {claim.id for claim in state.claims}
        for claim_id in set(self.nodes) - wanted:
            self.removeItem(self.nodes.pop(claim_id))
        for claim in state.claims:
            look = NodeLook(
                holder=state.holder(claim),
                ours=claim.holder_id == LAIR_ID,
                reachable=claim.id in reachable,
                suspended=not state.lair_held and claim.holder_id == LAIR_ID,
            )
            node = self.nodes.get(claim.id)
            if node is None:
                node = ClaimNode(claim, look)
                node.setScale(self.card_scale)
                node.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, self.movable)
                self.addItem(node)
                self.nodes[claim.id] = node
            else:
                node.show_record(claim, look)
        self._rebuild_paths(state)

    def node(self, node_id: int) -> ClaimNode | LairNode | None:
        return self.lair if node_id == LAIR_ID else self.nodes.get(node_id)

    def _rebuild_paths(self, state: MapState) -> None:
        for line, _start, _end in self.lines:
            self.removeItem(line)
        self.lines = []
        pen = QPen(faded(self.palette().color(QPalette.ColorRole.Text), 0.45), 3.0)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setCosmetic(True)  # the map may be squeezed more one way than the other
        for path in state.paths:
            if self.node(path.start) is None or self.node(path.end) is None:
                continue
            line = QGraphicsLineItem()
            line.setPen(pen)
            line.setZValue(0)
            self.addItem(line)
            self.lines.append((line, path.start, path.end))
        self.update_paths()

    def update_paths(self) -> None:
        for line, start, end in self.lines:
            first, second = self.node(start), self.node(end)
            if first is not None and second is not None:
                line.setLine(first.pos().x(), first.pos().y(), second.pos().x(), second.pos().y())

    def set_movable(self, movable: bool) -> None:
        self.movable = movable
        for node in self.nodes.values():
            node.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, movable)

    def set_card_scale(self, scale: float) -> None:
        self.card_scale = scale
        self.lair.setScale(scale)
        for node in self.nodes.values():
            node.setScale(scale)

    def dragging(self) -> bool:
        return any(node.dragging for node in self.nodes.values())

    def selected_ids(self) -> list[int]:
        """Selected nodes by id (the lair is 0), in a stable order."""
        ids = [
            item.node_id for item in self.selectedItems() if isinstance(item, ClaimNode | LairNode)
        ]
        return sorted(ids)

    def finish_drag(self) -> None:
        """After a release: report every claim that now stands somewhere new."""
        moved = []
        for node in self.nodes.values():
            node.dragging = False
            old = (node.record.x, node.record.y)
            new = (float(round(node.pos().x())), float(round(node.pos().y())))
            if new != old:
                moved.append((node.record.id, old, new))
        if moved:
            self.nodes_moved.emit(moved)

    def free_spot(self) -> tuple[float, float]:
        """A place on rings around the lair where a new claim overlaps nothing."""
        for radius in (190.0, 320.0, 450.0, 580.0):
            for step in range(12):
                angle = math.radians(step * 30.0)
                # An ellipse, wider than tall, like the dock.
                point = QPointF(radius * math.cos(angle), radius * 0.62 * math.sin(angle))
                if not self._crowded(point):
                    return float(round(point.x())), float(round(point.y()))
        return 0.0, 700.0

    def _crowded(self, point: QPointF) -> bool:
        places = [node.pos() for node in self.nodes.values()] + [self.lair.pos()]
        return any(
            abs(place.x() - point.x()) < NODE_WIDTH + 24
            and abs(place.y() - point.y()) < NODE_HEIGHT + 24
            for place in places
        )


class ClaimView(QGraphicsView):
    """Shows the whole map at once, never enlarged past its natural size."""

    GRID = 40.0  # scene units between the dots of the background

    def __init__(self, scene: ClaimScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setObjectName("claimMap")
        named(self, tr("Claim map"))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        # The map always fits, so there is nothing to scroll to.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumSize(260, 240)  # the map scales itself to its room

    def sizeHint(self) -> QSize:
        return QSize(460, 420)

    def fit(self) -> None:
        """Show every card. When the view is too small, the distances shrink, each way
        as much as it must (the map is a roadmap, not a chart); a card is never drawn
        smaller than `CARD_MIN_SCALE`, so its text stays readable."""
        scene = self.scene()
        if not isinstance(scene, ClaimScene):
            return
        places = [node.pos() for node in scene.nodes.values()] + [scene.lair.pos()]
        left, right = min(p.x() for p in places), max(p.x() for p in places)
        top, bottom = min(p.y() for p in places), max(p.y() for p in places)
        view = self.viewport().rect()
        width = view.width() - 2 * FIT_MARGIN
        height = view.height() - 2 * FIT_MARGIN - TAG_ROOM - PENNANT_ROOM
        whole = min(1.0, width / (right - left + NODE_WIDTH), height / (bottom - top + NODE_HEIGHT))
        card = max(whole, CARD_MIN_SCALE)
        scale_x = _squeeze(width - NODE_WIDTH * card, right - left)
        scale_y = _squeeze(height - NODE_HEIGHT * card, bottom - top)
        scene.set_card_scale(card)
        shift = (TAG_ROOM - PENNANT_ROOM) / 2 / scale_y
        centre = QPointF((left + right) / 2, (top + bottom) / 2 + shift)
        visible = QRectF(0, 0, view.width() / scale_x, view.height() / scale_y)
        visible.moveCenter(centre)
        scene.setSceneRect(visible.adjusted(-1, -1, 1, 1))
        self.setTransform(QTransform.fromScale(scale_x, scale_y))
        self.centerOn(centre)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def drawBackground(self, painter: QPainter, exposed: QRectF | QRect) -> None:
        rect = QRectF(exposed)
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        painter.fillRect(rect, mix(base, text, 0.035))
        dot = QPen(faded(text, 0.16), 2.2)
        dot.setCapStyle(Qt.PenCapStyle.RoundCap)
        dot.setCosmetic(True)
        painter.setPen(dot)
        left = math.floor(rect.left() / self.GRID) * self.GRID
        top = math.floor(rect.top() / self.GRID) * self.GRID
        points = [
            QPointF(x, y)
            for x in _steps(left, rect.right(), self.GRID)
            for y in _steps(top, rect.bottom(), self.GRID)
        ]
        painter.drawPoints(QPolygonF(points))


def _squeeze(room: float, spread: float) -> float:
    """The scale that fits `spread` scene units into `room` pixels: never enlarged."""
    if spread <= 0:
        return 1.0
    return max(MIN_SCALE, min(1.0, room / spread))


def _steps(start: float, stop: float, step: float) -> list[float]:
    count = max(0, int((stop - start) / step) + 1)
    return [start + i * step for i in range(count)]
