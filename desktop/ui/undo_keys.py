"""Ctrl+Z always reaches the campaign (Ctrl+K the campaign search), and focus goes only
where the GM sends it.

A text field takes Ctrl+Z (and Ctrl+Shift+Z, Ctrl+Y) for its own typing, even when it
has none: a GM whose focus was left in a box then finds undo doing nothing. This filter
lets the field keep the keys only while it holds typing of its own (typed since it got
focus and not yet committed with Enter); otherwise they undo and redo the campaign.

It also stops focus from landing in a field the GM did not choose: when a button that
had focus is disabled or hidden (Apply the outcome, a committed efficiency), Qt moves
focus on as if Tab had been pressed, often into a number box that then swallows the
next key. Such a move, with no Tab pressed, leaves no field focused. So does the
focus Qt gives a window coming back (a dialog closed, the GM back from another program)
that had no focused widget: Qt picks the first field in the Tab order (the roster's
filter), which would then take the table's keys as typing.

It remembers, too, whether the focused widget was given the focus for the keyboard (by
Tab, or by the app), not by a click: such a button keeps Space (`table_keys`).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

TEXT_FIELDS = (QLineEdit, QTextEdit, QPlainTextEdit, QAbstractSpinBox)
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
# Key sequences are made once Qt is up (a standard key asks the platform for its keys).
UNDO_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
REDO_KEYS = ("Ctrl+Shift+Z", "Ctrl+Y")
# The window's keys that a text field would take for its own: on X11 a line edit takes
# Ctrl+K to delete to the end of the line, and the campaign search would never open
# from a field. They always reach the window.
WINDOW_KEYS = ("Ctrl+K",)


def text_field(widget: QObject | None) -> QWidget | None:
    """The text field `widget` is, or belongs to (a spin box's or combo box's line)."""
    if isinstance(widget, QComboBox) and widget.isEditable():
        return widget.lineEdit()  # Qt focuses the combo box; its line holds the typing
    while isinstance(widget, QWidget):
        if isinstance(widget, TEXT_FIELDS):
            parent = widget.parentWidget()
            if isinstance(widget, QLineEdit) and isinstance(parent, QAbstractSpinBox | QComboBox):
                return parent if isinstance(parent, QAbstractSpinBox) else widget
            return widget
        if not isinstance(widget.parentWidget(), TEXT_FIELDS):
            return None
        widget = widget.parentWidget()  # a text edit's viewport
    return None


def is_window_key(event: QKeyEvent) -> bool:
    pressed = QKeySequence(event.keyCombination())
    return any(
        QKeySequence(keys).matches(pressed) == QKeySequence.SequenceMatch.ExactMatch
        for keys in WINDOW_KEYS
    )


def is_undo_key(event: QKeyEvent) -> bool:
    pressed = QKeySequence(event.keyCombination())
    wanted = [*(QKeySequence(key) for key in UNDO_KEYS), *map(QKeySequence, REDO_KEYS)]
    return any(keys.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch for keys in wanted)


class UndoKeyFilter(QObject):
    """Watches the focused widget only, moved along by the application's focus signal.

    An event filter on the application would see every event of every widget (each
    paint, layout and timer), each a call into Python: a fifth of the work of opening
    the window. The keys that matter go to the focused widget, and focus moves are
    announced, so the filter sits on that one widget.
    """

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._tab_pressed = False  # the focused widget's last key was Tab or Backtab
        self._typed_in: QWidget | None = None  # the field holding typing of its own
        self._watched: QWidget | None = None
        self._chosen: QWidget | None = None  # the focused widget, if given by Tab or the app
        self._unfocused_window: QWidget | None = None  # coming back with no focus

    def window_activating(self, window: QWidget) -> None:
        """`window` is being activated (before Qt gives it a focus): a field Qt picks for
        it because it had none is not the GM's choice."""
        kept = window.focusWidget()
        if kept is None or not kept.isVisible():
            self._unfocused_window = window

    def window_activated(self) -> None:
        """The activation is over: later focus moves are the GM's or the app's."""
        self._unfocused_window = None

    def chosen_for_keys(self, widget: QWidget) -> bool:
        """Whether `widget` has the focus for the keyboard: reached with Tab, or given by
        the app (End game's first box to tick), not by a click nor moved on by Qt."""
        return widget is self._chosen

    def watch(self, app: QApplication) -> None:
        """Follow `app`'s focus from now on."""
        app.focusChanged.connect(self._on_focus_changed)
        self._watch(app.focusWidget())

    def has_own_typing(self, field: QWidget | None) -> bool:
        return field is not None and field is self._typed_in

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            field = text_field(QApplication.focusWidget())
            if field is not None and is_window_key(event):
                event.ignore()  # the window's: its action takes it
                return True
            if (
                field is not None
                and is_undo_key(event)
                and not (self.has_own_typing(field) and _field_can(field, event))
            ):
                event.ignore()  # not the field's: the window's Undo or Redo takes it
                return True
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if watched is QApplication.focusWidget():
                self._on_key(event)
        elif kind == QEvent.Type.MouseButtonPress:
            self._tab_pressed = False
        return False

    def _watch(self, widget: QWidget | None) -> None:
        if self._watched is not None and shiboken6.isValid(self._watched):
            self._watched.removeEventFilter(self)
        self._watched = widget
        if widget is not None:
            widget.installEventFilter(self)

    def _on_key(self, event: QKeyEvent) -> None:
        key = event.key()
        self._tab_pressed = key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
        field = text_field(QApplication.focusWidget())
        if field is None or is_undo_key(event):
            return
        multiline = isinstance(field, QTextEdit | QPlainTextEdit)
        if key in ENTER_KEYS and not multiline:
            self._typed_in = None  # committed: its value is now the campaign's
        elif (event.text().isprintable() and event.text()) or key in (
            Qt.Key.Key_Backspace,
            Qt.Key.Key_Delete,
        ):
            self._typed_in = field

    def _on_focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        self._watch(new)
        field = text_field(new)
        if field is not self._typed_in:
            self._typed_in = None
            if isinstance(field, QTextEdit | QPlainTextEdit):
                # A notes box saved as typed: its earlier visits' typing is the
                # campaign's undo steps now, so the box's own undo starts afresh here.
                field.document().clearUndoRedoStacks()
        tabbed, self._tab_pressed = self._tab_pressed, False
        picked_for, self._unfocused_window = self._unfocused_window, None
        picked = new is not None and picked_for is not None and new.window() is picked_for
        moved_on = new is not None and _moved_on_by_qt(old, new)
        clicked = QApplication.mouseButtons() != Qt.MouseButton.NoButton
        # Tab, or the app's own choice (the first box to tick): not a click, nor Qt's.
        self._chosen = new if tabbed or not (picked or moved_on or clicked) else None
        if field is not None and new is not None and not tabbed and (picked or moved_on):
            new.clearFocus()  # Qt's pick, for a window without a focus or from a hidden one


def _field_can(field: QWidget, event: QKeyEvent) -> bool:
    """Whether `field` can undo (or redo, for a redo key) typing of its own: once it has
    undone all it can, Ctrl+Z goes on to the campaign rather than doing nothing."""
    pressed = QKeySequence(event.keyCombination())
    undo = QKeySequence(QKeySequence.StandardKey.Undo).matches(pressed)
    undoing = undo == QKeySequence.SequenceMatch.ExactMatch
    if isinstance(field, QTextEdit | QPlainTextEdit):
        document = field.document()
        return document.isUndoAvailable() if undoing else document.isRedoAvailable()
    if isinstance(field, QLineEdit):
        return field.isUndoAvailable() if undoing else field.isRedoAvailable()
    return True


def _moved_on_by_qt(old: QWidget | None, new: QWidget) -> bool:
    """Whether Qt moved the focus on to `new`, as for a Tab, from a widget hidden or
    disabled (not the GM's doing)."""
    if old is None or not shiboken6.isValid(old):
        return False  # the first focus of a window, or one given after it was cleared
    if old.isVisible() and old.isEnabled():
        return False  # moved on by a click, a key or the app, from a widget still there
    # A closing dialog or popup gives its window the focus back: that is no move on.
    return old.window() is new.window()
