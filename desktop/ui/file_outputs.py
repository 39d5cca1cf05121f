"""File > Save a Copy and File > Export: where a copy or an export may go, and what the
GM is told when one cannot be written (never a traceback, nothing half written)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog

from desktop import outputs
from desktop.language import N_
from desktop.store import SUFFIX, CampaignLocked
from desktop.ui import long_task
from desktop.ui.file_names import export_path
from desktop.ui.window_language import tr, window_translator

if TYPE_CHECKING:
    from desktop.store import Campaign
    from desktop.ui.main_window import MainWindow
    from desktop.ui.settings import Settings

# The file dialogs' filters, marked only: translated where a dialog is opened,
# tr(CAMPAIGN_FILTER). The campaigns' pattern is SUFFIX's.
CAMPAIGN_FILTER = N_("GM Desk campaigns (*.gmdesk)")
JSON_FILTER = N_("GM Desk exports (*.json)")


def documents_folder() -> Path:
    """The user's documents folder (the system's own, by Qt), or home without one."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(found) if found and Path(found).is_dir() else Path.home()


def pdf_folder(settings: Settings) -> Path:
    """Where Export PDF proposes to save: the folder last used while it is there, else
    the documents folder, never the campaign's own (for the sample campaign that is the
    data folder, among the backups, where nobody looks for a handout)."""
    last = settings.pdf_folder()
    return last if last is not None and last.is_dir() else documents_folder()


def guarded_folders(campaign: Campaign) -> Sequence[Path]:
    """The folders whose files no output replaces: every campaign's backups (the open
    campaign's backup folder sits beside the others')."""
    return [campaign.backup_folder.parent]


def output_refusal(campaign: Campaign, target: Path, kind: outputs.OutputKind) -> str | None:
    """Why `target` may not take `kind` of output of the open `campaign`; None if it may."""
    return outputs.refusal(
        target,
        kind,
        keep=[campaign.path],
        own_folders=guarded_folders(campaign),
        words=window_translator(),
    )


def save_copy(window: MainWindow) -> None:
    """File > Save a Copy…: a whole copy of the open campaign, where the GM chooses."""
    if window.session is None:
        return
    campaign = window.session.campaign
    current = campaign.path
    name, _ = QFileDialog.getSaveFileName(
        window,
        tr("Save a copy"),
        str(current.with_name(tr("{name} copy").format(name=current.stem) + SUFFIX)),
        tr(CAMPAIGN_FILTER),
    )
    if not name:
        return
    target = Path(name).with_suffix(SUFFIX)
    refused = output_refusal(campaign, target, outputs.CAMPAIGN_COPY)
    if refused is not None:
        window.show_problem(tr("No copy was saved. {reason}").format(reason=refused))
        return
    try:
        campaign.save_copy(target)
    except (ValueError, CampaignLocked) as error:
        # The campaign itself, or a campaign another GM Desk holds: said plainly.
        window.show_problem(tr("No copy was saved. {reason}").format(reason=error))
        return
    except (OSError, sqlite3.Error) as error:
        window.show_problem(outputs.write_failure(target, error, words=window_translator()))
        return
    window.statusBar().showMessage(tr("Saved a copy as {file}").format(file=target), 8000)


def export_json(window: MainWindow) -> None:
    """File > Export…: the campaign as a JSON export, where the GM chooses."""
    from desktop.store import DamagedRecord, export_campaign

    if window.session is None:
        return
    campaign = window.session.campaign
    name, _ = QFileDialog.getSaveFileName(
        window,
        tr("Export the campaign"),
        str(export_path(campaign.path.parent, campaign.summary().name, "", ".json")),
        tr(JSON_FILTER),
    )
    if not name:
        return
    target = Path(name)
    refused = output_refusal(campaign, target, outputs.EXPORT)
    if refused is not None:
        window.show_problem(tr("Nothing was exported. {reason}").format(reason=refused))
        return

    def export(progress: Callable[[float], None]) -> bool:
        export_campaign(campaign, target, progress)
        return True

    try:
        label = tr("Exporting to {file}…").format(file=target.name)
        done = long_task.run_with_progress(window, label, export)
    except OSError as error:
        failure = outputs.write_failure(target, error, words=window_translator())
        window.show_problem(tr("{failure} The campaign is unchanged.").format(failure=failure))
        return
    except DamagedRecord as damaged:  # another program wrote it since the open
        window.show_problem(tr("Nothing was exported. {reason}").format(reason=damaged))
        return
    if done:
        window.statusBar().showMessage(tr("Exported to {file}").format(file=name), 8000)
    else:
        window.statusBar().showMessage(tr("Export cancelled: nothing was written."), 8000)
