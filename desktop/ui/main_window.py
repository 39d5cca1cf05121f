"""The main window: menus, the docks, the status bar and the open campaign.

What only a menu command needs (printing, restore, Check Campaign, End Day, help) is
imported when the command runs: measured (issue 28, 3 runs), importing it with the
window makes first paint some 90 ms later and ready some 70 ms later.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QThreadPool, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QShowEvent, QUndoGroup
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QWidget,
)

from desktop.names import undecodable, undecodable_message
from desktop.paths import log_dir, resources_dir
from desktop.store import (
    SUFFIX,
    CampaignLocked,
    CampaignRefused,
    NotFound,
    Topic,
    remove_backup_leftovers,
    remove_leftovers,
)
from desktop.ui import file_outputs, long_task, read_guard
from desktop.ui.accessible import Announcer, name_overflow
from desktop.ui.backup_scheduler import BackupScheduler
from desktop.ui.dock_cycle import cycle_docks, cycle_tabs
from desktop.ui.docks import panels
from desktop.ui.downtime.launcher import DowntimeLauncher
from desktop.ui.file_names import recent_entry
from desktop.ui.form_helpers import forget_refusals
from desktop.ui.gil_share import favour_the_gui_thread
from desktop.ui.image_check import image_decodes
from desktop.ui.language_menu import language_menu
from desktop.ui.menu_refill import needs_refill
from desktop.ui.panel import Panel, PanelFiller
from desktop.ui.plain_text import (
    PlainLabel,
    ask,
    error_box,
    message_box,
    plain_action_tip,
    tooltip,
    warn,
)
from desktop.ui.player_display.controller import PlayerDisplay
from desktop.ui.players_luck_launcher import PlayersLuckLauncher
from desktop.ui.recap_launcher import RecapLauncher
from desktop.ui.record_links import open_hit, open_record
from desktop.ui.session import CampaignSession
from desktop.ui.settings import LAYOUT_VERSION, Settings
from desktop.ui.sharing.controller import PlayerSharing, ServerFactory, share_server
from desktop.ui.sharing.files import SiteFiles, share_files
from desktop.ui.start_page import StartPage
from desktop.ui.table_keys import TableKeys
from desktop.ui.theme import THEMES, apply_theme, theme_choice
from desktop.ui.undo_keys import UndoKeyFilter
from desktop.ui.window_language import new_campaign_language, ntr, tr, window_translator
from desktop.ui.workspaces import WORKSPACES, arrange, restore, workspace_named
from desktop.ui.zoom_control import ZoomControl

if TYPE_CHECKING:
    from desktop.printing.cards import PrintCard
    from desktop.store import Campaign, CampaignDocument, CardRecord
    from desktop.store.search_index import SearchHit
    from desktop.ui.palette.popup import PalettePopup
    from desktop.ui.search.search_box import SearchBox

log = logging.getLogger(__name__)

APP_NAME = "GM Desk"  # untranslated: the app's name


def _logged(work: Callable[[], object]) -> None:
    """Run a worker's `work`; what it raises is logged with its traceback, since no one
    waits on a background task (sweeping leftovers) to be told."""
    try:
        work()
    except Exception:
        log.exception("A background task failed")


class MainWindow(QMainWindow):
    def __init__(
        self,
        settings: Settings,
        data_dir: Path,
        parent: QWidget | None = None,
        *,
        log_folder: Path | None = None,
        share_server: ServerFactory = share_server,
        share_files: Callable[[], SiteFiles] = share_files,
        zoom: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.settings = settings
        # View > Zoom's remembered step (or `zoom`, --zoom's, for this run only), before
        # the docks are built: each is made at its size once.
        self.zoom = ZoomControl(self, settings, zoom)
        self.data_dir = data_dir
        # The log's folder (Help > Open Log Folder): the one start-up logs to, else the
        # platform's (the log went to stderr only, or the window was made without one).
        self.log_folder = log_folder or log_dir()
        self.session: CampaignSession | None = None
        self.backups: BackupScheduler | None = None
        self.pool = QThreadPool(self)
        favour_the_gui_thread()  # the pool's Python gives the window the GIL back quickly
        self._closed = False
        self._palette: PalettePopup | None = None  # made when first opened
        # The status bar's words while an all-ones roll waits for its choice (None when
        # none waits), to clear them once it is made.
        self._all_ones_said: str | None = None
        # Results and refusals read out to a screen reader (the docks find it from theirs).
        self.announcer = Announcer(self)

        # Backups cut short by a crash or a kill left partial files: gone at each start,
        # once the docks on screen are filled (from the event loop's first turn).
        def sweep() -> None:
            self.start_worker(lambda: remove_backup_leftovers(data_dir))

        QTimer.singleShot(0, self, lambda: self.when_filled(sweep))
        self.undo_group = QUndoGroup(self)
        # Ctrl+Z reaches the campaign even with a field focused (unless it holds typing).
        self.undo_keys = UndoKeyFilter(self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            self.undo_keys.watch(app)
        self.setDockNestingEnabled(True)

        self.panels: list[Panel] = []
        self._opening = False  # the docks are shown, waiting for the campaign to open
        self._shown_once = False
        # The window paints first, with the docks' titles; their views fill in after.
        self.filler = PanelFiller(self)
        for panel_class in panels.DOCKS:  # in the order they fill in
            panel = panel_class(self)
            self.addDockWidget(panel_class.area, panel)
            self.filler.add(panel)
            self.panels.append(panel)
        self.workspace = workspace_named(settings.workspace()).name
        self.start_page = StartPage()
        self.start_page.new_requested.connect(self.new_campaign)
        self.start_page.open_requested.connect(self.open_dialog)
        self.start_page.sample_requested.connect(self.open_sample)
        self.start_page.recent_requested.connect(self.open_campaign)
        self.setCentralWidget(self.start_page)

        self.player_display = PlayerDisplay(settings, self, self.pool)
        # The server and its files are passed in: the tests share through a double.
        self.sharing = PlayerSharing(self, share_server, share_files)
        self._build_actions()
        # N, R, A, F, the quick roll's digits and Space: wherever the focus is.
        self.table_keys = TableKeys(self, self.undo_keys.chosen_for_keys)
        self._build_menus()
        self._build_status_bar()
        self._restore_layout()
        self.set_session(None)

    # -- actions and menus -------------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: object,
        shortcut: str | QKeySequence | QKeySequence.StandardKey | None = None,
        name: str = "",
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutVisibleInContextMenu(True)  # whatever the platform's habit
        if name:
            action.setObjectName(name)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        keys = QKeySequence.StandardKey
        self.new_action = self._action(
            tr("&New Campaign…"), self.new_campaign, keys.New, "actionNew"
        )
        self.open_action = self._action(tr("&Open…"), self.open_dialog, keys.Open, "actionOpen")
        self.copy_action = self._action(
            tr("Save a &Copy…"), self.save_copy, keys.SaveAs, "actionSaveCopy"
        )
        self.export_action = self._action(tr("&Export…"), self.export_json, None, "actionExport")
        # The journal, one Markdown file per game, for an Obsidian vault (GM's or players').
        self.journal_export_action = self._action(
            tr("Export &Journal as Markdown…"), self.export_journal, None, "actionExportJournal"
        )
        self.import_action = self._action(tr("&Import…"), self.import_json, None, "actionImport")
        # Each asks first what to print: a sheet, all players' sheets, the GM summary, cards.
        self.print_action = self._action(
            tr("&Print…"), self.print_document, keys.Print, "actionPrint"
        )
        self.preview_action = self._action(
            tr("Print Pre&view…"), self.preview_document, None, "actionPrintPreview"
        )
        # The selected character's sheet is the dialog's first choice: Ctrl+Shift+E,
        # Enter, Enter writes it.
        self.pdf_action = self._action(
            tr("Export P&DF…"), self.export_document, "Ctrl+Shift+E", "actionPdf"
        )
        # One sheet, printed two-sided, to read the back offset off.
        self.alignment_action = self._action(
            tr("Print &Alignment Test…"), self.preview_alignment, None, "actionPrintAlignment"
        )
        self.restore_action = self._action(
            tr("&Restore Backup…"), self.restore_dialog, None, "actionRestore"
        )
        self.check_action = self._action(
            tr("Chec&k Campaign…"), self.check_campaign, None, "actionCheckCampaign"
        )
        self.check_action.setToolTip(
            tr("Check a campaign file for damage, and save a repaired copy if it needs one")
        )
        self.close_action = self._action(
            tr("&Close"), self.close_campaign, keys.Close, "actionClose"
        )
        # Ctrl+Q itself: the platform's Quit binding is empty on Windows (and offscreen).
        self.quit_action = self._action(tr("&Quit"), self.quit_asking, "Ctrl+Q", "actionQuit")
        self.undo_action = self.undo_group.createUndoAction(self, tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence(keys.Undo))
        self.undo_action.setObjectName("actionUndo")
        self.redo_action = self.undo_group.createRedoAction(self, tr("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.setObjectName("actionRedo")
        for action, short in ((self.undo_action, tr("Undo")), (self.redo_action, tr("Redo"))):
            # The toolbar button keeps one short word: the step's name (a character's,
            # however long) is in the menu and the tooltip, and never pushes the toolbar.
            action.setIconText(short)
            # The menu shows the keys whatever the platform's habit for shortcuts in menus.
            action.setShortcutVisibleInContextMenu(True)
            plain_action_tip(action)
        for action, step in (
            (self.undo_action, self.undo_group.undo),
            (self.redo_action, self.undo_group.redo),
        ):
            # Typing still waiting for its pause (a journal note) is written first, so it
            # is the step undone: else undoing what it is about (its scene) loses it.
            action.triggered.disconnect()
            action.triggered.connect(lambda _checked=False, step=step: self._after_flush(step))
        self.reset_layout_action = self._action(
            tr("&Reset Workspace"), self.reset_layout, None, "actionResetWorkspace"
        )
        self.reset_layout_action.setToolTip(
            tr("Put this workspace's views back as they first were")
        )
        self.workspace_group = QActionGroup(self)
        self.workspace_actions: dict[str, QAction] = {}
        for workspace in WORKSPACES:
            title = tr(workspace.title)
            action = self._action(
                title,
                lambda _=False, name=workspace.name: self.show_workspace(name),
                workspace.shortcut,
                f"workspace_{workspace.name}",
            )
            action.setCheckable(True)
            action.setToolTip(f"{title.replace('&', '')} ({workspace.shortcut})")
            self.workspace_group.addAction(action)
            self.workspace_actions[workspace.name] = action
        self.workspace_actions[self.workspace].setChecked(True)
        self.rules_action = self._action(
            tr("&Rules Reference"), self.show_rules, keys.HelpContents, "actionRules"
        )
        self.about_action = self._action(tr("&About GM Desk"), self.show_about, None, "actionAbout")
        self.log_action = self._action(
            tr("Open &Log Folder"), self.open_log_folder, None, "actionOpenLogFolder"
        )
        self.log_action.setToolTip(
            tr("Show the folder of GM Desk's log, to send with a bug report")
        )
        self.palette_action = self._action(
            tr("Command &Palette…"), self.open_palette, "Ctrl+Shift+P", "actionCommandPalette"
        )
        self.palette_action.setToolTip(tr("Find any command by typing its name (Ctrl+Shift+P)"))
        self.end_day_action = self._action(tr("&End Day…"), self.end_day, "Ctrl+E", "actionEndDay")
        self.end_day_action.setToolTip(tr("Roll every character over to the next day (Ctrl+E)"))
        self.find_action = self._action(
            tr("&Find in Campaign…"), self.find_in_campaign, "Ctrl+K", "actionFindInCampaign"
        )
        self.find_action.setEnabled(False)  # until a campaign is open
        # F6 / Shift+F6 from dock to dock, Ctrl+Shift+PgDown / PgUp from tab to tab of a
        # dock's group: no dock's own key uses them, and a text box lets them through.
        self.dock_actions = [
            self._action(tr("&Next Dock"), lambda: cycle_docks(self, self.panels, 1), "F6"),
            self._action(
                tr("Pre&vious Dock"), lambda: cycle_docks(self, self.panels, -1), "Shift+F6"
            ),
            self._action(
                tr("Ne&xt Tab"), lambda: cycle_tabs(self, self.panels, 1), "Ctrl+Shift+PgDown"
            ),
            self._action(
                tr("Previo&us Tab"), lambda: cycle_tabs(self, self.panels, -1), "Ctrl+Shift+PgUp"
            ),
        ]
        names = ("actionNextDock", "actionPreviousDock", "actionNextTab", "actionPreviousTab")
        tips = (
            tr("Go to the next view on screen (F6)"),
            tr("Go to the previous view on screen (Shift+F6)"),
            tr("Bring the next tab of this view's group to the front (Ctrl+Shift+PgDown)"),
            tr("Bring the previous tab of this view's group to the front (Ctrl+Shift+PgUp)"),
        )
        for action, name, tip in zip(self.dock_actions, names, tips, strict=True):
            action.setObjectName(name)
            action.setToolTip(tip)
        self.search_box: SearchBox | None = None  # made at the first search

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(tr("&File"))
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu(tr("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addActions(
            [self.copy_action, self.export_action, self.journal_export_action, self.import_action]
        )
        file_menu.addSeparator()
        file_menu.addActions([self.print_action, self.preview_action, self.pdf_action])
        file_menu.addAction(self.alignment_action)
        file_menu.addSeparator()
        file_menu.addActions([self.restore_action, self.check_action])
        file_menu.addSeparator()
        file_menu.addActions([self.close_action, self.quit_action])
        edit_menu = bar.addMenu(tr("&Edit"))
        edit_menu.addActions([self.undo_action, self.redo_action])
        edit_menu.addSeparator()
        edit_menu.addAction(self.find_action)
        edit_menu.addAction(self.palette_action)
        self.campaign_menu = bar.addMenu(tr("&Campaign"))
        self.campaign_menu.addAction(self.end_day_action)
        self.recap = RecapLauncher(self, self.settings, self.player_display)
        self.campaign_menu.addAction(self.recap.action)
        self.players_luck = PlayersLuckLauncher(self, self.player_display, self.pool)
        self.campaign_menu.addAction(self.players_luck.action)
        toolbar = self.addToolBar(tr("Campaign"))
        toolbar.setObjectName("campaignToolBar")
        name_overflow(toolbar)
        toolbar.addActions([self.undo_action, self.redo_action])
        toolbar.addSeparator()
        toolbar.addAction(self.end_day_action)
        self.downtime = DowntimeLauncher(self)
        bar.addMenu(self.downtime.menu)
        workspaces = self.addToolBar(tr("Workspaces"))
        workspaces.setObjectName("workspaceToolBar")
        name_overflow(workspaces, tr("More workspaces"))
        workspaces.addActions(self.workspace_group.actions())
        self.view_menu = bar.addMenu(tr("&View"))
        self.view_menu.addActions(self.workspace_group.actions())
        self.view_menu.addSeparator()
        for panel in self.panels:
            self.view_menu.addAction(panel.toggleViewAction())
        self.view_menu.addSeparator()
        self.view_menu.addActions(self.dock_actions)
        self.view_menu.addSeparator()
        self.view_menu.addActions(self.player_display.menu.actions())
        self.view_menu.addAction(self.sharing.action)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.reset_layout_action)
        self.view_menu.addMenu(self._theme_menu())
        self.view_menu.addMenu(
            language_menu(self, self.settings, lambda text: self.statusBar().showMessage(text))
        )
        self.view_menu.addSeparator()
        self.view_menu.addActions(self.zoom.actions)
        help_menu = bar.addMenu(tr("&Help"))
        help_menu.addActions([self.rules_action, self.log_action, self.about_action])

    def _theme_menu(self) -> QMenu:
        """View > Theme: the system's scheme, light, dark or high contrast; remembered,
        applied at once."""
        menu = QMenu(tr("&Theme"), self)
        menu.setObjectName("themeMenu")
        group = QActionGroup(menu)
        app = QApplication.instance()
        current = theme_choice(app) if isinstance(app, QApplication) else "system"
        self.theme_actions: dict[str, QAction] = {}
        texts = (tr("&System"), tr("&Light"), tr("&Dark"), tr("&High Contrast"))
        for name, text in zip(THEMES, texts, strict=True):
            action = menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(name == current)
            action.setObjectName(f"theme_{name}")
            action.triggered.connect(lambda _=False, n=name: self.set_theme(n))
            group.addAction(action)
            self.theme_actions[name] = action
        return menu

    def set_theme(self, name: str) -> None:
        """Use theme `name` (one of THEMES) now and at every start."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, name)
        self.settings.set_theme(name)
        self.theme_actions[name].setChecked(True)

    def _fill_recent_menu(self) -> None:
        from desktop.store import campaign_name

        recent = self.settings.recent_files()
        # An "&" doubled, or the menu would take it for a shortcut's mark.
        texts = [recent_entry(path, campaign_name(path)).replace("&", "&&") for path in recent]
        # Kept as they are when they would read the same (the palette asks at each opening).
        if not needs_refill(self.recent_menu, tuple(zip(texts, map(str, recent), strict=True))):
            return
        self.recent_menu.setToolTipsVisible(True)
        for path, text in zip(recent, texts, strict=True):
            action = self.recent_menu.addAction(text)
            action.setToolTip(tooltip(str(path)))
            action.triggered.connect(lambda _=False, p=path: self.open_campaign(p))
        if recent:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction(tr("Clear the List"), self._clear_recent)
            clear.setObjectName("recentClear")
        else:
            empty = self.recent_menu.addAction(tr("No recent campaigns"))
            empty.setObjectName("recentNone")  # the palette says why it is off by it
            empty.setEnabled(False)

    def _clear_recent(self) -> None:
        self.settings.clear_recent()
        self.start_page.set_recent([])

    def _build_status_bar(self) -> None:
        self.campaign_label = PlainLabel()
        self.campaign_label.setObjectName("statusCampaign")
        self.day_label = PlainLabel()
        self.day_label.setObjectName("statusDay")
        self.statusBar().addPermanentWidget(self.player_display.blanked_note)
        self.statusBar().addPermanentWidget(self.sharing.status)
        self.statusBar().addPermanentWidget(self.campaign_label)
        self.statusBar().addPermanentWidget(self.day_label)

    # -- layout -------------------------------------------------------------------------------

    def _restore_layout(self) -> None:
        self._restore_workspace(self.workspace)
        # Until a campaign opens the start page has the window to itself: empty views
        # beside it would only make the window wider than a laptop's screen.
        self._hide_docks()
        layout = self.layout()
        if layout is not None:  # a QMainWindow always has one
            layout.activate()  # the docks' room is given back before the size is set
        self.resize(1366, 768)
        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        self._fit_to_screen()

    def start_worker(self, work: Callable[[], object]) -> None:
        """Run `work` on the window's worker pool, unless the window has closed: a task
        still running when the pool is deleted would deadlock its deletion, which waits
        for the task while holding Python's lock the task needs."""
        if not self._closed:
            self.pool.start(partial(_logged, work))

    def when_filled(self, work: Callable[[], object]) -> None:
        """Run `work` once the docks on screen are filled (now, when none is waiting):
        a worker started meanwhile would take turns with the filling for Python's lock,
        and the GM waits for the docks, not for the sweeping and backing up."""
        if self.filler.is_idle():
            work()
        else:
            self.filler.ready.connect(work, Qt.ConnectionType.SingleShotConnection)

    def show_layout_before_opening(self) -> None:
        """The workspace's docks, titled but empty, in place of the start page: the
        window paints them at once, and they fill in once the campaign opening next
        (`open_campaign`) is given to them. Closing or a refusal brings the start page back."""
        if self.session is not None:
            return
        self.filler.hold()
        for panel in self.panels:
            room = self.settings.dock_minimum(panel.name)
            if room is not None:
                panel.reserve(*room)
        self.start_page.hide()
        self._restore_workspace(self.workspace)
        self.campaign_label.setText(tr("Opening the campaign…"))
        self._opening = True

    def _hide_docks(self) -> None:
        for panel in self.panels:
            panel.hide()

    def _restore_workspace(self, name: str) -> bool:
        """Workspace `name` as the GM left it; its default (and False) if none was saved."""
        # A layout passing through a taller one on its way (the calendar's) must not
        # leave the window grown: the GM's window keeps its size.
        size = self.size()
        state = self.settings.workspace_state(name, self._dock_names())
        restored = state is not None and restore(self, state, LAYOUT_VERSION)
        if not restored:
            arrange(self, self._docks(), name)
        if not self.isMaximized() and not self.isFullScreen():
            self.resize(size)
        return restored

    def is_ready(self) -> bool:
        """Whether every dock on screen is filled (the filler's `ready` says when)."""
        return self.filler.is_idle() and all(
            panel.is_filled() for panel in self.panels if panel.is_on_screen()
        )

    def _may_set_aside_conflict(self) -> bool:
        """Quitting with a conflict rolled and not applied asks first: its outcome would
        be set aside (the log keeps the roll, RULES.md section 5)."""
        panel = self._docks().get("diceTable")
        if panel is None or not panel.is_filled():
            return True
        table = panel.content()
        if not getattr(table, "has_unapplied_conflict", lambda: False)():
            return True
        answer = ask(
            self,
            tr("A conflict is not applied"),
            tr(
                "A conflict was rolled and its outcome is not applied yet.\n\nQuit anyway? "
                "The roll stays in the log and no die moves. Cancel to go back and apply it."
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _docks(self) -> dict[str, Panel]:
        return {panel.name: panel for panel in self.panels}

    def open_record(self, area: str, record_id: int) -> None:
        """Show a record in its dock (a journal link): see `record_links`."""
        open_record(self, self._docks(), self.session, area, record_id)

    def find_in_campaign(self) -> None:
        """Edit > Find in Campaign… (Ctrl+K): the search box over the window."""
        if self.session is None:
            return
        if self.search_box is None:
            from desktop.ui.search.results import SearchResults
            from desktop.ui.search.search_box import SearchBox

            self.search_box = SearchBox(
                SearchResults(self._find, self.open_hit),
                self,
                to_commands=lambda text: self.palette_popup().open_palette(text),
            )
        self.search_box.popup()

    def _find(self, text: str, limit: int) -> list[SearchHit]:
        """The open campaign's records matching `text` (none once it is closed)."""
        if self.session is None:
            return []
        return self.session.campaign.search_index.find(text, limit)

    def open_hit(self, hit: SearchHit) -> None:
        """Show what the campaign search found in its dock, selected: see `record_links`."""
        open_hit(self._docks(), self.session, hit, self._bring_dock, self._show_downtime_step)

    def _show_downtime_step(self, entry_id: int) -> bool:
        """The Downtime dialog's summary on step `entry_id`, when the running downtime
        session took it; False (nothing opened) for an earlier session's step."""
        if self.session is None:
            return False
        downtime = self.session.campaign.downtime
        try:
            if downtime.entry(entry_id).session != downtime.session():
                return False
        except NotFound:
            return False
        dialog = self.downtime.open_dialog()
        return dialog is not None and dialog.show_entry(entry_id)

    def _bring_dock(self, panel: Panel) -> None:
        """`panel` on screen and in front: the workspace on screen if it shows the dock,
        else the first that does, else (a dock the GM hid) shown where it was."""
        if panel.isHidden() and self.workspace not in panel.workspaces and panel.workspaces:
            self.show_workspace(panel.workspaces[0])
        panel.show()
        panel.raise_()

    def _dock_names(self) -> tuple[str, ...]:
        """The docks a saved layout is for: one saved before a dock came is not restored."""
        return tuple(panel.name for panel in self.panels)

    def show_workspace(self, name: str) -> None:
        """Switch to workspace `name` (Ctrl+1..3), keeping the one left as the GM had it."""
        name = workspace_named(name).name
        self.workspace_actions[name].setChecked(True)
        if name == self.workspace or self.session is None:
            return
        self.settings.set_workspace_state(
            self.workspace, self.saveState(LAYOUT_VERSION), self._dock_names()
        )
        self.workspace = name
        self.settings.set_workspace(name)
        self._restore_workspace(name)

    def _fit_to_screen(self) -> None:
        """The whole window, its frame too, within the screen's free area: a window as
        large as a 1366 x 768 screen has its title bar and frame past the screen's edge
        (and the status bar under the taskbar)."""
        screen = self.screen()
        if screen is None:
            return
        available = screen.availableGeometry()
        frame = self.frameGeometry()
        if available.contains(frame):
            return
        # The frame is known once the window is shown; until then it is the window.
        margins = frame.size() - self.size()
        room = available.size() - margins
        self.resize(self.size().boundedTo(room))
        frame = self.frameGeometry()
        left = max(available.left(), min(frame.left(), available.right() + 1 - frame.width()))
        top = max(available.top(), min(frame.top(), available.bottom() + 1 - frame.height()))
        self.move(left, top)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown_once:
            # Only now does the window have its frame: fit again, frame and all.
            self._shown_once = True
            self._fit_to_screen()

    def save_layout(self) -> None:
        """The window's place and, while a campaign shows them, the workspace's docks."""
        self.settings.set_geometry(self.saveGeometry())
        for panel in self.panels:
            room = panel.room_needed()
            if room is not None:
                self.settings.set_dock_minimum(panel.name, *room)
        self.settings.set_workspace(self.workspace)
        if self.session is not None:
            self.settings.set_workspace_state(
                self.workspace, self.saveState(LAYOUT_VERSION), self._dock_names()
            )
        self.settings.sync()

    def reset_layout(self) -> None:
        """View > Reset Workspace: this workspace's default layout, for the window as it is."""
        self.settings.clear_workspace_state(self.workspace)
        arrange(self, self._docks(), self.workspace)
        if self.session is None:
            self._hide_docks()

    # -- the campaign -------------------------------------------------------------------------

    def open_campaign(self, path: Path, *, interactive: bool = True) -> bool:
        """Open `path` in this window; when not interactive, refusals are raised."""
        if undecodable(path):
            # SQLite, Qt and the backup folder's name would each fail on it in turn.
            self.end_opening()
            if not interactive:
                raise CampaignRefused(undecodable_message(path))
            self.show_problem(undecodable_message(path))
            return False
        try:
            campaign = self._open(path, interactive=interactive)
        except BaseException as error:
            self.end_opening()
            if not interactive or not isinstance(error, (CampaignRefused, CampaignLocked)):
                raise
            return False
        if campaign is None:
            self.end_opening()
            return False
        self.set_session(CampaignSession(campaign, self))
        return True

    def _after_flush(self, step: Callable[[], None]) -> None:
        for panel in self.panels:
            panel.flush()
        step()

    def end_opening(self) -> None:
        """No campaign came of `show_layout_before_opening`: the start page again."""
        if self._opening and self.session is None:
            self.set_session(None)

    def _open(self, path: Path, *, interactive: bool) -> Campaign | None:
        # Reopening the open campaign must let go of its lock first; any other file is
        # opened beside it, so a refusal leaves the GM's campaign (and undo) as it was.
        if self.session is not None and self.session.campaign.path == path.absolute():
            self.set_session(None)
        # The store's campaign (its managers, records and rules) loads with the first
        # campaign opened, after the window's first paint.
        from desktop.store import Campaign

        try:
            return Campaign.open(path, data_dir=self.data_dir)
        except CampaignLocked as locked:
            if not interactive:
                raise
            answer = ask(
                self,
                tr("Campaign in use"),
                tr("{reason}\n\nOpen it read-only?").format(reason=locked),
                QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Open:
                return None
            return Campaign.open(path, data_dir=self.data_dir, read_only=True)
        except CampaignRefused as refused:
            if interactive:
                self._refused_box(path, str(refused))
            raise

    def _refused_box(self, path: Path, message: str) -> None:
        """Say why `path` was refused; offer Check Campaign when it is a database GM Desk
        could look into (damaged, altered), since that can save a repaired copy."""
        if "Check Campaign" not in message:  # untranslated: found in the store's words
            warn(self, tr("Cannot open this campaign"), message)
            return
        answer = ask(
            self,
            tr("Cannot open this campaign"),
            tr("{reason}\n\nCheck it now?").format(reason=message),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.check_campaign_file(path)

    def set_session(self, session: CampaignSession | None) -> None:
        """Make `session` the open campaign (None closes it), backing up as it goes."""
        had_campaign = self.session is not None
        opening, self._opening = self._opening, False
        self.filler.release()  # the docks fill in once this returns, with `session`
        if self.session is not None:
            for panel in self.panels:
                panel.flush()  # edits still waiting for a pause in typing are written now
            self.save_layout()
            self._forget_problems()  # they were about the campaign now closing
            self._close_session()
        self.session = session
        self.player_display.set_session(session)
        self.sharing.set_session(session)
        for panel in self.panels:
            panel.set_session(session)
        self.downtime.set_session(session)
        self.recap.set_session(session)
        self.players_luck.set_session(session)
        has_campaign = session is not None
        writable = session is not None and not session.read_only
        for action in (
            self.copy_action,
            self.export_action,
            self.journal_export_action,
            self.close_action,
            self.print_action,
            self.preview_action,
            self.pdf_action,
            self.find_action,
        ):
            action.setEnabled(has_campaign)
        if self.search_box is not None:
            self.search_box.close_box(give_focus_back=False)  # its results were the last campaign's
        self.restore_action.setEnabled(writable)
        self.end_day_action.setEnabled(writable)
        for action in self.workspace_actions.values():
            action.setEnabled(has_campaign)
        self.start_page.setVisible(not has_campaign)
        self.start_page.set_recent(self.settings.recent_files())
        if session is None:
            self._hide_docks()
            self._update_status()
            return
        if not had_campaign and not opening:
            self._restore_workspace(self.workspace)
        self.undo_group.addStack(session.undo_stack)
        self.undo_group.setActiveStack(session.undo_stack)
        session.changed.connect(self._on_changed)
        session.failed.connect(self.say_refusal)
        session.broke.connect(self.show_problem)
        session.went_wrong.connect(self.show_error)
        session.all_ones_changed.connect(self._say_all_ones)
        self.settings.add_recent(session.campaign.path)
        if writable:
            # A restore or copy cut short beside this campaign left partial files.
            folder = session.campaign.path.parent
            self.when_filled(lambda: self.start_worker(lambda: remove_leftovers(folder)))
            self.backups = BackupScheduler(session, self.pool, parent=self)
            self.backups.failed.connect(self.show_problem)
            # A change asked for before the docks are filled takes the backup of the
            # campaign as opened first (`about_to_change`).
            self.when_filled(self.backups.start)
        self._update_status()
        reason = session.campaign.read_only_reason
        if reason:
            self.statusBar().showMessage(
                tr(
                    "Opened read-only because {reason}. Save a copy elsewhere to make changes."
                ).format(reason=reason)
            )

    def _close_session(self) -> None:
        assert self.session is not None
        if self.backups is not None:
            self.backups.finish()
            self.backups.deleteLater()
            self.backups = None
        self.undo_group.removeStack(self.session.undo_stack)
        self.session.close()
        self.session.deleteLater()
        self.session = None

    def end_day(self) -> None:
        """Ask for the nights and proximity, then roll the whole campaign over."""
        if self.session is None or self.session.read_only:
            return
        from desktop.ui.end_day import EndDayDialog

        EndDayDialog(self.session, self).open()

    @read_guard.guarded
    def _on_changed(self, topic: str) -> None:
        if topic == Topic.CAMPAIGN:
            self._update_status()

    def _update_status(self) -> None:
        if self.session is None:
            self.setWindowTitle(APP_NAME)
            self.campaign_label.setText(tr("No campaign open"))
            self.day_label.clear()
            return
        summary = self.session.campaign.summary()
        shown = (
            tr("{campaign} (read-only)").format(campaign=summary.name)
            if self.session.read_only
            else summary.name
        )
        self.setWindowTitle(f"{shown} — {APP_NAME}")
        self.campaign_label.setText(shown)
        reason = self.session.campaign.read_only_reason
        self.campaign_label.setToolTip(  # the reason may name a file: only text
            tooltip(
                tr("Open read-only: {reason}. Save a copy elsewhere to make changes.").format(
                    reason=reason
                )
            )
            if reason
            else ""
        )
        self.day_label.setText(
            tr("Day {day}  ·  {date}").format(
                day=summary.current_day, date=window_translator().long_date(summary.today)
            )
        )

    def show_problem(self, message: str) -> None:
        box = message_box(self, QMessageBox.Icon.Warning, APP_NAME, message)
        box.setObjectName("problemBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)  # read, it goes
        box.open()  # window-modal, never blocks the event loop
        self.say_refusal(message)

    def show_error(self, message: str, details: str) -> None:
        """An error GM Desk did not expect (logged already): the plain sentence in a box
        whose Copy details puts `details` on the clipboard for a bug report."""
        box = error_box(self, APP_NAME, message, details)
        box.setObjectName("problemBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.say_refusal(message)

    def _say_all_ones(self) -> None:
        """An all-ones roll waiting holds undo and the table: said where the GM sees it
        whichever docks are open (a phone's roll may wait while the Dice Table is shut)."""
        session = self.session
        waiting = session.all_ones if session is not None else None
        if waiting is None:
            said, self._all_ones_said = self._all_ones_said, None
            if said is not None and self.statusBar().currentMessage() == said:
                self.statusBar().clearMessage()
            return
        assert session is not None
        try:
            name: str | None = session.campaign.roster.get(waiting.character_id).name
        except NotFound:
            name = None
        if waiting.actor.is_gm:
            said = (
                tr(
                    "All ones for a character: keep one die or lose one, at the Dice Table. "
                    "Undo waits for it."
                )
                if name is None
                else tr(
                    "All ones for {name}: keep one die or lose one, at the Dice Table. "
                    "Undo waits for it."
                ).format(name=name)
            )
        else:
            said = (
                tr(
                    "All ones for a character: keep one die or lose one, on their phone or at "
                    "the Dice Table. Undo waits for it."
                )
                if name is None
                else tr(
                    "All ones for {name}: keep one die or lose one, on their phone or at the "
                    "Dice Table. Undo waits for it."
                ).format(name=name)
            )
        self._all_ones_said = said
        self.statusBar().showMessage(said)

    def say_refusal(self, message: str) -> None:
        """Say in the status bar why an action was not done: a refusal is routine, and a
        box would take the Space or Enter the GM meant for the table."""
        self.statusBar().showMessage(message, 10_000)
        self.announcer.say(message, assertive=True)  # the status bar is not read out

    def _forget_problems(self) -> None:
        """Take away what was said about the campaign being closed: its status message
        and any problem box still open, so none is read as the next campaign's."""
        self.statusBar().clearMessage()
        for box in self.findChildren(QMessageBox, "problemBox"):
            box.close()
        forget_refusals(self)  # the docks' own lines

    # -- the command palette --------------------------------------------------------------

    def palette_popup(self) -> PalettePopup:
        """The palette's box over this window (made at the first call): a search of
        the campaign opens it in a mode of its own with `open_mode`."""
        if self._palette is None:
            from desktop.ui.palette.commands import CommandMode
            from desktop.ui.palette.popup import PalettePopup

            self._palette = PalettePopup(self, CommandMode(self, self.settings, self))
        return self._palette

    def open_palette(self) -> None:
        """Edit > Command Palette (Ctrl+Shift+P): the box, on the commands."""
        self.palette_popup().open_palette()

    # -- file menu ----------------------------------------------------------------------------

    def _start_folder(self) -> str:
        if self.session is not None:
            return str(self.session.campaign.path.parent)
        recent = self.settings.recent_files()
        return str(recent[0].parent) if recent else str(Path.home())

    def new_campaign(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, tr("New campaign"), self._start_folder(), tr(file_outputs.CAMPAIGN_FILTER)
        )
        if not name:
            return
        path = Path(name).with_suffix(SUFFIX)
        if undecodable(path):
            self.show_problem(undecodable_message(path))
            return
        from desktop.store import Campaign

        try:
            campaign = Campaign.create(
                path, data_dir=self.data_dir, print_language=new_campaign_language()
            )
        except (CampaignRefused, CampaignLocked, ValueError, OSError) as error:
            self.show_problem(str(error))
            return
        self.set_session(CampaignSession(campaign, self))

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self, tr("Open a campaign"), self._start_folder(), tr(file_outputs.CAMPAIGN_FILTER)
        )
        if name:
            self.open_campaign(Path(name))

    def open_sample(self) -> None:
        from desktop.store import ImportRefused, ensure_sample_campaign

        try:
            path = ensure_sample_campaign(self.data_dir, resources_dir())
        except (CampaignRefused, ImportRefused, OSError) as error:
            self.show_problem(
                tr("The sample campaign could not be made: {error}").format(error=error)
            )
            return
        self.open_campaign(path)

    def close_campaign(self) -> None:
        self.set_session(None)

    def check_campaign(self) -> None:
        """File > Check Campaign: the open campaign's file, else one the GM picks."""
        if self.session is not None:
            path = self.session.campaign.path
        else:
            name, _ = QFileDialog.getOpenFileName(
                self, tr("Check a campaign"), self._start_folder(), tr(file_outputs.CAMPAIGN_FILTER)
            )
            if not name:
                return
            path = Path(name)
        self.check_campaign_file(path)

    def check_campaign_file(self, path: Path) -> object:
        """Show the Check Campaign dialog on `path`, its check running off this thread."""
        from desktop.ui.check_campaign import CheckCampaignDialog

        dialog = CheckCampaignDialog(path, self.pool, self)
        dialog.open()
        dialog.start()
        return dialog

    def save_copy(self) -> None:
        file_outputs.save_copy(self)

    def export_json(self) -> None:
        file_outputs.export_json(self)

    def export_journal(self) -> None:
        from desktop.ui.journal_markdown_export import export_journal

        export_journal(self)

    def import_json(self) -> None:
        """Check the chosen export first; only a good one is given a place to be saved."""
        source, _ = QFileDialog.getOpenFileName(
            self, tr("Import a campaign"), self._start_folder(), tr(file_outputs.JSON_FILTER)
        )
        if not source:
            return
        document = self._read_export(Path(source))
        if document is None:
            return
        target, _ = QFileDialog.getSaveFileName(
            self,
            tr("Save the imported campaign as"),
            str(Path(source).with_suffix(SUFFIX)),
            tr(file_outputs.CAMPAIGN_FILTER),
        )
        if not target:
            return
        self._write_import(document, Path(target).with_suffix(SUFFIX))

    def import_from(self, source: Path, target: Path) -> bool:
        """Import `source` as the new campaign `target` and open it; False if refused
        or cancelled (then nothing was written)."""
        document = self._read_export(source)
        return document is not None and self._write_import(document, target)

    def _read_export(self, source: Path) -> CampaignDocument | None:
        from desktop.store import ImportRefused, read_document

        def read(progress: Callable[[float], None]) -> CampaignDocument:
            return read_document(source, images=image_decodes, progress=progress)

        try:
            document = long_task.run_with_progress(
                self, tr("Checking {file}…").format(file=source.name), read
            )
        except ImportRefused as error:
            self.show_problem(tr("Nothing was imported. {reason}").format(reason=error))
            return None
        if document is None:
            self.statusBar().showMessage(tr("Import cancelled: nothing was written."), 8000)
        return document

    def _write_import(self, document: CampaignDocument, target: Path) -> bool:
        from desktop.store import write_document

        if undecodable(target):
            self.show_problem(
                tr("Nothing was imported. {reason}").format(reason=undecodable_message(target))
            )
            return False
        data_dir = self.data_dir

        def write(progress: Callable[[float], None]) -> Campaign:
            return write_document(document, target, data_dir=data_dir, progress=progress)

        try:
            campaign = long_task.run_with_progress(
                self, tr("Importing as {file}…").format(file=target.name), write
            )
        except (CampaignRefused, CampaignLocked) as error:
            self.show_problem(tr("Nothing was imported. {reason}").format(reason=error))
            return False
        except OSError as error:
            self.show_problem(
                tr("Nothing was imported: “{file}” could not be written ({error}).").format(
                    file=target.name, error=error.strerror or error
                )
            )
            return False
        if campaign is None:
            self.statusBar().showMessage(tr("Import cancelled: nothing was written."), 8000)
            return False
        self.set_session(CampaignSession(campaign, self))
        return True

    def restore_dialog(self) -> None:
        from desktop.ui.restore_dialog import RestoreBackupDialog

        if self.session is None:
            return
        campaign = self.session.campaign
        dialog = RestoreBackupDialog(campaign.backup_folder, campaign.summary().name, self)
        if dialog.exec() != RestoreBackupDialog.DialogCode.Accepted:
            return
        chosen = dialog.chosen()
        if chosen is not None:
            self.restore_from(chosen)

    def restore_from(self, backup: Path) -> bool:
        """Replace the open campaign with `backup`, after backing up the campaign as it is."""
        from desktop.store import restore_backup

        if self.session is None:
            return False
        path = self.session.campaign.path
        for panel in self.panels:
            panel.flush()  # the backup taken before restoring must hold the last edits
        try:
            self.session.campaign.backup_now()
        except Exception as error:  # without a fresh backup, restoring could lose work
            log.warning("No backup before restoring: %s", type(error).__name__)
            self.show_problem(
                tr(
                    "Nothing was restored: the campaign as it is now could not be backed up "
                    "first ({error})."
                ).format(error=error)
            )
            return False
        self.set_session(None)
        try:
            restore_backup(backup, path)
        except (ValueError, OSError) as error:
            self.show_problem(tr("Nothing was restored. {reason}").format(reason=error))
            restored = False
        else:
            restored = True
        # Reopen whatever is there now, restored or untouched.
        return self.open_campaign(path) and restored

    # -- printing -------------------------------------------------------------------------------

    def print_document(self) -> None:
        from desktop.ui.print_choice import print_document

        print_document(self)

    def preview_document(self) -> None:
        from desktop.ui.print_choice import preview_document

        preview_document(self)

    def export_document(self) -> None:
        from desktop.ui.print_choice import export_document

        export_document(self)

    def preview_alignment(self) -> None:
        from desktop.ui.print_choice import preview_alignment

        preview_alignment(self)

    def selected_cards(self) -> list[CardRecord]:
        """The cards selected in the SySCards dock (none when it is closed)."""
        from desktop.ui.docks.syscards import SysCardsWidget

        for panel in self.panels:
            content = panel.content() if panel.name == "syscards" else None
            if isinstance(content, SysCardsWidget):
                return content.selected_cards()
        return []

    def cards_to_print(self) -> list[PrintCard]:
        """The cards selected in the SySCards dock, or every card when none is selected."""
        from desktop.ui.print_data import print_cards

        if self.session is None:
            return []
        return list(print_cards(self.session.campaign, self.selected_cards() or None))

    def export_pdf_to(self, path: Path) -> int:
        from desktop.printing.cards import export_pdf

        cards = self.cards_to_print()
        if not cards:
            self.show_problem(tr("There are no cards to print."))
            return 0
        try:
            pages = export_pdf(path, cards)
        except (OSError, ValueError) as error:
            self.show_problem(tr("The PDF could not be written: {error}").format(error=error))
            return 0
        count = len(cards)
        what = ntr("{count} card", "{count} cards", count).format(count=count)
        # The same English for one page: the message has always said "1 pages".
        said = ntr(
            "Wrote {what} on {pages} pages to {path}",
            "Wrote {what} on {pages} pages to {path}",
            pages,
        )
        self.statusBar().showMessage(said.format(what=what, pages=pages, path=path), 8000)
        return pages

    # -- help -----------------------------------------------------------------------------------

    def show_rules(self) -> None:
        from desktop.ui.help import RulesReference

        dialog = RulesReference(self)
        dialog.setModal(False)
        dialog.show()

    def open_log_folder(self) -> bool:
        """Help > Open Log Folder: the log's folder in the system's file manager (made
        first if it is not there yet); a plain message if it cannot be shown."""
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        folder = self.log_folder
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self.show_problem(
                tr("The log folder “{folder}” could not be made ({error}).").format(
                    folder=folder, error=error.strerror or error
                )
            )
            return False
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            self.show_problem(
                tr(
                    "The log folder could not be shown. It is “{folder}”: open it in your "
                    "file manager."
                ).format(folder=folder)
            )
            return False
        return True

    def show_about(self) -> None:
        from desktop.ui.help import show_about

        campaign = self.session.campaign if self.session else None
        show_about(
            self,
            campaign.path if campaign else None,
            campaign.backup_folder if campaign else None,
            self.data_dir,
        )

    # -- closing --------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.WindowActivate:
            # Qt gives the focus right after this event; the filter judges that move.
            self.undo_keys.window_activating(self)
            QTimer.singleShot(0, self, self.undo_keys.window_activated)
        return super().event(event)

    def quit_asking(self) -> None:
        """File > Quit (Ctrl+Q): as the window's close button, it asks first when a
        rolled conflict is not applied."""
        if self._may_set_aside_conflict():
            self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        # The GM's own close (the window's button) asks; a close by the program (Quit,
        # which asked already, or the session ending) only sets the conflict aside.
        if event.spontaneous() and not self._may_set_aside_conflict():
            event.ignore()
            return
        self._closed = True  # no worker starts from here on (see `start_worker`)
        self.player_display.close()
        self.sharing.close_window()
        self.save_layout()
        self.set_session(None)
        self.pool.waitForDone()
        event.accept()
