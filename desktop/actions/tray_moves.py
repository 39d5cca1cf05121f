"""Dice moved by hand before a roll: into and out of the tray or to another area, trait
steps, a die stepped down to d4, trays emptied, and a quick count of dice put in the
tray. Each reads the dice, checks the move by the rules and writes it in one
transaction; a move that changes nothing writes nothing (an empty `DiceMoved`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor
from desktop.actions.dice import to_pool, tray_of
from desktop.actions.pool import DiceMoved
from desktop.rules import dicepool
from desktop.store import DieRecord, NotFound

if TYPE_CHECKING:
    from desktop.store import Campaign

AREAS = ("pool", "tray", "table", "removed")


def moved_die(die: DieRecord, area: str) -> DieRecord:
    """`die` moved to `area` ("tray" is in the pool, put in the tray), with its steps
    undone; ValueError when a die cannot go there."""
    if area not in AREAS:
        raise ValueError(f"A die goes to one of {', '.join(AREAS)}, not {area!r}.")
    if die.kind != "ordinary" and area == "tray":
        raise ValueError("Weapon and armour dice are rolled in a conflict, not from the tray.")
    if area == "tray" and die.place != "pool":
        raise ValueError("Only dice in the pool can go in the tray.")
    if area in ("pool", "tray"):
        return replace(die, place="pool", in_tray=area == "tray", steps=0, down_to_d4=False)
    return replace(die, place=area, in_tray=False, steps=0, down_to_d4=False)


def move_die(
    campaign: Campaign, actor: Actor, character_id: int, die_id: int, area: str
) -> DiceMoved:
    """One of `character_id`'s dice moved to `area` of the table (see `moved_die`)."""
    actor.require_one_of([character_id], "move dice")
    die = _die(campaign.kit.dice(character_id), die_id)
    changed = moved_die(die, area)
    return _write(campaign, [changed] if changed != die else [])


def stepped_die(
    dice: list[DieRecord], die_id: int, delta: int, steps_allowed: int, who: str
) -> DieRecord | None:
    """Tray die `die_id` with one trait step spent (`delta` 1) or taken back (-1), within
    the `steps_allowed` of the side's ticked traits (`who` names the side when none is
    left): ValueError when refused, None when there is nothing to do (a die out of the
    tray, or no step to take back)."""
    die = _die(dice, die_id)
    steps = die.steps + delta
    if not die.in_tray or steps < 0:
        return None
    used = sum(d.steps for d in tray_of(dice)) + delta
    if delta > 0 and used > steps_allowed:
        raise ValueError(f"No trait steps left for {who}: tick one of its own traits that applies.")
    dicepool.step_size(die.size, steps)  # the rules' refusal of a step past d12
    return replace(die, steps=steps, down_to_d4=False)


def step_die(
    campaign: Campaign,
    actor: Actor,
    character_id: int,
    die_id: int,
    delta: int,
    *,
    steps_allowed: int,
    who: str,
) -> DiceMoved:
    """A trait step spent or taken back on one of `character_id`'s tray dice (see
    `stepped_die`)."""
    actor.require_one_of([character_id], "step dice")
    changed = stepped_die(campaign.kit.dice(character_id), die_id, delta, steps_allowed, who)
    return _write(campaign, [changed] if changed is not None else [])


def toggle_down_to_d4(
    campaign: Campaign, actor: Actor, character_id: int, die_id: int
) -> DiceMoved:
    """Step a tray die down to d4, or back to its own size (its trait steps undone)."""
    actor.require_one_of([character_id], "step dice")
    die = _die(campaign.kit.dice(character_id), die_id)
    if not die.in_tray:
        return DiceMoved([], [])
    return _write(campaign, [replace(die, down_to_d4=not die.down_to_d4, steps=0)])


def empty_trays(campaign: Campaign, actor: Actor, character_ids: Sequence[int]) -> DiceMoved:
    """Every die in the trays of `character_ids` back to the pool, unstepped."""
    actor.require_one_of(list(character_ids), "empty a tray")
    trays = [d for cid in character_ids for d in tray_of(campaign.kit.dice(cid))]
    return _write(campaign, [replace(d, in_tray=False, steps=0, down_to_d4=False) for d in trays])


def quick_filled(dice: list[DieRecord], count: int, name: str) -> list[DieRecord]:
    """`count` of the pool's dice, the smallest first (the rules' `quick_pick`), as they
    are once put in the tray; ValueError, named after `name`, when the rules refuse."""
    try:
        picked = set(dicepool.quick_pick(to_pool(dice), count))
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from error
    return [replace(d, in_tray=True, steps=0, down_to_d4=False) for d in dice if d.id in picked]


def fill_tray(campaign: Campaign, actor: Actor, character_id: int, count: int) -> DiceMoved:
    """`count` of `character_id`'s pool dice put in the tray (see `quick_filled`)."""
    actor.require_one_of([character_id], "fill a tray")
    name = campaign.roster.get(character_id).name
    return _write(campaign, quick_filled(campaign.kit.dice(character_id), count, name))


def _die(dice: list[DieRecord], die_id: int) -> DieRecord:
    for die in dice:
        if die.id == die_id:
            return die
    raise NotFound("That die is no longer on the table.")


def _write(campaign: Campaign, changed: list[DieRecord]) -> DiceMoved:
    return DiceMoved(campaign.kit.update_dice(changed), changed)
