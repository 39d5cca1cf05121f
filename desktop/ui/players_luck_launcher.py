""" "The players' luck" in the main window (issue 33): Campaign > Players' Luck…, the
Play dock's button under End game's summary, and the one window they open (for the
newest ended game: the one just ended, after End game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QThreadPool
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from desktop.ui.player_display.controller import PlayerDisplay
from desktop.ui.read_guard import guarded
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr
from desktop.ui.window_launcher import WindowLauncher

if TYPE_CHECKING:  # the window and the exact odds (icepool) load when first opened
    from desktop.ui.players_luck_dialog import PlayersLuckDialog


class PlayersLuckLauncher(WindowLauncher["PlayersLuckDialog"]):
    def __init__(self, window: QWidget, display: PlayerDisplay, pool: QThreadPool) -> None:
        super().__init__(window, self._made)
        self._pool = pool  # the main window's: the odds are judged there
        self._display = display
        self.action = QAction(tr("Players' &Luck…"), window)
        self.action.setObjectName("actionPlayersLuck")
        self.action.setToolTip(
            tr(
                "Each player character's luck in the last ended game: to show or send to the "
                "players"
            )
        )
        self.action.triggered.connect(self.open_dialog)
        self.set_session(None)

    def set_session(self, session: CampaignSession | None) -> None:
        super().set_session(session)
        self.action.setEnabled(session is not None)

    def follow(self, session: CampaignSession) -> None:
        session.players_luck_requested.connect(self._requested)

    def unfollow(self, session: CampaignSession) -> None:
        session.players_luck_requested.disconnect(self._requested)

    @guarded
    def _requested(self) -> None:
        self.open_dialog()

    def _made(self, session: CampaignSession) -> PlayersLuckDialog:
        from desktop.ui.players_luck_dialog import PlayersLuckDialog

        return PlayersLuckDialog(session, self._display, self._pool, self._window)
