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
from desktop.ui.window_language import tr, window_translator

RULES_REFERENCE = "rules-reference.html"


def rules_reference_page() -> Path:
    """The rules reference in the window's language when it is translated (made from
    resources/rules/RULES.<code>.md), else the English page."""
    code = window_translator().code
    translated = resources_dir() / f"rules-reference.{code}.html"
    if code != "en" and translated.is_file():
        return translated
    return resources_dir() / RULES_REFERENCE


class RulesReference(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesReference")
        self.setWindowTitle(tr("GM Desk rules reference"))
        self.resize(760, 820)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        page = rules_reference_page()
        self.browser.setSource(QUrl.fromLocalFile(str(page)))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)


def about_text(campaign: Path | None, backups: Path | None, data: Path) -> str:
    desk = tr(
        "An offline desk for the Game Master: SySCards, the Energy System dice pool, "
        "daily energy and downtime, automated exactly as written."
    )
    # A folder may be named like HTML too: the paths are only text.
    opened = escaped(str(campaign)) if campaign is not None else escaped(tr("none open"))
    rows = [
        f"<h3>GM Desk {__version__}</h3>",  # untranslated: the app's name and its version
        f"<p>{desk}</p>",  # untranslated: a paragraph's markup
        "<table>",  # untranslated: a table's markup
        _row("Qt", f"{qVersion()} (PySide6 {pyside_version})"),  # untranslated: Qt's name
        _row("Python", platform.python_version()),  # untranslated: Python's name
        # The no-break space keeps the widest label off its value.
        _row(tr("Campaign") + "&nbsp;", opened),  # untranslated: a no-break space's markup
        _row(tr("Backups"), escaped(str(backups or data / "backups"))),
        _row(tr("Data"), escaped(str(data))),
        "</table>",  # untranslated: a table's markup
    ]
    return "".join(rows)


def _row(label: str, value: str) -> str:
    """One row of About's table: `label` and `value` (already HTML)."""
    return f"<tr><td>{label}</td><td>{value}</td></tr>"  # untranslated: a table row's markup


def show_about(parent: QWidget, campaign: Path | None, backups: Path | None, data: Path) -> None:
    QMessageBox.about(parent, tr("About GM Desk"), about_text(campaign, backups, data))
