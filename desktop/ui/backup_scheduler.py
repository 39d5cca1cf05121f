"""Automatic backups of the open campaign: on open, every 30 minutes if it changed, on close.

The copies run on a worker thread (SQLite's backup API reads through its own
connection), so the GM never waits for one, except the last on close.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

INTERVAL_MS = 30 * 60 * 1000


class BackupScheduler(QObject):
    backed_up = Signal(str)  # path of the new backup
    failed = Signal(str)  # plain message

    def __init__(
        self,
        session: CampaignSession,
        pool: QThreadPool,
        interval_ms: int = INTERVAL_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._session = session
        self._pool = pool
        self._backed_up_revision: int | None = None
        self._started = False
        self._timer = QTimer(self, interval=interval_ms)
        self._timer.timeout.connect(self._on_timer)
        session.about_to_change.connect(self._before_change)

    def start(self) -> None:
        """Back up the campaign as it was opened, then every interval if it changed."""
        if self._started:
            return
        self._started = True
        self._backup_in_worker()
        self._timer.start()

    def _before_change(self) -> None:
        """A change asked for before `start`: the campaign as opened is backed up first,
        here and now, so that the first backup never holds that change."""
        if self._started:
            return
        self._started = True
        self._backup_here("automatic", tr("The automatic backup failed: {error}"))
        self._timer.start()

    def _on_timer(self) -> None:
        if self._session.campaign.revision != self._backed_up_revision:
            self._backup_in_worker()

    def _backup_in_worker(self) -> None:
        revision = self._session.campaign.revision
        self._backed_up_revision = revision
        campaign = self._session.campaign
        done, failed = self.backed_up, self.failed
        # Translated here, on the GUI thread: the worker only fills it in.
        shown = tr("The automatic backup failed: {error}")

        def work() -> None:
            try:
                made = campaign.backup_now()
            except Exception as error:  # reported to the GM, never raised into Qt
                failed.emit(_failure_text("automatic", shown, error))
            else:
                done.emit(str(made))

        self._pool.start(work)

    def finish(self) -> None:
        """On close: wait for a running backup, then take a last one if anything changed."""
        self._timer.stop()
        self._pool.waitForDone()
        if self._session.campaign.revision != self._backed_up_revision:
            self._backup_here("closing", tr("The backup on close failed: {error}"))

    def _backup_here(self, moment: str, shown: str) -> None:
        """A backup on this thread, the GM waiting for it; `shown` is the message of its
        failure ({error} in it), `moment` which backup it was, for the log."""
        self._backed_up_revision = self._session.campaign.revision
        try:
            made = self._session.campaign.backup_now()
        except Exception as error:  # the campaign itself is safe; say so and go on
            self.failed.emit(_failure_text(moment, shown, error))
        else:
            self.backed_up.emit(str(made))


def _failure_text(moment: str, shown: str, error: Exception) -> str:
    """What the GM is told: a backup's own refusal says it all ("No backup could be
    made of ..."); anything else is said by `shown` ("The automatic backup failed:
    {error}"). `moment` ("automatic", "closing") says which backup in the log."""
    from desktop.store import BackupFailed

    log = logging.getLogger(__name__)
    if isinstance(error, BackupFailed):
        log.warning("The %s backup failed: %s", moment, type(error).__name__)
        return str(error)
    log.error("The %s backup failed unexpectedly", moment, exc_info=error)
    return shown.format(error=error)
