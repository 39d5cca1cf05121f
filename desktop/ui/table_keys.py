"""The table's one-key actions, the main window's: they work wherever the focus is.

N, R, A and F (the Play dock's Next turn, End round, Award and end round, Select on Dice
Table), the quick roll's digits and Space (roll) are shortcuts of the window, not keys
read by one dock: a click on a roster name, a workspace switch, a closed dialog, a
hidden button or a Play dock still behind the Clocks tab no longer leaves them dead or
sends them elsewhere. Qt asks the focused widget first, and a text field takes the
printable keys: typing keeps its letters and digits. A button given the focus for the
keyboard (by Tab, or by the app, never by a click) keeps Space while no quick roll is
typed. A key that cannot act says why in the status bar; one that acted says what it
did there (and, for the Play dock's keys, in the dock).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QApplication, QPushButton, QWidget

from desktop.ui.window_language import tr

if TYPE_CHECKING:
    from desktop.ui.docks.dice_table import DiceTableWidget
    from desktop.ui.main_window import MainWindow
    from desktop.ui.play.play_panel import PlayWidget

# The keys, shown on the buttons they press (the Play dock's modules are imported when
# the dock is first built, not with the window).
NEXT_KEY = "N"
END_ROUND_KEY = "R"
AWARD_KEY = "A"
FOLLOW_KEY = "F"
HINT_MS = 8000
DIGITS = "0123456789"
CANCEL_KEY = "Esc"  # untranslated: a key sequence
SPACE_KEY = "Space"  # untranslated: a key sequence


def key_name(key: str) -> str:
    """`key` as the GM reads it: a digit or a letter as it is, Space and Esc in the
    window's language (Qt's own words for its keys, from its qtbase catalogue)."""
    return QCoreApplication.translate("QShortcut", key)


def clicks_keep_focus(root: QWidget) -> None:
    """Every button in `root` takes the focus from Tab only: a click leaves the keyboard
    where it was, so Space never presses the clicked button again."""
    for button in root.findChildren(QAbstractButton):
        button.setFocusPolicy(Qt.FocusPolicy.TabFocus)


def _next_turn(play: PlayWidget) -> QPushButton:
    return play.turn_order.next_button


def _end_round(play: PlayWidget) -> QPushButton:
    return play.turn_order.end_round_button


def _award(play: PlayWidget) -> QPushButton:
    return play.round_award.award_button


class TableKeys(QObject):
    """The window's table keys; `window` gives the docks, the session and the status bar."""

    def __init__(self, window: MainWindow, for_keys: Callable[[QWidget], bool]) -> None:
        super().__init__(window)
        self._window = window
        self._for_keys = for_keys  # whether a widget was given the focus for the keyboard
        self._followed: DiceTableWidget | None = None
        self._add(NEXT_KEY, lambda: self._play_step(NEXT_KEY, _next_turn))
        self._add(END_ROUND_KEY, lambda: self._play_step(END_ROUND_KEY, _end_round))
        self._add(AWARD_KEY, lambda: self._play_step(AWARD_KEY, _award))
        self._add(FOLLOW_KEY, self._follow)
        for digit in DIGITS:
            self._add(digit, self._digit_slot(digit))
        self._add(SPACE_KEY, self._space)
        # Only while a number is typed: Escape is otherwise the docks' (End game's Skip).
        self.cancel_action = self._add(CANCEL_KEY, self._cancel)
        self.cancel_action.setEnabled(False)

    def _add(self, key: str, slot: Callable[[], None]) -> QAction:
        action = QAction(self._window)
        action.setShortcut(QKeySequence(key))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(slot)
        self._window.addAction(action)
        return action

    def tell(self, message: str) -> None:
        self._window.statusBar().showMessage(message, HINT_MS)

    # -- the Play dock's keys -----------------------------------------------------------------

    def _content(self, key: str, name: str, closed: str) -> QWidget | None:
        """The content of the dock `name` (built now if it waits behind another tab);
        None, and a hint, without a campaign or with the dock closed (`closed`, a
        sentence naming the dock, its key as {key})."""
        if self._window.session is None:
            self.tell(
                tr("{key} acts on the open campaign: open one first.").format(key=key_name(key))
            )
            return None
        panel = next(p for p in self._window.panels if p.name == name)
        if not panel.isVisible():
            self.tell(closed.format(key=key_name(key)))
            return None
        return panel.content()

    def _play(self, key: str) -> PlayWidget | None:
        from desktop.ui.play.play_panel import PlayWidget

        closed = tr(
            "{key} is a key of the Play dock, which is not open: the Play workspace (Ctrl+1) "
            "shows it."
        )
        play = self._content(key, "play", closed)
        return play if isinstance(play, PlayWidget) else None

    def _play_step(self, key: str, button_of: Callable[[PlayWidget], QPushButton]) -> None:
        """Press the Play dock's button that shows `key` and say what it did, or say why
        it cannot be pressed now."""
        from desktop.ui.play.game_bar import status_text

        play = self._play(key)
        session = self._window.session
        if play is None or session is None:
            return
        button = button_of(play)
        where = status_text(play.view).rstrip(".")
        if session.read_only:
            self.tell(
                tr("{button} does nothing: the campaign is open read-only.").format(
                    button=button.text()
                )
            )
            return
        if not button.isEnabled():
            self.tell(
                tr("{button} does nothing now. {status}.").format(
                    button=button.text(), status=where
                )
            )
            return
        done = session.undo_stack.index()
        button.click()
        if session.undo_stack.index() == done:
            return  # refused: the session told the GM why
        what = f"{session.undo_stack.undoText()} ({key_name(key)})."
        play.show_step(what)  # under the game's status, which the dock shows large
        self.tell(f"{what} {status_text(play.view).rstrip('.')}.")

    def _follow(self) -> None:
        play = self._play(FOLLOW_KEY)
        if play is None:
            return
        if play.view.turn_of is None:
            button = play.turn_order.follow_button.text()
            self.tell(tr("{button}: no one has the turn now.").format(button=button))
            return
        play.follow_turn()
        self.tell(tr("{name} is shown on the Dice Table.").format(name=play.view.turn_name))

    # -- the quick roll -----------------------------------------------------------------------

    def _table(self, key: str) -> DiceTableWidget | None:
        from desktop.ui.docks.dice_table import DiceTableWidget

        closed = tr(
            "{key} is a key of the Dice Table, which is not open: the Play workspace (Ctrl+1) "
            "shows it."
        )
        table = self._content(key, "diceTable", closed)
        if not isinstance(table, DiceTableWidget):
            return None
        if self._followed is not table:
            self._followed = table
            table.quick_count_changed.connect(self.cancel_action.setEnabled)
        return table

    def _digit_slot(self, digit: str) -> Callable[[], None]:
        """The slot of one digit's key (a function per digit: a loop's lambda would share
        the last digit)."""

        def press() -> None:
            self._digit(digit)

        return press

    def _digit(self, digit: str) -> None:
        table = self._table(digit)
        if table is not None:
            table.type_quick_digit(digit)

    def _space(self) -> None:
        focused = QApplication.focusWidget()
        table = self._table(SPACE_KEY)
        if table is None:
            return
        if (
            isinstance(focused, QAbstractButton)
            and self._for_keys(focused)
            and not table.quick_count()
        ):
            focused.animateClick()  # a keyboard user's Space on the button they chose
            return
        hint = table.roll_hint()
        if hint:
            self.tell(hint)
            return
        table.roll()

    def _cancel(self) -> None:
        table = self._table(CANCEL_KEY)
        if table is not None:
            table.cancel_quick_roll()
