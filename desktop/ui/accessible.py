"""What a screen reader says: the names of the controls, and the results as they come.

A control Qt cannot name from its own text (an icon-only button, a field whose label is
not its buddy, a painted view) is named here with `named`; a painted widget whose state
matters keeps its description up to date with `describe` (Qt tells the screen reader
of the change itself). A result (a roll, End Day, a refusal) is read out as it happens
through the window's `Announcer`: one per window, found by walking up from the widget
that has something to say (a floating dock's parent is still the window).
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject, Signal

# QtGui's Qt: the namespace with `mightBeRichText` as well as the flags.
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, Qt, QTextDocumentFragment
from PySide6.QtWidgets import QToolBar, QToolButton, QWidget

from desktop.ui.window_language import tr

W = TypeVar("W", bound=QWidget)


def named(widget: W, name: str, description: str = "") -> W:
    """`widget` with the accessible `name` (and `description`) a screen reader reads."""
    widget.setAccessibleName(name)
    if description:
        widget.setAccessibleDescription(description)
    return widget


def describe(widget: QWidget, description: str) -> None:
    """Say `widget`'s state in its description; set only when it changed, since each set
    is an event the screen reader may read out."""
    if widget.accessibleDescription() != description:
        widget.setAccessibleDescription(description)


def name_overflow(toolbar: QToolBar, name: str | None = None) -> QToolBar:
    """Name the button Qt adds to `toolbar` for the actions that do not fit (Qt leaves
    it unnamed: an icon, read out as "button"); "More actions" unless `name` is given."""
    button = toolbar.findChild(QToolButton, "qt_toolbar_ext_button")
    if button is not None:
        named(button, tr("More actions") if name is None else name)
    return toolbar


def spoken(text: str) -> str:
    """`text` as a screen reader should read it: our own markup (bold, line breaks)
    taken away, the words kept."""
    if Qt.mightBeRichText(text):
        text = QTextDocumentFragment.fromHtml(text).toPlainText()
    return " ".join(text.split())


class Announcer(QObject):
    """Reads results out to a screen reader (`QAccessibleAnnouncementEvent`), politely
    (after what it is saying) or, for a refusal, at once. `announced` carries each text
    too, for a test or anything else that listens."""

    announced = Signal(str, bool)  # the text, and whether it was assertive

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("announcer")
        self._window = window

    def say(self, text: str, *, assertive: bool = False) -> None:
        words = spoken(text)
        if not words:
            return
        if QAccessible.isActive():  # no screen reader, nothing to build
            event = QAccessibleAnnouncementEvent(self._window, words)
            event.setPoliteness(
                QAccessible.AnnouncementPoliteness.Assertive
                if assertive
                else QAccessible.AnnouncementPoliteness.Polite
            )
            QAccessible.updateAccessibility(event)
        self.announced.emit(words, assertive)


def announcer_of(widget: QWidget | None) -> Announcer | None:
    """The announcer of the window `widget` is in, if any (a widget tested on its own has
    none: it then says nothing)."""
    while widget is not None:
        found = widget.findChild(Announcer, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if found is not None:
            return found
        widget = widget.parentWidget()
    return None


def announce(widget: QWidget | None, text: str, *, assertive: bool = False) -> None:
    """Read `text` out through the announcer of `widget`'s window."""
    found = announcer_of(widget)
    if found is not None:
        found.say(text, assertive=assertive)
