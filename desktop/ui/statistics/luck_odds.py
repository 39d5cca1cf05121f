"""One open campaign's exact tray odds and roll log, shared by its Statistics views (the
dock and the Roll Log's tab) and their workers."""

from __future__ import annotations

import gc
import threading
from collections.abc import Mapping, Sequence

from desktop.store import RollRecord
from desktop.ui.statistics.log_copy import RollLogCopy
from desktop.views.statistics import LuckReport, rolls_report
from desktop.views.tray_luck import TrayOddsCache


class SharedLuckOdds:
    """A `TrayOddsCache` for one open campaign (the session owns it), used from worker
    threads: one report at a time, under the lock, so two views asking at once neither
    compute a tray twice nor write the cache (its trays and each line's judgement)
    together."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cache = TrayOddsCache()
        # The roll log as read for the views, on the GUI thread only. It keeps each line's
        # record object while the line is unchanged, so the cache's judgement of the line
        # (kept for as long as the record is the same) is reused: a new roll judges only
        # itself.
        self.log = RollLogCopy()
        self._settled: tuple[int, bool, int] | None = None

    def settle(self) -> None:
        """Set what lives as long as the window (its modules and widgets), the log's copy
        and the odds worked out aside from Python's cyclic garbage collector
        (`gc.freeze`), when the copy or the odds grew since the last time: every full
        collection walked them all again.

        Measured (5,000 rolls, offscreen): a full collection took 60-190 ms, on whichever
        thread made the object that set it off (the worker's report too, holding the
        GIL), so the window stood still that long; with them frozen, about 20 ms. What is
        garbage in a cycle at that moment is never collected: a few objects, once per
        whole read of the log and per report that worked out a new tray."""
        mark = (self.log.reads, self.log.whole, self._cache.computed)
        if mark != self._settled:
            self._settled = mark
            gc.freeze()

    def report(
        self, records: Sequence[RollRecord], names: Mapping[int, str] | None = None
    ) -> LuckReport:
        """The luck of `records`, each roller named as `names` (the roster now) names
        them; both read from the campaign on the GUI thread: the worker never touches
        the campaign's connection."""
        with self._lock:
            return rolls_report(records, self._cache, names=names)

    @property
    def computed(self) -> int:
        """How many distinct trays were worked out (what tests look at)."""
        return self._cache.computed
