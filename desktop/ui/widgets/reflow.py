"""A row of widgets that wraps onto more rows when it is narrow (a flow layout).

English words fit a dock's row; longer ones (French, German) made the dock wider or
scroll sideways. Here what does not fit goes to the next row instead. A widget added
with `fill` takes the room left on its row (a wrapped note, a combo box); one not
fitting beside the others even at its least width starts a row of its own.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QWidget,
    QWidgetItem,
)


class ReflowLayout(QLayout):
    """Widgets left to right, wrapping; `fill` widgets share what is left of their row."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._fill: list[bool] = []
        self._align: list[Qt.AlignmentFlag] = []
        self._whole: list[bool] = []
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    # the widgets

    def add(
        self,
        widget: QWidget,
        *,
        fill: bool = False,
        whole: bool = False,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignVCenter,
    ) -> None:
        """Add `widget`; `fill`: it takes the room left on its row; `whole`: it shares a
        row only where it has the width it asks for (a row of its own may wrap inside);
        `align`: where it sits in a row taller than it (vertically)."""
        self.addChildWidget(widget)
        self._items.append(QWidgetItem(widget))
        self._fill.append(fill)
        self._whole.append(whole)
        self._align.append(align)
        self.invalidate()

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self._fill.append(False)
        self._whole.append(False)
        self._align.append(Qt.AlignmentFlag.AlignVCenter)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        del self._fill[index], self._whole[index], self._align[index]
        return self._items.pop(index)

    # sizes

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def _shown(self) -> list[tuple[QLayoutItem, bool, Qt.AlignmentFlag]]:
        return [
            (item, fill, align)
            for item, fill, align in zip(self._items, self._fill, self._align, strict=True)
            if not item.isEmpty()
        ]

    def _wanted(self, item: QLayoutItem) -> int:
        """The width `item` takes when rows are made."""
        if self._whole[self._items.index(item)]:
            return max(item.sizeHint().width(), least(item))
        return least(item)

    def minimumSize(self) -> QSize:
        """As wide as the widest widget at its least (everything else wraps)."""
        margins = self.contentsMargins()
        width = max((least(item) for item, _fill, _align in self._shown()), default=0)
        width += margins.left() + margins.right()
        return QSize(width, self.heightForWidth(width) if width else 0)

    def sizeHint(self) -> QSize:
        """All on one row."""
        margins = self.contentsMargins()
        shown = self._shown()
        width = sum(item.sizeHint().width() for item, _fill, _align in shown)
        width += self.spacing() * max(0, len(shown) - 1) + margins.left() + margins.right()
        return QSize(width, self.heightForWidth(width))

    # placing

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the widgets out in `rect` (or only measure, `move` False); the height used."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        room = max(1, area.width())
        gap = self.spacing()
        # Rows by the least widths; then each widget grows toward the width it asks
        # for, and what is left of its row goes to the `fill` widgets.
        rows: list[list[tuple[QLayoutItem, bool, Qt.AlignmentFlag, int]]] = [[]]
        used = 0
        for item, fill, align in self._shown():
            width = min(self._wanted(item), room)
            row = rows[-1]
            if row and used + gap + width > room:
                rows.append([])
                row, used = rows[-1], 0
            used += (gap if row else 0) + width
            row.append((item, fill, align, width))
        y = area.top()
        for row in rows:
            if not row:
                continue
            spare = room - sum(w for *_rest, w in row) - gap * (len(row) - 1)
            grown = []
            for item, fill, align, width in row:
                more = 0 if fill else min(max(0, item.sizeHint().width() - width), spare)
                spare -= more
                grown.append((item, fill, align, width + more))
            fills = sum(1 for _item, fill, _a, _w in row if fill)
            sized = []
            for item, fill, align, width in grown:
                if fill and spare > 0:
                    share = spare // fills
                    spare, fills = spare - share, fills - 1
                    width += share
                width = min(width, item.maximumSize().width())
                sized.append((item, align, width, item_height(item, width)))
            height = max(h for *_rest, h in sized)
            x = area.left()
            for item, align, width, item_h in sized:
                if move:
                    top = y
                    if align & Qt.AlignmentFlag.AlignBottom:
                        top = y + height - item_h
                    elif not align & Qt.AlignmentFlag.AlignTop:
                        top = y + (height - item_h) // 2
                    item.setGeometry(QRect(QPoint(x, top), QSize(width, item_h)))
                x += width + gap
            y += height + gap
        return y - gap - area.top() + margins.top() + margins.bottom()


def least(item: QLayoutItem) -> int:
    """The least width `item` can be given."""
    widget = item.widget()
    if widget is not None and widget.minimumWidth() > 0:
        return widget.minimumWidth()
    policy = widget.sizePolicy().horizontalPolicy() if widget is not None else None
    if policy == QSizePolicy.Policy.Fixed:
        return item.sizeHint().width()
    return item.minimumSize().width()


def item_height(item: QLayoutItem, width: int) -> int:
    if item.hasHeightForWidth():
        return item.heightForWidth(width)
    return item.sizeHint().height()


def pair(first: QWidget, second: QWidget, *, stretch: bool = True) -> QWidget:
    """Two widgets side by side that wrap as one (a label and its field); `stretch`: the
    second takes the room the pair is given."""
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(first)
    row.addWidget(second, 1 if stretch else 0)
    if isinstance(first, QLabel) and first.buddy() is None:
        first.setBuddy(second)
    return holder
