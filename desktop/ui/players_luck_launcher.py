""" "The players' luck" in the main window (issue 33): Campaign > Players' Luck…, the
Play dock's button under End game's summary, and the one window they open (for the
newest ended game: the one just ended, after End game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThreadPool
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from desktop.ui.player_display.controller import PlayerDisplay
from desktop.ui.read_guard import guarded
from desktop.ui.session import CampaignSession

if TYPE_CHECKING:  # the window and the exact odds (icepool) load when first opened
    from desktop.ui.players_luck_dialog import PlayersLuckDialog


class PlayersLuckLauncher(QObject):
    def __init__(self, window: QWidget, display: PlayerDisplay, pool: QThreadPool) -> None:
        super().__init__(window)
        self._pool = pool  # the main window's: the odds are judged there
        self._window = window
        self._display = display
        self._session: CampaignSession | None = None
        self.dialog: PlayersLuckDialog | None = None
        self.action = QAction("Players' &Luck…", window)
        self.action.setObjectName("actionPlayersLuck")
        self.action.setToolTip(
            "Each player character's luck in the last ended game: to show or send to the players"
        )
        self.action.triggered.connect(self.open_dialog)
        self.set_session(None)

    def set_session(self, session: CampaignSession | None) -> None:
        if self.dialog is not None:
            self.dialog.detach()
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        if self._session is not None:
            self._session.players_luck_requested.disconnect(self._requested)
        self._session = session
        if session is not None:
            session.players_luck_requested.connect(self._requested)
        self.action.setEnabled(session is not None)

    @guarded
    def _requested(self) -> None:
        self.open_dialog()

    def open_dialog(self) -> PlayersLuckDialog | None:
        if self._session is None:
            return None
        if self.dialog is None:
            from desktop.ui.players_luck_dialog import PlayersLuckDialog

            self.dialog = PlayersLuckDialog(self._session, self._display, self._pool, self._window)
        self.dialog.show()  # reads the luck as it shows
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog
