"""Save a Copy, Export, Export PDF, Print to PDF and the roll log's export never write
over the campaign, a backup or a file GM Desk did not make as that kind of output, and
every failure is a plain message, never a traceback (issue 26)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtPrintSupport import (
    QPrintDialog,
    QPrinter,
    QPrintPreviewDialog,
    QPrintPreviewWidget,
)
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from desktop.store import Campaign, export_campaign
from desktop.ui.docks.roll_log import CSV_HEADER, RollLogWidget
from desktop.ui.main_window import MainWindow
from desktop.ui.print_choice import SUMMARY, PrintChoiceDialog
from tests.small_disks import small_disk
from tests.ui.docks import campaign_of, shown_dock
from tests.ui.modals import when_modal


def save_as(monkeypatch: pytest.MonkeyPatch, target: Path | str) -> None:
    """The save dialog answers `target`, as a GM who typed it would."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))


def said(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


@pytest.fixture
def held(tmp_path: Path, data_dir: Path) -> Iterator[Path]:
    """A campaign another GM Desk (a real process) holds open for writing."""
    path = tmp_path / "held.gmdesk"
    Campaign.create(path, data_dir=data_dir).close()
    script = (
        "import sys; from pathlib import Path; from desktop.store import Campaign\n"
        f"opened = Campaign.open(Path({str(path)!r}), data_dir=Path({str(data_dir)!r}))\n"
        "print('open', flush=True); sys.stdin.read(); opened.close()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    holder = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "open\n"
    yield path
    holder.communicate("")


# ------------------------------------------------------------------------ Save a Copy


@pytest.mark.parametrize(
    ("read_only", "why"),
    [(False, "the disk is full."), (True, "its folder is on a read-only disk.")],
)
def test_a_copy_onto_a_full_or_read_only_disk_is_said_plainly_and_leaves_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, read_only: bool, why: str
) -> None:
    disk = tmp_path / "disk"
    with small_disk(disk, "64k", read_only=read_only):
        save_as(monkeypatch, disk / "copy.gmdesk")
        window.copy_action.trigger()
        assert said(window).startswith(f"“copy.gmdesk” could not be saved: {why}")
        assert os.listdir(disk) == []


def test_a_copy_over_a_campaign_another_gm_desk_holds_is_refused(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, held: Path
) -> None:
    before = held.read_bytes()
    save_as(monkeypatch, held)
    window.copy_action.trigger()
    assert said(window).startswith("No copy was saved. “held.gmdesk” is open in GM Desk")
    assert held.read_bytes() == before


@pytest.mark.parametrize("link", ["symlink", "hard link"])
def test_a_copy_onto_the_campaign_itself_under_another_name_is_refused(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, link: str
) -> None:
    campaign = campaign_of(window)
    other = tmp_path / "other name.gmdesk"
    if link == "symlink":
        other.symlink_to(campaign.path)
    else:
        os.link(campaign.path, other)
    before = campaign.path.read_bytes()
    save_as(monkeypatch, other)
    window.copy_action.trigger()
    assert "“other name.gmdesk” is the campaign itself" in said(window)
    assert campaign.path.read_bytes() == before and campaign.integrity_check() == ["ok"]
    assert other.is_symlink() == (link == "symlink")


def test_a_copy_never_replaces_a_backup_or_a_file_that_is_not_a_campaign(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    backup = campaign_of(window).backup_now()
    notes = tmp_path / "notes.gmdesk"
    notes.write_text("my notes, typed into the wrong name", encoding="utf-8")
    kept = {path: path.read_bytes() for path in (backup, notes)}
    for target, reason in ((backup, "in GM Desk's backups folder"), (notes, "is not a campaign")):
        save_as(monkeypatch, target)
        window.copy_action.trigger()
        assert said(window).startswith("No copy was saved.") and reason in said(window)
    assert {path: path.read_bytes() for path in kept} == kept


def test_a_copy_may_replace_another_campaign_the_gm_chose(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_dir: Path
) -> None:
    other = tmp_path / "older.gmdesk"
    Campaign.create(other, data_dir=data_dir, name="Older").close()
    save_as(monkeypatch, other)
    window.copy_action.trigger()
    assert said(window) == f"Saved a copy as {other}"
    with Campaign.open(other, data_dir=data_dir) as copied:
        assert copied.summary().name == "Test Campaign"


# ------------------------------------------------------------------------ File > Open


def test_opening_a_name_with_bytes_that_are_not_text_is_said_plainly(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    odd = os.fsdecode(bytes(tmp_path) + b"/odd\xff.gmdesk")
    shutil.copy(campaign_of(window).path, odd)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (odd, ""))
    window.open_action.trigger()
    assert "“odd\N{REPLACEMENT CHARACTER}.gmdesk” holds characters that are not text" in said(
        window
    )
    assert campaign_of(window).summary().name == "Test Campaign"  # still open, as it was


def test_a_start_with_such_a_name_says_so_in_the_window(
    make_window: Callable[[], MainWindow], tmp_path: Path
) -> None:
    from desktop.app import _open_at_start

    window = make_window()
    window.show_layout_before_opening()
    odd = Path(os.fsdecode(bytes(tmp_path) + b"/new\xff.gmdesk"))
    _open_at_start(window, odd)  # as a double-click on the file starts GM Desk
    assert window.session is None
    assert "“new\N{REPLACEMENT CHARACTER}.gmdesk” holds characters that are not text" in said(
        window
    )
    assert not os.path.lexists(odd)  # nothing made under that name


def test_importing_as_such_a_name_or_making_one_is_said_plainly(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    exported = tmp_path / "exported.json"
    export_campaign(campaign_of(window), exported)
    odd = Path(os.fsdecode(bytes(tmp_path) + b"/imported\xff.gmdesk"))
    assert not window.import_from(exported, odd)
    assert said(window).startswith(
        "Nothing was imported. The name “imported\N{REPLACEMENT CHARACTER}"
    )
    save_as(monkeypatch, os.fsdecode(bytes(tmp_path) + b"/new\xff"))
    window.new_action.trigger()
    assert "“new\N{REPLACEMENT CHARACTER}.gmdesk” holds characters" in said(window)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["campaigns", "data", "exported.json", "home", "settings.ini"]
    )


# ------------------------------------------------------------------------ exports


def test_an_export_never_replaces_the_campaign_or_a_file_that_is_not_an_export(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    campaign = campaign_of(window)
    linked = tmp_path / "linked.json"
    linked.symlink_to(campaign.path)
    notes = tmp_path / "notes.json"
    notes.write_text('{"my": "notes"}', encoding="utf-8")
    before = {path: path.read_bytes() for path in (campaign.path, notes)}
    for target, reason in (
        (linked, "is the campaign itself"),
        (notes, "not an export GM Desk wrote"),
    ):
        save_as(monkeypatch, target)
        window.export_action.trigger()
        assert said(window).startswith("Nothing was exported.") and reason in said(window)
    assert {path: path.read_bytes() for path in before} == before
    earlier = tmp_path / "earlier.json"
    export_campaign(campaign, earlier)
    save_as(monkeypatch, earlier)
    window.export_action.trigger()
    assert said(window) == f"Exported to {earlier}"


def choose_summary(dialog: QWidget) -> None:
    assert isinstance(dialog, PrintChoiceDialog)
    dialog.buttons[SUMMARY].setChecked(True)
    dialog.accept()


def test_export_pdf_over_the_campaign_is_refused(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    campaign = campaign_of(window)
    hard = tmp_path / "summary.pdf"
    os.link(campaign.path, hard)
    before = campaign.path.read_bytes()
    for target in (campaign.path, hard):
        save_as(monkeypatch, target)
        when_modal(qtbot, choose_summary, PrintChoiceDialog)
        window.pdf_action.trigger()
        assert said(window).startswith("No PDF was saved.")
        assert "is the campaign itself" in said(window)
    assert campaign.path.read_bytes() == before


def test_print_to_a_pdf_file_over_the_campaign_is_refused(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = campaign_of(window)
    before = campaign.path.read_bytes()

    def print_to_the_campaign(dialog: QPrintDialog) -> QPrintDialog.DialogCode:
        dialog.printer().setOutputFileName(str(campaign.path))  # "Print to File (PDF)"
        return QPrintDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", print_to_the_campaign)
    when_modal(qtbot, choose_summary, PrintChoiceDialog)
    window.print_action.trigger()
    assert said(window).startswith("Nothing was printed.")
    assert "is the campaign itself" in said(window)
    assert campaign.path.read_bytes() == before


def test_the_preview_s_print_to_a_pdf_file_over_the_campaign_is_refused(
    window: MainWindow, qtbot: QtBot
) -> None:
    campaign = campaign_of(window)
    before = campaign.path.read_bytes()

    def print_to_the_campaign(dialog: QWidget) -> None:
        assert isinstance(dialog, QPrintPreviewDialog)
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(campaign.path))
        preview = dialog.findChild(QPrintPreviewWidget)
        assert preview is not None
        preview.print_()  # what the preview's Print button does once a file is chosen
        dialog.reject()

    def choose(dialog: QWidget) -> None:
        when_modal(qtbot, print_to_the_campaign, QPrintPreviewDialog)
        choose_summary(dialog)

    when_modal(qtbot, choose, PrintChoiceDialog)
    window.preview_action.trigger()
    qtbot.waitUntil(lambda: said(window).startswith("Nothing was printed."))
    assert "“Test Campaign.gmdesk” is a campaign" in said(window)
    assert campaign.path.read_bytes() == before
    # The print alignment test's preview prints through the same door.
    window.statusBar().clearMessage()
    when_modal(qtbot, print_to_the_campaign, QPrintPreviewDialog)
    window.alignment_action.trigger()
    qtbot.waitUntil(lambda: said(window).startswith("Nothing was printed."))
    assert campaign.path.read_bytes() == before


def test_the_roll_log_export_never_replaces_the_campaign(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    campaign = campaign_of(window)
    log = shown_dock(window, "rollLog", RollLogWidget)
    before = campaign.path.read_bytes()
    save_as(monkeypatch, campaign.path)
    log.export_dialog()
    assert "The roll log was not exported." in said(window)
    assert "is the campaign itself" in said(window)
    assert campaign.path.read_bytes() == before
    earlier = tmp_path / "log.csv"
    log.export_csv(earlier)
    save_as(monkeypatch, earlier)
    log.export_dialog()  # an earlier export of the log is replaced
    assert earlier.read_text(encoding="utf-8").startswith("Campaign day,Wall clock,")


def test_the_roll_log_on_a_read_only_disk_is_said_plainly(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = shown_dock(window, "rollLog", RollLogWidget)
    disk = tmp_path / "disk"
    with small_disk(disk, "64k", read_only=True):
        save_as(monkeypatch, disk / "log.csv")
        log.export_dialog()
        assert said(window).startswith("“log.csv” could not be saved: its folder is on a read-only")
        assert "Errno" not in said(window) and os.listdir(disk) == []


def test_a_roll_log_export_cut_short_by_a_full_disk_leaves_the_earlier_one_whole(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = shown_dock(window, "rollLog", RollLogWidget)
    disk = tmp_path / "disk"
    with small_disk(disk, "64k"):
        earlier = disk / "log.csv"
        earlier.write_text(",".join(CSV_HEADER) + "\nan earlier export\n", encoding="utf-8")
        with (disk / "filler").open("wb", buffering=0) as filler, contextlib.suppress(OSError):
            while True:  # until the disk is full
                filler.write(b"\0" * 4096)
        save_as(monkeypatch, earlier)
        log.export_dialog()
        assert said(window).startswith("“log.csv” could not be saved: the disk is full")
        assert earlier.read_text(encoding="utf-8").endswith("\nan earlier export\n")
        assert sorted(os.listdir(disk)) == ["filler", "log.csv"]
