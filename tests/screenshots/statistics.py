"""The README's Statistics picture: the Statistics view as the GM sees it after a few
sessions of play (160 seeded roll log lines by six characters, as the luck benchmark's
campaign writes them), light theme, 1100 x 780. `make screenshot` runs it.

    python -m tests.screenshots.statistics resources/screenshots/statistics.png
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QApplication

from desktop.ui.session import CampaignSession
from desktop.ui.statistics.widget import StatisticsWidget
from desktop.ui.theme import apply_theme
from tests.benchmarks.luck_campaign import build_luck_campaign

LINES = 160
SIZE = (1100, 780)


def main(target: Path) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    apply_theme(app, "light")
    with tempfile.TemporaryDirectory() as folder:
        # One all-ones choice, about as often as a table sees one in 160 rolls.
        campaign = build_luck_campaign(Path(folder), LINES, all_ones=1)
        session = CampaignSession(campaign)
        pool = QThreadPool()
        view = StatisticsWidget(pool)
        view.resize(*SIZE)
        view.set_session(session)
        view.show()
        view.ensure_plots()
        deadline = time.monotonic() + 60
        while view.report is None or not view.report.rolls:
            app.processEvents()
            if time.monotonic() > deadline:
                print("the report never came", file=sys.stderr)
                return 1
            time.sleep(0.01)
        for _ in range(5):  # the plots lay themselves out over a few turns
            app.processEvents()
        view.table.selectRow(1)
        app.processEvents()
        saved = view.grab().save(str(target))
        view.close()
        pool.waitForDone(10_000)
        campaign.close()
    return 0 if saved else 1


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
