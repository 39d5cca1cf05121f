"""The width a label or a button would have with its English words.

The window at 1366 x 768 is laid out for the English words, and stays so in every
language: a row given its widgets' English words (`flow.Flow.add(english=…)`, the Dice
Table's buttons, the challenge rolls' form) is never narrower than it is in English, and
a longer language's words wrap within that width rather than widen the dock.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget


class EnglishWidth(QObject):
    """The least width `widget` (a label or a button) would have showing `english`, its
    words in English, rather than the window language's: measured on the widget itself,
    when made and again when its font changes (View > Zoom). A least width set on the
    widget (`zoom_size`) counts too."""

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
            self.width = max(widget.minimumSizeHint().width(), widget.minimumWidth())
            return
        shown = widget.text()
        # Emptied first: the widget forgets the size it measured with its old font (it
        # would only at its own handling of the font change, after this filter's).
        widget.setText("")
        widget.setText(self._english)
        self.width = max(widget.minimumSizeHint().width(), widget.minimumWidth())
        widget.setText(shown)
