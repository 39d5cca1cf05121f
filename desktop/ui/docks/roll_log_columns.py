"""The Roll Log's columns in a narrow dock: in Play on a 1366-pixel screen the log shares
the Play dock's column (about 300 px), where its columns at their full widths showed the
time and Who only. There the campaign day, Who, Kind and Total come first and share the
width, the date after the day cut short at its end; the wall clock follows them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTableView

from desktop.ui.zoom import zoomed

# The widths with room to spare (a wide dock, or the log floated on its own). Columns are
# named by their English headers, their keys (the roll log shows them translated).
WIDE = {
    "Campaign day": 170,
    "Wall clock": 140,
    "Who": 130,
    "Kind": 60,
    "Dice": 150,
    "Faces": 110,
    "Total": 50,
    "In game": 160,
}
WHEN = "Campaign day"  # untranslated: a column's key
FIRST = (WHEN, "Who", "Kind", "Total")  # untranslated: a column's key
LEAST_WHEN = 80  # "Day 14 · Sa…"
# The lines measured to fit Who, Kind and Total: the newest, which the log shows first.
# Qt measures a thousand by default, a whole log when the dock is hidden behind a tab:
# with players rolling from their phones every second, that measure (after each roll)
# came to most of the GUI thread's time.
MEASURED_LINES = 50


class DayKept(QStyledItemDelegate):
    """The campaign day cut short at its end: "Day 15 · Su…". Cut in its middle, the
    walk read "Day 1… 2026" on day 15, its last digit gone with the date."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideRight


class NarrowColumns(QObject):
    """Keeps `table`'s first columns (named by `headers`, as the model's) in view."""

    def __init__(self, table: QTableView, headers: Sequence[str]) -> None:
        super().__init__(table)
        self._table = table
        self._fitting = False
        self._stale = False  # a fit was asked for while the table was hidden
        self._index = {name: column for column, name in enumerate(headers)}
        header = table.horizontalHeader()
        header.setResizeContentsPrecision(MEASURED_LINES)
        # Total beside Kind, before the dice and their faces, and the wall clock after
        # them: what a GM looks for first comes first.
        moves = (("Total", "Kind"), ("Wall clock", "Total"))  # untranslated: a column's key
        for name, after in moves:
            header.moveSection(
                header.visualIndex(self._index[name]), header.visualIndex(self._index[after]) + 1
            )
        table.setItemDelegateForColumn(self._index[WHEN], DayKept(table))
        table.viewport().installEventFilter(self)
        table.model().modelReset.connect(self.fit)
        table.model().rowsInserted.connect(self.fit)  # newest lines measured
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize or (event.type() == QEvent.Type.Show and self._stale):
            self.fit()
        return False

    def fit(self) -> None:
        # New widths can show or hide a scroll bar, which resizes the viewport again at
        # once: a fit inside the fit it came from recursed without end.
        if self._fitting:
            return
        # Hidden (the Statistics tab in front, the dock closed): fitted when next shown.
        # Each roll's fit measured the newest lines, 6-12 ms of the window, unseen.
        if not self._table.isVisible():
            self._stale = True
            return
        self._stale = False
        self._fitting = True
        try:
            self._fit()
        finally:
            self._fitting = False

    def _fit(self) -> None:
        table, header = self._table, self._table.horizontalHeader()
        wide = {name: zoomed(width) for name, width in WIDE.items()}  # View > Zoom's
        widths = dict(wide)
        room = table.viewport().width()
        if sum(wide[name] for name in FIRST) > room:
            for name in ("Who", "Kind", "Total"):  # untranslated: a column's key
                column = self._index[name]
                needed = max(table.sizeHintForColumn(column), header.sectionSizeHint(column))
                widths[name] = min(wide[name], needed)
            rest = room - widths["Who"] - widths["Kind"] - widths["Total"]
            widths[WHEN] = min(wide[WHEN], max(zoomed(LEAST_WHEN), rest))
        for name, width in widths.items():
            header.resizeSection(self._index[name], width)
