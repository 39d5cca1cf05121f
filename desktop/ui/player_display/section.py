"""What every part of the player display is: a titled panel that re-reads the store when
one of its topics changes, with type sized for reading across a room."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import QFrame, QLayout, QVBoxLayout, QWidget

from desktop.store import Campaign, Topic
from desktop.ui.plain_text import PlainLabel


def sized_font(base: QFont, pixels: float, *, bold: bool = False) -> QFont:
    font = QFont(base)
    font.setPixelSize(max(8, round(pixels)))
    font.setBold(bold)
    return font


def clear_layout(layout: QLayout) -> None:
    """Take every widget out of `layout` at once: detached now (so nothing it showed is
    left in the window's widget tree), deleted when the event loop next runs."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:  # count() said there was one; nothing else takes them meanwhile
            break
        widget = item.widget()
        inner = item.layout()
        if widget is not None:
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()
        elif inner is not None:
            clear_layout(inner)


class Section(QFrame):
    """A titled panel of the display. Subclasses name their `topics` and fill `body`."""

    topics: frozenset[Topic] = frozenset()
    stretch = 1  # its row's share of the window's height (0: only what it needs)

    def __init__(self, title: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.unit = 24.0  # the body text's pixel size; the window sets it from its height
        self.title = PlainLabel(title)
        self.title.setObjectName(f"{name}Title")
        self.title.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.body = QVBoxLayout()
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(self.body, 1)

    def set_unit(self, unit: float) -> None:
        """Size the type: `unit` pixels for the body, a little less for the title."""
        self.unit = unit
        self.title.setFont(sized_font(self.font(), unit * 0.8, bold=True))
        margin = round(unit * 0.6)
        layout = self.layout()
        assert layout is not None  # given in __init__
        layout.setContentsMargins(margin, round(unit * 0.4), margin, margin)
        layout.setSpacing(round(unit * 0.3))
        self.restyle()

    def restyle(self) -> None:
        """Apply `unit` to what the section shows (called after `set_unit`)."""

    # Each section shows what the store holds now (None: no campaign open).
    refresh: Callable[[Campaign | None], None]
