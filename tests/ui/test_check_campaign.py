"""File > Check Campaign: findings in plain words, a repaired copy, the original untouched."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.store import Campaign
from desktop.store.errors import ReadOnlyCampaign
from desktop.ui.main_window import MainWindow
from tests.bad_files import REFUSED, whole_campaign


@pytest.fixture(scope="module")
def base_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return whole_campaign(tmp_path_factory.mktemp("base")).read_bytes()


def test_a_bad_value_is_listed_and_a_repaired_copy_opens(
    make_window: Callable[[], MainWindow],
    qtbot: QtBot,
    base_bytes: bytes,
    tmp_path: Path,
    data_dir: Path,
) -> None:
    window = make_window()
    path = tmp_path / "altered.gmdesk"
    REFUSED["die kind bogus"](path, base_bytes)
    before = path.read_bytes()
    assert window.check_action.isEnabled()

    dialog = window.check_campaign_file(path)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=30_000)
    text = dialog.findings.toPlainText()
    assert "Die 47 of Customs House Vault" in text and "'bogus'" in text
    assert dialog.repair_button.isEnabled()

    target = tmp_path / "altered repaired.gmdesk"
    dialog.repair_to(target)
    qtbot.waitUntil(lambda: dialog.repair_report is not None, timeout=30_000)
    assert "Die 47 of Customs House Vault" in dialog.findings.toPlainText()
    assert path.read_bytes() == before
    with Campaign.open(target, data_dir=data_dir) as repaired:
        assert repaired.integrity_check() == ["ok"]
        assert len(repaired.roster.all()) == 7
    dialog.close()


def test_a_bad_campaign_row_is_mended_and_the_copy_said_to_open_opens(
    make_window: Callable[[], MainWindow],
    qtbot: QtBot,
    base_bytes: bytes,
    tmp_path: Path,
    data_dir: Path,
) -> None:
    """Repair said "Open it with File > Open" of a copy File > Open refused."""
    window = make_window()
    path = tmp_path / "altered.gmdesk"
    REFUSED["start date bogus"](path, base_bytes)
    dialog = window.check_campaign_file(path)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=30_000)
    target = tmp_path / "altered repaired.gmdesk"
    dialog.repair_to(target)
    qtbot.waitUntil(lambda: dialog.repair_report is not None, timeout=30_000)
    assert "Open it with File > Open" in dialog.status.text()
    assert "The campaign's first day was 'the day the sky fell'; set to" in (
        dialog.findings.toPlainText()
    )
    assert window.open_campaign(target, interactive=False)
    window.close_campaign()
    dialog.close()


def test_a_file_no_copy_can_be_made_of_says_so_plainly(
    make_window: Callable[[], MainWindow], qtbot: QtBot, tmp_path: Path
) -> None:
    """GM Desk's header and revision, none of a campaign's tables: no copy, and no
    "Open it with File > Open"."""
    import sqlite3
    from contextlib import closing

    from desktop.store.connection import APPLICATION_ID
    from desktop.store.migrations import HEAD

    window = make_window()
    path = tmp_path / "spoofed.gmdesk"
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute(f"PRAGMA application_id={APPLICATION_ID}")
        connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        connection.execute("INSERT INTO alembic_version VALUES (?)", (HEAD,))
    dialog = window.check_campaign_file(path)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=30_000)
    assert dialog.repair_button.isEnabled()
    target = tmp_path / "spoofed repaired.gmdesk"
    dialog.repair_to(target)
    qtbot.waitUntil(lambda: "No repaired copy could be made" in dialog.status.text())
    assert "File > Open" not in dialog.status.text()
    assert dialog.repair_report is None and not target.exists()
    dialog.close()


def test_a_sound_campaign_is_called_sound(
    make_window: Callable[[], MainWindow], qtbot: QtBot, base_bytes: bytes, tmp_path: Path
) -> None:
    window = make_window()
    path = tmp_path / "fine.gmdesk"
    path.write_bytes(base_bytes)
    assert window.open_campaign(path, interactive=False)
    dialog = window.check_campaign_file(window.session.campaign.path)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=30_000)
    assert dialog.report.sound
    assert "sound" in dialog.status.text()
    assert not dialog.repair_button.isEnabled()
    dialog.close()


def test_a_read_only_file_opens_read_only_with_the_reason(
    make_window: Callable[[], MainWindow], base_bytes: bytes, tmp_path: Path
) -> None:
    window = make_window()
    path = tmp_path / "archived.gmdesk"
    path.write_bytes(base_bytes)
    path.chmod(0o444)
    assert window.open_campaign(path, interactive=False)
    assert window.session.read_only
    assert "(read-only)" in window.windowTitle()
    assert "read-only" in window.statusBar().currentMessage()
    assert not window.end_day_action.isEnabled()
    with pytest.raises(ReadOnlyCampaign, match="the file is read-only") as refused:
        window.session.campaign.roster.add("Nobody")
    assert "SQL" not in str(refused.value)
    window.close_campaign()


def test_file_new_never_adopts_an_orphaned_wal(
    make_window: Callable[[], MainWindow],
    base_bytes: bytes,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from PySide6.QtWidgets import QFileDialog

    window = make_window()
    path = tmp_path / "x.gmdesk"
    REFUSED["orphaned -wal only"](path, base_bytes)
    wal = path.with_name("x.gmdesk-wal").read_bytes()
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), ""))
    )
    window.new_campaign()
    assert window.session is None
    assert "x.gmdesk-wal" in window.statusBar().currentMessage()
    assert not path.exists()
    assert path.with_name("x.gmdesk-wal").read_bytes() == wal


def test_a_full_disk_is_told_plainly_at_the_action_that_failed(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3
    from contextlib import contextmanager

    from sqlalchemy.exc import OperationalError

    from desktop.store.writer import Writer
    from desktop.ui.commands import AddCharacter

    @contextmanager
    def full(self: Writer):  # type: ignore[no-untyped-def]
        raise OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full"))
        yield

    monkeypatch.setattr(Writer, "transaction", full)
    session = window.session
    assert session is not None
    assert not session.push(AddCharacter(session, "Kara", "pc"))
    message = session.last_failure or ""
    assert message.startswith("The change was not saved: the disk is full.")
    assert "safe" in message
    assert "sqlalche.me" not in message and "INSERT" not in message
    assert window.statusBar().currentMessage() == message


@pytest.mark.parametrize("check", [True, False])
def test_a_refused_damaged_file_offers_check_campaign(
    make_window: Callable[[], MainWindow],
    base_bytes: bytes,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    check: bool,
) -> None:
    from PySide6.QtWidgets import QMessageBox

    window = make_window()
    path = tmp_path / "altered.gmdesk"
    REFUSED["character kind bogus"](path, base_bytes)
    asked: list[str] = []
    answer = QMessageBox.StandardButton.Yes if check else QMessageBox.StandardButton.No

    def question(_parent: object, _title: str, text: str, *_buttons: object) -> object:
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", question)
    checked: list[Path] = []
    monkeypatch.setattr(window, "check_campaign_file", checked.append)
    assert not window.open_campaign(path)
    assert "Character 1 (Kara Voss)" in asked[0] and "Check it now?" in asked[0]
    assert checked == ([path] if check else [])
