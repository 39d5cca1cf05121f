"""The Statistics view keeps the window moving (issue 33: the GUI thread never blocked
over 16 ms): its plots come in slices of the event loop, pyqtgraph imported off the GUI
thread, and what lives as long as the campaign is set aside from the garbage collector."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThread, QThreadPool
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.ui.session import CampaignSession
from desktop.ui.statistics.luck_odds import SharedLuckOdds
from desktop.ui.statistics.plot_loader import PlotLoader
from desktop.ui.statistics.widget import StatisticsWidget


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    made.setMaxThreadCount(2)
    yield made
    made.waitForDone(10_000)


def _rolled(campaign: Campaign, rolls: int = 5) -> None:
    kara = campaign.roster.add("Kara Voss", "pc").id
    for n in range(rolls):
        faces = [1 + n % 6, 1 + (n + 2) % 6]
        dice = [{"size": 6, "rolled_as": 6, "face": face} for face in faces]
        detail = {"dice": dice, "table": 0}
        campaign.rolls.log(kara, "Kara Voss", "roll", detail, sum(faces), "Kara rolled")


def test_the_plots_come_a_slice_at_a_time_after_the_table(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, pool: QThreadPool
) -> None:
    _rolled(campaign)
    view = StatisticsWidget(pool)
    qtbot.addWidget(view)
    view.resize(900, 1100)
    view.set_session(session)
    view.show()
    # Shown: nothing of the plots is made on the turn that shows the view (the import
    # runs on a thread, a plot is made per turn after it).
    assert view.plots is None
    qtbot.waitUntil(lambda: view.plots is not None and view.worked is not None, timeout=10_000)
    plots = view.plots
    assert plots is not None and view.worked is not None
    # The report is drawn in them on a turn of its own, then shows its numbers.
    qtbot.waitUntil(
        lambda: (
            plots.histogram_bars is not None
            and list(plots.histogram_bars.opts["height"]) == list(view.worked.bins)
        ),  # type: ignore[union-attr]
        timeout=10_000,
    )
    assert sum(view.worked.bins) == pytest.approx(5)  # each roll spread over its slice
    assert [p.objectName() for p in (plots.sequence, plots.histogram, plots.depletions)] == [
        "statisticsSequencePlot",
        "statisticsHistogram",
        "statisticsDepletions",
    ]


def test_asking_for_the_plots_makes_them_at_once_with_the_report_drawn(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, pool: QThreadPool
) -> None:
    """Save Plots and the tests ask for them before the slices have run."""
    _rolled(campaign, 3)
    view = StatisticsWidget(pool)
    qtbot.addWidget(view)
    view.set_session(session)
    view.show()
    qtbot.waitUntil(lambda: view.worked is not None, timeout=10_000)
    plots = view.ensure_plots()
    assert view.plots is plots
    assert plots.histogram_bars is not None and view.worked is not None
    assert list(plots.histogram_bars.opts["height"]) == list(view.worked.bins)
    assert view.ensure_plots() is plots  # made once


def test_the_loader_says_loaded_on_the_gui_thread(qtbot: QtBot) -> None:
    loader = PlotLoader()
    heard: list[bool] = []
    loader.loaded.connect(lambda: heard.append(QThread.currentThread() is gui_thread))
    gui_thread = QThread.currentThread()
    with qtbot.waitSignal(loader.loaded, timeout=10_000):
        loader.load()
    assert loader.is_loaded() and heard == [True]
    with qtbot.waitSignal(loader.loaded, timeout=10_000):
        loader.load()  # imported already: said on the next turn


def test_what_lives_with_the_campaign_is_frozen_once_per_growth(campaign: Campaign) -> None:
    _rolled(campaign, 4)
    odds = SharedLuckOdds()
    try:
        odds.settle()
        frozen = gc.get_freeze_count()
        assert frozen > 0
        odds.settle()  # nothing grew: nothing frozen again
        garbage = [object() for _ in range(10)]  # noqa: F841  # would be frozen if it were
        assert gc.get_freeze_count() == frozen
        assert odds.log.read_page(campaign)  # the copy, whole
        odds.settle()
        assert gc.get_freeze_count() > frozen
        frozen = gc.get_freeze_count()
        report = odds.report(odds.log.records())
        assert report.overall.rolls == 4 and odds.computed == 1
        odds.settle()  # a tray worked out
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()


def test_the_window_has_its_workers_yield_the_gil_quickly(window: object) -> None:
    """Python on a worker thread held the GIL up to 5 ms (the interpreter's default)
    each time the GUI thread entered Python: a repaint stood 25-90 ms beside a report."""
    import sys

    from desktop.ui.gil_share import SWITCH_INTERVAL_S

    assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL_S)
    assert SWITCH_INTERVAL_S <= 0.001


def test_the_plots_wait_for_the_report_under_way(
    qtbot: QtBot, campaign: Campaign, session: CampaignSession, pool: QThreadPool
) -> None:
    """Made beside the worker (sharing the GIL), each plot took twice as long."""
    _rolled(campaign, 3)
    odds = session.luck_odds()
    real = odds.report
    gate = threading.Event()

    def held(records: object, names: object = None) -> object:
        gate.wait(10)
        return real(records, names)  # type: ignore[arg-type]

    odds.report = held  # type: ignore[method-assign]
    view = StatisticsWidget(pool)
    qtbot.addWidget(view)
    view.set_session(session)
    view.show()
    qtbot.waitUntil(lambda: view.worker.busy() and view._loader.is_loaded(), timeout=10_000)
    qtbot.wait(100)  # turns enough to make the three plots
    assert view.plots is None and not view._made
    gate.set()
    qtbot.waitUntil(lambda: view.plots is not None and view.worked is not None, timeout=10_000)
    assert not view.worker.busy()
