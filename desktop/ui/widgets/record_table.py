"""The base of GM Desk's small table models over plain records (no QStandardItemModel)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QTableView

from desktop.ui.window_language import tr

ModelIndex = QModelIndex | QPersistentModelIndex


class RecordTableModel(QAbstractTableModel):
    """Rows are `visible()` records, columns are `HEADERS`; subclasses say what a cell
    holds in `record_data()` (or override `data()` whole)."""

    HEADERS: tuple[str, ...] = ()

    def visible(self) -> Sequence[Any]:
        return getattr(self, "records", ())

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.visible())

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        return self.record_data(self.visible()[index.row()], index.column(), role)

    def record_data(self, record: Any, column: int, role: int) -> object:
        """What `column` of the row showing `record` holds in `role`; None for nothing."""
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            # In the window's language: each model marks its English HEADERS with N_.
            return tr(self.HEADERS[section])
        return None


def read_only_rows(table: QTableView, name: str) -> None:
    """Set `table` up as a list the GM reads and picks whole rows from: named `name`, no
    editing in place, no row numbers, rows shaded in turn, one line each."""
    table.setObjectName(name)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    # Tab leaves the list (the arrows move in it): Qt's tables walk every cell with Tab,
    # and a keyboard user would need hundreds of presses to get past a long log.
    table.setTabKeyNavigation(False)
