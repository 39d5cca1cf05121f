"""The Downtime menu of the main window, and the one session dialog it keeps open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr
from desktop.ui.window_launcher import WindowLauncher

if TYPE_CHECKING:  # the dialog and its commands are imported when first used
    from desktop.ui.downtime.dialog import DowntimeSessionDialog

# -- the Downtime menu ---------------------------------------------------------------------------


def _session_dialog(session: CampaignSession, window: QWidget) -> DowntimeSessionDialog:
    # Imported here: with the window, first paint is 47-107 ms later (issue 28).
    from desktop.ui.downtime.dialog import DowntimeSessionDialog

    return DowntimeSessionDialog(session, window)


class DowntimeLauncher(WindowLauncher["DowntimeSessionDialog"]):
    """The Downtime menu of the main window, and the one session dialog it keeps open."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window, lambda session: _session_dialog(session, window))
        self.start_action = QAction(tr("&Start Downtime Session…"), window)
        self.start_action.setObjectName("start_downtime")
        self.start_action.setToolTip(
            tr("After an adventure: every character gets their free activities again.")
        )
        self.start_action.triggered.connect(self.start)
        self.continue_action = QAction(tr("&Continue Downtime Session…"), window)
        self.continue_action.setObjectName("continue_downtime")
        self.continue_action.triggered.connect(self.open_dialog)
        self.menu = QMenu(tr("&Downtime"), window)
        self.menu.setObjectName("downtimeMenu")
        self.menu.addActions([self.start_action, self.continue_action])
        self.menu.aboutToShow.connect(self._update_actions)
        self.set_session(None)

    def set_session(self, session: CampaignSession | None) -> None:
        super().set_session(session)
        self.start_action.setEnabled(session is not None and not session.read_only)
        # Whether a session runs is asked when the menu opens (neither action has a
        # key): opening a campaign for play reads nothing of downtime.
        self.continue_action.setEnabled(False)

    def _update_actions(self) -> None:
        session = self._session
        running = session is not None and session.campaign.downtime.session() > 0
        self.start_action.setEnabled(session is not None and not session.read_only)
        self.continue_action.setEnabled(running)

    def start(self) -> None:
        """A new session, unless the current one has nothing in it yet: then that one."""
        session = self._session
        if session is None or session.read_only:
            return
        campaign = session.campaign
        number = campaign.downtime.session()
        fresh = number > 0 and not any(not e.undone for e in campaign.downtime.entries())
        # Imported here, as the dialog is: with the window, first paint is 47-107 ms later.
        from desktop.ui.downtime_commands import StartDowntimeSession

        if not fresh and not session.push(StartDowntimeSession(session)):
            return
        self.open_dialog()

    def open_dialog(self) -> DowntimeSessionDialog | None:
        dialog = super().open_dialog()
        if dialog is not None:
            dialog.refresh()  # before the event loop paints it
            self._update_actions()
        return dialog
