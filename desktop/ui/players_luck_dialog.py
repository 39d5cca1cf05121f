""" "The players' luck" (issue 33): at the end of a game, each player character's luck in
it against the exact odds, one sentence each, for the GM to read, show on the player
display or send to the players' pages.

Only player characters' rolls are in it (`views.players_luck`), so the whole of it is
player-safe: what the GM reads here is what the display and the pages show. Send gives
it as a text handout to every player, one undo step, the way the recap's Send does. The
window is not modal and follows the campaign while shown (coalesced: one re-read for a
burst of changes). Its exact odds are judged on the main window's thread pool
(`LuckJudge`), never on the GUI thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QThreadPool, QTimer
from PySide6.QtGui import QCloseEvent, QFont, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.actions.handouts import Gift
from desktop.language import N_
from desktop.ui.handout_commands import GiveHandout
from desktop.ui.plain_text import PlainLabel
from desktop.ui.player_display.controller import PlayerDisplay
from desktop.ui.player_display.luck_screen import WORKING
from desktop.ui.player_display.section import clear_layout
from desktop.ui.players_luck_judge import LuckJudge
from desktop.ui.read_guard import guarded_call
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr, window_translator
from desktop.views.players_rolls import TITLE

if TYPE_CHECKING:  # the exact odds (icepool) load on the worker, never here
    from desktop.views.players_luck import PlayersLuck

NOTE = N_("Only player characters' rolls: players may read every line of it.")
SENT = N_("Sent to every player's page (Undo takes it back).")
ALREADY_SENT = N_("This is on every player's page already.")
NOT_YET = N_("Still working out the odds: send again in a moment.")


class PlayersLuckDialog(QDialog):
    def __init__(
        self,
        session: CampaignSession,
        display: PlayerDisplay,
        pool: QThreadPool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("playersLuckDialog")
        self.setWindowTitle(tr("Players' Luck"))
        self.setModal(False)
        self.session = session
        self.display = display
        self.luck: PlayersLuck | None = None  # judged when shown
        self.judge = LuckJudge(pool, self)
        self.judge.judged.connect(self._judged)
        self.judge.failed.connect(self.outcome_said)
        self.heading = PlainLabel(tr(TITLE))
        self.heading.setObjectName("playersLuckTitle")
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.heading.setFont(font)
        self.line_font = QFont(self.font())
        self.line_font.setPointSizeF(self.line_font.pointSizeF() * 1.15)
        self.game = PlainLabel()
        self.game.setObjectName("playersLuckGame")
        self.note = PlainLabel(tr(NOTE))
        self.note.setObjectName("playersLuckNote")
        self.note.setWordWrap(True)
        # One label a sentence, apart: each is a player's, read aloud on its own.
        self.lines: list[PlainLabel] = []
        self.lines_box = QVBoxLayout()
        self.lines_box.setSpacing(10)
        self.outcome = PlainLabel()
        self.outcome.setObjectName("playersLuckOutcome")
        self.outcome.setWordWrap(True)
        self.show_button = QPushButton(tr("Show on Player &Display"))
        self.show_button.setObjectName("playersLuckShow")
        self.show_button.setCheckable(True)
        self.show_button.setToolTip(tr("The players' luck in large type on the player display"))
        self.show_button.setChecked(display.luck_action.isChecked())
        self.show_button.toggled.connect(display.show_luck)
        display.luck_action.toggled.connect(self._follow_display)
        self.send_button = QPushButton(tr("&Send to Players' Pages"))
        self.send_button.setObjectName("playersLuckSend")
        self.send_button.setToolTip(tr("A text handout of the players' luck to every player"))
        self.send_button.clicked.connect(self.send)
        self.close_button = QPushButton(tr("Close"))
        self.close_button.setObjectName("playersLuckClose")
        self.close_button.clicked.connect(self.close)
        buttons = QHBoxLayout()
        for button in (self.show_button, self.send_button):
            button.setAutoDefault(False)  # Enter closes; it never shows or sends by chance
            buttons.addWidget(button)
        self.close_button.setDefault(True)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.game)
        layout.addWidget(self.note)
        layout.addLayout(self.lines_box)
        layout.addStretch(1)
        layout.addWidget(self.outcome)
        layout.addLayout(buttons)
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(self.refresh)
        session.changed.connect(self._on_changed)
        self.resize(600, 320)

    # -- following the campaign -----------------------------------------------------------

    def detach(self) -> None:
        """Stop following the campaign (it is closing)."""
        self._later.stop()
        self.session.changed.disconnect(self._on_changed)
        self.display.luck_action.toggled.disconnect(self._follow_display)

    def _on_changed(self, _topic: str) -> None:
        if self.isVisible():  # a roll undone, a character renamed or deleted, a game ended
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

    def refresh(self) -> None:
        guarded_call(self, self._read)

    def _read(self) -> None:
        if self.luck is None:
            self._show_lines((tr(WORKING),))
        self.judge.request(self.session.campaign)  # -> _judged

    def _judged(self, result: object) -> None:
        from desktop.views.players_luck import PlayersLuck  # loaded by the worker already

        assert isinstance(result, PlayersLuck)
        self.luck = result
        self._show(result)

    def outcome_said(self, message: str) -> None:
        self.outcome.setText(message)

    @property
    def busy(self) -> bool:
        """Whether a judging is under way."""
        return self.judge.busy

    def _show(self, luck: PlayersLuck) -> None:
        self.game.setText(luck.game_title)
        self.game.setVisible(luck.ended)
        self._show_lines(luck.said(window_translator()))
        has_lines = luck.ended and not luck.empty
        self.send_button.setEnabled(not self.session.read_only and has_lines)
        self.show_button.setEnabled(luck.ended or self.show_button.isChecked())

    def _show_lines(self, lines: tuple[str, ...]) -> None:
        clear_layout(self.lines_box)
        self.lines = []
        for index, said in enumerate(lines):
            label = PlainLabel(said)
            label.setObjectName(f"playersLuckLine{index}")
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setFont(self.line_font)
            self.lines_box.addWidget(label)
            self.lines.append(label)

    def texts(self) -> list[str]:
        """The lines shown, as shown."""
        return [label.text() for label in self.lines]

    # -- what it does ---------------------------------------------------------------------

    def send(self) -> None:
        """Give the players' luck to every player's page, as one undo step."""
        session = self.session
        if session.read_only:
            return
        # As the campaign is now: what is shown, if it was judged from the lines as they are.
        luck = self.luck
        if luck is None or not self.judge.is_current(session.campaign):
            self.outcome.setText(tr(NOT_YET))
            self.refresh()
            return
        if not luck.ended or luck.empty:
            self.outcome.setText(luck.said(window_translator())[0])
            return
        # Written in the window's language, as the GM gives it; kept as written.
        gift = Gift("text", tr(TITLE), text=luck.body(window_translator()))
        if any(
            given.character_id is None and (given.title, given.text) == (gift.title, gift.text)
            for given in session.campaign.handouts.all()
        ):
            self.outcome.setText(tr(ALREADY_SENT))  # a second click gives no second copy
            return
        if session.push(GiveHandout(session, gift, None)):
            self.outcome.setText(tr(SENT))
        else:
            self.outcome.setText(session.last_failure or tr("The players' luck could not be sent."))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.outcome.clear()
        super().closeEvent(event)
