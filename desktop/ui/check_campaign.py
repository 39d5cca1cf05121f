"""File > Check Campaign: SQLite's and GM Desk's own checks of a file, and a repaired copy.

As Anki's Check Database. The check and the repair run on a worker thread (a big
campaign takes a while to read), the findings are listed in plain words, and Repair
writes a new file beside the old one; the checked file itself is never written.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QObject, QThreadPool, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from desktop.language import N_
from desktop.store import (
    SUFFIX,
    CampaignRefused,
    CheckReport,
    RepairReport,
    check_campaign,
    repair_campaign,
)
from desktop.ui.form_helpers import push_button
from desktop.ui.plain_text import PlainLabel
from desktop.ui.window_language import ntr, tr

log = logging.getLogger(__name__)
# Marked only, translated when shown; the pattern is SUFFIX's (as file_outputs' filter).
CAMPAIGN_FILTER = N_("GM Desk campaigns (*.gmdesk)")


class _Relay(QObject):
    """Carries a worker's result back to the GUI thread (queued signal)."""

    checked = Signal(object)  # CheckReport
    repaired = Signal(object)  # RepairReport
    failed = Signal(str)


class CheckCampaignDialog(QDialog):
    """Checks `path` as soon as it is shown; offers Repair when something is wrong."""

    def __init__(self, path: Path, pool: QThreadPool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("checkCampaignDialog")
        self.setWindowTitle(tr("Check Campaign"))
        self.resize(640, 420)
        self.path = path
        self._pool = pool
        self.report: CheckReport | None = None
        self.repair_report: RepairReport | None = None
        self._relay = _Relay(self)
        self._relay.checked.connect(self._show_report)
        self._relay.repaired.connect(self._show_repair)
        self._relay.failed.connect(self._show_failure)

        self.status = PlainLabel(tr("Checking “{file}”…").format(file=path.name))
        self.status.setObjectName("checkStatus")
        self.status.setWordWrap(True)
        self.findings = QPlainTextEdit()
        self.findings.setObjectName("checkFindings")
        self.findings.setReadOnly(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.repair_button = push_button(tr("Save a &Repaired Copy…"), "repairButton")
        self.repair_button.setToolTip(
            tr(
                "Write a new campaign file with every record that can still be read. "
                "This file is left exactly as it is."
            )
        )
        self.repair_button.setEnabled(False)
        self.repair_button.clicked.connect(self.choose_repair_target)
        buttons.addButton(self.repair_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.findings, 1)
        layout.addWidget(buttons)

    def start(self) -> None:
        """Run the check on the worker thread; the dialog fills in when it is done."""
        relay, path = self._relay, self.path
        # Translated here, on the GUI thread: the worker only fills it in.
        unfinished = tr("The check could not be finished: {error}")

        def work() -> None:
            try:
                relay.checked.emit(check_campaign(path))
            except Exception as error:  # shown to the GM, never raised into Qt
                log.error("The campaign check failed", exc_info=error)
                relay.failed.emit(unfinished.format(error=error))

        self._pool.start(work)

    def _show_report(self, report: CheckReport) -> None:
        self.report = report
        self.findings.setPlainText("\n".join(f"• {line}" for line in report.lines()))
        if report.sound:
            self.status.setText(
                tr("“{file}” is sound. Nothing needs repairing.").format(file=self.path.name)
            )
        elif report.refused:
            self.status.setText(tr("GM Desk cannot read this file as a campaign."))
        else:
            count = len(report.lines())
            self.status.setText(
                ntr(
                    "Found {count} problem in “{file}”. The file has not been changed. A "
                    "repaired copy keeps every record that can still be read and lists what "
                    "it had to leave out.",
                    "Found {count} problems in “{file}”. The file has not been changed. A "
                    "repaired copy keeps every record that can still be read and lists what "
                    "it had to leave out.",
                    count,
                ).format(count=count, file=self.path.name)
            )
        self.repair_button.setEnabled(not report.sound and not report.refused)

    def choose_repair_target(self) -> None:
        stem = tr("{name} repaired").format(name=self.path.stem)
        suggested = self.path.with_name(f"{stem}{SUFFIX}")
        name, _ = QFileDialog.getSaveFileName(
            self, tr("Save a repaired copy"), str(suggested), tr(CAMPAIGN_FILTER)
        )
        if name:
            self.repair_to(Path(name).with_suffix(SUFFIX))

    def repair_to(self, target: Path) -> None:
        """Write the repaired copy to `target` on the worker thread."""
        self.repair_button.setEnabled(False)
        self.status.setText(tr("Saving a repaired copy as “{file}”…").format(file=target.name))
        relay, source = self._relay, self.path
        # Translated here, on the GUI thread: the worker only fills them in.
        unwritten = tr(
            "The repaired copy could not be written: {reason}. "
            "The damaged file has not been changed."
        )
        unmade = tr("The repaired copy could not be made. “{file}” has not been changed.")

        def work() -> None:
            try:
                relay.repaired.emit(repair_campaign(source, target))
            except CampaignRefused as refused:
                relay.failed.emit(str(refused))
            except OSError as error:
                relay.failed.emit(unwritten.format(reason=error.strerror or error))
            except Exception:  # told to the GM, never raised into Qt (nor its raw text)
                log.exception("The repair failed")
                relay.failed.emit(unmade.format(file=source.name))

        self._pool.start(work)

    def _show_repair(self, report: RepairReport) -> None:
        self.repair_report = report
        kept = sum(report.kept.values())
        lines = [
            ntr(
                "Saved {count} record in “{file}”.", "Saved {count} records in “{file}”.", kept
            ).format(count=kept, file=report.destination.name)
        ]
        if report.mended:
            lines.append(tr("Mended (a value GM Desk cannot use, set to a safe one):"))
            lines += [f"• {line}" for line in report.mended]
        if report.lost:
            lines.append(tr("Left out:"))
            lines += [f"• {line}" for line in report.lost]
        else:
            lines.append(tr("Nothing had to be left out."))
        self.findings.setPlainText("\n".join(lines))
        self.status.setText(
            tr(
                "The repaired copy is “{copy}”. Open it with File > Open; “{file}” is unchanged."
            ).format(copy=report.destination, file=self.path.name)
        )

    def _show_failure(self, message: str) -> None:
        self.status.setText(message)
        self.repair_button.setEnabled(self.report is not None and not self.report.sound)
