"""`gm-desk --smoke-test`: the real application, offscreen, in its own process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GM_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "desktop", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.mark.slow  # over ~3 s (pytest --durations)
def test_smoke_test_on_the_sample_campaign(tmp_path: Path, gm_desk_home: Path) -> None:
    shot = tmp_path / "shot.png"
    result = run("--smoke-test", "--screenshot", str(shot), home=gm_desk_home)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert set(report) >= {"window_shown_s", "campaign_open_s", "total_s", "peak_memory_mb"}
    assert 0 < report["window_shown_s"] <= report["total_s"]
    assert report["campaign"].endswith("Sample Campaign.gmdesk")
    image = QImage(str(shot))
    assert not image.isNull() and image.width() >= 800 and image.height() >= 500
    assert "Traceback" not in result.stderr


@pytest.mark.slow  # over ~3 s (pytest --durations)
def test_smoke_test_creates_a_new_campaign(tmp_path: Path, gm_desk_home: Path) -> None:
    fresh = tmp_path / "New Campaign.gmdesk"
    result = run("--smoke-test", "--campaign", str(fresh), home=gm_desk_home)
    assert result.returncode == 0, result.stderr
    assert fresh.exists()
    assert not fresh.with_name(fresh.name + ".lock").exists()


def test_a_refused_campaign_exits_non_zero_with_a_plain_message(
    tmp_path: Path, gm_desk_home: Path
) -> None:
    bogus = tmp_path / "bogus.gmdesk"
    bogus.write_bytes(b"\x00" * 4096)
    result = run("--smoke-test", "--campaign", str(bogus), home=gm_desk_home)
    assert result.returncode == 1
    assert "not a database file" in result.stderr
    assert "Traceback" not in result.stderr
    assert bogus.read_bytes() == b"\x00" * 4096


def test_version(gm_desk_home: Path) -> None:
    from desktop import __version__

    result = run("--version", home=gm_desk_home)
    assert result.returncode == 0
    assert result.stdout.strip() == f"GM Desk {__version__}"


@pytest.mark.slow  # over ~3 s (pytest --durations)
def test_a_campaign_given_as_a_plain_argument(tmp_path: Path, gm_desk_home: Path) -> None:
    fresh = tmp_path / "Double-clicked.gmdesk"
    result = run("--smoke-test", str(fresh), home=gm_desk_home)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1])["campaign"] == str(fresh)


def test_a_file_open_event_opens_the_campaign(qapp: object, tmp_path: Path) -> None:
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QFileOpenEvent

    from desktop.ui.file_open import FileOpenFilter

    opened: list[Path] = []
    target = tmp_path / "From Finder.gmdesk"
    watcher = FileOpenFilter(opened.append)
    QCoreApplication.instance().installEventFilter(watcher)  # type: ignore[union-attr]
    try:
        QCoreApplication.sendEvent(qapp, QFileOpenEvent(str(target)))  # type: ignore[arg-type]
    finally:
        QCoreApplication.instance().removeEventFilter(watcher)  # type: ignore[union-attr]
    assert opened == [target]
