"""A character's pool changed by the rules outside a roll: rest, damage, and a depleted
die given to another character. Each reads the dice, lets the rules move them and
writes the moved ones in one transaction."""

from __future__ import annotations

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


def rested(dice: list[DieRecord], hours: int) -> list[DieRecord]:
    """The dice `hours` of rest move, by the rules' `rest`; ValueError when none."""
    moved = after_pool(dice, dicepool.rest(to_pool(dice), hours))
    if not moved:
        raise ValueError("Resting changes nothing here: no depleted or removed die to return.")
    return moved


def damaged(dice: list[DieRecord], count: int) -> list[DieRecord]:
    """The dice `count` dice of damage take, by the rules' `take_damage`: the pool
    first, then the table."""
    return after_pool(dice, dicepool.take_damage(to_pool(dice), count))


def given_die(
    given: list[DieRecord], received: list[DieRecord], die_id: int, receiver: int
) -> DieRecord:
    """One of the giver's depleted dice as it lands with `receiver` (an award for good
    storytelling), by the rules' `award_depleted`: on the receiver's table."""
    _kept, after = dicepool.award_depleted(to_pool(given), to_pool(received), die_id)
    die = next(d for d in given if d.id == die_id)
    return replace(die, character_id=receiver, place=str(after.get(die_id).place))


def rest(campaign: Campaign, actor: Actor, character_id: int, hours: int) -> DiceMoved:
    """`hours` of rest (see `rested`)."""
    actor.require_one_of([character_id], "rest")
    return _write(campaign, rested(campaign.kit.dice(character_id), hours))


def take_damage(campaign: Campaign, actor: Actor, character_id: int, count: int) -> DiceMoved:
    """`count` dice of damage (see `damaged`)."""
    actor.require_one_of([character_id], "take damage")
    return _write(campaign, damaged(campaign.kit.dice(character_id), count))


def give_depleted_die(
    campaign: Campaign, actor: Actor, die_id: int, giver: int, receiver: int
) -> DiceMoved:
    """One of `giver`'s depleted dice given to `receiver` (see `given_die`)."""
    actor.require_one_of([giver], "give a depleted die")
    given, received = campaign.kit.dice(giver), campaign.kit.dice(receiver)
    return _write(campaign, [given_die(given, received, die_id, receiver)])


def _write(campaign: Campaign, changed: list[DieRecord]) -> DiceMoved:
    return DiceMoved(campaign.kit.update_dice(changed), changed)
