"""The palette's box: a line to type in over a list of what it finds, floating at the
top of the main window. What the list holds and what choosing a row does is its
`Mode`'s: the commands (`commands.CommandMode`) are the palette's own; another finder
(a search of the campaign) plugs in as a mode of its own and opens with `open_mode`.
Typing ">" first in any other mode switches to the commands, the rest kept typed.

Keyboard only: arrows move, Enter runs, Esc closes, and the focus goes back where it
was. A row that is off is listed greyed with why, and Enter or a click does nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QHeaderView,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.plain_text import PlainLabel
from desktop.ui.window_language import tr

# The first character that switches another mode to the commands.
COMMANDS_PREFIX = ">"
# The box's width at most, and the rows the list shows before it scrolls.
MAX_WIDTH = 720
VISIBLE_ROWS = 12
# Keys the list moves by while the typing line keeps the focus.
MOVE_KEYS = frozenset({Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown})
RUN_KEYS = frozenset({Qt.Key.Key_Return, Qt.Key.Key_Enter})
TITLE, PLACE, SHORTCUT = range(3)


@dataclass(frozen=True)
class Row:
    """One row of the list: what it is called, where it lives, its shortcut, whether
    it can run now and why not, and the key its mode knows it by."""

    title: str
    place: str
    shortcut: str
    enabled: bool
    reason: str
    key: str


class Mode(Protocol):
    """What the box shows and does in one mode (the commands, a search).

    `title` names the box to a screen reader, `hint` what the empty typing line shows
    and `list_name` the list's name: English, marked with `N_`, translated as the box
    opens in the mode (a mode's words are class attributes, made before the language).
    `start` is called each time the box opens in the mode, with what to call when its
    rows change without a keystroke (an answer come later); `rows` at each keystroke,
    `run` with the row chosen (True when it ran)."""

    title: str
    hint: str
    list_name: str

    def start(self, changed: Callable[[], None]) -> None: ...

    def rows(self, text: str) -> list[Row]: ...

    def run(self, row: Row) -> bool: ...


def spoken_row(row: Row) -> str:
    """A row as a screen reader says it: its name, place, shortcut, and whether it is off
    (and why)."""
    spoken = f"{row.title}, {row.place}"
    if row.shortcut:
        spoken += f", {row.shortcut}"
    if row.enabled:
        return spoken
    if row.reason:
        return tr("{row}, unavailable: {reason}").format(row=spoken, reason=row.reason)
    return tr("{row}, unavailable").format(row=spoken)


class PalettePopup(QFrame):
    """The box, over `window`, in `commands` mode or another one given to `open_mode`."""

    def __init__(self, window: QWidget, commands: Mode) -> None:
        super().__init__(window)
        self.setObjectName("palette")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.commands = commands
        self.mode: Mode = commands
        self.shown_rows: list[Row] = []
        self._return_to: QWidget | None = None
        self.box = QLineEdit()
        self.box.setObjectName("paletteBox")
        self.box.setClearButtonEnabled(True)
        self.box.setMaxLength(500)
        self.list = QTreeWidget()
        self.list.setObjectName("paletteList")
        self.list.setColumnCount(3)
        self.list.setHeaderHidden(True)
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # The typing line keeps the focus, a click on a row too: in the list, a letter
        # would reach the table's one-key shortcuts (N, R, A, F) instead of the line.
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # Room between the columns and around each row: read at a glance. No colour: the
        # list keeps the theme's (a colour belongs in theme.py).
        self.list.setStyleSheet("QTreeView::item { padding: 3px 10px 3px 4px; }")
        header = self.list.header()
        header.setSectionResizeMode(TITLE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(PLACE, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(SHORTCUT, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        # The chosen row's state in words: why it is off, or that nothing matches.
        self.note = PlainLabel()
        self.note.setObjectName("paletteNote")
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.box)
        layout.addWidget(self.list)
        layout.addWidget(self.note)
        self.box.textChanged.connect(self._on_text)
        self.box.installEventFilter(self)
        window.installEventFilter(self)  # its resizing moves the box with it
        self.list.currentItemChanged.connect(lambda *_: self._show_note())
        self.list.itemClicked.connect(lambda item, _column: self.run_row(self._row_of(item)))
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._on_focus_changed)
        self.hide()

    # -- opening and closing --------------------------------------------------------------

    def open_palette(self, text: str = "") -> None:
        """Open the box on the commands, `text` typed."""
        self.open_mode(self.commands, text)

    def open_mode(self, mode: Mode, text: str = "") -> None:
        """Open the box in `mode` (or switch it there if open), `text` typed."""
        focused = QApplication.focusWidget()
        if not self.isVisible() and (focused is None or not self.isAncestorOf(focused)):
            self._return_to = focused
        self.mode = mode
        title = tr(mode.title)
        self.setAccessibleName(title)
        self.box.setAccessibleName(tr("{title}: type to find").format(title=title))
        self.box.setPlaceholderText(tr(mode.hint))
        self.list.setAccessibleName(tr(mode.list_name))
        mode.start(lambda: self._rows_changed(mode))
        self.box.blockSignals(True)
        self.box.setText(text)
        self.box.blockSignals(False)
        self.fill(text)
        self._place()
        self.show()
        self.raise_()
        self.box.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def close_popup(self, *, give_back_focus: bool = True) -> None:
        """Close the box; the focus goes back to where it was when the box opened."""
        if not self.isVisible():
            return
        self.hide()
        back, self._return_to = self._return_to, None
        if give_back_focus and back is not None and back.isVisible():
            back.setFocus(Qt.FocusReason.PopupFocusReason)

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        """A click elsewhere (a dock, the menu) closes the box, leaving the focus there."""
        if not self.isVisible() or new is None:
            return
        if new is not self and not self.isAncestorOf(new):
            self.close_popup(give_back_focus=False)

    def _place(self) -> None:
        """At the top of the window's middle, below its menus and toolbars."""
        window = self.parentWidget()
        assert window is not None
        width = min(MAX_WIDTH, window.width() - 32)
        self.resize(width, self.sizeHint().height())
        # Below the menu bar and toolbars, over the docks' titles.
        top = 56 if window.height() > 400 else 0
        self.move((window.width() - width) // 2, top)

    def _fit(self) -> None:
        """The list as tall as its rows, up to `VISIBLE_ROWS` (then it scrolls)."""
        row = self.list.sizeHintForRow(0)
        if row <= 0:
            row = self.list.fontMetrics().height() + 8
        shown = min(max(self.list.topLevelItemCount(), 1), VISIBLE_ROWS)
        self.list.setFixedHeight(shown * row + 2 * self.list.frameWidth())
        if self.isVisible():
            self.resize(self.width(), self.sizeHint().height())

    # -- the rows ---------------------------------------------------------------------------

    def _on_text(self, text: str) -> None:
        if self.mode is not self.commands and text.startswith(COMMANDS_PREFIX):
            self.open_mode(self.commands, text[len(COMMANDS_PREFIX) :])
            return
        self.fill(text)

    def fill(self, text: str) -> None:
        """The list of what the mode finds for `text`, its first row chosen."""
        self.shown_rows = self.mode.rows(text)
        self.list.clear()
        off = self.palette().brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        for row in self.shown_rows:
            where = (
                row.place
                if row.enabled or not row.reason
                else tr("{place}: {reason}").format(place=row.place, reason=row.reason)
            )
            item = QTreeWidgetItem([row.title, where, row.shortcut])
            item.setTextAlignment(SHORTCUT, Qt.AlignmentFlag.AlignRight)
            spoken = spoken_row(row)
            if not row.enabled:
                for column in (TITLE, PLACE, SHORTCUT):
                    item.setForeground(column, off)
            item.setData(TITLE, Qt.ItemDataRole.AccessibleTextRole, spoken)
            item.setToolTip(TITLE, row.reason if not row.enabled else "")
            self.list.addTopLevelItem(item)
        first = self.list.topLevelItem(0)
        if first is not None:
            self.list.setCurrentItem(first)
        self._show_note()
        self._fit()

    def _rows_changed(self, mode: Mode) -> None:
        """`mode`'s rows changed: the list again for what is typed, the same row kept."""
        if not self.isVisible() or self.mode is not mode:
            return
        current = self.current_row()
        self.fill(self.box.text())
        keys = [row.key for row in self.shown_rows]
        if current is not None and current.key in keys:
            item = self.list.topLevelItem(keys.index(current.key))
            if item is not None:
                self.list.setCurrentItem(item)

    def current_row(self) -> Row | None:
        item = self.list.currentItem()
        return self._row_of(item) if item is not None else None

    def _row_of(self, item: QTreeWidgetItem) -> Row | None:
        index = self.list.indexOfTopLevelItem(item)
        return self.shown_rows[index] if 0 <= index < len(self.shown_rows) else None

    def _show_note(self) -> None:
        row = self.current_row()
        if not self.shown_rows:
            text = tr("Nothing matches what is typed.")
        elif row is not None and not row.enabled:
            # A reason is a sentence of its own or not ("…to be full." / "No game is running").
            why = row.reason.rstrip(".")
            text = (
                tr("“{command}” is unavailable: {reason}.").format(command=row.title, reason=why)
                if why
                else tr("“{command}” is unavailable.").format(command=row.title)
            )
        else:
            text = ""
        self.note.setText(text)
        self.note.setVisible(bool(text))

    def run_row(self, row: Row | None) -> bool:
        """Run `row` (the box closed first, the focus given back): nothing when it is
        off, and the box stays open saying why."""
        if row is None or not row.enabled:
            self._show_note()
            return False
        self.close_popup()
        return self.mode.run(row)

    # -- keys -------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parentWidget():
            if event.type() == QEvent.Type.Resize and self.isVisible():
                self._place()
            return super().eventFilter(watched, event)
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return super().eventFilter(watched, event)
        key = Qt.Key(event.key())
        if key == Qt.Key.Key_Escape:
            self.close_popup()
            return True
        if key in RUN_KEYS:
            self.run_row(self.current_row())
            return True
        if key in MOVE_KEYS:
            QApplication.sendEvent(self.list, event)
            return True
        return super().eventFilter(watched, event)
