"""The drawn dice table: areas for pool, tray, table (depleted), removed and item dice.

Dice are `QGraphicsObject`s painted by `desktop.paint.dice.paint_die`. Drags carry plain JSON in
`QMimeData` (never Python objects), so a die can be dropped on another area, on a tray
die (a trait chip) or on the roster (an award). The view decodes drops and says what was
dropped where; the dock turns that into undo commands.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDrag,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QFont,
    QKeyEvent,
    QPainter,
    QPalette,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from desktop.language import N_
from desktop.paint.dice import paint_die
from desktop.rules.dicepool import Kind, Place
from desktop.store import DieRecord
from desktop.ui import theme
from desktop.ui.accessible import describe
from desktop.ui.widgets.drag_data import decode, encode
from desktop.ui.widgets.zoomed_view import ZoomedView
from desktop.ui.window_language import ntr, tr

DIE_MIME = "application/x-gmdesk-die"  # {"character": id, "die": id}
TRAIT_MIME = "application/x-gmdesk-trait"  # {"character": id, "trait": id}
NEW_DIE_MIME = "application/x-gmdesk-new-die"  # {"size": 6}

DIE_SIZE = 54.0
GAP = 10.0
MARGIN = 12.0
TITLE_HEIGHT = 24.0

AREAS = ("pool", "tray", "table", "removed", "items")
# The areas' titles and their words when empty: marked, translated when painted.
AREA_TITLES = {
    "pool": N_("Pool"),
    "tray": N_("Tray: to roll"),
    "table": N_("Table: +1 each"),
    "removed": N_("Removed"),
    "items": N_("Weapon & armour"),
}
# The drags' keys, on every die's tooltip (the arrows pick a die, the menu lists them all).
KEYS_TIP = N_(
    "Keys: arrows pick · Enter tray · Backspace pool · T table · G award · Shift+F10 menu"
)
AREA_HINTS = {
    "pool": N_("No dice in the pool."),
    "tray": N_("Drag dice here (or double-click them) to roll them."),
    "table": N_("No depleted dice."),
    "removed": N_("No dice lost."),
    "items": N_("No weapon or armour."),
}
# How many dice an area holds, as a screen reader says it (`DiceScene.spoken`).
SPOKEN_COUNTS = {
    "pool": N_("pool {count}"),
    "tray": N_("tray {count}"),
    "table": N_("table {count}"),
    "removed": N_("removed {count}"),
    "items": N_("items {count}"),
}


# Where a die is, as a screen reader says it (`die_words`).
SPOKEN_PLACES = {
    "pool": N_("in pool"),
    "tray": N_("in tray"),
    "table": N_("depleted on the table"),
    "removed": N_("removed"),
}


def die_words(record: DieRecord, state: DieState) -> str:
    """A die as a screen reader reads it: "d8, damage die, in pool", then what it
    shows and what was chosen for it ("shows 5", "2 trait steps")."""
    size = f"d{record.size}"
    if record.kind == Kind.DAMAGE:
        words = [size, tr("damage die")]
    elif record.kind == Kind.PROTECTION:
        words = [size, tr("protection die")]
    else:  # an ordinary die, or a kind this build does not know
        words = [tr("d{size} die").format(size=record.size)]
    # An item's die has a place as any die (its area on the table is its item's).
    place = ("tray" if record.in_tray else "pool") if record.place == Place.POOL else record.place
    spoken = SPOKEN_PLACES.get(place)
    words.append(tr(spoken) if spoken else place)
    if state.face is not None:
        words.append(tr("shows {face}").format(face=state.face))
        if state.highlight:
            words.append(tr("depleted by this roll"))
    if record.steps:
        words.append(
            ntr("{count} trait step", "{count} trait steps", record.steps).format(
                count=record.steps
            )
        )
    if record.down_to_d4:
        words.append(tr("stepped down to d4"))
    return ", ".join(words)


def die_name(record: DieRecord) -> str:
    """A die named by its size and kind: "d8 damage die", "d6 die"."""
    if record.kind == Kind.DAMAGE:
        return tr("d{size} damage die").format(size=record.size)
    if record.kind == Kind.PROTECTION:
        return tr("d{size} protection die").format(size=record.size)
    return tr("d{size} die").format(size=record.size)


def area_of(die: DieRecord) -> str:
    if die.kind != Kind.ORDINARY:
        return "items"
    if die.place == Place.POOL:
        return "tray" if die.in_tray else "pool"
    return die.place


class DieLookKey(NamedTuple):
    """Everything a drawn die looks like, so that one picture serves every die alike."""

    size: int
    kind: str
    face: int | None
    depleted: bool
    removed: bool
    rolled_size: int | None
    highlight: bool
    ratio: float


@lru_cache(maxsize=1024)
def die_pixmap(look: DieLookKey) -> QPixmap:
    """A die drawn once per look: a table of 60 dice repaints from a handful of pixmaps
    (drawing paths and text for each die every frame cost most of a 16 ms frame)."""
    side = int(DIE_SIZE * look.ratio)
    pixmap = QPixmap(side, side)
    pixmap.setDevicePixelRatio(look.ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_die(
        painter,
        QRectF(2, 2, DIE_SIZE - 4, DIE_SIZE - 4),
        look.size,
        kind=look.kind,
        face=look.face,
        depleted=look.depleted,
        removed=look.removed,
        rolled_size=look.rolled_size,
        highlight=look.highlight,
    )
    painter.end()
    return pixmap


class DieState(NamedTuple):
    """What a die shows besides its record: the last face rolled and its size then."""

    face: int | None = None
    rolled_size: int | None = None
    highlight: bool = False


class DieItem(QGraphicsObject):
    def __init__(self, record: DieRecord, state: DieState, rolled_size: int | None) -> None:
        super().__init__()
        self.record = record
        self.state = state
        self.rolled_size = rolled_size
        self._press: QPointF | None = None
        self.setFlag(QGraphicsObject.GraphicsItemFlag.ItemIsSelectable)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip(self._tooltip())
        self.setAcceptDrops(True)

    def _tooltip(self) -> str:
        r = self.record
        die = die_name(r)
        if r.place == Place.POOL and r.in_tray:  # a die in the tray is in the pool
            where = tr("{die_name} in the pool (in the tray)").format(die_name=die)
        elif r.place == Place.POOL:
            where = tr("{die_name} in the pool").format(die_name=die)
        elif r.place == Place.TABLE:
            where = tr("{die_name} depleted on the table").format(die_name=die)
        elif r.place == Place.REMOVED:
            where = tr("{die_name} removed").format(die_name=die)
        else:  # a place this build does not know, as stored
            where = f"{die} {r.place}"
        parts = [where]
        if r.steps:
            parts.append(tr("{count} trait step(s)").format(count=r.steps))
        if r.down_to_d4:
            parts.append(tr("stepped down to d4"))
        return ", ".join(parts) + "\n" + tr(KEYS_TIP)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, DIE_SIZE, DIE_SIZE)

    def look(self, ratio: float = 1.0) -> DieLookKey:
        """How the die is drawn now. Its last face shows only on the die it was rolled
        as: out of the tray, the die is drawn as it rolled ("d6→10" showing 9); in the
        tray, a die stepped since (to a d4, say) shows its new size, not that old face."""
        r = self.record
        state = self.state
        rolled_as = r.size if state.rolled_size is None else state.rolled_size
        drawn = self.rolled_size
        if drawn is None and state.face is not None:
            drawn = rolled_as
        face = state.face if (r.size if drawn is None else drawn) == rolled_as else None
        return DieLookKey(
            size=r.size,
            kind=r.kind,
            face=1 if r.place == Place.TABLE and face is None else face,
            depleted=r.place == Place.TABLE,
            removed=r.place == Place.REMOVED,
            rolled_size=drawn,
            highlight=self.isSelected() or state.highlight,
            ratio=ratio,
        )

    def paint(
        self, painter: QPainter, _option: QStyleOptionGraphicsItem, _widget: QWidget | None = None
    ) -> None:
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        # Drawn as large as it shows (the view's zoom), never scaled up blurred.
        ratio *= max(1.0, painter.worldTransform().m11())
        painter.drawPixmap(self.boundingRect().topLeft(), die_pixmap(self.look(ratio)))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._press = event.scenePos()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None:
            return
        distance = (event.scenePos() - self._press).manhattanLength()
        if distance < QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(event.widget())
        drag.setMimeData(
            encode(DIE_MIME, {"character": self.record.character_id, "die": self.record.id})
        )
        pixmap = QPixmap(int(DIE_SIZE), int(DIE_SIZE))
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self.paint(painter, QStyleOptionGraphicsItem())
        painter.end()
        drag.setPixmap(pixmap)
        drag.setHotSpot(pixmap.rect().center())
        drag.exec(Qt.DropAction.MoveAction)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        scene = self.scene()
        if isinstance(scene, DiceScene):
            scene.die_activated.emit(self.record.id)


class AreaItem(QGraphicsObject):
    def __init__(self, name: str, rect: QRectF, count: int, palette: QPalette) -> None:
        super().__init__()
        self.name = name
        self.rect = rect
        self.count = count
        self.palette = palette
        self.hovered = False
        self.setZValue(-1)

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(
        self, painter: QPainter, _option: QStyleOptionGraphicsItem, _widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        felt = QColor(theme.FELT_POOL if self.name in ("pool", "tray") else theme.FELT_OTHER)
        if self.name == "tray":
            felt = QColor(theme.FELT_TRAY)
        if self.hovered:
            felt = felt.lighter(theme.FELT_HOVER_LIGHTER)
        painter.setPen(QColor(theme.FELT_EDGE))
        painter.setBrush(felt)
        painter.drawRoundedRect(self.rect, 10, 10)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(13)
        painter.setFont(font)
        painter.setPen(QColor(theme.FELT_INK))
        title = QRectF(self.rect.left() + 10, self.rect.top() + 4, self.rect.width() - 20, 18)
        painter.drawText(title, Qt.AlignmentFlag.AlignLeft, tr(AREA_TITLES[self.name]))
        painter.drawText(title, Qt.AlignmentFlag.AlignRight, str(self.count))
        if not self.count:
            font.setBold(False)
            font.setItalic(True)
            painter.setFont(font)
            painter.setPen(QColor(theme.FELT_INK_FAINT))
            painter.drawText(
                self.rect.adjusted(10, TITLE_HEIGHT, -10, -4),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                tr(AREA_HINTS[self.name]),
            )


class SideView(NamedTuple):
    """One owner's dice as the table shows them (two of these in a conflict)."""

    title: str
    dice: list[DieRecord]
    states: dict[int, DieState]
    rolled_sizes: dict[int, int]
    owner: int = 0  # whose dice: the room kept for its areas is kept for this owner


AreaKey = tuple[int, str]  # (side, area name)


class DiceScene(QGraphicsScene):
    die_activated = Signal(int)  # a double-clicked die: pool <-> tray
    laid_out = Signal()  # `show_sides` placed the dice anew

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.areas: dict[AreaKey, AreaItem] = {}
        self.die_items: dict[int, DieItem] = {}
        # The rows each area has been given for this owner at this width. Areas only grow:
        # a die leaving the pool must not pull the tray up under the pointer (a drop
        # aimed at the tray would land on the table), so the room once needed stays.
        self._rows: dict[tuple[int, int, int], dict[str, int]] = {}  # (side, owner, per row)
        self.per_row = 1
        self._titles: list[str] = []  # each side's title, as last laid out
        self._laying_out = False  # items half made: nothing to read yet

    def show_sides(self, sides: list[SideView], width: float, palette: QPalette) -> None:
        """Lay out each side's dice in its areas, side by side, for a view `width` wide.

        The dice selected before stay selected: a step or a move redraws the table, and
        the GM steps a die twice without clicking it again.
        """
        selected = {i.record.id for i in self.selectedItems() if isinstance(i, DieItem)}
        self._laying_out = True
        self.clear()
        self.areas.clear()
        self.die_items.clear()
        column = width / max(1, len(sides))
        shown = {(index, side.owner) for index, side in enumerate(sides)}
        self._rows = {key: rows for key, rows in self._rows.items() if key[:2] in shown}
        bottom = MARGIN
        for index, side in enumerate(sides):
            bottom = max(bottom, self._lay_out_side(index, side, index * column, column, palette))
        self.setSceneRect(0, 0, width, bottom)
        self._titles = [side.title for side in sides]
        for die_id in selected & self.die_items.keys():
            self.die_items[die_id].setSelected(True)
        self._laying_out = False
        self.laid_out.emit()

    def spoken(self) -> str | None:
        """What a screen reader says of the table: the dice selected, each in words, or
        else how many dice each area holds; None while the dice are being laid out."""
        if self._laying_out:
            return None
        chosen = [i for i in self.selectedItems() if isinstance(i, DieItem)]
        if chosen:
            return "; ".join(die_words(item.record, item.state) for item in chosen)
        sides = []
        for index, title in enumerate(self._titles):
            counts = ", ".join(
                tr(SPOKEN_COUNTS[name]).format(count=self.areas[(index, name)].count)
                for name in AREAS
                if (index, name) in self.areas
            )
            sides.append(
                tr("{side}: {counts}").format(side=title, counts=counts) if title else counts
            )
        return "; ".join(sides) or tr("No dice")

    def _lay_out_side(
        self, index: int, side: SideView, left: float, width: float, palette: QPalette
    ) -> float:
        grouped: dict[str, list[DieRecord]] = {name: [] for name in AREAS}
        for die in side.dice:
            grouped[area_of(die)].append(die)
        inner = width - 2 * MARGIN
        per_row = max(1, int((inner - GAP) // (DIE_SIZE + GAP)))
        self.per_row = per_row
        kept = self._rows.setdefault((index, side.owner, per_row), {})
        # Pool and tray trade dice at every move: each keeps room for both together.
        ready = len(grouped["pool"]) + len(grouped["tray"])
        top = MARGIN
        if side.title:
            label = self.addSimpleText(side.title)
            font = QFont()
            font.setBold(True)
            font.setPixelSize(15)
            label.setFont(font)
            label.setBrush(QColor(theme.FELT_INK))
            label.setPos(left + MARGIN, top)
            top += 24
        for name in AREAS:
            members = grouped[name]
            count = ready if name in ("pool", "tray") else len(members)
            rows = max(1, -(-count // per_row), kept.get(name, 0))
            kept[name] = rows
            height = TITLE_HEIGHT + rows * (DIE_SIZE + GAP) + GAP / 2
            rect = QRectF(left + MARGIN, top, max(inner, DIE_SIZE + 2 * GAP), height)
            area = AreaItem(name, rect, len(members), palette)
            self.addItem(area)
            self.areas[(index, name)] = area
            for position, die in enumerate(members):
                item = DieItem(
                    die, side.states.get(die.id, DieState()), side.rolled_sizes.get(die.id)
                )
                row, column = divmod(position, per_row)
                item.setPos(
                    rect.left() + GAP + column * (DIE_SIZE + GAP),
                    rect.top() + TITLE_HEIGHT + row * (DIE_SIZE + GAP),
                )
                self.addItem(item)
                self.die_items[die.id] = item
            top += height + GAP
        return top

    def area_at(self, point: QPointF) -> AreaKey | None:
        for key, area in self.areas.items():
            if area.rect.contains(point):
                return key
        return None

    def die_at(self, point: QPointF) -> int | None:
        for item in self.items(point):
            if isinstance(item, DieItem):
                return item.record.id
        return None

    def selected_die(self) -> DieItem | None:
        return next((i for i in self.selectedItems() if isinstance(i, DieItem)), None)

    def select_toward(self, key: Qt.Key) -> DieItem | None:
        """Select the die next to the selected one in the arrow `key`'s direction (the
        first die when none is selected): the keyboard's way to pick a die to move.
        Left and Right follow the reading order through every area; Up and Down go to
        the nearest die on a row above or below."""
        items = sorted(self.die_items.values(), key=lambda i: (i.pos().y(), i.pos().x()))
        if not items:
            return None
        current = self.selected_die()
        chosen = items[0] if current is None else _neighbour(items, current, key)
        if chosen is None:
            return current
        self.clearSelection()
        chosen.setSelected(True)
        return chosen

    def hover(self, key: AreaKey | None) -> None:
        for area_key, area in self.areas.items():
            if area.hovered != (area_key == key):
                area.hovered = area_key == key
                area.update()


def _neighbour(items: list[DieItem], current: DieItem, key: Qt.Key) -> DieItem | None:
    """The die an arrow key leads to from `current` (`items` in reading order), or None
    at the edge."""
    index = items.index(current)
    if key == Qt.Key.Key_Left:
        return items[index - 1] if index > 0 else None
    if key == Qt.Key.Key_Right:
        return items[index + 1] if index + 1 < len(items) else None
    here = current.pos()
    below = key == Qt.Key.Key_Down
    rows = [i for i in items if (i.pos().y() > here.y() if below else i.pos().y() < here.y())]
    if not rows:
        return None
    row_y = min(i.pos().y() for i in rows) if below else max(i.pos().y() for i in rows)
    row = [i for i in rows if i.pos().y() == row_y]
    return min(row, key=lambda i: abs(i.pos().x() - here.x()))


ARROWS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down)


class DiceView(ZoomedView):
    """The dice table's view: lays the scene out to its width and decodes drops."""

    die_dropped = Signal(int, int, int, str)  # die id, its character id, target side, area
    trait_dropped = Signal(int, int)  # trait id, target die id
    new_die_dropped = Signal(int, int, str)  # size, target side, area

    def __init__(self, scene: DiceScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # A viewport made here has its Python object from the start. The one Qt makes
        # would be typed on first use by PySide trying every QWidget class (~3 ms).
        self.setViewport(QWidget())
        self.dice_scene = scene
        self.setAcceptDrops(True)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setBackgroundBrush(QColor(theme.FELT_BACKGROUND))
        # The dice are painted items, which no screen reader sees: the view says them.
        scene.selectionChanged.connect(self._describe)
        scene.laid_out.connect(self._describe)
        # Whether dice are tumbling: their faces change every frame, and a screen reader
        # would read each; the landed roll is said (the dice table tells).
        self.tumbling: Callable[[], bool] = lambda: False

    def _describe(self) -> None:
        words = self.dice_scene.spoken()
        if words is not None and not self.tumbling():
            describe(self, words)

    def sizeHint(self) -> QSize:
        # The scene is laid out to the view's width; a hint taken from the scene would
        # make the window grow every time the dice are laid out again.
        return QSize(round(480 * self._zoom), round(420 * self._zoom))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """The arrow keys pick a die (the view would scroll with them): the dock's keys
        then act on it. With Ctrl, Alt or Shift they are left to the view."""
        key = Qt.Key(event.key())
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key in ARROWS and plain:
            chosen = self.dice_scene.select_toward(key)
            if chosen is not None:
                self.ensureVisible(chosen, 8, 8)
            event.accept()
            return
        super().keyPressEvent(event)

    def _target(self, event: QDropEvent | QDragMoveEvent) -> tuple[AreaKey | None, int | None]:
        point = self.mapToScene(event.position().toPoint())
        return self.dice_scene.area_at(point), self.dice_scene.die_at(point)

    def _accepts(self, event: QDropEvent | QDragMoveEvent) -> bool:
        data = event.mimeData()
        key, die = self._target(event)
        area = key[1] if key else None
        if decode(data, TRAIT_MIME) is not None:
            return die is not None and area == "tray"
        if decode(data, DIE_MIME) is not None or decode(data, NEW_DIE_MIME) is not None:
            return area in ("pool", "tray", "table", "removed")
        return False

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if any(event.mimeData().hasFormat(m) for m in (DIE_MIME, TRAIT_MIME, NEW_DIE_MIME)):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        accepted = self._accepts(event)
        self.dice_scene.hover(self._target(event)[0] if accepted else None)
        if accepted:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event: object) -> None:
        self.dice_scene.hover(None)

    def dropEvent(self, event: QDropEvent) -> None:
        self.dice_scene.hover(None)
        if not self._accepts(event):
            event.ignore()
            return
        key, die = self._target(event)
        data = event.mimeData()
        trait = decode(data, TRAIT_MIME)
        moved = decode(data, DIE_MIME)
        new = decode(data, NEW_DIE_MIME)
        event.acceptProposedAction()
        if trait is not None and die is not None and "trait" in trait:
            self.trait_dropped.emit(trait["trait"], die)
        elif moved is not None and key is not None and {"die", "character"} <= moved.keys():
            self.die_dropped.emit(moved["die"], moved["character"], key[0], key[1])
        elif new is not None and key is not None and "size" in new:
            self.new_die_dropped.emit(new["size"], key[0], key[1])
