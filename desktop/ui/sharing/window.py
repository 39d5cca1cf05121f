"""The sharing window: where the GM chooses the network, starts and stops sharing, and
shows each player the QR code of their own link.

Non-modal: the GM keeps playing while it is open. It only shows and asks; the
controller (controller.py) starts the server, keeps the links and fills it in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.store import ROLL_TURN_ORDER, ROLL_WHENEVER
from desktop.ui.form_helpers import style_error
from desktop.ui.plain_text import PlainLabel, ask
from desktop.ui.sharing.addresses import Address
from desktop.ui.sharing.qr import qr_pixmap
from desktop.ui.sharing.share_address import DEFAULT_PORT, MAX_PORT
from desktop.ui.window_language import ntr, tr, window_translator

if TYPE_CHECKING:
    from desktop.share.server import Connection

QR_SIDE: Final = 168  # read by a phone from across a table, two rows fit a laptop's height
SIZE: Final = (760, 620)  # fits 1366x768 with the taskbar and the title bar
# When phone rolls come, in the GM's words (the keys are the sharing settings' values;
# the words translated when shown).
TIMING_WORDS: Final = {
    ROLL_WHENEVER: N_("Whenever the player likes"),
    ROLL_TURN_ORDER: N_("On their character's turn, or when you ask"),
}


@dataclass(frozen=True)
class PlayerLink:
    """A player character's row: its link, or None while sharing is stopped."""

    character_id: int
    name: str
    link: str | None
    rolls: bool = False  # the GM lets this player roll from their phone


def connected_words(connections: Sequence[Connection], now: datetime | None = None) -> str:
    """ "2 devices connected since 21:04", or "Not connected"."""
    if not connections:
        return tr("Not connected")
    devices = sum(connection.devices for connection in connections)
    first = min(connection.since for connection in connections)
    since = first.astimezone() if first.tzinfo is not None else first  # the GM's clock
    today = (now or datetime.now(since.tzinfo)).date()
    words = window_translator()
    if since.date() == today:
        when = since.strftime("%H:%M")
    elif words.code == "en":
        when = since.strftime("%d %b %H:%M")
    else:  # the month in the window's language: "21 mars 21:04"
        when = f"{words.short_date(since.date())} {since:%H:%M}"
    return ntr(
        "{count} device connected since {when}", "{count} devices connected since {when}", devices
    ).format(count=devices, when=when)


class PlayerRow(QFrame):
    """One player character: name, QR code, link with Copy and Renew, who is connected."""

    renew_requested = Signal(int)
    rolls_requested = Signal(int, bool)  # character id, rolls allowed

    def __init__(self, player: PlayerLink, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName(f"sharePlayer{player.character_id}")
        self.qr = PlainLabel("")
        self.qr.setObjectName("shareQr")
        self.qr.setFixedSize(QR_SIDE, QR_SIDE)
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setAccessibleName(tr("QR code of {name}'s link").format(name=player.name))
        name = PlainLabel(player.name)
        name.setObjectName("shareName")
        font = name.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        name.setFont(font)
        self.link = QLineEdit()
        self.link.setObjectName("shareLink")
        self.link.setReadOnly(True)
        self.link.setAccessibleName(tr("{name}'s link").format(name=player.name))
        self.copy = QPushButton(tr("Copy"))
        self.copy.setObjectName("shareCopy")
        self.copy.setAccessibleName(tr("Copy {name}'s link").format(name=player.name))
        self.copy.clicked.connect(self._copy)
        self.renew = QPushButton(tr("Renew link…"))
        self.renew.setObjectName("shareRenew")
        self.renew.setAccessibleName(tr("Renew {name}'s link").format(name=player.name))
        self.renew.setToolTip(tr("A new link for this player: devices on the old one are cut off"))
        self.renew.clicked.connect(self._renew)
        self.connected = PlainLabel(tr("Not connected"))
        self.connected.setObjectName("shareConnected")
        self.rolls = QCheckBox(tr("Rolls from the phone"))
        self.rolls.setObjectName("shareRolls")
        self.rolls.setAccessibleName(
            tr("Let {name}'s player roll from their phone").format(name=player.name)
        )
        self.rolls.setToolTip(
            tr("Off: the page only watches. On: the player picks dice and rolls on their phone")
        )
        self.rolls.setChecked(player.rolls)
        self.rolls.toggled.connect(self._rolls_toggled)
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy)
        buttons.addWidget(self.renew)
        buttons.addWidget(self.rolls)
        buttons.addStretch(1)
        text = QVBoxLayout()
        text.addWidget(name)
        text.addWidget(self.link)
        text.addLayout(buttons)
        text.addWidget(self.connected)
        text.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addWidget(self.qr)
        layout.addLayout(text, 1)
        self.set_link(player.link)

    def set_rolls(self, allowed: bool) -> None:
        """Show the remembered choice (not the GM's act: nothing is asked back)."""
        self.player = replace(self.player, rolls=allowed)
        self.rolls.blockSignals(True)
        self.rolls.setChecked(allowed)
        self.rolls.blockSignals(False)

    def _rolls_toggled(self, allowed: bool) -> None:
        self.rolls_requested.emit(self.player.character_id, allowed)

    def set_link(self, link: str | None) -> None:
        self.player = replace(self.player, link=link)
        self.link.setText(link or "")
        self.link.setPlaceholderText(tr("Start sharing to make this player's link"))
        if link is None:
            self.qr.clear()
            self.qr.setText(tr("No link\nwhile sharing\nis stopped"))
        else:
            self.qr.setPixmap(qr_pixmap(link, QR_SIDE))
        for button in (self.copy, self.renew):
            button.setEnabled(link is not None)

    def set_connections(self, connections: Sequence[Connection]) -> None:
        self.connected.setText(connected_words(connections))

    def _copy(self) -> None:
        if self.player.link is not None:
            QGuiApplication.clipboard().setText(self.player.link)

    def _renew(self) -> None:
        answer = ask(
            self,
            tr("Renew link"),
            tr(
                "Make a new link for {name}?\n\n"
                "Phones and tablets on the old link are cut off at once; "
                "the player scans the new QR code."
            ).format(name=self.player.name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.renew_requested.emit(self.player.character_id)


class SharingWindow(QDialog):
    start_requested = Signal(str, int)  # host, port
    stop_requested = Signal()
    renew_requested = Signal(int)  # character id
    rolls_requested = Signal(int, bool)  # character id, rolls allowed
    timing_requested = Signal(str)  # when phone rolls come: one of ROLL_TIMINGS

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sharingWindow")
        self.setWindowTitle(tr("Share with Players"))
        self.setModal(False)
        self.resize(*SIZE)
        self.rows: dict[int, PlayerRow] = {}
        self.running = False

        self.address = QComboBox()
        self.address.setObjectName("shareAddress")
        self.address.setAccessibleName(tr("Network address"))
        self.address.setToolTip(tr("The network the players' phones are on"))
        self.port = QSpinBox()
        self.port.setObjectName("sharePort")
        self.port.setAccessibleName(tr("Port"))
        self.port.setRange(1, MAX_PORT)  # 0 ("any free port") would change every time
        self.port.setValue(DEFAULT_PORT)
        self.toggle = QPushButton(tr("&Start sharing"))
        self.toggle.setObjectName("shareToggle")
        self.toggle.setDefault(True)
        self.toggle.clicked.connect(self._toggle)
        form = QFormLayout()
        form.addRow(tr("&Address:"), self.address)
        port_row = QHBoxLayout()
        port_row.addWidget(self.port)
        port_row.addStretch(1)
        port_row.addWidget(self.toggle)
        # A row holding a layout gets no buddy from addRow: without one the label would
        # show "P&ort:" as written and Alt+O would reach nothing.
        port_label = PlainLabel(tr("P&ort:"))
        port_label.setBuddy(self.port)
        form.addRow(port_label, port_row)
        # For the whole table, beside the address: each player's own switch (Rolls from
        # the phone) says whether they roll at all; this says when.
        self.timing = QComboBox()
        self.timing.setObjectName("shareRollTiming")
        self.timing.setAccessibleName(tr("When players roll from their phones"))
        for timing, words in TIMING_WORDS.items():
            self.timing.addItem(tr(words), timing)
        self.timing.setToolTip(
            tr(
                "In turn order, a player rolls on their character's turn in the Play dock, "
                "or when you ask them to (Ask … to roll, on the Dice Table or the Play dock)"
            )
        )
        self.timing.currentIndexChanged.connect(self._timing_chosen)
        form.addRow(tr("Phone &rolls:"), self.timing)
        self.status = PlainLabel(tr("Not sharing."))
        self.status.setObjectName("shareStatus")
        self.status.setWordWrap(True)
        self.error = PlainLabel("")
        self.error.setObjectName("shareError")
        self.error.setWordWrap(True)
        style_error(self.error, bold=True)  # the theme's red, light or dark
        self.error.hide()

        self.players = QWidget()
        # Rows at the top, each its own height: the stretch after them takes the rest.
        self.list = QVBoxLayout(self.players)
        self.list.addStretch(1)
        scroll = QScrollArea()
        scroll.setObjectName("sharePlayers")
        scroll.setAccessibleName(tr("Players' links"))
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.players)
        self.empty = PlainLabel(tr("No player characters yet: add one to share their page."))
        self.empty.setObjectName("shareNoPlayers")
        self.empty.hide()
        close = QPushButton(tr("Close"))
        close.setObjectName("shareClose")
        close.setToolTip(tr("Close this window; sharing goes on until you stop it"))
        close.clicked.connect(self.close)
        bottom = QHBoxLayout()
        bottom.addWidget(
            PlainLabel(tr("Players open their link on a phone or tablet on the same network."))
        )
        bottom.addStretch(1)
        bottom.addWidget(close)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addWidget(self.error)
        layout.addWidget(self.empty)
        layout.addWidget(scroll, 1)
        layout.addLayout(bottom)

    # -- filled in by the controller ------------------------------------------------------

    def set_addresses(self, addresses: Sequence[Address], host: str, port: int) -> None:
        """The machine's addresses, `host` chosen (listed even when gone, so the GM sees
        which one was remembered)."""
        self.address.clear()
        for address in addresses:
            self.address.addItem(address.label, address.host)
        if host and self.address.findData(host) < 0:
            self.address.addItem(
                tr("{address} (not found on this computer now)").format(address=host), host
            )
        if host:
            self.address.setCurrentIndex(self.address.findData(host))
        if 1 <= port <= MAX_PORT:
            self.port.setValue(port)

    def set_roll_timing(self, timing: str) -> None:
        """Show the remembered timing of phone rolls (not the GM's act: nothing asked)."""
        index = self.timing.findData(timing)
        if index >= 0 and index != self.timing.currentIndex():
            self.timing.blockSignals(True)
            self.timing.setCurrentIndex(index)
            self.timing.blockSignals(False)

    def _timing_chosen(self) -> None:
        self.timing_requested.emit(str(self.timing.currentData()))

    def chosen(self) -> tuple[str, int]:
        return str(self.address.currentData() or ""), self.port.value()

    def set_running(self, url_base: str | None) -> None:
        self.running = url_base is not None
        self.toggle.setText(tr("&Stop sharing") if self.running else tr("&Start sharing"))
        self.address.setEnabled(not self.running)
        self.port.setEnabled(not self.running)
        if url_base is None:
            self.status.setText(tr("Not sharing: no player's page can be opened."))
        else:
            self.status.setText(
                tr("Sharing at {address} — each player scans their own code.").format(
                    address=url_base
                )
            )
            self.show_error(None)

    def show_error(self, message: str | None) -> None:
        """A plain message under the address and port it is about; None hides it."""
        self.error.setText(message or "")
        self.error.setVisible(bool(message))

    def set_players(self, players: Sequence[PlayerLink]) -> None:
        wanted = {player.character_id for player in players}
        for character_id in list(self.rows):
            if character_id not in wanted:
                row = self.rows.pop(character_id)
                self.list.removeWidget(row)
                row.deleteLater()
        for index, player in enumerate(players):
            old = self.rows.get(player.character_id)
            if old is not None and old.player.name == player.name:
                row = old
                if row.player.link != player.link:
                    row.set_link(player.link)
                if row.player.rolls != player.rolls:
                    row.set_rolls(player.rolls)
            else:
                if old is not None:  # renamed: a new row, with its new accessible names
                    self.list.removeWidget(old)
                    old.deleteLater()
                row = PlayerRow(player, self.players)
                row.renew_requested.connect(self.renew_requested)
                row.rolls_requested.connect(self.rolls_requested)
                self.rows[player.character_id] = row
            self.list.removeWidget(row)  # in roster order, each once
            self.list.insertWidget(index, row)
        self.empty.setVisible(not players)

    def set_connections(self, connections: Sequence[Connection]) -> None:
        for character_id, row in self.rows.items():
            row.set_connections([c for c in connections if c.character_id == character_id])

    def _toggle(self) -> None:
        if self.running:
            self.stop_requested.emit()
            return
        host, port = self.chosen()
        if not host:
            self.show_error(tr("No network address to share on: connect to the players' network."))
            return
        self.start_requested.emit(host, port)
