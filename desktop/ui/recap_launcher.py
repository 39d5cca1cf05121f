""" "Previously on…" in the main window (issue 31): the Campaign menu's action, the one
recap window it keeps, and its opening by itself when a game starts after another ended
(unless the GM turned that off in the window: `Settings.recap_at_start`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from desktop.ui.player_display.controller import PlayerDisplay
from desktop.ui.read_guard import guarded
from desktop.ui.session import CampaignSession
from desktop.ui.settings import Settings
from desktop.ui.window_language import tr
from desktop.ui.window_launcher import WindowLauncher

if TYPE_CHECKING:  # the window and the journal it reads are imported when first opened
    from desktop.ui.recap_dialog import RecapDialog


class RecapLauncher(WindowLauncher["RecapDialog"]):
    def __init__(self, window: QWidget, settings: Settings, display: PlayerDisplay) -> None:
        super().__init__(window, self._made)
        self._settings = settings
        self._display = display
        self.action = QAction(tr("&Previously On…"), window)
        self.action.setObjectName("actionRecap")
        self.action.setToolTip(
            tr("The last game and what happened since: to read aloud, show or send to the players")
        )
        self.action.triggered.connect(self.open_dialog)
        self.set_session(None)

    def set_session(self, session: CampaignSession | None) -> None:
        super().set_session(session)
        self.action.setEnabled(session is not None)

    def follow(self, session: CampaignSession) -> None:
        session.game_started.connect(self._game_started)

    def unfollow(self, session: CampaignSession) -> None:
        session.game_started.disconnect(self._game_started)

    def _made(self, session: CampaignSession) -> RecapDialog:
        from desktop.ui.recap_dialog import RecapDialog

        return RecapDialog(session, self._display, self._settings, self._window)

    @guarded
    def _game_started(self) -> None:
        """Start game: the recap of the game before, if one ended and the GM wants it."""
        from desktop.views.recap import last_ended_game

        if self._session is None or not self._settings.recap_at_start():
            return
        if last_ended_game(self._session.campaign) is not None:
            self.open_dialog()
