"""A row of widgets that wraps onto a second line when its dock is narrow.

A row of buttons as wide as its words was as wide as the longest language made it: in
French or German a dock's one row of buttons widened the window past a 1366-pixel screen.
`WrapRow` lays its widgets out as a `QHBoxLayout` does while they fit side by side (each
at its size hint while there is room, squeezed towards its minimum when not), and puts
the next widget on a line of its own once even their minimums no longer fit. Its least
width is its widest widget's, not the sum of them all; or, for a row given its widgets'
English words, the width of the row side by side in English: the window's layout at
1366 x 768 was made for the English words, and stays as it is in every language (a row
whose words are longer wraps within that width).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QMargins, QObject, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QLabel,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QSpacerItem,
    QStyle,
    QWidget,
)


@dataclass(eq=False)
class _Entry:
    item: QLayoutItem
    stretch: int = 0
    english: EnglishWidth | None = None  # the widget's least width in English, if given

    def english_width(self) -> int:
        return self.item.minimumSize().width() if self.english is None else self.english.width

    @property
    def spacer(self) -> bool:
        return self.item.spacerItem() is not None


class WrapRow(QLayout):
    """Widgets left to right, wrapped onto more lines when the row is too narrow for
    them; `addStretch` marks where a line's spare room goes (a spread row), a widget's
    `stretch` takes it instead."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entries: list[_Entry] = []
        self._heights: dict[int, int] = {}  # heightForWidth's answers, by width
        self.setContentsMargins(0, 0, 0, 0)

    # -- filling it -----------------------------------------------------------------------

    def add(self, widget: QWidget, stretch: int = 0, english: str | None = None) -> None:
        """`widget` at the row's end; a `stretch` over 0 takes its line's spare room.
        `english`: the words `widget` shows, in English (the row is then never narrower
        than its widgets side by side with their English words)."""
        self.addWidget(widget)
        self._entries[-1].stretch = stretch
        if english is not None:
            self._entries[-1].english = EnglishWidth(widget, english)

    def addStretch(self) -> None:
        """The spare room of the line this falls on goes here."""
        policy = QSizePolicy.Policy
        self.addItem(QSpacerItem(0, 0, policy.Expanding, policy.Minimum))

    # -- QLayout --------------------------------------------------------------------------

    def addItem(self, item: QLayoutItem) -> None:
        self._entries.append(_Entry(item))
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
        """As wide as the widest widget; as high as one line (`heightForWidth` says how
        high at a width)."""
        shown = [e for e in self._shown() if not e.spacer]
        least = max((e.item.minimumSize().width() for e in shown), default=0)
        if any(e.english is not None for e in shown):
            english = sum(e.english_width() for e in shown) + self._gap() * (len(shown) - 1)
            least = max(least, english)
        return self._grown(QSize(least, self._line_height(shown)))

    def sizeHint(self) -> QSize:
        """Everything on one line, each at its size hint."""
        shown = [e for e in self._shown() if not e.spacer]
        width = sum(_hint(e.item) for e in shown) + self._gap() * max(len(shown) - 1, 0)
        return self._grown(QSize(width, self._line_height(shown)))

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect.marginsRemoved(self.contentsMargins()), move=True)

    # -- laying out -----------------------------------------------------------------------

    def _shown(self) -> list[_Entry]:
        return [e for e in self._entries if e.spacer or not e.item.isEmpty()]

    def _grown(self, size: QSize) -> QSize:
        margins: QMargins = self.contentsMargins()
        return size.grownBy(margins)

    def _gap(
        self,
        metric: QStyle.PixelMetric = QStyle.PixelMetric.PM_LayoutHorizontalSpacing,
    ) -> int:
        if self.spacing() >= 0:
            return self.spacing()
        parent = self.parentWidget()
        if parent is None:
            return 6
        gap = parent.style().pixelMetric(metric, None, parent)
        return gap if gap >= 0 else 6

    def _line_height(self, line: list[_Entry]) -> int:
        return max((e.item.sizeHint().height() for e in line if not e.spacer), default=0)

    def _lines(self, width: int) -> list[list[_Entry]]:
        """The shown entries in lines: a widget goes on the next line when even the
        minimums of its line and it do not fit `width`."""
        gap = self._gap()
        lines: list[list[_Entry]] = [[]]
        used = 0
        for entry in self._shown():
            if entry.spacer:
                lines[-1].append(entry)
                continue
            least = entry.item.minimumSize().width()
            has_widget = any(not e.spacer for e in lines[-1])
            if has_widget and used + gap + least > width:
                lines.append([])
                used, has_widget = 0, False
            used += (gap if has_widget else 0) + least
            lines[-1].append(entry)
        return [line for line in lines if any(not e.spacer for e in line)]

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the lines out in `rect` (when `move`); the height they take."""
        gap, line_gap = self._gap(), self._gap(QStyle.PixelMetric.PM_LayoutVerticalSpacing)
        y = rect.y()
        lines = self._lines(rect.width())
        for number, line in enumerate(lines):
            height = self._line_height(line)
            if move:
                self._place_line(line, QRect(rect.x(), y, rect.width(), height), gap)
            y += height + (line_gap if number < len(lines) - 1 else 0)
        return y - rect.y()

    def _place_line(self, line: list[_Entry], rect: QRect, gap: int) -> None:
        widgets = [e for e in line if not e.spacer]
        room = rect.width() - gap * (len(widgets) - 1)
        least = [e.item.minimumSize().width() for e in widgets]
        hints = [_hint(e.item) for e in widgets]
        if room >= sum(hints):
            widths, spare = list(hints), room - sum(hints)
        else:  # squeezed from the hints towards the minimums, as QHBoxLayout does
            part = max(room - sum(least), 0) / max(sum(hints) - sum(least), 1)
            pairs = zip(least, hints, strict=True)
            widths = [low + int((high - low) * part) for low, high in pairs]
            spare = 0
        # The spare room: to the stretching widgets (sharing the line in proportion to
        # their stretch, as QHBoxLayout shares it), else at the stretch, else to the
        # widgets that grow (a line edit, a combo box), else after the last one.
        takers = [i for i, e in enumerate(widgets) if e.stretch > 0]
        spread_at = next((i for i, e in enumerate(line) if e.spacer), None)
        if takers and spare:
            _share(widths, takers, [widgets[i].stretch for i in takers], spare)
            spare = 0
        elif spread_at is None and spare:
            growing = [i for i, e in enumerate(widgets) if _grows(e.item)]
            if growing:
                _share(widths, growing, [1] * len(growing), spare)
                spare = 0
        x, placed = rect.x(), 0
        for index, entry in enumerate(line):
            if entry.spacer:
                x += spare if index == spread_at else 0
                continue
            width = widths[placed]
            placed += 1
            # The line's height, as a QHBoxLayout gives: a widget that may not grow
            # that high is centred in it by its layout item.
            entry.item.setGeometry(QRect(x, rect.y(), width, rect.height()))
            x += width + gap


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


def _hint(item: QLayoutItem) -> int:
    return max(item.sizeHint().width(), item.minimumSize().width())


def _grows(item: QLayoutItem) -> bool:
    widget = item.widget()
    if widget is None:
        return False
    policy = widget.sizePolicy().horizontalPolicy()
    return bool(policy.value & QSizePolicy.PolicyFlag.ExpandFlag.value)


class EnglishWidth(QObject):
    """The least width `widget` (a label or a button) would have showing `english`, its
    words in English, rather than the window language's: measured on the widget itself,
    when made and again when its font changes (View > Zoom)."""

    def __init__(self, widget: QWidget, english: str) -> None:
        super().__init__(widget)
        self.widget, self._english = widget, english
        self.width = 0
        self._measure()
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._measure()  # before the widget's own layout is asked again
        return False

    def _measure(self) -> None:
        widget = self.widget
        if not isinstance(widget, QAbstractButton | QLabel):
            self.width = widget.minimumSizeHint().width()
            return
        shown = widget.text()
        # Emptied first: the widget forgets the size it measured with its old font (it
        # would only at its own handling of the font change, after this filter's).
        widget.setText("")
        widget.setText(self._english)
        self.width = widget.minimumSizeHint().width()
        widget.setText(shown)
