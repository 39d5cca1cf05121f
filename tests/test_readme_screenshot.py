"""The README's screenshot is the window as it is: `make screenshot` draws it with the
smoke test, and this test draws it the same way and compares the two, block by block
(coarse enough that another system's fonts pass; a dock moved or replaced does not)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOT = ROOT / "resources" / "screenshots" / "main-window.png"
# The picture is compared as 34 x 19 blocks (40 x 40 pixels of a 1366 x 768 window).
BLOCKS = (34, 19)
DIFFERENT = 25  # a block whose lightness moved this much shows something else
MOST_DIFFERENT = 12  # blocks allowed to differ (a text's rendering, a caret)


def _screenshot_arguments() -> list[str]:
    """The arguments `make screenshot` passes, read from the Makefile."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(r"^SCREENSHOT_ARGS := (.+)$", makefile, re.MULTILINE)
    assert found, "the Makefile's screenshot target names its SCREENSHOT_ARGS"
    return found.group(1).split()


def _blocks(path: Path) -> list[int]:
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB32)
    small = image.scaled(
        *BLOCKS, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
    )
    return [
        QColor(small.pixel(x, y)).lightness() for y in range(BLOCKS[1]) for x in range(BLOCKS[0])
    ]


@pytest.mark.slow  # a whole start of the application in its own process
def test_the_readme_screenshot_is_the_window_as_it_is(tmp_path: Path, qapp: object) -> None:
    arguments = _screenshot_arguments()
    assert {"--workspace", "play", "--size", "1366x768"} <= set(arguments)
    drawn = tmp_path / "main-window.png"
    env = {**os.environ, "GM_DESK_HOME": str(tmp_path / "home"), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "desktop", "--smoke-test", *arguments, "--screenshot", str(drawn)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert QImage(str(drawn)).size() == QImage(str(SCREENSHOT)).size()
    moved = sum(
        abs(now - then) > DIFFERENT
        for now, then in zip(_blocks(drawn), _blocks(SCREENSHOT), strict=True)
    )
    assert moved <= MOST_DIFFERENT, (
        f"resources/screenshots/main-window.png is out of date ({moved} of "
        f"{BLOCKS[0] * BLOCKS[1]} blocks differ): run `make screenshot`"
    )
