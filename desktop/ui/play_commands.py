"""Undo commands of the Play dock: start and end a game, set a scene, declare an
action, next turn, end a round (with the GM's award), the seating order.

Each game step writes the game's whole play state through `campaign.games`, which
returns the game as it was: undo puts that record back (`games.put`), redo puts the
record the step made. Start game is undone by removing the game. The dice of an award,
and those End game takes off the table, are written with the game in one transaction
(`DiceChange`), and put back with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from desktop.store import DiceChange, DieRecord, GameRecord
from desktop.ui.commands import StoreCommand
from desktop.ui.session import CampaignSession

if TYPE_CHECKING:
    from desktop.store import DowntimeSheet


class StartGame(StoreCommand):
    def __init__(self, session: CampaignSession) -> None:
        super().__init__(session, "Start game")
        self.game: GameRecord | None = None

    def apply(self) -> None:
        games = self.session.campaign.games
        if self.game is None:
            self.game = games.start()
        else:
            games.put(self.game)

    def revert(self) -> None:
        assert self.game is not None
        self.game = self.session.campaign.games.remove(self.game.id)


class GameStep(StoreCommand):
    """One change of the running game: `step(games)` does it and returns the game as it
    was (every write method of `campaign.games` does)."""

    def __init__(
        self, session: CampaignSession, text: str, step: Callable[[object], GameRecord]
    ) -> None:
        super().__init__(session, text)
        self._step = step
        self._before: GameRecord | None = None
        self._after: GameRecord | None = None

    def apply(self) -> None:
        games = self.session.campaign.games
        if self._after is None:
            self._before, self._after = self._first_run(games)
        else:
            games.put(self._after)

    def _first_run(self, games: Any) -> tuple[GameRecord, GameRecord]:
        """The first redo: (the game as it was, as the step left it)."""
        before = self._step(games)
        return before, games.get(before.id)

    def revert(self) -> None:
        assert self._before is not None
        self.session.campaign.games.put(self._before)


class EndGame(StoreCommand):
    """End the running game: who grew (`dicepool.pool_size_after_game`), and the surplus
    taken off the table, in one write and one undo step (`campaign.games.finish`)."""

    def __init__(self, session: CampaignSession) -> None:
        super().__init__(session, "End game")
        self.ended: GameRecord | None = None
        self.taken: list[DieRecord] = []
        self._before: GameRecord | None = None

    def apply(self) -> None:
        games = self.session.campaign.games
        if self.ended is None:
            self._before, self.ended, self.taken = games.finish()
        else:
            games.put(self.ended, DiceChange(delete=tuple(d.id for d in self.taken)))

    def revert(self) -> None:
        assert self._before is not None
        self.session.campaign.games.put(self._before, DiceChange(insert=tuple(self.taken)))


class MarkSessionXp(StoreCommand):
    """The end-of-session XP marks of every player character, as one undo step: each
    pair is a downtime sheet before and after its mark (`downtime.session_xp_marks`)."""

    def __init__(
        self, session: CampaignSession, sheets: list[tuple[DowntimeSheet, DowntimeSheet]]
    ) -> None:
        count = len(sheets)
        super().__init__(session, f"End-of-session XP for {count} character{'s' * (count != 1)}")
        self._sheets = list(sheets)
        if not sheets:
            self.setObsolete(True)

    def apply(self) -> None:
        downtime = self.session.campaign.downtime
        written: list[DowntimeSheet] = []
        try:
            for before, after in self._sheets:
                downtime.set_sheet(after)
                written.append(before)
        except Exception:
            for before in reversed(written):  # all the marks or none: one step
                downtime.set_sheet(before)
            raise

    def revert(self) -> None:
        downtime = self.session.campaign.downtime
        for before, _after in reversed(self._sheets):
            downtime.set_sheet(before)


class EndRoundWithAward(StoreCommand):
    """The GM's award at a round's end and the end of the round: one write, one undo
    step (`campaign.games.end_round_with_award`); a refused end leaves the die as it was.

    `moved` is the depleted die given (from an NPC or a challenge, already placed on the
    receiver's table by the rules' `award_depleted`); or, with `new_for` set, a new
    depleted die of size `new_size` is made for that character (`award_new_die`)."""

    def __init__(
        self,
        session: CampaignSession,
        text: str,
        *,
        moved: DieRecord | None = None,
        new_for: int | None = None,
        new_size: int = 6,
    ) -> None:
        super().__init__(session, text)
        self._award = DiceChange(
            update=() if moved is None else (moved,),
            add=() if new_for is None else ((new_for, new_size),),
        )
        self._before: GameRecord | None = None
        self._after: GameRecord | None = None
        self._old_dice: tuple[DieRecord, ...] = ()
        self._added: tuple[DieRecord, ...] = ()

    def apply(self) -> None:
        games = self.session.campaign.games
        if self._after is None:
            self._before, written = games.end_round_with_award(self._award)
            self._after = games.get(self._before.id)
            self._old_dice, self._added = tuple(written.before), tuple(written.added)
        else:
            games.put(self._after, DiceChange(update=self._award.update, insert=self._added))

    def revert(self) -> None:
        assert self._before is not None
        self.session.campaign.games.put(
            self._before,
            DiceChange(update=self._old_dice, delete=tuple(d.id for d in self._added)),
        )


class SetSeating(StoreCommand):
    def __init__(self, session: CampaignSession, order: list[int]) -> None:
        super().__init__(session, "Change the seating order")
        self._order = list(order)
        self._previous: list[int] | None = None
        if order == session.campaign.games.seating():
            self.setObsolete(True)

    def apply(self) -> None:
        self._previous = self.session.campaign.games.set_seating(self._order)

    def revert(self) -> None:
        assert self._previous is not None
        self.session.campaign.games.set_seating(self._previous)
