"""A character's pool changed by the rules outside a roll: rest, damage, and a depleted
die given to another character. Each reads the dice, lets the rules move them and
writes the moved ones in one transaction."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor
from desktop.actions.dice import after_pool, to_pool
from desktop.rules import dicepool
from desktop.store import DieRecord

if TYPE_CHECKING:
    from desktop.store import Campaign


@dataclass(frozen=True)
class DiceMoved:
    """The dice an action moved: as they were (undo writes them back) and as it left
    them (redo writes them again). Both empty when the rules moved none."""

    before: list[DieRecord]
    after: list[DieRecord]


def rest(campaign: Campaign, actor: Actor, character_id: int, hours: int) -> DiceMoved:
    """`hours` of rest by the rules' `rest`; ValueError when it would return no die."""
    actor.require_one_of([character_id], "rest")
    moved = _pool_change(campaign, character_id, lambda pool: dicepool.rest(pool, hours))
    if not moved.after:
        raise ValueError("Resting changes nothing here: no depleted or removed die to return.")
    return moved


def take_damage(campaign: Campaign, actor: Actor, character_id: int, count: int) -> DiceMoved:
    """`count` dice of damage by the rules' `take_damage`: the pool first, then the table."""
    actor.require_one_of([character_id], "take damage")
    return _pool_change(campaign, character_id, lambda pool: dicepool.take_damage(pool, count))


def give_depleted_die(
    campaign: Campaign, actor: Actor, die_id: int, giver: int, receiver: int
) -> DiceMoved:
    """One of `giver`'s depleted dice given to `receiver` (an award for good
    storytelling): it lands on the receiver's table, by the rules' `award_depleted`."""
    actor.require_one_of([giver], "give a depleted die")
    campaign.roster.get(receiver)  # NotFound, in the GM's words, before the rules speak
    given = campaign.kit.dice(giver)
    _kept, received = dicepool.award_depleted(
        to_pool(given), to_pool(campaign.kit.dice(receiver)), die_id
    )
    die = next(d for d in given if d.id == die_id)
    moved = replace(die, character_id=receiver, place=str(received.get(die_id).place))
    return DiceMoved(campaign.kit.update_dice([moved]), [moved])


def _pool_change(
    campaign: Campaign, character_id: int, change: Callable[[dicepool.Pool], dicepool.Pool]
) -> DiceMoved:
    dice = campaign.kit.dice(character_id)
    moved = after_pool(dice, change(to_pool(dice)))
    return DiceMoved(campaign.kit.update_dice(moved), moved)
