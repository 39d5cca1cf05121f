"""pyqtgraph imported off the GUI thread, the first time a Statistics view is shown.

Measured (issue 33, offscreen, 5,000 rolls): importing pyqtgraph with numpy on the GUI
thread held the window 230-310 ms; on a thread of its own the longest block of the
window's event loop while it imports was 14-25 ms (the import releases the GIL between
its bytecodes, numpy's compiled start-up excepted). An import makes no Qt object (only
values: a QTransform, a QLocale), so it is safe off the GUI thread; every widget of the
plots is still made on the GUI thread, after `loaded`.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import sys
import threading

from PySide6.QtCore import QObject, QTimer, Signal

log = logging.getLogger(__name__)
PLOTS_MODULE = "desktop.ui.statistics.plots"


class PlotLoader(QObject):
    """`load()` imports the plots' module on a thread; `loaded` (on the GUI thread) once
    it is imported, or once it failed: the view then imports it itself, and shows the
    failure as it would have without this loader."""

    loaded = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: threading.Thread | None = None

    @staticmethod
    def is_loaded() -> bool:
        return PLOTS_MODULE in sys.modules

    def load(self) -> None:
        if self.is_loaded():
            QTimer.singleShot(0, self, self.loaded.emit)
            return
        if self._thread is not None:
            return  # under way: `loaded` follows
        # Emitted from the thread, delivered queued to this object's (the GUI) thread.
        self._thread = threading.Thread(target=self._import, name="plots import", daemon=True)
        self._thread.start()

    def _import(self) -> None:
        try:
            importlib.import_module(PLOTS_MODULE)
        except Exception:  # a broken build: the GUI thread's own import says it again
            log.exception("Importing the plots failed")
        with contextlib.suppress(RuntimeError):  # the view was closed meanwhile
            self.loaded.emit()
