"""Baseline for start-up: a bare PySide6 main window with seven docks, shown and grabbed."""

import os
import sys
import time

START = time.perf_counter()
os.environ["QT_QPA_PLATFORM"] = "offscreen"

from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow  # noqa: E402

NAMES = (
    "Roster",
    "SySCards",
    "Dice Table",
    "Energy Calendar",
    "Clocks",
    "Faction Ladder",
    "Roll Log",
)


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    for name in NAMES:
        dock = QDockWidget(name, window)
        dock.setObjectName(name)
        dock.setWidget(QLabel(name))
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.resize(1280, 800)
    window.show()
    for _ in range(3):
        QCoreApplication.processEvents()
    window.grab()
    painted = time.time()  # wall clock, set against the process's launch by the benchmark
    window.close()
    del app
    print(f'{{"total_s": {time.perf_counter() - START:.4f}, "painted_at": {painted}}}')
    return 0


if __name__ == "__main__":
    sys.exit(main())
