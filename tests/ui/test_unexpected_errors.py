"""Issue 28, item 4: an error GM Desk did not expect leaves a trace (the log, with its
traceback and no campaign text) and is shown plainly, with Copy details."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QThreadPool, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from desktop import paths
from desktop.logs import LOG_NAME, Logs, start_logging
from desktop.ui.commands import AddCharacter, EditCharacter
from desktop.ui.main_window import MainWindow
from desktop.ui.odds_worker import ODDS_FAILED, OddsWorker

NAME = "Ysolde Marchetti-Vrane"  # a name that must never reach the log


@pytest.fixture
def logs(gm_desk_home: Path) -> Iterator[Logs]:
    with start_logging(paths.log_dir()) as started:
        yield started


def written(logs: Logs) -> str:
    assert logs.file is not None
    return logs.file.read_text("utf-8")


def with_character(window: MainWindow) -> object:
    session = window.session
    assert session is not None
    command = AddCharacter(session, NAME, "pc")
    assert session.push(command)
    return command.record


def test_a_programming_error_in_a_command_is_logged_and_shown_with_copy_details(
    window: MainWindow, qtbot: QtBot, logs: Logs, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = window.session
    assert session is not None
    record = with_character(window)
    steps, at = session.undo_stack.count(), session.undo_stack.index()

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError(f"cannot rename {NAME}")

    monkeypatch.setattr(session.campaign.roster, "update", broken)
    assert not session.push(EditCharacter(session, record, "name", f"{NAME} the Second"))  # type: ignore[arg-type]
    # Nothing changed: the stack and the character are as they were.
    assert (session.undo_stack.count(), session.undo_stack.index()) == (steps, at)
    monkeypatch.undo()
    assert [c.name for c in session.campaign.roster.all()] == [NAME]

    box = window.findChild(QMessageBox, "problemBox")
    assert box is not None and box.isVisible()
    assert box.text().startswith("Something went wrong inside GM Desk")
    assert "nothing was changed" in box.text() and NAME not in box.text()
    copy = box.findChild(QPushButton, "copyDetails")
    assert copy is not None and copy.text() == "Copy details"
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(copy, Qt.MouseButton.LeftButton)
    details = QGuiApplication.clipboard().text()
    assert details.startswith("GM Desk ") and "Python " in details and "Qt " in details
    assert "Traceback (most recent call last)" in details
    assert "in broken" in details and "RuntimeError" in details

    log = written(logs)
    assert "ERROR desktop.ui.commands" in log and "EditCharacter failed unexpectedly" in log
    assert "Traceback (most recent call last)" in log
    assert "commands.py" in log and "in broken" in log and "RuntimeError" in log
    assert NAME not in log and "Marchetti" not in log


def test_a_refusal_keeps_its_sentence_and_is_logged_without_its_text(
    window: MainWindow, logs: Logs, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = window.session
    assert session is not None
    record = with_character(window)

    def refused(*_: object, **__: object) -> None:
        raise ValueError(f"{NAME} cannot be renamed today.")

    monkeypatch.setattr(session.campaign.roster, "update", refused)
    assert not session.push(EditCharacter(session, record, "notes", "Quiet."))  # type: ignore[arg-type]
    assert session.last_failure == f"{NAME} cannot be renamed today."
    assert window.findChild(QMessageBox, "problemBox") is None  # said in passing
    log = written(logs)
    assert "INFO desktop.ui.commands" in log and "EditCharacter refused: ValueError" in log
    assert "Traceback" not in log and NAME not in log


def test_a_worker_that_fails_is_logged_with_its_traceback(window: MainWindow, logs: Logs) -> None:
    def sweep() -> None:
        raise OSError(NAME)

    window.start_worker(sweep)
    window.pool.waitForDone()
    log = written(logs)
    assert "A background task failed" in log and "in sweep" in log and "OSError" in log
    assert NAME not in log


def test_odds_that_fail_unexpectedly_are_logged_and_said_plainly(qtbot: QtBot, logs: Logs) -> None:
    pool = QThreadPool()
    worker = OddsWorker(pool)

    def compute() -> None:
        raise KeyError(NAME)

    with qtbot.waitSignal(worker.failed, timeout=5000) as said:
        worker.request(compute)
    assert said.args == [ODDS_FAILED]
    pool.waitForDone()
    log = written(logs)
    assert "Working out the odds failed" in log and "in compute" in log and NAME not in log


def test_help_opens_the_log_folder_making_it_first(
    make_window: object, gm_desk_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    window: MainWindow = make_window()  # type: ignore[operator]
    folder = gm_desk_home / "logs"
    assert window.log_folder == folder and not folder.exists()
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    assert window.log_action in help_menu.actions()
    window.log_action.trigger()
    assert folder.is_dir()
    assert [url.toLocalFile() for url in opened] == [str(folder)]
    assert window.findChild(QMessageBox, "problemBox") is None


def test_a_log_folder_that_cannot_be_shown_is_said_plainly(
    make_window: object, gm_desk_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: False)
    window: MainWindow = make_window()  # type: ignore[operator]
    assert not window.open_log_folder()
    box = window.findChild(QMessageBox, "problemBox")
    assert box is not None and "could not be shown" in box.text()
    assert str(gm_desk_home / "logs") in box.text()
    box.close()
    blocker = gm_desk_home / "blocker"
    blocker.write_text("a file where the folder would go")
    window.log_folder = blocker / "logs"
    assert not window.open_log_folder()
    boxes = [b for b in window.findChildren(QMessageBox, "problemBox") if b.isVisible()]
    assert any("could not be made" in b.text() for b in boxes)


def start(home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GM_DESK_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "desktop", "--smoke-test"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.mark.slow  # a start of the real application
def test_a_start_writes_its_log_in_the_log_folder(gm_desk_home: Path) -> None:
    result = start(gm_desk_home)
    assert result.returncode == 0, result.stderr
    assert (gm_desk_home / "logs" / LOG_NAME).is_file()


@pytest.mark.slow  # a start of the real application
def test_gm_desk_starts_with_a_read_only_log_folder(gm_desk_home: Path) -> None:
    folder = gm_desk_home / "logs"
    folder.mkdir()
    folder.chmod(0o555)  # root could write in it anyway: the bits are the truth
    try:
        result = start(gm_desk_home)
    finally:
        folder.chmod(0o755)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1])["campaign"]
    assert "Logging to stderr only: the folder is read-only" in result.stderr
    assert "Traceback" not in result.stderr
    assert list(folder.iterdir()) == []


def test_an_error_nothing_caught_is_shown_by_the_window_with_copy_details(
    window: MainWindow, qtbot: QtBot, logs: Logs
) -> None:
    logs.install_hooks()
    logs.show_errors_with(window.show_error)  # as start-up does
    try:
        raise AttributeError(NAME)
    except AttributeError as error:
        sys.excepthook(type(error), error, error.__traceback__)
    box = window.findChild(QMessageBox, "problemBox")
    assert box is not None and box.text().startswith("Something went wrong inside GM Desk")
    copy = box.findChild(QPushButton, "copyDetails")
    assert copy is not None
    qtbot.mouseClick(copy, Qt.MouseButton.LeftButton)
    assert "AttributeError" in QGuiApplication.clipboard().text()
    assert "Unexpected error: AttributeError" in written(logs) and NAME not in written(logs)


def test_a_check_that_fails_unexpectedly_is_logged(
    make_window: object, qtbot: QtBot, logs: Logs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import desktop.ui.check_campaign as check

    def broken(path: Path) -> None:
        raise RuntimeError(NAME)

    monkeypatch.setattr(check, "check_campaign", broken)
    window: MainWindow = make_window()  # type: ignore[operator]
    dialog = check.CheckCampaignDialog(tmp_path / "any.gmdesk", window.pool, window)
    with qtbot.waitSignal(dialog._relay.failed, timeout=5000):
        dialog.start()
    dialog.close()
    assert "The campaign check failed" in written(logs) and "in broken" in written(logs)
    assert NAME not in written(logs)
