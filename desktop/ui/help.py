"""Help: the rules reference shipped in resources/, and About."""

from __future__ import annotations

import platform
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QUrl, qVersion
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from desktop import __version__
from desktop.paths import resources_dir
from desktop.ui.plain_text import escaped

RULES_REFERENCE = "rules-reference.html"


class RulesReference(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesReference")
        self.setWindowTitle("GM Desk rules reference")
        self.resize(760, 820)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        page = resources_dir() / RULES_REFERENCE
        self.browser.setSource(QUrl.fromLocalFile(str(page)))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)


def about_text(campaign: Path | None, backups: Path | None, data: Path) -> str:
    rows = [
        f"<h3>GM Desk {__version__}</h3>",
        "<p>An offline desk for the Game Master: SySCards, the Energy System dice pool, "
        "daily energy and downtime, automated exactly as written.</p>",
        "<table>",
        f"<tr><td>Qt</td><td>{qVersion()} (PySide6 {pyside_version})</td></tr>",
        f"<tr><td>Python</td><td>{platform.python_version()}</td></tr>",
        # A folder may be named like HTML too: the paths are only text.
        f"<tr><td>Campaign&nbsp;</td><td>{escaped(str(campaign or 'none open'))}</td></tr>",
        f"<tr><td>Backups</td><td>{escaped(str(backups or data / 'backups'))}</td></tr>",
        f"<tr><td>Data</td><td>{escaped(str(data))}</td></tr>",
        "</table>",
    ]
    return "".join(rows)


def show_about(parent: QWidget, campaign: Path | None, backups: Path | None, data: Path) -> None:
    QMessageBox.about(parent, "About GM Desk", about_text(campaign, backups, data))
