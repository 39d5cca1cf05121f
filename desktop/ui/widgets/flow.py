"""Rows of widgets that give way to longer words (a translation) by growing taller rather
than making the dock, and with it the window, wider than a 1366-pixel screen.

`Flow` lays widgets out as a line of text is: as many as fit on a row, the rest on the
next one. `StackRow` keeps its parts side by side while they all fit, else puts them one
under another (a form beside its preview, a set of buttons that belong on one row).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QSpacerItem,
    QStyle,
    QWidget,
    QWidgetItem,
)

from desktop.ui.widgets.english_width import EnglishWidth

# The gap between two widgets (and two rows) where neither the layout nor the style
# gives one: a box layout's in this style.
DEFAULT_SPACING = 6


@dataclass(eq=False)
class _Entry:
    item: QLayoutItem
    stretch: int = 0  # over 0: it takes (a share of) its row's spare room
    whole: bool = False  # it shares a row only where it has the width it asks for
    end: bool = False  # it (and what follows it on its row) keeps to the row's right edge
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignVCenter
    english: EnglishWidth | None = None  # the widget's least width in English, if given

    @property
    def spacer(self) -> bool:
        return self.item.spacerItem() is not None

    def least(self) -> int:
        return least(self.item)

    def wanted(self) -> int:
        """The width it takes when the rows are made."""
        return hint(self.item) if self.whole else self.least()

    def english_width(self) -> int:
        return self.least() if self.english is None else self.english.width


class Flow(QLayout):
    """Widgets left to right, wrapping onto more rows when the row is too narrow for
    them. On a row each widget has the width it asks for where there is room, its least
    where there is not; the row's spare room goes to its widgets with a `stretch` (in
    proportion), else to its `addStretch` or before its first widget added with `end`.

    Its least width is its widest widget's, not the sum of them all; or, for a row given
    its widgets' English words, the width of the row side by side in English (a row whose
    words are longer wraps within that width). Its least height is one row's, or with
    `tall_minimum` its rows' at its least width (each widget on a row of its own)."""

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        spacing: int | None = None,
        tall_minimum: bool = False,
    ) -> None:
        super().__init__(parent)
        self._entries: list[_Entry] = []
        self._heights: dict[int, int] = {}  # heightForWidth's answers, by width
        self._tall_minimum = tall_minimum
        self.setContentsMargins(0, 0, 0, 0)
        if spacing is not None:
            self.setSpacing(spacing)

    # -- filling it -----------------------------------------------------------------------

    def add(
        self,
        widget: QWidget,
        stretch: int = 0,
        *,
        english: str | None = None,
        whole: bool = False,
        end: bool = False,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignVCenter,
    ) -> None:
        """`widget` at the row's end. `stretch` over 0: it takes its row's spare room.
        `english`: the words `widget` shows, in English (the row is then never narrower
        than its widgets side by side with their English words). `whole`: it shares a row
        only where it has the width it asks for. `end`: it keeps to the right edge of the
        row it lands on (as a stretch before it would put it), and every widget added
        after it too. `align`: where it sits in a row taller than it."""
        self.addChildWidget(widget)
        entry = _Entry(QWidgetItem(widget), stretch, whole, end, align)
        entry.end = end or any(e.end for e in self._entries)
        if english is not None:
            entry.english = EnglishWidth(widget, english)
        self._entries.append(entry)
        self.invalidate()

    def addStretch(self) -> None:
        """The spare room of the row this falls on goes here."""
        policy = QSizePolicy.Policy
        self.addItem(QSpacerItem(0, 0, policy.Expanding, policy.Minimum))

    # -- QLayout --------------------------------------------------------------------------

    def addItem(self, item: QLayoutItem) -> None:
        self._entries.append(_Entry(item, end=any(e.end for e in self._entries)))
        self.invalidate()

    def count(self) -> int:
        return len(self._entries)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._entries[index].item if 0 <= index < len(self._entries) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._entries):
            return None
        entry = self._entries.pop(index)
        self.invalidate()
        return entry.item

    def invalidate(self) -> None:
        self._heights.clear()
        super().invalidate()

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if width not in self._heights:
            margins = self.contentsMargins()
            inner = width - margins.left() - margins.right()
            height = self._place(QRect(0, 0, inner, 0), move=False)
            self._heights[width] = height + margins.top() + margins.bottom()
        return self._heights[width]

    def minimumSize(self) -> QSize:
        """As wide as the widest widget at its least (or as the row in English)."""
        shown = self._widgets()
        width = max((e.least() for e in shown), default=0)
        if any(e.english is not None for e in shown):
            english = sum(e.english_width() for e in shown) + self.gap() * (len(shown) - 1)
            width = max(width, english)
        margins = self.contentsMargins()
        width += margins.left() + margins.right()
        if self._tall_minimum:
            return QSize(width, self.heightForWidth(width) if shown else 0)
        height = max((e.item.sizeHint().height() for e in shown), default=0)
        return QSize(width, height + margins.top() + margins.bottom())

    def sizeHint(self) -> QSize:
        """Everything on one row, each at the width it asks for."""
        shown = self._widgets()
        width = sum(hint(e.item) for e in shown) + self.gap() * max(len(shown) - 1, 0)
        margins = self.contentsMargins()
        width += margins.left() + margins.right()
        return QSize(width, self.heightForWidth(width))

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect.marginsRemoved(self.contentsMargins()), move=True)

    # -- laying out -----------------------------------------------------------------------

    def gap(
        self, metric: QStyle.PixelMetric = QStyle.PixelMetric.PM_LayoutHorizontalSpacing
    ) -> int:
        """The room between two widgets (or, given the vertical metric, two rows)."""
        if self.spacing() >= 0:
            return self.spacing()
        parent = self.parentWidget()
        if parent is None:
            return DEFAULT_SPACING
        gap = parent.style().pixelMetric(metric, None, parent)
        return gap if gap >= 0 else DEFAULT_SPACING

    def _shown(self) -> list[_Entry]:
        return [e for e in self._entries if e.spacer or not e.item.isEmpty()]

    def _widgets(self) -> list[_Entry]:
        return [e for e in self._shown() if not e.spacer]

    def _rows(self, room: int) -> list[list[_Entry]]:
        """The shown entries in rows: a widget goes on the next row when it and the row
        so far, each at the width it takes, do not fit `room`."""
        gap = self.gap()
        rows: list[list[_Entry]] = [[]]
        used = 0
        for entry in self._shown():
            if entry.spacer:
                rows[-1].append(entry)
                continue
            width = min(entry.wanted(), room)
            started = any(not e.spacer for e in rows[-1])
            if started and used + gap + width > room:
                rows.append([])
                used, started = 0, False
            used += (gap if started else 0) + width
            rows[-1].append(entry)
        return [row for row in rows if any(not e.spacer for e in row)]

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the rows out in `rect` (or only measure them, `move` False); the height
        they take."""
        room = max(1, rect.width())
        gap, row_gap = self.gap(), self.gap(QStyle.PixelMetric.PM_LayoutVerticalSpacing)
        y = rect.y()
        rows = self._rows(room)
        for number, row in enumerate(rows):
            widths, spread_at, spare = self._widths(row, room, gap)
            widgets = [e for e in row if not e.spacer]
            heights = [item_height(e.item, w) for e, w in zip(widgets, widths, strict=True)]
            height = max(heights)
            if move:
                x, placed = rect.x(), 0
                for index, entry in enumerate(row):
                    if index == spread_at:
                        x += spare
                    if entry.spacer:
                        continue
                    width, own = widths[placed], heights[placed]
                    placed += 1
                    top = y + (height - own) // 2
                    if entry.align & Qt.AlignmentFlag.AlignBottom:
                        top = y + height - own
                    elif entry.align & Qt.AlignmentFlag.AlignTop:
                        top = y
                    entry.item.setGeometry(QRect(x, top, width, own))
                    x += width + gap
            y += height + (row_gap if number < len(rows) - 1 else 0)
        return y - rect.y()

    def _widths(self, row: list[_Entry], room: int, gap: int) -> tuple[list[int], int | None, int]:
        """The widths of `row`'s widgets in `room`; where in the row its spare room goes
        (an index in `row`, or None: after its last widget); and how much is spare."""
        widgets = [e for e in row if not e.spacer]
        widths = [min(e.wanted(), room) for e in widgets]
        spare = room - sum(widths) - gap * (len(widths) - 1)
        # Each grows towards the width it asks for, in turn, while there is room; the
        # stretching ones then share what is left.
        for index, entry in enumerate(widgets):
            if entry.stretch == 0:
                more = min(max(0, hint(entry.item) - widths[index]), max(spare, 0))
                widths[index] += more
                spare -= more
        takers = [i for i, e in enumerate(widgets) if e.stretch > 0]
        if takers and spare > 0:
            _share(widths, takers, [widgets[i].stretch for i in takers], spare)
            spare = 0
        widths = [
            min(w, e.item.maximumSize().width()) for e, w in zip(widgets, widths, strict=True)
        ]
        spread_at = next((i for i, e in enumerate(row) if e.spacer or e.end), None)
        return widths, spread_at, max(spare, 0)


def _share(widths: list[int], takers: list[int], weights: list[int], spare: int) -> None:
    """Give `spare` to the `takers` of `widths` so that they end in proportion to their
    `weights` where they can: one already wider than its part keeps its width."""
    weight = dict(zip(takers, weights, strict=True))
    room = spare + sum(widths[i] for i in takers)
    sharing = list(takers)
    while True:  # with room to spare, one taker at least is narrower than its part
        total = sum(weight[i] for i in sharing)
        rest = room - sum(widths[i] for i in takers if i not in sharing)
        wider = [i for i in sharing if widths[i] * total > rest * weight[i]]
        if not wider:
            break
        sharing = [i for i in sharing if i not in wider]
    for i in sharing:
        widths[i] = rest * weight[i] // total
    # The pixels left by rounding down, one each to the first (as QHBoxLayout gives them).
    for i in sharing[: rest - sum(widths[i] for i in sharing)]:
        widths[i] += 1


def least(item: QLayoutItem) -> int:
    """The least width `item` can be given."""
    widget = item.widget()
    if widget is not None and widget.minimumWidth() > 0:
        return widget.minimumWidth()
    policy = widget.sizePolicy().horizontalPolicy() if widget is not None else None
    if policy == QSizePolicy.Policy.Fixed:
        return item.sizeHint().width()
    return item.minimumSize().width()


def hint(item: QLayoutItem) -> int:
    """The width `item` asks for."""
    return max(item.sizeHint().width(), least(item))


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


# -- side by side, or stacked ---------------------------------------------------------------

STRETCH = None  # in a StackRow's parts: the room left over goes here while side by side
Item = QWidget | QLayout
# A part: a widget or a layout; with its stretch factor; and, for a widget, the width it
# would rather keep (its words on one line, say), more than its least: side by side, it
# is given as much of that as the row's room allows.
Part = Item | tuple[Item, int] | tuple[QWidget, int, Callable[[], int]] | None

WIDE = QBoxLayout.Direction.LeftToRight
STACKED = QBoxLayout.Direction.TopToBottom


class StackRow(QWidget):
    """`parts` side by side while the row is as wide as they need, else one under
    another. Its least width is that of its widest part: the row never asks for the sum.

    A part that is itself a StackRow counts with its side-by-side width, so an outer row
    stacks before its inner ones do. `stacked_alignment`: where a part sits in its line
    once stacked (a button keeps its own width, at the start, rather than fill the line).
    """

    def __init__(
        self,
        parts: Sequence[Part],
        parent: QWidget | None = None,
        *,
        stacked_alignment: Qt.AlignmentFlag | None = None,
    ) -> None:
        super().__init__(parent)
        self._stacked_alignment = stacked_alignment
        self._parts: list[Item] = []
        self._wide: dict[QWidget, Callable[[], int]] = {}
        self.row = QBoxLayout(WIDE, self)
        self.row.setContentsMargins(0, 0, 0, 0)
        for part in parts:
            if part is None:
                self.row.addStretch(1)
                continue
            item, stretch = (part[0], part[1]) if isinstance(part, tuple) else (part, 0)
            if isinstance(item, QWidget):
                self.row.addWidget(item, stretch)
                if isinstance(part, tuple) and len(part) == 3:
                    self._wide[item] = part[2]
            else:
                self.row.addLayout(item, stretch)
            self._parts.append(item)

    def is_stacked(self) -> bool:
        return self.row.direction() == STACKED

    def wide_width(self) -> int:
        """The least width of the parts side by side."""
        widths = [self._wide_width(part) for part in self._parts if _part_shown(part)]
        spacing = max(0, self.row.spacing()) * max(0, len(widths) - 1)
        return sum(widths) + spacing + self._margins()

    def minimumSizeHint(self) -> QSize:
        height = super().minimumSizeHint().height()
        if self.row.hasHeightForWidth() and self.width() > 0:
            # Wrapped words are taller the narrower the row: as tall as they are at its
            # width (a scroll area, a tab, asks only for a least size).
            height = max(height, self.row.totalHeightForWidth(self.width()))
        parts = [self._least_width(part) for part in self._parts if _part_shown(part)]
        return QSize(max(parts, default=0) + self._margins(), height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self.reflow(event.size().width())
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width() and self.row.hasHeightForWidth():
            self.updateGeometry()  # its least height, at this width, has changed

    def reflow(self, width: int) -> None:
        """Side by side at `width` if the parts fit, else stacked."""
        spare = width - self.wide_width()
        direction = WIDE if spare >= 0 else STACKED
        for widget, wished in self._wide.items():
            at_least = widget.minimumSizeHint().width()
            given = min(max(0, wished() - at_least), max(0, spare))
            spare -= given
            widget.setMinimumWidth(at_least + given if direction == WIDE else 0)
        if direction == self.row.direction():
            return
        self.row.setDirection(direction)
        if self._stacked_alignment is not None:
            align = self._stacked_alignment if direction == STACKED else Qt.AlignmentFlag(0)
            for part in self._parts:
                self.row.setAlignment(part, align)
        # Stacked, the row is taller (side by side, shorter): its parent lays out again.
        self.updateGeometry()

    def _margins(self) -> int:
        margins = self.row.contentsMargins()
        return margins.left() + margins.right()

    def _wide_width(self, part: Item) -> int:
        if isinstance(part, StackRow):
            return part.wide_width()
        return self._least_width(part)

    def _least_width(self, part: Item) -> int:
        if isinstance(part, QWidget) and part in self._wide:
            # Its least width while side by side is ours to set (as much as it wishes
            # that the room allows): not counted here.
            return part.minimumSizeHint().width()
        # As a layout counts it: the widget's own least width, or its size policy's.
        item = QWidgetItem(part) if isinstance(part, QWidget) else part
        return item.minimumSize().width()


def _part_shown(part: Item) -> bool:
    return not (isinstance(part, QWidget) and part.isHidden())
