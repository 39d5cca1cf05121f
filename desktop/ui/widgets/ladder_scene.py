"""The faction ladder drawn: a row per tier (6 at the top), faction cards and the chapter.

Cards are `QGraphicsObject`s cached as device pixmaps, so repainting the ladder blits
pixmaps, and a refresh only repaints the cards whose record or clocks changed; the
others at most move. Drags carry JSON in `QMimeData` (never Python objects); the view
turns a drop into (faction, tier, position) and the dock makes the undo command.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QDrag,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from desktop.paint.clocks import ClockStyle, paint_clock
from desktop.printing import words
from desktop.rules import factions
from desktop.store import ChapterRecord, ClockRecord, FactionRecord
from desktop.ui.accessible import describe, spoken
from desktop.ui.plain_text import escaped
from desktop.ui.theme import BADGE_INK, STATUS_COLOURS, WAR_COLOUR
from desktop.ui.widgets.drag_data import decode, encode
from desktop.ui.widgets.shown_mark import paint_shown_mark, shown_words
from desktop.ui.widgets.zoomed_view import ZoomedView
from desktop.ui.window_language import ntr, ptr, tr, window_translator

FACTION_MIME = "application/x-gmdesk-faction"  # {"faction": id}

TIERS = tuple(range(factions.MAX_TIER, factions.MIN_TIER - 1, -1))  # 6 .. 0, top down
CARD_WIDTH = 168.0
CARD_HEIGHT = 90.0
GAP = 8.0
HEADER_WIDTH = 104.0
MARGIN = 6.0
ROW_PADDING = 8.0
ROW_SPACING = 3.0
EMPTY_ROW_HEIGHT = 58.0
PADDING = 8.0
DIAL = 22.0
COMPACT_CLOCKS = 3  # up to this many, each dial has its count beside it
STATUS_RECT = QRectF(PADDING + 26, 34, CARD_WIDTH - 2 * PADDING - 26, 22)
HOLD_RECT = QRectF(PADDING, 34, 22, 22)
# The "shown to players" eye in the top-right corner; the war badge sits left of it.
SHOWN_RECT = QRectF(CARD_WIDTH - PADDING - 16, 8, 16, 16)
WAR_RECT = QRectF(SHOWN_RECT.left() - 4 - 50, 7, 50, 18)
MINUS = "\u2212"  # a real minus sign: "-3" in a hyphen reads as a dash


def encode_faction(faction_id: int) -> QMimeData:
    return encode(FACTION_MIME, {"faction": faction_id})


def decode_faction(data: QMimeData) -> int | None:
    """The faction id a drag carries, or None if it is not ours or not well formed."""
    payload = decode(data, FACTION_MIME)
    return payload.get("faction") if payload else None


def tier_hold(tier: int, hold: str) -> str:
    """A tier and its hold, as a card's tooltip says them: "Tier 2, Weak hold"."""
    if hold == factions.STRONG:
        return tr("Tier {tier}, Strong hold").format(tier=tier)
    return tr("Tier {tier}, Weak hold").format(tier=tier)


def status_text(status: int) -> str:
    """A status with its sign and word in the window's language: "+2 Friendly"."""
    return words.status_text(window_translator(), status)


def gang_scale_text(tier: int) -> str:
    """A tier's gang scale in the window's language: "Small gangs (3-6 people)"."""
    return words.gang_scale(window_translator(), tier)


def war_words(tier: int, hold: str, chapter: bool, others: bool) -> str:
    """What a war makes of a faction's standing (HTML, in italics): at war with the
    chapter, with other factions, or both; for the chapter itself, at war."""
    strong = hold == factions.STRONG
    if chapter and others:
        if strong:
            text = tr(
                "At war with the chapter and with other factions: counts as tier {tier}, "
                "strong hold."
            )
        else:
            text = tr(
                "At war with the chapter and with other factions: counts as tier {tier}, weak hold."
            )
    elif chapter:
        if strong:
            text = tr("At war with the chapter: counts as tier {tier}, strong hold.")
        else:
            text = tr("At war with the chapter: counts as tier {tier}, weak hold.")
    elif others:
        if strong:
            text = tr("At war with other factions: counts as tier {tier}, strong hold.")
        else:
            text = tr("At war with other factions: counts as tier {tier}, weak hold.")
    elif strong:  # the chapter's own war
        text = tr("At war: counts as tier {tier}, strong hold.")
    else:
        text = tr("At war: counts as tier {tier}, weak hold.")
    return f"<i>{text.format(tier=tier)}</i>"  # untranslated: markup


@dataclass(frozen=True)
class LadderStyle:
    """Colours and fonts of the ladder, taken from the palette once per palette change."""

    window: QColor
    base: QColor
    band: QColor
    text: QColor
    muted: QColor
    border: QColor
    highlight: QColor
    highlighted_text: QColor
    clock: ClockStyle
    fonts: dict[str, QFont] = field(compare=False)
    # Dials drawn once per (segments, filled, pixel ratio): a screen of cards shares a
    # few dozen of them, and drawing each dial's wedges anew was half a card's cost.
    dials: dict[tuple[int, int, float], QPixmap] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, palette: QPalette, font: QFont) -> LadderStyle:
        text = palette.color(QPalette.ColorRole.Text)
        base = palette.color(QPalette.ColorRole.Base)
        window = palette.color(QPalette.ColorRole.Window)
        return cls(
            window=window,
            base=base,
            band=palette.color(QPalette.ColorRole.AlternateBase),
            text=text,
            # The palette's hint grey: 4.5:1 on the bands and the window in every theme.
            muted=palette.color(QPalette.ColorRole.PlaceholderText),
            border=_mix(text, base, 0.28),
            highlight=palette.color(QPalette.ColorRole.Highlight),
            highlighted_text=palette.color(QPalette.ColorRole.HighlightedText),
            clock=ClockStyle.for_palette(palette),
            fonts=_fonts(font),
        )

    def draw_dial(self, painter: QPainter, left: float, top: float, clock: ClockRecord) -> None:
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        key = (clock.segments, clock.filled, ratio)
        pixmap = self.dials.get(key)
        if pixmap is None:
            side = math.ceil(DIAL * ratio)
            pixmap = QPixmap(side, side)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            dial_painter = QPainter(pixmap)
            paint_clock(
                dial_painter,
                QRectF(0, 0, DIAL, DIAL),
                clock.segments,
                clock.filled,
                style=self.clock,
            )
            dial_painter.end()
            self.dials[key] = pixmap
        painter.drawPixmap(QPointF(left, top), pixmap)

    def key(self) -> tuple[str, ...]:
        colours = (self.window, self.base, self.band, self.text, self.highlight)
        return tuple(colour.name() for colour in colours)


def _mix(a: QColor, b: QColor, amount: float) -> QColor:
    """`amount` of `a` over `b`: a muted text or a border that suits both schemes."""
    return QColor(
        round(a.red() * amount + b.red() * (1 - amount)),
        round(a.green() * amount + b.green() * (1 - amount)),
        round(a.blue() * amount + b.blue() * (1 - amount)),
    )


def _fonts(base: QFont) -> dict[str, QFont]:
    sizes = {"name": (13, True), "badge": (11, True), "small": (11, False), "tag": (9, True)}
    sizes |= {"tier": (15, True), "scale": (10, False), "hint": (11, False)}
    fonts = {}
    for key, (pixels, bold) in sizes.items():
        font = QFont(base)
        font.setPixelSize(pixels)
        font.setBold(bold)
        font.setItalic(key == "hint")
        fonts[key] = font
    return fonts


# --- Small drawn marks ---------------------------------------------------------------------


def paint_swords(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """Two crossed swords, drawn: the war marker reads without colour and without a font."""
    painter.save()
    pen = QPen(colour, max(1.4, rect.width() * 0.12))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    left, top, right, bottom = rect.left(), rect.top(), rect.right(), rect.bottom()
    size = rect.width()
    for blade_start, blade_end, guard_dx in (
        (QPointF(left, top), QPointF(right, bottom), 1),
        (QPointF(right, top), QPointF(left, bottom), -1),
    ):
        painter.drawLine(blade_start, blade_end)
        # The crossguard, a quarter from the hilt end, square to the blade.
        hilt = blade_start + (blade_end - blade_start) * 0.75
        span = size * 0.2
        painter.drawLine(
            QPointF(hilt.x() - span * guard_dx, hilt.y() + span),
            QPointF(hilt.x() + span * guard_dx, hilt.y() - span),
        )
    painter.restore()


def paint_war_badge(painter: QPainter, rect: QRectF, style: LadderStyle, filled: bool) -> None:
    """ "WAR" with crossed swords: filled red for a war with the chapter, outlined for others."""
    painter.save()
    red = QColor(WAR_COLOUR)
    if filled:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(red)
        ink = QColor(BADGE_INK)
    else:
        painter.setPen(QPen(red, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        ink = style.text
    painter.drawRoundedRect(rect.adjusted(0.75, 0.75, -0.75, -0.75), 4, 4)
    icon = QRectF(rect.left() + 5, rect.top() + 4, rect.height() - 8, rect.height() - 8)
    paint_swords(painter, icon, ink)
    painter.setPen(ink)
    painter.setFont(style.fonts["badge"])
    text_rect = rect.adjusted(icon.width() + 7, 0, -3, 0)
    # Outlined: a war between others, which does not touch the chapter; say so in words.
    painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, tr("WAR") if filled else tr("WAR*"))
    painter.restore()


def paint_hold_badge(painter: QPainter, rect: QRectF, hold: str, style: LadderStyle) -> None:
    """S on a solid square for strong hold; W in a dashed outline for weak."""
    painter.save()
    inner = rect.adjusted(1, 1, -1, -1)
    if hold == factions.STRONG:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.text)
        painter.drawRoundedRect(inner, 4, 4)
        painter.setPen(style.base)
    else:
        painter.setPen(QPen(style.text, 1.3, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(inner, 4, 4)
        painter.setPen(style.text)
    painter.setFont(style.fonts["badge"])
    letter = (
        ptr("strong hold's badge", "S")
        if hold == factions.STRONG
        else ptr("weak hold's badge", "W")
    )
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, letter)
    painter.restore()


def paint_status_badge(painter: QPainter, rect: QRectF, status: int, style: LadderStyle) -> None:
    """The status with the chapter: sign, number and label on the status colour, and a
    small down arrow that says a click opens the choices."""
    # A status another program wrote while the file was open is painted as damaged
    # (Qt paints outside any slot a guard could catch a refusal in).
    known = status in STATUS_COLOURS
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(STATUS_COLOURS[status] if known else Qt.GlobalColor.gray))
    painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    white = QColor(BADGE_INK)
    painter.setPen(white)
    painter.setFont(style.fonts["badge"])
    painter.drawText(
        rect.adjusted(10, 0, -18, 0),
        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
        status_text(status) if known else tr("Damaged"),
    )
    arrow = QPainterPath()
    x, y = rect.right() - 14, rect.center().y() - 2
    arrow.moveTo(x, y)
    arrow.lineTo(x + 7, y)
    arrow.lineTo(x + 3.5, y + 4)
    arrow.closeSubpath()
    painter.setBrush(white)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.drawPath(arrow)
    painter.restore()


def draw_name(
    painter: QPainter, rect: QRectF, name: str, font: QFont, *, two_lines: bool = False
) -> None:
    """A name in one line, a pixel smaller if that makes it fit; else, if allowed, over
    two lines in a smaller font; whatever is still too long is elided."""
    fitted = QFont(font)
    for _ in range(2):
        metrics = QFontMetricsF(fitted)
        if metrics.horizontalAdvance(name) <= rect.width():
            painter.setFont(fitted)
            painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter, name)
            return
        fitted.setPixelSize(fitted.pixelSize() - 1)
    if two_lines:
        fitted.setPixelSize(font.pixelSize() - 2)
        metrics = QFontMetricsF(fitted)
        first, rest = _first_line(name, metrics, rect.width())
        if first and rest:
            painter.setFont(fitted)
            line = rect.height() / 2
            elided = metrics.elidedText(rest, Qt.TextElideMode.ElideRight, rect.width())
            for index, text in enumerate((first, elided)):
                box = QRectF(rect.left(), rect.top() + index * line, rect.width(), line)
                painter.drawText(box, Qt.AlignmentFlag.AlignVCenter, text)
            return
    metrics = QFontMetricsF(fitted)
    painter.setFont(fitted)
    text = metrics.elidedText(name, Qt.TextElideMode.ElideRight, rect.width())
    painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter, text)


def _first_line(text: str, metrics: QFontMetricsF, width: float) -> tuple[str, str]:
    """The words of `text` that fit on a line `width` wide, and the rest ("" if none)."""
    words = text.split()
    taken = 0
    while taken < len(words) and metrics.horizontalAdvance(" ".join(words[: taken + 1])) <= width:
        taken += 1
    if taken == 0:
        return "", text
    return " ".join(words[:taken]), " ".join(words[taken:])


def _card_frame(
    painter: QPainter, rect: QRectF, style: LadderStyle, selected: bool, fill: QColor
) -> None:
    painter.setBrush(fill)
    if selected:
        painter.setPen(QPen(style.highlight, 2.5))
        painter.drawRoundedRect(rect.adjusted(1.25, 1.25, -1.25, -1.25), 7, 7)
    else:
        painter.setPen(QPen(style.border, 1))
        painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), 7, 7)


# --- Cards ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLook:
    """All a faction card shows: when two looks are equal the cached picture still holds."""

    faction: FactionRecord
    clocks: tuple[ClockRecord, ...]


class LadderItem(QGraphicsObject):
    """Base of what the ladder scene draws: painted in its `style`, repainted when the
    style changes (another palette)."""

    style: LadderStyle

    def set_style(self, style: LadderStyle) -> None:
        self.style = style
        self.update()


class LadderCard(LadderItem):
    """Base of the cards in the tier rows: one size, the tooltip told again with them."""

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, CARD_WIDTH, CARD_HEIGHT)

    _tooltip: Callable[[], str]  # each card says what it shows

    def _retold(self) -> None:
        """What the card shows has changed: its tooltip and its picture follow."""
        self.setToolTip(self._tooltip())
        self.update()


class FactionCard(LadderCard):
    def __init__(self, look: CardLook, style: LadderStyle) -> None:
        super().__init__()
        self.look = look
        self.style = style
        self._press: QPointF | None = None
        # Painted once into a device pixmap, then blitted: moving a card or repainting
        # the ladder does not draw its text and dials again.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setZValue(1)
        self.setToolTip(self._tooltip())

    @property
    def faction_id(self) -> int:
        return self.look.faction.id

    def set_look(self, look: CardLook) -> None:
        if look != self.look:
            self.look = look
            self._retold()

    def _tooltip(self) -> str:
        lines = self._lines()
        record = self.look.faction
        if record.notes.strip():
            notes = escaped(record.notes.strip()).replace("\n", "<br>")  # untranslated: markup
            lines.insert(-1, notes)
        hint = tr(
            "Drag to another tier (Ctrl+Up / Ctrl+Down), or along the row "
            "(Ctrl+Left / Ctrl+Right) · double-click or Enter to edit · the arrows pick a "
            "faction · Shift+F10 opens its menu"
        )
        lines.append(f"<span>{escaped(hint)}</span>")  # untranslated: markup
        return "<br>".join(lines)  # untranslated: markup

    def spoken(self) -> str:
        """The card as a screen reader reads it: name, rung, status, clocks, shown."""
        return ", ".join(spoken(line).rstrip(".") for line in self._lines())

    def _lines(self) -> list[str]:
        """What the card tells, a line each (HTML: the names escaped)."""
        record = self.look.faction
        name = f"<b>{escaped(record.name)}</b>"  # untranslated: markup
        lines = [name, tier_hold(record.tier, record.hold)]
        lines.append(
            tr("Status with the chapter: {status}").format(status=status_text(record.status))
        )
        with_chapter = record.status == factions.WAR_STATUS
        if with_chapter or record.at_war_with_others:
            tier, hold = factions.war_standing(record.tier, record.hold, True)
            lines.append(war_words(tier, hold, with_chapter, record.at_war_with_others))
        for clock in self.look.clocks:
            if clock.done:
                text = tr("Clock {name}: {filled} of {segments} (done)")
            else:
                text = tr("Clock {name}: {filled} of {segments}")
            name = escaped(clock.name)
            lines.append(text.format(name=name, filled=clock.filled, segments=clock.segments))
        lines.append(escaped(shown_words(record.shown)))
        return lines

    def paint(
        self, painter: QPainter, _option: QStyleOptionGraphicsItem, _widget: QWidget | None = None
    ) -> None:
        record, style = self.look.faction, self.style
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        _card_frame(painter, self.boundingRect(), style, self.isSelected(), style.base)
        at_war = record.status == factions.WAR_STATUS or record.at_war_with_others
        name_width = SHOWN_RECT.left() - 4 - PADDING - (WAR_RECT.width() + 4 if at_war else 0)
        painter.setPen(style.text)
        name_rect = QRectF(PADDING, 4, name_width, 27)
        draw_name(painter, name_rect, record.name, style.fonts["name"], two_lines=True)
        if at_war:
            paint_war_badge(painter, WAR_RECT, style, record.status == factions.WAR_STATUS)
        paint_hold_badge(painter, HOLD_RECT, record.hold, style)
        paint_status_badge(painter, STATUS_RECT, record.status, style)
        ink = style.text if record.shown else style.muted
        paint_shown_mark(painter, SHOWN_RECT, record.shown, ink)
        self._paint_clocks(painter, style)

    def _paint_clocks(self, painter: QPainter, style: LadderStyle) -> None:
        clocks = self.look.clocks
        top = CARD_HEIGHT - PADDING - DIAL
        if not clocks:
            return
        if len(clocks) == 1:
            clock = clocks[0]
            style.draw_dial(painter, PADDING, top, clock)
            self._paint_clock_line(painter, style, clock, top)
            return
        if len(clocks) <= COMPACT_CLOCKS:
            self._paint_counted(painter, style, clocks, top)
            return
        room = int((CARD_WIDTH - 2 * PADDING + 4) // (DIAL + 4))
        shown = clocks if len(clocks) <= room else clocks[: room - 1]
        for index, clock in enumerate(shown):
            style.draw_dial(painter, PADDING + index * (DIAL + 4), top, clock)
        if len(shown) < len(clocks):
            painter.setFont(style.fonts["badge"])
            painter.setPen(style.muted)
            rect = QRectF(PADDING + len(shown) * (DIAL + 4), top, DIAL + 8, DIAL)
            painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter, f"+{len(clocks) - len(shown)}")

    def _paint_clock_line(
        self, painter: QPainter, style: LadderStyle, clock: ClockRecord, top: float
    ) -> None:
        """One clock: its dial, its name (elided if need be), then its count, always whole."""
        font = style.fonts["small"]
        metrics = QFontMetricsF(font)
        count = f"{clock.filled}/{clock.segments}"
        left = PADDING + DIAL + 6
        room = CARD_WIDTH - PADDING - left - metrics.horizontalAdvance(count) - 6
        name = metrics.elidedText(clock.name, Qt.TextElideMode.ElideRight, room)
        painter.setFont(font)
        painter.setPen(style.text)
        centre = Qt.AlignmentFlag.AlignVCenter
        painter.drawText(QRectF(left, top, room, DIAL), centre, name)
        painter.setPen(style.muted)
        painter.drawText(
            QRectF(left, top, CARD_WIDTH - PADDING - left, DIAL),
            centre | Qt.AlignmentFlag.AlignRight,
            count,
        )

    def _paint_counted(
        self, painter: QPainter, style: LadderStyle, clocks: tuple[ClockRecord, ...], top: float
    ) -> None:
        """Two or three clocks: each dial with "filled/segments" beside it."""
        step = (CARD_WIDTH - 2 * PADDING) / COMPACT_CLOCKS
        painter.setFont(style.fonts["small"])
        painter.setPen(style.text)
        for index, clock in enumerate(clocks):
            left = PADDING + index * step
            style.draw_dial(painter, left, top, clock)
            painter.drawText(
                QRectF(left + DIAL + 3, top, step - DIAL - 3, DIAL),
                Qt.AlignmentFlag.AlignVCenter,
                f"{clock.filled}/{clock.segments}",
            )

    # -- input ------------------------------------------------------------------------------

    def hoverMoveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        on_badge = STATUS_RECT.contains(event.pos()) or SHOWN_RECT.contains(event.pos())
        shape = Qt.CursorShape.PointingHandCursor if on_badge else Qt.CursorShape.OpenHandCursor
        self.setCursor(shape)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = self.scene()
        if (
            event.button() == Qt.MouseButton.LeftButton
            and STATUS_RECT.contains(event.pos())
            and isinstance(scene, LadderScene)
        ):
            scene.clearSelection()
            self.setSelected(True)
            scene.status_requested.emit(self.faction_id, event.screenPos())
            event.accept()
            return
        if (
            event.button() == Qt.MouseButton.LeftButton
            and SHOWN_RECT.adjusted(-3, -3, 3, 3).contains(event.pos())
            and isinstance(scene, LadderScene)
            and scene.editable
        ):
            scene.clearSelection()
            self.setSelected(True)
            scene.shown_requested.emit(self.faction_id)  # one click shows or hides it
            event.accept()
            return
        self._press = event.scenePos()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = self.scene()
        if self._press is None or not isinstance(scene, LadderScene) or not scene.editable:
            return
        if (event.scenePos() - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(event.widget())
        drag.setMimeData(encode_faction(self.faction_id))
        drag.setPixmap(self.picture())
        drag.setHotSpot((event.pos()).toPoint())
        self.setOpacity(0.35)
        drag.exec(Qt.DropAction.MoveAction)
        self.setOpacity(1.0)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._press = None
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = self.scene()
        on_badge = STATUS_RECT.contains(event.pos()) or SHOWN_RECT.contains(event.pos())
        if isinstance(scene, LadderScene) and not on_badge:
            scene.faction_activated.emit(self.faction_id)

    def picture(self) -> QPixmap:
        pixmap = QPixmap(int(CARD_WIDTH), int(CARD_HEIGHT))
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self.paint(painter, QStyleOptionGraphicsItem())
        painter.end()
        return pixmap


class ChapterCard(LadderCard):
    """The players' chapter in its tier row: highlighted outline, tagged "Your chapter"."""

    def __init__(self, record: ChapterRecord, style: LadderStyle) -> None:
        super().__init__()
        self.record = record
        self.style = style
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(1)
        self.setToolTip(self._tooltip())

    def set_record(self, record: ChapterRecord) -> None:
        if record != self.record:
            self.record = record
            self._retold()

    def _rep_needed(self) -> int:
        return factions.rep_to_develop(min(max(self.record.turf, 0), factions.MAX_TURF))

    def _tooltip(self) -> str:
        r = self.record
        lines = [
            tr("<b>{name}</b> (your chapter)").format(name=escaped(r.name)),
            tier_hold(r.tier, r.hold),
        ]
        lines.append(
            tr("Rep {rep}/{needed}, turf {turf}, coin {coin}, heat {heat}").format(
                rep=r.rep, needed=self._rep_needed(), turf=r.turf, coin=r.coin, heat=r.heat
            )
        )
        if r.at_war:
            tier, hold = factions.war_standing(r.tier, r.hold, True)
            lines.append(war_words(tier, hold, False, False))
        if not r.lair_held:
            lost = tr("The lair is lost: no claim gives its benefit.")
            lines.append(f"<i>{lost}</i>")  # untranslated: markup
        return "<br>".join(lines)  # untranslated: markup

    def paint(
        self, painter: QPainter, _option: QStyleOptionGraphicsItem, _widget: QWidget | None = None
    ) -> None:
        r, style = self.record, self.style
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        tint = QColor(style.highlight)
        tint.setAlpha(34)
        painter.setBrush(style.base)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRoundedRect(self.boundingRect(), 7, 7)
        painter.setBrush(tint)
        painter.setPen(QPen(style.highlight, 3))
        painter.drawRoundedRect(self.boundingRect().adjusted(1.5, 1.5, -1.5, -1.5), 7, 7)
        tag = QRectF(PADDING, 6, 92, 15)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.highlight)
        painter.drawRoundedRect(tag, 3, 3)
        painter.setPen(style.highlighted_text)
        painter.setFont(style.fonts["tag"])
        painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, tr("YOUR CHAPTER"))
        if r.at_war:
            paint_war_badge(painter, WAR_RECT, style, True)
        painter.setPen(style.text)
        width = CARD_WIDTH - 2 * PADDING
        draw_name(painter, QRectF(PADDING, 24, width, 18), r.name, style.fonts["name"])
        hold_rect = QRectF(PADDING, 44, 18, 18)
        paint_hold_badge(painter, hold_rect, r.hold, style)
        painter.setFont(style.fonts["small"])
        painter.drawText(
            QRectF(PADDING + 24, 44, width - 24, 18),
            Qt.AlignmentFlag.AlignVCenter,
            (
                tr("Tier {tier} · strong hold")
                if r.hold == factions.STRONG
                else tr("Tier {tier} · weak hold")
            ).format(tier=r.tier),
        )
        painter.setPen(style.muted)
        painter.drawText(
            QRectF(PADDING, 64, width, 18),
            Qt.AlignmentFlag.AlignVCenter,
            tr("Rep {rep}/{needed} · Coin {coin} · Heat {heat}").format(
                rep=r.rep, needed=self._rep_needed(), coin=r.coin, heat=r.heat
            ),
        )


class TierRow(LadderItem):
    """A band across the ladder: "Tier N", its gang scale, and a hint when it is empty."""

    def __init__(self, tier: int, style: LadderStyle) -> None:
        super().__init__()
        self.tier = tier
        self.style = style
        self.rect = QRectF()
        self.empty = True
        self.hovered = False
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(0)
        self.setToolTip(tr("Tier {tier}: {scale}").format(tier=tier, scale=gang_scale_text(tier)))

    def set_geometry(self, rect: QRectF, empty: bool) -> None:
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = rect
        if empty != self.empty:
            self.empty = empty
            self.update()

    def set_hovered(self, hovered: bool) -> None:
        if hovered != self.hovered:
            self.hovered = hovered
            self.update()

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(
        self, painter: QPainter, _option: QStyleOptionGraphicsItem, _widget: QWidget | None = None
    ) -> None:
        style = self.style
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        band = style.band if self.tier % 2 == 0 else style.window
        painter.setPen(QPen(style.border, 1))
        painter.setBrush(band)
        painter.drawRoundedRect(self.rect.adjusted(0.5, 0.5, -0.5, -0.5), 6, 6)
        header = QRectF(self.rect.left(), self.rect.top(), HEADER_WIDTH, self.rect.height())
        shade = QColor(style.text)
        shade.setAlpha(16)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(shade)
        painter.drawRoundedRect(header.adjusted(1, 1, 0, -1), 6, 6)
        painter.setPen(style.text)
        painter.setFont(style.fonts["tier"])
        text = header.adjusted(10, 7, -6, -6)
        top_left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        painter.drawText(text, top_left, tr("Tier {tier}").format(tier=self.tier))
        painter.setPen(style.muted)
        painter.setFont(style.fonts["scale"])
        painter.drawText(
            text.adjusted(0, 21, 0, 0),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
            # "Vast gangs (160 people)" breaks before the bracket, not inside it.
            gang_scale_text(self.tier).replace(" (", "\n("),
        )
        if self.empty:
            painter.setFont(style.fonts["hint"])
            painter.drawText(
                self.rect.adjusted(HEADER_WIDTH + GAP, 0, -GAP, 0),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                tr("No factions at this tier"),
            )
        if self.hovered:
            painter.setPen(QPen(style.highlight, 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.rect.adjusted(1.25, 1.25, -1.25, -1.25), 6, 6)


# --- The scene ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DropTarget:
    tier: int
    position: int  # where the faction ends up in the tier's row, 0-based
    line: int  # where the insertion mark goes: the line of cards and the column
    column: int


@dataclass
class RowLayout:
    top: float
    height: float
    entries: list[QGraphicsObject]
    chapter_first: bool


class LadderScene(QGraphicsScene):
    """Tier rows, faction cards and the chapter card, kept in step with the store.

    `show_ladder` compares what it is given with what it shows: a card whose record
    and clocks are unchanged keeps its cached picture and at most moves.
    """

    status_requested = Signal(int, QPoint)  # faction id, screen position of the click
    faction_activated = Signal(int)  # double-clicked card
    shown_requested = Signal(int)  # faction id: its "shown to players" eye was clicked
    laid_out = Signal()  # `show_ladder` showed the factions anew

    def __init__(self, style: LadderStyle, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ladder_style = style
        self.editable = True
        self.per_line = 1
        self.cards: dict[int, FactionCard] = {}
        self.chapter_card: ChapterCard | None = None
        self.rows = {tier: TierRow(tier, style) for tier in TIERS}
        self.layouts: dict[int, RowLayout] = {}
        for row in self.rows.values():
            self.addItem(row)
        self.marker = QGraphicsRectItem()
        self.marker.setZValue(3)
        self.marker.setPen(Qt.PenStyle.NoPen)
        self.marker.setBrush(style.highlight)
        self.marker.hide()
        self.addItem(self.marker)
        self._records: list[FactionRecord] = []

    # -- contents ---------------------------------------------------------------------------

    def show_ladder(
        self,
        records: list[FactionRecord],
        clocks: dict[int, tuple[ClockRecord, ...]],
        chapter: ChapterRecord | None,
        width: float,
    ) -> None:
        self._records = records
        seen: set[int] = set()
        for record in records:
            look = CardLook(record, clocks.get(record.id, ()))
            card = self.cards.get(record.id)
            if card is None:
                card = FactionCard(look, self.ladder_style)
                self.cards[record.id] = card
                self.addItem(card)
            else:
                card.set_look(look)
            seen.add(record.id)
        for gone in [faction_id for faction_id in self.cards if faction_id not in seen]:
            self.removeItem(self.cards.pop(gone))
        self._show_chapter(chapter)
        self.lay_out(width)
        self.laid_out.emit()

    def spoken(self) -> str:
        """What a screen reader says of the ladder: the factions selected, each in words,
        or else how many factions stand on it."""
        chosen = [item for item in self.selectedItems() if isinstance(item, FactionCard)]
        if chosen:
            return "; ".join(card.spoken() for card in chosen)
        count = len(self.cards)
        return ntr(
            "{count} faction, none selected", "{count} factions, none selected", count
        ).format(count=count)

    def _show_chapter(self, chapter: ChapterRecord | None) -> None:
        if chapter is None:
            if self.chapter_card is not None:
                self.removeItem(self.chapter_card)
                self.chapter_card = None
            return
        if self.chapter_card is None:
            self.chapter_card = ChapterCard(chapter, self.ladder_style)
            self.addItem(self.chapter_card)
        else:
            self.chapter_card.set_record(chapter)

    def set_style(self, style: LadderStyle) -> None:
        if style.key() == self.ladder_style.key():
            return
        self.ladder_style = style
        self.marker.setBrush(style.highlight)
        items: list[FactionCard | ChapterCard | TierRow] = [*self.cards.values()]
        items.extend(self.rows.values())
        if self.chapter_card is not None:
            items.append(self.chapter_card)
        for item in items:
            item.set_style(style)

    def record(self, faction_id: int) -> FactionRecord | None:
        card = self.cards.get(faction_id)
        return card.look.faction if card is not None else None

    def selected_id(self) -> int | None:
        for item in self.selectedItems():
            if isinstance(item, FactionCard):
                return item.faction_id
        return None

    def select_toward(self, key: Qt.Key) -> FactionCard | None:
        """Select the card next to the selected one in the arrow `key`'s direction (the
        first card when none is): Left and Right in reading order down the ladder, Up and
        Down to the nearest card on the line above or below."""
        cards = sorted(self.cards.values(), key=lambda c: (c.pos().y(), c.pos().x()))
        if not cards:
            return None
        current = self.cards.get(self.selected_id() or 0)
        if current is None:
            return self.select(cards[0].faction_id)
        index = cards.index(current)
        chosen: FactionCard | None = None
        if key == Qt.Key.Key_Left and index > 0:
            chosen = cards[index - 1]
        elif key == Qt.Key.Key_Right and index + 1 < len(cards):
            chosen = cards[index + 1]
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            here = current.pos()
            below = key == Qt.Key.Key_Down
            lines = [
                c for c in cards if (c.pos().y() > here.y()) == below and c.pos().y() != here.y()
            ]
            if lines:
                line_y = (min if below else max)(c.pos().y() for c in lines)
                line = [c for c in lines if c.pos().y() == line_y]
                chosen = min(line, key=lambda c: abs(c.pos().x() - here.x()))
        return current if chosen is None else self.select(chosen.faction_id)

    def select(self, faction_id: int) -> FactionCard | None:
        card = self.cards.get(faction_id)
        if card is not None:
            self.clearSelection()
            card.setSelected(True)
        return card

    # -- layout -----------------------------------------------------------------------------

    def lay_out(self, width: float) -> None:
        """Place rows and cards for a view `width` wide; only what moved is touched."""
        usable = width - 2 * MARGIN - HEADER_WIDTH - GAP
        self.per_line = max(1, int(usable // (CARD_WIDTH + GAP)))
        row_width = HEADER_WIDTH + GAP + self.per_line * (CARD_WIDTH + GAP)
        row_width = max(row_width, width - 2 * MARGIN)
        by_tier: dict[int, list[QGraphicsObject]] = {tier: [] for tier in TIERS}
        chapter = self.chapter_card
        if chapter is not None and chapter.record.tier in by_tier:
            by_tier[chapter.record.tier].append(chapter)
        for record in self._records:
            card = self.cards.get(record.id)
            if card is not None and record.tier in by_tier:
                by_tier[record.tier].append(card)
        top = MARGIN
        for tier in TIERS:
            entries = by_tier[tier]
            top = self._lay_out_row(tier, entries, top, row_width) + ROW_SPACING
        self.setSceneRect(0, 0, row_width + 2 * MARGIN, top + MARGIN)

    def _lay_out_row(
        self, tier: int, entries: list[QGraphicsObject], top: float, row_width: float
    ) -> float:
        lines = max(1, math.ceil(len(entries) / self.per_line))
        height = 2 * ROW_PADDING + lines * CARD_HEIGHT + (lines - 1) * GAP
        if not entries:
            height = EMPTY_ROW_HEIGHT
        self.rows[tier].set_geometry(QRectF(MARGIN, top, row_width, height), not entries)
        chapter_first = bool(entries) and isinstance(entries[0], ChapterCard)
        self.layouts[tier] = RowLayout(top, height, entries, chapter_first)
        for index, item in enumerate(entries):
            line, column = divmod(index, self.per_line)
            point = QPointF(
                self._cards_left() + column * (CARD_WIDTH + GAP),
                top + ROW_PADDING + line * (CARD_HEIGHT + GAP),
            )
            if item.pos() != point:
                item.setPos(point)
        return top + height

    def _cards_left(self) -> float:
        return MARGIN + HEADER_WIDTH + GAP

    # -- dropping ---------------------------------------------------------------------------

    def tier_at(self, point: QPointF) -> int | None:
        for tier, layout in self.layouts.items():
            if layout.top - ROW_SPACING <= point.y() <= layout.top + layout.height + ROW_SPACING:
                return tier
        return None

    def drop_target(self, point: QPointF, faction_id: int) -> DropTarget | None:
        """Where a faction dropped at `point` goes, or None off the rows or for a no-op."""
        tier = self.tier_at(point)
        record = self.record(faction_id)
        if tier is None or record is None:
            return None
        layout = self.layouts[tier]
        step_y = CARD_HEIGHT + GAP
        lines = max(1, math.ceil(len(layout.entries) / self.per_line))
        line = int((point.y() - layout.top - ROW_PADDING + GAP / 2) // step_y)
        line = min(max(line, 0), lines - 1)
        before = (point.x() - self._cards_left() - CARD_WIDTH / 2) // (CARD_WIDTH + GAP) + 1
        column = int(min(max(before, 0), self.per_line))
        slot = min(line * self.per_line + column, len(layout.entries))
        column = slot - line * self.per_line
        position = max(0, slot - (1 if layout.chapter_first else 0))
        if record.tier == tier:
            if position > record.position:
                position -= 1  # the card leaves its old place first
            if position == record.position:
                return None
        return DropTarget(tier, position, line, column)

    def show_marker(self, target: DropTarget | None) -> None:
        for tier, row in self.rows.items():
            row.set_hovered(target is not None and target.tier == tier)
        if target is None:
            self.marker.hide()
            return
        layout = self.layouts[target.tier]
        x = self._cards_left() + target.column * (CARD_WIDTH + GAP) - GAP / 2 - 2
        y = layout.top + ROW_PADDING + target.line * (CARD_HEIGHT + GAP)
        self.marker.setRect(QRectF(x, y, 4, CARD_HEIGHT))
        self.marker.show()


class LadderView(ZoomedView):
    """The ladder's view: lays the scene out to its width and decodes drops and keys."""

    faction_dropped = Signal(int, int, int)  # faction id, tier, position
    context_requested = Signal(int, int, QPoint)  # faction id (0: none), tier (-1), where
    # "delete", "edit", "status_up/down", "tier_up/down", "row_earlier/later"
    key_command = Signal(str)

    def __init__(self, scene: LadderScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.ladder = scene
        self.setAcceptDrops(True)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # The cards are painted items, which no screen reader sees: the view says them.
        scene.selectionChanged.connect(self._describe)
        scene.laid_out.connect(self._describe)

    def _describe(self) -> None:
        describe(self, self.ladder.spoken())

    def sizeHint(self) -> QSize:
        # Laid out to its width: a hint from the scene would grow the dock at every layout.
        return QSize(round(460 * self._zoom), round(520 * self._zoom))

    def minimumSizeHint(self) -> QSize:
        # One card beside the tiers' titles, at the zoom, without scrolling sideways.
        least = 2 * MARGIN + HEADER_WIDTH + 2 * GAP + CARD_WIDTH
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(
            math.ceil(least * self._zoom) + bar + 2 * self.frameWidth(),
            super().minimumSizeHint().height(),
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()

    def _drag_target(self, event: QDragMoveEvent | QDropEvent) -> tuple[int, DropTarget] | None:
        faction_id = decode_faction(event.mimeData())
        if faction_id is None or not self.ladder.editable:
            return None
        point = self.mapToScene(event.position().toPoint())
        target = self.ladder.drop_target(point, faction_id)
        return None if target is None else (faction_id, target)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(FACTION_MIME) and self.ladder.editable:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        found = self._drag_target(event)
        self.ladder.show_marker(found[1] if found else None)
        if found is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: object) -> None:
        self.ladder.show_marker(None)

    def dropEvent(self, event: QDropEvent) -> None:
        self.ladder.show_marker(None)
        found = self._drag_target(event)
        if found is None:
            event.ignore()
            return
        event.acceptProposedAction()
        faction_id, target = found
        self.faction_dropped.emit(faction_id, target.tier, target.position)

    def _menu_for_selected(self) -> None:
        """The selected card's menu, opened on the card (the menu key or Shift+F10)."""
        faction_id = self.ladder.selected_id()
        card = self.ladder.cards.get(faction_id or 0)
        if faction_id is None or card is None:
            return
        point = self.mapFromScene(card.sceneBoundingRect().center())
        record = self.ladder.record(faction_id)
        tier = record.tier if record is not None else -1
        self.context_requested.emit(faction_id, tier, self.viewport().mapToGlobal(point))

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if event.reason() == QContextMenuEvent.Reason.Keyboard and self.ladder.selected_id():
            self._menu_for_selected()
            return
        point = self.mapToScene(event.pos())
        faction_id = 0
        for item in self.ladder.items(point):
            if isinstance(item, FactionCard):
                faction_id = item.faction_id
                self.ladder.select(faction_id)
                break
        tier = self.ladder.tier_at(point)
        self.context_requested.emit(faction_id, -1 if tier is None else tier, event.globalPos())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        keys = {
            Qt.Key.Key_Delete: "delete",
            Qt.Key.Key_Backspace: "delete",
            Qt.Key.Key_Return: "edit",
            Qt.Key.Key_Enter: "edit",
            Qt.Key.Key_Plus: "status_up",
            Qt.Key.Key_Equal: "status_up",
            Qt.Key.Key_Minus: "status_down",
        }
        key = Qt.Key(event.key())
        command = keys.get(key)
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods & Qt.KeyboardModifier.ControlModifier:
            command = {
                Qt.Key.Key_Up: "tier_up",
                Qt.Key.Key_Down: "tier_down",
                Qt.Key.Key_Left: "row_earlier",
                Qt.Key.Key_Right: "row_later",
            }.get(key, command)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            if not mods:  # the arrows pick a card (the view would scroll with them)
                card = self.ladder.select_toward(key)
                if card is not None:
                    self.ensureVisible(card, 8, 8)
                event.accept()
                return
        elif key == Qt.Key.Key_Menu or (
            key == Qt.Key.Key_F10 and mods == Qt.KeyboardModifier.ShiftModifier
        ):
            self._menu_for_selected()
            event.accept()
            return
        if command is not None and self.ladder.selected_id() is not None:
            self.key_command.emit(command)
            return
        super().keyPressEvent(event)
