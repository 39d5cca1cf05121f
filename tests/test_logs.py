"""GM Desk's log: a rotating file in its own folder, stderr only when it cannot be
written (GM Desk starts all the same), and no exception message in it."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from pathlib import Path, PureWindowsPath

import pytest

from desktop import paths
from desktop.logs import (
    LOG_NAME,
    Logs,
    RotatingLog,
    error_details,
    plain_traceback,
    start_logging,
)

SECRET = "Ysolde Marchetti-Vrane"


@pytest.fixture
def started(gm_desk_home: Path) -> Iterator[list[Logs]]:
    opened: list[Logs] = []
    yield opened
    for logs in opened:
        logs.close()


def handlers_of(logs: Logs) -> list[logging.Handler]:
    return [h for h in logging.getLogger().handlers if h in logs._handlers]


def test_the_log_folder_is_under_gm_desk_home_in_tests(gm_desk_home: Path) -> None:
    assert paths.log_dir() == gm_desk_home / "logs"


def test_the_system_log_folder_is_the_platforms(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import platformdirs.windows

    monkeypatch.delenv(paths.HOME_VARIABLE)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert Path(paths.log_dir()) == tmp_path / ".local" / "state" / "GM Desk" / "log"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert Path(paths.log_dir()) == tmp_path / "Library" / "Logs" / "GM Desk"
    local = r"C:\Users\Gwen\AppData\Local"
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda _csidl: local)
    monkeypatch.setattr(sys, "platform", "win32")
    assert PureWindowsPath(paths.system_log_dir()) == PureWindowsPath(
        local, "GM Desk", "GM Desk", "Logs"
    )


def test_the_log_is_a_rotating_file_in_its_folder(gm_desk_home: Path, started: list[Logs]) -> None:
    logs = start_logging(paths.log_dir())
    started.append(logs)
    assert logs.folder == gm_desk_home / "logs"
    (rotating,) = [h for h in handlers_of(logs) if isinstance(h, RotatingLog)]
    assert rotating.max_bytes == 1024 * 1024 and rotating.backups == 3
    logging.getLogger("desktop.test").info("a line to find")
    logging.getLogger("alembic.runtime.plugins").info("a library's chatter")
    logging.getLogger("alembic.runtime.plugins").warning("a library's warning")
    written = (gm_desk_home / "logs" / LOG_NAME).read_text("utf-8")
    assert "a line to find" in written and "a library's warning" in written
    assert "chatter" not in written
    logs.close()
    assert not handlers_of(logs)


@pytest.mark.parametrize(
    "spoil",
    [
        # A read-only folder (its bits: root could write in it anyway).
        lambda folder: folder.mkdir() or folder.chmod(0o555),
        # The log file is a folder.
        lambda folder: folder.mkdir() or (folder / LOG_NAME).mkdir(),
        # A read-only log file.
        lambda folder: (
            folder.mkdir() or (folder / LOG_NAME).touch() or (folder / LOG_NAME).chmod(0o444)
        ),
        # The folder is a file.
        lambda folder: folder.write_text("not a folder"),
    ],
    ids=["read-only folder", "file is a folder", "read-only file", "folder is a file"],
)
def test_a_log_that_cannot_be_written_goes_to_stderr_only(
    gm_desk_home: Path, started: list[Logs], spoil: object, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = gm_desk_home / "logs"
    spoil(folder)  # type: ignore[operator]
    try:
        logs = start_logging(folder)
        started.append(logs)
        assert logs.folder is None and logs.file is None
        kinds = [type(h) for h in handlers_of(logs)]
        assert kinds == [logging.StreamHandler]
        logging.getLogger("desktop.test").warning("still said")
        said = capsys.readouterr().err
        assert "Logging to stderr only" in said and "still said" in said
        assert "Traceback" not in said
    finally:
        if folder.is_dir():
            folder.chmod(0o755)


def test_a_traceback_in_the_log_names_types_and_files_never_the_message(
    gm_desk_home: Path, started: list[Logs]
) -> None:
    logs = start_logging(paths.log_dir())
    started.append(logs)

    def deep() -> None:
        try:
            {}[SECRET]
        except KeyError as error:
            raise RuntimeError(f"no such character {SECRET}") from error

    try:
        deep()
    except RuntimeError:
        logging.getLogger("desktop.test").exception("it failed")
    written = (gm_desk_home / "logs" / LOG_NAME).read_text("utf-8")
    assert "Traceback (most recent call last)" in written
    assert "test_logs.py" in written and "in deep" in written
    assert "KeyError" in written and "RuntimeError" in written
    assert "direct cause" in written
    assert SECRET not in written


def test_the_details_hold_the_versions_and_the_traceback() -> None:
    try:
        raise ValueError(SECRET)
    except ValueError as error:
        details = error_details(error)
        traceback_only = plain_traceback(error)
    assert details.startswith("GM Desk ")
    assert f"Python {sys.version_info.major}.{sys.version_info.minor}" in details
    assert details.endswith(traceback_only)
    assert "ValueError" in traceback_only and SECRET not in details


def test_the_hooks_log_what_nothing_caught_and_are_put_back(
    gm_desk_home: Path, started: list[Logs]
) -> None:
    before = (sys.excepthook, threading.excepthook)
    logs = start_logging(paths.log_dir())
    started.append(logs)
    logs.install_hooks()
    shown: list[tuple[str, str]] = []
    logs.show_errors_with(lambda message, details: shown.append((message, details)))
    try:
        raise LookupError(SECRET)
    except LookupError as error:
        sys.excepthook(type(error), error, error.__traceback__)

    def thread_work() -> None:
        raise ZeroDivisionError(SECRET)

    worker = threading.Thread(target=thread_work, name="gm-desk-test-thread")
    worker.start()
    worker.join()
    written = (gm_desk_home / "logs" / LOG_NAME).read_text("utf-8")
    assert "Unexpected error: LookupError" in written
    assert "Unexpected error on gm-desk-test-thread: ZeroDivisionError" in written
    assert "in thread_work" in written and SECRET not in written
    ((message, details),) = shown
    assert message.startswith("Something went wrong inside GM Desk")
    assert "LookupError" in details
    logs.close()
    assert (sys.excepthook, threading.excepthook) == before


def test_qt_warnings_go_to_the_log(qapp: object, gm_desk_home: Path, started: list[Logs]) -> None:
    from PySide6.QtCore import qWarning

    logs = start_logging(paths.log_dir())
    started.append(logs)
    logs.install_qt_messages()
    qWarning("a warning from Qt itself")
    logs.close()
    written = (gm_desk_home / "logs" / LOG_NAME).read_text("utf-8")
    assert "WARNING qt [MainThread]: a warning from Qt itself" in written


def test_an_error_the_window_cannot_show_is_still_logged(
    gm_desk_home: Path, started: list[Logs]
) -> None:
    logs = start_logging(paths.log_dir())
    started.append(logs)
    logs.install_hooks()

    def gone(message: str, details: str) -> None:
        raise RuntimeError("Internal C++ object already deleted.")

    logs.show_errors_with(gone)
    try:
        raise LookupError(SECRET)
    except LookupError as error:
        sys.excepthook(type(error), error, error.__traceback__)
    written = (gm_desk_home / "logs" / LOG_NAME).read_text("utf-8")
    assert "Unexpected error: LookupError" in written
    assert "could not be shown" in written


def test_the_log_rolls_over_keeping_three_old_ones(tmp_path: Path) -> None:
    tmp_path = tmp_path / "logs"
    tmp_path.mkdir()
    path = tmp_path / LOG_NAME
    handler = RotatingLog(path, max_bytes=300, backups=3)
    handler.setFormatter(logging.Formatter("%(message)s"))
    for number in range(200):
        record = logging.LogRecord("t", logging.INFO, __file__, 1, f"line {number:03}", (), None)
        handler.handle(record)
    handler.close()
    names = sorted(found.name for found in tmp_path.iterdir())
    assert names == [LOG_NAME, f"{LOG_NAME}.1", f"{LOG_NAME}.2", f"{LOG_NAME}.3"]
    assert all(found.stat().st_size <= 300 + 20 for found in tmp_path.iterdir())
    newest = path.read_text("utf-8") or (tmp_path / f"{LOG_NAME}.1").read_text("utf-8")
    assert "line 199" in newest
    kept = "".join((tmp_path / f"{LOG_NAME}.{n}").read_text("utf-8") for n in (3, 2, 1))
    assert kept.splitlines() == sorted(kept.splitlines())  # oldest in .3, newest in .1


def test_a_rotation_that_fails_does_not_break_later_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rename refused midway (another program holds the old log, a full disk): the
    lines after it are still written or dropped, never raised into the caller."""
    from desktop import logs

    handler = logs.RotatingLog(tmp_path / "gm-desk.log", max_bytes=200)
    handler.handleError = lambda record: None  # type: ignore[method-assign]  # quiet here
    logger = logging.getLogger("gm-desk-rotation-test")
    logger.addHandler(handler)
    logger.propagate = False

    def refused(*_args: object) -> None:
        raise PermissionError("held by another program")

    monkeypatch.setattr(logs.os, "replace", refused)
    try:
        for number in range(20):
            logger.warning("line %d of the test", number)
    finally:
        logger.removeHandler(handler)
        handler.close()
    assert "line 19 of the test" in (tmp_path / "gm-desk.log").read_text(encoding="utf-8")
