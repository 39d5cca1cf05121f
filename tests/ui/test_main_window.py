"""The main window: layout, recent files, backups, import, help."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from desktop import __version__
from desktop.store import Campaign
from desktop.store.backups import list_backups
from desktop.ui.docks.panels import DOCKS
from desktop.ui.help import RulesReference, about_text
from desktop.ui.main_window import MainWindow
from desktop.ui.settings import LAYOUT_VERSION, Settings


def test_title_status_bar_and_menus(window: MainWindow) -> None:
    assert window.windowTitle() == "Test Campaign — GM Desk"
    assert window.campaign_label.text() == "Test Campaign"
    assert window.day_label.text() == "Day 1  ·  Sun 01 Mar 2026"
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&File", "&Edit", "&Campaign", "&Downtime", "&View", "&Help"]
    view = [a.text() for a in window.view_menu.actions() if a.text()]
    workspaces = ["&Play", "P&rep", "&Between Sessions"]
    display = [
        "&Player Display",
        "&Blank Player Display",
        "Player Display &Full Screen",
        "Player Display on &Screen",
        "Show “Previously On” on Player Display",  # the players' recap (issue 31)
        "Show Players' &Luck on Player Display",  # the players' luck (issue 33)
        "Give Handout to &All Players…",  # handouts go to the phones, from the display's menu
        "Handouts &Given…",
    ]
    assert view == [
        *workspaces,
        *(panel.title for panel in DOCKS),
        # F6 / Shift+F6 and Ctrl+Shift+PgDown / PgUp (issue 34, "Keyboard only")
        "&Next Dock",
        "Pre&vious Dock",
        "Ne&xt Tab",
        "Previo&us Tab",
        *display,
        "Share with Pla&yers…",
        "&Reset Workspace",
        "&Theme",
        "&Language",
        "Zoom &In",
        "Zoom &Out",
        "Reset &Zoom",
    ]
    assert view[3:7] == ["Roster", "Dice Table", "SySCards", "Energy Calendar"]
    assert window.panels[0].objectName() == "roster"


def test_layout_is_saved_and_restored(
    window: MainWindow, make_window: Callable[[], MainWindow]
) -> None:
    roster = window.panels[0]
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, roster)
    window.resize(760, 560)
    expected = (window.width(), window.height())  # the docks' minimum may widen it
    window.close()
    again = make_window()
    assert again.dockWidgetArea(again.panels[0]) == Qt.DockWidgetArea.LeftDockWidgetArea
    # A restored window is shrunk to fit the screen (the offscreen one is small).
    available = again.screen().availableGeometry()
    # Its height is the saved one or, when that is taller than the screen, the screen's
    # less the window frame (the offscreen platform draws a title bar of about 26 px).
    assert available.contains(again.geometry())
    assert min(expected[1], available.height()) - 30 <= again.height()
    assert abs(again.width() - min(expected[0], available.width())) <= 4  # frame margins
    again.reset_layout()
    assert again.dockWidgetArea(again.panels[0]) == Qt.DockWidgetArea.RightDockWidgetArea


def test_a_layout_from_other_docks_is_ignored(
    window: MainWindow, make_window: Callable[[], MainWindow], settings_path: Path
) -> None:
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, window.panels[0])
    window.close()
    text = settings_path.read_text()
    settings_path.write_text(text.replace(f"layout_version={LAYOUT_VERSION}", "layout_version=0"))
    again = make_window()
    assert again.dockWidgetArea(again.panels[0]) == Qt.DockWidgetArea.RightDockWidgetArea


def test_recent_files_and_close(window: MainWindow, make_window: Callable[[], MainWindow]) -> None:
    assert window.session is not None
    path = window.session.campaign.path
    assert window.settings.recent_files() == [path]
    window.close_campaign()
    assert window.session is None
    assert window.windowTitle() == "GM Desk"
    assert not window.start_page.isHidden()
    assert window.start_page.recent.count() == 1
    assert not window.copy_action.isEnabled()
    window.start_page.recent_requested.emit(path)
    assert window.session is not None
    assert window.start_page.isHidden()


def test_a_refused_file_is_explained_and_nothing_opens(
    make_window: Callable[[], MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    bogus = tmp_path / "notes.gmdesk"
    bogus.write_text("not a campaign")
    window = make_window()
    assert not window.open_campaign(bogus)
    assert shown and "not a database file" in shown[0]
    assert window.session is None
    assert bogus.read_text() == "not a campaign"


def test_a_locked_campaign_opens_read_only_when_the_gm_agrees(
    window: MainWindow, make_window: Callable[[], MainWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.session is not None
    path = window.session.campaign.path
    asked: list[str] = []

    def question(_parent: object, _title: str, text: str, *_args: object) -> object:
        asked.append(text)
        return QMessageBox.StandardButton.Open

    monkeypatch.setattr(QMessageBox, "question", question)
    second = make_window()
    assert second.open_campaign(path)
    assert "process" in asked[0] and "read-only" in asked[0]
    assert second.session is not None and second.session.read_only
    assert not second.restore_action.isEnabled()


def test_backups_on_open_and_close_and_restore(window: MainWindow, data_dir: Path) -> None:
    assert window.session is not None and window.backups is not None
    campaign = window.session.campaign
    folder = campaign.backup_folder
    window.pool.waitForDone()
    assert len(list_backups(folder)) == 1  # on open
    campaign.roster.add("Kara")
    window.close_campaign()
    taken = list_backups(folder)
    assert len(taken) == 2  # on close, because something changed

    path = campaign.path
    assert window.open_campaign(path)
    assert window.session is not None
    window.session.campaign.roster.add("Mistake")
    first = taken[-1]  # oldest: before Kara
    assert window.restore_from(first.path)
    assert window.session is not None
    assert [c.name for c in window.session.campaign.roster.all()] == []
    # The campaign as it was before restoring is among the backups now.
    newest = list_backups(folder)[0]
    with Campaign.open(newest.path, data_dir=data_dir, read_only=True) as before:
        assert [c.name for c in before.roster.all()] == ["Kara", "Mistake"]


def test_timer_backs_up_only_after_a_change(window: MainWindow) -> None:
    assert window.session is not None and window.backups is not None
    window.pool.waitForDone()
    folder = window.session.campaign.backup_folder
    window.backups._on_timer()
    window.pool.waitForDone()
    assert len(list_backups(folder)) == 1
    window.session.campaign.roster.add("Kara")
    window.backups._on_timer()
    window.pool.waitForDone()
    assert len(list_backups(folder)) == 2


def test_import_of_a_bad_file_writes_nothing(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    problems: list[str] = []
    monkeypatch.setattr(window, "show_problem", problems.append)
    source = tmp_path / "bad.json"
    source.write_text(json.dumps({"format": "gm-desk-campaign", "version": 1, "campaign": 3}))
    target = tmp_path / "imported.gmdesk"
    assert not window.import_from(source, target)
    assert problems and "campaign: expected an object" in problems[0]
    assert not target.exists()


def test_export_then_import_through_the_window(window: MainWindow, tmp_path: Path) -> None:
    from desktop.store.exchange import export_campaign

    assert window.session is not None
    window.session.campaign.roster.add("Kara")
    exported = tmp_path / "out.json"
    export_campaign(window.session.campaign, exported)
    assert window.import_from(exported, tmp_path / "copy.gmdesk")
    assert window.session is not None
    assert [c.name for c in window.session.campaign.roster.all()] == ["Kara"]


def test_rules_reference_and_about(window: MainWindow, qtbot: object, data_dir: Path) -> None:
    dialog = RulesReference(window)
    text = dialog.browser.toPlainText()
    assert "SySCards" in text and "Tale Mode" in text
    dialog.close()
    about = about_text(Path("/c/x.gmdesk"), Path("/b"), data_dir)
    assert __version__ in about and "x.gmdesk" in about and "Qt" in about


def test_problems_never_block(window: MainWindow) -> None:
    window.show_problem("The disk is full.")
    box = window.findChild(QMessageBox, "problemBox")
    assert box is not None and box.isVisible() and "disk is full" in box.text()
    box.close()


def test_new_campaign_opens_at_once(
    make_window: Callable[[], MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    target = tmp_path / "Fresh"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window = make_window()
    window.new_action.trigger()
    assert window.session is not None
    assert window.session.campaign.path == target.with_suffix(".gmdesk")
    assert window.session.campaign.summary().start_date == date.today()


def test_no_worker_starts_once_the_window_has_closed(
    settings_path: Path, data_dir: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sweep started after close ran while the pool was deleted, which waits for it
    holding Python's lock the sweep needs: the test run hung for ever."""
    import desktop.ui.main_window as main_window_module

    swept: list[Path] = []
    monkeypatch.setattr(main_window_module, "remove_backup_leftovers", swept.append)
    window = MainWindow(
        Settings(QSettings(str(settings_path), QSettings.Format.IniFormat)), data_dir
    )
    window.close()  # before the event loop's first turn, which asks for the sweep
    for _ in range(5):
        QApplication.processEvents()
    window.pool.waitForDone()
    assert swept == []
    window.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
