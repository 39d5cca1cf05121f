""" "Previously on…" (issue 31): the recap of the last game and what happened since, for
the GM to read aloud at Start game, to show on the player display, or to send to the
players' pages.

The GM's recap is shown first; "As the players see it" shows the player-safe one (no
hidden clock or faction, no NPC's roll, no private note). What leaves the GM's screen
is always the player-safe one, whichever the GM is reading: the player display builds
its own (`player_display.recap_screen`), and Send gives the players' text as a handout
to every player (one undo step). The window is not modal, follows the campaign while
shown (coalesced: one rebuild for a burst of changes) and is rebuilt only when seen.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QCloseEvent, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.actions.handouts import Gift
from desktop.language import N_
from desktop.ui.handout_commands import GiveHandout
from desktop.ui.plain_text import PlainLabel
from desktop.ui.player_display.controller import PlayerDisplay
from desktop.ui.read_guard import guarded_call
from desktop.ui.session import CampaignSession
from desktop.ui.settings import Settings
from desktop.ui.window_language import tr, window_translator
from desktop.views.recap import Recap, recap

GM_NOTE = N_("Your recap: it holds what only you may see. The players get their own.")
PLAYERS_NOTE = N_("As the players see it: this is what the display and their pages show.")
SENT = N_("Sent to every player's page (Undo takes it back).")
ALREADY_SENT = N_("This recap is on every player's page already.")
COPIED = N_("Copied.")


class RecapDialog(QDialog):
    def __init__(
        self,
        session: CampaignSession,
        display: PlayerDisplay,
        settings: Settings,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("recapDialog")
        self.setWindowTitle(tr("Previously On…"))
        self.setModal(False)
        self.session = session
        self.display = display
        self.settings = settings
        self.shown_recap = Recap("", "", ())
        self.heading = PlainLabel()
        self.heading.setObjectName("recapTitle")
        self.heading.setWordWrap(True)
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.heading.setFont(font)
        self.game = PlainLabel()
        self.game.setObjectName("recapGame")
        self.players_check = QCheckBox(tr("&As the players see it"))
        self.players_check.setObjectName("recapAsPlayers")
        self.players_check.setToolTip(tr("Leave out what only you may see"))
        self.players_check.toggled.connect(self.refresh)
        self.whose = PlainLabel()
        self.whose.setObjectName("recapWhose")
        self.whose.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setObjectName("recapText")
        self.text.setReadOnly(True)
        self.text.setAccessibleName(tr("Recap"))
        text_font = self.text.font()
        text_font.setPointSizeF(text_font.pointSizeF() * 1.15)
        self.text.setFont(text_font)
        self.outcome = PlainLabel()
        self.outcome.setObjectName("recapOutcome")
        self.outcome.setWordWrap(True)
        self.at_start_check = QCheckBox(tr("&Open at Start game"))
        self.at_start_check.setObjectName("recapAtStart")
        self.at_start_check.setToolTip(
            tr("Open this window when a game starts and an earlier game has ended")
        )
        self.at_start_check.setChecked(settings.recap_at_start())
        self.at_start_check.toggled.connect(settings.set_recap_at_start)
        self.show_button = QPushButton(tr("Show on Player &Display"))
        self.show_button.setObjectName("recapShow")
        self.show_button.setCheckable(True)
        self.show_button.setToolTip(
            tr("The players' recap in large type on the player display, until you hide it")
        )
        self.show_button.setChecked(display.recap_action.isChecked())
        self.show_button.toggled.connect(display.show_recap)
        display.recap_action.toggled.connect(self._follow_display)
        self.send_button = QPushButton(tr("&Send to Players' Pages"))
        self.send_button.setObjectName("recapSend")
        self.send_button.setToolTip(tr("A text handout of the players' recap to every player"))
        self.send_button.clicked.connect(self.send)
        self.copy_button = QPushButton(tr("&Copy"))
        self.copy_button.setObjectName("recapCopy")
        self.copy_button.setToolTip(tr("Copy the recap shown here"))
        self.copy_button.clicked.connect(self.copy)
        self.close_button = QPushButton(tr("Close"))
        self.close_button.setObjectName("recapClose")
        self.close_button.clicked.connect(self.close)
        buttons = QHBoxLayout()
        for button in (self.show_button, self.send_button, self.copy_button):
            button.setAutoDefault(False)  # Enter closes; it never shows or sends by chance
            buttons.addWidget(button)
        self.close_button.setDefault(True)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        top = QHBoxLayout()
        top.addWidget(self.game, 1)
        top.addWidget(self.players_check)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(top)
        layout.addWidget(self.whose)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.outcome)
        layout.addWidget(self.at_start_check)
        layout.addLayout(buttons)
        # A burst of changes (one command tells several topics) is one rebuild.
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(self.refresh)
        session.changed.connect(self._on_changed)
        self.resize(640, 480)

    # -- following the campaign -----------------------------------------------------------

    def detach(self) -> None:
        """Stop following the campaign (it is closing)."""
        self._later.stop()
        self.session.changed.disconnect(self._on_changed)
        self.display.recap_action.toggled.disconnect(self._follow_display)

    def _on_changed(self, _topic: str) -> None:
        # Every write appends history, so any change may change the recap.
        if self.isVisible():
            self._later.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()

    def _follow_display(self, shown: bool) -> None:
        if self.show_button.isChecked() != shown:
            self.show_button.blockSignals(True)
            self.show_button.setChecked(shown)
            self.show_button.blockSignals(False)

    # -- what it shows --------------------------------------------------------------------

    @property
    def as_players(self) -> bool:
        return self.players_check.isChecked()

    def refresh(self) -> None:
        """Read the recap shown (the GM's, or the players') again."""
        guarded_call(self, self._read)

    def _read(self) -> None:
        self.shown_recap = recap(
            self.session.campaign, players=self.as_players, tr=window_translator()
        )
        told = self.shown_recap
        self.heading.setText(told.title)
        self.game.setText(told.game_title)
        self.whose.setText(tr(PLAYERS_NOTE if self.as_players else GM_NOTE))
        self.whose.setVisible(told.ended)
        self.text.setPlainText("\n".join(told.said()))
        writable = not self.session.read_only
        self.send_button.setEnabled(writable and told.ended)
        self.show_button.setEnabled(told.ended or self.show_button.isChecked())

    def texts(self) -> list[str]:
        """The lines shown, as shown."""
        return self.text.toPlainText().splitlines()

    # -- what it does ---------------------------------------------------------------------

    def send(self) -> None:
        """Give the players' recap to every player's page, as one undo step."""
        session = self.session
        if session.read_only:
            return
        # Never the GM's, whatever is shown; in the window's language, as shown here.
        players = recap(session.campaign, players=True, tr=window_translator())
        if not players.ended:
            self.outcome.setText(players.said()[0])
            return
        gift = Gift("text", players.title, text=players.body())
        if any(
            given.character_id is None and (given.title, given.text) == (gift.title, gift.text)
            for given in session.campaign.handouts.all()
        ):
            self.outcome.setText(tr(ALREADY_SENT))  # a second click gives no second copy
            return
        if session.push(GiveHandout(session, gift, None)):
            self.outcome.setText(tr(SENT))
        else:
            self.outcome.setText(session.last_failure or tr("The recap could not be sent."))

    def copy(self) -> None:
        """The recap shown here, as text, on the clipboard."""
        QGuiApplication.clipboard().setText(self.shown_recap.text())
        self.outcome.setText(tr(COPIED))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.outcome.clear()
        super().closeEvent(event)
