"""A row of buttons that wraps onto more rows when the dock is narrower than its words.

The Dice Table's buttons sit on one row in English; French and German words are longer,
and a row that kept them all on one line widened the dock (and the window) past a
1366-pixel screen. `FlowRow` lays them out as a line of text is: as many as fit on a
row, the rest on the next one. The widgets added with `end=True` (the Roll button) keep
to the right edge of the row they land on, as a stretch before them would put them.
Made with `fill=True`, each row's widgets share its whole width, as in a box layout.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget, QWidgetItem

# The gap between two buttons (and two rows) when the layout is given none: the one a
# box layout has in this style.
DEFAULT_SPACING = 6


class FlowRow(QLayout):
    def __init__(self, parent: QWidget | None = None, *, fill: bool = False) -> None:
        super().__init__(parent)
        self.setContentsMargins(0, 0, 0, 0)
        self._fill = fill
        self._items: list[QLayoutItem] = []
        self._at_end: list[bool] = []  # for each item: kept to the right edge

    # -- filling ----------------------------------------------------------------------------

    def add_widget(self, widget: QWidget, *, end: bool = False) -> None:
        """Add `widget` after the others; `end`: to the right edge of its row (every
        widget added after one at the end goes there too)."""
        self.addChildWidget(widget)
        self._items.append(QWidgetItem(widget))
        self._at_end.append(end or any(self._at_end))
        self.invalidate()

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self._at_end.append(any(self._at_end))
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        del self._at_end[index]
        item = self._items.pop(index)
        self.invalidate()
        return item

    # -- sizes ------------------------------------------------------------------------------

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._lay_out(QRect(0, 0, width, 0), move=False)

    def sizeHint(self) -> QSize:
        """Every widget on one row."""
        shown = self._shown()
        width = sum(item.sizeHint().width() for item, _ in shown)
        width += self.gap() * max(0, len(shown) - 1)
        height = max((item.sizeHint().height() for item, _ in shown), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def minimumSize(self) -> QSize:
        """The widest widget: each on a row of its own, none cut short."""
        shown = self._shown()
        width = max((item.sizeHint().width() for item, _ in shown), default=0)
        height = max((item.sizeHint().height() for item, _ in shown), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._lay_out(rect, move=True)

    # -- laying out -------------------------------------------------------------------------

    def gap(self) -> int:
        """The room between two widgets, and between two rows."""
        spacing = self.spacing()
        return spacing if spacing >= 0 else DEFAULT_SPACING

    def _shown(self) -> list[tuple[QLayoutItem, bool]]:
        return [
            (item, end)
            for item, end in zip(self._items, self._at_end, strict=True)
            if not item.isEmpty()
        ]

    def _lay_out(self, rect: QRect, *, move: bool) -> int:
        """Place the widgets in rows within `rect` (only measured unless `move`); the
        height the rows take."""
        inner = rect.marginsRemoved(self.contentsMargins())
        gap = self.gap()
        rows: list[list[tuple[QLayoutItem, bool]]] = [[]]
        used = 0
        for item, end in self._shown():
            width = item.sizeHint().width()
            if rows[-1] and used + gap + width > inner.width():
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + width
            rows[-1].append((item, end))
        top = inner.top()
        for row in rows:
            height = max((item.sizeHint().height() for item, _ in row), default=0)
            if move:
                self._place_row(row, inner, top, height, gap)
            top += height + gap
        bottom = top - gap if any(rows) else top
        return bottom - inner.top() + self.contentsMargins().top() + self.contentsMargins().bottom()

    def _place_row(
        self, row: list[tuple[QLayoutItem, bool]], inner: QRect, top: int, height: int, gap: int
    ) -> None:
        ends = [item for item, end in row if end]
        starts = [item for item, end in row if not end]
        x = inner.left()
        widths = [item.sizeHint().width() for item in starts]
        if self._fill and not ends:
            widths = _shared(widths, inner.width() - gap * (len(widths) - 1))
        for item, width in zip(starts, widths, strict=True):
            size = QSize(width, item.sizeHint().height())
            item.setGeometry(QRect(QPoint(x, top + (height - size.height()) // 2), size))
            x += size.width() + gap
        x = inner.right() + 1
        for item in reversed(ends):
            size = item.sizeHint()
            x -= size.width()
            item.setGeometry(QRect(QPoint(x, top + (height - size.height()) // 2), size))
            x -= gap


def _shared(wanted: list[int], room: int) -> list[int]:
    """Widths for widgets wanting `wanted` in `room`: the narrower ones grown to one
    width (as a box layout grows its widgets), none below what it wants."""
    if not wanted or room <= sum(wanted):
        return wanted
    # The common width the narrower widgets grow to: the widest ones keep theirs.
    kept = sorted(wanted, reverse=True)
    level = room / len(kept)
    for count, width in enumerate(kept):
        level = (room - sum(kept[:count])) / (len(kept) - count)
        if width <= level:
            break
    shared = [max(width, int(level)) for width in wanted]
    spare = room - sum(shared)
    for index, width in enumerate(wanted):  # the odd pixels, to the first grown ones
        if spare > 0 and width < level:
            shared[index] += 1
            spare -= 1
    return shared
