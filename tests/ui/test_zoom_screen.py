"""View > Zoom on a 1366 x 768 laptop (issue 34): Play needs 1349 px at 100%, more than
the screen at 125%, where the window grew off the screen with its right-hand dock.
Now the window stays within the screen and the docks scroll; back at 100% each dock
shows its own view again; the next start, at the remembered 125%, fits as well."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.screen_fit import screen_config


@pytest.mark.slow  # a window started in a process of its own, on its own screen
def test_zooming_in_on_a_laptop_keeps_the_window_on_the_screen(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "GM_DESK_HOME": str(tmp_path / "home"),
        "QT_QPA_PLATFORM": screen_config(1366, 768, tmp_path),
        "PYTHONPATH": str(Path(__file__).parents[2]),
    }
    result = subprocess.run(
        [sys.executable, "-m", "tests.ui.zoom_screen", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    steps = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert [step["zoom"] for step in steps] == [125, 150, 100, 125]
    play = ["diceTable", "play", "roster"]
    for step in steps:
        left, top, width, height = step["frame"]
        assert step["screen"] == [0, 0, 1366, 768]
        assert left >= 0 and top >= 0, step
        assert left + width <= 1366 and top + height <= 768, step
        assert step["on_screen"] == play, step
        assert step["squeezed"] == [], step
    zoomed, zoomed_more, back, started = steps
    for step in (zoomed, zoomed_more, started):
        assert set(play) <= set(step["scrolled"]), step
    assert back["scrolled"] == []  # 1349 px fit: each dock its own view again
