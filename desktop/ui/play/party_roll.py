"""A non-character challenge's roll, alone or against the whole party, as dice changes
and a roll-log entry. All the arithmetic is the rules': `dicepool.roll_tray`,
`apply_roll`, `against_party` and `take_damage`.

energy-system-dice-pool.txt, Noncharacter Challenges: "The winner of the roll does
damage to the other. If the player wins the challenge, they damage the challenge by
removing die. If the challenge wins, the character is harmed." and "If a condition is
effecting the whole party, roll only once per turn and the characters all try to beat
the same difficulty."
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import NamedTuple

from desktop.rules import dicepool
from desktop.store import CharacterRecord, DieRecord
from desktop.ui.dice_commands import RollEntry, to_pool


class Roller(NamedTuple):
    """One side of the roll: a character with its dice, rolling `count` pool dice."""

    character: CharacterRecord
    dice: list[DieRecord]
    count: int


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


def _roll(roller: Roller, rng: random.Random) -> tuple[dicepool.Pool, dicepool.Roll]:
    pool = to_pool(roller.dice)
    chosen = [dicepool.TrayDie(d.id) for d in pool.in_pool[: roller.count]]
    if not chosen:
        raise ValueError(f"{roller.character.name} has no die in the pool to roll.")
    roll = dicepool.roll_tray(pool, chosen, rng)
    if roll.result.catastrophe:
        # All ones: the app's suggestion (keep the largest die in the pool) stands in
        # for the player's choice; the log says so.
        choice = dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE
        kept = dicepool.suggested_die(roll, choice)
        return dicepool.apply_roll(pool, roll, choice=choice, chosen=kept), roll
    return dicepool.apply_roll(pool, roll), roll


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


def challenge_roll(challenge: Roller, rng: random.Random) -> PartyRoll:
    """The challenge rolls on its own (its total is then rolled against at the table)."""
    pool, roll = _roll(challenge, rng)
    name = challenge.character.name
    total = roll.result.total
    faces = ", ".join(str(f) for f in roll.faces)
    entry = RollEntry(
        challenge.character.id,
        name,
        "roll",
        {"dice": _faces(roll), "table": roll.result.table},
        total,
        f"{name} rolled {faces} = {total}.",
    )
    return PartyRoll(_changes(challenge.dice, pool), entry)


def against_party(condition: Roller, party: list[Roller], rng: random.Random) -> PartyRoll:
    """The condition rolls once; each character rolls against that one total. Each
    loser loses dice by the conflict rules; each winner damages the condition."""
    if not party:
        raise ValueError("No character in the scene can roll against the condition.")
    condition_pool, condition_roll = _roll(condition, rng)
    total = condition_roll.result.total
    # By id: two characters may share a name (RULES.md section 2).
    rolled = {p.character.id: _roll(p, rng) for p in party}
    outcomes = dicepool.against_party(
        total, {cid: roll.result.total for cid, (_pool, roll) in rolled.items()}
    )
    changed: list[DieRecord] = []
    sides = []
    words = []
    for roller in party:
        name = roller.character.name
        pool, roll = rolled[roller.character.id]
        outcome = outcomes[roller.character.id]
        if outcome.winner == 0:  # the condition won: the character is harmed
            pool = dicepool.take_damage(pool, outcome.dice_lost)
            words.append(f"{name} {roll.result.total}: loses {outcome.dice_lost}")
        elif outcome.winner == 1:  # the character won: it damages the condition
            condition_pool = dicepool.take_damage(condition_pool, outcome.dice_lost)
            words.append(
                f"{name} {roll.result.total}: wins, the condition loses {outcome.dice_lost}"
            )
        else:
            words.append(f"{name} {roll.result.total}: a tie")
        changed += _changes(roller.dice, pool)
        sides.append(
            {
                "character_id": roller.character.id,
                "name": name,
                "dice": _faces(roll),
                "total": roll.result.total,
                "winner": outcome.winner == 1,
                "dice_lost": outcome.dice_lost if outcome.winner == 0 else 0,
            }
        )
    changed += _changes(condition.dice, condition_pool)
    name = condition.character.name
    entry = RollEntry(
        condition.character.id,
        name,
        "conflict",
        {"dice": _faces(condition_roll), "total": total, "against_party": sides},
        total,
        f"{name} rolled {total} against the party: " + "; ".join(words) + ".",
    )
    return PartyRoll(changed, entry)
