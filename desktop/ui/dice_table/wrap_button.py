"""A push button whose words wrap onto a second line, as a label's do.

The Dice Table's right column has a fixed width: a button there saying a whole sentence
("Lose this one, rest to the pool") fits it in English, but the same sentence in French
or German is wider than the column, and Qt would cut it at the column's edge. Past its
`width`, `WrapButton` breaks its words onto more lines; its text stays one line for the
screen reader, the tests and the shortcuts.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QPushButton, QStyle, QStyleOptionButton, QStylePainter, QWidget

from desktop.ui.zoom import zoomed

# The widest line of a button's words in the Dice Table's right column (280 pixels, less
# its margins and a scroll bar's room), at 100% zoom.
BUTTON_WORDS = 196


class WrapButton(QPushButton):
    def __init__(self, text: str, width: int, parent: QWidget | None = None) -> None:
        """A button showing `text` in lines no wider than `width` pixels at 100% zoom."""
        super().__init__(text, parent)
        self._width = width

    def shown_text(self) -> str:
        """The text as drawn: its words broken into lines that fit the width."""
        words = self.text().split(" ")
        room = zoomed(self._width)
        metrics = self.fontMetrics()
        lines = [words[0]]
        for word in words[1:]:
            longer = f"{lines[-1]} {word}"
            if metrics.horizontalAdvance(longer) <= room:
                lines[-1] = longer
            else:
                lines.append(word)
        return "\n".join(lines)

    def _option(self) -> QStyleOptionButton:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = self.shown_text()
        return option

    def sizeHint(self) -> QSize:
        if not self.text():
            return super().sizeHint()
        option = self._option()
        text = self.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, option.text)
        return self.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, option, text, self)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        painter.drawControl(QStyle.ControlElement.CE_PushButton, self._option())
