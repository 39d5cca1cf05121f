"""Run on a 1366 x 768 screen of its own: `python -m tests.ui.zoom_screen HOME`.

The Play workspace on the sample campaign, the window as large as the screen, is
zoomed to 125%, 150% and back to 100% (View > Zoom's steps), then started again at
the remembered 125%; after each step (and the start) one JSON
line says where the window is, which docks scroll, and whether each dock's view has
the least room it needs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from desktop.ui.dock_scroll import is_scrolled
from desktop.ui.main_window import MainWindow
from tests.ui.screen_fit import fill_screen, settle, start


def report(window: MainWindow, percent: int) -> None:
    """One JSON line: where `window` is, which docks scroll, which views are squeezed."""
    on_screen = [panel for panel in window.panels if panel.is_on_screen()]
    print(
        json.dumps(
            {
                "zoom": percent,
                "screen": window.screen().availableGeometry().getRect(),
                "frame": window.frameGeometry().getRect(),
                "scrolled": sorted(p.name for p in window.panels if is_scrolled(p)),
                "on_screen": sorted(p.name for p in on_screen),
                # A view is never squeezed below its least size: its dock scrolls.
                "squeezed": sorted(
                    p.name
                    for p in on_screen
                    if p.content().width() < p.content().minimumSizeHint().width()
                ),
            }
        ),
        flush=True,
    )


def main(home: Path) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    data_dir = home / "data"
    data_dir.mkdir(parents=True, exist_ok=True)
    window = start(home / "settings.ini", data_dir, None)
    window.show_workspace("play")
    window.reset_layout()
    fill_screen(window)
    for percent in (125, 150, 100):
        window.zoom.set_zoom(percent)
        settle()  # the fitting waits for the event loop's next turn
        report(window, percent)
    # Back to 125% and started again: the step is remembered, and the window opens
    # within the screen with it.
    window.zoom.set_zoom(125)
    settle()
    path = window.session.campaign.path if window.session is not None else None
    window.close()
    app.processEvents()
    again = start(home / "settings.ini", data_dir, path)
    again.show_workspace("play")
    settle()
    report(again, 125)
    again.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
