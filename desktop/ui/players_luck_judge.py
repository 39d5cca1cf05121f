"""The players' luck judged off the GUI thread (issue 33), for the Players' Luck window
and the player display's screen alike.

The game's lines are read from the store on the GUI thread (1-5 ms for a game), then
judged against their exact odds on a thread pool: the odds cost about 1 ms a distinct
tray, 45-100 ms cold for a game of 50 (measured on a shared two-core machine), too long
for a frame. The cache lives as long as the judge, so later judgings take a few ms.
One judging at a time, and only the worker touches the cache while one is under way; a
request meanwhile is judged, as the campaign is then, when it is done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QThreadPool, Signal

from desktop.store import Campaign
from desktop.ui.odds_worker import OddsWorker
from desktop.views.players_rolls import PlayersRolls, read_players_rolls

if TYPE_CHECKING:  # the exact odds (icepool, 80 ms to import) load on the worker
    from desktop.views.players_luck import PlayersLuck
    from desktop.views.tray_luck import TrayOddsCache


class LuckJudge(QObject):
    judged = Signal(object)  # the PlayersLuck of the campaign as last requested
    failed = Signal(str)

    def __init__(self, pool: QThreadPool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cache: TrayOddsCache | None = None  # made at the first judging
        self.judged_from: PlayersRolls | None = None  # what the last `judged` was from
        self._judging: PlayersRolls | None = None
        self._judging_of: Campaign | None = None  # the campaign `_judging` was read from
        self._again: Campaign | None = None  # asked again while judging
        self._worker = OddsWorker(pool, self)
        self._worker.ready.connect(self._done)
        self._worker.failed.connect(self._failed)

    @property
    def busy(self) -> bool:
        return self._judging is not None

    def request(self, campaign: Campaign) -> None:
        """Judge the players' luck of `campaign`'s newest ended game: `judged` tells it."""
        if self._judging is not None:
            self._again = campaign
            return
        read = read_players_rolls(campaign)
        self._judging, self._judging_of = read, campaign
        self._worker.request(lambda: self._judge(read))

    def _judge(self, read: PlayersRolls) -> PlayersLuck:
        """On the worker, the only one touching the cache meanwhile."""
        from desktop.views.players_luck import judge_players
        from desktop.views.tray_luck import TrayOddsCache

        if self.cache is None:
            self.cache = TrayOddsCache()
        return judge_players(read, self.cache)

    def is_current(self, campaign: Campaign) -> bool:
        """Whether the last judging was of `campaign`'s lines as they are now."""
        return not self.busy and self.judged_from == read_players_rolls(campaign)

    def _done(self, result: object) -> None:
        judged_of, self._judging_of = self._judging_of, None
        judging, self._judging = self._judging, None
        again, self._again = self._again, None
        if again is not None and again is not judged_of:
            # Another campaign was opened meanwhile: this one's players' luck must not
            # reach its window or its players' screen, even for a moment.
            self.request(again)
            return
        self.judged_from = judging
        self.judged.emit(result)
        if again is not None:
            self.request(again)

    def _failed(self, message: str) -> None:
        judged_of, again = self._judging_of, self._again
        self._judging = self._again = self._judging_of = None
        if again is not None and again is not judged_of:
            self.request(again)  # the campaign opened meanwhile is judged, not failed
            return
        self.failed.emit(message)
