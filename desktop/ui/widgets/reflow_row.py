"""A row that stacks when it is short of room: its parts side by side while they fit,
one under another when they do not, so that longer words (a translation) make the row
taller rather than the dock, and with it the window, wider than the screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QLayout, QWidget, QWidgetItem

STRETCH = None  # in a row's parts: the room left over goes here while side by side
Item = QWidget | QLayout
# A part: a widget or a layout; with its stretch factor; and, for a widget, the width it
# would rather keep (its words on one line, say), more than its least: side by side, it
# is given as much of that as the row's room allows.
Part = Item | tuple[Item, int] | tuple[QWidget, int, Callable[[], int]] | None

WIDE = QBoxLayout.Direction.LeftToRight
STACKED = QBoxLayout.Direction.TopToBottom


class ReflowRow(QWidget):
    """`parts` side by side while the row is as wide as they need, else one under
    another. Its least width is that of its widest part: the row never asks for the sum.

    A part that is itself a ReflowRow counts with its side-by-side width, so an outer row
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
        widths = [self._wide_width(part) for part in self._parts if _shown(part)]
        spacing = max(0, self.row.spacing()) * max(0, len(widths) - 1)
        return sum(widths) + spacing + self._margins()

    def minimumSizeHint(self) -> QSize:
        height = super().minimumSizeHint().height()
        if self.row.hasHeightForWidth() and self.width() > 0:
            # Wrapped words are taller the narrower the row: as tall as they are at its
            # width (a scroll area, a tab, asks only for a least size).
            height = max(height, self.row.totalHeightForWidth(self.width()))
        widest = max((self._least_width(part) for part in self._parts if _shown(part)), default=0)
        return QSize(widest + self._margins(), height)

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
            least = widget.minimumSizeHint().width()
            given = min(max(0, wished() - least), max(0, spare))
            spare -= given
            widget.setMinimumWidth(least + given if direction == WIDE else 0)
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
        if isinstance(part, ReflowRow):
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


def _shown(part: Item) -> bool:
    return not (isinstance(part, QWidget) and part.isHidden())
