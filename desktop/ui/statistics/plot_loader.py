"""What the Statistics view needs beyond the window, imported the first time a view is
shown: the exact odds (icepool, through `desktop.views.statistics`), then pyqtgraph with
numpy for the plots, each on a turn of the event loop of its own, so the view shows its
table and its "working" bar before the plots' library arrives.

Measured (issue 33, offscreen): the odds import in 50-75 ms and pyqtgraph in 230-310 ms,
once per run. They were imported on a thread of their own for a while, which kept the
window's event loop free, but a thread importing pyqtgraph (numpy's compiled modules,
PySide6's OpenGL binding) while the GUI thread imported the campaign's (SQLAlchemy,
pydantic) crashed a start in Between Sessions, where the dock asks for them at once,
with a "partially initialized module" and a segmentation fault; and a daemon thread
still importing when the application quits can take the interpreter down with it.
Imports stay on the GUI thread: a one-time wait when statistics are first opened.
"""

from __future__ import annotations

import importlib
import logging
import sys

from PySide6.QtCore import QObject, QTimer, Signal

log = logging.getLogger(__name__)
ODDS_MODULE = "desktop.views.statistics"
PLOTS_MODULE = "desktop.ui.statistics.plots"


def imported(name: str) -> bool:
    """Whether module `name` is imported whole."""
    module = sys.modules.get(name)
    spec = getattr(module, "__spec__", None)
    return module is not None and not getattr(spec, "_initializing", False)


class PlotLoader(QObject):
    """`load()` imports the odds, then the plots, each on a later turn of the event loop;
    `odds_loaded`, then `loaded`, once each is imported, or failed to: the view then
    imports it itself, and shows the failure as it would have without this loader."""

    odds_loaded = Signal()
    loaded = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._loading = False

    @staticmethod
    def odds_imported() -> bool:
        return imported(ODDS_MODULE)

    @staticmethod
    def is_loaded() -> bool:
        return imported(PLOTS_MODULE)

    def load(self) -> None:
        if self._loading:
            return  # under way: both signals follow
        self._loading = True
        QTimer.singleShot(0, self, self._import_odds)

    def _import_odds(self) -> None:
        self._import(ODDS_MODULE)
        self.odds_loaded.emit()
        QTimer.singleShot(0, self, self._import_plots)

    def _import_plots(self) -> None:
        self._import(PLOTS_MODULE)
        self._loading = False
        self.loaded.emit()

    @staticmethod
    def _import(module: str) -> None:
        try:
            importlib.import_module(module)
        except Exception:  # a broken build: the view's own import says it again
            log.exception("Importing %s failed", module)
