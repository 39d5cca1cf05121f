"""Undo commands of the Play dock: start and end a game, set a scene, declare an
action (the GM's, or a player's from their phone), next turn, end a round (with the
GM's award), the seating order. End game, the round's award and a declared action are
actions of `desktop.actions` (`play`, `turns`), which these commands call.

Each game step writes the game's whole play state through `campaign.games`, which
returns the game as it was: undo puts that record back (`games.put`), redo puts the
record the step made. Start game is undone by removing the game. The dice of an award,
and those End game takes off the table, are written with the game in one transaction
(`DiceChange`), and put back with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor
from desktop.actions.play import Award, RoundEnded, end_game, end_round_with_award
from desktop.actions.turns import declare_action
from desktop.store import DiceChange, DieRecord, GameRecord
from desktop.ui.commands import StoreCommand
from desktop.ui.session import CampaignSession
from desktop.ui.window_language import tr

if TYPE_CHECKING:
    from desktop.store import Campaign


class StartGame(StoreCommand):
    def __init__(self, session: CampaignSession) -> None:
        super().__init__(session, tr("Start game"))
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
    """One change of the running game: `step(campaign)` does it through `campaign.games`
    and returns the game as it was (every write method of `campaign.games` does)."""

    def __init__(
        self, session: CampaignSession, text: str, step: Callable[[Campaign], GameRecord]
    ) -> None:
        super().__init__(session, text)
        self._step = step
        self._before: GameRecord | None = None
        self._after: GameRecord | None = None

    def apply(self) -> None:
        campaign = self.session.campaign
        if self._after is None:
            before = self._step(campaign)
            self._before, self._after = before, campaign.games.get(before.id)
        else:
            campaign.games.put(self._after)

    def revert(self) -> None:
        assert self._before is not None
        self.session.campaign.games.put(self._before)


class DeclareAction(GameStep):
    """A declared action this round, by the GM from the Play dock or by a player from
    their phone on their turn (`actions.turns.declare_action` checks which may)."""

    def __init__(
        self,
        session: CampaignSession,
        actor: Actor,
        character_id: int,
        text: str,
        what: str | None = None,  # the undo step's name; "Declare an action" when None
    ) -> None:
        super().__init__(
            session,
            tr("Declare an action") if what is None else what,
            lambda campaign: declare_action(campaign, actor, character_id, text),
        )


class EndGame(StoreCommand):
    """End the running game: who grew (`dicepool.pool_size_after_game`), and the surplus
    taken off the table, in one write and one undo step (`campaign.games.finish`)."""

    def __init__(self, session: CampaignSession) -> None:
        super().__init__(session, tr("End game"))
        self.ended: GameRecord | None = None
        self.taken: list[DieRecord] = []
        self._before: GameRecord | None = None

    def apply(self) -> None:
        campaign = self.session.campaign
        if self.ended is None:
            self._before, self.ended, self.taken = end_game(campaign, Actor.gm())
        else:
            campaign.games.put(self.ended, DiceChange(delete=tuple(d.id for d in self.taken)))

    def revert(self) -> None:
        assert self._before is not None
        self.session.campaign.games.put(self._before, DiceChange(insert=tuple(self.taken)))


class EndRoundWithAward(StoreCommand):
    """The GM's award at a round's end and the end of the round: one write, one undo
    step (`actions.play.end_round_with_award`); a refused end leaves the die as it was.
    The step is named once the rules have placed the die (its size, for a new one)."""

    def __init__(self, session: CampaignSession, award: Award, label: str | None = None) -> None:
        super().__init__(session, tr("End round with an award"))
        self._award = award
        self._label = label  # how the GM's list named the die given
        self.done: RoundEnded | None = None

    def apply(self) -> None:
        campaign = self.session.campaign
        if self.done is None:
            self.done = done = end_round_with_award(campaign, Actor.gm(), self._award)
            if self._label:
                said = tr("Award {given} to {name}; end round").format(
                    given=self._label, name=done.receiver_name
                )
            else:
                said = tr("Award a new depleted d{size} to {name}; end round").format(
                    size=done.size, name=done.receiver_name
                )
            self.setText(said)
        else:
            done = self.done
            campaign.games.put(done.after, DiceChange(update=done.award.update, insert=done.added))

    def revert(self) -> None:
        assert self.done is not None
        self.session.campaign.games.put(
            self.done.before,
            DiceChange(update=self.done.old_dice, delete=tuple(d.id for d in self.done.added)),
        )


class SetSeating(StoreCommand):
    def __init__(self, session: CampaignSession, order: list[int]) -> None:
        super().__init__(session, tr("Change the seating order"))
        self._order = list(order)
        self._previous: list[int] | None = None
        if order == session.campaign.games.seating():
            self.setObsolete(True)

    def apply(self) -> None:
        self._previous = self.session.campaign.games.set_seating(self._order)

    def revert(self) -> None:
        assert self._previous is not None
        self.session.campaign.games.set_seating(self._previous)
