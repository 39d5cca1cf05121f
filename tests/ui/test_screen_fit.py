"""The layout fits the screen it is on: on a 1366 x 768 laptop and a 1920 x 1080 screen,
the first start and a later one, each workspace opened from each other one and reset,
the window (frame and all) stays within the screen, its minimum never exceeds it, no
dock's content is narrower than it needs and nothing in a dock scrolls sideways."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.ui.docks.roll_log import RollLogWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.session import CampaignSession
from tests.ui.screen_fit import LONG_NAMES, screen_config


@pytest.mark.slow  # two starts and eighteen workspace changes, in a process of its own
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_every_workspace_fits_the_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    env = {
        **os.environ,
        "GM_DESK_HOME": str(tmp_path / "home"),
        "QT_QPA_PLATFORM": screen_config(*size, tmp_path),
        "PYTHONPATH": str(Path(__file__).parents[2]),
    }
    result = subprocess.run(
        [sys.executable, "-m", "tests.ui.screen_fit", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


def test_the_roll_logs_filter_does_not_grow_with_long_names(
    session: CampaignSession, qtbot: QtBot
) -> None:
    """Built with the campaign open (a later start), the Show box took the longest
    name's width: the roll log's minimum went from 279 to 352 px and, tabbed with the
    Play dock, pushed the window past a 1366-pixel screen."""
    before = RollLogWidget()
    qtbot.addWidget(before)
    before.set_session(session)
    for name in LONG_NAMES:
        session.campaign.roster.add(name, "pc")
    after = RollLogWidget()  # built with the long names already there
    qtbot.addWidget(after)
    after.set_session(session)
    assert after.minimumSizeHint().width() == before.minimumSizeHint().width()
    assert after.minimumSizeHint().width() < 300  # the Play dock's own least width


def test_the_first_start_fits_a_screen_smaller_than_its_default(
    make_window: Callable[[], MainWindow],
) -> None:
    """The first start sized the window 1366 x 768 inside its frame: on a screen that
    size (the tests' offscreen one is 800 x 800) the frame and the status bar were past
    the screen's edge."""
    window = make_window()
    screen = window.screen().availableGeometry()
    assert window.frameGeometry().size() != window.size()  # the frame is counted
    assert screen.contains(window.frameGeometry())
    assert screen.contains(window.statusBar().geometry().translated(window.geometry().topLeft()))
