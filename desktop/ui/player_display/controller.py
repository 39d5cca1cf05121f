"""View > Player Display: opening and closing the display, blanking it with one key,
showing the players' "Previously on" recap or their luck on it, and putting it full
screen on a chosen screen, remembered for next time.

The actions live here, in the GM's View menu and in the display's own menu; their keys
work from either window (the display never has the focus, so the GM's window is where
they are pressed). The display listens to the open campaign only while it is open, so a
closed display costs the GM's window nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThreadPool
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import QMenu, QWidget

from desktop.language import N_
from desktop.ui.menu_refill import needs_refill
from desktop.ui.plain_text import PlainLabel
from desktop.ui.player_display.screens import display_screen, screen_title
from desktop.ui.read_guard import guarded, guarded_call
from desktop.ui.session import CampaignSession
from desktop.ui.settings import Settings
from desktop.ui.window_language import tr

if TYPE_CHECKING:  # its sections draw dice and clocks: imported when first opened
    from desktop.ui.player_display.window import PlayerDisplayWindow

OPEN_KEY = "Ctrl+Shift+D"
BLANK_KEY = "F9"  # one key: the GM blanks the players' screen without looking for it
FULL_SCREEN_KEY = "Ctrl+Shift+F"
BLANKED_NOTE = N_("Player display blanked ({key} shows it again)")


class PlayerDisplay(QObject):
    def __init__(
        self, settings: Settings, gm_window: QWidget, pool: QThreadPool | None = None
    ) -> None:
        super().__init__(gm_window)
        self.pool = pool  # the GM's window's, for the odds of the players' luck
        self.settings = settings
        self.gm_window = gm_window
        self.window: PlayerDisplayWindow | None = None
        self.session: CampaignSession | None = None
        self.open_action = self._action(
            tr("&Player Display"), "actionPlayerDisplay", OPEN_KEY, self._toggle_open
        )
        self.open_action.setToolTip(
            tr(
                "A second window for the players' screen: scene, turn, rolls, pools, clocks, "
                "factions"
            )
        )
        self.blank_action = self._action(
            tr("&Blank Player Display"), "actionBlankPlayerDisplay", BLANK_KEY, self.set_blanked
        )
        self.full_action = self._action(
            tr("Player Display &Full Screen"),
            "actionPlayerFullScreen",
            FULL_SCREEN_KEY,
            self.set_full_screen,
        )
        # The players' recap over the whole display, until the GM hides it (issue 31).
        self.recap_action = QAction(tr("Show “Previously On” on Player Display"), self)
        self.recap_action.setObjectName("actionPlayerRecap")
        self.recap_action.setCheckable(True)
        self.recap_action.setToolTip(
            tr("The last game and what happened since, as the players may see it, in large type")
        )
        self.recap_action.toggled.connect(self.show_recap)
        # The players' luck in the last ended game, the same way (issue 33).
        self.luck_action = QAction(tr("Show Players' &Luck on Player Display"), self)
        self.luck_action.setObjectName("actionPlayerLuck")
        self.luck_action.setCheckable(True)
        self.luck_action.setToolTip(
            tr("Each player character's luck in the last ended game, in large type")
        )
        self.luck_action.toggled.connect(self.show_luck)
        # The GM's side says the players see a dark screen (the display may be behind).
        self.blanked_note = PlainLabel(tr(BLANKED_NOTE).format(key=BLANK_KEY))
        self.blanked_note.setObjectName("statusPlayerBlanked")
        self.blanked_note.hide()
        self.close_action = QAction(tr("&Close Player Display"), self)
        self.close_action.setObjectName("actionClosePlayerDisplay")
        self.close_action.triggered.connect(self.close)
        # Handouts go to the players' phones, never to this display: the menu only
        # reaches them here, where the GM thinks of what the players get.
        self.give_all_action = QAction(tr("Give Handout to &All Players…"), self)
        self.give_all_action.setObjectName("actionGiveHandoutToAll")
        self.give_all_action.triggered.connect(self.give_handout_to_all)
        self.given_action = QAction(tr("Handouts &Given…"), self)
        self.given_action.setObjectName("actionHandoutsGiven")
        self.given_action.triggered.connect(self.show_handouts_given)
        self.menu = self.make_menu(gm_window)
        self.set_session(None)
        self._update_actions()

    def _action(self, text: str, name: str, keys: str, slot: object) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        action.setCheckable(True)
        action.setShortcut(QKeySequence(keys))
        action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)
        action.toggled.connect(slot)
        self.gm_window.addAction(action)  # its key works wherever the GM is typing
        return action

    def make_menu(self, parent: QWidget) -> QMenu:
        """The display's actions and a screen chooser, for the GM's View menu or its own."""
        menu = QMenu(tr("Player &Display"), parent)
        screens = QMenu(tr("Player Display on &Screen"), menu)
        screens.setObjectName("playerDisplayScreens")
        screens.aboutToShow.connect(lambda: self._fill_screens(screens))
        menu.addActions([self.open_action, self.blank_action, self.full_action])
        menu.addMenu(screens)
        menu.addActions([self.recap_action, self.luck_action])
        menu.addSeparator()
        menu.addActions([self.give_all_action, self.given_action])
        return menu

    def _fill_screens(self, menu: QMenu) -> None:
        current = self.window.screen() if self.window is not None else None
        screens = QGuiApplication.screens()
        titles = [screen_title(screen, index) for index, screen in enumerate(screens)]
        ticked = [screen is current and self.full_action.isChecked() for screen in screens]
        # Kept as they are when the same (the palette asks each menu to fill at opening).
        if not needs_refill(menu, (tuple(titles), tuple(ticked), tuple(map(id, screens)))):
            return
        for screen, title, tick in zip(screens, titles, ticked, strict=True):
            action = menu.addAction(title)
            action.setCheckable(True)
            action.setChecked(tick)
            action.triggered.connect(lambda _=False, s=screen: self.show_on(s))

    # -- the campaign ---------------------------------------------------------------------

    def set_session(self, session: CampaignSession | None) -> None:
        if self.session is not None and self.window is not None:
            self.session.changed.disconnect(self._show_change)
        self.session = session
        if session is None:
            self.recap_action.setChecked(False)  # no campaign, no recap to show
            self.luck_action.setChecked(False)
        self.recap_action.setEnabled(session is not None)
        self.luck_action.setEnabled(session is not None)
        writable = session is not None and not session.read_only
        self.give_all_action.setEnabled(writable)
        self.given_action.setEnabled(session is not None)
        if self.window is not None:
            self._follow()

    def _follow(self) -> None:
        assert self.window is not None
        if self.session is not None:
            self.session.changed.connect(self._show_change)
        window, campaign = self.window, None if self.session is None else self.session.campaign
        guarded_call(self, lambda: window.set_campaign(campaign))

    @guarded
    def _show_change(self, topic: str) -> None:
        """A committed change, shown to the players (read around a damaged record)."""
        if self.window is not None:
            self.window.on_changed(topic)

    # -- handouts (to the players' phones, not to this display) ----------------------------

    def give_handout_to_all(self) -> None:
        from desktop.ui.handouts.entry import give_to_all

        if self.session is not None:
            give_to_all(self.gm_window, self.session)  # the display never takes the focus

    def show_handouts_given(self) -> None:
        from desktop.ui.handouts.entry import show_given

        if self.session is not None:
            show_given(self.gm_window, self.session)

    # -- the window -----------------------------------------------------------------------

    def open(self) -> PlayerDisplayWindow:
        """Show the display (on the remembered screen), without taking the GM's focus."""
        if self.window is None:
            # Imported with the window, first paint is 56-166 ms later (issue 28, 3 runs).
            from desktop.ui.player_display.window import PlayerDisplayWindow

            window = PlayerDisplayWindow(self.pool)
            window.menu_bar.addMenu(self._display_menu(window))
            window.closed.connect(self._closed)
            window.set_blanked(self.blank_action.isChecked())
            window.show_recap(self.recap_action.isChecked())
            window.show_luck(self.luck_action.isChecked())
            self.window = window
            self._follow()
            screen = display_screen(self.settings.player_screen(), self.gm_window.screen())
            if screen is not None:
                window.setScreen(screen)
                window.move(screen.availableGeometry().topLeft())
            window.show()
        self._update_actions()
        return self.window

    def _display_menu(self, window: PlayerDisplayWindow) -> QMenu:
        menu = self.make_menu(window)
        menu.setTitle(tr("&Display"))
        menu.removeAction(self.open_action)
        menu.addSeparator()
        menu.addAction(self.close_action)
        return menu

    def close(self) -> None:
        if self.window is not None:
            self.window.close()  # -> _closed

    def _closed(self) -> None:
        window, self.window = self.window, None
        if window is None:
            return
        if self.session is not None:
            self.session.changed.disconnect(self._show_change)
        window.hide()
        window.deleteLater()
        self.recap_action.setChecked(False)  # closed, it shows nothing; reopened, no recap
        self.luck_action.setChecked(False)
        self._update_actions()

    def set_blanked(self, blanked: bool) -> None:
        self.blanked_note.setVisible(blanked)
        if self.window is not None:
            self.window.set_blanked(blanked)

    def show_recap(self, shown: bool) -> None:
        """Show the players' recap on the display (opening it), or hide it again."""
        if self.recap_action.isChecked() != shown:
            self.recap_action.setChecked(shown)  # -> here again, through `toggled`
            return
        if shown:
            self.luck_action.setChecked(False)  # one screen over the display at a time
            window = self.open()
            guarded_call(self, lambda: window.show_recap(True))
        elif self.window is not None:
            self.window.show_recap(False)

    def show_luck(self, shown: bool) -> None:
        """Show the players' luck on the display (opening it), or hide it again."""
        if self.luck_action.isChecked() != shown:
            self.luck_action.setChecked(shown)  # -> here again, through `toggled`
            return
        if shown:
            self.recap_action.setChecked(False)  # one screen over the display at a time
            window = self.open()
            guarded_call(self, lambda: window.show_luck(True))
        elif self.window is not None:
            self.window.show_luck(False)

    def set_full_screen(self, full: bool) -> None:
        if full:
            screen = display_screen(self.settings.player_screen(), self.gm_window.screen())
            if screen is not None:
                self.show_on(screen)
        elif self.window is not None:
            self.window.set_full_screen(False)

    def show_on(self, screen: QScreen) -> None:
        """Full screen on `screen`, remembered for the next time the display opens."""
        window = self.open()
        if window.isFullScreen():
            window.set_full_screen(False)
        window.setScreen(screen)
        window.setGeometry(screen.geometry())
        window.set_full_screen(True)
        self.settings.set_player_screen(screen.name())
        self._update_actions()

    def _toggle_open(self, wanted: bool) -> None:
        if wanted and self.window is None:
            self.open()
        elif not wanted and self.window is not None:
            self.close()

    def _update_actions(self) -> None:
        is_open = self.window is not None
        for action, checked in (
            (self.open_action, is_open),
            (self.full_action, is_open and self.window is not None and self.window.isFullScreen()),
        ):
            if action.isChecked() != checked:
                action.blockSignals(True)
                action.setChecked(checked)
                action.blockSignals(False)
        self.close_action.setEnabled(is_open)
