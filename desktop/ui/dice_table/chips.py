"""The chips beside the dice: trait chips for tray dice, and a new die to drop as an award."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QDrag, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QListView,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from desktop.store import TraitRecord
from desktop.ui.plain_text import PlainLabel
from desktop.ui.widgets.dice_scene import NEW_DIE_MIME, TRAIT_MIME, encode
from desktop.ui.window_language import tr


class TraitChips(QListWidget):
    """The character's traits: tick those that apply to this roll, drag one onto a tray die."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("traitChips")
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # A long trait (or a long language's "constrained") wraps onto a second line
        # rather than scroll sideways in the narrow column: the GM reads it whole.
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.character_id = 0

    def set_traits(self, character_id: int, traits: list[TraitRecord], applied: set[int]) -> None:
        self.blockSignals(True)
        self.clear()
        self.character_id = character_id
        for trait in traits:
            text = (
                tr("{name}  ({value}, broad)")
                if trait.broad
                else tr("{name}  ({value}, constrained)")
            )
            item = QListWidgetItem(text.format(name=trait.name, value=trait.value))
            item.setData(Qt.ItemDataRole.UserRole, trait.id)
            item.setFlags(
                item.flags() | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsDragEnabled
            )
            checked = Qt.CheckState.Checked if trait.id in applied else Qt.CheckState.Unchecked
            item.setCheckState(checked)
            item.setToolTip(
                tr("Tick if it applies to this roll; drag onto a tray die to step it up.")
            )
            self.addItem(item)
        self.blockSignals(False)

    def mimeTypes(self) -> list[str]:
        return [TRAIT_MIME]

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:
        trait = int(items[0].data(Qt.ItemDataRole.UserRole)) if items else 0
        return encode(TRAIT_MIME, {"character": self.character_id, "trait": trait})


class NewDieChip(PlainLabel):
    """The GM's award: drag a new die onto the table (or the pool), or press Enter on it."""

    award_requested = Signal(int)  # the size of the new die, for the shown character's table

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.die_size = 6
        self.setObjectName("newDieChip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip(
            tr("Drag onto the table, or press Enter on it, to award a new depleted die (GM).")
        )
        # Reached by Tab: Enter is the keyboard's drop on the table (`award_requested`).
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._update()

    def set_size(self, size: int) -> None:
        self.die_size = size
        self._update()

    def _update(self) -> None:
        self.setText(tr("New d{size}: drag me").format(size=self.die_size))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.award_requested.emit(self.die_size)
            return
        super().keyPressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            drag = QDrag(self)
            drag.setMimeData(encode(NEW_DIE_MIME, {"size": self.die_size}))
            drag.exec(Qt.DropAction.CopyAction)
