"""The GM's steps of a game that end something: a round with its award, and the game.
Each is one transaction and returns what it did, for the summary and for the undo."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor
from desktop.actions.dice import to_pool
from desktop.rules import dicepool
from desktop.store import DiceChange

if TYPE_CHECKING:
    from desktop.store import Campaign, DieRecord, GameEnd, GameRecord


@dataclass(frozen=True)
class DepletedDieGiven:
    """The round's award: a depleted die of an NPC or a challenge, to `receiver`."""

    die: DieRecord
    receiver: int


@dataclass(frozen=True)
class NewDieGiven:
    """The round's award: a new depleted die the GM makes for `receiver`."""

    receiver: int


Award = DepletedDieGiven | NewDieGiven


@dataclass(frozen=True)
class RoundEnded:
    """A round ended with its award: the game before and after, who received the die
    and its size, what the award asked of the dice (`award`: redo writes it again), the
    given die as it was (`old_dice`) and the new die as made (`added`)."""

    before: GameRecord
    after: GameRecord
    receiver_name: str
    size: int
    award: DiceChange
    old_dice: tuple[DieRecord, ...]
    added: tuple[DieRecord, ...]


def end_round_with_award(campaign: Campaign, actor: Actor, award: Award) -> RoundEnded:
    """End the round with the GM's award (RULES.md section 2, Awards): a given depleted
    die lands where the rules' `award_depleted` puts it on the receiver's side, a new
    one where `award_new_die` does; the die and the round's end are one write, so a
    refused end leaves the die where it was."""
    actor.require_gm("give the round's award")
    receiver = campaign.roster.get(award.receiver)
    receiving = to_pool(campaign.kit.dice(receiver.id))
    if isinstance(award, DepletedDieGiven):
        giving = to_pool(campaign.kit.dice(award.die.character_id))
        _kept, received = dicepool.award_depleted(giving, receiving, award.die.id)
        placed = received.get(award.die.id)
        moved = replace(award.die, character_id=receiver.id, place=str(placed.place))
        change = DiceChange(update=(moved,))
    else:
        # The rules place a die by its id; the store gives the new one its own.
        new_id = max((d.id for d in receiving.dice), default=0) + 1
        placed = dicepool.award_new_die(receiving, new_id).get(new_id)
        change = DiceChange(add=((receiver.id, placed.size),))
    before, written = campaign.games.end_round_with_award(change)
    return RoundEnded(
        before,
        campaign.games.get(before.id),
        receiver.name,
        placed.size,
        change,
        tuple(written.before),
        tuple(written.added),
    )


def end_game(campaign: Campaign, actor: Actor) -> GameEnd:
    """End the running game (RULES.md section 2, "A game"): who grew, and each one's
    surplus taken off the table, in one write (`campaign.games.finish`)."""
    actor.require_gm("end the game")
    return campaign.games.finish()
