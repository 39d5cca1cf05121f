"""Dice that a game's step changes with it, in the same transaction.

RULES.md section 2: the GM's award at a round's end moves or makes a depleted die, and
End game takes a character's surplus off the table. Each is one GM action, so the dice
and the game's play state are written together: a refused step leaves both as they
were, and its undo puts both back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from desktop.store.games import GameRecord
from desktop.store.records import DieRecord


@dataclass(frozen=True)
class DiceChange:
    """`update`: dice written as given (matched by id); `insert`: dice put back with
    their ids (a redo, an undo of a removal); `delete`: dice taken away, by id; `add`:
    new depleted dice, (character id, size), made on that character's table."""

    update: tuple[DieRecord, ...] = ()
    insert: tuple[DieRecord, ...] = ()
    delete: tuple[int, ...] = ()
    add: tuple[tuple[int, int], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.update or self.insert or self.delete or self.add)


class DiceWritten(NamedTuple):
    """What a `DiceChange` did: the updated dice as they were, the dice deleted (whole,
    for putting back) and the new dice as made (with their ids)."""

    before: list[DieRecord]
    deleted: list[DieRecord]
    added: list[DieRecord]


class GameEnd(NamedTuple):
    """End game: the game as it was, as it ended (`grown`: who grew), and the dice it
    took off the table (each character's surplus over its new pool size)."""

    before: GameRecord
    ended: GameRecord
    taken: list[DieRecord]
