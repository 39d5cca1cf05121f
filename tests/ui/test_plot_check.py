"""`gm-desk --smoke-test --plot-check` (hidden, for the built app's checks): a small
pyqtgraph plot drawn offscreen, so a build that cannot plot fails its check (issue 33)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.ui.plot_check import DRAWN_COLOURS, plot_check
from tests.ui.test_smoke import run


def test_the_plot_is_drawn_with_its_axes_and_line(qtbot: QtBot) -> None:
    import numpy  # here, not at collection: a test process loads them only when it must
    import pyqtgraph

    checked = plot_check()
    assert checked["pyqtgraph"] == pyqtgraph.__version__
    assert checked["numpy"] == numpy.__version__
    assert checked["size"] == [320, 200]
    assert isinstance(checked["colours"], int) and checked["colours"] >= DRAWN_COLOURS
    assert checked["drawn"] is True


@pytest.mark.slow  # a whole start in its own process
def test_the_smoke_test_reports_the_plot(gm_desk_home: Path) -> None:
    result = run("--smoke-test", "--plot-check", home=gm_desk_home)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["plot_check"]["drawn"] is True


def test_the_plot_check_needs_the_smoke_test(gm_desk_home: Path) -> None:
    result = run("--plot-check", home=gm_desk_home)
    assert result.returncode == 2
    assert "--plot-check works with --smoke-test" in result.stderr
    assert "--plot-check" not in run("--help", home=gm_desk_home).stdout  # hidden
