"""`gm-desk --smoke-test --player-screenshot`: both windows written, the display at the
size asked for, in the real application's own process."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.ui.test_smoke import run


@pytest.mark.slow  # over ~3 s (pytest --durations)
def test_smoke_test_writes_the_player_display(tmp_path: Path, gm_desk_home: Path) -> None:
    main, player = tmp_path / "main.png", tmp_path / "player.png"
    result = run(
        "--smoke-test",
        "--screenshot",
        str(main),
        "--player-screenshot",
        str(player),
        "--size",
        "1280x720",
        home=gm_desk_home,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert not QImage(str(main)).isNull()
    image = QImage(str(player))
    assert (image.width(), image.height()) == (1280, 720)


def test_player_screenshot_needs_the_smoke_test(tmp_path: Path, gm_desk_home: Path) -> None:
    result = run("--player-screenshot", str(tmp_path / "p.png"), home=gm_desk_home)
    assert result.returncode == 2
    assert "--player-screenshot works with --smoke-test" in result.stderr
    assert not (tmp_path / "p.png").exists()
