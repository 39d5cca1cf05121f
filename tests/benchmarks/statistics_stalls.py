"""The event loop's longest block while the Statistics view works (issue 33), in a
process of its own so that the first open is cold (pyqtgraph not yet imported, no tray's
odds worked out).

Run as ``python -m tests.benchmarks.statistics_stalls FOLDER``: it builds the 5,000-roll
campaign in FOLDER, opens it in the real main window (offscreen) and, with a QTimer
ticking every millisecond on the GUI thread, takes the longest gap between two ticks
while: the window stands idle (the baseline: what the machine's load alone costs), the
Statistics view first opens (the Roll Log's Statistics tab: the view made, pyqtgraph
imported, the log copied, the cold report, the table and plots drawn), the view
refreshes after one new roll, and the scope changes. It prints one line of JSON: each
phase's longest gap in milliseconds.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

IDLE_S = 1.5
SETTLE_S = 0.3  # after the report is shown: its paint, and whatever follows it
TIMEOUT_S = 60.0


class Ticker:
    """A 1 ms timer on the GUI thread: the longest gap between its ticks is the longest
    time the event loop could not run."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(1)
        self.timer.timeout.connect(self._tick)
        self.last = 0.0
        self.longest = 0.0

    def start(self) -> None:
        self.last = time.perf_counter()
        self.longest = 0.0
        self.timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now

    def stop(self) -> float:
        """The longest gap since `start`, in milliseconds (the time up to now counted)."""
        self.timer.stop()
        self._tick()
        return self.longest * 1000


def run_until(done: Callable[[], bool], settle: float = SETTLE_S) -> None:
    """Run the event loop (never a busy `processEvents` loop) until `done`, then `settle`
    seconds more."""
    loop = QEventLoop()
    started = time.perf_counter()
    finished: list[float] = []

    def check() -> None:
        now = time.perf_counter()
        if now - started > TIMEOUT_S:
            raise SystemExit("the Statistics view never showed its report")
        if not finished and done():
            finished.append(now)
        if finished and now - finished[0] >= settle:
            loop.quit()

    poll = QTimer()
    poll.setInterval(5)
    poll.timeout.connect(check)
    poll.start()
    loop.exec()
    poll.stop()


def main(folder: Path) -> dict[str, float]:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from desktop.ui.main_window import MainWindow
    from desktop.ui.settings import Settings
    from tests.benchmarks.luck_campaign import build_luck_campaign

    made = build_luck_campaign(folder)
    path = made.path
    made.close()
    settings = Settings(QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    window = MainWindow(settings, folder)
    window.resize(1366, 768)
    window.show()
    assert window.open_campaign(path, interactive=False)
    run_until(window.is_ready, settle=0.5)
    assert "pyqtgraph" not in sys.modules, "the start imported pyqtgraph"
    ticker = Ticker()
    gaps: dict[str, float] = {}

    ticker.start()
    run_until(lambda: True, settle=IDLE_S)
    gaps["idle"] = ticker.stop()

    log = next(p for p in window.panels if p.name == "rollLog")
    log.raise_()  # behind the Play dock's tab: its list is filled, not yet timed
    run_until(lambda: window.is_ready() and log.is_filled())
    tabs = log.content().tabs

    def shown() -> bool:
        view = log.content().statistics
        return bool(view is not None and view.report is not None and view.plots is not None)

    ticker.start()
    tabs.setCurrentIndex(1)  # the Statistics tab: made, pyqtgraph imported, the report
    run_until(shown)
    gaps["cold"] = ticker.stop()
    view = log.content().statistics
    rolls = view.report.overall.rolls

    session = window.session
    assert session is not None
    kara = session.campaign.roster.all()[0]
    detail = {"dice": [{"rolled_as": 8, "face": 5}, {"rolled_as": 6, "face": 2}], "table": 1}
    ticker.start()
    session.campaign.rolls.log(kara.id, kara.name, "roll", detail, 8, "Kara rolled 8")
    run_until(lambda: view.report is not None and view.report.overall.rolls == rolls + 1)
    gaps["warm"] = ticker.stop()

    before = view.report
    ticker.start()
    view.scope.kind_combo.setCurrentIndex(view.scope.kind_combo.findData("days"))
    run_until(lambda: view.report is not before and view.report is not None)
    gaps["scope"] = ticker.stop()

    ticker.start()
    run_until(lambda: True, settle=IDLE_S)
    gaps["idle after"] = ticker.stop()
    window.close()
    app.processEvents()
    return gaps


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))
