"""The turn order: the players in seating order, clockwise from the GM, the current
turn marked, out-of-play players marked in words and skipped; drag a player to change
the seating (remembered with the campaign). Next turn and End round are one key each
(N and R); the current player's declared action is a line of text.

energy-system-dice-pool.txt, Play Order: "Players take turns going clockwise from the
GM in announcing their actions but all character actions are considered simultaneous."
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.store import PlayView, Seat
from desktop.ui.accessible import named
from desktop.ui.form_helpers import push_button
from desktop.ui.plain_text import PlainLabel
from desktop.ui.sharing.ask_button import AskToRollButton
from desktop.ui.table_keys import END_ROUND_KEY, FOLLOW_KEY, NEXT_KEY
from desktop.ui.widgets.flow import Flow
from desktop.ui.widgets.ordered_list import MOVE_DOWN_KEY, MOVE_UP_KEY, OrderedList
from desktop.ui.window_language import tr

IN_PLAY = "in_play"


def seat_text(seat: Seat, current: bool) -> str:
    mark = "▶ " if current else "    "
    text = f"{mark}{seat.turn}. {seat.name}"
    if seat.state == "out_of_play":
        text += " — " + tr("{state}, skipped").format(state=seat.state_words)
    elif seat.state != IN_PLAY:
        text += f" — {seat.state_words}"
    if seat.action:
        text += f" — “{seat.action}”"
    return text


class SeatList(OrderedList):
    """The order as a list the GM drags (or moves with Ctrl+Up / Ctrl+Down) to reseat
    players."""

    reordered = Signal(list)  # the shown players' ids in their new order

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("turnOrder")
        named(self, tr("Seating order"))
        self.setToolTip(
            tr(
                "Drag a player, or press {up} / {down} on the one picked, to change the "
                "seating order, clockwise from the GM."
            ).format(up=MOVE_UP_KEY, down=MOVE_DOWN_KEY)
        )
        self.setMaximumHeight(100)  # a table seats a handful: the rest of the dock stays in view
        # A long declared action wraps onto a second line rather than hiding off the side.
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.model().rowsMoved.connect(lambda *_args: self.reordered.emit(self.ids()))

    def ids(self) -> list[int]:
        return [int(self.item(r).data(Qt.ItemDataRole.UserRole)) for r in range(self.count())]


class TurnOrder(QWidget):
    next_requested = Signal()
    end_round_requested = Signal()
    follow_requested = Signal()
    declare_requested = Signal(int, str)  # character id, action
    seating_changed = Signal(list)
    final_requested = Signal(int, str)  # character id, final condition

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.seats = SeatList()
        self.seats.reordered.connect(self.seating_changed)
        self.gone = PlainLabel()
        self.gone.setObjectName("outForGood")
        self.gone.setWordWrap(True)
        self.gone.hide()
        # R2 Out of play: "one with no die anywhere is out of play for good and the GM
        # records its final condition" (kept in the character's notes).
        self.final = QWidget()
        final_row = QGridLayout(self.final)
        final_row.setContentsMargins(0, 0, 0, 0)
        self.final_pick = QComboBox()
        self.final_pick.setObjectName("finalPick")
        self.final_text = QLineEdit()
        self.final_text.setObjectName("finalCondition")
        self.final_text.setPlaceholderText(tr("Final condition: dead, captured, broken…"))
        self.final_text.setMaxLength(500)
        self.final_button = push_button(
            tr("Record"),
            clicked=self._final,
            tip=tr("Add the final condition to the character's notes."),
        )
        self.final_text.returnPressed.connect(self._final)
        final_row.addWidget(self.final_pick, 0, 0, 1, 2)
        final_row.addWidget(self.final_text, 1, 0)
        final_row.addWidget(self.final_button, 1, 1)
        self.final.hide()
        action_row = QHBoxLayout()  # the name beside the field: the dock fits 1366 x 768
        self.action_label = PlainLabel(tr("Action:"))
        self.action = QLineEdit()
        self.action.setObjectName("declaredAction")
        named(self.action, tr("Declared action"))
        self.action.setMaxLength(500)
        self.action.setPlaceholderText(tr("The current player's one action this round"))
        self.action.returnPressed.connect(self._declare)
        action_row.addWidget(self.action_label)
        action_row.addWidget(self.action)
        buttons = QVBoxLayout()
        self.next_button = QPushButton(tr("Next turn ({key})").format(key=NEXT_KEY))
        self.end_round_button = QPushButton(tr("End round ({key})").format(key=END_ROUND_KEY))
        self.follow_button = QPushButton(tr("Select on Dice Table ({key})").format(key=FOLLOW_KEY))
        self.next_button.setToolTip(
            tr("The next player in seating order; out-of-play ones are skipped.")
        )
        self.end_round_button.setToolTip(tr("End the round with no award; the order starts again."))
        self.follow_button.setToolTip(tr("Select the player whose turn it is on the Dice Table."))
        self.next_button.clicked.connect(self.next_requested)
        self.end_round_button.clicked.connect(self.end_round_requested)
        self.follow_button.clicked.connect(self.follow_requested)
        # Two side by side, the rest below: the dock shares a narrow column at 1366 x 768.
        # Where the words are long (Spanish, German), End round goes below Next turn.
        turn_buttons = Flow()
        turn_buttons.add(self.next_button, 1)
        turn_buttons.add(self.end_round_button, 1)
        buttons.addLayout(turn_buttons)
        buttons.addWidget(self.follow_button)
        # While sharing: ask the player picked in the order (else the one whose turn it
        # is) to roll from their phone.
        self.ask_button = AskToRollButton()
        buttons.addWidget(self.ask_button)
        self.seats.currentItemChanged.connect(lambda *_items: self._follow_ask())
        layout.addWidget(self.seats)
        layout.addWidget(self.gone)
        layout.addWidget(self.final)
        layout.addLayout(action_row)
        layout.addLayout(buttons)
        # The keys on the buttons are the main window's (`table_keys`): they work with
        # this dock still behind another tab.
        self._turn_of: int | None = None
        self._names: dict[int, str] = {}

    def _follow_ask(self) -> None:
        """The ask follows the player picked in the order, else the one whose turn it is."""
        item = self.seats.currentItem()
        picked = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        character = int(picked) if picked is not None else self._turn_of
        self.ask_button.follow(character, self._names.get(character, "") if character else "")

    def show_view(self, view: PlayView, writable: bool) -> None:
        self._turn_of = view.turn_of
        # Only the list's own signals are held: a model holding its signals would leave
        # the view drawing none of the rows added (the reseating signal is `rowsMoved`,
        # which clearing and adding never send).
        picked = self.seats.currentItem()
        kept_pick = picked.data(Qt.ItemDataRole.UserRole) if picked is not None else None
        self.seats.blockSignals(True)
        self.seats.clear()
        for seat in view.order:
            current = seat.character_id == view.turn_of
            item = QListWidgetItem(seat_text(seat, current))
            item.setData(Qt.ItemDataRole.UserRole, seat.character_id)
            if current:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
            if seat.state != IN_PLAY:
                item.setForeground(self.palette().placeholderText())
            self.seats.addItem(item)
            if seat.character_id == kept_pick:
                self.seats.setCurrentItem(item)  # the GM's pick survives a change
        self.seats.blockSignals(False)
        self._names = {seat.character_id: seat.name for seat in view.order}
        self._follow_ask()
        names = [name for _cid, name in view.out_for_good]
        self.gone.setText(
            tr("Out for good (left the order): {names}").format(names=", ".join(names))
            if names
            else ""
        )
        self.gone.setVisible(bool(names))
        self.final.setVisible(bool(names))
        self.final.setEnabled(writable)
        kept = self.final_pick.currentData()
        self.final_pick.clear()
        for cid, name in view.out_for_good:
            self.final_pick.addItem(name, cid)
        self.final_pick.setCurrentIndex(max(self.final_pick.findData(kept), 0))
        playing = view.game_id is not None and view.scene_number > 0
        self.next_button.setEnabled(writable and playing and view.turns_left)
        self.end_round_button.setEnabled(writable and playing)
        self.follow_button.setEnabled(view.turn_of is not None)
        self.action.setEnabled(writable and view.turn_of is not None)
        self.action_label.setText(
            tr("{name}:").format(name=view.turn_name) if view.turn_name else tr("Action:")
        )
        turn = next((s for s in view.order if s.character_id == view.turn_of), None)
        if not self.action.hasFocus():
            self.action.setText(turn.action if turn else "")

    def _final(self) -> None:
        chosen = self.final_pick.currentData()
        if chosen is not None:
            self.final_requested.emit(int(chosen), self.final_text.text())

    def _declare(self) -> None:
        if self._turn_of is not None:
            self.declare_requested.emit(self._turn_of, self.action.text())
            self.action.clearFocus()  # N and R work again at once
