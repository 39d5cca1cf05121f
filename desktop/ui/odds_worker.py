"""Exact odds off the GUI thread: the newest request wins, stale answers are dropped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal


class OddsWorker(QObject):
    ready = Signal(object)  # whatever the computation returned, for the newest request
    failed = Signal(str)

    def __init__(self, pool: QThreadPool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = pool
        self._latest = 0
        self._relay = _Relay()
        self._relay.done.connect(self._on_done)

    def request(self, compute: Callable[[], Any]) -> int:
        """Run `compute` on a worker thread; `ready` carries its result if still newest."""
        self._latest += 1
        token = self._latest
        relay = self._relay

        def work() -> None:
            try:
                result = compute()
            except ValueError as error:  # bad trays are reported, never raised into Qt
                relay.done.emit(token, None, str(error))
            else:
                relay.done.emit(token, result, None)

        self._pool.start(work)
        return token

    def _on_done(self, token: int, result: object, error: str | None) -> None:
        if token != self._latest:
            return  # the tray changed since: a newer answer is on its way
        if error is not None:
            self.failed.emit(error)
        else:
            self.ready.emit(result)


class _Relay(QObject):
    # Emitted from the worker thread; Qt queues it to the thread the relay lives in.
    done = Signal(int, object, object)
