"""The campaign search box: one line to type in over the main window, the records found
listed under it as the GM types, grouped by kind, and Enter (or a click) to open one.

The box asks its `RowSource` for rows a short pause after each keystroke (`PAUSE_MS`),
on the GUI thread, as every read of the campaign file is (its connection is the
session's): measured by `make bench` on 10,000 characters, 10,000 cards and 100,000
ledger entries, a keystroke's `find` takes 3.5 ms (median), 11 ms (95th percentile),
30 ms at worst, so a thread would cost more than it spares; the pause makes a burst of
typing search once, for what was typed last.

Keyboard only: Up and Down (Page Up, Page Down, Home and End in the list) move between
records, skipping the headings; Enter opens the record; Esc closes the box and gives the
focus back to where it was. The box closes too when the focus leaves it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QSize, Qt, QTimer
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QKeyEvent,
    QPainter,
    QPalette,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.plain_text import PlainLabel
from desktop.ui.search.results import ResultRow, RowSource
from desktop.ui.window_language import tr

PAUSE_MS = 60  # after the last keystroke: the search is asked for once per burst
COMMANDS_PREFIX = ">"  # typed first: the command palette, with the rest of the text
MARKUP_ROLE = Qt.ItemDataRole.UserRole + 1
WIDTH_MAX = 640
ModelIndex = QModelIndex | QPersistentModelIndex


class RichRowDelegate(QStyledItemDelegate):
    """Paints a row's markup (`MARKUP_ROLE`) as rich text, in the view's palette."""

    def _document(self, option: QStyleOptionViewItem, index: ModelIndex) -> QTextDocument:
        document = QTextDocument()
        document.setDefaultFont(option.font)
        document.setDocumentMargin(3)
        document.setHtml(str(index.data(MARKUP_ROLE) or ""))
        document.setTextWidth(max(option.rect.width(), 1))
        return document

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: ModelIndex) -> None:
        self.initStyleOption(option, index)
        option.text = ""  # the markup is drawn below
        style = option.widget.style() if option.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        document = self._document(option, index)
        context = QAbstractTextDocumentLayout.PaintContext()
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        context.palette.setColor(QPalette.ColorRole.Text, option.palette.color(role))
        painter.save()
        painter.translate(option.rect.topLeft())
        document.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: ModelIndex) -> QSize:
        self.initStyleOption(option, index)
        view = option.widget
        if isinstance(view, QAbstractItemView):
            option.rect.setWidth(view.viewport().width())
        document = self._document(option, index)
        return QSize(int(document.idealWidth()), int(document.size().height()) + 2)


class SearchBox(QFrame):
    """The box over `window`: `popup()` shows it, typing searches `source`."""

    def __init__(
        self,
        source: RowSource,
        window: QWidget,
        to_commands: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(window)
        self.source = source
        # ">" typed first hands the box's text on to the command palette (issue 32: the
        # same box, typed with a leading ">").
        self.to_commands = to_commands
        self.setObjectName("campaignSearch")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setAccessibleName(tr("Find in campaign"))
        self._back_to: QWidget | None = None
        self.edit = QLineEdit()
        self.edit.setObjectName("campaignSearchText")
        self.edit.setAccessibleName(tr("Find in campaign"))
        self.edit.setPlaceholderText(tr("Find in the campaign: names, notes, cards, scenes…"))
        self.edit.setClearButtonEnabled(True)
        self.message = PlainLabel()
        self.message.setObjectName("campaignSearchMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        self.list = QListWidget()
        self.list.setObjectName("campaignSearchResults")
        self.list.setAccessibleName(tr("Records found"))
        self.list.setItemDelegate(RichRowDelegate(self.list))
        self.list.setUniformItemSizes(False)
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.hide()
        self.box_layout = QVBoxLayout(self)
        self.box_layout.setContentsMargins(6, 6, 6, 6)
        self.box_layout.addWidget(self.edit)
        self.box_layout.addWidget(self.message)
        self.box_layout.addWidget(self.list, 1)
        self.pause = QTimer(self)
        self.pause.setSingleShot(True)
        self.pause.setInterval(PAUSE_MS)
        self.pause.timeout.connect(self.search_now)
        self.edit.textChanged.connect(self._text_changed)
        self.edit.installEventFilter(self)
        self.list.installEventFilter(self)
        self.list.itemClicked.connect(self._clicked)
        window.installEventFilter(self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)
        self.hide()

    # -- showing -------------------------------------------------------------------------

    def popup(self) -> None:
        """Show the box over the top of the window, focused, the last text selected (so
        typing replaces it and the arrows still reach its results)."""
        focused = QApplication.focusWidget()
        if not self.isVisible():
            inside = focused is not None and self.isAncestorOf(focused)
            self._back_to = None if inside else focused
        self.place()
        self.show()
        self.raise_()
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.edit.selectAll()
        self.search_now()

    def place(self) -> None:
        """Centred near the top of the window, at most WIDTH_MAX wide and 70% as tall."""
        window = self.parentWidget()
        if window is None:
            return
        width = min(WIDTH_MAX, window.width() - 40)
        self.setFixedWidth(width)  # the rows' heights below are for this width
        self.box_layout.activate()
        height = self.sizeHint().height()
        if self.list.isVisible():
            rows = sum(self.list.sizeHintForRow(n) for n in range(self.list.count()))
            height += rows + 2 * self.list.frameWidth() - self.list.sizeHint().height()
        height = min(height, int(window.height() * 0.7))
        self.setGeometry((window.width() - width) // 2, 60, width, height)

    def close_box(self, *, give_focus_back: bool = True) -> None:
        """Hide the box; the focus goes back to the widget that had it before."""
        if not self.isVisible():
            return
        self.pause.stop()
        back_to, self._back_to = self._back_to, None
        self.hide()
        if give_focus_back and back_to is not None:
            back_to.setFocus(Qt.FocusReason.OtherFocusReason)

    def _focus_moved(self, _old: QWidget | None, new: QWidget | None) -> None:
        if self.isVisible() and new is not None and not self.isAncestorOf(new):
            self.close_box(give_focus_back=False)  # the GM went elsewhere: stay there

    # -- searching -----------------------------------------------------------------------

    def _text_changed(self, text: str) -> None:
        if self.to_commands is not None and text.startswith(COMMANDS_PREFIX):
            self.edit.blockSignals(True)
            self.edit.clear()  # the next Ctrl+K starts afresh
            self.edit.blockSignals(False)
            self.close_box()  # the focus goes back first: the palette returns it there
            self.to_commands(text.removeprefix(COMMANDS_PREFIX))
            return
        self.pause.start()

    def search_now(self) -> None:
        """Show the rows for the text as it is now."""
        self.pause.stop()
        results = self.source.rows(self.edit.text())
        self.list.clear()
        for row in results.rows:
            item = QListWidgetItem(row.words)
            item.setData(MARKUP_ROLE, row.markup)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, row.words)
            item.setData(Qt.ItemDataRole.UserRole, row)
            if row.is_heading:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)  # not selectable: a heading
            self.list.addItem(item)
        self.message.setText(results.message)
        self.message.setVisible(bool(results.message))
        self.list.setVisible(bool(results.rows))
        self._move(1, from_row=-1)
        self.place()

    def rows(self) -> list[ResultRow]:
        """The rows shown, headings too."""
        return [self.list.item(n).data(Qt.ItemDataRole.UserRole) for n in range(self.list.count())]

    def current_row(self) -> ResultRow | None:
        item = self.list.currentItem()
        if item is None or not item.isSelected():
            return None
        row = item.data(Qt.ItemDataRole.UserRole)
        return row if isinstance(row, ResultRow) else None

    def run_current(self) -> bool:
        """Open the record chosen (searching first if typing is still pausing); the box
        closes when one opens."""
        if self.pause.isActive():
            self.search_now()
        row = self.current_row()
        if row is None or row.is_heading:
            return False
        self.close_box(give_focus_back=False)  # the dock opened takes the GM there
        return self.source.run(row)

    def _clicked(self, item: QListWidgetItem) -> None:
        if item.flags() & Qt.ItemFlag.ItemIsSelectable:
            self.list.setCurrentItem(item)
            self.run_current()

    # -- keys ----------------------------------------------------------------------------

    def _move(self, step: int, *, from_row: int | None = None) -> None:
        """The current row `step` records on (skipping headings), kept within the list."""
        count = self.list.count()
        row = self.list.currentRow() if from_row is None else from_row
        target = row + step
        while 0 <= target < count and not self._selectable(target):
            target += 1 if step > 0 else -1
        if not 0 <= target < count:
            return
        self.list.setCurrentRow(target)
        self.list.scrollToItem(self.list.item(target))
        if target == self._first_selectable():
            self.list.scrollToTop()  # its heading too

    def _selectable(self, row: int) -> bool:
        return bool(self.list.item(row).flags() & Qt.ItemFlag.ItemIsSelectable)

    def _first_selectable(self) -> int:
        return next((n for n in range(self.list.count()) if self._selectable(n)), -1)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize:
            if self.isVisible():
                self.place()  # the window was resized under the box
            return False
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return super().eventFilter(watched, event)
        key = Qt.Key(event.key())
        page = max(1, self.list.height() // 40)
        steps = {
            Qt.Key.Key_Down: 1,
            Qt.Key.Key_Up: -1,
            Qt.Key.Key_PageDown: page,
            Qt.Key.Key_PageUp: -page,
        }
        if key == Qt.Key.Key_Escape:
            self.close_box()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.run_current()
            return True
        if key in steps:
            if self.pause.isActive():
                self.search_now()
            self._move_within(steps[key])
            return True
        return super().eventFilter(watched, event)

    def _move_within(self, step: int) -> None:
        """Move by `step`, stopping at the first or the last record instead of past it."""
        before = self.list.currentRow()
        self._move(step)
        if self.list.currentRow() == before and abs(step) > 1:
            self._move(1 if step > 0 else -1)
