"""A non-character challenge's roll, alone or against the whole party, as dice changes
and a roll-log entry. All the arithmetic is the rules': `dicepool.roll_tray`,
`apply_roll`, `against_party` and `take_damage`. The dice are rolled first (`roll_side`)
and applied once every all-ones choice is made, as the player chose it.

energy-system-dice-pool.txt, Noncharacter Challenges: "The winner of the roll does
damage to the other. If the player wins the challenge, they damage the challenge by
removing die. If the challenge wins, the character is harmed." and "If a condition is
effecting the whole party, roll only once per turn and the characters all try to beat
the same difficulty."
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import NamedTuple

from desktop.actions.dice import to_pool
from desktop.actions.tray import RollEntry
from desktop.rules import dicepool
from desktop.store import CharacterRecord, DieRecord
from desktop.ui.window_language import tr

# The roll log's lines: stored, and in English as every line the log keeps.
A_DIE = "a d{size}"  # untranslated: log
ONE_DIE = "one die"  # untranslated: log
KEPT = "all ones, kept {die} in the pool and the rest went to the table"  # untranslated: log
LOST = "all ones, lost {die} and the rest went back to the pool"  # untranslated: log
ROLLED = "{name} rolled {faces} = {total}"  # untranslated: log
LOSES = "{said}: loses {lost}"  # untranslated: log
WINS = "{said}: wins, the condition loses {lost}"  # untranslated: log
TIE = "{said}: a tie"  # untranslated: log
AGAINST = "{name} rolled {total}{chosen} against the party: {words}."  # untranslated: log


class Roller(NamedTuple):
    """One side of the roll: a character with its dice, rolling `dice_count` pool dice."""

    character: CharacterRecord
    dice: list[DieRecord]
    dice_count: int


class PartyRoll(NamedTuple):
    """The dice a party-wide roll changed and the roll log line it writes."""

    changed: list[DieRecord]
    entry: RollEntry


def last_count(detail: dict[str, object]) -> int | None:
    """How many dice a logged roll rolled (the challenge's side of a party roll)."""
    dice = detail.get("dice")
    if isinstance(dice, list) and dice:
        return len(dice)
    count = detail.get("count")
    return count if isinstance(count, int) and not isinstance(count, bool) else None


@dataclass
class RolledSide:
    """One side's dice rolled, not yet applied: an all-ones roll waits for the player's
    choice and die (RULES.md section 2: "a character who rolls all ones there makes the
    all-ones choice like any other roll")."""

    roller: Roller
    pool: dicepool.Pool  # as it was before the roll
    roll: dicepool.Roll
    choice: dicepool.Catastrophe | None = None
    chosen: int | None = None

    @property
    def waiting(self) -> bool:
        return self.roll.result.catastrophe and self.choice is None

    @property
    def name(self) -> str:
        return self.roller.character.name

    def after(self) -> dicepool.Pool:
        return dicepool.apply_roll(self.pool, self.roll, choice=self.choice, chosen=self.chosen)

    def detail(self) -> dict[str, object]:
        return {"choice": str(self.choice), "chosen": self.chosen} if self.choice else {}

    def all_ones_words(self) -> str:
        """What the all-ones choice did, for the log line ("" when there was none)."""
        if self.choice is None:
            return ""
        size = next(
            (
                s
                for i, s in zip(self.roll.die_ids, self.roll.sizes, strict=True)
                if i == self.chosen
            ),
            None,
        )
        die = A_DIE.format(size=size) if size else ONE_DIE
        if self.choice is dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE:
            return KEPT.format(die=die)
        return LOST.format(die=die)


def roll_side(roller: Roller, rng: random.Random) -> RolledSide:
    """`roller` rolls its first `count` pool dice; nothing is applied yet."""
    pool = to_pool(roller.dice)
    chosen = [dicepool.TrayDie(d.id) for d in pool.in_pool[: roller.dice_count]]
    if not chosen:
        raise ValueError(
            tr("{name} has no die in the pool to roll.").format(name=roller.character.name)
        )
    return RolledSide(roller, pool, dicepool.roll_tray(pool, chosen, rng))


def _changes(records: list[DieRecord], pool: dicepool.Pool) -> list[DieRecord]:
    return [
        replace(r, place=str(pool.get(r.id).place), in_tray=False, steps=0, down_to_d4=False)
        for r in records
        if str(pool.get(r.id).place) != r.place or r.in_tray or r.steps or r.down_to_d4
    ]


def _faces(roll: dicepool.Roll) -> list[dict[str, int]]:
    return [
        {"die_id": i, "rolled_as": s, "face": f}
        for i, s, f in zip(roll.die_ids, roll.sizes, roll.faces, strict=True)
    ]


def challenge_roll(side: RolledSide) -> PartyRoll:
    """The challenge's roll on its own, its all-ones choice made (its total is then
    rolled against at the table)."""
    pool = side.after()
    name = side.name
    total = side.roll.result.total
    faces = ", ".join(str(f) for f in side.roll.faces)
    chose = side.all_ones_words()
    entry = RollEntry(
        side.roller.character.id,
        name,
        "roll",
        {"dice": _faces(side.roll), "table": side.roll.result.table, **side.detail()},
        total,
        ROLLED.format(name=name, faces=faces, total=total) + (f": {chose}." if chose else "."),
    )
    return PartyRoll(_changes(side.roller.dice, pool), entry)


def against_party(condition: RolledSide, party: list[RolledSide]) -> PartyRoll:
    """The condition rolled once; each character rolled against that one total, every
    all-ones choice made. Each loser loses dice by the conflict rules; each winner
    damages the condition."""
    if not party:
        raise ValueError(tr("No character in the scene can roll against the condition."))
    condition_pool = condition.after()
    total = condition.roll.result.total
    # By id: two characters may share a name (RULES.md section 2).
    outcomes = dicepool.against_party(
        total, {side.roller.character.id: side.roll.result.total for side in party}
    )
    changed: list[DieRecord] = []
    sides = []
    words = []
    for side in party:
        name = side.name
        pool = side.after()
        rolled = side.roll.result.total
        outcome = outcomes[side.roller.character.id]
        chose = side.all_ones_words()
        said = f"{name} {rolled}" + (f" ({chose})" if chose else "")
        if outcome.winner == 0:  # the condition won: the character is harmed
            pool = dicepool.take_damage(pool, outcome.dice_lost)
            words.append(LOSES.format(said=said, lost=outcome.dice_lost))
        elif outcome.winner == 1:  # the character won: it damages the condition
            condition_pool = dicepool.take_damage(condition_pool, outcome.dice_lost)
            words.append(WINS.format(said=said, lost=outcome.dice_lost))
        else:
            words.append(TIE.format(said=said))
        changed += _changes(side.roller.dice, pool)
        sides.append(
            {
                "character_id": side.roller.character.id,
                "name": name,
                "dice": _faces(side.roll),
                "total": rolled,
                "winner": outcome.winner == 1,
                "dice_lost": outcome.dice_lost if outcome.winner == 0 else 0,
                **side.detail(),
            }
        )
    changed += _changes(condition.roller.dice, condition_pool)
    name = condition.name
    chose = condition.all_ones_words()
    entry = RollEntry(
        condition.roller.character.id,
        name,
        "conflict",
        {
            "dice": _faces(condition.roll),
            "total": total,
            "against_party": sides,
            **condition.detail(),
        },
        total,
        AGAINST.format(
            name=name,
            total=total,
            chosen=f" ({chose})" if chose else "",
            words="; ".join(words),
        ),
    )
    return PartyRoll(changed, entry)
