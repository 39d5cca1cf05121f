"""A conflict at the table: two sides roll, the higher total wins, damage follows.

Nothing is written until the GM applies the outcome (`apply_conflict`): both sides'
depletions, the damage and protection dice used, and the loser's lost dice go to the
store in one transaction, with one entry in the roll log. A conflict set aside unapplied
is logged as such (`set_aside_conflict`). All the arithmetic is the rules':
`dicepool.apply_roll`, `settle_conflict`, `use_item_die` and `take_damage`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from desktop.actions.actor import Actor
from desktop.actions.dice import after_pool, roll_tray, to_pool
from desktop.actions.roll_words import LOG_WORDS
from desktop.actions.tray import RollDone, RollEntry, record_roll
from desktop.language import Translator
from desktop.rules import dicepool
from desktop.store import CharacterRecord, DieRecord, ItemRecord, RollRecord

if TYPE_CHECKING:
    from desktop.store import Campaign


@dataclass
class SideRoll:
    """One side of a conflict: who, their dice and items, and what they rolled."""

    character: CharacterRecord
    dice: list[DieRecord]
    items: list[ItemRecord]
    roll: dicepool.Roll
    choice: dicepool.Catastrophe | None = None
    chosen: int | None = None  # the die the player picked to keep or to lose

    @property
    def total(self) -> int:
        return self.roll.result.total

    @property
    def needs_choice(self) -> bool:
        return self.roll.result.catastrophe and self.choice is None


@dataclass
class ItemRoll:
    """An item's die rolled in a conflict: the winner's weapon or the loser's armour."""

    item: ItemRecord
    rolled: dicepool.Rolled


@dataclass
class Conflict:
    """A conflict rolled on the Dice Table: both sides, the item dice, whether it is applied."""

    sides: list[SideRoll]
    damage: ItemRoll | None = None  # the winner's weapon die, if rolled
    protection: ItemRoll | None = None  # the loser's armour die, if rolled
    applied: bool = field(default=False)

    @property
    def winner(self) -> int | None:
        return dicepool.conflict_winner(self.sides[0].total, self.sides[1].total)

    @property
    def waiting_for(self) -> int | None:
        """The side whose all-ones choice is still to be made, if any."""
        for index, side in enumerate(self.sides):
            if side.needs_choice:
                return index
        return None

    def outcome(self) -> dicepool.ConflictOutcome:
        return dicepool.settle_conflict(
            self.sides[0].total,
            self.sides[1].total,
            self.damage.rolled if self.damage else None,
            self.protection.rolled if self.protection else None,
        )

    def weapons(self, side: int) -> list[ItemRecord]:
        return _usable(self.sides[side], "weapon")

    def armour(self, side: int) -> list[ItemRecord]:
        return _usable(self.sides[side], "armour")

    def changes(self) -> list[DieRecord]:
        """Every die the conflict moves, on both sides, in one list."""
        outcome = self.outcome()
        changed: list[DieRecord] = []
        for index, side in enumerate(self.sides):
            pool = dicepool.apply_roll(
                to_pool(side.dice), side.roll, choice=side.choice, chosen=side.chosen
            )
            if outcome.winner == index and self.damage is not None:
                pool = _used(pool, self.damage)
            if outcome.winner is not None and outcome.winner != index:
                if self.protection is not None:
                    pool = _used(pool, self.protection)
                pool = dicepool.take_damage(pool, min(outcome.dice_lost, _left(pool)))
            changed.extend(after_pool(side.dice, pool))
        return changed

    def summary(self, words: Translator = LOG_WORDS) -> str:
        """The conflict's outcome in `words`' language (the log's, English, when not
        given)."""
        first, second = self.sides
        names = {
            "first": first.character.name,
            "first_total": first.total,
            "second": second.character.name,
            "second_total": second.total,
        }
        outcome = self.outcome()
        if outcome.winner is None:
            return words.gettext(
                "{first} {first_total} against {second} {second_total}: a tie, no damage."
            ).format(**names)
        winner = self.sides[outcome.winner].character.name
        loser = self.sides[1 - outcome.winner].character.name
        extras = []
        if self.damage:
            extras.append(f"{self.damage.item.name} +{self.damage.rolled.face}")
        if self.protection:
            extras.append(f"{self.protection.item.name} +{self.protection.rolled.face}")
        more = f" ({', '.join(extras)})" if extras else ""
        said = {
            **names,
            "winner": winner,
            "loser": loser,
            "items": more,
            "winner_total": outcome.winner_total,
            "loser_total": outcome.loser_total,
        }
        lost = outcome.dice_lost
        if outcome.loser_total < outcome.winner_total:
            if not lost:
                return words.gettext(
                    "{first} {first_total} against {second} {second_total}: {winner} wins "
                    "{winner_total} to {loser_total}{items}; no damage."
                ).format(**said)
            return words.ngettext(
                "{first} {first_total} against {second} {second_total}: {winner} wins "
                "{winner_total} to {loser_total}{items}; {loser} loses {count} die.",
                "{first} {first_total} against {second} {second_total}: {winner} wins "
                "{winner_total} to {loser_total}{items}; {loser} loses {count} dice.",
                lost,
            ).format(**said, count=lost)
        # Protection closed the gap: the winner still won the roll (RULES.md: it never
        # turns the loser into a winner), so the totals after the dice are said apart.
        return words.gettext(
            "{first} {first_total} against {second} {second_total}: {winner} wins; with the "
            "item dice{items} it is {winner_total} against {loser_total}, so {loser}'s "
            "protection stops the damage: no damage."
        ).format(**said)

    def detail(self) -> dict[str, object]:
        outcome = self.outcome()
        return {
            "sides": [
                {
                    "character_id": side.character.id,
                    "name": side.character.name,
                    "dice": [
                        {"die_id": i, "rolled_as": s, "face": f}
                        for i, s, f in zip(
                            side.roll.die_ids, side.roll.sizes, side.roll.faces, strict=True
                        )
                    ],
                    "table": side.roll.result.table,
                    "total": side.total,
                    "depleted": list(side.roll.depleted_ids),
                    "choice": str(side.choice) if side.choice else None,
                    "chosen": side.chosen if side.choice else None,
                }
                for side in self.sides
            ],
            "damage": _item_detail(self.damage),
            "protection": _item_detail(self.protection),
            "winner": outcome.winner,
            "margin": outcome.winner_total - outcome.loser_total,
            "dice_lost": outcome.dice_lost,
        }


def _usable(side: SideRoll, kind: str) -> list[ItemRecord]:
    in_pool = {d.id for d in side.dice if d.place == "pool"}
    return [i for i in side.items if i.kind == kind and i.die_id in in_pool]


def _used(pool: dicepool.Pool, used: ItemRoll) -> dicepool.Pool:
    assert used.item.die_id is not None
    return dicepool.use_item_die(pool, used.item.die_id, used.rolled.face, used.item.deplete)


def _left(pool: dicepool.Pool) -> int:
    # Damage cannot take more dice than are left in the pool and on the table.
    return len(pool.in_pool) + len(pool.on_table)


def _item_detail(used: ItemRoll | None) -> dict[str, object] | None:
    if used is None:
        return None
    return {"item": used.item.name, "size": used.rolled.size, "face": used.rolled.face}


def roll_conflict(
    sides: list[tuple[CharacterRecord, list[DieRecord], list[ItemRecord], int]],
    rng: random.Random,
) -> Conflict:
    """Both sides' trays rolled, each side given as (who, their dice, their items, the
    trait steps it may spend); ValueError with the rules' message if one cannot be.
    Nothing is written: the GM applies the outcome, or sets it aside."""
    rolls = [roll_tray(dice, steps, rng) for _who, dice, _items, steps in sides]
    return Conflict(
        [
            SideRoll(who, dice, items, roll)
            for (who, dice, items, _steps), roll in zip(sides, rolls, strict=True)
        ]
    )


def conflict_entry(conflict: Conflict) -> RollEntry:
    """The conflict's line in the roll log, under its first side."""
    first = conflict.sides[0].character
    return RollEntry(
        character_id=first.id,
        character_name=first.name,
        kind="conflict",
        detail=conflict.detail(),
        total=conflict.sides[0].total,
        summary=conflict.summary(),
    )


def apply_conflict(campaign: Campaign, actor: Actor, conflict: Conflict) -> RollDone:
    """Apply a decided conflict's whole outcome: both sides' dice and the log line, in
    one transaction. ValueError when a side's all-ones choice is still to be made, or
    the rules refuse the outcome."""
    actor.require_one_of([side.character.id for side in conflict.sides], "apply a conflict")
    if conflict.waiting_for is not None:
        who = conflict.sides[conflict.waiting_for].character.name
        raise ValueError(f"All ones: {who} chooses first.")
    return record_roll(campaign, conflict.changes(), conflict_entry(conflict))


def set_aside_conflict(
    campaign: Campaign, actor: Actor, conflict: Conflict, why: str
) -> RollRecord:
    """Set a rolled conflict aside, its outcome not applied. RULES.md section 5: "A roll
    is logged when it is made, whether or not its outcome is applied": the log keeps it,
    saying so and `why`; no die moves."""
    actor.require_one_of([side.character.id for side in conflict.sides], "set a conflict aside")
    entry = conflict_entry(conflict)
    return campaign.rolls.log(
        entry.character_id,
        entry.character_name,
        entry.kind,
        {**entry.detail, "applied": False},
        entry.total,
        f"{entry.summary} Not applied: {why}.",
    )
