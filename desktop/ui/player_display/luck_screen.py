""" "The players' luck" on the player display (issue 33): each player character's luck in
the last ended game, one sentence each, in large type over the whole display until the
GM hides it.

Like the recap screen, it builds what it shows itself, always the player-safe view
(`views.players_luck`: player characters' rolls only), and reads it again on every
change while shown. Its odds cache lives as long as the screen, so a re-read costs a few
milliseconds (a game's trays are computed once: about 45 ms for 50 distinct trays).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.store import Campaign
from desktop.ui.player_display.recap_screen import RecapScreen

if TYPE_CHECKING:  # the exact odds (icepool) load when the luck is first shown
    from desktop.views.players_luck import PlayersLuck
    from desktop.views.tray_luck import TrayOddsCache


class LuckScreen(RecapScreen):
    """The recap screen's layout and fitting (largest type that fits), with the luck's
    sentences for lines."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("playerLuck")
        self.title.setObjectName("playerLuckTitle")
        self.game.setObjectName("playerLuckGame")
        self.cache: TrayOddsCache | None = None  # made when first shown
        self.luck: PlayersLuck | None = None

    def refresh(self, campaign: Campaign | None) -> None:
        """Read the players' luck of `campaign`'s last ended game again (None: nothing)."""
        from desktop.views.players_luck import TITLE, players_luck
        from desktop.views.tray_luck import TrayOddsCache

        if self.cache is None:
            self.cache = TrayOddsCache()
        self.luck = None if campaign is None else players_luck(campaign, self.cache)
        lines = () if self.luck is None else self.luck.said()
        self.title.setText(TITLE)
        self.game.setText("" if self.luck is None else self.luck.game_title)
        self.game.setVisible(self.luck is not None and self.luck.ended)
        self.show_lines(lines, "playerLuckLine")
