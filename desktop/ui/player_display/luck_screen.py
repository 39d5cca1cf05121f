""" "The players' luck" on the player display (issue 33): each player character's luck in
the last ended game, one sentence each, in large type over the whole display until the
GM hides it.

Like the recap screen, it builds what it shows itself, always the player-safe view
(`views.players_luck`: player characters' rolls only), and reads it again on every
change while shown. The exact odds are judged off the GUI thread (`LuckJudge`): the
lines shown stay until the new ones are judged, a few ms later once its cache is warm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QWidget

from desktop.language import N_
from desktop.store import Campaign
from desktop.ui.player_display.recap_screen import RecapScreen
from desktop.ui.players_luck_judge import LuckJudge
from desktop.ui.window_language import tr, window_translator
from desktop.views.players_rolls import TITLE

if TYPE_CHECKING:  # the exact odds (icepool) load when the luck is first shown
    from desktop.views.players_luck import PlayersLuck

WORKING = N_("Working out the odds…")


class LuckScreen(RecapScreen):
    """The recap screen's layout and fitting (largest type that fits), with the luck's
    sentences for lines."""

    def __init__(self, pool: QThreadPool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerLuck")
        self.title.setObjectName("playerLuckTitle")
        self.title.setText(tr(TITLE))
        self.game.setObjectName("playerLuckGame")
        self.luck: PlayersLuck | None = None
        self.campaign: Campaign | None = None
        self.judge = LuckJudge(pool, self)
        self.judge.judged.connect(self._judged)
        self.judge.failed.connect(lambda message: self.show_lines((message,), "playerLuckLine"))

    @property
    def busy(self) -> bool:
        return self.judge.busy

    def refresh(self, campaign: Campaign | None) -> None:
        """Read the players' luck of `campaign`'s last ended game again (None: nothing)."""
        self.campaign = campaign
        if campaign is None:
            self.luck = None
            self.game.hide()
            self.show_lines((), "playerLuckLine")
            return
        if self.luck is None:
            self.show_lines((tr(WORKING),), "playerLuckLine")
        self.judge.request(campaign)

    def _judged(self, result: object) -> None:
        from desktop.views.players_luck import PlayersLuck

        if self.campaign is None:  # closed meanwhile: nothing to show it for
            return
        assert isinstance(result, PlayersLuck)
        self.luck = result
        self.game.setText(result.game_title)
        self.game.setVisible(result.ended)
        self.show_lines(result.said(window_translator()), "playerLuckLine")
