"""Exact odds off the GUI thread: the newest request wins, stale answers are dropped."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from desktop.language import N_
from desktop.ui.window_language import tr

log = logging.getLogger(__name__)
# What the GM reads when the odds failed for a reason of GM Desk's own (a bug, logged).
ODDS_FAILED = N_("The odds could not be worked out: something went wrong inside GM Desk.")


class OddsWorker(QObject):
    ready = Signal(object)  # whatever the computation returned, for the newest request
    failed = Signal(str)

    def __init__(self, pool: QThreadPool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = pool
        self._latest = 0
        self._answered = 0  # the newest request answered (or cancelled)
        self._relay = _Relay()
        self._relay.done.connect(self._on_done)
        self._relay.failed.connect(self._on_failed)

    def request(self, compute: Callable[[], Any]) -> int:
        """Run `compute` on a worker thread; `ready` carries its result if still newest."""
        self._latest += 1
        token = self._latest
        relay = self._relay

        def work() -> None:
            try:
                result = compute()
            except ValueError as error:  # bad trays are reported, never raised into Qt
                relay.failed.emit(token, str(error))
            except Exception:  # a bug: logged with its traceback, said plainly
                log.exception("Working out the odds failed")
                relay.failed.emit(token, ODDS_FAILED)
            else:
                relay.done.emit(token, result)

        self._pool.start(work)
        return token

    def busy(self) -> bool:
        """Whether the newest request is still being worked out."""
        return self._answered < self._latest

    def cancel(self) -> None:
        """Forget the requests under way: their answers will be dropped."""
        self._latest += 1
        self._answered = self._latest

    def _on_done(self, token: int, result: object) -> None:
        self._answered = max(self._answered, token)
        if token == self._latest:  # else the tray changed since: a newer answer is coming
            self.ready.emit(result)

    def _on_failed(self, token: int, message: str) -> None:
        self._answered = max(self._answered, token)
        if token == self._latest:  # said here, on the GUI thread: in the window's language
            self.failed.emit(tr(message) if message == ODDS_FAILED else message)


class _Relay(QObject):
    # Emitted from the worker thread; Qt queues them to the thread the relay lives in.
    # Never pass None through an `object` argument across threads: PySide6 under
    # Python 3.11 drops a reference to it on delivery, and enough of those crash the
    # interpreter ("deallocating None").
    done = Signal(int, object)
    failed = Signal(int, str)
