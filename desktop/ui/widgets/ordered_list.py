"""A list the GM puts in order by dragging its rows, or from the keyboard.

Ctrl+Up and Ctrl+Down (Alt too) move the picked row one place, through the model's
`moveRow`: the same `rowsMoved` a drop sends, so whatever follows the drag (the
seating written to the campaign, the order of tied acts) follows the keys as well.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QWidget

from desktop.language import N_

MOVE_UP_KEY = "Ctrl+Up"  # the picked row one place earlier (Alt+Up too)
MOVE_DOWN_KEY = "Ctrl+Down"
# Marked, shown as tr(MOVE_KEYS_TIP): the keys' names as a translation spells them.
MOVE_KEYS_TIP = N_("Ctrl+Up / Ctrl+Down move the picked one")
MOVERS = (Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier)


class OrderedList(QListWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        step = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}.get(Qt.Key(event.key()))
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        row = self.currentRow()
        if step is None or modifiers not in MOVERS or row < 0:
            super().keyPressEvent(event)
            return
        event.accept()
        self.move_row(row, step)

    def move_row(self, row: int, step: int) -> None:
        """Move `row` one place up (-1) or down (1), as a drop there would."""
        target = row + step
        if not 0 <= target < self.count():
            return  # first or last already
        key = self._key(row)
        # moveRow's destination is the row it goes before, counted before the move.
        self.model().moveRow(QModelIndex(), row, QModelIndex(), target if step < 0 else row + 2)
        # The rows may have been filled again (from the store): the pick follows the row.
        found = next((r for r in range(self.count()) if self._key(r) == key), target)
        self.setCurrentRow(found)

    def _key(self, row: int) -> object:
        """What a row is: its id when it holds one, else its text."""
        item = self.item(row)
        held = item.data(Qt.ItemDataRole.UserRole)
        return item.text() if held is None else held
