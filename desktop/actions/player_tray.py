"""A player's tray, picked on their phone: which of their own dice, with how many trait
steps each, and which of their own traits they ticked. Checked against the store as it
is now, and never written by a roll (the roll writes the dice once, `tray`); in a
conflict it is put in the character's tray (`put_in_tray`) for the Dice Table to roll
both sides.

Two of a player's devices rolling at once, or a player rolling while the GM rolls for
the same character, are made one after the other on the GM's side: the first wins, the
second is refused as already rolled (the roll count its page saw is behind, or a picked
die has left the pool since) and its page gets the table as it is now."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor
from desktop.actions.pool import DiceMoved
from desktop.actions.tray_moves import moved_die
from desktop.rules import dicepool
from desktop.store import DieRecord

# The words for the slower of two rolls: it names no die, since the page redraws them.
ALREADY_ROLLED = "Those dice were already rolled; here is the table as it is now."
ALREADY_MOVED = "Those dice were already rolled or moved; here is the table as it is now."

if TYPE_CHECKING:
    from desktop.store import Campaign


@dataclass(frozen=True)
class PickedTray:
    """The character's dice with the picked ones in the tray (and only those), and the
    trait steps the ticked traits allow."""

    dice: list[DieRecord]
    steps_allowed: int


def picked_tray(
    campaign: Campaign,
    actor: Actor,
    character_id: int,
    die_ids: Sequence[int],
    trait_ids: Sequence[int],
    steps: Mapping[int, int],
    seen: int | None = None,
) -> PickedTray:
    """The tray `actor` picked for `character_id`: NotYours for another character's
    player, ValueError in plain words for a die that is not in the pool, a trait that
    is not the character's own, a step past d20. `seen` is how many rolls the character
    had when the tray was picked (None: not said): another roll since is ALREADY_ROLLED,
    as is a picked die of theirs that left the pool (ALREADY_MOVED)."""
    actor.require_one_of([character_id], "roll")
    name = campaign.roster.get(character_id).name
    if seen is not None and campaign.rolls.counts().get(character_id, 0) != seen:
        raise ValueError(ALREADY_ROLLED)
    dice = campaign.kit.dice(character_id)
    mine = {die.id: die for die in dice}
    if len(set(die_ids)) != len(die_ids):
        raise ValueError("Pick each die once.")
    if any(die_id not in mine for die_id in die_ids):
        raise ValueError(f"That die is not in {name}'s pool.")
    traits = {trait.id: trait.value for trait in campaign.kit.traits(character_id)}
    if any(trait_id not in traits for trait_id in trait_ids):
        raise ValueError(f"Tick only {name}'s own traits.")
    if any(die_id not in die_ids for die_id in steps):
        raise ValueError("Trait steps go on dice in the tray only.")
    picked = set(die_ids)
    tray: list[DieRecord] = []
    for die in dice:
        if die.id in picked:
            if die.kind == "ordinary" and die.place != "pool":
                raise ValueError(ALREADY_MOVED)
            try:
                put = moved_die(die, "tray")
            except ValueError:
                raise ValueError(f"That die is not in {name}'s pool.") from None
            count = steps.get(die.id, 0)
            dicepool.step_size(die.size, count)  # the rules' refusal of a step past d20
            tray.append(replace(put, steps=count))
        else:
            tray.append(replace(die, in_tray=False, steps=0, down_to_d4=False))
    return PickedTray(tray, dicepool.trait_steps([traits[t] for t in trait_ids]))


def put_in_tray(campaign: Campaign, actor: Actor, character_id: int, tray: PickedTray) -> DiceMoved:
    """The tray `actor` picked for `character_id` written as the character's tray (a
    conflict's side, rolled with the other side on the Dice Table): the dice that change,
    as they were and as they are now."""
    actor.require_one_of([character_id], "fill a tray")
    now = {die.id: die for die in campaign.kit.dice(character_id)}
    changed = [die for die in tray.dice if now.get(die.id) != die]
    return DiceMoved(campaign.kit.update_dice(changed), changed)
