"""Roll a tray: the rolled dice applied by the rules to the roller's pool, and the roll's
line in the log, in one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from desktop.actions.actor import Actor
from desktop.actions.dice import after_pool, to_pool
from desktop.actions.roll_words import by_player_words, describe_roll, roll_detail
from desktop.rules import dicepool
from desktop.store import DieRecord

if TYPE_CHECKING:
    from desktop.store import Campaign


class RollEntry(NamedTuple):
    """What the roll log keeps of a roll."""

    character_id: int
    character_name: str
    kind: str
    detail: dict[str, Any]
    total: int | None
    summary: str


@dataclass(frozen=True)
class RollDone:
    """A roll written: its log line, the dice as they were (undo writes them back) and
    as the roll left them (redo writes them again), and its summary for the GM."""

    roll_id: int
    before: list[DieRecord]
    after: list[DieRecord]
    summary: str


def record_roll(campaign: Campaign, dice: list[DieRecord], entry: RollEntry) -> RollDone:
    """Write the dice a roll moved and its log line, in one transaction."""
    before, logged = campaign.rolls.record(
        dice,
        character_id=entry.character_id,
        character_name=entry.character_name,
        kind=entry.kind,
        detail=entry.detail,
        total=entry.total,
        summary=entry.summary,
    )
    return RollDone(logged.id, before, list(dice), entry.summary)


def apply_tray_roll(
    campaign: Campaign,
    actor: Actor,
    character_id: int,
    roll: dicepool.Roll,
    *,
    steps_allowed: int,
    choice: dicepool.Catastrophe | None = None,
    chosen: int | None = None,
    rolled: list[DieRecord] | None = None,
) -> RollDone:
    """Apply `roll` (a tray of `character_id`'s dice, rolled by `dice.roll_tray` or the
    rules' quick pick) to their pool: depletion, the tuple's return, the all-ones
    `choice` with the die `chosen` for it. ValueError with the rules' message when they
    refuse it (an all-ones roll with no choice yet). `rolled` is the tray as it was
    rolled when it was never written (a player's, picked on their phone); the log keeps
    its steps. The log says who rolled: the GM, or the player from their device."""
    actor.require_one_of([character_id], "roll")
    character = campaign.roster.get(character_id)
    dice = campaign.kit.dice(character_id)
    pool = dicepool.apply_roll(to_pool(dice), roll, choice=choice, chosen=chosen)
    detail = roll_detail(rolled or dice, roll, choice, steps_allowed, chosen)
    summary = describe_roll(character.name, roll, choice)
    if not actor.is_gm:
        summary += " " + by_player_words()
    entry = RollEntry(
        character_id=character.id,
        character_name=character.name,
        kind="roll",
        detail={**detail, "by": "gm" if actor.is_gm else "player"},
        total=roll.result.total,
        summary=summary,
    )
    return record_roll(campaign, after_pool(dice, pool), entry)
