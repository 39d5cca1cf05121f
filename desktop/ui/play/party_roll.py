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
from desktop.actions.roll_words import LOG_WORDS
from desktop.actions.tray import RollEntry
from desktop.language import N_, Translator
from desktop.rules import dicepool
from desktop.store import CharacterRecord, DieRecord
from desktop.ui.window_language import tr, window_translator

# The roll log's lines: stored in English, as every line the log keeps; the Play dock
# shows them in the window's words (`PartyRoll.shown`).
A_DIE = N_("a d{size}")
ONE_DIE = N_("one die")
KEPT = N_("all ones, kept {die} in the pool and the rest went to the table")
LOST = N_("all ones, lost {die} and the rest went back to the pool")
ROLLED = N_("{name} rolled {faces} = {total}.")
ROLLED_CHOSEN = N_("{name} rolled {faces} = {total}: {chosen}.")
LOSES = N_("{said}: loses {lost}")
WINS = N_("{said}: wins, the condition loses {lost}")
TIE = N_("{said}: a tie")
AGAINST = N_("{name} rolled {total}{chosen} against the party: {words}.")


class Roller(NamedTuple):
    """One side of the roll: a character with its dice, rolling `dice_count` pool dice."""

    character: CharacterRecord
    dice: list[DieRecord]
    dice_count: int


class PartyRoll(NamedTuple):
    """The dice a party-wide roll changed, the roll log line it writes (English) and
    that line in the window's words, as the Play dock shows it."""

    changed: list[DieRecord]
    entry: RollEntry
    shown: str


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

    def all_ones_words(self, words: Translator = LOG_WORDS) -> str:
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
        die = words.gettext(A_DIE).format(size=size) if size else words.gettext(ONE_DIE)
        if self.choice is dicepool.Catastrophe.DEPLETE_ALL_BUT_ONE:
            return words.gettext(KEPT).format(die=die)
        return words.gettext(LOST).format(die=die)


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


def _challenge_words(side: RolledSide, words: Translator) -> str:
    chose = side.all_ones_words(words)
    faces = ", ".join(str(f) for f in side.roll.faces)
    said = words.gettext(ROLLED_CHOSEN if chose else ROLLED)
    return said.format(name=side.name, faces=faces, total=side.roll.result.total, chosen=chose)


def challenge_roll(side: RolledSide) -> PartyRoll:
    """The challenge's roll on its own, its all-ones choice made (its total is then
    rolled against at the table)."""
    pool = side.after()
    entry = RollEntry(
        side.roller.character.id,
        side.name,
        "roll",
        {"dice": _faces(side.roll), "table": side.roll.result.table, **side.detail()},
        side.roll.result.total,
        _challenge_words(side, LOG_WORDS),
    )
    return PartyRoll(
        _changes(side.roller.dice, pool), entry, _challenge_words(side, window_translator())
    )


def _against_words(
    condition: RolledSide,
    party: list[RolledSide],
    outcomes: dict[int, dicepool.ConflictOutcome],
    words: Translator,
) -> str:
    said_each = []
    for side in party:
        outcome = outcomes[side.roller.character.id]
        chose = side.all_ones_words(words)
        said = f"{side.name} {side.roll.result.total}" + (f" ({chose})" if chose else "")
        if outcome.winner == 0:  # the condition won: the character is harmed
            said_each.append(words.gettext(LOSES).format(said=said, lost=outcome.dice_lost))
        elif outcome.winner == 1:  # the character won: it damages the condition
            said_each.append(words.gettext(WINS).format(said=said, lost=outcome.dice_lost))
        else:
            said_each.append(words.gettext(TIE).format(said=said))
    chose = condition.all_ones_words(words)
    return words.gettext(AGAINST).format(
        name=condition.name,
        total=condition.roll.result.total,
        chosen=f" ({chose})" if chose else "",
        words="; ".join(said_each),
    )


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
    for side in party:
        pool = side.after()
        outcome = outcomes[side.roller.character.id]
        if outcome.winner == 0:  # the condition won: the character is harmed
            pool = dicepool.take_damage(pool, outcome.dice_lost)
        elif outcome.winner == 1:  # the character won: it damages the condition
            condition_pool = dicepool.take_damage(condition_pool, outcome.dice_lost)
        changed += _changes(side.roller.dice, pool)
        sides.append(
            {
                "character_id": side.roller.character.id,
                "name": side.name,
                "dice": _faces(side.roll),
                "total": side.roll.result.total,
                "winner": outcome.winner == 1,
                "dice_lost": outcome.dice_lost if outcome.winner == 0 else 0,
                **side.detail(),
            }
        )
    changed += _changes(condition.roller.dice, condition_pool)
    entry = RollEntry(
        condition.roller.character.id,
        condition.name,
        "conflict",
        {
            "dice": _faces(condition.roll),
            "total": total,
            "against_party": sides,
            **condition.detail(),
        },
        total,
        _against_words(condition, party, outcomes, LOG_WORDS),
    )
    shown = _against_words(condition, party, outcomes, window_translator())
    return PartyRoll(changed, entry, shown)
