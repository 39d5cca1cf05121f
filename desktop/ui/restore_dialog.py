"""File > Restore Backup: pick one of the campaign's automatic backups."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.store import BackupInfo, list_backups
from desktop.ui.plain_text import PlainLabel, RichLabel, escaped
from desktop.ui.window_language import tr, window_translator


def describe(backup: BackupInfo) -> str:
    size_kb = max(1, round(backup.size / 1024))
    words = window_translator()  # the day and month in the window's language
    taken = f"{words.long_date(backup.taken.date())}, {backup.taken:%H:%M:%S}"
    return tr("{taken}  ·  {size} KB").format(taken=taken, size=words.number(size_kb))


class RestoreBackupDialog(QDialog):
    def __init__(self, folder: Path, campaign_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("restoreBackup")
        self.setWindowTitle(tr("Restore a backup"))
        self.resize(520, 420)
        self.backups = list_backups(folder)
        intro = RichLabel(
            tr(
                "Backups of <b>{campaign}</b>, newest first. Restoring replaces the campaign "
                "with the chosen copy; the campaign as it is now is backed up first, so this "
                "too can be reversed."
            ).format(campaign=escaped(campaign_name))
        )
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("backupList")
        for backup in self.backups:
            item = QListWidgetItem(describe(backup))
            item.setData(Qt.ItemDataRole.UserRole, str(backup.path))
            self.list.addItem(item)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Restore"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        if self.backups:
            layout.addWidget(self.list, 1)
            self.list.setCurrentRow(0)
        else:
            layout.addWidget(PlainLabel(tr("There are no backups of this campaign yet.")), 1)
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        layout.addWidget(self.buttons)

    def chosen(self) -> Path | None:
        item = self.list.currentItem()
        return Path(item.data(Qt.ItemDataRole.UserRole)) if item else None
