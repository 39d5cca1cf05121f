"""File > Export Journal as Markdown…: the GM's or the player-safe journal, one file per
game, into a folder the GM chooses (issue 31).

First which version (a small dialog: the GM's journal, or the player-safe one without
private notes and what players may not see), then the folder; the files are written on
a worker thread behind a progress bar with Cancel (a campaign may have hundreds of
games), all or none.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from desktop.names import shown_path
from desktop.store import DamagedRecord
from desktop.text_files import folder_refusal
from desktop.ui import long_task
from desktop.ui.file_outputs import documents_folder
from desktop.ui.journal_export import export_journal_markdown
from desktop.ui.plain_text import PlainLabel
from desktop.ui.window_language import ntr, tr, window_translator

if TYPE_CHECKING:
    from desktop.ui.main_window import MainWindow

__all__ = ["JournalVersionDialog", "export_journal", "write_journal"]


class JournalVersionDialog(QDialog):
    """Which journal to export: the GM's (everything) or the player-safe one."""

    def __init__(self, games: int, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("journalVersion")
        self.setWindowTitle(tr("Export Journal as Markdown"))
        layout = QVBoxLayout(self)
        files = ntr(
            "One Markdown file for each of the {count} game.",
            "One Markdown file for each of the {count} games.",
            games,
        )
        layout.addWidget(PlainLabel(files.format(count=games)))
        self.gm = QRadioButton(tr("The GM's journal: everything, with private notes"))
        self.gm.setObjectName("journalGm")
        self.players = QRadioButton(
            tr("The player-safe journal: no private notes, nothing players may not see")
        )
        self.players.setObjectName("journalPlayers")
        self.gm.setChecked(True)
        layout.addWidget(self.gm)
        layout.addWidget(self.players)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(tr("Choose Folder…"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def export_journal(window: MainWindow) -> None:
    """File > Export Journal as Markdown…: which version, which folder, then the files."""
    if window.session is None:
        return
    games = len(window.session.campaign.games.all())
    if not games:
        window.show_problem(tr("The campaign has no game yet: the journal is empty."))
        return
    dialog = JournalVersionDialog(games, window)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        players = dialog.players.isChecked()
    finally:
        dialog.deleteLater()
    chosen = QFileDialog.getExistingDirectory(
        window, tr("Export the journal into a folder"), str(documents_folder())
    )
    if chosen:
        write_journal(window, Path(chosen), players=players)


def write_journal(window: MainWindow, folder: Path, *, players: bool) -> list[Path] | None:
    """Write the journal's Markdown into `folder` off the GUI thread; the files written,
    or None when refused or cancelled (said in the window, nothing written)."""
    if window.session is None:
        return None
    campaign = window.session.campaign
    refused = folder_refusal(folder)
    if refused is not None:
        window.show_problem(tr("Nothing was exported. {reason}").format(reason=refused))
        return None
    total = max(1, len(campaign.games.all()))
    words = window_translator()  # the files' headings: the window's language

    def write(progress: Callable[[float], None]) -> list[Path]:
        def going_on(written: int) -> bool:
            progress(written / total)  # raises Cancelled once Cancel was pressed
            return True

        return export_journal_markdown(
            campaign, folder, players=players, going_on=going_on, words=words
        )

    shown = shown_path(folder.name or folder)
    label = tr("Writing the journal into {folder}…").format(folder=shown)
    try:
        written = long_task.run_with_progress(window, label, write)
    except (OSError, ValueError, DamagedRecord) as error:
        window.show_problem(tr("Nothing was exported. {reason}").format(reason=error))
        return None
    if written is None:
        window.statusBar().showMessage(tr("Export cancelled: nothing was written."), 8000)
        return None
    count = len(written)
    if players:
        wrote = ntr(
            "Wrote the player-safe journal of {count} game to {folder}",
            "Wrote the player-safe journal of {count} games to {folder}",
            count,
        )
    else:
        wrote = ntr(
            "Wrote the journal of {count} game to {folder}",
            "Wrote the journal of {count} games to {folder}",
            count,
        )
    window.statusBar().showMessage(wrote.format(count=count, folder=shown_path(folder)), 8000)
    return written
