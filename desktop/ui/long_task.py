"""A long store job (import, export) on a worker thread, with a progress bar and Cancel.

The job is handed a `progress(fraction)` callback: it moves the bar, and once the GM
has pressed Cancel it raises `exchange.Cancelled`, which the job lets unwind (its
files are built under temporary names, so nothing is left written). The window stays
responsive but modal meanwhile; the caller gets the job's result, or None if it was
cancelled in time, and any other exception raised again on the GUI thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QEventLoop, QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from desktop.store import Cancelled
from desktop.ui.plain_text import PlainLabel
from desktop.ui.window_language import tr

T = TypeVar("T")
log = logging.getLogger(__name__)
# Under this the dialog never shows: a small campaign imports without a flash.
SHOW_AFTER_MS = 400


class _Relay(QObject):
    # Emitted from the worker; Qt queues them to the GUI thread the relay lives in.
    moved = Signal(int)
    finished = Signal()


class _Outcome(Generic[T]):
    def __init__(self) -> None:
        self.result: T | None = None
        self.error: BaseException | None = None


def run_with_progress(
    parent: QWidget, label: str, job: Callable[[Callable[[float], None]], T]
) -> T | None:
    """Run `job(progress)` off the GUI thread behind a modal progress dialog."""
    dialog = QProgressDialog("", tr("Cancel"), 0, 100, parent)
    dialog.setLabel(PlainLabel(label))  # names a file: only text, whatever it looks like
    dialog.setObjectName("longTaskProgress")
    dialog.setWindowTitle("GM Desk")  # untranslated: the app's name
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    cancelled = threading.Event()
    dialog.canceled.connect(cancelled.set)
    relay = _Relay()

    def moved(percent: int) -> None:
        # Escape, closing the dialog or its cancel() slot cancel it without the signal.
        if dialog.wasCanceled():
            cancelled.set()
        else:
            dialog.setValue(percent)

    relay.moved.connect(moved)
    outcome: _Outcome[T] = _Outcome()

    def progress(fraction: float) -> None:
        if cancelled.is_set():
            raise Cancelled()
        relay.moved.emit(max(0, min(100, round(fraction * 100))))

    def work() -> None:
        try:
            outcome.result = job(progress)
        except Cancelled:
            outcome.result = None
        except BaseException as error:  # raised again on the GUI thread below
            # Its caller says a refusal (a bad export) plainly, and anything else reaches
            # the window's hook, which logs it with its traceback: here only where.
            name = getattr(job, "__qualname__", "a job")  # its label names a GM's file
            log.info("%s raised %s", name, type(error).__name__)
            outcome.error = error
        finally:
            relay.finished.emit()

    loop = QEventLoop()
    relay.finished.connect(loop.quit)
    worker = threading.Thread(target=work, name="gm-desk-long-task", daemon=True)
    worker.start()
    loop.exec()  # the queued `finished` ends it, even if emitted before exec began
    worker.join()
    dialog.close()
    dialog.deleteLater()
    if outcome.error is not None:
        raise outcome.error
    # A Cancel pressed after the job's last progress call comes too late: it finished,
    # and what it made (a written file, an open campaign) is the caller's.
    return outcome.result
