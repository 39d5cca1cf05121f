"""An all-ones roll waiting for its player's choice (RULES.md section 2, All-ones tuple):
what was rolled, for whom and by whom, until the player keeps one die or loses one.

One waits at a time per session, whoever rolled it (the GM at the Dice Table or the
player from their phone); the GM or that character's player may choose, and the first
choice settles it. Nothing is written while it waits: the choice writes the roll once.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.actions.actor import Actor
from desktop.rules import dicepool
from desktop.store import DieRecord

NOT_PENDING = "No all-ones choice is waiting for you."
ALREADY_CHOSEN = "Already chosen: that all-ones roll is settled."


@dataclass(frozen=True)
class PendingAllOnes:
    """An all-ones `roll` of `character_id`'s dice, not written yet. `actor` rolled it;
    `rolled` is the tray a player picked on their phone (never written before the roll),
    None for the GM's tray at the Dice Table."""

    character_id: int
    roll: dicepool.Roll
    steps_allowed: int
    actor: Actor
    rolled: tuple[DieRecord, ...] | None = None

    @property
    def suggested_keep(self) -> int:
        return dicepool.suggested_die(self.roll, dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE)

    @property
    def suggested_lose(self) -> int:
        return dicepool.suggested_die(self.roll, dicepool.Catastrophe.LOSE_ONE)


def check_choice(
    pending: PendingAllOnes | None,
    actor: Actor,
    character_id: int,
    die_id: int,
    settled: frozenset[int] = frozenset(),
) -> PendingAllOnes:
    """The roll `actor` may choose for, `character_id`'s, with `die_id` one of its dice;
    else ValueError in plain words (nothing is written). `settled` holds the dice of that
    character's last all-ones roll already chosen, so that the slower of two choices
    hears that it came second."""
    actor.require_one_of([character_id], "make the all-ones choice")
    if pending is None or pending.character_id != character_id:
        raise ValueError(ALREADY_CHOSEN if die_id in settled else NOT_PENDING)
    if die_id not in pending.roll.die_ids:
        raise ValueError("That die is not in the all-ones roll: pick one of the rolled dice.")
    return pending
