"""A failed automatic backup is told once, in the backup's own plain words."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QThreadPool, Signal

from desktop.store import BackupFailed
from desktop.ui.backup_scheduler import BackupScheduler


class FailingCampaign:
    revision = 1

    def backup_now(self) -> Path:
        raise BackupFailed(
            Path("Ashes.gmdesk"), Path("backups"), "the disk is full", "Free some space."
        )


class RawFailingCampaign(FailingCampaign):
    def backup_now(self) -> Path:
        raise RuntimeError("something unforeseen")


class Session(QObject):
    about_to_change = Signal()

    def __init__(self, campaign: object) -> None:
        super().__init__()
        self.campaign = campaign


def test_a_backup_that_could_not_be_made_is_said_once(qtbot: object) -> None:
    session = Session(FailingCampaign())
    scheduler = BackupScheduler(session, QThreadPool())  # type: ignore[arg-type]
    said: list[str] = []
    scheduler.failed.connect(said.append)
    session.about_to_change.emit()  # the backup before a first change, on this thread
    assert said == [
        "No backup could be made of “Ashes.gmdesk” in backups: the disk is full. "
        "The campaign itself was not changed. Free some space."
    ]


def test_any_other_failure_is_opened_by_what_failed(qtbot: object) -> None:
    session = Session(RawFailingCampaign())
    scheduler = BackupScheduler(session, QThreadPool())  # type: ignore[arg-type]
    said: list[str] = []
    scheduler.failed.connect(said.append)
    session.about_to_change.emit()
    assert said == ["The automatic backup failed: something unforeseen"]
