"""Import and export run on a worker behind a progress bar; Cancel writes nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog, QProgressDialog
from pytestqt.qtbot import QtBot

from desktop.store.exchange import export_campaign
from desktop.ui.long_task import run_with_progress
from desktop.ui.main_window import MainWindow


def _press_cancel_when_shown(window: MainWindow) -> None:
    """Press Cancel on the progress dialog as soon as it exists (polled, never timed)."""

    def press() -> None:
        dialog = window.findChild(QProgressDialog, "longTaskProgress")
        if dialog is None:
            QTimer.singleShot(5, press)
        else:
            dialog.cancel()

    QTimer.singleShot(0, press)


def test_cancel_stops_the_job_at_its_next_progress(window: MainWindow) -> None:
    calls: list[float] = []

    def job(progress: Callable[[float], None]) -> str:
        # Runs until cancelled: the outcome cannot depend on how fast anything is.
        give_up = time.monotonic() + 60
        while time.monotonic() < give_up:
            progress(0.5)
            calls.append(0.5)
            time.sleep(0.001)
        return "finished"

    _press_cancel_when_shown(window)
    assert run_with_progress(window, "Working…", job) is None
    assert calls  # it ran on its thread meanwhile


def test_a_job_s_error_is_raised_on_the_gui_thread(window: MainWindow) -> None:
    def job(_progress: Callable[[float], None]) -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        run_with_progress(window, "Working…", job)
    assert run_with_progress(window, "Working…", lambda progress: 7) == 7


def test_import_checks_the_file_before_asking_where_to_save(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "bad.json"
    source.write_text(json.dumps({"format": "gm-desk-campaign", "version": 1, "campaign": 3}))
    asked: list[str] = []
    problems: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(source), ""))
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda *a, **k: asked.append("save") or ("", "")
    )
    monkeypatch.setattr(window, "show_problem", problems.append)
    window.import_json()
    assert asked == []  # refused before the GM chose where to put it
    assert problems == ["Nothing was imported. campaign: expected an object, not 3."]


def test_cancelled_import_and_export_write_nothing(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.session is not None
    window.session.campaign.roster.add("Kara")
    work = tmp_path / "work"
    work.mkdir()
    source = work / "out.json"
    export_campaign(window.session.campaign, source)
    target = work / "copy.gmdesk"

    # Each progress call waits until Cancel is pressed, so the job is caught mid-way.
    import desktop.ui.long_task as long_task

    real = long_task.run_with_progress

    def cancelled_run(parent, label, job):  # type: ignore[no-untyped-def]
        def waiting_job(progress: Callable[[float], None]):  # type: ignore[no-untyped-def]
            def slow(fraction: float) -> None:
                give_up = time.monotonic() + 60
                while time.monotonic() < give_up:
                    progress(fraction)  # raises Cancelled once the GM has pressed it
                    time.sleep(0.001)

            return job(slow)

        _press_cancel_when_shown(window)
        return real(parent, label, waiting_job)

    monkeypatch.setattr(long_task, "run_with_progress", cancelled_run)
    assert not window.import_from(source, target)
    assert [p.name for p in work.iterdir()] == ["out.json"]
    exported = work / "again.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(exported), ""))
    window.export_json()
    assert [p.name for p in work.iterdir()] == ["out.json"]
    assert window.statusBar().currentMessage() == "Export cancelled: nothing was written."


def test_leftovers_go_at_start_and_beside_a_campaign_when_it_opens(
    qtbot: QtBot, make_window: Callable[[], MainWindow], campaign_path: Path, data_dir: Path
) -> None:
    import subprocess
    import sys
    from datetime import date

    from desktop.store import Campaign

    ended = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    gone = int(ended.stdout)
    backups = data_dir / "backups" / "Test Campaign-01234567"
    backups.mkdir(parents=True)
    in_backups = backups / f".Test Campaign.{gone}-0123456789ab.partial"
    campaign_path.parent.mkdir(parents=True, exist_ok=True)
    beside = campaign_path.parent / f".Test Campaign.{gone}-ba9876543210.partial"
    kept = campaign_path.parent / "notes.partial"
    for path in (in_backups, beside, kept):
        path.write_bytes(b"half a copy")
    Campaign.create(campaign_path, data_dir=data_dir, start_date=date(2026, 3, 1)).close()

    window = make_window()
    # Swept from the event loop's first turn (once the docks on screen are filled).
    qtbot.waitUntil(lambda: not in_backups.exists())
    assert beside.exists()  # its campaign is not open yet
    assert window.open_campaign(campaign_path, interactive=False)
    window.pool.waitForDone()
    assert not beside.exists()
    assert kept.exists()
