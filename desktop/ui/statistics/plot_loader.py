"""What the Statistics view needs beyond the window, imported off the GUI thread the first
time a view is shown: the exact odds (icepool, through `desktop.views.statistics`), then
pyqtgraph with numpy for the plots.

Measured (issue 33, offscreen, 5,000 rolls): on the GUI thread the odds took 50-75 ms to
import and pyqtgraph 230-310 ms, as long a block of the window; on a thread of their own
the longest block of the window's event loop while they import was 14-25 ms (an import
releases the GIL between its bytecodes, numpy's compiled start-up excepted). An import
makes no Qt object (only values: a QTransform, a QLocale), so it is safe off the GUI
thread; every widget of the plots is still made on the GUI thread, after `loaded`.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import sys
import threading

from PySide6.QtCore import QObject, QTimer, Signal

log = logging.getLogger(__name__)
ODDS_MODULE = "desktop.views.statistics"
PLOTS_MODULE = "desktop.ui.statistics.plots"


def imported(name: str) -> bool:
    """Whether module `name` is imported whole: one importing on another thread is in
    `sys.modules` already, and using it would wait for that import to end."""
    module = sys.modules.get(name)
    spec = getattr(module, "__spec__", None)
    return module is not None and not getattr(spec, "_initializing", False)


class PlotLoader(QObject):
    """`load()` imports the odds, then the plots, on a thread; `odds_loaded`, then
    `loaded`, on the GUI thread once each is imported, or failed to: the view then
    imports it itself, and shows the failure as it would have without this loader."""

    odds_loaded = Signal()
    loaded = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: threading.Thread | None = None

    @staticmethod
    def odds_imported() -> bool:
        return imported(ODDS_MODULE)

    @staticmethod
    def is_loaded() -> bool:
        return imported(PLOTS_MODULE)

    def load(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return  # under way: both signals follow
        if self.odds_imported() and self.is_loaded():
            QTimer.singleShot(0, self, self._both)
            return
        # Emitted from the thread, delivered queued to this object's (the GUI) thread.
        self._thread = threading.Thread(target=self._import, name="plots import", daemon=True)
        self._thread.start()

    def _both(self) -> None:
        self.odds_loaded.emit()
        self.loaded.emit()

    def _import(self) -> None:
        for module, signal in ((ODDS_MODULE, self.odds_loaded), (PLOTS_MODULE, self.loaded)):
            try:
                importlib.import_module(module)
            except Exception:  # a broken build: the GUI thread's own import says it again
                log.exception("Importing %s failed", module)
            with contextlib.suppress(RuntimeError):  # the view was closed meanwhile
                signal.emit()
